"""Every placement of every piece computed with numpy: the rows of :func:`placements.placement_rows`, equal to them
row for row, for the exact-cover frontend (``cover.build_cover``).

Why a second way to the same rows: the pure-Python one tries each translate cell by cell, which is right for the
small pieces of a Soma cube but costs tens of milliseconds for the hundred-cell pieces of BurrTools' burrs and
colour puzzles. Here a piece's orientations are all 24 (or 48) matrices applied at once, and the translates of one
orientation that fit are found in one step: the target as a grid of filled cells, a sliding window of the piece's
box over it, and a window kept where every cell of the piece lies on the target.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from typing import TypeVar, overload

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from solvers.packing.errors import PuzzleFileError
from solvers.packing.placements import PlacementRows, search_order
from solvers.packing.puzzle import Puzzle
from solvers.packing.voxels import N_ROTATIONS, Shape, isometry_matrices

WORD_BITS = 64
T = TypeVar("T")


class _Lazy(Sequence[T]):
    """A list made on first use: the rows' cells and masks as Python objects are what the pure-Python backend
    and the thread split read, and converting every row costs more than most BurrTools searches."""

    def __init__(self, length: int, make: Callable[[], list[T]]) -> None:
        self._length = length
        self._make: Callable[[], list[T]] | None = make
        self._items: list[T] = []

    def _list(self) -> list[T]:
        if self._make is not None:
            self._items, self._make = self._make(), None
        return self._items

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[T]: ...
    def __getitem__(self, i):
        return self._list()[i]

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[T]:
        return iter(self._list())

    def __eq__(self, other: object) -> bool:
        return list(self) == (list(other) if isinstance(other, Sequence) else other)

    __hash__ = None  # type: ignore[assignment]


def orientations_np(cells, *, with_mirrors: bool = False) -> list[Shape]:
    """:func:`voxels.orientations` (distinct normal forms, in isometry order) with numpy, each piece's made once
    (a BurrTools count asks for them when it pairs mirror partners, tests chirality and places the pieces)."""
    return list(_orientations(tuple((int(v[0]), int(v[1]), int(v[2])) for v in cells), with_mirrors))


@lru_cache(maxsize=512)
def _orientations(cells: tuple[tuple[int, int, int], ...], with_mirrors: bool) -> tuple[Shape, ...]:
    voxels = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
    mats = np.asarray(isometry_matrices()[: None if with_mirrors else N_ROTATIONS], dtype=np.int64)
    moved = np.einsum("mij,cj->mci", mats, voxels)  # (matrices, cells, 3)
    moved -= moved.min(axis=1, keepdims=True)
    span = int(moved.max()) + 1
    codes = np.sort((moved[:, :, 0] * span + moved[:, :, 1]) * span + moved[:, :, 2], axis=1)
    seen: dict[bytes, int] = {}
    for m in range(len(mats)):
        seen.setdefault(codes[m].tobytes(), m)
    distinct = codes[list(seen.values())]  # each distinct orientation once, in isometry order, split in one go
    x, rest = np.divmod(distinct, span * span)
    y, z = np.divmod(rest, span)
    return tuple(tuple(zip(a, b, c, strict=True)) for a, b, c in zip(x.tolist(), y.tolist(), z.tolist(), strict=True))


def _fits(grid: np.ndarray, shape: Shape) -> np.ndarray:
    """Translations (x, y, z) at which every cell of ``shape`` (normal form) lies on a filled cell of ``grid``."""
    cells = np.asarray(shape, dtype=np.int64)
    size = tuple(int(v) + 1 for v in cells.max(axis=0))
    if any(s > g for s, g in zip(size, grid.shape, strict=True)):
        return np.zeros((0, 3), dtype=np.int64)
    windows = sliding_window_view(grid, size)
    ok = windows[..., cells[:, 0], cells[:, 1], cells[:, 2]].all(axis=-1)
    return np.argwhere(ok)


MAX_BATCH = 1 << 21  # window cells looked at in one go when every orientation of a piece is placed at once


def _fits_each(grid: np.ndarray, shapes: list[Shape]) -> list[np.ndarray]:
    """:func:`_fits` for every orientation of one piece (the same number of cells each), in one numpy pass when
    that is small enough: the grid padded with empty cells so that one window size holds every orientation (a
    translation that would leave the grid meets padding and fails). The translations come in the same order."""
    cells = np.asarray(shapes, dtype=np.int64)  # (O, K, 3)
    size = tuple(int(v) + 1 for v in cells.reshape(-1, 3).max(axis=0))
    if grid.size * cells.shape[0] * cells.shape[1] > MAX_BATCH or len(shapes) < 2:
        return [_fits(grid, shape) for shape in shapes]
    padded = np.zeros(tuple(g + s - 1 for g, s in zip(grid.shape, size, strict=True)), dtype=bool)
    padded[: grid.shape[0], : grid.shape[1], : grid.shape[2]] = grid
    windows = sliding_window_view(padded, size)  # (g0, g1, g2, s0, s1, s2): a window at every grid cell
    ok = np.asarray(windows[..., cells[:, :, 0], cells[:, :, 1], cells[:, :, 2]].all(axis=-1))  # (g0, g1, g2, O)
    found = np.argwhere(ok)  # in (x, y, z, orientation) order: grouped by orientation, (x, y, z) order kept
    found = found[np.argsort(found[:, 3], kind="stable")]
    ends = np.cumsum(np.bincount(found[:, 3], minlength=len(shapes)))
    return np.split(found[:, :3], ends[:-1])


def placement_arrays(puzzle: Puzzle) -> tuple[PlacementRows, np.ndarray, np.ndarray]:
    """(the rows as :func:`placements.placement_rows` gives them, their file cells as an (R, max size) array
    padded with -1, their search-order bits as (R, words) uint64)."""
    target = np.asarray(puzzle.target, dtype=np.int64).reshape(-1, 3)
    low = target.min(axis=0)
    local = target - low
    dims = tuple(int(v) + 1 for v in local.max(axis=0))
    index = np.full(dims, -1, dtype=np.int64)
    index[local[:, 0], local[:, 1], local[:, 2]] = np.arange(len(target))
    grid = index >= 0
    order = search_order(puzzle.target)
    file_to_search = np.empty(len(order), dtype=np.int64)
    file_to_search[np.asarray(order, dtype=np.int64)] = np.arange(len(order))
    max_size = max(p.size for p in puzzle.pieces)
    parts = []  # (kind, orientation, cells (k, size) sorted per row)
    all_orients: list[list[Shape]] = []
    for kind, piece in enumerate(puzzle.pieces):
        orients = orientations_np(piece.cells, with_mirrors=puzzle.mirrors_same_piece)
        all_orients.append(orients)
        found = 0
        for o_idx, (shape, fits) in enumerate(zip(orients, _fits_each(grid, orients), strict=True)):
            if not len(fits):
                continue
            cells = np.asarray(shape, dtype=np.int64)
            placed = fits[:, None, :] + cells[None, :, :]
            ids = np.sort(index[placed[..., 0], placed[..., 1], placed[..., 2]], axis=1)
            parts.append((kind, o_idx, ids))
            found += len(ids)
        if not found:
            raise PuzzleFileError(f"piece {piece.name!r} fits nowhere in the target", puzzle.name)
    # the order of placement_rows: (lowest search cell, kind, orientation, cells). Rows of one orientation of one
    # kind are translates of one shape, told apart by their first (smallest) file cell alone when file order is
    # coordinate order; should two share it (a target listed in some other order) all the cells decide. The rows
    # are handled in groups of one width: a burr's rows padded to its largest piece would be mostly padding.
    groups: dict[int, list[tuple[int, int, np.ndarray]]] = {}
    for part in parts:
        groups.setdefault(part[2].shape[1], []).append(part)
    cells_of = [np.concatenate([ids for _, _, ids in group]) for group in groups.values()]
    lengths = np.asarray([len(ids) for group in groups.values() for _, _, ids in group], dtype=np.int64)
    kinds = np.repeat(np.asarray([kind for group in groups.values() for kind, _, _ in group], dtype=np.int64), lengths)
    orient = np.repeat(np.asarray([o for group in groups.values() for _, o, _ in group], dtype=np.int64), lengths)
    lowest = np.concatenate([file_to_search[ids].min(axis=1) for ids in cells_of])
    first = np.concatenate([ids[:, 0] for ids in cells_of])
    n_rows = len(kinds)
    perm = np.lexsort((first, orient, kinds, lowest))
    same = np.ones(n_rows - 1, dtype=bool) if n_rows > 1 else np.zeros(0, dtype=bool)
    for column in (lowest, kinds, orient, first):
        ordered = column[perm]
        same &= ordered[1:] == ordered[:-1]
    tied = bool(same.any())
    row_cells = np.full((n_rows, max_size), -1, dtype=np.int64)
    if tied:
        at = 0
        for ids in cells_of:
            row_cells[at : at + len(ids), : ids.shape[1]] = ids
            at += len(ids)
        perm = np.lexsort([row_cells[:, c] for c in range(max_size - 1, -1, -1)] + [orient, kinds, lowest])
        row_cells = row_cells[perm]
    place = np.empty(n_rows, dtype=np.int64)  # where each row goes in that order
    place[perm] = np.arange(n_rows)
    kinds, orient, lowest = kinds[perm], orient[perm], lowest[perm]
    n_kinds = len(puzzle.pieces)
    start = np.zeros(len(order) * n_kinds + 1, dtype=np.int64)
    np.cumsum(np.bincount(lowest * n_kinds + kinds, minlength=len(order) * n_kinds), out=start[1:])
    n_words = (len(order) + WORD_BITS - 1) // WORD_BITS
    words = np.zeros((n_rows, n_words), dtype=np.uint64)
    sizes = np.empty(n_rows, dtype=np.int64)
    at = 0
    for ids in cells_of:
        where = place[at : at + len(ids)]
        at += len(ids)
        if not tied:
            row_cells[where, : ids.shape[1]] = ids
        sizes[where] = ids.shape[1]
        bits = file_to_search[ids]
        if n_words == 1:  # a row's cells are distinct: its bits in a word are their sum
            words[where, 0] = np.left_shift(np.uint64(1), bits.astype(np.uint64)).sum(axis=1, dtype=np.uint64)
            continue
        word, bit = bits // WORD_BITS, np.left_shift(np.uint64(1), (bits % WORD_BITS).astype(np.uint64))
        for w in range(n_words):
            words[where, w] = np.where(word == w, bit, np.uint64(0)).sum(axis=1, dtype=np.uint64)

    def cell_tuples() -> list[tuple[int, ...]]:
        return [tuple(r[:n]) for r, n in zip(row_cells.tolist(), sizes.tolist(), strict=True)]

    def mask_ints() -> list[int]:
        return [int.from_bytes(w.tobytes(), "little") for w in words]

    rows = PlacementRows(
        puzzle=puzzle,
        search_to_file=list(order),
        file_to_search=file_to_search.tolist(),
        kinds=kinds.tolist(),
        orients=orient.tolist(),
        cells=_Lazy(n_rows, cell_tuples),
        masks=_Lazy(n_rows, mask_ints),
        start=start.tolist(),
        orientations=all_orients,
    )
    return rows, row_cells, words
