"""Recoloured cubes: a colouring painted in the editor's free-colouring mode is counted by the Insight panel in a
worker: the recoloured 2x2 sample gives its published 229,878 states; blanks are refused; a count can be cancelled."""

from __future__ import annotations

import pytest
from insight_helpers import insight_window
from PyQt6.QtCore import Qt
from test_gui_editor_paint import sticker_point

from solvers.cube.geometry import Face
from solvers.pocket import count_recoloured

RECOLOURED_SAMPLE = "YYYYGGGGOOOOOOOOGGGGYYYY"  # standard scheme letters: W R G Y O B name the U R F D L B colours
RECOLOURED_SAMPLE_STATES = 229_878  # the seed's published answer
LETTER_FACE = {"W": Face.U, "R": Face.R, "G": Face.F, "Y": Face.D, "O": Face.L, "B": Face.B}


@pytest.fixture
def window(qtbot, monkeypatch):
    yield from insight_window(qtbot, monkeypatch)


def _paint(window, qtbot, colouring: str) -> None:
    """Switch on free colouring through the Insight button, clear, then paint each colour by palette and clicks."""
    insight = window.insight.recolour
    qtbot.mouseClick(insight.paint_button, Qt.MouseButton.LeftButton)
    editor = window.net_editor
    assert window.tabs.currentWidget() is editor and editor.model.recolour
    qtbot.waitExposed(editor.canvas, timeout=20_000)
    qtbot.mouseClick(editor.clear_button, Qt.MouseButton.LeftButton)
    for letter in sorted(set(colouring) - {"?"}):
        qtbot.mouseClick(editor.palette.buttons[LETTER_FACE[letter]], Qt.MouseButton.LeftButton)
        for facelet, wanted in enumerate(colouring):
            if wanted == letter:
                qtbot.mouseClick(editor.canvas, Qt.MouseButton.LeftButton, pos=sticker_point(editor.canvas, facelet))


def test_seed_002_count_through_the_gui(window, qtbot):
    _paint(window, qtbot, RECOLOURED_SAMPLE)
    panel = window.insight.recolour
    assert panel.colouring == RECOLOURED_SAMPLE == window.net_editor.colouring()
    assert panel.count_button.isEnabled()
    with qtbot.waitSignal(panel.counted, timeout=60000) as blocker:
        qtbot.mouseClick(panel.count_button, Qt.MouseButton.LeftButton)
    count, histogram = blocker.args
    assert count == RECOLOURED_SAMPLE_STATES
    assert sum(histogram) == RECOLOURED_SAMPLE_STATES and histogram[0] == 1
    assert panel.plot.counts == histogram == count_recoloured(RECOLOURED_SAMPLE)[1]
    assert "229,878 distinct states" in panel.message.text()
    assert panel.progress.value() == panel.progress.maximum()
    qtbot.waitUntil(lambda: panel._worker is None, timeout=20_000)


def test_blank_stickers_are_refused_without_starting_work(window, qtbot):
    _paint(window, qtbot, "?" * 3 + RECOLOURED_SAMPLE[3:])
    panel = window.insight.recolour
    assert panel.colouring.count("?") == 3
    assert not panel.count_button.isEnabled()
    assert "3 stickers are still blank" in panel.message.text()
    assert panel.count(panel.colouring) is False and panel._worker is None and panel.result is None


def test_count_can_be_cancelled(window, qtbot):
    panel = window.insight.recolour
    panel.set_colouring("WWWWRRRRGGGGYYYYOOOOBBBB")  # six colours: the slowest key, so the cancel lands mid-count
    assert panel.count(panel.colouring)
    panel.cancel_button.click()
    panel.wait()
    qtbot.waitUntil(lambda: panel._worker is None, timeout=20_000)
    assert panel.result is None and panel.message.text() == "Cancelled."
    assert panel.count_button.isEnabled() and not panel.cancel_button.isEnabled()
