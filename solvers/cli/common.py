"""Shared plumbing for `cubeviz-solve` subcommands: typed input errors, input opening, exit codes."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

EXIT_OK = 0
EXIT_BAD_INPUT = 2


class CliInputError(Exception):
    """Malformed user input; the message is one line a person can act on (which case/line, what is wrong)."""


def add_input_argument(parser: argparse.ArgumentParser) -> None:
    """The optional FILE argument every subcommand shares (stdin when absent or '-')."""
    parser.add_argument("file", nargs="?", default="-", metavar="FILE", help="input file (default: stdin)")


def add_keep_going_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--keep-going",
        action="store_true",
        help="report a malformed case and carry on with the rest (exit code is still 2)",
    )


@contextmanager
def open_input(path: str) -> Iterator[TextIO]:
    """Open FILE or stdin; an unreadable file becomes a CliInputError rather than a traceback."""
    if path == "-":
        yield sys.stdin
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


def report_error(message: str) -> None:
    """Print one error line in the common format."""
    print(f"cubeviz-solve: error: {message}", file=sys.stderr)
