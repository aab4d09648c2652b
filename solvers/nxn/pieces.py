"""The pieces of an NxNxN cube: corner, edge (wing and middle edge) and centre slots, and the orbits of stickers.

Pieces are found from geometry: stickers whose cubie (the sticker point pulled in to the outer layer) is the same
make up one piece. An *orbit* is a set of sticker positions that turns can permute among themselves (computed as
the orbits of the group the single-layer quarter turns generate): the 24 corner stickers, per wing orbit two sets
of 24 (one sticker of each wing in each), the 24 middle-edge stickers of an odd cube, 24-sticker centre orbits
and, on an odd cube, the 6 fixed centres.

Names: corner slots like the 3x3x3's (`URF`: U/D face first, then clockwise), edge slots `UF`..`BR`, a wing by
its slot and place along the edge counted from the slot's first face's left as printed (`UF wing 2`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

import numpy as np

from solvers.nxn.geometry import FACE_AXIS, Axis, Face, layer_quarter, n_stickers, sticker_layers, sticker_positions

CORNER_NAMES = ("URF", "UFL", "ULB", "UBR", "DFR", "DLF", "DBL", "DRB")
EDGE_NAMES = ("UR", "UF", "UL", "UB", "DR", "DF", "DL", "DB", "FR", "FL", "BL", "BR")


class Kind(Enum):
    CORNER = "corner"
    WING = "wing"
    MIDDLE_EDGE = "middle edge"
    CENTRE = "centre"
    FIXED_CENTRE = "fixed centre"


@dataclass(frozen=True)
class Orbit:
    """Sticker positions (sorted) that turns permute among themselves, and what kind of piece they belong to."""

    kind: Kind
    stickers: np.ndarray


def _cubie(size: int) -> np.ndarray:
    return np.clip(sticker_positions(size), -(size - 1), size - 1)


def _faces_of(size: int, index: int) -> Face:
    return Face(index // (size * size))


@cache
def pieces(size: int) -> tuple[tuple[int, ...], ...]:
    """Every piece as the tuple of its sticker indices (sorted by face)."""
    groups: dict[tuple[int, int, int], list[int]] = {}
    for index, point in enumerate(_cubie(size).tolist()):
        groups.setdefault(tuple(point), []).append(index)
    return tuple(tuple(sorted(group)) for group in groups.values())


@cache
def partner_table(size: int) -> np.ndarray:
    """int array (6N^2,): for an edge sticker the other sticker of its piece; -1 for others."""
    table = np.full(n_stickers(size), -1, dtype=np.int32)
    for piece in pieces(size):
        if len(piece) == 2:
            table[piece[0]], table[piece[1]] = piece[1], piece[0]
    return table


@cache
def corner_slots(size: int) -> np.ndarray:
    """int array (8, 3): each corner slot's stickers, U/D sticker first, then clockwise seen from outside."""
    normals = {face: np.array(_normal(face)) for face in Face}
    table = np.zeros((8, 3), dtype=np.int32)
    for slot, name in enumerate(CORNER_NAMES):
        point = sum(normals[Face[letter]] for letter in name) * (size - 1)
        stickers = {}
        for index in np.nonzero((_cubie(size) == point).all(axis=1))[0].tolist():
            stickers[_faces_of(size, index)] = index
        table[slot] = [stickers[Face[letter]] for letter in name]
    table.setflags(write=False)
    return table


def _normal(face: Face) -> tuple[int, int, int]:
    axis, sign = FACE_AXIS[face]
    vector = [0, 0, 0]
    vector[axis] = sign
    return vector[0], vector[1], vector[2]


@cache
def edge_slots(size: int) -> np.ndarray:
    """int array (12, N-2, 2): each edge slot's stickers along the edge (first face's sticker, second face's),
    ordered by the first face's reading order."""
    table = np.zeros((12, max(size - 2, 0), 2), dtype=np.int32)
    partner = partner_table(size)
    per_face = size * size
    for slot, name in enumerate(EDGE_NAMES):
        first, second = Face[name[0]], Face[name[1]]
        candidates = [
            index
            for index in range(int(first) * per_face, (int(first) + 1) * per_face)
            if partner[index] >= 0 and _faces_of(size, int(partner[index])) == second
        ]
        for place, index in enumerate(sorted(candidates)):
            table[slot, place] = (index, partner[index])
    table.setflags(write=False)
    return table


@cache
def orbits(size: int) -> tuple[Orbit, ...]:
    """The sticker orbits of a size-N cube (union-find over every single-layer quarter turn)."""
    parent = np.arange(n_stickers(size))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = int(parent[i])
        return i

    for axis in Axis:
        for layer in range(size):
            gather = layer_quarter(size, axis, layer)
            for i in np.nonzero(gather != np.arange(len(gather)))[0].tolist():
                a, b = find(i), find(int(gather[i]))
                if a != b:
                    parent[a] = b
    members: dict[int, list[int]] = {}
    for i in range(n_stickers(size)):
        members.setdefault(find(i), []).append(i)
    found = []
    piece_size = {index: len(piece) for piece in pieces(size) for index in piece}
    middle = size // 2
    for stickers in members.values():
        count = piece_size[stickers[0]]
        if count == 3:
            kind = Kind.CORNER
        elif count == 2:
            odd_middle = size % 2 == 1 and (sticker_layers(size)[stickers[0]] == middle).any()
            kind = Kind.MIDDLE_EDGE if odd_middle else Kind.WING
        else:
            kind = Kind.FIXED_CENTRE if len(stickers) == 6 else Kind.CENTRE
        found.append(Orbit(kind, np.array(sorted(stickers), dtype=np.int32)))
    found.sort(key=lambda orbit: (list(Kind).index(orbit.kind), int(orbit.stickers[0])))
    return tuple(found)


def wing_name(size: int, index: int) -> str:
    """'UF wing 2' for a sticker of a wing (1-based place along its edge slot)."""
    slots = edge_slots(size)
    where = np.argwhere(slots == index)
    slot, place, _ = where[0].tolist()
    return f"{EDGE_NAMES[slot]} wing {place + 1}"
