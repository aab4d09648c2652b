"""Which cubies a turn moves and which way, in space; and back from a picked layer and direction to a `Turn`.

The engine defines turns as layer rotations (solvers.cube.moves.layer_turn); this module states the same rule in
the terms the view needs (axis, layer coordinates, counter-clockwise quarters about +axis) and tests check it
against the engine's states, so what the animation shows is what the model records.
"""

from __future__ import annotations

from dataclasses import dataclass

from solvers.cube.moves import FACE_AXIS, ROTATION_FOLLOWS, SLICE_FOLLOWS, Axis
from solvers.cube.notation import Turn
from solvers.cube.notation_nodes import QUARTERS_PER_TURN as QUARTERS
from solvers.nxn.moves import BlockTurn


@dataclass(frozen=True)
class LayerTurn:
    """A rotation in space: the cubies whose `axis` coordinate is in `layers` turn `quarters` x 90 deg CCW about +axis.

    `quarters` is in -2..2 (the short way round; a half turn is +2 or -2 as written).
    """

    axis: Axis
    layers: frozenset[int]
    quarters: int


def _grid(size: int) -> list[int]:
    return [-1, 0, 1] if size == 3 else [-1, 1]


def _short(quarters_ccw: int) -> int:
    q = quarters_ccw % QUARTERS
    return q - QUARTERS if q == 3 else q


def layer_turn_of(turn: Turn | BlockTurn, size: int) -> LayerTurn:
    """The spatial rotation a turn performs on a cube of `size`. A big cube's `BlockTurn` gives the engine's layer
    indices (0 = the R, U or F face) instead of grid coordinates."""
    if isinstance(turn, BlockTurn):
        return block_layer_turn(turn)
    name = turn.name
    if name in FACE_AXIS:
        axis, sign = FACE_AXIS[name]
        layers = {sign}
    elif name.endswith("w"):
        axis, sign = FACE_AXIS[name[:-1]]
        layers = {c for c in _grid(size) if size == 2 or c != -sign}  # a 2x2 wide turn moves the whole cube
    elif name in SLICE_FOLLOWS:
        axis, sign = FACE_AXIS[SLICE_FOLLOWS[name]]
        layers = {0}
    else:
        axis, sign = FACE_AXIS[ROTATION_FOLLOWS[name]]
        layers = set(_grid(size))
    # Clockwise seen from the face on the `sign` side is clockwise about sign*axis, i.e. -sign CCW about +axis.
    quarters_ccw = -sign * turn.amount
    quarters = _short(quarters_ccw)
    if turn.amount == 2:
        quarters = 2 if sign < 0 else -2  # keep the written direction for the animation
    return LayerTurn(axis, frozenset(layers), quarters)


def block_layer_turn(turn: BlockTurn) -> LayerTurn:
    """A block turn as a rotation: its layers first..last, clockwise from the positive face = -1 CCW about +axis."""
    quarters = _short(-turn.quarters)
    if turn.quarters == 2:
        quarters = -2
    return LayerTurn(Axis(int(turn.axis)), frozenset(range(turn.first, turn.last + 1)), quarters)


def turn_of_layer(axis: Axis, layer: int, quarters_ccw: int, size: int) -> Turn:
    """The notation for turning one layer (`layer` in the cubie grid) by quarters CCW about +axis.

    An outer layer gives a face turn; the middle layer of a 3x3 gives M/E/S.
    """
    if layer not in _grid(size):
        raise ValueError(f"a {size}x{size} cube has no layer {layer}")
    if layer == 0:
        name = next(s for s, face in SLICE_FOLLOWS.items() if FACE_AXIS[face][0] == axis)
        sign = FACE_AXIS[SLICE_FOLLOWS[name]][1]
    else:
        name = next(face for face, (a, s) in FACE_AXIS.items() if a == axis and s == layer)
        sign = layer
    amount = (-sign * quarters_ccw) % QUARTERS
    if amount == 0:
        raise ValueError("a turn by a whole number of full turns is no turn")
    return Turn(name, amount)
