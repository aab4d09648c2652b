"""The 4x4x4 centre phases' pruning tables: exact move distances, built by breadth-first search, cached on disk.

Why this coordinate: a set of centre positions as a 24-bit mask, the table indexed by the mask itself (16 MB), so
the searches need no ranking, only three byte look-ups per turn (`apply_mask`):
* `four-lr-centres`: where the eight L/R centres are, under the first phase's turns (goal: on L and R);
* `four-ud-centres`: where the eight U/D centres are, under the second phase's turns (goal: on U and D);
* `four-centres`: where the U, F and R centres are, under the last phase's turns (goal: solved).
Unreached entries hold 255; the tests check each table's count of reached masks and its depth histogram.
"""

from __future__ import annotations

from functools import cache

import numba as nb
import numpy as np

from solvers.engine import ProgressFn
from solvers.nxn.four.layout import MoveSet, layout, phase1_moves, phase2_moves, phase3_moves
from solvers.nxn.geometry import Face
from solvers.tables import load_or_build

TABLE_VERSION = 1
UNREACHED = 255


def mask_luts(to: np.ndarray) -> np.ndarray:
    """(M, 3, 256) int32: the image of each byte of a 24-bit position mask under each move's position map."""
    luts = np.zeros((to.shape[0], 3, 256), dtype=np.int32)
    for m in range(to.shape[0]):
        for byte in range(3):
            for value in range(256):
                image = 0
                for bit in range(8):
                    if value >> bit & 1:
                        image |= 1 << int(to[m, byte * 8 + bit])
                luts[m, byte, value] = image
    return luts


@nb.njit(cache=True, nogil=True)
def apply_mask(luts, m, mask):
    return luts[m, 0, mask & 255] | luts[m, 1, (mask >> 8) & 255] | luts[m, 2, (mask >> 16) & 255]


@nb.njit(cache=True, nogil=True)
def bfs_masks(goal, luts):
    """Distances over 24-bit masks from the goal masks."""
    dist = np.full(1 << 24, 255, dtype=np.uint8)
    for g in goal:
        dist[g] = 0
    depth = 0
    found = True
    while found:
        found = False
        for mask in range(1 << 24):
            if dist[mask] != depth:
                continue
            for m in range(luts.shape[0]):
                image = apply_mask(luts, m, mask)
                if dist[image] == 255:
                    dist[image] = depth + 1
                    found = True
        depth += 1
    return dist


def face_mask(faces: tuple[Face, ...]) -> int:
    """The centre positions on `faces` as a 24-bit mask."""
    lay = layout()
    per_face = 16
    return sum(1 << i for i, s in enumerate(lay.centres) if Face(int(s) // per_face) in faces)


def _centre_table(moves: MoveSet, faces: tuple[Face, ...]) -> np.ndarray:
    luts = mask_luts(moves.centre_to)
    goal = np.array([face_mask(faces)], dtype=np.int64)
    return bfs_masks(goal, luts)


_BUILDERS = {
    "four-lr-centres": lambda: _centre_table(phase1_moves(), (Face.R, Face.L)),
    "four-ud-centres": lambda: _centre_table(phase2_moves(), (Face.U, Face.D)),
    "four-centres": lambda: _centre_table(phase3_moves(), (Face.U, Face.F, Face.R)),
}


@cache
def table(name: str, progress: ProgressFn | None = None) -> np.ndarray:
    """The named pruning table (see the module docstring), loaded from the cache or built there once."""
    builder = _BUILDERS[name]
    built = load_or_build(name, lambda report: builder(), version=TABLE_VERSION, progress=progress)
    assert isinstance(built, np.ndarray)
    return built


TABLE_NAMES = tuple(_BUILDERS)
