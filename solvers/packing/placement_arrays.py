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
from solvers.packing.placements import PlacementRows
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


class _Shapes(Sequence[Shape]):
    """A piece's orientations as normal-form tuples, each made when first asked for: the placements, the colour
    checks and the burr pairing read the arrays, and a hundred-cell piece's 24 tuples cost more than its
    placements."""

    def __init__(self, cells: np.ndarray) -> None:
        self._cells = cells
        self._made: dict[int, Shape] = {}
        # the piece's placements in the grids it was placed in (see :func:`_placed_in`), kept with its
        # orientations: a BurrTools problem asks whether a piece fits anywhere, then places it in the same grid
        self.placed: dict[tuple, tuple[np.ndarray, np.ndarray]] = {}

    def _one(self, i: int) -> Shape:
        found = self._made.get(i)
        if found is None:
            c = self._cells[i]
            found = self._made[i] = tuple(zip(c[:, 0].tolist(), c[:, 1].tolist(), c[:, 2].tolist(), strict=True))
        return found

    @overload
    def __getitem__(self, i: int) -> Shape: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Shape]: ...
    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self._one(j) for j in range(len(self))[i]]
        n = len(self)
        if not -n <= i < n:
            raise IndexError(i)
        return self._one(i % n)

    def __len__(self) -> int:
        return len(self._cells)

    def __iter__(self) -> Iterator[Shape]:
        return (self._one(i) for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        return list(self) == (list(other) if isinstance(other, Sequence) else other)

    __hash__ = None  # type: ignore[assignment]


def orientations_np(cells, *, with_mirrors: bool = False) -> Sequence[Shape]:
    """:func:`voxels.orientations` (distinct normal forms, in isometry order) with numpy, each piece's made once
    (a BurrTools count asks for them when it pairs mirror partners, tests chirality and places the pieces)."""
    return _orientations(_key(cells), with_mirrors)[1]


def _key(cells) -> tuple[tuple[int, int, int], ...]:
    """The cells as a tuple of integer triples (the cache key); a piece's own cells already are one."""
    if type(cells) is tuple and all(type(v) is tuple and len(v) == 3 and type(v[0]) is int for v in cells):
        return cells
    return tuple((int(v[0]), int(v[1]), int(v[2])) for v in cells)


@lru_cache(maxsize=2)
def isometry_arrays(with_mirrors: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The 24 rotation matrices (48 isometries ``with_mirrors``) as an (M, 3, 3) array, and its negative and
    positive entries apart (for :func:`lowest_turned`), made once."""
    mats = np.asarray(isometry_matrices()[: None if with_mirrors else N_ROTATIONS], dtype=np.int64)
    return mats, np.minimum(mats, 0), np.maximum(mats, 0)


def lowest_turned(with_mirrors: bool, cells: np.ndarray) -> np.ndarray:
    """Per matrix of :func:`isometry_arrays` (signed permutations), the lowest coordinates of ``cells`` (K, 3)
    turned by it, from the cells' lowest and highest coordinates alone (a reduction over the turned cells takes
    ten times longer for small pieces)."""
    _mats, negative, positive = isometry_arrays(with_mirrors)
    return negative @ cells.max(axis=0) + positive @ cells.min(axis=0)


def is_rotation_of(cells, shape) -> bool:
    """Whether ``shape`` (cells in normal form) is a rotation of the piece ``cells``."""
    _out, _shapes, span, codes = _orientations(_key(cells), False)
    other = np.asarray(shape, dtype=np.int64).reshape(-1, 3)
    if len(other) != len(cells) or (len(other) and (other.min() < 0 or other.max() >= span)):
        return False
    return np.sort((other[:, 0] * span + other[:, 1]) * span + other[:, 2]).tobytes() in codes


def is_chiral_np(cells) -> bool:
    """True when no rotation maps the piece onto its mirror image (:func:`voxels.is_chiral` from the arrays)."""
    mirrored = np.asarray(_key(cells), dtype=np.int64).reshape(-1, 3) * np.asarray([-1, 1, 1])
    if len(mirrored):
        mirrored -= mirrored.min(axis=0)
    return not is_rotation_of(cells, mirrored)


@lru_cache(maxsize=512)
def _orientations(
    cells: tuple[tuple[int, int, int], ...], with_mirrors: bool
) -> tuple[np.ndarray, _Shapes, int, frozenset[bytes]]:
    """(the distinct orientations' cells (O, K, 3), the same as tuples, and each orientation as the bytes of its
    sorted cell codes ``(x * span + y) * span + z`` with that ``span``)."""
    voxels = np.asarray(cells, dtype=np.int64).reshape(-1, 3)
    mats = isometry_arrays(with_mirrors)[0]
    moved = np.matmul(voxels[None], mats.transpose(0, 2, 1))  # (matrices, cells, 3); einsum: ten times longer
    if not len(voxels):
        empty = np.zeros((1, 0, 3), dtype=np.int64)
        return empty, _Shapes(empty), 1, frozenset({b""})
    moved -= lowest_turned(with_mirrors, voxels)[:, None, :]
    span = int((voxels.max(axis=0) - voxels.min(axis=0)).max()) + 1  # a turn's extents are the piece's, permuted
    codes = np.sort(moved @ np.asarray([span * span, span, 1], dtype=np.int64), axis=1)
    seen: dict[bytes, int] = {}
    for m in range(len(mats)):
        seen.setdefault(codes[m].tobytes(), m)
    out = np.stack(np.unravel_index(codes[list(seen.values())], (span, span, span)), axis=2)
    return out, _Shapes(out), span, frozenset(seen)


def room_grid(room: Sequence[Sequence[int]]) -> np.ndarray:
    """The cells of ``room`` as a boolean grid (its box moved to the origin), for :func:`fits_somewhere`."""
    where = np.asarray(room, dtype=np.int64).reshape(-1, 3)
    if not len(where):
        return np.zeros((0, 0, 0), dtype=bool)
    local = where - where.min(axis=0)
    grid = np.zeros(tuple(int(v) + 1 for v in local.max(axis=0)), dtype=bool)
    grid[local[:, 0], local[:, 1], local[:, 2]] = True
    return grid


def fits_somewhere(cells, grid: np.ndarray) -> bool:
    """Whether some rotation of a piece (its ``cells``) lies on filled cells of ``grid`` (:func:`room_grid`)."""
    if not grid.size:
        return False
    return len(_placed_in(_key(cells), False, grid)[0]) > 0


def _placed_in(key: tuple[tuple[int, int, int], ...], with_mirrors: bool, grid: np.ndarray):
    """:func:`_placements_of` for a piece's orientations in a (C-ordered) grid, kept per grid with the piece's
    orientations (a few grids at most)."""
    table = _orientations(key, with_mirrors)
    memo = table[1].placed
    grid_key = (grid.shape, grid.tobytes())
    found = memo.get(grid_key)
    if found is None:
        strides = np.asarray(grid.strides, dtype=np.int64) // grid.itemsize
        found = _placements_of(grid, table[0], strides)
        found[0].flags.writeable = found[1].flags.writeable = False  # shared by every caller
        if len(memo) >= 4:
            memo.clear()
        memo[grid_key] = found
    return found


def _fits(grid: np.ndarray, shape: Shape) -> np.ndarray:
    """Translations (x, y, z) at which every cell of ``shape`` (normal form) lies on a filled cell of ``grid``."""
    cells = np.asarray(shape, dtype=np.int64)
    size = tuple(int(v) + 1 for v in cells.max(axis=0))
    if any(s > g for s, g in zip(size, grid.shape, strict=True)):
        return np.zeros((0, 3), dtype=np.int64)
    windows = sliding_window_view(grid, size)
    ok = windows[..., cells[:, 0], cells[:, 1], cells[:, 2]].all(axis=-1)
    return np.argwhere(ok)


MAX_BATCH = 1 << 21  # piece cells looked up in one go when every orientation of a piece is placed at once
PROBED_CELLS = 4  # a placement's first cells checked one at a time (each check drops candidates) before the rest


def _fits_each(grid: np.ndarray, shapes) -> list[np.ndarray]:
    """:func:`_fits` for every orientation of one piece (the same number of cells each; a sequence of shapes or
    an (orientations, cells, 3) array), the translations in the same order as :func:`_fits` gives them."""
    cells = np.asarray(shapes, dtype=np.int64).reshape(len(shapes), -1, 3)
    if not len(cells) or not cells.shape[1]:
        return [_fits(grid, shape) for shape in shapes]
    strides = np.asarray(grid.strides, dtype=np.int64) // grid.itemsize
    o_ids, at = _placements_of(grid, cells, strides)
    found = np.stack(np.unravel_index(at, grid.shape), axis=1) if len(at) else np.zeros((0, 3), dtype=np.int64)
    bounds = np.searchsorted(o_ids, np.arange(len(cells) + 1))
    return [found[bounds[o] : bounds[o + 1]] for o in range(len(cells))]


def _placements_of(grid: np.ndarray, shapes: np.ndarray, strides: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every placement of one piece (its orientations' cells (O, K, 3)) on the filled cells of ``grid``: (the
    orientation of each, its translation as a flat offset into the grid by ``strides``), orientation by
    orientation, the translations of each in :func:`_fits` order (coordinate order).

    The candidates of an orientation are the translations that keep its box in the grid, or, when there are
    far fewer of those over all orientations, the filled cells less its first cell (a placement puts that cell on
    a filled one; large pieces have few of the first kind, small pieces in a large grid few of the second).
    Candidates whose first cell is empty are dropped, and the rest have all their cells looked up in the grid,
    all orientations at once (in chunks of at most ``MAX_BATCH`` cells)."""
    dims = np.asarray(grid.shape, dtype=np.int64)
    room = dims[None, :] - shapes.max(axis=1)  # (O, 3): translations per axis that keep the box in the grid
    fits = (room > 0).all(axis=1)
    n_filled = int(np.count_nonzero(grid))
    boxes = np.where(fits, np.prod(np.maximum(room, 0), axis=1), 0)
    if 4 * int(boxes.sum()) <= n_filled * int(fits.sum()):  # the windows cost a Python step per orientation
        per_box: dict[tuple[int, ...], np.ndarray] = {}
        found = []
        for o in np.flatnonzero(fits).tolist():
            key = tuple(room[o].tolist())
            box = per_box.get(key)
            if box is None:
                x, y, z = (np.arange(n, dtype=np.int64) * st for n, st in zip(key, strides.tolist(), strict=True))
                box = per_box[key] = (x[:, None, None] + y[None, :, None] + z[None, None, :]).ravel()
            found.append(box)
        at = np.concatenate(found) if found else np.zeros(0, dtype=np.int64)
        o_ids = np.repeat(np.flatnonzero(fits), boxes[fits])
        first = grid.ravel()[at + shapes[o_ids, 0] @ strides]  # the first cell on a filled one
        o_ids, at = o_ids[first], at[first]
    else:  # in a grid padded by the largest extent all round, where a cell outside the grid reads False
        pad = int(shapes.max())
        padded = np.zeros(tuple(int(d) + 2 * pad for d in dims), dtype=bool)
        padded[pad : pad + grid.shape[0], pad : pad + grid.shape[1], pad : pad + grid.shape[2]] = grid
        padded_strides = np.asarray(padded.strides, dtype=np.int64) // padded.itemsize
        filled = np.argwhere(grid)  # in coordinate order
        firsts = shapes[:, 0, :]
        at_padded = (((filled + pad) @ padded_strides)[None, :] - (firsts @ padded_strides)[:, None]).ravel()
        at_all = ((filled @ strides)[None, :] - (firsts @ strides)[:, None]).ravel()  # the same in the grid itself
        o_all = np.repeat(np.arange(len(shapes), dtype=np.int64), len(filled))  # orientation-major
        offsets_padded = shapes @ padded_strides
        flat_padded = padded.ravel()
        # the next few cells one at a time, each dropping the candidates it finds empty (most go at the second
        # cell), then the rest of the cells of the few left at once
        for k in range(1, min(shapes.shape[1], PROBED_CELLS)):
            ok = flat_padded[at_padded + offsets_padded[o_all, k]]
            at_padded, at_all, o_all = at_padded[ok], at_all[ok], o_all[ok]
        if shapes.shape[1] <= PROBED_CELLS:
            return o_all, at_all
        keep = np.empty(o_all.size, dtype=bool)
        step = max(1, MAX_BATCH // max(shapes.shape[1], 1))
        for start in range(0, len(keep), step):
            end = start + step
            cells = at_padded[start:end, None] + offsets_padded[o_all[start:end], PROBED_CELLS:]
            keep[start:end] = flat_padded[cells].all(axis=1)
        return o_all[keep], at_all[keep]
    offsets = shapes @ strides  # (O, K)
    flat = grid.ravel()
    for k in range(1, min(shapes.shape[1], PROBED_CELLS)):  # as in the padded grid above
        ok = flat[at + offsets[o_ids, k]]
        at, o_ids = at[ok], o_ids[ok]
    if shapes.shape[1] <= PROBED_CELLS:
        return o_ids, at
    keep = np.empty(len(at), dtype=bool)
    step = max(1, MAX_BATCH // max(shapes.shape[1], 1))
    for start in range(0, len(at), step):
        end = start + step
        keep[start:end] = flat[at[start:end, None] + offsets[o_ids[start:end], PROBED_CELLS:]].all(axis=1)
    return o_ids[keep], at[keep]


def _bit_words(search: np.ndarray, n_words: int) -> np.ndarray:
    """Rows' cells (search order, (R, k)) as bit words (R, n_words) uint64: each row's cells as a row of booleans,
    packed eight to a byte (lowest bit first) and read as little-endian words; in blocks of rows so the booleans
    stay small."""
    n_rows, n_bits = len(search), n_words * WORD_BITS
    words = np.empty((n_rows, n_words), dtype=np.uint64)
    block = max(1, (1 << 22) // max(n_bits, 1))
    for first in range(0, n_rows, block):
        last = min(first + block, n_rows)
        flags = np.zeros((last - first, n_bits), dtype=bool)
        flags[np.arange(last - first)[:, None], search[first:last]] = True
        words[first:last] = np.packbits(flags, axis=1, bitorder="little").view("<u8").astype(np.uint64)
    return words


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
    # search order (see placements.search_order): the axis of the largest extent slowest, ties z, y, x
    extent = local.max(axis=0)
    axes = sorted(range(3), key=lambda axis: (-int(extent[axis]), -axis))
    order_array = np.lexsort([local[:, axis] for axis in reversed(axes)])
    order = order_array.tolist()
    file_to_search = np.empty(len(order), dtype=np.int64)
    file_to_search[order_array] = np.arange(len(order))
    max_size = max(p.size for p in puzzle.pieces)
    strides = np.asarray([dims[1] * dims[2], dims[2], 1], dtype=np.int64)
    flat_index = index.ravel()
    n_words = (len(order) + WORD_BITS - 1) // WORD_BITS
    # each width's rows apart: a frame of a hundred cells beside pieces of five would pad every row to the
    # frame's width, and arrays that large cost more in fresh pages than in arithmetic
    parts = []  # (kind, orientation per row, cells (k, size) sorted per row)
    all_orients: list[Sequence[Shape]] = []
    for kind, piece in enumerate(puzzle.pieces):
        key = _key(piece.cells)
        shapes = _orientations(key, puzzle.mirrors_same_piece)[0]
        all_orients.append(_orientations(key, puzzle.mirrors_same_piece)[1])
        o_ids, offset = _placed_in(key, puzzle.mirrors_same_piece, grid)
        if not len(o_ids):
            raise PuzzleFileError(f"piece {piece.name!r} fits nowhere in the target", puzzle.name)
        ids = np.sort(flat_index[offset[:, None] + (shapes @ strides)[o_ids]], axis=1)
        parts.append((kind, o_ids, ids))
    counts = [len(part[2]) for part in parts]
    n_rows = sum(counts)
    ends = np.cumsum(counts).tolist()
    lowest = np.empty(n_rows, dtype=np.int64)
    words = np.empty((n_rows, n_words), dtype=np.uint64)
    for width in dict.fromkeys(part[2].shape[1] for part in parts):  # the rows of one width together
        these = [i for i, part in enumerate(parts) if part[2].shape[1] == width]
        search = file_to_search[np.concatenate([parts[i][2] for i in these])]
        where = np.concatenate([np.arange(ends[i] - counts[i], ends[i]) for i in these])
        lowest[where] = search.min(axis=1)
        words[where] = _bit_words(search, n_words)
    kinds = np.repeat(np.asarray([part[0] for part in parts], dtype=np.int64), counts)
    orient = np.concatenate([part[1] for part in parts]).astype(np.int64, copy=False)
    first_cell = np.concatenate([part[2][:, 0] for part in parts])
    sizes = np.repeat(np.asarray([part[2].shape[1] for part in parts], dtype=np.int64), counts)
    # the order of placement_rows: (lowest search cell, kind, orientation, cells). Rows of one orientation of one
    # kind are translates of one shape, told apart by their first (smallest) file cell alone when file order is
    # coordinate order; should two share it (a target listed in some other order) all the cells decide
    perm = np.lexsort((first_cell, orient, kinds, lowest))
    same = np.ones(n_rows - 1, dtype=bool) if n_rows > 1 else np.zeros(0, dtype=bool)
    for column in (lowest, kinds, orient, first_cell):
        ordered = column[perm]
        same &= ordered[1:] == ordered[:-1]
    place = np.empty(n_rows, dtype=np.int64)  # where each row (in kind order) goes
    row_cells = np.full((n_rows, max_size), -1, dtype=np.int64)
    if same.any():
        at = 0
        for part in parts:
            row_cells[at : at + len(part[2]), : part[2].shape[1]] = part[2]
            at += len(part[2])
        perm = np.lexsort([row_cells[:, c] for c in range(max_size - 1, -1, -1)] + [orient, kinds, lowest])
        row_cells = row_cells[perm]
    else:
        place[perm] = np.arange(n_rows)
        at = 0
        for part in parts:
            row_cells[place[at : at + len(part[2])], : part[2].shape[1]] = part[2]
            at += len(part[2])
    kinds, orient, lowest, sizes, words = kinds[perm], orient[perm], lowest[perm], sizes[perm], words[perm]
    n_kinds = len(puzzle.pieces)
    start = np.zeros(len(order) * n_kinds + 1, dtype=np.int64)
    np.cumsum(np.bincount(lowest * n_kinds + kinds, minlength=len(order) * n_kinds), out=start[1:])

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
