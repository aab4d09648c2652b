"""Constraint colours in the Design tab, driven like a user: a coloured BurrTools file opens through File > Design
from Puzzle File with its colours on the grid's and the 3D view's pixels (laptop and full-HD windows, the colour
controls on screen); a mouse stroke of the colour brush is one undo step; a coloured design saves as a BurrTools
file that reopens identical, and a puzzle file (JSON) refuses it saying what it would lose; Enumerate counts it as
burrTxt does; malformed colour data is refused and the design keeps its colours."""

from __future__ import annotations

from dataclasses import replace

import pytest
from design_helpers import enumerated_as_burrtools_counts, refused_as_json_and_reopened_from_burrtools, shown_designer
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtGui import QColor
from PyQt6.QtWidgets import QColorDialog, QFileDialog, QMessageBox
from solve_helpers import make_window

from cubeviz.design.designer import Designer
from cubeviz.design.draft import TARGET, PuzzleDraft

REVIEW_MS = 60_000
WAIT_MS = 180_000
RED, BLUE = (200, 0, 0), (0, 0, 200)
CHEQUERED = (  # two dominoes coloured red-blue on a chequered square; red on red, blue on blue (burrTxt: 1 assembly)
    b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors><color red="200" green="0" blue="0"/>'
    b'<color red="0" green="0" blue="200"/></colors><shapes><voxel x="2" y="2" z="1" type="0">#1#2#2#1</voxel>'
    b'<voxel x="2" y="1" z="1" type="0">#1#2</voxel></shapes><problems><problem name="chequered"><shapes>'
    b'<shape id="1" count="2"/></shapes><result id="0"/><bitmap><pair piece="0" result="0"/>'
    b'<pair piece="1" result="1"/></bitmap></problem></problems></puzzle>'
)
BOARD_ASSEMBLIES = 18  # burrTxt -q on the board below (tests/design/test_design_colours.py runs burrTxt on it)


def _board() -> PuzzleDraft:
    """A 4x2 chequered board, two red-blue dominoes and two plain ones."""
    board = frozenset((x, y, 0) for x in range(4) for y in range(2))
    draft = PuzzleDraft(name="board", title="chequered board", target=board)
    draft = draft.with_palette_colour(RED).with_palette_colour(BLUE).with_pair(1, 1, True).with_pair(2, 2, True)
    for cell in board:
        draft = draft.with_colour(TARGET, cell, 1 + (cell[0] + cell[1]) % 2)
    draft = draft.with_new_piece([(0, 0, 0), (1, 0, 0)]).with_colour(0, (0, 0, 0), 1).with_colour(0, (1, 0, 0), 2)
    draft = draft.with_piece(0, replace(draft.pieces[0], count=2)).with_new_piece([(0, 0, 0), (1, 0, 0)])
    return draft.with_piece(1, replace(draft.pieces[1], count=2))


@pytest.fixture
def designer(qtbot, monkeypatch):
    with shown_designer(qtbot, 1280, 700, monkeypatch) as widget:
        yield widget


def _grid_colour(designer: Designer, x: int, y: int) -> QColor:
    """The colour drawn at the centre of cell (x, y) of the layer grid."""
    centre = designer.grid.cell_rect(x, y).center().toPoint()
    return designer.grid.grab().toImage().pixelColor(centre)


def _hue_pixels(image, rgb: tuple[int, int, int]) -> int:
    """Pixels of the view whose colour is a shade of ``rgb`` (lit or in shadow: the same dominant channel)."""
    main = max(range(3), key=lambda i: rgb[i])
    count = 0
    for x in range(0, image.width(), 4):
        for y in range(0, image.height(), 4):
            c = image.pixelColor(x, y)
            channels = (c.red(), c.green(), c.blue())
            if channels[main] > 60 and all(channels[i] < channels[main] * 0.45 for i in range(3) if i != main):
                count += 1
    return count


