"""The editor's model headless (its rules: fixed centres, undo, sizes, free colouring) and the live 3D preview
checked by its pixels after painting."""

from __future__ import annotations

import random

import numpy as np
from gui_helpers import classify, pixel, visible_stickers
from PyQt6.QtCore import Qt
from test_gui_editor_paint import sticker_point, window  # noqa: F401  (the fixture)

from cubeviz.editor.checks import BLANK
from cubeviz.editor.editor_model import EditorModel
from solvers.cube.geometry import Face, centre_facelets
from solvers.cube.schemes import load_scheme


def test_model_rules(qapp) -> None:
    model = EditorModel(load_scheme(), 3)
    assert model.verdict.valid and model.verdict.state.is_identity()
    centre = int(centre_facelets()[Face.U])
    assert not model.paint(centre, Face.F) and model.colour_at(centre) == Face.U
    assert model.paint(0, Face.F) and not model.verdict.valid
    assert not model.paint(0, Face.F)  # same colour: no undo step
    assert model.undo_stack.count() == 1
    model.clear()
    assert (model.colours == BLANK).sum() == 48 and model.verdict.message == "48 stickers still blank"
    model.undo_stack.undo()
    assert model.colour_at(0) == Face.F
    model.set_size(2)
    assert model.size == 2 and model.undo_stack.count() == 0 and model.verdict.valid
    model.randomise(random.Random(1))
    assert model.verdict.valid


def test_free_colouring_rules(qapp) -> None:
    model = EditorModel(load_scheme(), 3)
    model.set_recolour_mode(True)
    assert model.size == 2 and model.recolour
    model.randomise(random.Random(2))  # any colours, not a real cube
    assert model.verdict.state is None and not model.verdict.outlined
    assert len(model.letters()) == 24 and set(model.letters()) <= set("WRGYOB")
    model.clear()
    assert model.letters() == "?" * 24  # no fixed centres on a 2x2


def test_the_3d_preview_shows_painted_stickers(qtbot, window) -> None:  # noqa: F811
    panel = window.net_editor
    preview = panel.preview
    indices, pixels = visible_stickers(preview)
    front = [int(i) for i in indices if 18 <= i < 27 and i != 22][:3]  # F stickers facing the camera
    assert front
    qtbot.mouseClick(panel.palette.buttons[Face.B], Qt.MouseButton.LeftButton)
    for facelet in front:
        qtbot.mouseClick(panel.canvas, Qt.MouseButton.LeftButton, pos=sticker_point(panel.canvas, facelet))
    image = preview.grabFramebuffer()
    ratio = image.devicePixelRatio()
    where = {int(i): p for i, p in zip(indices, pixels, strict=True)}
    scheme = panel.model.scheme
    for facelet in front:
        x, y = where[facelet]
        assert classify(pixel(image, x * ratio, y * ratio), scheme) is Face.B
    x, y = where[22]
    assert classify(pixel(image, x * ratio, y * ratio), scheme) is Face.F  # the centre is unchanged
    qtbot.mouseClick(panel.clear_button, Qt.MouseButton.LeftButton)
    image = preview.grabFramebuffer()
    x, y = where[front[0]]
    grey = np.array(pixel(image, x * ratio, y * ratio))
    assert np.ptp(grey) < 25 and classify(tuple(grey), scheme) is not Face.B  # blank stickers are grey


def test_fill_from_a_3x3_leaves_free_colouring(qtbot, window) -> None:  # noqa: F811
    panel = window.net_editor
    panel.set_recolour_mode(True)
    window.model.apply_text("R")
    qtbot.mouseClick(panel.fill_button, Qt.MouseButton.LeftButton)
    assert not panel.model.recolour and not panel.recolour_box.isChecked()
    assert panel.model.verdict.state == window.model.state
