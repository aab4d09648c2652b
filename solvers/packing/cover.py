"""Exact-cover frontend: turn a :class:`Puzzle` into placement rows (bitmasks over target cells) for a backend.

Nothing below knows how the rows are covered; the backend (``kernel``) sees only parallel integer arrays. Two cell
numberings exist and are kept apart on purpose:

* *file order* (``Puzzle.target``): how solution strings and files list cells;
* *search order*: bit ``i`` of a mask is search cell ``i``. The backtracker always fills the lowest empty search
  cell, and filling along the shortest axis first keeps the frontier thin (6x10 pentominoes: columns of 6), which
  prunes dead ends early. ``search_to_file`` / ``file_to_search`` convert.

Rows are sorted by (lowest search cell, piece kind) so the candidates for "cover cell c" are one contiguous slice,
split by kind: ``start[c * n_kinds + k]`` .. ``start[c * n_kinds + k + 1]``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from solvers.packing.errors import ConstraintError, PuzzleFileError
from solvers.packing.geometry import Shape, normalise, orientations
from solvers.packing.puzzle import Puzzle

WORD_BITS = 64


@dataclass(frozen=True)
class Placement:
    """A piece kind at a set of target cells (file indices) -- the unit pins, forbids and queries speak in."""

    piece: str
    cells: frozenset[int]


@dataclass
class CoverProblem:
    """The placement matrix of one puzzle. Row ids are stable for a given puzzle file (deterministic order)."""

    puzzle: Puzzle
    search_to_file: np.ndarray  # (n_cells,) int64
    file_to_search: np.ndarray  # (n_cells,) int64
    kind_count: np.ndarray  # (n_kinds,) int64: copies of each kind
    row_kind: np.ndarray  # (R,) int64
    row_orient: np.ndarray  # (R,) int64: index into orientations[kind]
    row_cells: np.ndarray  # (R, max_size) int64: file cell indices, -1 padded
    row_masks: np.ndarray  # (R, n_words) uint64: search-order bits
    start: np.ndarray  # (n_cells * n_kinds + 1,) int64
    orientations: list[list[Shape]]
    _lookup: dict[tuple[int, frozenset[int]], int] = field(default_factory=dict, repr=False)

    @property
    def n_cells(self) -> int:
        return len(self.search_to_file)

    @property
    def n_rows(self) -> int:
        return len(self.row_kind)

    @property
    def n_kinds(self) -> int:
        return len(self.kind_count)

    @property
    def n_words(self) -> int:
        return self.row_masks.shape[1]

    @property
    def n_instances(self) -> int:
        return int(self.kind_count.sum())

    def row_id(self, kind: int, cells: Iterable[int]) -> int | None:
        """Row of ``kind`` covering exactly these file cells, or None if that is no legal placement."""
        return self._lookup.get((kind, frozenset(int(c) for c in cells)))

    def placement(self, row: int) -> Placement:
        cells = self.row_cells[row]
        return Placement(self.puzzle.pieces[int(self.row_kind[row])].name, frozenset(int(c) for c in cells if c >= 0))

    def resolve(self, placement: Placement) -> int:
        """Row id of a placement; ConstraintError if the piece is unknown or cannot sit there."""
        try:
            kind = self.puzzle.piece_index(placement.piece)
        except KeyError:
            raise ConstraintError(f"no piece named {placement.piece!r} in {self.puzzle.name}") from None
        row = self.row_id(kind, placement.cells)
        if row is None:
            raise ConstraintError(f"piece {placement.piece!r} cannot occupy cells {sorted(placement.cells)}")
        return row

    def rows_of_kind(self, kind: int) -> np.ndarray:
        return np.flatnonzero(self.row_kind == kind)

    def labels(self, rows: Sequence[int]) -> str:
        """Per-cell piece letters in file order for one solution (a list of row ids)."""
        out = ["."] * self.n_cells
        names = self.puzzle.piece_names
        for r in rows:
            letter = names[int(self.row_kind[r])]
            for c in self.row_cells[r]:
                if c >= 0:
                    out[c] = letter
        return "".join(out)


def search_order(target: Sequence[tuple[int, int, int]]) -> list[int]:
    """File indices sorted so the axis with the smallest extent varies fastest (see module docstring)."""
    arr = np.asarray(target, dtype=np.int64)
    extent = arr.max(axis=0) - arr.min(axis=0)
    # slowest axis first: largest extent; ties keep z, y, x (file order) to stay predictable
    axes = sorted(range(3), key=lambda a: (-int(extent[a]), -a))
    return sorted(range(len(target)), key=lambda i: tuple(int(arr[i, a]) for a in axes))


def build_cover(puzzle: Puzzle) -> CoverProblem:
    """Enumerate every placement of every piece kind inside the target and index them for the backend."""
    target_index = puzzle.cell_index()
    order = search_order(puzzle.target)
    file_to_search = np.empty(len(order), dtype=np.int64)
    file_to_search[np.asarray(order, dtype=np.int64)] = np.arange(len(order))
    n_words = (len(order) + WORD_BITS - 1) // WORD_BITS
    max_size = max(p.size for p in puzzle.pieces)

    rows: list[tuple[int, int, int, tuple[int, ...]]] = []  # (lowest search cell, kind, orientation, file cells)
    all_orients: list[list[Shape]] = []
    for kind, piece in enumerate(puzzle.pieces):
        orients = orientations(piece.cells, with_mirrors=puzzle.mirrors_same_piece)
        all_orients.append(orients)
        n_before = len(rows)
        for o_idx, shape in enumerate(orients):
            for cells in _translations(shape, puzzle.target, target_index):
                lowest = min(int(file_to_search[c]) for c in cells)
                rows.append((lowest, kind, o_idx, cells))
        if len(rows) == n_before:
            raise PuzzleFileError(f"piece {piece.name!r} fits nowhere in the target", puzzle.name)
    rows.sort(key=lambda r: (r[0], r[1], r[2], sorted(r[3])))

    n_rows = len(rows)
    row_kind = np.fromiter((r[1] for r in rows), dtype=np.int64, count=n_rows)
    row_orient = np.fromiter((r[2] for r in rows), dtype=np.int64, count=n_rows)
    row_cells = np.full((n_rows, max_size), -1, dtype=np.int64)
    row_masks = np.zeros((n_rows, n_words), dtype=np.uint64)
    lookup: dict[tuple[int, frozenset[int]], int] = {}
    for i, (_, kind, _, cells) in enumerate(rows):
        ordered = sorted(cells)
        row_cells[i, : len(ordered)] = ordered
        for c in ordered:
            s = int(file_to_search[c])
            row_masks[i, s // WORD_BITS] |= np.uint64(1 << (s % WORD_BITS))
        lookup[(kind, frozenset(ordered))] = i
    n_kinds = len(puzzle.pieces)
    keys = np.fromiter((r[0] * n_kinds + r[1] for r in rows), dtype=np.int64, count=n_rows)
    start = np.searchsorted(keys, np.arange(len(order) * n_kinds + 1), side="left").astype(np.int64)
    return CoverProblem(
        puzzle=puzzle,
        search_to_file=np.asarray(order, dtype=np.int64),
        file_to_search=file_to_search,
        kind_count=np.asarray([p.count for p in puzzle.pieces], dtype=np.int64),
        row_kind=row_kind,
        row_orient=row_orient,
        row_cells=row_cells,
        row_masks=row_masks,
        start=start,
        orientations=all_orients,
        _lookup=lookup,
    )


def _translations(shape: Shape, target: Sequence[tuple[int, int, int]], index: dict) -> Iterable[tuple[int, ...]]:
    """Every translate of a normal-form shape lying inside the target, as tuples of file indices."""
    anchor = shape[0]
    seen: set[tuple[int, ...]] = set()
    for tx, ty, tz in target:
        dx, dy, dz = tx - anchor[0], ty - anchor[1], tz - anchor[2]
        cells = []
        for x, y, z in shape:
            c = index.get((x + dx, y + dy, z + dz))
            if c is None:
                break
            cells.append(c)
        else:
            key = tuple(sorted(cells))
            if key not in seen:
                seen.add(key)
                yield key


def placement_from_voxels(piece: str, voxels: Iterable[Sequence[int]], puzzle: Puzzle) -> Placement:
    """A Placement from absolute target voxels (as given on a command line or by the GUI)."""
    index = puzzle.cell_index()
    cells = []
    for v in voxels:
        key = tuple(int(c) for c in v)
        if key not in index:
            raise ConstraintError(f"cell {list(key)} is outside the target of {puzzle.name}")
        cells.append(index[key])
    if normalise([puzzle.target[c] for c in cells]) == ():
        raise ConstraintError("a placement needs at least one cell")
    return Placement(piece, frozenset(cells))
