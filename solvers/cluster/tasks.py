"""The tasks batch jobs send to workers: plain functions of plain data, importable in any worker process.

Each worker process loads (or builds, once, into its own cache) the tables a task needs and keeps them for its
next task: the 3x3 tables through `default_tables()`, a packing problem through the small cache below. Nothing
large travels through the scheduler: a task carries a line of text or a chunk's index, and returns text or rows.
"""

from __future__ import annotations

import argparse
from functools import lru_cache


def solve_line_task(number: int, line: str, options: dict) -> list:
    """[answer, error or None] for one line of `cubeviz-solve solve`, exactly as the in-process loop makes them."""
    from solvers.cli import nxn
    from solvers.cli.common import CliInputError
    from solvers.cli.goals import read_goals, solve_goal_line
    from solvers.cli.rubik import NO_ANSWER, parse_facelets, solve_line

    args = argparse.Namespace(**options)
    try:
        if nxn.is_big_line(line) and args.goal is None:
            return [nxn.solve_big_line(line, number), None]
        state = parse_facelets(line, number)
        if args.goal is not None:
            return [solve_goal_line(state, read_goals(args), args, number), None]
        return [solve_line(state, args, number), None]
    except CliInputError as exc:
        return [NO_ANSWER, str(exc)]


@lru_cache(maxsize=4)
def _problem(puzzle: str):
    """The exact-cover problem of `puzzle` (a shipped name, a path, or the puzzle's JSON text itself: a puzzle
    designed or opened in the app needs no shared file system), built once per worker process."""
    from solvers.packing import build_cover, load_puzzle
    from solvers.packing.puzzle_io import parse_puzzle_text

    return build_cover(parse_puzzle_text(puzzle) if puzzle.lstrip().startswith("{") else load_puzzle(puzzle))


def pack_chunk_task(puzzle: str, up_to: str, index: int, count_only: bool) -> list:
    """[count, rows] of chunk `index` of `split_chunks(problem, up_to)` (rows empty when counting only)."""
    from solvers.packing.search import run_chunk, split_chunks

    problem = _problem(puzzle)
    count, rows = run_chunk(problem, split_chunks(problem, up_to)[index], count_only)
    return [count, rows.tolist()]
