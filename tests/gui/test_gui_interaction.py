"""Turning by hand: clicks and drags at computed sticker positions, keyboard turns, and undo/redo, each checked
against the exact move that reached the model."""

from __future__ import annotations

import numpy as np
import pytest
from PyQt6.QtCore import QPoint, Qt

from cubeviz.views.gl.animation import AnimationSpeed
from cubeviz.views.gl.cube_geometry import cube_geometry
from cubeviz.views.gl.cube_view import HINT_FRACTION
from solvers.cube.geometry import Face, facelet_index
from solvers.cube.notation import parse_algorithm

LEFT, RIGHT = Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton


def _sticker_point(view, face: Face, position: int) -> QPoint:
    geometry = cube_geometry(view.model.size)
    centre = geometry.sticker_centres[facelet_index(face, position, view.model.size)]
    x, y = view.camera.project(centre, view.width(), view.height())[0]
    return QPoint(int(round(x)), int(round(y)))


def _last_turns(model) -> list[str]:
    return [turn.notation for entry in model.history for turn in entry.turns]


def _drag(qtbot, view, start: QPoint, end: QPoint, steps: int = 8) -> None:
    qtbot.mousePress(view, LEFT, pos=start)
    for k in range(1, steps + 1):
        qtbot.mouseMove(view, start + (end - start) * (k / steps))
    qtbot.mouseRelease(view, LEFT, pos=end)


@pytest.mark.parametrize(
    ("face", "position", "button", "expected"),
    [(Face.F, 5, LEFT, "F"), (Face.F, 1, RIGHT, "F'"), (Face.U, 9, LEFT, "U"), (Face.R, 7, RIGHT, "R'")],
)
def test_click_turns_the_face(qtbot, cube_view, face, position, button, expected) -> None:
    qtbot.mouseClick(cube_view, button, pos=_sticker_point(cube_view, face, position))
    assert _last_turns(cube_view.model) == [expected]
    assert cube_view.model.state == parse_algorithm(expected).state(3)


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        ((Face.F, 4), (Face.F, 6), "E"),  # middle row of F to the right: E turns like D, which moves F to the right
        ((Face.F, 7), (Face.F, 9), "D"),
        ((Face.F, 9), (Face.F, 3), "R"),  # right column up
        ((Face.F, 2), (Face.F, 8), "M"),  # middle column down: M turns like L
        ((Face.U, 3), (Face.U, 9), "R'"),  # right column of U towards the viewer
        ((Face.R, 1), (Face.R, 3), "U'"),
        ((Face.R, 2), (Face.R, 8), "S"),  # middle column of R downwards: S turns like F
    ],
)
def test_drag_turns_the_dragged_layer(qtbot, cube_view, start, end, expected) -> None:
    _drag(qtbot, cube_view, _sticker_point(cube_view, *start), _sticker_point(cube_view, *end))
    assert _last_turns(cube_view.model) == [expected]
    assert cube_view.model.state == parse_algorithm(expected).state(3)


def test_drag_on_the_2x2(qtbot, cube_view) -> None:
    cube_view.model.set_size(2)
    _drag(qtbot, cube_view, _sticker_point(cube_view, Face.F, 4), _sticker_point(cube_view, Face.F, 2))
    assert _last_turns(cube_view.model) == ["R"]


def test_drag_on_background_orbits_without_turning(qtbot, cube_view) -> None:
    yaw, pitch = cube_view.camera.yaw, cube_view.camera.pitch
    _drag(qtbot, cube_view, QPoint(20, 20), QPoint(120, 60))
    assert cube_view.model.history == ()
    assert cube_view.camera.yaw != yaw and cube_view.camera.pitch != pitch
    cube_view.reset_view()
    assert (cube_view.camera.yaw, cube_view.camera.pitch) == (yaw, pitch)


