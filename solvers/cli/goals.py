"""`cubeviz-solve solve --goal` and `cubeviz-solve scramble`: part-of-the-cube solves and training scrambles.

`solve --goal GOAL` reads the same lines as `solve` and prints `moves (N*)`; `--all` prints every optimal
solution (up to --limit), one per line, and an empty line after each cube; `--colour any` prints the six cross
colours side by side (`D: moves (N*) | U: ...`). When --max-time ends a search before its proof, the best
answer so far is printed without `*` and stderr gives its proven lower bound. The answers themselves come from
`solvers.solve_lines`, the same in this process and on a cluster worker.
"""

from __future__ import annotations

import argparse

from solvers.cli import nxn
from solvers.cli.common import EXIT_OK, CliInputError, add_command, elide, whole_number
from solvers.solve_lines import DEFAULT_ALL_LIMIT

MAX_ALL_LIMIT = 100_000  # --all holds its solutions (a row of moves each) before printing: a bound keeps that small


def add_goal_arguments(solve: argparse.ArgumentParser) -> None:
    solve.add_argument("--goal", metavar="GOAL", help="solve only part of the cube: a preset name (cross, xcross, "
                       "f2l, eoline, eo, co, corners, edges, 2x2x2, 2x2x3, roux-fb, last-layer) or 54 stickers "
                       "URFDLB with '.' for grey")  # fmt: skip
    solve.add_argument("--colour", default="D", metavar="C",
                       help="with a preset: the face it is built on, U R F D L B or 'any' (default D)")  # fmt: skip
    solve.add_argument("--all", action="store_true", help="with --goal: every optimal solution (up to --limit)")
    solve.add_argument("--limit", type=_all_limit, default=DEFAULT_ALL_LIMIT, metavar="N",
                       help=f"--all lists at most N (1 to {MAX_ALL_LIMIT:,}; default {DEFAULT_ALL_LIMIT})")  # fmt: skip


def _all_limit(text: str) -> int:
    """An argparse type for --limit: a whole number from 1 to MAX_ALL_LIMIT."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{elide(text)!r} is not a whole number") from None
    if not 1 <= value <= MAX_ALL_LIMIT:
        raise argparse.ArgumentTypeError(f"--limit must be from 1 to {MAX_ALL_LIMIT:,}, not {elide(text)}")
    return value


# -- scramble --------------------------------------------------------------------------------------------------------
def register(subparsers: argparse._SubParsersAction) -> None:
    from solvers.goals.preset_names import PRESET_NAMES

    scramble = add_command(
        subparsers,
        "scramble",
        run_scramble,
        help="training scrambles: random 3x3x3 states with a preset's pieces solved",
        description="Each line is a scramble (WCA notation) that produces a uniformly random state among those in "
        "which the preset's pieces are solved (e.g. --solved f2l: a random last layer).",
    )
    scramble.add_argument("--solved", choices=PRESET_NAMES, metavar="PRESET",
                          help=f"the pieces to leave solved: {', '.join(PRESET_NAMES)}")  # fmt: skip
    scramble.add_argument("--colour", default="D", type=_scramble_colour, metavar="C",
                          help="the face the preset is built on: U R F D L B (default D)")  # fmt: skip
    scramble.add_argument("--count", type=_positive_count, default=1, metavar="N", help="how many (default 1)")
    scramble.add_argument("--seed", type=_seed, default=None, metavar="S",
                          help="random seed (a whole number from 0), for lists that repeat on any machine")  # fmt: skip
    nxn.add_size_argument(scramble)


SCRAMBLE_COLOURS = ("U", "R", "F", "D", "L", "B")  # a scramble is one state: no "any"


def _scramble_colour(text: str) -> str:
    if text.upper() not in SCRAMBLE_COLOURS or not text.isascii():
        raise argparse.ArgumentTypeError(f"--colour must be one of {' '.join(SCRAMBLE_COLOURS)}, not {elide(text)!r}")
    return text.upper()


def _seed(text: str) -> int:
    """A seed is a whole number from 0: Python's generator seeds with the absolute value, so -5 would repeat 5."""
    return whole_number(text, "--seed", 0)


def _positive_count(text: str) -> int:
    return whole_number(text, "--count", 1, rule="--count must be at least 1")


def run_scramble(args: argparse.Namespace) -> int:
    from solvers.goals.goal import GoalError
    from solvers.goals.presets import preset_goal
    from solvers.goals.training import training_scrambles

    if args.size is not None:
        return nxn.run_size_scramble(args)
    if args.solved is None:
        raise CliInputError("scramble: give --solved PRESET (3x3x3 training) or --size N (random turns)")
    try:
        goal = preset_goal(args.solved, args.colour)
    except GoalError as exc:
        raise CliInputError(str(exc)) from None
    for moves in training_scrambles(goal, args.count, args.seed):
        print(" ".join(move.notation for move in moves), flush=True)
    return EXIT_OK
