"""The 5x5x5's first two centre phases' pruning tables: per phase and centre orbit, exact distances of a 24-bit mask.

Each table is indexed by the mask of the orbit positions holding a set of colours (16 MB), built by the same
breadth-first search as the 4x4x4's tables and cached on disk through solvers/tables.py:
* `five-lr-x` / `five-lr-plus`: where an orbit's eight L/R pieces are, under phase 1's turns (goal: on L and R);
* `five-ud-x` / `five-ud-plus`: where its eight U/D pieces are, under phase 2's turns (goal: on U and D).
A phase's search needs both orbits at once, so it takes the larger of the two distances (admissible, not exact).
Phase 3 has joint tables of both orbits instead (joint.py).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from solvers.engine import ProgressFn
from solvers.nxn.five.layout import MoveSet, face_of, layout, phase1_moves, phase2_moves
from solvers.nxn.four.prune import bfs_masks, mask_luts
from solvers.nxn.geometry import Face
from solvers.tables import load_or_build

TABLE_VERSION = 1
PHASE_FACES = ((Face.R, Face.L), (Face.U, Face.D))


def face_mask(orbit: int, faces: tuple[Face, ...]) -> int:
    """The positions of centre orbit `orbit` (0 x-centres, 1 +-centres) that lie on `faces`, as a 24-bit mask."""
    return sum(1 << i for i, s in enumerate(layout().centres[orbit]) if face_of(int(s)) in faces)


def _table(moves: MoveSet, orbit: int, faces: tuple[Face, ...]) -> np.ndarray:
    luts = mask_luts(moves.to[orbit])
    return bfs_masks(np.array([face_mask(orbit, faces)], dtype=np.int64), luts)


_PHASES = (phase1_moves, phase2_moves)
TABLE_NAMES = (("five-lr-x", "five-lr-plus"), ("five-ud-x", "five-ud-plus"))


@cache
def table(phase: int, orbit: int, progress: ProgressFn | None = None) -> np.ndarray:
    """Phase `phase` (0..1), centre orbit `orbit` (0..1): the pruning table, loaded or built once."""
    name = TABLE_NAMES[phase][orbit]
    built = load_or_build(
        name,
        lambda report: _table(_PHASES[phase](), orbit, PHASE_FACES[phase]),
        version=TABLE_VERSION,
        progress=progress,
    )
    assert isinstance(built, np.ndarray)
    return built
