"""BurrTools problems that are no exact cover in the Packings tab, in a window of 1366x768 and of 1920x1080: every
level gets its count (checked against the engine's brute-force-tested figures), BurrTools' level is the one shown,
a level the problem has not is disabled with the reason; the file's colours are drawn on the pieces' cells (pixels
of the file's blue in the view, none when the same pieces come without colours) and listed in the legend; a
malformed file opened afterwards is refused and changes nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from PyQt6.QtGui import QImage
from PyQt6.QtWidgets import QFileDialog, QMessageBox
from solve_helpers import make_window

from solvers.packing.puzzle import SymmetryMode

sys.path.insert(0, str(Path(__file__).parents[1] / "packing"))
from burrtools_cases import CASES, xml_file  # noqa: E402

WAIT_MS = 180_000  # the first search may compile the kernel
BLUE = (0, 0, 255)  # the file's colour 1
SIZES = [(1366, 768), (1920, 1080)]
# counts per level (all, rotation, reflection) of these cases: tests/packing/test_burrtools_levels.py checks them
# against a brute force, and BurrTools' level against burrTxt (16 and 10)
UNMATCHED = "coloured screws, unmatched colours"
MIRRORED = "coloured screws, mirrored colours"
COUNTS = {UNMATCHED: (128, 16, None), MIRRORED: (128, 16, 10)}


def _file(path: Path, case: str, coloured: bool = True) -> Path:
    """The case written as a BurrTools file whose colour 1 is pure blue (without colours: the same shapes)."""
    shapes, parts, result, pairs, n_colours = CASES[case]
    text = xml_file(shapes, parts, result, pairs, n_colours).replace(
        '<color red="0" green="0" blue="0"/>', '<color red="{}" green="{}" blue="{}"/>'.format(*BLUE)
    )
    if not coloured:  # no cell coloured (these cases allow every pair)
        text = text.replace("#1", "#")
    path.write_text(text)
    return path


def _blue_pixels(image: QImage) -> int:
    """Pixels of the file's blue as the view shades it: the colour left when the white of the highlight (the
    smallest channel) is taken off points at pure blue, and is strong enough not to be the grey background."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = image.width(), image.height()
    data = np.frombuffer(image.constBits().asstring(image.sizeInBytes()), dtype=np.uint8)
    rgb = data.reshape(height, image.bytesPerLine())[:, : width * 3].reshape(height, width, 3).astype(float)
    chroma = rgb - rgb.min(axis=2, keepdims=True)
    strength = np.linalg.norm(chroma, axis=2)
    towards = chroma[..., 2] / np.maximum(strength, 1e-9)
    return int(((strength > 40) & (towards > 0.97)).sum())


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def window(request, qtbot, monkeypatch):
    win = make_window(qtbot, 3)
    win.resize(*request.param)
    win.tabs.setCurrentWidget(win.packing_browser)
    view = win.packing_browser.view  # laid out at the window's size: waited for, a busy display takes its time
    qtbot.waitUntil(lambda: view.width() >= 350 and view.height() >= 300, timeout=20_000)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    win.test_warnings = warnings
    yield win
    win.close()


def _open(qtbot, monkeypatch, window, path: Path, enumerate_it: bool = True) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    window.actions["packing_open_puzzle"].trigger()
    browser = window.packing_browser
    if enumerate_it:
        browser.source.enumerate_button.click()
    qtbot.waitUntil(lambda: browser.worker is None, timeout=WAIT_MS)


def _buttons(browser) -> dict:
    return {mode: (b.text(), b.isEnabled(), b.toolTip()) for mode, b in browser.source.level_buttons.items()}


def _shown(qtbot, browser) -> QImage:
    browser.view_panel.explode.setValue(100)  # every cube in sight
    browser.view.item.finish_transition()
    qtbot.wait(100)
    return browser.view.grabFramebuffer()


