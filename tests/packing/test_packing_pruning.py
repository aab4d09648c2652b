"""Cutting off sealed-off holes keeps every count (checked against the pure-Python kernel, which does not prune)
while it searches fewer nodes; and a chunk's tail handed to another thread keeps the solutions and their order."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from solvers.packing import all_solutions, build_cover, load_puzzle
from solvers.packing.chunks import Chunk, ChunkRunner, run_chunk
from solvers.packing.cover import CoverProblem
from solvers.packing.puzzle import Piece, Puzzle, box_cells
from solvers.packing.pykernel import iter_solutions
from solvers.packing.regions import Regions, regions, smallest_part

NO_PRUNING = Regions(np.zeros(0, np.uint64), np.zeros(0, np.uint64), np.zeros(0, np.int64))


def _search(problem: CoverProblem, enabled: np.ndarray, tables: Regions) -> tuple[set[tuple[int, ...]], int]:
    """(every solution as a sorted row tuple, nodes searched) with the given pruning tables."""
    runner = ChunkRunner(problem, Chunk((), np.zeros((0, problem.n_rows), np.int64)), enabled, False)
    runner.regions = tables
    found, nodes = set(), 0
    while not runner.finished:
        batch, _, n = runner.step(1 << 20)
        nodes += n
        found |= {tuple(sorted(int(r) for r in rows if r >= 0)) for rows in batch}
    return found, nodes


def _split_puzzle() -> Puzzle:
    """A 3x2x2 box with one piece of two cubes that do not touch: a one-cube hole is not a dead end here."""
    pieces = (
        Piece("a", ((0, 0, 0), (2, 0, 0))),
        Piece("b", ((0, 0, 0), (1, 0, 0), (2, 0, 0))),
        Piece("c", ((0, 0, 0), (1, 0, 0), (2, 0, 0), (0, 1, 0))),
        Piece("d", ((0, 0, 0), (0, 1, 0), (0, 0, 1))),
    )
    return Puzzle("split", pieces, box_cells((3, 2, 2)), (3, 2, 2))


def test_the_smallest_part_of_a_piece() -> None:
    assert smallest_part(((0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1))) == 4
    assert smallest_part(((0, 0, 0), (2, 0, 0), (3, 0, 0))) == 1
    assert smallest_part(((0, 0, 0), (0, 1, 0), (0, 3, 0), (0, 4, 0), (0, 5, 0))) == 2


def test_the_tables_of_a_box() -> None:
    soma = build_cover(load_puzzle("soma"))
    tables = regions(soma)
    assert regions(soma) is tables  # built once per problem
    assert regions(replace(soma, row_masks=soma.row_masks.copy())) is not tables  # not for a copy with other rows
    degree = [bin(int(m)).count("1") for m in tables.neighbours]
    assert sorted(set(degree)) == [3, 4, 5, 6] and degree.count(3) == 8 and degree.count(6) == 1  # a 3x3x3 box
    for row in range(soma.n_rows):  # a row's border touches it and never overlaps it
        mask, border = int(soma.row_masks[row, 0]), int(tables.border[row])
        assert mask & border == 0 and border != 0
        grown = 0
        for cell in range(soma.n_cells):
            if mask >> cell & 1:
                grown |= int(tables.neighbours[cell])
        assert grown & ~mask == border
    assert list(tables.min_part) == [p.size for p in soma.puzzle.pieces]


@pytest.mark.parametrize("name", ["soma", "soma-bathtub", "diabolical"])
def test_pruning_keeps_the_solutions_and_cuts_nodes(name: str) -> None:
    problem = build_cover(load_puzzle(name))
    enabled = np.ones(problem.n_rows, dtype=np.uint8)
    if name == "soma":  # one orientation of the first piece: the pure-Python search stays short
        enabled = ((problem.row_kind != 0) | (problem.row_orient == 0)).astype(np.uint8)
    pruned, pruned_nodes = _search(problem, enabled, regions(problem))
    plain, plain_nodes = _search(problem, enabled, NO_PRUNING)
    independent = {tuple(sorted(s)) for s in iter_solutions(problem, enabled)}
    assert pruned == plain == independent and len(pruned) > 0
    assert pruned_nodes < plain_nodes  # the pruning fired


def test_a_piece_in_parts_fills_one_cube_holes() -> None:
    problem = build_cover(_split_puzzle())
    assert list(regions(problem).min_part) == [1, 3, 4, 3]
    enabled = np.ones(problem.n_rows, dtype=np.uint8)
    found, _ = _search(problem, enabled, regions(problem))
    independent = {tuple(sorted(s)) for s in iter_solutions(problem)}
    assert found == independent and len(found) > 0


def test_a_hole_of_one_cube_is_no_dead_end_while_a_single_cube_is_left() -> None:
    pieces = (Piece("u", ((0, 0, 0),), count=4), Piece("l", ((0, 0, 0), (1, 0, 0), (1, 1, 0)), count=4))
    problem = build_cover(Puzzle("units", pieces, box_cells((4, 2, 2)), (4, 2, 2)))
    found, _ = _search(problem, np.ones(problem.n_rows, dtype=np.uint8), regions(problem))
    assert found == {tuple(sorted(s)) for s in iter_solutions(problem)} and len(found) > 0


def test_no_tables_where_every_piece_has_a_part_of_one_cube() -> None:
    pieces = (Piece("u", ((0, 0, 0),), count=2), Piece("a", ((0, 0, 0), (2, 0, 0)), count=2))
    problem = build_cover(Puzzle("parts", pieces, box_cells((3, 2, 1)), (3, 2, 1)))
    assert regions(problem).border.shape == (0,)  # any hole can be filled: nothing to cut, nothing checked


@pytest.mark.parametrize("steps", [1, 3, 10])
def test_a_split_off_tail_follows_the_rest_of_its_chunk(steps: int) -> None:
    """Solutions of a chunk searched partly, then its remaining part, then the tail it handed over, in that order,
    are the chunk's solutions in the serial order."""
    soma = build_cover(load_puzzle("soma"))
    serial = all_solutions(soma, threads=1)
    chunk = Chunk((), np.zeros((0, soma.n_rows), np.int64))
    runner = ChunkRunner(soma, chunk, np.ones(soma.n_rows, dtype=np.uint8), False)
    parts = []
    for _ in range(steps):
        parts.append(runner.step(300)[0].copy())
    prefixes, share = runner.split_tail()
    assert prefixes and 0.0 < share < 1.0
    while not runner.finished:
        parts.append(runner.step(1 << 20)[0].copy())
    parts += [run_chunk(soma, Chunk(prefix, chunk.stab), False)[1] for prefix in prefixes]
    assert np.array_equal(np.concatenate(parts), serial)
