"""Queries over a stored solution set: keep the solutions with (or without) given placements, find near neighbours.

These are what the packing browser's "pin a piece and filter" feature calls: a pin is a :class:`Placement`; the
set answers with solution indices. Solutions are held as an (N, K) array of row ids, sorted per solution, so
membership tests are vectorised over all N at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from solvers.packing.cover import CoverProblem, Placement
from solvers.packing.errors import SymmetryError
from solvers.packing.puzzle import SymmetryMode


@dataclass
class SolutionSet:
    """Solutions of one puzzle (row ids into ``problem``) with optional symmetry class ids per mode."""

    problem: CoverProblem
    rows: np.ndarray  # (N, K) int64, each row sorted
    up_to: SymmetryMode = SymmetryMode.NONE
    classes: dict[SymmetryMode, np.ndarray] = field(default_factory=dict)
    levels: np.ndarray | None = None  # (N,) disassembly level per solution, -1 where it cannot be taken apart

    def __post_init__(self) -> None:
        self.rows = np.sort(np.asarray(self.rows, dtype=np.int64).reshape(-1, self.problem.n_instances), axis=1)

    def __len__(self) -> int:
        return len(self.rows)

    def labels(self, index: int) -> str:
        return self.problem.labels(self.rows[index])

    def placements(self, index: int) -> list[Placement]:
        return [self.problem.placement(int(r)) for r in self.rows[index]]

    def filter(self, pins: Sequence[Placement] = (), forbids: Sequence[Placement] = ()) -> np.ndarray:
        """Indices of the solutions containing every pinned placement and none of the forbidden ones."""
        keep = np.ones(len(self.rows), dtype=bool)
        for pin in pins:
            keep &= (self.rows == self.problem.resolve(pin)).any(axis=1)
        for forbid in forbids:
            keep &= ~(self.rows == self.problem.resolve(forbid)).any(axis=1)
        return np.flatnonzero(keep)

    def filter_cell(self, piece: str, cell: int) -> np.ndarray:
        """Indices of the solutions where ``piece`` covers file cell ``cell`` (pin by clicking one cube)."""
        kind = self.problem.puzzle.piece_index(piece)
        covering = (self.problem.row_kind == kind) & (self.problem.row_cells == cell).any(axis=1)
        return np.flatnonzero(np.isin(self.rows, np.flatnonzero(covering)).any(axis=1))

    def differences(self, reference: Sequence[int]) -> np.ndarray:
        """Per solution, how many pieces are placed differently from ``reference`` (a list of row ids)."""
        ref = np.asarray(sorted(int(r) for r in reference), dtype=np.int64)
        common = np.isin(self.rows, ref).sum(axis=1)
        return self.problem.n_instances - common

    def nearest(self, index: int, limit: int = 10) -> list[tuple[int, int]]:
        """The ``limit`` other solutions differing from solution ``index`` in the fewest pieces: (index, count)."""
        diff = self.differences(self.rows[index])
        diff[index] = np.iinfo(diff.dtype).max
        order = np.lexsort((np.arange(len(diff)), diff))[: max(limit, 0)]
        return [(int(i), int(diff[i])) for i in order if i != index]


_COARSER = {
    SymmetryMode.NONE: (SymmetryMode.ROTATION, SymmetryMode.MIRROR),
    SymmetryMode.ROTATION: (SymmetryMode.MIRROR,),
    SymmetryMode.MIRROR: (),
}


def with_classes(problem: CoverProblem, rows: np.ndarray, up_to: SymmetryMode) -> SolutionSet:
    """Wrap enumerated solutions and label them with class ids for every coarser symmetry that is defined."""
    from solvers.packing.symmetry import classify, row_group

    solutions = SolutionSet(problem, rows, up_to)
    for mode in _COARSER[up_to]:
        try:
            group = row_group(problem, mode)
        except SymmetryError:
            continue  # e.g. mirror classes of a puzzle with an unpaired chiral piece
        solutions.classes[mode] = classify(solutions.rows, group)[0]
    return solutions