def test_wheel_zooms(qtbot, cube_view) -> None:
    from PyQt6.QtCore import QPointF
    from PyQt6.QtGui import QWheelEvent
    from PyQt6.QtWidgets import QApplication

    def wheel(notches: int) -> None:
        centre = QPointF(cube_view.width() / 2, cube_view.height() / 2)
        event = QWheelEvent(
            centre,
            cube_view.mapToGlobal(centre),
            QPoint(0, 0),
            QPoint(0, 120 * notches),
            Qt.MouseButton.NoButton,
            Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase,
            False,
        )
        QApplication.sendEvent(cube_view, event)

    before = cube_view.camera.distance
    wheel(2)  # away from the user: closer
    assert cube_view.camera.distance == pytest.approx(before / 1.1**2)
    wheel(-4)
    assert cube_view.camera.distance == pytest.approx(before * 1.1**2)
    assert cube_view.model.history == ()


@pytest.mark.parametrize(
    ("key", "shift", "expected"),
    [(Qt.Key.Key_R, False, "R"), (Qt.Key.Key_U, True, "U'"), (Qt.Key.Key_X, False, "x"), (Qt.Key.Key_M, True, "M'")],
)
def test_keyboard_turns(qtbot, cube_view, key, shift, expected) -> None:
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    qtbot.keyClick(cube_view, key, modifier)
    assert _last_turns(cube_view.model) == [expected]


def test_no_slice_keys_on_the_2x2(qtbot, cube_view) -> None:
    cube_view.model.set_size(2)
    qtbot.keyClick(cube_view, Qt.Key.Key_E)
    assert cube_view.model.history == ()


def test_fast_turns_queue_and_land_in_order(qtbot, cube_view) -> None:
    cube_view.set_speed(AnimationSpeed.FAST)
    for key in (Qt.Key.Key_R, Qt.Key.Key_U, Qt.Key.Key_F, Qt.Key.Key_D):
        qtbot.keyClick(cube_view, key)
    assert _last_turns(cube_view.model) == ["R", "U", "F", "D"]
    assert cube_view.animating  # the picture lags behind the model
    qtbot.waitUntil(lambda: not cube_view.animating, timeout=20_000)
    assert cube_view.item.state == cube_view.model.state == parse_algorithm("R U F D").state(3)
    assert np.array_equal(cube_view.item.sticker_faces, cube_view.model.state.colours())


@pytest.mark.parametrize(
    ("face", "button", "expected"), [(Face.D, LEFT, "D"), (Face.B, RIGHT, "B'"), (Face.L, LEFT, "L")]
)
def test_hidden_stickers_turn_from_the_inset(qtbot, cube_view, face, button, expected) -> None:
    cube_view.set_show_hint(True)
    side = int(min(cube_view.width(), cube_view.height()) * HINT_FRACTION)
    back = cube_view._back_camera()
    centre = cube_geometry(3).sticker_centres[facelet_index(face, 5, 3)]
    x, y = back.project(centre, side, side)[0]
    inset_point = QPoint(cube_view.width() - side + int(round(x)), cube_view.height() - side + int(round(y)))
    qtbot.mouseClick(cube_view, button, pos=inset_point)
    assert _last_turns(cube_view.model) == [expected]


def test_drag_in_the_inset_turns_a_hidden_layer(qtbot, cube_view) -> None:
    cube_view.set_show_hint(True)
    side = int(min(cube_view.width(), cube_view.height()) * HINT_FRACTION)
    back = cube_view._back_camera()
    geometry = cube_geometry(3)

    def at(position: int) -> QPoint:
        x, y = back.project(geometry.sticker_centres[facelet_index(Face.B, position, 3)], side, side)[0]
        return QPoint(cube_view.width() - side + int(round(x)), cube_view.height() - side + int(round(y)))

    _drag(qtbot, cube_view, at(7), at(9))  # B's bottom row towards L: what D does (F -> R -> B -> L)
    assert _last_turns(cube_view.model) == ["D"]
    assert cube_view.model.state == parse_algorithm("D").state(3)
