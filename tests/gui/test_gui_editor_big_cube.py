"""The net editor on big cubes, driven like a person would: the palette and clicks paint a 4x4x4 net, the big-cube
engine's validation names a twisted corner and outlines its stickers, the fix and Apply load the cube into the main
view; Fill from Cube takes a scrambled 5x5x5, and a centre orbit short of a colour is named."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtGui import QImage

from solvers.nxn.geometry import Face
from solvers.nxn.notation import parse
from solvers.nxn.pieces import CORNER_NAMES, corner_slots
from solvers.nxn.state import NxNState
from tests.gui.gui_helpers import pixel
from tests.gui.window_helpers import active_main_window

LEFT = Qt.MouseButton.LeftButton
SCRAMBLE_4 = "Rw U2 3Fw' R' 2U L Bw2 D' 2R F"


@pytest.fixture(params=[(1366, 768)])
def window(qtbot, request):
    window = active_main_window(qtbot, 4, seed=13)
    window.resize(*request.param)
    window.tabs.setCurrentWidget(window.net_editor)
    qtbot.waitExposed(window.net_editor.canvas, timeout=20_000)
    return window


def _point(canvas, facelet: int) -> QPoint:
    return canvas.sticker_rect(facelet).center().toPoint()


def _paint_by_clicks(qtbot, panel, colours) -> None:
    """Choose each colour on the palette, then click every sticker that has it."""
    for face in Face:
        qtbot.mouseClick(panel.palette.buttons[face], LEFT)
        for facelet in np.flatnonzero(np.asarray(colours) == face):
            qtbot.mouseClick(panel.canvas, LEFT, pos=_point(panel.canvas, int(facelet)))


def test_the_editor_opens_on_the_big_cube_on_screen(qtbot, window) -> None:
    panel = window.net_editor
    assert panel.model.size == 4 and panel.size_box.currentData() == 4
    assert panel.model.verdict.valid and panel.apply_button.isEnabled()
    assert panel.model.colours.tolist() == NxNState.solved(4).colours.tolist()


@pytest.mark.parametrize("window", [(1366, 768), (1920, 1080)], indirect=True)
def test_paint_a_4x4x4_net_name_a_twisted_corner_fix_it_and_apply(qtbot, window) -> None:
    panel = window.net_editor
    expected = NxNState.solved(4).apply(parse(SCRAMBLE_4, 4))
    qtbot.mouseClick(panel.clear_button, LEFT)
    assert panel.model.verdict.message == "96 stickers still blank" and not panel.apply_button.isEnabled()
    twisted = expected.colours.copy()
    urf = corner_slots(4)[CORNER_NAMES.index("URF")]
    twisted[urf] = np.roll(expected.colours[urf], 1)
    _paint_by_clicks(qtbot, panel, twisted)
    verdict = panel.model.verdict
    assert not verdict.valid and not panel.apply_button.isEnabled()
    assert "twisted" in verdict.message and "URF" in panel.message.text()
    assert set(urf.tolist()) <= verdict.outlined  # every corner whose twist is off is named (the colours cannot tell)
    _assert_outlined_on_the_canvas(panel, verdict.outlined)
    # The colours cannot say which corner was entered wrong: Fix offers each twisted corner, the person picks URF.
    assert panel.fix_button.isVisible() and panel.fix_button.text() == "Fix..."
    choices = {action.text(): action for action in panel.fix_button.menu().actions()}
    assert "Twist the URF corner back in place" in choices and len(choices) == len(verdict.choices) > 1
    choices["Twist the URF corner back in place"].trigger()
    assert panel.model.verdict.valid and panel.model.colours.tolist() == expected.colours.tolist()
    qtbot.mouseClick(panel.apply_button, LEFT)
    assert window.model.state == expected
    assert window.tabs.currentWidget() is window.cube_view


def test_a_single_twisted_corner_on_a_solved_net_is_the_only_one_named_and_fixed(qtbot, window) -> None:
    panel = window.net_editor
    colours = panel.model.colours
    dbl = corner_slots(4)[CORNER_NAMES.index("DBL")]
    colours[dbl] = np.roll(colours[dbl], 2)
    panel.model.set_colours(colours, "twist")
    verdict = panel.model.verdict
    assert verdict.outlined == frozenset(dbl.tolist()) and "twisted corners: DBL;" in verdict.message
    _assert_outlined_on_the_canvas(panel, verdict.outlined)
    assert panel.fix_button.text() == "Fix" and verdict.fix.text == "Twist the DBL corner back in place"
    qtbot.mouseClick(panel.fix_button, LEFT)
    assert panel.model.colours.tolist() == NxNState.solved(4).colours.tolist()


def _assert_outlined_on_the_canvas(panel, outlined: frozenset[int]) -> None:
    """The canvas draws a magenta rim on exactly the stickers named (each sticker's rim checked)."""
    canvas = panel.canvas
    image = canvas.grab().toImage().convertToFormat(QImage.Format.Format_RGB888)
    ratio = image.devicePixelRatio()
    for facelet in range(96):
        rect = canvas.sticker_rect(facelet)
        rim = pixel(image, (rect.left() + 2) * ratio, rect.center().y() * ratio)
        assert (rim == (255, 0, 200)) == (facelet in outlined), facelet


def test_fill_from_a_scrambled_5x5x5_and_a_centre_short_of_a_colour(qtbot, window) -> None:
    panel = window.net_editor
    window.set_size(5)
    window.model.apply_text("Rw U2 3Fw' 2R M E' S2")
    qtbot.mouseClick(panel.fill_button, LEFT)
    assert panel.model.size == 5 and panel.size_box.currentData() == 5
    assert panel.model.colours.tolist() == window.model.state.colours.tolist() and panel.model.verdict.valid
    u_centre, f_wing = 6, 2 * 25 + 1  # an off-middle centre of U, a wing of F's top row
    colours = panel.model.colours
    colours[u_centre], colours[f_wing] = colours[f_wing], colours[u_centre]
    panel.model.set_colours(colours, "swap")
    verdict = panel.model.verdict
    assert not verdict.valid and u_centre in verdict.outlined
    panel.model.undo_stack.undo()
    assert panel.model.verdict.valid


def test_the_preview_shows_the_big_cube_being_painted(qtbot, window) -> None:
    panel = window.net_editor
    panel.set_size(6)
    preview = panel.preview
    qtbot.mouseClick(panel.palette.buttons[Face.B], LEFT)
    front_centre = 2 * 36 + 2 * 6 + 2  # F's sticker at row 2, column 2
    qtbot.mouseClick(panel.canvas, LEFT, pos=_point(panel.canvas, front_centre))
    assert panel.model.colour_at(front_centre) == Face.B
    qtbot.wait(50)
    image = preview.grabFramebuffer()
    centres, _normals = preview.item.sticker_frames()
    x, y = preview.camera.project(centres[[front_centre]], preview.width(), preview.height())[0]
    ratio = image.devicePixelRatio()
    shown = np.array(pixel(image, x * ratio, y * ratio), dtype=float)
    blue, green = (np.array(window.scheme.rgb[face], dtype=float) for face in (Face.B, Face.F))
    assert np.linalg.norm(shown / shown.sum() - blue / blue.sum()) < np.linalg.norm(
        shown / shown.sum() - green / green.sum()
    )


def test_copy_and_paste_a_big_cube_as_its_facelet_string(qtbot, window, tmp_path) -> None:
    from cubeviz.editor.transfer import copy_text, paste_text, save_path

    panel = window.net_editor
    scrambled = NxNState.solved(5).apply(parse("Rw U2 3Fw' 2R M E' S2 Lw", 5))
    text = scrambled.to_facelets()
    assert paste_text(panel, text)
    assert panel.model.size == 5 and panel.model.colours.tolist() == scrambled.colours.tolist()
    assert copy_text(panel) == text
    before = panel.model.colours.tolist()
    assert not paste_text(panel, text[:-1] + "X")  # a letter that is no face: refused, nothing changed
    assert panel.message.text() == "Not loaded: sticker 150 is 'X', not one of U R F D L B"
    assert panel.model.colours.tolist() == before
    assert save_path(panel, tmp_path / "big.cube")  # a cube file holds a big cube too
    assert json.loads((tmp_path / "big.cube").read_text())["facelets"] == text
