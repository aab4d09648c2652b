"""The main window: opens under X with its menus and shortcuts, shows the cube as a net, applies a typed
algorithm, scrambles, undoes and redoes, switches puzzles, and reads out solved / distance in the status bar."""

from __future__ import annotations

import pytest
from gui_helpers import pixel
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QGuiApplication, QKeySequence
from window_helpers import active_main_window, settled

from cubeviz.main_window import MainWindow
from cubeviz.views.gl.animation import AnimationSpeed
from solvers.cube.geometry import Face
from solvers.cube.notation import parse_algorithm


@pytest.fixture
def window(qtbot):
    return active_main_window(qtbot, 3, seed=7)


def _net_colours(window) -> list[tuple[int, int, int]]:
    image = window.net_view.grab().toImage()
    ratio = image.devicePixelRatio()
    out = []
    for facelet in range(6 * window.model.size**2):
        centre = window.net_view.sticker_rect(facelet).center()
        out.append(pixel(image, centre.x() * ratio, centre.y() * ratio))
    return out


def _expected_net(window) -> list[tuple[int, int, int]]:
    return [tuple(window.scheme.rgb[Face(int(c))]) for c in window.model.state.colours()]


def test_window_has_title_menus_shortcuts_and_status(window) -> None:
    assert window.windowTitle() == "cubeviz"
    titles = [action.text().replace("&", "") for action in window.menuBar().actions()]
    assert titles[:3] == ["File", "Edit", "View"] and titles[-1] == "Help"  # features add theirs in between
    assert window.actions["undo"].shortcut() == QKeySequence("Ctrl+Z")
    assert window.actions["redo"].shortcut() == QKeySequence("Ctrl+Shift+Z")
    assert window.actions["quit"].shortcut() == QKeySequence(QKeySequence.StandardKey.Quit)
    assert window.solved_label.text() == "Solved"
    assert window.statusBar().isVisible()


def test_net_shows_the_solved_cube_then_the_typed_algorithm(qtbot, window) -> None:
    assert _net_colours(window) == _expected_net(window)
    assert _net_colours(window)[0] == window.scheme.rgb[Face.U]
    window.algorithm_input.line.setFocus()
    qtbot.keyClicks(window.algorithm_input.line, "R U R' U'")
    qtbot.keyClick(window.algorithm_input.line, Qt.Key.Key_Return)
    assert window.model.state == parse_algorithm("R U R' U'").state(3)
    assert window.history_view.text.toPlainText() == "R U R' U'"
    assert _net_colours(window) == _expected_net(window)
    assert window.solved_label.text() == "Unsolved"
    assert window.algorithm_input.line.text() == ""


def test_bad_algorithm_is_reported_and_not_applied(qtbot, window) -> None:
    qtbot.keyClicks(window.algorithm_input.line, "R U Q")
    qtbot.keyClick(window.algorithm_input.line, Qt.Key.Key_Return)
    assert window.model.history == ()
    assert window.statusBar().currentMessage().startswith("Not applied")
    assert window.algorithm_input.line.selectedText() == "Q"


