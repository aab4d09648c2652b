"""The coordinates of a cube's inverse, read off the cube itself: the large-tier search's second view of a node.

A cube and its inverse are at the same distance, and the tables see the two differently (the inverse's bound is
nearly independent of the cube's), so the larger of the two bounds prunes more. The inverse cannot be followed by
coordinate move tables: a move on the cube is a move applied on the other side of its inverse, which relabels
pieces rather than moving slots. So the search keeps each node's whole cube (as seen along each axis, 40 bytes)
and reads the inverse's coordinates from it: if slot i holds piece p with orientation o, the inverse's slot p
holds piece i with orientation -o (corners) or o (edges). Hence the inverse's flip is the sum over slots of
o * (the flip's weight of slot p), its twist likewise, its slice edges sit in the slots that the cube's slice
slots' pieces name, and its U-layer corners in the slots that the cube's U-layer slots' pieces name.
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from solvers.rubik import coords as cd
from solvers.rubik import cubie
from solvers.rubik.cubie import CO, CP, EO, EP

_U = np.uint64


class InverseView(NamedTuple):
    """The small tables that turn a cube (and a move) into its inverse's coordinates; one value for the kernel."""

    move_cubes: np.ndarray  # uint8 (18, 40): the moves as flat cubes
    flip_weight: np.ndarray  # int64 (12,): what an edge flipped in slot p adds to the flip
    twist_weight: np.ndarray  # int64 (3, 8): what a corner of the cube's orientation o adds to the inverse's
    #                           twist when it names slot p (its inverse's orientation is -o)
    slice_of_mask: np.ndarray  # int64 (4096,): the UD-slice coordinate of the four slots in a 12-bit mask
    comb_of_mask: np.ndarray  # int64 (256,): the corner comb of the four slots in an 8-bit mask


def _weights(count: int, base: int) -> np.ndarray:
    """Each slot's weight in an orientation coordinate (`coords._get_orientations`: first digit most
    significant, the last slot's orientation left out)."""
    return np.array([base ** (count - 1 - p) if p < count else 0 for p in range(count + 1)], dtype=np.int64)


def _of_mask(slots: int, first: int, coordinate) -> np.ndarray:
    """coordinate(cube) for a cube whose pieces first.. (four of them) sit in the slots of each 4-of-`slots` mask."""
    out = np.zeros(1 << slots, dtype=np.int64)
    cube = cubie.identity()
    field = CP if slots == 8 else EP
    for mask in range(1 << slots):
        if bin(mask).count("1") != 4:
            continue
        inside, outside = iter(range(first, first + 4)), iter(p for p in range(slots) if not first <= p < first + 4)
        for slot in range(slots):
            cube[field + slot] = next(inside) if mask >> slot & 1 else next(outside)
        out[mask] = coordinate(cube)
    return out


def inverse_view(move_cubes: np.ndarray, comb_of: np.ndarray) -> InverseView:
    """The view's tables (a few kB, derived in a fraction of a second); comb_of: the table's corner comb of each
    corner permutation (`movetables.build_corner_comb_tables`, or a test's stand-in)."""
    twist = _weights(7, 3)
    twist_weight = np.stack([(-o) % 3 * twist for o in range(3)])
    slice_of_mask = _of_mask(12, cd.FIRST_SLICE_EDGE, lambda cube: cd.get_slice_sorted(cube) // cd.N_PERM4)
    comb_of_mask = _of_mask(8, 0, lambda cube: int(comb_of[cd.get_corners(cube)]))
    return InverseView(move_cubes.astype(np.uint8), _weights(11, 2), twist_weight, slice_of_mask, comb_of_mask)


@nb.njit(cache=True, nogil=True, inline="always")
def step_cube(parent, move, out) -> None:
    """out = parent followed by move (flat cubes; real cubes only, so orientations add plainly)."""
    for i in range(8):
        j = _U(move[CP + i])
        out[CP + i] = parent[CP + j]
        out[CO + i] = (parent[CO + j] + move[CO + i]) % 3
    for i in range(12):
        j = _U(move[EP + i])
        out[EP + i] = parent[EP + j]
        out[EO + i] = parent[EO + j] ^ move[EO + i]


@nb.njit(cache=True, nogil=True, inline="always")
def child_inverse(parent, move, view):
    """(flip-slice, twist, comb) of the inverse of `parent followed by move`, without building either cube:
    flip-slice is N_FLIP * slice + flip, the large table's raw class coordinate."""
    flip = 0
    for i in range(12):
        j = _U(move[EP + i])
        flip += (parent[EO + j] ^ move[EO + i]) * view.flip_weight[_U(parent[EP + j])]
    twist = 0
    for i in range(8):
        j = _U(move[CP + i])
        twist += view.twist_weight[_U((parent[CO + j] + move[CO + i]) % 3), _U(parent[CP + j])]
    edges = 0
    for i in range(cd.FIRST_SLICE_EDGE, 12):
        edges |= 1 << parent[EP + _U(move[EP + i])]
    corners = 0
    for i in range(4):
        corners |= 1 << parent[CP + _U(move[CP + i])]
    flipslice = view.slice_of_mask[_U(edges)] * cd.N_FLIP + flip
    return flipslice, twist, view.comb_of_mask[_U(corners)]
