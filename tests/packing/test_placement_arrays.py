"""The placements computed with numpy (``placement_arrays``, what ``build_cover`` uses) against the pure-Python
enumeration (``placements.placement_rows``, cell by cell): on seeded random pieces in random targets (boxes with
holes, shuffled targets, free pieces) and on every shipped puzzle, the same rows in the same order, the same
cells, bit masks, slot starts and orientations."""

from __future__ import annotations

import random
from itertools import product

import numpy as np
import pytest

from solvers.packing.cover import build_cover
from solvers.packing.errors import PuzzleFileError
from solvers.packing.placement_arrays import (
    fits_somewhere,
    is_chiral_np,
    is_rotation_of,
    orientations_np,
    placement_arrays,
    room_grid,
)
from solvers.packing.placements import placement_rows
from solvers.packing.puzzle import Piece, Puzzle
from solvers.packing.puzzle_io import load_puzzle, shipped_puzzles
from solvers.packing.voxels import is_chiral, is_connected, mirror_image, orientations, translations

FIELDS = ("search_to_file", "file_to_search", "kinds", "orients", "cells", "masks", "start", "orientations")


def _grown(rng: random.Random, size: int) -> list[tuple[int, int, int]]:
    """A random face-connected polycube of ``size`` cells."""
    cells = {(0, 0, 0)}
    while len(cells) < size:
        x, y, z = rng.choice(sorted(cells))
        dx, dy, dz = rng.choice([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)])
        cells.add((x + dx, y + dy, z + dz))
    low = [min(c[a] for c in cells) for a in range(3)]
    return sorted((x - low[0], y - low[1], z - low[2]) for x, y, z in cells)