@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080)], ids=["1366x768", "1920x1080"])
def test_a_coloured_file_opens_in_the_design_tab_with_its_colours_drawn(qtbot, monkeypatch, tmp_path, screen):
    path = tmp_path / "chequered.xmpuzzle"
    path.write_bytes(CHEQUERED)
    window = make_window(qtbot, 3)
    window.resize(*screen)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    designer = window.designer
    window.actions["design_open"].trigger()
    assert warnings == [] and window.tabs.currentWidget() is designer
    draft = designer.model.draft
    assert draft.palette == (RED, BLUE) and draft.colour_pairs == {(1, 1), (2, 2)}
    assert dict(draft.target_colours) == {(0, 0, 0): 1, (1, 0, 0): 2, (0, 1, 0): 2, (1, 1, 0): 1}
    assert dict(draft.pieces[0].colours) == {(0, 0, 0): 1, (1, 0, 0): 2} and draft.pieces[0].count == 2
    qtbot.wait(100)
    assert _grid_colour(designer, 0, 0) == QColor(*RED) and _grid_colour(designer, 1, 0) == QColor(*BLUE)
    image = designer.view.grabFramebuffer()
    assert _hue_pixels(image, RED) > 30 and _hue_pixels(image, BLUE) > 30
    designer.model.set_item(0)  # the piece: its red and blue ends
    qtbot.wait(50)
    assert _grid_colour(designer, 0, 0) == QColor(*RED) and _grid_colour(designer, 1, 0) == QColor(*BLUE)
    for widget in (designer.brush, designer.pairs.table, designer.pairs.add_button):  # on screen, not cut off
        assert widget.isVisible()
        corner = widget.mapTo(window, QPoint(widget.width() - 1, widget.height() - 1))
        assert window.rect().contains(corner), (widget, corner, window.size())
    assert designer.pairs.table.item(0, 0).checkState() == Qt.CheckState.Checked
    assert designer.pairs.table.item(0, 1).checkState() == Qt.CheckState.Unchecked
    found = designer.wait_for_review(REVIEW_MS)
    assert found is not None and found.ready and found.placements == (4,)  # each place of the square one way round
    window.close()


def test_a_stroke_of_the_colour_brush_is_one_undo_step(qtbot, monkeypatch, designer):
    designer.start_box(3, 1, 1)
    monkeypatch.setattr(QColorDialog, "getColor", lambda *args, **kwargs: QColor(*RED))
    qtbot.mouseClick(designer.pairs.add_button, Qt.MouseButton.LeftButton)
    draft = designer.model.draft
    assert draft.palette == (RED,) and draft.colour_pairs == {(1, 1)} and designer.brush.brush() == 1
    steps = designer.model.undo_stack.count()
    points = [designer.grid.cell_rect(x, 0).center().toPoint() for x in (0, 1)]
    qtbot.mousePress(designer.grid, Qt.MouseButton.LeftButton, pos=points[0])
    qtbot.mouseMove(designer.grid, points[1])
    qtbot.mouseRelease(designer.grid, Qt.MouseButton.LeftButton, pos=points[1])
    painted = designer.model.draft
    assert painted.target == draft.target  # the colour brush never adds or removes cubes
    assert dict(painted.target_colours) == {(0, 0, 0): 1, (1, 0, 0): 1}
    assert designer.model.undo_stack.count() == steps + 1
    assert _grid_colour(designer, 1, 0) == QColor(*RED) and _grid_colour(designer, 2, 0) != QColor(*RED)
    designer.model.undo_stack.undo()
    assert designer.model.draft == draft and _grid_colour(designer, 1, 0) != QColor(*RED)
    designer.model.undo_stack.undo()  # the colour itself undone: the brush goes back to editing cubes
    assert designer.model.draft.palette == () and designer.brush.brush() == "cells" and not designer.grid.recolouring
    designer.model.undo_stack.redo()
    designer.model.undo_stack.redo()
    assert designer.model.draft == painted
    designer.brush.choose(1)
    assert designer.grid.recolouring and designer.view.painting_cells
    designer.brush.choose(0)  # neutral, by a click in the 3D view: the cube clicked, no cube added
    view = designer.view
    view.reset_view()
    view.camera.yaw, view.camera.pitch = 0.0, 0.0
    centre = QPoint(view.width() // 2, view.height() // 2)
    hit = view.face_under(centre.x(), centre.y())
    assert hit is not None
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=centre)
    assert designer.model.draft.target == draft.target
    assert dict(designer.model.draft.target_colours) == {v: 1 for v in ((0, 0, 0), (1, 0, 0)) if v != hit[0]}


