"""The tasks batch jobs send to workers: plain functions of plain data, importable in any worker process.

Each worker process loads (or builds, once, into its own cache) the tables a task needs and keeps them for its
next task: the 3x3 tables through `default_tables()`, a packing problem through the small cache below. Nothing
large travels through the scheduler: a task carries a line of text or a chunk's index, and returns text or rows.
"""

from __future__ import annotations

from functools import lru_cache


def solve_line_task(number: int, line: str, options: dict) -> list:
    """[answer, error or None] for one line of `cubeviz-solve solve`, exactly as the in-process loop makes them;
    `options` are `solve_lines.LineOptions` as a dict (from which the worker builds its solve requests)."""
    from solvers.solve_lines import NO_ANSWER, LineError, LineOptions, answer_line

    try:
        return [answer_line(number, line, LineOptions.from_dict(options)), None]
    except LineError as exc:
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


# -- what a checkpoint may hold: each task's result, checked before a resumed job trusts it --------------------------
def solve_line_result_problem(_task: int, result: object) -> str | None:
    """What is wrong with a recorded `solve_line_task` result ([answer, error or None]), or None."""
    if not (isinstance(result, list) and len(result) == 2 and isinstance(result[0], str)):
        return "the result must be [answer, error]"
    if result[1] is not None and not isinstance(result[1], str):
        return "the result's error must be text or null"
    return None


def pack_chunk_result_problem(problem, prefixes: list, count_only: bool, task: int, result: object) -> str | None:
    """What is wrong with a recorded `pack_chunk_task` result ([count, rows]) of chunk `task` of `problem` (whose
    pinned rows are `prefixes[task]`), or None: the rows must be distinct exact covers of this puzzle (one row per
    piece copy, every cell once) holding the chunk's pinned rows, as many as the count says."""
    import numpy as np

    if not (isinstance(result, list) and len(result) == 2 and type(result[0]) is int and result[0] >= 0):
        return "the result must be [count, rows] with a count of 0 or more"
    count, rows = result
    if not isinstance(rows, list) or len(rows) != (0 if count_only else count):
        return f"the result must list {'no' if count_only else count} solution rows"
    width = problem.n_instances
    if not all(isinstance(row, list) and len(row) == width and all(type(r) is int for r in row) for row in rows):
        return f"each solution must be a list of {width} row numbers"
    if not rows:
        return None
    array = np.asarray(rows, dtype=np.int64)
    if array.min() < 0 or array.max() >= problem.n_rows:
        return f"a row number is outside 0 to {problem.n_rows - 1}"
    cells = np.sort(problem.row_cells[array].reshape(len(rows), -1), axis=1)
    padding = cells.shape[1] - problem.n_cells
    every_cell = np.arange(problem.n_cells)
    covers = padding >= 0 and (cells[:, :padding] == -1).all() and (cells[:, padding:] == every_cell).all()
    if not covers:
        return "a solution does not cover every cell exactly once"
    kinds = np.sort(problem.row_kind[array], axis=1)
    expected = np.repeat(np.arange(problem.n_kinds), problem.kind_count)
    if not (kinds == expected).all():
        return "a solution does not use each piece its number of times"
    if not all((array == pinned).any(axis=1).all() for pinned in prefixes[task]):
        return "a solution does not belong to this task (its pinned placement is missing)"
    if len(np.unique(np.sort(array, axis=1), axis=0)) != len(array):
        return "a solution is listed twice"
    return None
