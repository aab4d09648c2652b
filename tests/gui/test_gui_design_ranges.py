"""Count ranges in the Design tab, driven like a user in a 1366x768 window: ticking *range* and stepping *min* makes
each piece's copies a range (one undo step each, undo and redo exact), the controls fit on screen and say what
BurrTools does with a range; the ranged design is Ready as BurrTools counts it, a puzzle file (JSON) refuses it
naming the ranges, a BurrTools file keeps them and reopens identical; Enumerate counts it in the Packings tab as
burrTxt does; a copied piece keeps its range, and a clipboard range of min above max is refused."""

from __future__ import annotations

import json

import pytest
from design_helpers import enumerated_as_burrtools_counts, refused_as_json_and_reopened_from_burrtools, shown_designer
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtWidgets import QApplication, QMessageBox
from solve_helpers import make_window

from cubeviz.design.draft import PuzzleDraft
from cubeviz.design.piece_panel import CLIPBOARD_FORMAT

REVIEW_MS = 60_000
WAIT_MS = 180_000
RANGED_ASSEMBLIES = 10  # burrTxt -q on this design (tests/design/test_design_ranges.py runs it and a brute force)
RANGES = ((0, 2), (1, 3), (0, 2))  # L trominoes, dominoes, single cubes in a 3x2 box


def _box(ranged: bool) -> PuzzleDraft:
    draft = PuzzleDraft.box(3, 2, 1)
    draft = draft.with_new_piece([(0, 0, 0), (1, 0, 0), (0, 1, 0)]).with_new_piece([(0, 0, 0), (1, 0, 0)])
    draft = draft.with_new_piece()
    for index, (least, most) in enumerate(RANGES):
        draft = draft.with_piece(index, draft.pieces[index].with_copies(least if ranged else most, most))
    return draft


def _tick(qtbot, box) -> None:
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def _on_screen(window, widget) -> bool:
    corner = widget.mapTo(window, QPoint(widget.width() - 1, widget.height() - 1))
    return widget.isVisible() and window.rect().contains(corner)


def test_ranges_set_in_the_panel_undo_save_reopen_and_count_as_burrtxt(qtbot, monkeypatch, tmp_path):
    window = make_window(qtbot, 3)
    window.resize(1366, 768)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    designer = window.designer
    window.tabs.setCurrentWidget(designer)
    designer.model.replace_all(_box(ranged=False), "fixed counts")
    panel = designer.panel
    assert not panel.least.isVisible() and _on_screen(window, panel.ranged) and _on_screen(window, panel.count)
    assert "between min and max" in panel.ranged.toolTip() and "BurrTools' min" in panel.least.toolTip()
    steps = designer.model.undo_stack.count()
    for index, (least, most) in enumerate(RANGES):
        designer.model.set_item(index)
        _tick(qtbot, panel.ranged)  # a range: one copy may go unused
        piece = designer.model.draft.pieces[index]
        assert (piece.least, piece.count) == (most - 1, most) and panel.least.isVisible()
        assert _on_screen(window, panel.least) and _on_screen(window, panel.ranged)
        assert "BurrTools' max" in panel.count.toolTip()
        for _ in range(most - 1 - least):
            qtbot.keyClick(panel.least, Qt.Key.Key_Down)
    assert designer.model.draft == _box(ranged=True)
    assert designer.model.undo_stack.count() == steps + 6  # three ticks, three steps of min
    assert panel.items.item(1).text().startswith("a  3 cells x0-2")
    designer.model.undo_stack.undo()
    assert designer.model.draft.pieces[2].least == 1 and panel.least.value() == 1
    designer.model.undo_stack.redo()
    assert designer.model.draft == _box(ranged=True) and panel.least.value() == 0
    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready and found.placements == (8, 7, 6), found.problems
    said = "Count ranges (each assembly uses between min and max copies of a piece): counted as BurrTools counts."
    assert said in designer.findings.text()

    assert refused_as_json_and_reopened_from_burrtools(designer, tmp_path, warnings) == [
        "Not saved: a puzzle file (.json) cannot hold count ranges (min/max) on pieces a, b, c: save it as a "
        "BurrTools file (.xmpuzzle)"
    ]

    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready
    enumerated_as_burrtools_counts(qtbot, window, RANGED_ASSEMBLIES, WAIT_MS)
    window.close()


@pytest.fixture
def designer(qtbot):
    with shown_designer(qtbot, 1366, 700) as widget:
        yield widget


def test_a_copied_piece_keeps_its_range_and_min_above_max_is_not_pasted(qtbot, designer):
    designer.model.replace_all(_box(ranged=True), "ranged")
    designer.model.set_item(1)
    designer.panel.copy_piece()
    designer.panel.paste_piece()
    pasted = designer.model.draft.pieces[-1]
    assert (pasted.name, pasted.least, pasted.count) == ("d", 1, 3)
    said: list[str] = []
    designer.panel.problem.connect(said.append)
    draft, steps = designer.model.draft, designer.model.undo_stack.count()
    data = {"format": CLIPBOARD_FORMAT, "cells": [[0, 0, 0]], "count": 2, "minimum": 3}
    QApplication.clipboard().setText(json.dumps(data))
    designer.panel.paste_piece()
    assert said == ["Nothing pasted: piece '?': copies 3 to 2 is no range (0 <= min <= max, max >= 1)"]
    assert designer.model.draft is draft and designer.model.undo_stack.count() == steps