def test_every_level_is_counted_and_the_file_colours_are_drawn(qtbot, monkeypatch, window, tmp_path):
    browser = window.packing_browser
    assert browser.view.width() >= 350 and browser.view.height() >= 300  # the window's size reached the view
    _open(qtbot, monkeypatch, window, _file(tmp_path / "unmatched.xmpuzzle", UNMATCHED), enumerate_it=False)
    # before any search: the reflection level is not defined, and says why, in the counts and in Enumerate's list
    text, enabled, tip = _buttons(browser)[SymmetryMode.MIRROR]
    assert (
        text.endswith("not defined")
        and not enabled
        and "piece a is one-handed and no other piece is its mirror image, colours included" in tip
    )
    combo = browser.source.up_to
    mirror_item = combo.model().item(combo.findData(SymmetryMode.MIRROR))
    assert not mirror_item.isEnabled() and "one-handed" in mirror_item.toolTip()
    assert combo.currentData() == SymmetryMode.ROTATION  # BurrTools' level for this problem
    browser.source.enumerate_button.click()
    qtbot.waitUntil(lambda: browser.worker is None, timeout=WAIT_MS)
    assert window.test_warnings == []
    buttons = _buttons(browser)
    assert buttons[SymmetryMode.NONE][:2] == ("All placements: 128", True)
    assert buttons[SymmetryMode.ROTATION][:2] == ("Up to rotation: 16", True)
    assert buttons[SymmetryMode.MIRROR][:2] == ("Up to rotation and reflection: not defined", False)
    assert browser.model.level == SymmetryMode.ROTATION and browser.table_model.rowCount() == 16
    assert "16 assemblies as BurrTools counts them" in browser.source.status.text()
    browser.source.level_buttons[SymmetryMode.NONE].click()
    assert browser.model.level == SymmetryMode.NONE and browser.table_model.rowCount() == 128
    # the file's blue on the screws' coloured cubes, in the view and in the legend
    image = _shown(qtbot, browser)
    image.save(str(tmp_path / "coloured.png"))
    coloured = _blue_pixels(image)
    assert coloured > 200
    assert browser.legend.cell_colours.isVisible() and "#0000ff" in browser.legend.cell_colours.text()
    # the same pieces without colours: no blue anywhere
    _open(qtbot, monkeypatch, window, _file(tmp_path / "plain.xmpuzzle", UNMATCHED, coloured=False))
    assert window.test_warnings == [] and not browser.model.cell_colours
    assert _blue_pixels(_shown(qtbot, browser)) == 0
    assert not browser.legend.cell_colours.isVisible()

    # mirror partners coloured alike: every level, BurrTools' count at the reflection level
    _open(qtbot, monkeypatch, window, _file(tmp_path / "mirrored.xmpuzzle", MIRRORED))
    buttons = _buttons(browser)
    assert [buttons[m][0].rsplit(": ", 1)[1] for m in SymmetryMode] == [str(n) for n in COUNTS[MIRRORED]]
    assert all(enabled for _, enabled, _ in buttons.values())
    assert browser.model.level == SymmetryMode.MIRROR and browser.table_model.rowCount() == 10
    assert _blue_pixels(_shown(qtbot, browser)) > 200

    # a malformed file now: refused in one message, nothing changes
    before = (browser.model.puzzle, browser.model.problem, browser.model.solutions, browser.model.cell_colours)
    bad = tmp_path / "broken.xmpuzzle"
    bad.write_bytes(b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><shapes>')
    _open(qtbot, monkeypatch, window, bad, enumerate_it=False)
    assert len(window.test_warnings) == 1 and "broken.xmpuzzle" in window.test_warnings[0]
    after = (browser.model.puzzle, browser.model.problem, browser.model.solutions, browser.model.cell_colours)
    assert after == before and _buttons(browser) == buttons


def _rgb_pixels(image: QImage, colour: str) -> int:
    """Pixels shaded from ``colour`` (#rrggbb): the same hue, the white of the highlight taken off."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = image.width(), image.height()
    data = np.frombuffer(image.constBits().asstring(image.sizeInBytes()), dtype=np.uint8)
    rgb = data.reshape(height, image.bytesPerLine())[:, : width * 3].reshape(height, width, 3).astype(float)
    chroma = rgb - rgb.min(axis=2, keepdims=True)
    target = np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)], dtype=float)
    target -= target.min()
    target /= np.linalg.norm(target)
    strength = np.linalg.norm(chroma, axis=2)
    return int(((strength > 40) & ((chroma @ target) / np.maximum(strength, 1e-9) > 0.995)).sum())


def test_a_design_written_as_a_burrtools_file_keeps_its_colours(qtbot, monkeypatch, window, tmp_path):
    from cubeviz.design.draft import PieceDraft

    designer, browser = window.designer, window.packing_browser
    assert designer.start_from("soma")
    draft = designer.model.draft
    recoloured = PieceDraft(**{**draft.pieces[0].__dict__, "colour": "#00ff80"})  # a colour no palette has
    designer.model.replace_all(draft.with_piece(0, recoloured), "recolour")
    assert designer.wait_for_review(60_000) is not None
    path = tmp_path / "soma.xmpuzzle"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
    window.actions["design_save"].trigger()
    assert path.exists() and window.test_warnings == []
    colours = [p.colour for p in designer.model.draft.pieces]
    assert colours[0] == "#00ff80"
    # opened again in the Design tab and in the Packings tab: the same colours, and drawn in 3D
    assert designer.start_from("soma")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    window.actions["design_open"].trigger()
    assert [p.colour for p in designer.model.draft.pieces] == colours
    window.tabs.setCurrentWidget(browser)
    _open(qtbot, monkeypatch, window, path, enumerate_it=False)
    assert [p.colour for p in browser.model.puzzle.pieces] == colours and window.test_warnings == []
    assert _rgb_pixels(_shown(qtbot, browser), "#00ff80") > 200
    assert browser.load_shipped("soma", enumerate_now=False)  # the shipped colours: none of that green
    assert _rgb_pixels(_shown(qtbot, browser), "#00ff80") == 0
