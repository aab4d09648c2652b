"""`cubeviz-solve`: the command line over the engines. Each subcommand group lives in its own module.

A subcommand module exposes ``register(subparsers)``; the handler it installs (``common.add_command``, through
``set_defaults(run=...)``) takes the parsed namespace and returns an exit code. Modules are imported here, but
they must keep heavy work (numba compilation, table builds) out of import time.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import NoReturn

from solvers.cli.common import EXIT_BAD_INPUT, CliInputError, report_error

SUBCOMMAND_MODULES = (
    "solvers.cli.pocket",
    "solvers.cli.rubik",
    "solvers.cli.packing",
    "solvers.cli.burrtools",
    "solvers.cli.goals",
    "solvers.cli.shipped",
    "solvers.cli.stl",
    "solvers.cli.prepare",
)


class OneLineErrorParser(argparse.ArgumentParser):
    """argparse, but a bad command line gets the same one-line error (and exit code 2) as bad input."""

    def error(self, message: str) -> NoReturn:
        command = self.prog.partition(" ")[2]
        report_error(f"{command + ': ' if command else ''}{message} (see --help)")
        sys.exit(EXIT_BAD_INPUT)


class _VersionAction(argparse.Action):
    """``--version``: the version is looked up only when asked for (reading the installed metadata costs tens of
    milliseconds, a large share of a small command's run)."""

    def __init__(self, option_strings: list[str], dest: str = argparse.SUPPRESS, **kwargs) -> None:
        super().__init__(option_strings, dest=dest, default=argparse.SUPPRESS, nargs=0, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> NoReturn:
        from solvers.version import cubeviz_version

        print(f"{parser.prog} {cubeviz_version()}")
        sys.exit(0)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog="cubeviz-solve",
        description="Solve cubes and enumerate polycube packings from the command line.",
    )
    parser.add_argument("--version", action=_VersionAction, help="show the program's version number and exit")
    subparsers = parser.add_subparsers(
        dest="command", metavar="COMMAND", required=True, parser_class=OneLineErrorParser
    )
    for name in SUBCOMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except CliInputError as exc:
        report_error(str(exc))
        return EXIT_BAD_INPUT
    except UnicodeDecodeError:
        report_error("the input is not UTF-8 text")
        return EXIT_BAD_INPUT
    except MemoryError as exc:  # a table or a search larger than the process may hold (free memory, ulimit)
        report_error(f"out of memory: {str(exc) or 'an allocation was refused'}")
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        report_error("interrupted")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
