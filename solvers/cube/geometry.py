"""Where every sticker of a 2x2x2 or 3x3x3 sits in space, and which stickers make up each piece slot.

Facelets are numbered in Kociemba order: the faces U R F D L B, each read row by row as it appears in this net
(3x3 shown; a 2x2 face has 4 facelets read the same way, U1 U2 / U3 U4)::

                  +------------+
                  | U1  U2  U3 |
                  | U4  U5  U6 |
                  | U7  U8  U9 |
     +------------+------------+------------+------------+
     | L1  L2  L3 | F1  F2  F3 | R1  R2  R3 | B1  B2  B3 |
     | L4  L5  L6 | F4  F5  F6 | R4  R5  R6 | B4  B5  B6 |
     | L7  L8  L9 | F7  F8  F9 | R7  R8  R9 | B7  B8  B9 |
     +------------+------------+------------+------------+
                  | D1  D2  D3 |
                  | D4  D5  D6 |
                  | D7  D8  D9 |
                  +------------+

Index = 9 * face + (position - 1) on the 3x3 (U1 = 0, R1 = 9, F1 = 18, D1 = 27, L1 = 36, B1 = 45) and
4 * face + (position - 1) on the 2x2. Space axes: x points to R, y to U, z to F; cubie centres have
coordinates in {-1, 0, 1} (3x3) or {-1, 1} (2x2).

Geometry is computed rather than typed in, so moves can be derived as rigid rotations of these stickers
(see moves.py) and no hand-made permutation table can be wrong.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache

import numpy as np


class Face(IntEnum):
    """The six faces in Kociemba order; also the colour of that face's centre on a solved cube."""

    U = 0
    R = 1
    F = 2
    D = 3
    L = 4
    B = 5


FACE_NORMALS: dict[Face, tuple[int, int, int]] = {
    Face.U: (0, 1, 0),
    Face.R: (1, 0, 0),
    Face.F: (0, 0, 1),
    Face.D: (0, -1, 0),
    Face.L: (-1, 0, 0),
    Face.B: (0, 0, -1),
}

OPPOSITE_FACE: dict[Face, Face] = {
    Face.U: Face.D,
    Face.D: Face.U,
    Face.R: Face.L,
    Face.L: Face.R,
    Face.F: Face.B,
    Face.B: Face.F,
}


class Corner(IntEnum):
    """Corner slots, named by their faces with the U/D face first and then clockwise."""

    URF = 0
    UFL = 1
    ULB = 2
    UBR = 3
    DFR = 4
    DLF = 5
    DBL = 6
    DRB = 7


class Edge(IntEnum):
    """Edge slots; the first face names the sticker that defines the edge's orientation."""

    UR = 0
    UF = 1
    UL = 2
    UB = 3
    DR = 4
    DF = 5
    DL = 6
    DB = 7
    FR = 8
    FL = 9
    BL = 10
    BR = 11


N_CORNERS = len(Corner)  # 8
N_EDGES = len(Edge)  # 12
N_FACES = len(Face)  # 6


def facelets_per_face(size: int) -> int:
    """size*size stickers on one face."""
    _check_size(size)
    return size * size


def n_facelets(size: int) -> int:
    """6 faces times size*size stickers: 24 on a 2x2, 54 on a 3x3."""
    return N_FACES * facelets_per_face(size)


def _check_size(size: int) -> None:
    if size not in (2, 3):
        raise ValueError(f"only 2x2x2 and 3x3x3 cubes are modelled, not {size}")


def _grid_coordinate(index: int, size: int) -> int:
    """Map a row/column index 0..size-1 onto the cubie coordinate range (-1..1)."""
    return index - 1 if size == 3 else 2 * index - 1


def _facelet_position(face: Face, row: int, col: int, size: int) -> tuple[int, int, int]:
    r = _grid_coordinate(row, size)
    c = _grid_coordinate(col, size)
    # Each face is read as drawn in the net: row 0 is the net's top, column 0 its left.
    if face is Face.U:
        return (c, 1, r)  # top row lies at the back (z = -1)
    if face is Face.D:
        return (c, -1, -r)  # top row lies at the front (z = +1)
    if face is Face.F:
        return (c, -r, 1)
    if face is Face.B:
        return (-c, -r, -1)
    if face is Face.R:
        return (1, -r, -c)
    return (-1, -r, c)  # Face.L


