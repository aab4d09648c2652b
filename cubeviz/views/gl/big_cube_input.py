"""Hand turns of a big cube: the block turn a click, a drag or a key asks for. Qt-free apart from key codes.

A click turns the face the sticker shows, as on the 3x3x3. A drag turns the layer under the sticker (inner layers
too) the way the sticker was dragged; with Shift, every layer from the nearer face up to that one (a wide turn).
Keys: U D L R F B turn that face, M E S the middle slice of an odd cube, x y z the whole cube; typed after a
number (1 to the cube's size, several digits allowed) a face key turns that layer alone (`3` then `R` is 3R);
Shift makes any of them anticlockwise.
"""

from __future__ import annotations

import numpy as np
from PyQt6.QtCore import Qt

from cubeviz.views.gl.big_cube_mesh import BigCubeGeometry
from solvers.nxn.geometry import FACE_AXIS, Axis, Face
from solvers.nxn.moves import BlockTurn, face_turn
from solvers.nxn.notation import format_turn

CLOCKWISE, ANTICLOCKWISE = 1, 3
_FACE_KEYS = {getattr(Qt.Key, f"Key_{face.name}").value: face for face in Face}
_SLICE_KEYS = {Qt.Key.Key_M.value: Face.L, Qt.Key.Key_E.value: Face.D, Qt.Key.Key_S.value: Face.F}
_ROTATION_KEYS = {Qt.Key.Key_X.value: Axis.X, Qt.Key.Key_Y.value: Axis.Y, Qt.Key.Key_Z.value: Axis.Z}
_MODIFIER_KEYS = frozenset(
    key.value for key in (Qt.Key.Key_Shift, Qt.Key.Key_Control, Qt.Key.Key_Alt, Qt.Key.Key_Meta, Qt.Key.Key_AltGr)
)
_SHORTCUT_MODIFIERS = (
    Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier
)


def sticker_face(geometry: BigCubeGeometry, facelet: int) -> Face:
    return Face(facelet // (geometry.size * geometry.size))


def click_block_turn(geometry: BigCubeGeometry, facelet: int, clockwise: bool) -> BlockTurn:
    """The face the sticker shows, a quarter turn clockwise (left button) or anticlockwise (right) seen from it."""
    return face_turn(int(sticker_face(geometry, facelet)), CLOCKWISE if clockwise else ANTICLOCKWISE, geometry.size)


def drag_block_turn(geometry: BigCubeGeometry, facelet: int, drag: np.ndarray, wide: bool = False) -> BlockTurn:
    """The quarter turn of the sticker's layer that moves it along the drag's dominant in-plane direction.

    Turning CCW about axis a = n x d moves a point of the face with normal n in direction d (as on the 3x3x3);
    the layer is the sticker's own along that axis; `wide` takes every layer from the nearer face to it.
    """
    normal = geometry.sticker_normals[facelet]
    in_plane = drag - (drag @ normal) * normal
    along = int(np.argmax(np.abs(in_plane)))
    direction = np.zeros(3)
    direction[along] = np.sign(in_plane[along])
    rotation_axis = np.cross(normal, direction)
    axis = int(np.argmax(np.abs(rotation_axis)))
    quarters_ccw = int(np.sign(rotation_axis[axis]))
    layer = int(geometry.sticker_layer[facelet, axis])
    first = last = layer
    if wide:
        first, last = (0, layer) if 2 * layer < geometry.size - 1 or layer == 0 else (layer, geometry.size - 1)
    return BlockTurn(Axis(axis), first, last, CLOCKWISE if quarters_ccw < 0 else ANTICLOCKWISE)


def hover_text(geometry: BigCubeGeometry, facelet: int) -> str:
    """The status-bar hint over a sticker of a big cube."""
    size = geometry.size
    clockwise = format_turn(click_block_turn(geometry, facelet, True), size)
    anticlockwise = format_turn(click_block_turn(geometry, facelet, False), size)
    return (
        f"Click: turn {clockwise} · right-click: {anticlockwise} · drag: turn the layer under the sticker "
        "(Shift+drag: every layer from the face to it)"
    )


class LayerKeys:
    """Turns from keys, remembering a typed layer number until the next face key (or any other key)."""

    def __init__(self) -> None:
        self.prefix = ""

    def turn_for_key(self, key: int, modifiers: Qt.KeyboardModifier, size: int) -> BlockTurn | None:
        """The turn the key asks for; None for a digit (remembered), a shortcut, or a key that turns nothing."""
        if modifiers & _SHORTCUT_MODIFIERS:
            self.prefix = ""
            return None
        key = int(key)
        if key in _MODIFIER_KEYS:  # Shift pressed on the way to an anticlockwise turn keeps the number
            return None
        if Qt.Key.Key_0.value <= key <= Qt.Key.Key_9.value:
            self.prefix += chr(key)
            return None
        prefix, self.prefix = self.prefix, ""
        quarters = ANTICLOCKWISE if modifiers & Qt.KeyboardModifier.ShiftModifier else CLOCKWISE
        if key in _FACE_KEYS:
            depth = int(prefix) if prefix else 1
            if not 1 <= depth <= size:
                return None
            face = _FACE_KEYS[key]
            axis, sign = FACE_AXIS[face]
            if sign > 0:
                return BlockTurn(axis, depth - 1, depth - 1, quarters)
            return BlockTurn(axis, size - depth, size - depth, 4 - quarters)
        if key in _SLICE_KEYS and size % 2 == 1 and not prefix:
            axis, sign = FACE_AXIS[_SLICE_KEYS[key]]
            return BlockTurn(axis, size // 2, size // 2, quarters if sign > 0 else 4 - quarters)
        if key in _ROTATION_KEYS and not prefix:
            return BlockTurn(_ROTATION_KEYS[key], 0, size - 1, quarters)
        return None
