"""What both optimal-search kernels share: the coordinate row's layout, the typed inputs, and their small helpers.

A node is one row of int64 coordinates: for axis a (0..2) flip, slice and twist of S_a C S_a^-1 (columns 3a..3a+2),
the corner permutation seen along axis 0 (column 9), then, for the residue heuristics, each axis's exact distance
in the flip-slice table (DIST..DIST+2), the corner permutation along axes 1 and 2 (CORNERS_12, CORNERS_12+1) and
each axis's exact distance in the corner-slice table, for a heuristic that reads one (CS_DIST..CS_DIST+2).
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from solvers.rubik import coords as cd
from solvers.rubik.cubie import multiply
from solvers.rubik.intrinsics import fetch_add

CTRL_STOP, CTRL_FOUND = 0, 1  # the shared control array: raised to stop every thread's kernel
CTRL_SIZE = 2
MAX_DEPTH = 40
N_COORDS = 18  # 3 axes x (flip, slice, twist), corners; the residue heuristics add the columns below
DIST = 10  # the flip-slice table's exact distance, per axis (the split, the large or another plan's table)
CORNERS_12 = 13  # the corner permutation seen along axes 1 and 2 (axis 0's is at 9)
CS_DIST = 15  # the corner-slice table's exact distance, per axis (0 for a heuristic without one)
CHECK_EVERY = 16383  # nodes between two publications of the node count (and looks at the control array)


class KernelMoves(NamedTuple):
    """How a node's row moves: per-move costs, each axis's conjugated moves, and the coordinate move tables.

    Passed to the numba kernels as one value (numba types a named tuple of arrays field by field)."""

    costs: np.ndarray  # int64 (18,): what each move costs in the metric
    axis_moves: np.ndarray  # int64 (3, 18): move m seen along axis a
    flip: np.ndarray  # flip x move
    ud_slice: np.ndarray  # UD-slice (sorted for the residue heuristic) x move
    twist: np.ndarray  # twist x move
    corners: np.ndarray  # corner permutation x move (the residue heuristic: packed with class and symmetry)
    move_cubes: np.ndarray  # the 18 moves as cubie arrays, to check a solution


@nb.njit(cache=True, nogil=True, inline="always")
def combine(corner, d0, d1, d2):
    """max of the bounds, raised to min(axis bounds) + 1 for an unsolved cube: a solution's last move lies in
    the subgroup of its own axis, so that axis reaches its subgroup one move before the end."""
    h = max(corner, d0, d1, d2)
    if h == 0:
        return 0
    return max(h, min(d0, d1, d2) + 1)


@nb.njit(cache=True, nogil=True)
def is_solved(start_cube, path, n, move_cubes, cube, tmp):
    """Whether path[:n] solves start_cube; cube and tmp are work buffers of its shape (so nothing is allocated:
    the interleaved kernel runs without numba's reference counting)."""
    for j in range(cube.shape[0]):  # element by element: slice copies need reference counting
        cube[j] = start_cube[j]
    for i in range(n):
        multiply(cube, move_cubes[path[i]], tmp)
        for j in range(cube.shape[0]):
            cube[j] = tmp[j]
    for i in range(8):
        if cube[i] != i or cube[8 + i] != 0:
            return False
    for i in range(12):  # noqa: SIM110 - numba compiles loops, not generator expressions
        if cube[16 + i] != i or cube[28 + i] != 0:
            return False
    return True


@nb.njit(cache=True, nogil=True)
def take_next(cursor) -> int:
    """The index of the next prefix to search (cursor is shared by the threads; the add is atomic)."""
    return fetch_add(cursor, np.int64(1))  # type: ignore[call-arg]  # numba intrinsics take no typing context here


def start_coordinates(axis_cubes: list[np.ndarray], sorted_slice: bool) -> np.ndarray:
    """The kernels' coordinate row for a cube given as its three axis conjugates (distances left 0).

    The residue tables read the sorted slice coordinate; the others the unsorted UD-slice."""
    row = np.zeros(N_COORDS, dtype=np.int64)
    for a, cube in enumerate(axis_cubes):
        row[3 * a] = cd.get_flip(cube)
        row[3 * a + 1] = cd.get_slice_sorted(cube) // (1 if sorted_slice else cd.N_PERM4)
        row[3 * a + 2] = cd.get_twist(cube)
    row[9] = cd.get_corners(axis_cubes[0])
    row[CORNERS_12] = cd.get_corners(axis_cubes[1])
    row[CORNERS_12 + 1] = cd.get_corners(axis_cubes[2])
    return row
