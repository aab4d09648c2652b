"""What the app remembers: a second window (a restart, in the temporary settings folder every GUI test gets) comes
back with the first one's layout and choices; a geometry saved off screen comes back on it; Reset Layout and
`--reset-settings` forget."""

from __future__ import annotations

from PyQt6.QtCore import QRect, Qt
from PyQt6.QtWidgets import QFileDialog

from cubeviz.app import parse_arguments, prepared_settings
from cubeviz.main_window import MainWindow
from cubeviz.settings import PACKING_PUZZLE, Settings
from cubeviz.solve.engine_bridge import SolverChoice
from cubeviz.views.fit import first_launch_geometry
from cubeviz.views.gl.animation import AnimationSpeed

PLACE = QRect(40, 50, 1100, 700)


def _open(qtbot) -> MainWindow:
    window = MainWindow(seed=1)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window, timeout=20_000)
    return window


def _speed_action(window: MainWindow, speed: AnimationSpeed):
    return next(action for action in window.speed_group.actions() if action.data() == speed)


def test_a_restart_brings_back_layout_and_choices(qtbot):
    first = _open(qtbot)
    first.setGeometry(PLACE)
    first.set_size(2)
    next(action for action in first.scheme_group.actions() if action.data() == "japanese").trigger()
    first.actions["letters"].setChecked(True)
    _speed_action(first, AnimationSpeed.SLOW).trigger()
    first.solve_feature.set_choice(SolverChoice.POCKET_QTM)
    tempo = first.solve_feature.panel.tempo
    tempo.setCurrentIndex(tempo.findData(4.0))
    first.history_dock.hide()
    first.removeDockWidget(first.net_dock)
    first.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, first.net_dock)
    first.net_dock.show()
    first.packing_browser.source.puzzle_chosen.emit("bedlam")
    first.close()

    second = _open(qtbot)
    assert second.geometry() == PLACE
    assert second.model.size == 2 and second.actions["size2"].isChecked()
    assert second.scheme_name == "japanese"
    assert second.actions["letters"].isChecked()
    assert second.cube_view.animator.seconds_per_quarter == AnimationSpeed.SLOW.value
    assert second.solve_feature.playback.tempo == 4.0 == second.solve_feature.panel.tempo.currentData()
    assert second.solve_feature.choices[2] == SolverChoice.POCKET_QTM
    assert second.solve_feature.dock.solver.currentData() == SolverChoice.POCKET_QTM
    assert not second.history_dock.isVisible()
    assert second.dockWidgetArea(second.net_dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    assert Settings().text(PACKING_PUZZLE) == "bedlam"
    assert second.packing_browser.model.puzzle.n_instances == 13  # the Bedlam cube's pieces, loaded, not counted
    second.close()


def test_docks_hidden_for_the_packings_tab_come_back_after_a_restart(qtbot):
    first = _open(qtbot)
    first.tabs.setCurrentWidget(first.packing_browser)
    assert not first.net_dock.isVisible() and not first.solve_feature.dock_widget.isVisible()
    first.close()
    second = _open(qtbot)
    assert second.tabs.currentWidget() is second.cube_view
    assert second.net_dock.isVisible() and second.solve_feature.dock_widget.isVisible()
    second.close()


def test_a_window_saved_off_screen_comes_back_inside_it(qtbot):
    first = _open(qtbot)
    available = first.screen().availableGeometry()
    first.setGeometry(QRect(available.right() + 2000, available.bottom() + 1500, available.width() + 400, 900))
    first.close()
    second = _open(qtbot)
    assert available.contains(second.geometry())
    second.close()


def test_reset_layout_restores_the_first_launch_size_and_every_dock(qtbot):
    window = _open(qtbot)
    window.setGeometry(PLACE)
    window.history_dock.hide()
    window.net_dock.setFloating(True)
    window.actions["reset_layout"].trigger()
    qtbot.waitUntil(lambda: window.history_dock.isVisible(), timeout=20_000)
    assert window.geometry() == first_launch_geometry(window.screen().availableGeometry())
    assert not window.net_dock.isFloating() and window.net_dock.isVisible()
    window.close()


def test_reset_settings_option_forgets_everything(qtbot):
    first = _open(qtbot)
    first.set_size(2)
    first.close()
    assert Settings().number("cube/size", 3) == 2
    prepared_settings(parse_arguments(["--reset-settings"]))
    second = _open(qtbot)
    assert second.model.size == 3
    assert second.geometry() == first_launch_geometry(second.screen().availableGeometry())
    second.close()


def test_file_dialogs_start_in_the_last_folder_of_their_kind(qtbot, tmp_path, monkeypatch):
    asked: list[str] = []

    def fake_dialog(_parent, _title, start, _pattern):
        asked.append(start)
        return str(tmp_path / "puzzles" / "mine.json"), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", fake_dialog)
    (tmp_path / "puzzles").mkdir()
    settings = Settings()
    settings.open_file_name(None, "puzzles", "Open", "*.json")
    settings.open_file_name(None, "puzzles", "Open", "*.json")
    settings.open_file_name(None, "cubes", "Open", "*.json")
    assert asked == ["", str(tmp_path / "puzzles"), ""]
