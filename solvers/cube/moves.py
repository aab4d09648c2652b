"""Every turn of a 2x2x2 or 3x3x3 as data: a CubeState derived from rotating the stickers of a layer in space.

Face turns, wide turns, slices and whole-cube rotations all come from one rule (`layer_turn`): rotate the
stickers whose cubie lies in the chosen layers by a quarter turn about an axis. No permutation is typed by hand.
"""

from __future__ import annotations

from enum import IntEnum
from functools import cache

import numpy as np

from solvers.cube.geometry import Face, sticker_geometry
from solvers.cube.state import CubeState


class Axis(IntEnum):
    """The axes of the cube's space: x through R, y through U, z through F (right-handed)."""

    X = 0
    Y = 1
    Z = 2


class Move(IntEnum):
    """The 18 face turns of HTM, numbered face * 3 + (quarter turns - 1): U1 = U, U2 = U2, U3 = U'."""

    U1 = 0
    U2 = 1
    U3 = 2
    R1 = 3
    R2 = 4
    R3 = 5
    F1 = 6
    F2 = 7
    F3 = 8
    D1 = 9
    D2 = 10
    D3 = 11
    L1 = 12
    L2 = 13
    L3 = 14
    B1 = 15
    B2 = 16
    B3 = 17

    @property
    def face(self) -> Face:
        return Face(self // 3)

    @property
    def quarter_turns(self) -> int:
        """1, 2 or 3 clockwise quarter turns."""
        return self % 3 + 1

    @property
    def notation(self) -> str:
        return self.face.name + ("", "2", "'")[self % 3]

    @classmethod
    def of(cls, face: Face, quarter_turns: int) -> Move:
        return cls(int(face) * 3 + (quarter_turns % 4) - 1)

    def inverse(self) -> Move:
        return Move.of(self.face, 4 - self.quarter_turns)


N_MOVES = len(Move)  # 18 = 6 faces x 3 powers

# How each named turn moves layers: (axis, sign of the face it follows, which layers in units of that sign).
# The sign is +1 when the turn follows the face on the positive side of its axis (U, R, F) and -1 for D, L, B;
# turning "clockwise" means clockwise as seen looking at that face.
FACE_AXIS: dict[str, tuple[Axis, int]] = {
    "U": (Axis.Y, +1),
    "D": (Axis.Y, -1),
    "R": (Axis.X, +1),
    "L": (Axis.X, -1),
    "F": (Axis.Z, +1),
    "B": (Axis.Z, -1),
}
# Slices follow the direction of the face named by WCA: M like L, E like D, S like F.
SLICE_FOLLOWS = {"M": "L", "E": "D", "S": "F"}
# Rotations follow: x like R, y like U, z like F.
ROTATION_FOLLOWS = {"x": "R", "y": "U", "z": "F"}

BASIC_TURN_NAMES = tuple(FACE_AXIS) + tuple(f"{f}w" for f in FACE_AXIS) + tuple(SLICE_FOLLOWS) + tuple(ROTATION_FOLLOWS)


def _quarter_rotation(axis: int, quarter_turns_ccw: int) -> np.ndarray:
    """Integer rotation matrix for counter-clockwise quarter turns about +axis (right-hand rule)."""
    base = {
        Axis.X: np.array([[1, 0, 0], [0, 0, -1], [0, 1, 0]]),
        Axis.Y: np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]]),
        Axis.Z: np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]]),
    }[Axis(axis)]
    return np.linalg.matrix_power(base, quarter_turns_ccw % 4)


def layer_turn(size: int, axis: int, layers: frozenset[int], quarter_turns_ccw: int) -> CubeState:
    """The state reached from solved by turning the cubies whose `axis` coordinate is in `layers`."""
    positions, normals = sticker_geometry(size)
    rotation = _quarter_rotation(axis, quarter_turns_ccw)
    where = {(tuple(p), tuple(n)): i for i, (p, n) in enumerate(zip(positions.tolist(), normals.tolist(), strict=True))}
    solved_colours = CubeState.solved(size).colours()
    colours = solved_colours.copy()
    for index in range(len(positions)):
        if positions[index, axis] in layers:
            moved = (tuple((rotation @ positions[index]).tolist()), tuple((rotation @ normals[index]).tolist()))
            target = where[moved]
            colours[target] = solved_colours[index]
    return CubeState.from_colours(size, colours)


def _layer_coordinates(size: int) -> list[int]:
    return [-1, 0, 1] if size == 3 else [-1, 1]


@cache
def basic_turn(size: int, name: str) -> CubeState:
    """One clockwise quarter of a named turn: a face (U..B), wide (Uw..Bw), slice (M E S) or rotation (x y z).

    Raises ValueError for a turn the cube does not have (slices on a 2x2x2).
    """
    if name in FACE_AXIS:
        axis, sign = FACE_AXIS[name]
        return layer_turn(size, axis, frozenset({sign}), -sign)
    if name.endswith("w") and name[:-1] in FACE_AXIS:
        axis, sign = FACE_AXIS[name[:-1]]
        # Every layer but the far face's: two layers on a 3x3, the whole cube on a 2x2.
        # (on a 2x2x2 the far face's coordinate is -sign too, so drop nothing there: both layers turn)
        layers = frozenset(c for c in _layer_coordinates(size) if size == 2 or c != -sign)
        return layer_turn(size, axis, layers, -sign)
    if name in SLICE_FOLLOWS:
        if size != 3:
            raise ValueError(f"a {size}x{size}x{size} cube has no middle slice for {name}")
        axis, sign = FACE_AXIS[SLICE_FOLLOWS[name]]
        return layer_turn(size, axis, frozenset({0}), -sign)
    if name in ROTATION_FOLLOWS:
        axis, sign = FACE_AXIS[ROTATION_FOLLOWS[name]]
        return layer_turn(size, axis, frozenset(_layer_coordinates(size)), -sign)
    raise ValueError(f"unknown turn {name!r}")


@cache
def move_state(size: int, move: Move) -> CubeState:
    """The face turn `move` as a state of a size x size cube."""
    return basic_turn(size, move.face.name) ** move.quarter_turns


def apply_moves(state: CubeState, moves) -> CubeState:
    """Apply a sequence of `Move`s to `state`."""
    for move in moves:
        state = state * move_state(state.size, Move(move))
    return state


@cache
def whole_cube_rotations(size: int) -> tuple[CubeState, ...]:
    """The 24 orientations of the whole cube as states (identity first), generated from x and y."""
    x, y = basic_turn(size, "x"), basic_turn(size, "y")
    found = [CubeState.solved(size)]
    frontier = list(found)
    seen = set(found)
    while frontier:
        nxt = []
        for state in frontier:
            for generator in (x, y):
                candidate = state * generator
                if candidate not in seen:
                    seen.add(candidate)
                    found.append(candidate)
                    nxt.append(candidate)
        frontier = nxt
    assert len(found) == 24
    return tuple(found)


def centres_home(state: CubeState) -> tuple[CubeState, CubeState]:
    """(state * r, r) for the whole-cube rotation r that brings a 3x3's centres home; (state, identity) when it
    is home already, is not a 3x3, or no rotation does it (the solvers' own check then says why).

    Why: the 3x3 engines take states with their centres home, while a cube on screen may have been turned with
    x, y or z."""
    identity = CubeState.solved(state.size)
    home = CubeState.solved(3).centres
    if state.size != 3 or (state.centres == home).all():
        return state, identity
    for rotation in whole_cube_rotations(3):
        turned = state * rotation
        if (turned.centres == home).all():
            return turned, rotation
    return state, identity