def _random_puzzle(rng: random.Random, shuffled: bool) -> Puzzle:
    dims = (rng.randrange(2, 6), rng.randrange(2, 6), rng.randrange(1, 5))
    box = list(product(range(dims[0]), range(dims[1]), range(dims[2])))
    holes = set(rng.sample(box, rng.randrange(0, len(box) // 4 + 1)))
    target = [c for c in box if c not in holes]
    if shuffled:  # a target listed in no particular order: rows must still come out as the Python ones do
        rng.shuffle(target)
    else:
        target.sort(key=lambda v: (v[2], v[1], v[0]))
    pieces = tuple(
        Piece(chr(97 + i), tuple(_grown(rng, rng.randrange(1, 6))), "#808080", 1) for i in range(rng.randrange(1, 4))
    )
    return Puzzle("random", pieces, tuple(target), dims, is_box=False, mirrors_same_piece=rng.random() < 0.3)


def _same(puzzle: Puzzle) -> None:
    try:
        python = placement_rows(puzzle)
    except PuzzleFileError as error:
        with pytest.raises(PuzzleFileError, match=str(error).split(":")[-1].strip()):
            placement_arrays(puzzle)
        return
    arrays, row_cells, words = placement_arrays(puzzle)
    for name in FIELDS:
        assert list(getattr(arrays, name)) == list(getattr(python, name)), name
    expected_cells = np.full_like(row_cells, -1)
    for r, cells in enumerate(python.cells):
        expected_cells[r, : len(cells)] = cells
    assert (row_cells == expected_cells).all()
    as_ints = [sum(int(w) << (64 * i) for i, w in enumerate(row)) for row in words]
    assert as_ints == list(python.masks)


def test_random_pieces_in_random_targets_give_the_python_rows() -> None:
    rng = random.Random(20261127)
    shuffled = 0
    for n in range(120):
        puzzle = _random_puzzle(rng, shuffled=n % 4 == 0)
        shuffled += n % 4 == 0
        _same(puzzle)
    assert shuffled == 30


def test_orientations_placed_in_the_smallest_chunks_give_the_python_rows(monkeypatch) -> None:
    """The orientations sharing a box are placed in chunks bounded by MAX_BATCH: one orientation at a time when
    the bound is tiny, still the Python rows (and the words of rows in blocks, long rows of many cells)."""
    import solvers.packing.placement_arrays as module

    monkeypatch.setattr(module, "MAX_BATCH", 1)
    rng = random.Random(27)
    for n in range(30):
        _same(_random_puzzle(rng, shuffled=n % 3 == 0))
    big = _grown(rng, 40)
    box = tuple(product(range(6), range(6), range(6)))
    _same(Puzzle("big", (Piece("a", tuple(big), "#808080", 1),), box, (6, 6, 6), is_box=True))


def test_a_piece_fits_somewhere_where_some_translate_of_a_rotation_fits() -> None:
    rng = random.Random(11)
    answers = set()
    for _ in range(150):
        cells = _grown(rng, rng.randrange(1, 7))
        room = list(product(range(rng.randrange(1, 4)), range(rng.randrange(1, 4)), range(rng.randrange(1, 4))))
        room = [c for c in room if rng.random() < 0.8] or [(0, 0, 0)]
        index = {c: i for i, c in enumerate(room)}
        expected = any(next(translations(shape, room, index), None) is not None for shape in orientations(cells))
        assert fits_somewhere(cells, room_grid(room)) == expected
        answers.add(expected)
    assert answers == {True, False}


@pytest.mark.parametrize("name", shipped_puzzles())
def test_shipped_puzzles_give_the_python_rows(name: str) -> None:
    _same(load_puzzle(name))


def test_orientations_equal_the_python_ones() -> None:
    rng = random.Random(3)
    for _ in range(200):
        cells = _grown(rng, rng.randrange(1, 9))
        assert is_connected(cells)
        for mirrors in (False, True):
            assert orientations_np(cells, with_mirrors=mirrors) == orientations(cells, with_mirrors=mirrors)


def test_chirality_and_rotations_from_the_arrays_equal_the_python_ones() -> None:
    rng = random.Random(8)
    answers = set()
    for _ in range(150):
        cells = _grown(rng, rng.randrange(1, 8))
        other = _grown(rng, len(cells))
        turned = rng.choice(orientations(cells))
        assert is_chiral_np(cells) == is_chiral(cells)
        assert is_rotation_of(cells, turned)
        assert is_rotation_of(cells, other) == (tuple(other) in orientations(cells))
        assert is_rotation_of(cells, mirror_image(cells)) == (not is_chiral(cells))
        answers.add((is_chiral(cells), tuple(other) in orientations(cells)))
    assert answers == {(True, True), (True, False), (False, True), (False, False)}


def test_row_lookup_is_built_on_first_use() -> None:
    cover = build_cover(load_puzzle("soma"))
    assert not cover._lookup
    row = 17
    cells = [int(c) for c in cover.row_cells[row] if c >= 0]
    assert cover.row_id(int(cover.row_kind[row]), reversed(cells)) == row
    assert cover.row_id(int(cover.row_kind[row]), cells[:-1]) is None
    assert len(cover._lookup) == cover.n_rows


def test_both_ways_of_listing_candidates_fit_where_each_orientation_alone_fits() -> None:
    """A large piece in a box has few translations that keep it inside (listed as such), a small piece in a large
    grid few filled cells to put its first cell on (listed from them): both give :func:`_fits`'s translations."""
    from solvers.packing.placement_arrays import _fits, _fits_each

    rng = random.Random(4)
    grid = np.ones((6, 6, 5), dtype=bool)
    grid[rng.randrange(6), rng.randrange(6), rng.randrange(5)] = False
    large = _grown(rng, 40)
    sparse = np.zeros((12, 12, 12), dtype=bool)
    sparse[2:6, 3:8, 4:7] = True
    small = _grown(rng, 4)
    ways = set()
    for where, piece in ((grid, large), (sparse, small)):
        shapes = orientations(piece)
        sizes = np.asarray(shapes).max(axis=1) + 1
        boxes = np.prod(np.maximum(np.asarray(where.shape) - sizes + 1, 0), axis=1)
        ways.add(4 * int(boxes.sum()) <= int(where.sum()) * int((boxes > 0).sum()))
        together = _fits_each(where, shapes)
        assert [a.tolist() for a in together] == [_fits(where, shape).tolist() for shape in shapes]
        assert sum(len(a) for a in together) > 0
    assert ways == {True, False}
