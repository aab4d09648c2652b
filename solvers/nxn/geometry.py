"""Where every sticker of an NxNxN cube sits, and the sticker permutation of each single-layer quarter turn.

Stickers are numbered face by face in the order U R F D L B, each face row by row as the 3x3x3 string reads it
(see solvers/cube/geometry.py): index = face * N*N + row * N + col. U is seen from above with B at the top, D
from below with F at the top, the four sides with U at the top::

                 +-------+
                 |  U    |      a 4x4x4 U face:  U1  U2  U3  U4
                 +-------+                       U5  U6  U7  U8
         | L     | F     | R     | B     |       U9  U10 U11 U12
                 +-------+                       U13 U14 U15 U16
                 |  D    |
                 +-------+

Space: x points to R, y to U, z to F. In units of half a cubie, a sticker of row/col i has the coordinate
2i - (N - 1) along the face, and the face plane lies at +-N. Layers along an axis are counted from the positive
face: layer 0 is the R (x), U (y) or F (z) face, layer N - 1 the L, D or B face.

A permutation `g` is a gather array: after the turn, sticker i shows what sticker g[i] showed before
(`colours[g]`), so "a then b" is `a[b]`.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache

import numpy as np

from solvers.cube.geometry import Face  # the six faces in facelet-string order, shared with the 3x3x3

MIN_SIZE = 2


class Axis(IntEnum):
    """x through R, y through U, z through F; layer 0 of each is that face."""

    X = 0
    Y = 1
    Z = 2


N_FACES = 6
# (axis, sign): the face's outward normal is +-axis.
FACE_AXIS: dict[Face, tuple[Axis, int]] = {
    Face.U: (Axis.Y, 1),
    Face.R: (Axis.X, 1),
    Face.F: (Axis.Z, 1),
    Face.D: (Axis.Y, -1),
    Face.L: (Axis.X, -1),
    Face.B: (Axis.Z, -1),
}
OPPOSITE: dict[Face, Face] = {
    Face.U: Face.D,
    Face.R: Face.L,
    Face.F: Face.B,
    Face.D: Face.U,
    Face.L: Face.R,
    Face.B: Face.F,
}
POSITIVE_FACE: dict[Axis, Face] = {Axis.X: Face.R, Axis.Y: Face.U, Axis.Z: Face.F}


def check_size(size: int) -> None:
    """ValueError unless `size` is an int of at least 2."""
    if not isinstance(size, int) or isinstance(size, bool) or size < MIN_SIZE:
        raise ValueError(f"a cube has at least {MIN_SIZE} layers, not {size!r}")


def n_stickers(size: int) -> int:
    """6 * N * N."""
    return N_FACES * size * size


def sticker_index(face: Face, row: int, col: int, size: int) -> int:
    return int(face) * size * size + row * size + col


def sticker_name(index: int, size: int) -> str:
    """'U1'.. 'B16' on a 4x4x4: the face letter, then the 1-based position read row by row."""
    per_face = size * size
    return f"{Face(index // per_face).name}{index % per_face + 1}"


def _position(face: Face, row: int, col: int, size: int) -> tuple[int, int, int]:
    r = 2 * row - (size - 1)
    c = 2 * col - (size - 1)
    n = size
    return {
        Face.U: (c, n, r),
        Face.D: (c, -n, -r),
        Face.F: (c, -r, n),
        Face.B: (-c, -r, -n),
        Face.R: (n, -r, -c),
        Face.L: (-n, -r, c),
    }[face]


@cache
def sticker_positions(size: int) -> np.ndarray:
    """int array (6N^2, 3): each sticker's point in half-cubie units (the face plane at +-N)."""
    check_size(size)
    points = [_position(face, row, col, size) for face in Face for row in range(size) for col in range(size)]
    array = np.array(points, dtype=np.int32)
    array.setflags(write=False)
    return array


@cache
def sticker_layers(size: int) -> np.ndarray:
    """int array (6N^2, 3): for each sticker its layer along x, y, z (0 = the R, U, F face)."""
    cubie = np.clip(sticker_positions(size), -(size - 1), size - 1)  # the face plane belongs to the outer layer
    layers = ((size - 1) - cubie) // 2
    layers.setflags(write=False)
    return layers


# Clockwise quarter turn seen from the positive face (R, U, F): a rotation by -90 degrees about +axis.
_CLOCKWISE = {
    Axis.X: np.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]]),
    Axis.Y: np.array([[0, 0, -1], [0, 1, 0], [1, 0, 0]]),
    Axis.Z: np.array([[0, 1, 0], [-1, 0, 0], [0, 0, 1]]),
}


@cache
def _index_of(size: int) -> dict[tuple[int, int, int], int]:
    return {tuple(p): i for i, p in enumerate(sticker_positions(size).tolist())}


@cache
def layer_quarter(size: int, axis: Axis, layer: int) -> np.ndarray:
    """The gather permutation of one clockwise quarter turn (seen from the axis's positive face) of one layer."""
    check_size(size)
    if not 0 <= layer < size:
        raise ValueError(f"a {size}x{size}x{size} has layers 0..{size - 1}, not {layer}")
    positions = sticker_positions(size)
    where = _index_of(size)
    moving = np.nonzero(sticker_layers(size)[:, axis] == layer)[0]
    turned = positions[moving] @ _CLOCKWISE[Axis(axis)].T
    gather = np.arange(n_stickers(size), dtype=np.int32)
    for source, point in zip(moving.tolist(), turned.tolist(), strict=True):
        gather[where[tuple(point)]] = source
    gather.setflags(write=False)
    return gather
