"""The net editor driven like a person would: palette clicks and sticker clicks, keyboard entry, drags, undo;
Apply loads the entered cube into the main model, whose state must equal the scramble that was copied."""

from __future__ import annotations

import pytest
from PyQt6.QtCore import QPoint, Qt
from window_helpers import active_main_window

from solvers.cube.formats import to_colour_letters
from solvers.cube.geometry import Face, centre_facelets, n_facelets
from solvers.cube.notation import parse_algorithm

SCRAMBLE_3 = "R U F' L2 D B' R2 U' F2 L"
SCRAMBLE_2 = "R U' F2 R' U F'"


@pytest.fixture
def window(qtbot):
    window = active_main_window(qtbot, 3, seed=11)
    window.tabs.setCurrentWidget(window.net_editor)
    qtbot.waitExposed(window.net_editor.canvas, timeout=20_000)
    return window


def sticker_point(canvas, facelet: int) -> QPoint:
    return canvas.sticker_rect(facelet).center().toPoint()


def paint_by_clicks(qtbot, panel, colours) -> None:
    """Choose each colour on the palette, then click every sticker that has it."""
    for face in Face:
        qtbot.mouseClick(panel.palette.buttons[face], Qt.MouseButton.LeftButton)
        for facelet in [i for i, c in enumerate(colours) if c == face]:
            qtbot.mouseClick(panel.canvas, Qt.MouseButton.LeftButton, pos=sticker_point(panel.canvas, facelet))


def test_window_has_the_editor(window) -> None:
    panel = window.net_editor
    assert window.tabs.tabText(window.tabs.indexOf(panel)) == "Editor"
    assert {"editor_open", "editor_save", "editor_paste", "editor_copy"} <= set(window.actions)
    assert panel.model.verdict.valid and panel.apply_button.isEnabled()


def test_paint_a_scrambled_3x3_by_mouse_and_apply(qtbot, window) -> None:
    panel = window.net_editor
    expected = parse_algorithm(SCRAMBLE_3).state(3)
    qtbot.mouseClick(panel.clear_button, Qt.MouseButton.LeftButton)
    assert panel.model.verdict.message == "48 stickers still blank"
    assert not panel.apply_button.isEnabled()
    paint_by_clicks(qtbot, panel, expected.colours().tolist())
    assert panel.model.verdict.valid, panel.model.verdict.message
    assert panel.apply_button.isEnabled()
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert window.model.state == expected
    assert window.tabs.currentWidget() is window.cube_view
    assert window.model.undo_stack.count() == 1  # Apply is one undoable step on the main cube


def test_centres_are_fixed_and_orientation_sets_them(qtbot, window) -> None:
    panel = window.net_editor
    u_centre = int(centre_facelets()[Face.U])
    qtbot.mouseClick(panel.palette.buttons[Face.R], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.canvas, Qt.MouseButton.LeftButton, pos=sticker_point(panel.canvas, u_centre))
    assert panel.model.colour_at(u_centre) == Face.U
    panel.top_box.setCurrentIndex(panel.top_box.findData(int(Face.F)))
    panel.top_box.activated.emit(panel.top_box.currentIndex())
    panel.front_box.setCurrentIndex(panel.front_box.findData(int(Face.D)))
    panel.front_box.activated.emit(panel.front_box.currentIndex())
    centres = panel.model.colours[centre_facelets()]
    assert centres[Face.U] == Face.F and centres[Face.F] == Face.D and sorted(centres.tolist()) == list(range(6))


def test_keyboard_entry_of_a_2x2_then_apply_switches_the_main_cube(qtbot, window) -> None:
    panel = window.net_editor
    panel.size_box.setCurrentIndex(panel.size_box.findData(2))
    panel.size_box.activated.emit(panel.size_box.currentIndex())
    assert panel.model.size == 2
    expected = parse_algorithm(SCRAMBLE_2).state(2)
    qtbot.mouseClick(panel.clear_button, Qt.MouseButton.LeftButton)
    canvas = panel.canvas
    qtbot.mouseClick(canvas, Qt.MouseButton.RightButton, pos=sticker_point(canvas, 0))  # move the cursor to U1
    assert canvas.cursor == 0
    letters = to_colour_letters(expected, panel.model.scheme)
    for letter in letters[:-1]:
        qtbot.keyClick(canvas, letter.lower())
    last = str(int(expected.colours()[-1]) + 1)  # the last sticker by number key 1-6
    qtbot.keyClick(canvas, last)
    assert panel.model.letters() == letters
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert window.model.size == 2 and window.model.state == expected


def test_arrow_keys_walk_the_net(qtbot, window) -> None:
    canvas = window.net_editor.canvas
    canvas.setFocus()
    canvas.cursor = 6  # U7, bottom-left of U
    qtbot.keyClick(canvas, Qt.Key.Key_Down)
    assert canvas.cursor == 18  # F1
    qtbot.keyClick(canvas, Qt.Key.Key_Left)
    assert canvas.cursor == 38  # L3
    qtbot.keyClick(canvas, Qt.Key.Key_Up)  # above L is empty: stays
    assert canvas.cursor == 38
    qtbot.keyClick(canvas, Qt.Key.Key_Delete)
    assert window.net_editor.model.colour_at(38) == -1


def test_a_drag_paints_a_row_in_one_undo_step(qtbot, window) -> None:
    panel = window.net_editor
    canvas = panel.canvas
    qtbot.mouseClick(panel.palette.buttons[Face.B], Qt.MouseButton.LeftButton)
    f1, f3 = 18, 20
    qtbot.mousePress(canvas, Qt.MouseButton.LeftButton, pos=sticker_point(canvas, f1))
    qtbot.mouseMove(canvas, sticker_point(canvas, f1 + 1))
    qtbot.mouseMove(canvas, sticker_point(canvas, f3))
    qtbot.mouseRelease(canvas, Qt.MouseButton.LeftButton, pos=sticker_point(canvas, f3))
    assert [panel.model.colour_at(i) for i in (f1, f1 + 1, f3)] == [Face.B] * 3
    assert panel.model.undo_stack.count() == 1
    assert panel.preview.item.sticker_faces[f1] == Face.B  # the 3D view follows live
    canvas.setFocus()
    qtbot.keyClick(canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # editor undo, not the cube's
    assert [panel.model.colour_at(i) for i in (f1, f1 + 1, f3)] == [Face.F] * 3
    qtbot.keyClick(canvas, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert panel.model.colour_at(f1) == Face.B
    qtbot.mouseClick(panel.undo_button, Qt.MouseButton.LeftButton)
    assert panel.model.colour_at(f1) == Face.F


def test_fill_from_cube_and_random(qtbot, window) -> None:
    panel = window.net_editor
    window.model.apply_text("R U")
    qtbot.mouseClick(panel.fill_button, Qt.MouseButton.LeftButton)
    assert panel.model.verdict.state == window.model.state
    qtbot.mouseClick(panel.random_button, Qt.MouseButton.LeftButton)
    assert panel.model.verdict.valid and len(panel.model.colours) == n_facelets(3)
    assert panel.model.verdict.state != window.model.state
