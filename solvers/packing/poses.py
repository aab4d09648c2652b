"""Rigid poses of placements: the isometry and shift that carry a piece's own shape onto the cells it occupies.

A viewer draws each piece once in its file shape and moves it with a matrix, so it needs, per placement row, the
``(M, t)`` with ``M @ cell + t`` = target voxel for every cell of the piece (``M`` a signed permutation matrix,
a reflection only when the puzzle allows mirrored pieces). Animating between two placements of one piece and
ordering an assembly both start from these poses.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.packing.cover import CoverProblem
from solvers.packing.geometry import isometries, normalise, transform


@dataclass(frozen=True)
class Pose:
    """``voxel = matrix @ piece_cell + shift`` for each cell of the piece's file shape (``Piece.cells``)."""

    kind: int
    matrix: np.ndarray  # (3, 3) int64
    shift: np.ndarray  # (3,) int64

    def voxels(self, cells: np.ndarray) -> np.ndarray:
        """Target voxels of the piece's cells, in the order of ``cells``."""
        return np.asarray(cells, dtype=np.int64) @ self.matrix.T + self.shift

    def as_matrix(self) -> np.ndarray:
        """4x4 float affine matrix (column-vector convention), as a renderer's model matrix wants it."""
        out = np.identity(4)
        out[:3, :3] = self.matrix
        out[:3, 3] = self.shift
        return out


class PoseTable:
    """Poses of a problem's rows, computed on demand and cached (the isometry search is per kind and orientation)."""

    def __init__(self, problem: CoverProblem) -> None:
        self.problem = problem
        self._matrices: dict[tuple[int, int], np.ndarray] = {}
        self._target = np.asarray(problem.puzzle.target, dtype=np.int64)
        self.piece_cells = [np.asarray(p.cells, dtype=np.int64) for p in problem.puzzle.pieces]

    def _matrix(self, kind: int, orient: int) -> np.ndarray:
        key = (kind, orient)
        if key not in self._matrices:
            shape = self.problem.orientations[kind][orient]
            base = self.piece_cells[kind]
            for m in isometries():  # proper rotations come first, so a reflection is used only when needed
                if normalise(transform(base, m)) == shape:
                    self._matrices[key] = np.array(m, dtype=np.int64)
                    break
            else:  # pragma: no cover - orientations are images of the base shape by construction
                raise AssertionError(f"orientation {orient} of kind {kind} is no isometric image of its piece")
        return self._matrices[key]

    def pose(self, row: int) -> Pose:
        kind = int(self.problem.row_kind[row])
        turns = self.problem.row_turn
        if turns is not None and turns[row].any():
            matrix = turns[row]
        else:
            matrix = self._matrix(kind, int(self.problem.row_orient[row]))
        cells = self.problem.row_cells[row]
        if (cells < 0).all():  # a row with no cells (an unused copy of a BurrTools piece): not drawn anywhere
            return Pose(kind, matrix, np.zeros(3, dtype=np.int64))
        voxels = self._target[cells[cells >= 0]]
        moved = self.piece_cells[kind] @ matrix.T
        return Pose(kind, matrix, voxels.min(axis=0) - moved.min(axis=0))


def instance_rows(problem: CoverProblem, rows) -> list[int]:
    """A solution's rows in *instance order*: by piece kind, then row id. Instance ``j`` is then the same piece
    kind (and copy number) in every solution of the puzzle, which is what a viewer keys its meshes on."""
    return sorted((int(r) for r in rows), key=lambda r: (int(problem.row_kind[r]), r))


def instance_kinds(problem: CoverProblem) -> list[int]:
    """Piece kind of each instance slot: kind k repeated ``count`` times, in kind order."""
    return [k for k, n in enumerate(problem.kind_count.tolist()) for _ in range(n)]
