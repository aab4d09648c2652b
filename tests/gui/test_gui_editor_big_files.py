"""Big cubes in cube files, driven through the editor: Save writes a 6x6x6, Open reads it back at its own size,
`cubeviz FILE` opens a big-cube file in the Editor (an impossible one is refused in one line naming the piece), and
the goal-preset row, a 3x3x3 tool, is disabled on big cubes with the reason and never switches the size."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest
from PyQt6.QtCore import QEvent, Qt
from PyQt6.QtGui import QHelpEvent, QImage
from PyQt6.QtWidgets import QApplication, QToolTip

from cubeviz import start_file
from cubeviz.editor.grey_paint import GREY
from cubeviz.editor.transfer import open_path, save_path
from solvers.cube.cube_file import dump_cube
from solvers.goals.presets import preset_pattern
from solvers.nxn.notation import parse
from solvers.nxn.pieces import CORNER_NAMES, corner_slots
from solvers.nxn.state import NxNState
from tests.gui.window_helpers import active_main_window

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture(params=[(1366, 768)])
def window(qtbot, request):
    window = active_main_window(qtbot, 3, seed=21)
    window.resize(*request.param)
    window.tabs.setCurrentWidget(window.net_editor)
    qtbot.waitExposed(window.net_editor.canvas, timeout=20_000)
    return window


def keep(image: QImage, name: str) -> None:
    """Save the picture for looking at by eye when CUBEVIZ_SHOT_DIR names a folder (a test run writes nothing)."""
    directory = os.environ.get("CUBEVIZ_SHOT_DIR")
    if directory:
        assert image.save(os.path.join(directory, name))


def scrambled(size: int, text: str) -> NxNState:
    return NxNState.solved(size).apply(parse(text, size))


@pytest.mark.parametrize("window", [(1366, 768), (1920, 1080)], indirect=True)
def test_save_a_big_cube_and_open_it_back_at_its_size(qtbot, window, tmp_path) -> None:
    panel = window.net_editor
    cube = scrambled(6, "3Rw U2 2F' Lw D 3Uw2 B' 2L R")
    panel.model.fill_from(cube)
    assert panel.size_box.currentData() == 6 and panel.model.verdict.valid
    path = tmp_path / "six.cube"
    assert save_path(panel, path)
    data = json.loads(path.read_text())
    assert (data["format"], data["version"], data["size"]) == ("cubeviz-cube", 1, 6)
    letters = data["facelets"]  # each sticker's home face, read straight off the editor's colours
    assert letters == "".join("URFDLB"[int(c)] for c in panel.model.colours)

    panel.set_size(3)
    assert panel.model.size == 3
    assert open_path(panel, path)
    assert panel.model.size == 6 and panel.size_box.currentData() == 6
    assert panel.model.colours.tolist() == cube.colours.tolist() and panel.model.verdict.valid
    qtbot.mouseClick(panel.apply_button, LEFT)
    assert window.model.size == 6 and window.model.state == cube
    keep(panel.grab().toImage(), f"editor-opened-six-{window.width()}.png")


def test_cubeviz_file_opens_a_big_cube_in_the_editor(qtbot, window, tmp_path) -> None:
    window.tabs.setCurrentIndex(0)
    cube = scrambled(7, "3Rw U2 2F' M E S' Lw 3Dw")
    path = tmp_path / "seven.cube"
    path.write_text(dump_cube(cube))
    start_file.open_start_file(window, path)
    panel = window.net_editor
    assert window.tabs.currentWidget() is panel
    assert panel.model.size == 7 and panel.size_box.currentData() == 7
    assert panel.model.colours.tolist() == cube.colours.tolist() and panel.model.verdict.valid


def test_an_impossible_big_cube_file_is_refused_in_one_line(qtbot, window, tmp_path, monkeypatch, capsys) -> None:
    colours = NxNState.solved(4).colours.copy()
    urf = corner_slots(4)[CORNER_NAMES.index("URF")]
    colours[urf] = np.roll(colours[urf], 1)
    path = tmp_path / "twisted.cube"
    path.write_text(dump_cube(NxNState(4, colours)))
    dialogs: list[str] = []
    monkeypatch.setattr(start_file.QMessageBox, "warning", lambda parent, title, text: dialogs.append(text))
    panel = window.net_editor
    before = panel.model.colours.tolist()
    start_file.open_start_file(window, path)
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"cubeviz: cannot open {path}: not a valid cube: a corner is twisted") and "URF" in line
    assert dialogs == [line.removeprefix("cubeviz: ")]
    assert panel.model.size == 3 and panel.model.colours.tolist() == before
    assert not open_path(panel, path)  # File > Open says the same in the panel, and changes nothing
    assert panel.message.text().startswith("Not loaded: twisted.cube: not a valid cube: a corner is twisted")
    assert panel.model.size == 3 and panel.model.colours.tolist() == before


@pytest.mark.parametrize("window", [(1366, 768), (1920, 1080)], indirect=True)
def test_the_goal_preset_row_is_for_the_3x3x3_only(qtbot, window) -> None:
    panel = window.net_editor
    bar = panel.goal_presets
    assert bar.load_button.isEnabled() and bar.picker.isEnabled()
    for size in (4, 9, 2):
        panel.set_size(size)
        colours = panel.model.colours.tolist()
        assert not bar.load_button.isEnabled() and not bar.picker.isEnabled()
        tip = bar.load_button.toolTip()
        assert "Goal presets are 3x3x3 patterns" in tip and f"this is a {size}x{size}x{size}" in tip
        assert bar.picker.toolTip() == bar.picker.preset_box.toolTip() == bar.picker.colour_box.toolTip() == tip
        assert bar.label.text() == "Goal preset (3x3x3 only):"
        qtbot.mouseClick(bar.load_button, LEFT)  # a disabled button: nothing happens
        assert not bar.load()  # nor when called directly: the size is never switched behind the user's back
        assert panel.model.size == size and panel.model.colours.tolist() == colours
        if size == 4:
            keep(panel.grab().toImage(), f"editor-goal-row-disabled-{window.width()}.png")
            for part in (bar.picker.preset_box, bar.load_button):  # a disabled widget still shows its tooltip
                middle = part.rect().center()
                QApplication.sendEvent(part, QHelpEvent(QEvent.Type.ToolTip, middle, part.mapToGlobal(middle)))
                assert QToolTip.isVisible() and QToolTip.text() == tip
                QToolTip.hideText()
    panel.set_recolour_mode(True)
    assert panel.model.size == 2 and not bar.load_button.isEnabled() and "free colouring" in bar.load_button.toolTip()
    panel.set_recolour_mode(False)
    panel.set_size(3)
    assert bar.load_button.isEnabled() and "Paint the preset" in bar.load_button.toolTip()
    assert bar.picker.preset_box.toolTip().startswith("The goal preset") and bar.label.text() == "Goal preset:"
    bar.picker.set_preset("corners")  # on the standard axes only: its colour box stays disabled
    assert not bar.picker.colour_box.isEnabled()
    panel.set_size(4)
    panel.set_size(3)
    assert bar.picker.preset_box.isEnabled() and not bar.picker.colour_box.isEnabled()
    bar.picker.set_preset("cross", "D")
    qtbot.mouseClick(bar.load_button, LEFT)
    assert panel.model.size == 3 and panel.model.verdict.pattern == preset_pattern("cross", "D")
    assert GREY in panel.model.colours
