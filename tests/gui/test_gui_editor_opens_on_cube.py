"""The Editor opens on the cube on screen and says so; colours the user painted stay when they come back; Fill from
Cube starts again from the cube on screen."""

from __future__ import annotations

import numpy as np
from PyQt6.QtCore import Qt
from window_helpers import active_main_window

from solvers.cube.geometry import Face

SCRAMBLE = "R U F' L2 D B' R2 U' F2 L"


def _show_editor(window, qtbot):
    window.tabs.setCurrentWidget(window.net_editor)
    qtbot.waitExposed(window.net_editor.canvas, timeout=20_000)
    return window.net_editor


def test_the_editor_shows_the_cube_on_screen_and_says_so(qtbot):
    window = active_main_window(qtbot, 3, seed=4)
    window.model.apply_text(SCRAMBLE)
    panel = _show_editor(window, qtbot)
    assert np.array_equal(panel.model.colours, window.model.state.colours())
    assert panel.model.verdict.valid and panel.model.verdict.state == window.model.state
    assert "cube on screen" in panel.origin.text() and panel.origin.isVisible()
    assert not panel.model.undo_stack.canUndo()  # opening on the cube is where editing starts, not an edit
    assert panel.canvas.isVisible()


def test_the_editor_follows_the_cube_until_painted_and_keeps_the_painting(qtbot):
    window = active_main_window(qtbot, 3, seed=4)
    panel = _show_editor(window, qtbot)
    window.tabs.setCurrentWidget(window.cube_view)
    window.model.apply_text("R U")
    panel = _show_editor(window, qtbot)
    assert np.array_equal(panel.model.colours, window.model.state.colours())  # untouched: it follows the cube
    qtbot.mouseClick(panel.palette.buttons[Face.D], Qt.MouseButton.LeftButton)
    sticker = panel.canvas.sticker_rect(0).center().toPoint()  # U1, a corner sticker
    qtbot.mouseClick(panel.canvas, Qt.MouseButton.LeftButton, pos=sticker)
    painted = panel.model.colours.copy()
    assert not np.array_equal(painted, window.model.state.colours())
    assert "Your colouring" in panel.origin.text()
    window.tabs.setCurrentWidget(window.cube_view)
    window.model.apply_text("F")
    panel = _show_editor(window, qtbot)
    assert np.array_equal(panel.model.colours, painted)  # the user's work is kept
    qtbot.mouseClick(panel.fill_button, Qt.MouseButton.LeftButton)
    assert np.array_equal(panel.model.colours, window.model.state.colours())
    assert "cube on screen" in panel.origin.text()


def test_the_editor_opens_on_a_2x2_on_screen(qtbot):
    window = active_main_window(qtbot, 2, seed=4)
    window.model.apply_text("R U' F2")
    panel = _show_editor(window, qtbot)
    assert panel.model.size == 2 and np.array_equal(panel.model.colours, window.model.state.colours())
