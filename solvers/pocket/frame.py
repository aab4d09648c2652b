"""Bringing any 2x2x2 state into the DBL frame, by turning the whole cube or by renaming its colours.

Why two ways. With the sticker permutation convention of `CubeState` (``a * b`` = a then b):

* ``state * r`` for a whole-cube rotation r is the same physical cube seen from another side (`view_in_frame`);
* ``r * state`` is the same cube with its colours renamed by a rotation of the colour scheme
  (`recolour_in_frame`), which is what reading a net whose colours are only known up to such a renaming does.

Both leave the distance to solved unchanged, because conjugating a face turn by a rotation gives a face turn and a
D, L or B turn is a U, R or F turn followed by a rotation. Each direction has exactly one rotation that puts the
DBL piece home and untwisted, found by table lookup from where that piece sits (slot, twist).
"""

from __future__ import annotations

from functools import cache

import numpy as np

from solvers.cube.geometry import N_CORNERS
from solvers.cube.moves import whole_cube_rotations
from solvers.cube.state import CubeState
from solvers.pocket.coords import REFERENCE_CORNER

N_ROTATIONS = 24


@cache
def rotation_arrays() -> tuple[np.ndarray, np.ndarray]:
    """(cp, co): int64 arrays (24, 8) of the whole-cube rotations of the 2x2 (identity first)."""
    rotations = whole_cube_rotations(2)
    cp = np.array([r.cp for r in rotations], dtype=np.int64)
    co = np.array([r.co for r in rotations], dtype=np.int64)
    cp.setflags(write=False)
    co.setflags(write=False)
    return cp, co


@cache
def _view_lookup() -> np.ndarray:
    """[slot, twist] -> rotation r with (X * r) in frame when X has the DBL piece in `slot` with `twist`.

    (X*r).cp[DBL] = X.cp[r.cp[DBL]] and (X*r).co[DBL] = X.co[r.cp[DBL]] + r.co[DBL], so r must carry slot `slot`
    to DBL (r.cp[DBL] = slot) and untwist it (r.co[DBL] = -twist).
    """
    cp, co = rotation_arrays()
    table = np.full((N_CORNERS, 3), -1, dtype=np.int64)
    for r in range(N_ROTATIONS):
        table[cp[r, REFERENCE_CORNER], (-co[r, REFERENCE_CORNER]) % 3] = r
    assert (table >= 0).all()
    table.setflags(write=False)
    return table


@cache
def _recolour_lookup() -> np.ndarray:
    """[piece, twist] -> rotation q with (q * X) in frame when X has `piece` in the DBL slot with `twist`.

    (q*X).cp[DBL] = q.cp[piece] must be DBL and (q*X).co[DBL] = q.co[piece] + twist must be 0.
    """
    cp, co = rotation_arrays()
    table = np.full((N_CORNERS, 3), -1, dtype=np.int64)
    for q in range(N_ROTATIONS):
        piece = int(np.flatnonzero(cp[q] == REFERENCE_CORNER)[0])
        table[piece, (-co[q, piece]) % 3] = q
    assert (table >= 0).all()
    table.setflags(write=False)
    return table


def view_in_frame_batch(cp: np.ndarray, co: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each (cp, co) row seen from the side that puts its DBL piece home: rows of X * r (dtype kept).

    Rows are grouped by their rotation (24 groups), so each group is a fixed column shuffle: no per-row index
    arrays, which keeps large batches fast and light on memory.
    """
    cp = np.ascontiguousarray(cp)
    co = np.ascontiguousarray(co)
    slot = np.argmax(cp == REFERENCE_CORNER, axis=1)
    key = slot * 3 + co[np.arange(len(cp)), slot]  # rotation depends on (slot, twist) of the DBL piece only
    lookup = _view_lookup().reshape(-1)
    rot_cp, rot_co = rotation_arrays()
    new_cp = np.empty_like(cp)
    new_co = np.empty_like(co)
    for k in np.unique(key):
        rows = np.flatnonzero(key == k)
        r = lookup[k]
        new_cp[rows] = cp[rows][:, rot_cp[r]]  # (X * r).cp[i] = X.cp[r.cp[i]]
        new_co[rows] = (co[rows][:, rot_cp[r]] + rot_co[r].astype(co.dtype)) % 3
    return new_cp, new_co


def recolour_in_frame_batch(cp: np.ndarray, co: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each (cp, co) row with colours renamed so the piece in the DBL slot becomes the DBL piece: rows of q * X."""
    cp = np.asarray(cp, dtype=np.int64)
    co = np.asarray(co, dtype=np.int64)
    q = _recolour_lookup()[cp[:, REFERENCE_CORNER], co[:, REFERENCE_CORNER]]
    rot_cp, rot_co = rotation_arrays()
    return np.take_along_axis(rot_cp[q], cp, axis=1), (np.take_along_axis(rot_co[q], cp, axis=1) + co) % 3


def view_rotation(state: CubeState) -> CubeState:
    """The rotation r with ``state * r`` in the DBL frame."""
    slot = int(np.flatnonzero(state.cp == REFERENCE_CORNER)[0])
    return whole_cube_rotations(2)[int(_view_lookup()[slot, int(state.co[slot])])]


def recolour_rotation(state: CubeState) -> CubeState:
    """The rotation q with ``q * state`` in the DBL frame."""
    piece, twist = int(state.cp[REFERENCE_CORNER]), int(state.co[REFERENCE_CORNER])
    return whole_cube_rotations(2)[int(_recolour_lookup()[piece, twist])]


def view_in_frame(state: CubeState) -> CubeState:
    """`state` seen from the side that puts its DBL piece home and untwisted (same cube, same colours)."""
    _require_pocket(state)
    return state * view_rotation(state)


def recolour_in_frame(state: CubeState) -> CubeState:
    """`state` with its colours renamed so that the piece in the DBL slot is the DBL piece, untwisted."""
    _require_pocket(state)
    return recolour_rotation(state) * state


def _require_pocket(state: CubeState) -> None:
    if state.size != 2:
        raise ValueError("the pocket solver works on 2x2x2 states")
