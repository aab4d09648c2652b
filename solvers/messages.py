"""One-line error messages in the command line's format, shared by everything that reports to a person on stderr
(the command line, and a batch task running in the command's own process)."""

from __future__ import annotations

import sys

MAX_MESSAGE = 200  # characters in one error line: a huge bad token is elided, not echoed
LONG_TOKEN = 40  # a token longer than this is shown by its start and end


def elide(text: str) -> str:
    """`text` with every run of more than LONG_TOKEN non-space characters shortened to its start and end, then
    cut to MAX_MESSAGE characters: an error line stays one short line whatever the input was. Line breaks and
    other unprintable characters are shown as escapes, so the message cannot spill onto a second line."""
    text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    words = [
        word if len(word) <= LONG_TOKEN else f"{word[:24]}...{word[-8:]} ({len(word):,} characters)"
        for word in text.split(" ")
    ]
    short = " ".join(words)
    return short if len(short) <= MAX_MESSAGE else short[: MAX_MESSAGE - 3] + "..."


def report_error(message: str) -> None:
    """Print one error line in the common format (long tokens elided: see `elide`)."""
    print(f"cubeviz-solve: error: {elide(message)}", file=sys.stderr)
