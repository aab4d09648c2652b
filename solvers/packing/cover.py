"""Exact-cover frontend: a :class:`Puzzle`'s placement rows as numpy arrays (bitmasks over target cells) for the
numba backend.

Nothing below knows how the rows are covered; the backend (``kernel``) sees only parallel integer arrays. The rows
themselves, their order and the two cell numberings (file order, search order) come from ``placements``; see there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from solvers.packing.errors import ConstraintError
from solvers.packing.placements import PlacementRows
from solvers.packing.puzzle import Puzzle
from solvers.packing.voxels import Shape, normalise

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
    orientations: Sequence[Sequence[Shape]]
    placement_rows: PlacementRows | None = field(default=None, repr=False)  # the same rows as Python lists
    kind_slack: np.ndarray | None = None  # (n_kinds,) int64: copies of each kind a solution may leave unused
    # (R, 3, 3) int64: the turn of the piece's file shape onto each row, where the cells alone do not tell it (a
    # piece with coloured cells lies two ways on the same cells); an all-zero matrix: found from the cells
    row_turn: np.ndarray | None = None
    _lookup: dict[tuple[int, frozenset[int]], int] = field(default_factory=dict, repr=False)
    # tables built once from the rows (``regions``); never copied by ``dataclasses.replace``, whose rows may differ
    derived: dict[str, object] = field(default_factory=dict, init=False, repr=False, compare=False)

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
        if not self._lookup and self.n_rows:  # built on first use: most searches never look a row up
            for i, (k, row) in enumerate(zip(self.row_kind.tolist(), self.row_cells.tolist(), strict=True)):
                if row[0] >= 0:
                    self._lookup[(k, frozenset(c for c in row if c >= 0))] = i
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


def build_cover(puzzle: Puzzle) -> CoverProblem:
    """Enumerate every placement of every piece kind inside the target and index them for the backend (the rows
    of ``placements``, computed with numpy by ``placement_arrays``)."""
    from solvers.packing.placement_arrays import placement_arrays

    rows, row_cells, row_masks = placement_arrays(puzzle)
    return CoverProblem(
        puzzle=puzzle,
        search_to_file=np.asarray(rows.search_to_file, dtype=np.int64),
        file_to_search=np.asarray(rows.file_to_search, dtype=np.int64),
        kind_count=np.asarray(rows.kind_count, dtype=np.int64),
        row_kind=np.asarray(rows.kinds, dtype=np.int64),
        row_orient=np.asarray(rows.orients, dtype=np.int64),
        row_cells=row_cells,
        row_masks=row_masks,
        start=np.asarray(rows.start, dtype=np.int64),
        orientations=rows.orientations,
        placement_rows=rows,
    )


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
