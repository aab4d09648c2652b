"""Defects a user meets on a walk through the app, each driven as the user drives it: solving right after a
scramble solves the scrambled cube; typing a face's nine letters fills exactly that face; cancelling an optimal
search keeps the best solution it had shown."""

from __future__ import annotations

import itertools
import random

import pytest
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtWidgets import QLabel, QSpinBox, QToolButton
from solve_helpers import make_window, solve_and_wait

from cubeviz.insight.export_actions import ExportOptions
from cubeviz.solve import SolverChoice
from cubeviz.solve.progress_panel import Stage
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState


def test_solve_pressed_while_a_scramble_is_made_solves_the_scrambled_cube(qtbot):
    window = make_window(qtbot, 3)
    feature = window.solve_feature
    feature.set_choice(SolverChoice.TWOPHASE)
    window.actions["scramble_state"].trigger()  # computed in a worker: the cube changes a moment later
    assert window.scramble_pending
    status = solve_and_wait(qtbot, window)  # Ctrl+Return at once, as a quick user does
    assert status == ""
    start = feature.session.start_state
    assert start != CubeState.solved(3) and len(feature.session.solutions) >= 1
    assert start == window.model.history[-1].after  # the scramble's state, not the solved cube before it
    best = feature.session.solutions[-1]
    assert best.length > 0 and parse_algorithm(best.text, 3).state(3, start=start).is_solved()
    assert feature.playback.synced  # the solution is for the cube on screen


def test_typing_a_face_row_by_row_fills_that_face(qtbot):
    window = make_window(qtbot, 3)
    window.model.apply_text("R U F' L2 D B'")
    window.cube_view.finish_animation()
    editor = window.net_editor
    window.tabs.setCurrentWidget(editor)
    editor.fill_button.click()
    wanted = editor.model.letters()
    editor.clear_button.click()
    canvas = editor.canvas
    canvas.setFocus()
    canvas.cursor = 0
    qtbot.keyClicks(canvas, wanted)  # all 54 letters, the fixed centres' too
    assert editor.model.letters() == wanted
    assert editor.model.verdict.valid


def test_cancel_keeps_the_best_solution_the_search_had(qtbot):
    window = make_window(qtbot, 3)
    feature = window.solve_feature
    feature.set_choice(SolverChoice.OPTIMAL_HTM)
    start = random_state(3, random.Random(21))
    window.model.set_state(start, "random state")
    ended: list[str] = []
    feature.session.ended.connect(ended.append)
    window.actions["solve"].trigger()
    qtbot.waitUntil(lambda: bool(feature.session.solutions), timeout=120_000)  # the search's first answer
    best = feature.session.solutions[-1]
    assert not best.proven_optimal
    qtbot.mouseClick(feature.dock.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(ended), timeout=20_000)
    progress = feature.dock.progress
    assert ended == ["cancelled"] and progress.stage is Stage.CANCELLED
    assert f"({best.length} moves, not proven optimal) is kept" in progress.status.text()
    player = window.player_model
    assert player.has_solution and player.length == best.length
    assert parse_algorithm(player.text(), 3).state(3, start=start).is_solved()


@pytest.mark.parametrize("animation", [False, True])
def test_export_dialogs_show_their_labels_and_their_whole_title(qtbot, animation):
    window = make_window(qtbot, 3)
    dialog = ExportOptions(window, (640, 480), animation=animation)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog, timeout=20_000)
    shown = [w for w in dialog.findChildren((QLabel, QSpinBox)) if w.isVisible()]
    assert len(shown) == (8 if animation else 4)  # a label and a box per row, nothing else
    for a, b in itertools.combinations(shown, 2):
        assert not a.geometry().intersects(b.geometry()), (a, b)
    title = dialog.fontMetrics().horizontalAdvance(dialog.windowTitle())
    assert dialog.width() >= title + 100


def test_a_drag_across_the_view_orbits_half_round_and_up_stays_up(qtbot):
    window = make_window(qtbot, 3)
    window.resize(1560, 1000)  # a wide view: a fixed degrees-per-pixel rate would swing far past half round
    view = window.cube_view
    qtbot.waitUntil(lambda: view.width() > 700, timeout=20_000)  # the window's size reaches the view's layout
    yaw, pitch = view.camera.yaw, view.camera.pitch
    y = 8  # along the top edge: background, so the drag orbits instead of turning a layer
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=QPoint(2, y))
    for k in range(1, 21):
        qtbot.mouseMove(view, QPoint(2 + (view.width() - 4) * k // 20, y))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=QPoint(view.width() - 2, y))
    turned = (yaw - view.camera.yaw) % 360.0
    assert 170.0 <= turned <= 185.0, turned
    assert view.camera.pitch == pytest.approx(pitch) and window.model.is_solved()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=QPoint(2, y))
    for k in range(1, 41):
        qtbot.mouseMove(view, QPoint(2, y + 40 * k))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=QPoint(2, y + 1600))
    assert abs(view.camera.pitch) < 90.0  # never over the pole: up stays up


def test_the_first_screen_has_a_scramble_button_that_names_its_key(qtbot):
    window = make_window(qtbot, 3)
    buttons = {button.text(): button for button in window.cube_toolbar.findChildren(QToolButton)}
    scramble = buttons["Scramble (moves)"]
    assert scramble.isVisible() and buttons["Scramble"].isVisible() and buttons["Solve"].isVisible()
    assert "Ctrl+R" in buttons["Scramble"].toolTip() and "Ctrl+Shift+R" in scramble.toolTip()
    qtbot.mouseClick(scramble, Qt.MouseButton.LeftButton)
    assert not window.model.is_solved()
    assert buttons["Undo"].isEnabled() and "Ctrl+Z" in buttons["Undo"].toolTip()
    window.tabs.setCurrentWidget(window.packing_browser)
    assert not window.cube_toolbar.isVisible()  # the Packings tab gets the room


def test_the_distance_dock_shows_its_whole_key_and_caption(qtbot):
    window = make_window(qtbot, 2)
    window.resize(1366, 768)
    insight = window.insight
    insight.meter_dock.show()
    insight.meter_dock.raise_()
    window.model.apply_text("R U F' R2 U' F")
    qtbot.waitUntil(lambda: "distance" in insight.meter.label.text(), timeout=20_000)
    meter, dock = insight.meter, insight.meter_dock
    assert dock.widget() is meter  # no scroll area around the plot: it shrinks with the dock
    assert meter.geometry().right() < dock.width() and meter.geometry().bottom() < dock.height()
    for label in (meter.key, meter.label):  # the whole key and caption, wrapped if need be
        assert label.isVisible() and label.heightForWidth(label.width()) <= label.height()