@cache
def sticker_geometry(size: int) -> tuple[np.ndarray, np.ndarray]:
    """(positions, normals): int arrays (n_facelets, 3), the cubie each sticker sits on and its outward normal."""
    _check_size(size)
    positions = []
    normals = []
    for face in Face:
        for row in range(size):
            for col in range(size):
                positions.append(_facelet_position(face, row, col, size))
                normals.append(FACE_NORMALS[face])
    pos = np.array(positions, dtype=np.int8)
    nor = np.array(normals, dtype=np.int8)
    pos.setflags(write=False)
    nor.setflags(write=False)
    return pos, nor


def facelet_index(face: Face, position: int, size: int) -> int:
    """Index of sticker `position` (1-based, as in U1..U9) of `face`."""
    per_face = facelets_per_face(size)
    if not 1 <= position <= per_face:
        raise ValueError(f"a face of a {size}x{size} has stickers 1..{per_face}, not {position}")
    return per_face * int(face) + position - 1


def facelet_name(index: int, size: int) -> str:
    """'U1'..'B9' (3x3) or 'U1'..'B4' (2x2) for a facelet index."""
    per_face = facelets_per_face(size)
    return f"{Face(index // per_face).name}{index % per_face + 1}"


def _slot_position(name: str, size: int) -> tuple[int, int, int]:
    vector = np.zeros(3, dtype=int)
    for letter in name:
        vector += FACE_NORMALS[Face[letter]]
    x, y, z = (int(v) for v in vector)
    return x, y, z


def _stickers_at(position: tuple[int, int, int], size: int) -> list[int]:
    positions, _ = sticker_geometry(size)
    return [i for i in range(len(positions)) if tuple(int(v) for v in positions[i]) == position]


@cache
def corner_facelets(size: int) -> np.ndarray:
    """int array (8, 3): for each corner slot, its stickers with the U/D one first, then clockwise seen from outside."""
    _, normals = sticker_geometry(size)
    table = np.zeros((N_CORNERS, 3), dtype=np.int16)
    for corner in Corner:
        stickers: dict[Face, int] = {}  # filled below: every face of the corner has one sticker
        for index in _stickers_at(_slot_position(corner.name, size), size):
            face = Face(index // facelets_per_face(size))
            stickers[face] = index
        table[corner] = [stickers[Face[letter]] for letter in corner.name]
        a, b, c = (normals[i].astype(int) for i in table[corner])
        assert round(float(np.linalg.det(np.array([a, b, c])))) == -1, "corner faces must run clockwise"
    table.setflags(write=False)
    return table


@cache
def edge_facelets(size: int = 3) -> np.ndarray:
    """int array (12, 2): for each edge slot (3x3 only), its two stickers in the order of the slot's name."""
    if size != 3:
        raise ValueError("only the 3x3x3 has edge pieces")
    table = np.zeros((N_EDGES, 2), dtype=np.int16)
    for edge in Edge:
        stickers = {}
        for index in _stickers_at(_slot_position(edge.name, size), size):
            stickers[Face(index // 9)] = index
        table[edge] = [stickers[Face[letter]] for letter in edge.name]
    table.setflags(write=False)
    return table


def centre_facelets() -> np.ndarray:
    """int array (6,): the centre sticker of each face of the 3x3 (U5, R5, ...)."""
    return np.array([facelet_index(face, 5, 3) for face in Face], dtype=np.int16)


def corner_colours(size: int) -> np.ndarray:
    """int array (8, 3): the face colours of each corner piece, in its slot's sticker order when solved."""
    return corner_facelets(size) // facelets_per_face(size)


def edge_colours() -> np.ndarray:
    """int array (12, 2): the face colours of each edge piece, in its slot's sticker order when solved."""
    return edge_facelets(3) // 9
