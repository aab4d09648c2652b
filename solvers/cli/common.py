"""Shared plumbing for `cubeviz-solve` subcommands: typed input errors, input opening, exit codes, subcommand
parsers."""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from solvers.messages import elide as elide  # the one-line messages live in solvers.messages
from solvers.messages import report_error as report_error

EXIT_OK = 0
EXIT_BAD_INPUT = 2

Handler = Callable[[argparse.Namespace], int]  # a subcommand's handler: parsed namespace -> exit code


class CliInputError(Exception):
    """Malformed user input; the message is one line a person can act on (which case/line, what is wrong)."""


def add_command(
    subparsers: argparse._SubParsersAction, name: str, run: Handler, *, help: str, description: str
) -> argparse.ArgumentParser:
    """The parser of subcommand `name`, with `run` installed as its handler; the caller adds its arguments."""
    parser = subparsers.add_parser(name, help=help, description=description)
    parser.set_defaults(run=run)
    return parser


def add_cases_command(
    subparsers: argparse._SubParsersAction, name: str, run: Handler, *, help: str, description: str
) -> argparse.ArgumentParser:
    """A subcommand (see `add_command`) whose only arguments are the cases' FILE and --keep-going."""
    parser = add_command(subparsers, name, run, help=help, description=description)
    add_input_argument(parser)
    add_keep_going_argument(parser)
    return parser


def add_input_argument(parser: argparse.ArgumentParser) -> None:
    """The optional FILE argument every subcommand shares (stdin when absent or '-')."""
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file (default: stdin)")


def add_keep_going_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--keep-going",
        action="store_true",
        help="report a malformed case and carry on with the rest (exit code is still 2)",
    )


MAX_SECONDS = 1e7  # --max-time above this (about 4 months) is a typo, and inf would overflow the timer


def positive_seconds(text: str) -> float:
    """An argparse type for --max-time: a finite number of seconds, above 0 and at most MAX_SECONDS."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{elide(text)!r} is not a number of seconds") from None
    if not 0 < value <= MAX_SECONDS:
        raise argparse.ArgumentTypeError(f"--max-time must be above 0 and at most {MAX_SECONDS:g} s, not {text}")
    return value


def whole_number(text: str, option: str, low: int, high: int | None = None, rule: str | None = None) -> int:
    """An argparse value: a whole number from `low` (to `high`), else ArgumentTypeError naming `option` and, when
    given, the `rule` in words ("solutions are numbered from 1")."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{elide(text)!r} is not a whole number") from None
    if value < low or (high is not None and value > high):
        allowed = f"from {low}" + (f" to {high}" if high is not None else "")
        raise argparse.ArgumentTypeError(f"{rule or f'{option} must be a whole number {allowed}'}, not {elide(text)}")
    return value


@contextmanager
def open_input(path: str) -> Iterator[TextIO]:
    """Open FILE or stdin as strict UTF-8; an unreadable file or bytes that are not UTF-8 become a CliInputError
    rather than a traceback (stdin too, whatever PYTHONIOENCODING says)."""
    if path == "-":
        raw = getattr(sys.stdin, "buffer", None)
        wrapper = io.TextIOWrapper(raw, encoding="utf-8", errors="strict") if raw is not None else None
        try:
            yield wrapper if wrapper is not None else sys.stdin
        except UnicodeDecodeError:
            raise CliInputError("stdin is not UTF-8 text") from None
        finally:
            if wrapper is not None:
                wrapper.detach()  # leave sys.stdin's buffer open
        return
    try:
        handle = open(path, encoding="utf-8", errors="strict")  # noqa: SIM115 - closed below
    except OSError as exc:
        raise CliInputError(f"cannot read {path}: {exc.strerror}") from None
    try:
        yield handle
    except UnicodeDecodeError:
        raise CliInputError(f"{path} is not UTF-8 text") from None
    finally:
        handle.close()


MAX_LINE = 1 << 20  # characters in one input line: a cube or a puzzle line is tens of characters
MAX_INPUT_BYTES = 64 << 20  # a whole-input read (pocket-distance: 250,000 pairs are 13 MB)


def input_lines(handle: TextIO) -> Iterator[tuple[int, str]]:
    """(line number, line) for each line, each read with a bound: a file with no line breaks (/dev/zero, a binary)
    is refused at MAX_LINE characters instead of being read into memory whole."""
    number = 0
    while True:
        line = handle.readline(MAX_LINE + 1)
        if not line:
            return
        number += 1
        if len(line) > MAX_LINE:
            raise CliInputError(f"line {number}: longer than {MAX_LINE:,} characters (is this the right file?)")
        yield number, line


def read_bounded(handle, what: str = "the input"):
    """The whole input (text or bytes, as `handle` gives), refused when it is larger than MAX_INPUT_BYTES."""
    data = handle.read(MAX_INPUT_BYTES + 1)
    if len(data) > MAX_INPUT_BYTES:
        raise CliInputError(f"{what} is larger than {MAX_INPUT_BYTES >> 20} MB (is this the right file?)")
    return data
