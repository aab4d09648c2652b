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
from solvers.version import cubeviz_version

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


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineErrorParser(
        prog="cubeviz-solve",
        description="Solve cubes and enumerate polycube packings from the command line.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {cubeviz_version()}")
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
    except KeyboardInterrupt:
        report_error("interrupted")
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
