"""Help a newcomer finds: a shortcuts table generated from the window's own actions (so it lists every key the
menus have, added later ones too), tooltips on every control in every tab, an About box with the versions a bug
report needs, and status-bar hints for what a click on the cube would do."""

from __future__ import annotations

import platform

import numba
import numpy
import OpenGL
import pytest
from PyQt6.QtCore import PYQT_VERSION_STR, QT_VERSION_STR, QPoint, Qt, QTimer
from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QHeaderView,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QSlider,
)
from solve_helpers import make_window

from cubeviz.views.gl.cube_geometry import cube_geometry
from cubeviz.views.help import ShortcutsDialog, all_key_rows
from solvers.cube.geometry import Face, facelet_index

CONTROLS = (QAbstractButton, QComboBox, QAbstractSpinBox, QSlider, QLineEdit, QPlainTextEdit, QAbstractItemView)


@pytest.fixture
def window(qtbot):
    window = make_window(qtbot, 3)
    window.resize(1366, 768)
    return window


def _native(sequence: QKeySequence) -> str:
    return sequence.toString(QKeySequence.SequenceFormat.NativeText)


def test_the_shortcuts_table_lists_every_action_key(window):
    listed = {(row.keys, row.does) for row in all_key_rows(window)}
    menu_actions = [a for a in window.findChildren(QAction) if a.shortcut().toString() and a.associatedObjects()]
    assert len(menu_actions) >= 20
    for action in menu_actions:
        text = action.text().replace("&", "").rstrip(".")
        assert (", ".join(_native(s) for s in action.shortcuts()), text) in listed, text


def test_an_action_added_later_appears_in_the_table(window):
    late = QAction("Brand New Thing", window)
    late.setShortcut(QKeySequence("Ctrl+Alt+J"))
    window.menus["Edit"].addAction(late)
    rows = [row for row in all_key_rows(window) if row.does == "Brand New Thing"]
    assert [(row.keys, row.where) for row in rows] == [(_native(QKeySequence("Ctrl+Alt+J")), "Edit menu")]


def test_the_table_has_the_player_keys_and_the_turning_keys(window):
    rows = all_key_rows(window)
    does = {row.keys: row.does for row in rows}
    assert "play or pause" in does["Space"]
    assert any(row.keys.startswith("U D") and "face" in row.does for row in rows)
    assert any("Left" in row.keys and "solution" in row.does for row in rows)  # the packing view's navigation


def test_the_shortcuts_dialog_filters_as_you_type(qtbot, window):
    dialog = ShortcutsDialog(window)
    qtbot.addWidget(dialog)
    everything = dialog.filtered.rowCount()
    assert everything == len(dialog.rows) >= 30
    qtbot.keyClicks(dialog.search, "undo")
    shown = [dialog.filtered.index(r, 1).data() for r in range(dialog.filtered.rowCount())]
    assert 0 < len(shown) < everything and all("undo" in " ".join(row).lower() for row in [shown])


def test_every_control_in_every_tab_has_a_tooltip(qtbot, window):
    missing = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qtbot.wait(30)
        for widget in window.findChildren(CONTROLS):
            if not widget.isVisible() or widget.objectName().startswith("qt_") or isinstance(widget, QHeaderView):
                continue
            if not widget.toolTip():
                label = widget.text() if isinstance(widget, QAbstractButton) else type(widget).__name__
                missing.append((window.tabs.tabText(index), label, type(widget.parent()).__name__))
    assert not missing, sorted(set(missing))


def test_about_names_every_version(qtbot, window):
    seen: list[str] = []

    def read_box() -> None:
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
        seen.append(box.text())
        box.accept()

    QTimer.singleShot(300, read_box)
    window.actions["about"].trigger()
    text = seen[0]
    for version in (platform.python_version(), QT_VERSION_STR, PYQT_VERSION_STR, OpenGL.__version__,
                    numba.__version__, numpy.__version__):  # fmt: skip
        assert version in text
    assert window.cube_view.gl_renderer and window.cube_view.gl_renderer in text  # e.g. llvmpipe under Xvfb


def _sticker_point(view, face: Face, position: int) -> QPoint:
    centre = cube_geometry(3).sticker_centres[facelet_index(face, position, 3)]
    x, y = view.camera.project(centre, view.width(), view.height())[0]
    return QPoint(round(x), round(y))


def _point_until(qtbot, window, where, says: str) -> None:
    """Move the mouse to `where()` until the status bar `says` it: the point is taken again on every try, so a
    resize still settling on a busy display (the window was just shown) cannot leave the mouse over another
    sticker, and a move whose event came before the view's final size is simply repeated."""
    view = window.cube_view
    tries = [0]

    def pointed() -> bool:
        if says in window.statusBar().currentMessage() + " ":
            return True
        tries[0] += 1
        qtbot.mouseMove(view, where() + QPoint(tries[0] % 2, 0))  # a pixel apart: a move the display cannot merge
        return False

    qtbot.waitUntil(pointed, timeout=20000)


def test_pointing_at_the_cube_says_what_a_click_does(qtbot, window):
    view = window.cube_view
    _point_until(qtbot, window, lambda: _sticker_point(view, Face.F, 5), "Click: turn F ")
    assert "right-click: F'" in window.statusBar().currentMessage()
    _point_until(qtbot, window, lambda: _sticker_point(view, Face.R, 5), "Click: turn R ")
    _point_until(qtbot, window, lambda: QPoint(5, 5), "orbit")
    assert window.model.is_solved()  # pointing turns nothing


def test_player_keys_still_work_from_the_dock(qtbot, window):
    assert Qt.Key.Key_Space in window.solve_feature.keys
