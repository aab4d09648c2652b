"""The Design tab driven like a user: real clicks on the layer grid and on faces of the 3D view make the expected
voxel sets; a drag is one undo step and undo gives back the exact previous puzzle; problems are named and block
Enumerate and Save; a saved puzzle reopens identical; Enumerate counts the designed puzzle in the Packings tab."""

from __future__ import annotations

import json

import pytest
from design_helpers import shown_designer
from PyQt6.QtCore import QPoint, Qt
from solve_helpers import make_window

from cubeviz.design.designer import Designer
from cubeviz.design.draft import TARGET, PuzzleDraft
from solvers.packing import build_cover, count_solutions, load_puzzle

REVIEW_MS = 60_000  # the first review compiles nothing, but a loaded machine is slow


@pytest.fixture
def designer(qtbot):
    with shown_designer(qtbot, 1280, 700) as widget:
        yield widget


def _click_cell(qtbot, designer: Designer, x: int, y: int, z: int = 0) -> None:
    designer.layer.setValue(z)
    centre = designer.grid.cell_rect(x, y).center()
    qtbot.mouseClick(designer.grid, Qt.MouseButton.LeftButton, pos=QPoint(int(centre.x()), int(centre.y())))


def _drag_cells(qtbot, designer: Designer, cells: list[tuple[int, int]]) -> None:
    """One stroke through the cells (of the layer shown), as a mouse drag."""
    points = [designer.grid.cell_rect(x, y).center().toPoint() for x, y in cells]
    qtbot.mousePress(designer.grid, Qt.MouseButton.LeftButton, pos=points[0])
    for point in points[1:]:
        qtbot.mouseMove(designer.grid, point)
    qtbot.mouseRelease(designer.grid, Qt.MouseButton.LeftButton, pos=points[-1])


def test_layer_clicks_build_a_domino_puzzle_that_enumerates(qtbot, designer):
    designer.start_box(2, 2, 1)
    assert designer.model.draft.target == {(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)}
    designer.panel.add_piece()
    assert designer.model.item == 0 and designer.model.draft.pieces[0].cells == {(0, 0, 0)}
    _click_cell(qtbot, designer, 1, 0)
    assert designer.model.draft.pieces[0].cells == {(0, 0, 0), (1, 0, 0)}
    designer.panel.count.setValue(2)
    found = designer.wait_for_review(REVIEW_MS)
    assert found is not None and found.ready and found.problems == ()
    assert found.placements == (4,)  # a domino lies in a 2x2 square in four ways
    assert designer.enumerate_button.isEnabled()
    with qtbot.waitSignal(designer.enumerate_requested, timeout=20_000) as sent:
        qtbot.mouseClick(designer.enumerate_button, Qt.MouseButton.LeftButton)
    assert count_solutions(build_cover(sent.args[0])) == 2  # two domino tilings of the square


def test_a_drag_is_one_undo_step_and_undo_restores_the_exact_puzzle(qtbot, designer):
    designer.start_box(3, 3, 1)
    before = designer.model.draft
    steps = designer.model.undo_stack.count()
    _drag_cells(qtbot, designer, [(3, 0), (3, 1), (3, 2)])  # the margin column beside the box: three cells added
    after = designer.model.draft
    assert after.target == before.target | {(3, 0, 0), (3, 1, 0), (3, 2, 0)}
    assert designer.model.undo_stack.count() == steps + 1
    designer.model.undo_stack.undo()
    assert designer.model.draft == before
    designer.model.undo_stack.redo()
    assert designer.model.draft == after


def test_painting_left_of_the_shape_grows_it_and_keeps_it_at_the_origin(qtbot, designer):
    designer.model.replace_all(PuzzleDraft(target=frozenset({(0, 0, 0)})), "one cube")
    _click_cell(qtbot, designer, -1, 0)
    assert designer.model.draft.target == {(0, 0, 0), (1, 0, 0)}


