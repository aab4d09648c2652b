"""Row ids looked up in bulk (``symmetry._RowLookup``, what the symmetry groups and BurrTools' classes use) against
the problem's own dict of (kind, cell set): placements too large for one integer key go through the hashed path,
which must find every row from its cells in any order and nothing for cell sets that are no row."""

from __future__ import annotations

import random

import numpy as np

from solvers.packing.cover import build_cover
from solvers.packing.puzzle import Piece, Puzzle
from solvers.packing.symmetry import _RowLookup


def _big_pieces_puzzle() -> Puzzle:
    """Long bars and plates in a 6x6x6 box: pieces of up to 12 cells, too wide for one integer key."""
    bar = tuple((x, 0, 0) for x in range(6))
    plate = tuple((x, y, 0) for x in range(4) for y in range(3))
    ell = tuple([(x, 0, 0) for x in range(5)] + [(0, y, 0) for y in range(1, 4)])
    pieces = (Piece("a", bar, "#808080", 1), Piece("b", plate, "#808080", 1), Piece("c", ell, "#808080", 1))
    target = tuple((x, y, z) for z in range(6) for y in range(6) for x in range(6))
    return Puzzle("bars", pieces, target, (6, 6, 6))


def test_hashed_lookup_finds_rows_from_shuffled_cells_and_nothing_else() -> None:
    cover = build_cover(_big_pieces_puzzle())
    lookup = _RowLookup(cover)
    assert not lookup.vectorised  # the hashed path is the one under test
    rng = np.random.default_rng(1)
    rows = rng.permutation(cover.n_rows)[:400]
    cells = cover.row_cells[rows].copy()
    for line in cells:  # any order, padding anywhere
        rng.shuffle(line)
    assert (lookup.find(cover.row_kind[rows], cells) == rows).all()
    # the same cells under another kind, or one cell moved, are rows only where the dict says so
    other_kind = (cover.row_kind[rows] + 1) % cover.n_kinds
    moved = cells.copy()
    pick = random.Random(2)
    for line in moved:
        at = pick.choice([i for i, c in enumerate(line) if c >= 0])
        line[at] = (line[at] + 1) % cover.n_cells
    for kinds, queries in ((other_kind, cells), (cover.row_kind[rows], moved)):
        expected = [cover.row_id(int(k), [int(c) for c in q if c >= 0]) for k, q in zip(kinds, queries, strict=True)]
        found = lookup.find(kinds, queries)
        assert found.tolist() == [-1 if e is None else e for e in expected]
    assert (lookup.find(other_kind, cells) < 0).mean() > 0.5


def test_cell_bit_keys_find_rows_from_shuffled_cells_and_nothing_else() -> None:
    """A 3x4x5 box (60 cells): a row's key is the bits of its cells above its kind, with a plate of twelve cells
    that the digit keys could not hold (61 ** 12 is past 63 bits)."""
    bar = tuple((x, 0, 0) for x in range(3))
    plate = tuple((x, y, 0) for x in range(3) for y in range(4))
    ell = tuple([(x, 0, 0) for x in range(3)] + [(0, y, z) for y in range(1, 3) for z in range(2)] + [(0, 0, 1)])
    pieces = (Piece("a", bar, "#808080", 1), Piece("b", plate, "#808080", 1), Piece("c", ell, "#808080", 1))
    target = tuple((x, y, z) for z in range(5) for y in range(4) for x in range(3))
    cover = build_cover(Puzzle("small", pieces, target, (3, 4, 5)))
    lookup = _RowLookup(cover)
    assert lookup.vectorised and lookup._bits is not None and 61**12 * 3 > 2**62
    rng = np.random.default_rng(3)
    rows = rng.permutation(cover.n_rows)
    cells = cover.row_cells[rows].copy()
    for line in cells:
        rng.shuffle(line)
    assert (lookup.find(cover.row_kind[rows], cells) == rows).all()
    other_kind = (cover.row_kind[rows] + 1) % cover.n_kinds
    moved = cells.copy()
    for line in moved:  # one cell moved to a cell the placement does not hold: still distinct cells
        at = int(rng.choice(np.flatnonzero(line >= 0)))
        line[at] = int(rng.choice(np.setdiff1d(np.arange(cover.n_cells), line)))
    for kinds, queries in ((other_kind, cells), (cover.row_kind[rows], moved)):
        expected = [cover.row_id(int(k), [int(c) for c in q if c >= 0]) for k, q in zip(kinds, queries, strict=True)]
        assert lookup.find(kinds, queries).tolist() == [-1 if e is None else e for e in expected]