def test_undo_redo_shortcuts_restore_exact_states(qtbot, window) -> None:
    window.model.apply_text("R U2")
    after_first = window.model.state
    window.scramble_random_moves()
    scrambled = window.model.state
    window.cube_view.setFocus()
    qtbot.keyClick(window.cube_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.state == after_first
    qtbot.keyClick(window.cube_view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.model.state.is_identity()
    redo = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    qtbot.keyClick(window.cube_view, Qt.Key.Key_Z, redo)
    qtbot.keyClick(window.cube_view, Qt.Key.Key_Z, redo)
    assert window.model.state == scrambled
    assert window.cube_view.item.state == scrambled


def test_random_move_scramble_is_recorded_and_copyable(window) -> None:
    window.actions["scramble_moves"].trigger()
    entry = window.model.history[-1]
    assert len(entry.turns) == 25 and entry.after == parse_algorithm(entry.text.split(": ")[1]).state(3)
    assert window.history_view.scramble.text() == f"Scramble: {entry.text.split(': ')[1]}"
    window.actions["copy_history"].trigger()
    assert QGuiApplication.clipboard().text() == window.model.history_text()
    assert window.model.history_text().startswith("// scramble (random moves): ")


def test_2x2_distance_is_loaded_off_the_gui_thread_then_exact(qtbot, window, monkeypatch) -> None:
    import threading

    from cubeviz import main_window
    from cubeviz.models import scrambles
    from solvers.pocket import gods

    gods.forget_loaded_tables()  # as at start-up: the engine's table not loaded yet
    on_gui_thread: list[bool] = []

    def recording_load(stop=None) -> None:
        on_gui_thread.append(threading.current_thread() is threading.main_thread())
        scrambles.load_pocket_engine(stop)

    monkeypatch.setattr(main_window, "load_pocket_engine", recording_load)
    window.actions["size2"].trigger()
    assert window.model.size == 2 and window.actions["size2"].isChecked()
    shown = window.distance_label.text()  # unless the load already finished (it takes milliseconds when cached)
    assert shown == "Distance to solved: computing..." or on_gui_thread == [False], shown
    qtbot.waitUntil(lambda: window.distance_label.text() == "Distance to solved: 0 (HTM)", timeout=60_000)
    assert on_gui_thread == [False]  # loaded once, in the worker
    window.model.apply_text("R U")
    assert window.distance_label.text() == "Distance to solved: 2 (HTM)"
    window.model.apply_text("R2 F' U2 R")  # the engine's own figure, not a count of the moves typed
    assert window.distance_label.text() == f"Distance to solved: {_pocket_distance(window.model.state)} (HTM)"


def _pocket_distance(state) -> int:
    from solvers.pocket.solve import distance

    return distance(state, "htm")


def test_2x2_random_state_scramble_is_shown_and_optimal(qtbot, window) -> None:
    window.actions["size2"].trigger()
    window.actions["scramble_state"].trigger()
    qtbot.waitUntil(lambda: window._worker is None, timeout=60_000)
    entry = window.model.history[-1]
    text = entry.text.split(": ", 1)[1]
    assert entry.text.startswith("scramble (random state): ")
    assert window.model.state == parse_algorithm(text, 2).state(2)  # the shown text makes exactly this state
    qtbot.waitUntil(lambda: "computing" not in window.distance_label.text(), timeout=60_000)
    assert window.distance_label.text() == f"Distance to solved: {len(parse_algorithm(text, 2))} (HTM)"
    assert text in window.history_view.text.toPlainText()
    assert window.history_view.scramble.text() == f"Scramble: {text}"
    assert _net_colours(window) == _expected_net(window)
    window.model.apply_text("R")
    assert window.history_view.scramble.text() == f"Scramble: {text}"  # still the scramble being solved
    window.actions["reset"].trigger()
    assert window.history_view.scramble.isHidden()


def test_3x3_random_state_scramble_runs_in_a_worker(qtbot, window) -> None:
    window.actions["scramble_state"].trigger()
    qtbot.waitUntil(lambda: window._worker is None, timeout=600_000)
    entry = window.model.history[-1]
    assert entry.text.startswith("scramble (random state): ")
    assert window.model.state == parse_algorithm(entry.text.split(": ", 1)[1]).state(3)


def test_reset_and_size_switch(window) -> None:
    window.model.apply_text("F")
    window.actions["reset"].trigger()
    assert window.model.state.is_identity() and window.solved_label.text() == "Solved"
    window.actions["size2"].trigger()
    window.actions["size3"].trigger()
    assert window.model.size == 3 and window.model.history == ()
    assert not window.distance_label.isVisible()


def test_app_main_opens_the_window(qtbot, monkeypatch) -> None:
    from PyQt6.QtWidgets import QApplication

    from cubeviz import app

    before = set(QApplication.topLevelWidgets())
    shown = []
    monkeypatch.setattr(QApplication, "exec", lambda self: shown.extend(QApplication.topLevelWidgets()) or 0)
    assert app.main(["--size", "2"]) == 0
    windows = [w for w in shown if isinstance(w, MainWindow) and w not in before]
    assert len(windows) == 1 and windows[0].isVisible() and windows[0].model.size == 2
    for w in windows:
        w.close()
        w.deleteLater()


@pytest.mark.parametrize(("argv", "message"), [(["--scheme", "nosuch"], "nosuch.json"), (["--size", "4"], "--size")])
def test_app_rejects_bad_arguments_before_any_window(qapp, capsys, argv, message) -> None:
    from PyQt6.QtWidgets import QApplication

    from cubeviz import app

    before = set(QApplication.topLevelWidgets())
    with pytest.raises(SystemExit) as exit_info:
        app.main(argv)
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error
    assert not [w for w in QApplication.topLevelWidgets() if isinstance(w, MainWindow) and w not in before]


def test_view_menu_drives_the_cube_view(window) -> None:
    view = window.cube_view
    slow = next(a for a in window.speed_group.actions() if a.data() is AnimationSpeed.SLOW)
    slow.trigger()
    assert view.animator.seconds_per_quarter == AnimationSpeed.SLOW.value
    window.actions["letters"].trigger()
    window.actions["hint"].trigger()
    assert view.show_letters and view.show_hint
    view.camera.orbit(120, -40)
    view.camera.zoom(3)
    window.actions["reset_view"].trigger()
    assert (view.camera.yaw, view.camera.pitch, view.camera.distance) == (35.0, 28.0, 11.0)
    japanese = next(a for a in window.scheme_group.actions() if a.data() == "japanese")
    japanese.trigger()
    from solvers.cube.schemes import load_scheme

    assert view.item.scheme is window.net_view.scheme is window.scheme
    assert window.scheme == load_scheme("japanese") != load_scheme("standard")


def test_reset_layout_has_its_own_place_after_the_dock_toggles(window) -> None:
    """View > Panels lists every dock's toggle (the features' docks too), then a separator, then Reset Layout last:
    not one more entry among the toggles."""
    from PyQt6.QtWidgets import QDockWidget

    view = window.menus["View"]
    assert window.actions["reset_layout"] not in view.actions()
    panels = window.panels_menu
    entries = panels.actions()
    assert entries[-1] is window.actions["reset_layout"] and entries[-2].isSeparator()
    toggles = {dock.toggleViewAction() for dock in window.findChildren(QDockWidget)}
    assert set(entries[:-2]) == toggles
    assert not toggles & set(view.actions())


def test_the_tabs_do_not_move_between_pages(qtbot, window) -> None:
    """The tabs sit in the window's top row, left of the cube's toolbar: a page that hides the docks or the
    toolbar moves neither their place nor their height."""
    from PyQt6.QtCore import QPoint

    bar = window.tabs.tabBar()

    def place() -> tuple[int, int, int, int]:
        corner = bar.mapTo(window, QPoint(0, 0))
        return corner.x(), corner.y(), bar.height(), window.page_bar.height()

    places = set()
    for index in [*range(window.tabs.count()), 0]:
        window.tabs.setCurrentIndex(index)
        places.add(settled(qtbot, place))
        assert window.cube_toolbar.isVisible() == (index == 0)
    assert len(places) == 1, places
