"""`cubeviz-solve solve` on facelet strings of cubes other than the 3x3x3, and `scramble --size N`.

A line of 6*N*N letters (96 for the 4x4x4, 150 for the 5x5x5, ...) is solved by the big-cube engine
(solvers/nxn) and printed as `Rw U2 ... (47)`: the moves in WCA notation, then the count in the block turn metric.
A 24-letter line is a 2x2x2, solved optimally from its God's table in the metric asked for and marked proven
(`R U2 F' (3*)`). The 3x3x3 keeps its own engine (rubik.py); this module only takes the lines that engine does not.
"""

from __future__ import annotations

import argparse

from solvers.cli.common import EXIT_OK, CliInputError, whole_number

THREE_LETTERS = 54  # a 3x3x3 line stays with the 3x3x3 engine
TWO_LETTERS = 24  # a 2x2x2 line goes to the God's-table solver: optimal, unlike the big-cube solver


def is_big_line(line: str) -> bool:
    """Whether a `solve` line is for this module: any length but the 3x3x3's 54 letters."""
    return sum(1 for ch in line if not ch.isspace()) != THREE_LETTERS


def solve_pocket_line(line: str, number: int, metric: str = "htm") -> str:
    """`moves (count*)` for a 24-letter line: an optimal 2x2x2 solution in `metric` (HTM or QTM)."""
    from solvers.cube.formats import from_kociemba
    from solvers.cube.validation import InvalidCubeError
    from solvers.pocket.solve import optimal_solution

    try:
        state = from_kociemba(line, 2)
    except InvalidCubeError as exc:
        raise CliInputError(f"line {number}: {exc.message}") from None
    moves = optimal_solution(state, metric)
    text = " ".join(move.notation for move in moves)
    return f"{text} ({len(moves)}*)" if moves else "(0*)"


def solve_big_line(line: str, number: int, metric: str = "htm") -> str:
    """`moves (count)` for one facelet line; CliInputError naming the line when it is not a solvable cube."""
    if sum(1 for ch in line if not ch.isspace()) == TWO_LETTERS:
        return solve_pocket_line(line, number, metric)
    from solvers.nxn.errors import InvalidBigCubeError
    from solvers.nxn.solver import MAX_SOLVE_SIZE, solve_nxn
    from solvers.nxn.state import read_facelets

    try:
        state = read_facelets(line)
        if state.size > MAX_SOLVE_SIZE:
            n = state.size
            raise CliInputError(f"line {number}: a {n}x{n}x{n} cube; the solver takes sizes up to {MAX_SOLVE_SIZE}")
        solution = solve_nxn(state)
    except InvalidBigCubeError as exc:
        raise CliInputError(f"line {number}: {exc.message}") from None
    text = f"{solution.notation} " if solution.turns else ""
    return f"{text}({solution.length})"


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