def test_a_coloured_design_saves_as_burrtools_reopens_identical_and_json_says_what_it_would_lose(designer, tmp_path):
    designer.model.replace_all(_board().with_variable((3, 1, 0), True), "board")
    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready, found.problems
    assert refused_as_json_and_reopened_from_burrtools(designer, tmp_path, designer.test_warnings) == [
        "Not saved: a puzzle file (.json) cannot hold 2 constraint colours on 10 cells and 2 colour pairs; "
        "1 variable (+) cells: save it as a BurrTools file (.xmpuzzle)"
    ]


def test_enumerate_counts_a_coloured_design_as_burrtxt_does(qtbot):
    window = make_window(qtbot, 3)
    designer = window.designer
    window.tabs.setCurrentWidget(designer)
    designer.model.replace_all(_board(), "board")
    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready and found.burrtools is not None
    assert "counted as BurrTools counts" in designer.findings.text()
    # every assembly is listed; the level shown is BurrTools' and holds its count
    browser = enumerated_as_burrtools_counts(qtbot, window, BOARD_ASSEMBLIES, WAIT_MS)
    assert browser.table_model.rowCount() == BOARD_ASSEMBLIES
    window.close()


MALFORMED = {
    "undefined colour": (b'<voxel x="2" y="2" z="1" type="0">#1#2#2#3</voxel>', "colour 3 is not defined"),
    "colour on an empty cell": (b'<voxel x="2" y="2" z="1" type="0">#1#2_2#1</voxel>', "an empty cell cannot have"),
    "pair not a number": (b'<voxel x="2" y="2" z="1" type="0">#1#2#2#1</voxel>', "is not an integer"),
}


@pytest.mark.parametrize("case", sorted(MALFORMED))
def test_malformed_colour_data_is_refused_and_the_design_keeps_its_colours(designer, tmp_path, case):
    result, words = MALFORMED[case]
    raw = CHEQUERED.replace(b'<voxel x="2" y="2" z="1" type="0">#1#2#2#1</voxel>', result)
    if case == "pair not a number":
        raw = raw.replace(b'<pair piece="1" result="1"/>', b'<pair piece="one" result="1"/>')
    path = tmp_path / "bad.xmpuzzle"
    path.write_bytes(raw)
    designer.model.replace_all(_board(), "board")
    draft, steps = designer.model.draft, designer.model.undo_stack.count()
    assert not designer.start_from(path)
    assert len(designer.test_warnings) == 1 and words in designer.test_warnings[0]
    assert designer.model.draft is draft and designer.model.undo_stack.count() == steps


def test_a_copied_piece_keeps_its_colours_where_the_design_has_them(designer):
    designer.model.replace_all(_board(), "board")
    designer.model.set_item(0)
    designer.panel.copy_piece()
    designer.panel.paste_piece()
    pasted = designer.model.draft.pieces[-1]
    assert pasted.name == "c" and pasted.colours == designer.model.draft.pieces[0].colours
    designer.model.replace_all(replace(_board(), palette=(RED,)), "one colour")  # colour 2 does not exist here
    designer.panel.paste_piece()
    assert dict(designer.model.draft.pieces[-1].colours) == {(0, 0, 0): 1}


def test_a_stroke_of_the_variable_brush_makes_shape_cubes_variable_and_crossed(qtbot, designer):
    designer.start_box(3, 1, 1)
    before = designer.model.draft
    designer.brush.choose("variable")
    points = [designer.grid.cell_rect(x, 0).center().toPoint() for x in (1, 2)]
    qtbot.mousePress(designer.grid, Qt.MouseButton.LeftButton, pos=points[0])
    qtbot.mouseMove(designer.grid, points[1])
    qtbot.mouseRelease(designer.grid, Qt.MouseButton.LeftButton, pos=points[1])
    draft = designer.model.draft
    assert draft.target == before.target and draft.variable == {(1, 0, 0), (2, 0, 0)}
    assert _grid_colour(designer, 1, 0) != _grid_colour(designer, 0, 0)  # the cross at the centre of a + cube
    assert designer.wait_for_review(REVIEW_MS).problems  # no pieces yet, but the design is checked as BurrTools'
    designer.model.undo_stack.undo()
    assert designer.model.draft == before
    designer.model.set_item(-1)
    designer.panel.add_piece()
    designer.brush.choose("variable")
    centre = designer.grid.cell_rect(0, 0).center().toPoint()
    qtbot.mouseClick(designer.grid, Qt.MouseButton.LeftButton, pos=centre)  # a piece has no variable cubes
    assert designer.model.draft.variable == frozenset()
