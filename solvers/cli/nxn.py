"""`cubeviz-solve scramble --size N`: random-turn scrambles of NxNxN cubes.

(`solve` takes facelet lines of any size: `solvers.solve_lines` reads them and the engine registry picks the
solver; a big cube's answer is `Rw U2 ... (47)`, moves in WCA notation and the count in the block turn metric.)
"""

from __future__ import annotations

import argparse

from solvers.cli.common import EXIT_OK, whole_number


def add_size_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size", type=_size, default=None, metavar="N",
        help="scrambles of an NxNxN cube (N >= 2): random-state for 4x4x4, else random turns (60 for 5x5x5 ...)",
    )  # fmt: skip


MAX_SCRAMBLE_SIZE = 1000


def _size(text: str) -> int:
    return whole_number(text, "--size", 2, MAX_SCRAMBLE_SIZE, rule=f"--size must be from 2 to {MAX_SCRAMBLE_SIZE}")


def run_size_scramble(args: argparse.Namespace) -> int:
    """Print --count scrambles of an NxNxN cube, one a line; --seed S makes the list repeatable."""
    import random

    from solvers.nxn.notation import format_turns
    from solvers.nxn.scramble import scramble

    seeds = random.Random(args.seed)
    for _ in range(args.count):
        print(format_turns(scramble(args.size, seeds.randrange(1 << 62)), args.size), flush=True)
    return EXIT_OK
