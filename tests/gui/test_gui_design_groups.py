"""Piece groups and maxHoles in the Design tab, driven like a user in laptop and full-HD windows: BurrTools' CubeInCage
opens with its cage frames in group 1, shown in the piece list and on the Piece page; stepping a piece's copies in a
group and typing maxHoles on the Puzzle page are one undo step each (undo and redo exact), the controls are on
screen and say what they mean; the design is Ready as BurrTools counts it, a puzzle file (JSON) refuses it naming
the groups and the bound, a BurrTools file keeps them and reopens identical; a copied piece keeps its groups;
Enumerate counts a bounded design in the Packings tab as burrTxt does."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from design_helpers import enumerated_as_burrtools_counts, refused_as_json_and_reopened_from_burrtools
from PyQt6.QtCore import QPoint, Qt
from PyQt6.QtWidgets import QApplication, QMessageBox
from solve_helpers import make_window

from cubeviz.design.piece_panel import CLIPBOARD_FORMAT

sys.path.insert(0, str(Path(__file__).parents[1] / "design"))
from group_cases import linked_rings  # noqa: E402

CUBE_IN_CAGE = Path("/work/peers/burr-tools/examples/CubeInCage.xmpuzzle")
REVIEW_MS = 60_000
WAIT_MS = 180_000
BOUNDED_ASSEMBLIES = 9  # the linked rings with maxHoles 1: burrTxt -q -d and the brute force of test_design_groups


def _on_screen(window, widget) -> bool:
    """Shown, inside the window and not squeezed below the height it asks for."""
    corner = widget.mapTo(window, QPoint(widget.width() - 1, widget.height() - 1))
    return (
        widget.isVisible() and window.rect().contains(corner) and widget.height() >= widget.minimumSizeHint().height()
    )


def _open_cage(qtbot, monkeypatch, screen):
    if not CUBE_IN_CAGE.exists():
        pytest.skip("the BurrTools examples are not on this machine")
    window = make_window(qtbot, 3)
    window.resize(*screen)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    designer = window.designer
    window.tabs.setCurrentWidget(designer)
    assert designer.start_from(CUBE_IN_CAGE) and warnings == []
    return window, designer, warnings


@pytest.mark.parametrize("screen", [(1366, 768), (1920, 1080)], ids=["1366x768", "1920x1080"])
def test_groups_and_max_holes_are_shown_edited_undone_saved_and_reopened(qtbot, monkeypatch, tmp_path, screen):
    window, designer, warnings = _open_cage(qtbot, monkeypatch, screen)
    panel, model = designer.panel, designer.model
    assert [p.groups for p in model.draft.pieces] == [((1, 1),), ((1, 2),), (), (), ()]
    assert panel.items.item(2).text().startswith("b  22 cells x2, group 1")
    qtbot.mouseClick(panel.items.viewport(), Qt.MouseButton.LeftButton, pos=panel.items.visualItemRect(
        panel.items.item(2)).center())  # fmt: skip
    assert model.item == 1
    groups = panel.groups
    for widget in (groups.group, groups.copies, groups.summary):
        assert _on_screen(window, widget), (widget, screen)
    assert groups.group.value() == 1 and groups.copies.value() == 2 and groups.summary.text() == "group 1 (2 copies)"
    assert "need not come apart further" in groups.copies.toolTip()
    steps = model.undo_stack.count()
    qtbot.keyClick(groups.group, Qt.Key.Key_Up)  # group 2: frame b is not in it yet
    assert groups.copies.value() == 0 and model.undo_stack.count() == steps
    qtbot.keyClick(groups.copies, Qt.Key.Key_Up)
    assert model.draft.pieces[1].groups == ((1, 2), (2, 1)) and model.undo_stack.count() == steps + 1
    assert groups.summary.text() == "group 1 (2 copies), group 2 (1 copy)"
    assert panel.items.item(2).text().startswith("b  22 cells x2, groups 1, 2")
    qtbot.keyClick(groups.copies, Qt.Key.Key_Up)
    qtbot.keyClick(groups.copies, Qt.Key.Key_Up)  # no more copies in a group than the piece has
    assert model.draft.pieces[1].groups == ((1, 2), (2, 2)) and groups.copies.maximum() == 2
    model.undo_stack.undo()
    assert model.draft.pieces[1].groups == ((1, 2), (2, 1)) and groups.copies.value() == 1
    model.undo_stack.redo()
    assert model.draft.pieces[1].groups == ((1, 2), (2, 2))

    panel.sections.setCurrentWidget(panel.puzzle_box)
    holes = panel.holes
    assert _on_screen(window, holes.holes) and _on_screen(window, holes.note)
    assert holes.holes.text() == "" and holes.holes.placeholderText() == "no limit"
    assert holes.note.text().startswith("No effect here: with fixed counts")  # CubeInCage has + cells, no range
    steps = model.undo_stack.count()
    qtbot.mouseClick(holes.holes, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(holes.holes, "-3")  # digits only: the minus is not taken
    qtbot.keyClick(holes.holes, Qt.Key.Key_Return)
    assert model.draft.max_holes == 3 and model.undo_stack.count() == steps + 1
    model.undo_stack.undo()
    assert model.draft.max_holes is None and holes.holes.text() == ""
    model.undo_stack.redo()
    assert holes.holes.text() == "3"

    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready, found.problems
    # the bound has no effect on this design (fixed counts), so the findings do not list it
    said = "Variable cells, piece groups (a part whose pieces can share a group need not come apart): counted as"
    assert said in designer.findings.text() and "maxHoles" not in designer.findings.text()
    said = refused_as_json_and_reopened_from_burrtools(designer, tmp_path, warnings)
    assert said == [
        "Not saved: a puzzle file (.json) cannot hold 39 variable (+) cells; piece groups of pieces a, b; the bound "
        "of 3 empty cells (maxHoles): save it as a BurrTools file (.xmpuzzle)"
    ]
    window.close()


def test_a_copied_piece_keeps_its_groups_and_a_bad_group_is_not_pasted(qtbot, monkeypatch):
    window, designer, _ = _open_cage(qtbot, monkeypatch, (1366, 768))
    designer.model.set_item(1)
    designer.panel.copy_piece()
    designer.panel.paste_piece()
    pasted = designer.model.draft.pieces[-1]
    assert (pasted.name, pasted.count, pasted.groups) == ("f", 2, ((1, 2),)) and designer.model.item == 5
    said: list[str] = []
    designer.panel.problem.connect(said.append)
    draft, steps = designer.model.draft, designer.model.undo_stack.count()
    QApplication.clipboard().setText(json.dumps({"format": CLIPBOARD_FORMAT, "cells": [[0, 0, 0]], "groups": [[0, 1]]}))
    designer.panel.paste_piece()
    assert said == ["Nothing pasted: piece '?': group 0 with 1 copies (groups from 1, copies >= 0)"]
    assert designer.model.draft is draft and designer.model.undo_stack.count() == steps
    window.close()


def test_enumerate_counts_a_design_bounded_by_max_holes_as_burrtxt_does(qtbot):
    window = make_window(qtbot, 3)
    window.resize(1366, 768)
    designer = window.designer
    window.tabs.setCurrentWidget(designer)
    designer.model.replace_all(linked_rings(max_holes=1), "rings")
    designer.panel.sections.setCurrentWidget(designer.panel.puzzle_box)
    assert designer.panel.holes.holes.text() == "1"
    assert designer.panel.items.item(3).text().startswith("c  1 cell x0-2")  # one cell, not "1 cells"
    assert designer.panel.holes.note.text().startswith("The most of the 3 variable (+) cells an assembly may leave")
    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready and "at most 1 empty cell (maxHoles)" in designer.findings.text()
    enumerated_as_burrtools_counts(qtbot, window, BOUNDED_ASSEMBLIES, WAIT_MS)
    window.close()