def test_clicks_on_faces_in_3d_add_and_remove_cubes(qtbot, designer):
    designer.model.replace_all(PuzzleDraft(target=frozenset({(0, 0, 0)})), "one cube")
    view = designer.view
    view.reset_view()
    view.camera.yaw, view.camera.pitch = 0.0, 0.0  # square on to the front face
    centre = QPoint(view.width() // 2, view.height() // 2)
    hit = view.face_under(centre.x(), centre.y())
    assert hit is not None and hit[0] == (0, 0, 0)
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=centre)
    cells = designer.model.draft.target
    assert len(cells) == 2  # a cube added against the face that faces the viewer: in front, along z
    assert {c[0] for c in cells} == {0} and {c[1] for c in cells} == {0} and {c[2] for c in cells} == {0, 1}
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, pos=centre)
    assert len(designer.model.draft.target) == 1


def test_problems_are_named_and_block_enumerate_and_save(qtbot, designer, tmp_path):
    designer.start_box(2, 2, 1)
    designer.panel.add_piece()
    _click_cell(qtbot, designer, 1, 1)  # diagonal to the piece's first cube: two parts
    found = designer.wait_for_review(REVIEW_MS)
    messages = [f.message for f in found.problems]
    assert "piece 'a' is in more than one part: its cells must touch face to face" in messages
    assert not designer.enumerate_button.isEnabled()
    assert "Not ready" in designer.findings.text()
    path = tmp_path / "broken.json"
    assert not designer.save(path) and not path.exists()
    kept = designer.model.draft
    designer.panel.name.setText("a")
    designer.panel.add_piece()
    designer.panel.name.setText("a")  # the new piece 'b' asked to take a letter already used
    designer.panel.name.editingFinished.emit()
    assert [p.name for p in designer.model.draft.pieces] == ["a", "b"]
    assert designer.model.draft.pieces[0] == kept.pieces[0]


def test_a_saved_design_reopens_identical(qtbot, designer, tmp_path):
    assert designer.start_from("soma")
    designer.panel.turn("z")  # edit the shape so the file is not just the shipped one
    designer.model.set_item(2)
    designer.panel.mirror()
    designer.model.set_item(TARGET)
    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready, found.problems
    path = tmp_path / "mine.json"
    assert designer.save(path)
    assert json.loads(path.read_text())["box"] == [3, 3, 3]
    assert PuzzleDraft.from_puzzle(load_puzzle(path)) == designer.model.draft


def test_window_undo_follows_the_tab_and_enumerate_opens_the_packings_tab(qtbot):
    window = make_window(qtbot, 3)
    designer = window.designer
    window.tabs.setCurrentWidget(designer)
    designer.start_box(2, 1, 1)
    designer.panel.add_piece()
    _click_cell(qtbot, designer, 1, 0)
    assert window.actions["undo"].isEnabled()
    window.actions["undo"].trigger()
    assert designer.model.draft.pieces[0].cells == {(0, 0, 0)}
    window.actions["redo"].trigger()
    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready
    qtbot.mouseClick(designer.enumerate_button, Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.packing_browser
    qtbot.waitUntil(lambda: window.packing_browser.worker is None, timeout=180_000)
    assert window.packing_browser.model.puzzle.n_cells == 2
    window.tabs.setCurrentIndex(0)
    assert window.undo_group.activeStack() is window.model.undo_stack


def test_no_review_starts_after_shutdown(qtbot, monkeypatch):
    """A review pending when the window closes stays undone: the running one is cancelled and waited for, and its
    "finished", delivered after the shutdown, must not start the next (a thread running past its window)."""
    import threading

    from cubeviz.design import designer as designer_module

    started = threading.Event()

    def slow_review(draft, stopped):
        started.set()
        while not stopped():  # a long review, until cancelled
            threading.Event().wait(0.01)
        return designer_module.review(draft, stopped)

    with shown_designer(qtbot, 1280, 700) as widget:
        monkeypatch.setattr(designer_module, "review", slow_review)
        widget._start_review()
        assert started.wait(10)
        widget._start_review()  # an edit while it runs: the newest draft is pending
        widget.shutdown()
        qtbot.wait(200)  # the queued "finished" is delivered here
        assert widget._worker is None or not widget._worker.isRunning()
