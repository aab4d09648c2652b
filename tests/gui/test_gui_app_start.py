"""What the app does at start beyond the window: its icon, its version in About, and a file named on its command
line (a cube file to the editor, a puzzle file to the Packings tab, a bad file said in one line and nothing changed).
"""

from __future__ import annotations

import json
import random
from importlib.metadata import version

import numpy as np
import pytest
from PyQt6.QtCore import QTimer
from PyQt6.QtGui import QImage
from PyQt6.QtWidgets import QApplication, QMessageBox
from solve_helpers import make_window

from cubeviz import start_file
from cubeviz.app import parse_arguments
from cubeviz.app_icon import PNG_SIZES, SVG_FILE, application_icon, icon_bytes, png_file, render_svg
from cubeviz.settings import PACKING_PUZZLE
from solvers.cube.cube_file import save_cube_file
from solvers.cube.scramble import random_state

TINY_PUZZLE = {
    "format": "cubeviz-packing-puzzle",
    "version": 1,
    "name": "two-dominoes",
    "title": "Two dominoes",
    "box": [2, 2, 1],
    "pieces": [{"name": "a", "cells": [[0, 0, 0], [1, 0, 0]], "count": 2}],
}
WAIT_MS = 60_000


def _pixels(image: QImage) -> np.ndarray:
    """RGBA rows of the image, as numbers (not premultiplied)."""
    image = image.convertToFormat(QImage.Format.Format_RGBA8888)
    data = np.frombuffer(image.constBits().asstring(image.sizeInBytes()), dtype=np.uint8)
    return data.reshape(image.height(), image.bytesPerLine() // 4, 4)[:, : image.width()].astype(int)


@pytest.fixture
def window(qtbot):
    return make_window(qtbot, 3)


def _wait_for_enumeration(qtbot, browser) -> None:
    qtbot.waitUntil(lambda: browser.worker is None, timeout=WAIT_MS)


def test_the_icon_shows_a_cube_s_three_faces_at_every_size(qapp):
    icon = application_icon()
    assert sorted(size.width() for size in icon.availableSizes()) == list(PNG_SIZES)
    picture = _pixels(QImage.fromData(icon_bytes(png_file(256)), "PNG"))
    top, left, right = picture[70, 128], picture[157, 78], picture[157, 178]  # centre stickers of U, F and R
    assert top[3] == left[3] == right[3] == 255
    assert min(top[:3]) > 220  # white
    assert left[1] > 100 and left[0] < 40 and left[2] < 90  # green
    assert right[0] > 120 and right[1] < 40 and right[2] < 60  # red
    assert picture[2, 2, 3] == picture[253, 2, 3] == 0  # transparent outside the cube


def test_the_shipped_pngs_are_renderings_of_the_shipped_svg(qapp):
    """Catches a PNG left stale after an edit of the SVG (remake them: python -m cubeviz.app_icon)."""
    svg = icon_bytes(SVG_FILE)
    for size in PNG_SIZES:
        shipped = _pixels(QImage.fromData(icon_bytes(png_file(size)), "PNG"))
        fresh = _pixels(render_svg(svg, size))
        assert shipped.shape == fresh.shape == (size, size, 4)
        assert np.abs(shipped - fresh).mean() < 1.0, size


def test_about_shows_the_installed_version(qtbot, window):
    seen: list[str] = []

    def read_box() -> None:
        box = next(w for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible())
        seen.append(box.text())
        box.accept()

    QTimer.singleShot(300, read_box)
    window.actions["about"].trigger()
    assert f"cubeviz {version('cubeviz')}" in seen[0]


def test_the_file_argument_is_told_apart_from_qt_s_own_options():
    assert parse_arguments(["-platform", "offscreen", "-style", "fusion"]).file is None
    assert parse_arguments(["-platform", "xcb", "mine.cube", "--size", "2"]).file == "mine.cube"


def test_a_cube_file_on_the_command_line_opens_in_the_editor(window, tmp_path):
    state = random_state(3, random.Random(11))
    path = tmp_path / "mine.cube"
    save_cube_file(path, state)
    start_file.open_start_file(window, path)
    assert window.tabs.currentWidget() is window.net_editor
    opened = window.net_editor.model.verdict.state
    assert opened is not None and np.array_equal(opened.colours(), state.colours())


def test_a_puzzle_file_on_the_command_line_opens_in_the_packings_tab(qtbot, window, tmp_path):
    path = tmp_path / "dominoes.json"
    path.write_text(json.dumps(TINY_PUZZLE))
    start_file.open_start_file(window, path)
    browser = window.packing_browser
    _wait_for_enumeration(qtbot, browser)
    assert window.tabs.currentWidget() is browser
    assert browser.model.puzzle.name == "two-dominoes"
    assert window.settings.text(PACKING_PUZZLE, "") == str(path.resolve())


@pytest.mark.parametrize(
    ("name", "content", "reason"),
    [
        ("missing.cube", None, "no such file"),
        ("unversioned.cube", '{"format": "cubeviz-cube"}', "cube file version None is not supported"),
        ("broken.json", '{"format": "cubeviz-packing-puzzle", "version": 1, "name": "x"', "invalid JSON"),
        ("picture.png", b"\x89PNG\r\n\x1a\n\x00\xff", "not UTF-8"),
        ("folder", "folder", "a folder, not a file"),
    ],
)
def test_a_bad_file_on_the_command_line_is_said_in_one_line_and_changes_nothing(
    window, tmp_path, monkeypatch, capsys, name, content, reason
):
    path = tmp_path / name
    if content == "folder":
        path.mkdir()
    elif isinstance(content, str):
        path.write_text(content)
    elif content is not None:
        path.write_bytes(content)
    dialogs: list[str] = []
    monkeypatch.setattr(start_file.QMessageBox, "warning", lambda parent, title, text: dialogs.append(text))
    tab, colours = window.tabs.currentIndex(), window.net_editor.model.colours
    puzzle = window.packing_browser.model.puzzle
    start_file.open_start_file(window, path)
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"cubeviz: cannot open {path}: {reason}")
    assert dialogs == [line.removeprefix("cubeviz: ")]
    assert window.tabs.currentIndex() == tab
    assert np.array_equal(window.net_editor.model.colours, colours)
    assert window.packing_browser.model.puzzle is puzzle and window.packing_browser.worker is None
    assert window.settings.text(PACKING_PUZZLE, "") == ""
