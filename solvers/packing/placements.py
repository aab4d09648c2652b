"""Every placement of every piece in a puzzle's target, as plain Python lists: the rows of the exact-cover matrix.

``cover.build_cover`` turns these rows into the numpy arrays the numba backend reads; the pure-Python backend
(``pykernel``) and the Soma command use them as they are, so those never import numpy. Two cell numberings are kept
apart on purpose:

* *file order* (``Puzzle.target``): how solution strings and files list cells;
* *search order*: bit ``i`` of a mask is search cell ``i``. The backtrackers always fill the lowest empty search
  cell, and filling along the shortest axis first keeps the frontier thin (6x10 pentominoes: columns of 6), which
  prunes dead ends early.

Rows are sorted by (lowest search cell, piece kind, orientation, cells) so the candidates for "cover cell c" are one
contiguous slice, split by kind: ``start[c * n_kinds + k]`` .. ``start[c * n_kinds + k + 1]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from solvers.packing.errors import PuzzleFileError
from solvers.packing.puzzle import Puzzle
from solvers.packing.voxels import Shape, orientations, translations


@dataclass(frozen=True)
class PlacementRows:
    """The placement rows of one puzzle, in their search order; row ids are stable for a given puzzle file."""

    puzzle: Puzzle
    search_to_file: list[int]
    file_to_search: list[int]
    kinds: list[int]  # per row: piece kind
    orients: list[int]  # per row: index into orientations[kind]
    cells: Sequence[tuple[int, ...]]  # per row: file cells, ascending
    masks: Sequence[int]  # per row: search-order bits as one Python int
    start: list[int]  # n_cells * n_kinds + 1 offsets (see the module docstring)
    orientations: Sequence[Sequence[Shape]]

    @property
    def n_cells(self) -> int:
        return len(self.search_to_file)

    @property
    def n_kinds(self) -> int:
        return len(self.puzzle.pieces)

    @property
    def n_rows(self) -> int:
        return len(self.kinds)

    @property
    def kind_count(self) -> list[int]:
        return [p.count for p in self.puzzle.pieces]

    def labels(self, rows: Sequence[int]) -> str:
        """Per-cell piece letters in file order for one solution (a list of row ids)."""
        out = ["."] * self.n_cells
        names = self.puzzle.piece_names
        for r in rows:
            letter = names[self.kinds[r]]
            for c in self.cells[r]:
                out[c] = letter
        return "".join(out)


def search_order(target: Sequence[Sequence[int]]) -> list[int]:
    """File indices sorted so the axis with the smallest extent varies fastest (see module docstring)."""
    extent = [max(v[a] for v in target) - min(v[a] for v in target) for a in range(3)]
    # slowest axis first: largest extent; ties keep z, y, x (file order) to stay predictable
    axes = sorted(range(3), key=lambda a: (-extent[a], -a))
    return sorted(range(len(target)), key=lambda i: tuple(target[i][a] for a in axes))


def placement_rows(puzzle: Puzzle) -> PlacementRows:
    """Enumerate every placement of every piece kind inside the target, sorted and indexed for the backtrackers."""
    target_index = puzzle.cell_index()
    order = search_order(puzzle.target)
    file_to_search = [0] * len(order)
    for s, c in enumerate(order):
        file_to_search[c] = s
    rows: list[tuple[int, int, int, tuple[int, ...]]] = []  # (lowest search cell, kind, orientation, file cells)
    all_orients: list[list[Shape]] = []
    for kind, piece in enumerate(puzzle.pieces):
        orients = orientations(piece.cells, with_mirrors=puzzle.mirrors_same_piece)
        all_orients.append(orients)
        n_before = len(rows)
        for o_idx, shape in enumerate(orients):
            for cells in translations(shape, puzzle.target, target_index):
                rows.append((min(file_to_search[c] for c in cells), kind, o_idx, cells))
        if len(rows) == n_before:
            raise PuzzleFileError(f"piece {piece.name!r} fits nowhere in the target", puzzle.name)
    rows.sort()
    n_kinds = len(puzzle.pieces)
    start = [0] * (len(order) * n_kinds + 1)
    for lowest, kind, _, _ in rows:  # counts per (cell, kind) slot, then running sums
        start[lowest * n_kinds + kind + 1] += 1
    for j in range(1, len(start)):
        start[j] += start[j - 1]
    masks = []
    for _, _, _, cells in rows:
        mask = 0
        for c in cells:
            mask |= 1 << file_to_search[c]
        masks.append(mask)
    return PlacementRows(
        puzzle=puzzle,
        search_to_file=order,
        file_to_search=file_to_search,
        kinds=[r[1] for r in rows],
        orients=[r[2] for r in rows],
        cells=[r[3] for r in rows],
        masks=masks,
        start=start,
        orientations=all_orients,
    )
