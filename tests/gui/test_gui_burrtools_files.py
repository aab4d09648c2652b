"""BurrTools `.xmpuzzle` files in the app, through the real menu actions with the file dialogs, the problem chooser
and the message box answered by the test: a file of two problems asks which one, loads its pieces and result,
lists the assemblies the file stores before any search, and Enumerate counts what the engine's BurrTools count
says; a problem with `+` cells, count ranges or colours is listed as BurrTools counts it, unused pieces hidden;
malformed and other-grid files are refused in one message box and change nothing, whatever was shown before; a
design opens from a file and is saved as one that the engine's reader reads back to the same pieces and shape."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from PyQt6.QtWidgets import QDialog, QFileDialog, QMessageBox
from solve_helpers import make_window

from cubeviz.views.problem_chooser import ProblemChooser
from solvers.packing import SymmetryMode, build_cover, load_puzzle
from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_io import (
    BurrToolsPuzzle,
    Part,
    Problem,
    Solution,
    read_burrtools,
    shape_from_cells,
    write_burrtools,
)
from solvers.packing.burrtools_puzzle import burr_problem, burrtools_transformation, from_puzzle
from solvers.packing.search import all_solutions
from solvers.packing.voxels import apply, normalise

WAIT_MS = 180_000  # the first search may compile the kernel
REVIEW_MS = 60_000
STORED = 3  # Soma assemblies the test file stores
EXPECTED_RANGED = 52  # the brute force of tests/packing/test_burrtools_io.py ("variable cells with count ranges")


def _placement(cells: list, placed: list) -> tuple[int, int, int, int]:
    """BurrTools' (x, y, z, t) that puts a shape with these cells (hot spot at the origin) onto ``placed``."""
    for t in range(24):
        moved = apply(burrtools_transformation(t), cells)
        if normalise(moved) == normalise(placed):
            shift = [min(c[a] for c in placed) - min(c[a] for c in moved) for a in range(3)]
            return shift[0], shift[1], shift[2], t
    raise AssertionError("no rotation puts the piece there")


def _soma_assemblies(file: BurrToolsPuzzle) -> list[dict]:
    """The first Soma solutions of the engine, each as cell -> piece letter, and their BurrTools placements."""
    soma = load_puzzle("soma")
    cover = build_cover(soma)
    rows = all_solutions(cover, up_to=SymmetryMode.MIRROR)[:STORED]
    out = []
    for row in rows.tolist():
        by_kind = {}
        for r in row:
            by_kind[int(cover.row_kind[r])] = [soma.target[c] for c in cover.row_cells[r] if c >= 0]
        placements = tuple(_placement(file.shapes[k].filled(), by_kind[k]) for k in range(len(soma.pieces)))
        letters = {cell: soma.pieces[k].name for k, cells in by_kind.items() for cell in cells}
        out.append({"placements": placements, "letters": letters})
    return out


def _two_problem_file(path: Path) -> tuple[BurrToolsPuzzle, list[dict]]:
    """Problem 1: two dominoes in a 2x2 square; problem 2: the Soma cube with some assemblies stored."""
    soma_file = from_puzzle(load_puzzle("soma"))
    stored = _soma_assemblies(soma_file)
    shapes = (*soma_file.shapes, shape_from_cells([(0, 0, 0), (1, 0, 0)], name="domino"),
              shape_from_cells([(x, y, 0) for x in range(2) for y in range(2)], name="square"))  # fmt: skip
    n = len(soma_file.shapes)
    dominoes = Problem(name="Domino square", parts=(Part(n, 2, 2),), result=n + 1)
    soma = replace(soma_file.problems[0], solutions=tuple(Solution(s["placements"]) for s in stored))
    file = BurrToolsPuzzle(shapes, (dominoes, soma), (), "two problems")
    write_burrtools(path, file)
    return file, stored


@pytest.fixture
def window(qtbot, monkeypatch):
    win = make_window(qtbot, 3)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    win.test_warnings = warnings
    yield win
    win.close()


def _answer_open(monkeypatch, path: Path) -> None:
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))


def _answer_chooser(monkeypatch, row: int) -> list[list[str]]:
    """The chooser answers `row`; returns the lists of lines it showed."""
    shown: list[list[str]] = []

    def choose(dialog: ProblemChooser) -> int:
        shown.append([dialog.problems.item(i).text() for i in range(dialog.problems.count())])
        dialog.problems.setCurrentRow(row)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(ProblemChooser, "exec", choose)
    return shown


def _wait_for_worker(qtbot, browser) -> None:
    qtbot.waitUntil(lambda: browser.worker is None, timeout=WAIT_MS)


def test_a_file_of_two_problems_asks_loads_lists_stored_and_enumerates_as_burrtools(
    qtbot, monkeypatch, window, tmp_path
):
    path = tmp_path / "two.xmpuzzle"
    _file, stored = _two_problem_file(path)
    _answer_open(monkeypatch, path)
    shown = _answer_chooser(monkeypatch, 1)
    browser = window.packing_browser
    window.actions["packing_open_puzzle"].trigger()
    assert shown == [["1. Domino square: 2 pieces", "2. Soma cube: 7 pieces"]]
    assert window.test_warnings == [] and browser.worker is None  # stored assemblies: nothing enumerated yet
    puzzle, soma = browser.model.puzzle, load_puzzle("soma")
    assert puzzle.title == "Soma cube" and len(puzzle.target) == 27
    assert [(p.name, normalise(p.cells), p.count) for p in puzzle.pieces] == [
        (p.name, normalise(p.cells), p.count) for p in soma.pieces
    ]
    # the stored assemblies are the list, piece for piece where the file put them
    solutions = browser.model.solutions
    assert solutions is not None and len(solutions) == STORED
    cover = browser.model.problem
    listed = []
    for row in solutions.rows.tolist():
        listed.append({puzzle.target[c]: puzzle.pieces[int(cover.row_kind[r])].name
                       for r in row for c in cover.row_cells[r] if c >= 0})  # fmt: skip
    assert sorted(map(sorted, (d.items() for d in listed))) == sorted(sorted(s["letters"].items()) for s in stored)
    assert browser.table_model.rowCount() == STORED
    # Enumerate at the level chosen for the file: the engine's BurrTools count
    expected = count(burr_problem(read_burrtools(path), 2)).assemblies
    assert expected == 240  # burrTxt's Soma figure
    assert browser.source.up_to.currentData() == SymmetryMode.MIRROR
    browser.source.enumerate_button.click()
    _wait_for_worker(qtbot, browser)
    assert len(browser.model.solutions) == expected
    assert browser.model.level_counts()[SymmetryMode.MIRROR] == expected


def test_the_packings_button_opens_a_plain_xml_file_of_one_problem_without_asking(qtbot, monkeypatch, window, tmp_path):
    path = tmp_path / "dominoes.xmpuzzle"
    file, _ = _two_problem_file(tmp_path / "both.xmpuzzle")
    write_burrtools(path, replace(file, problems=file.problems[:1]), compress=False)
    assert path.read_bytes().startswith(b"<?xml")
    _answer_open(monkeypatch, path)
    shown = _answer_chooser(monkeypatch, 0)
    browser = window.packing_browser
    button = next(b for b in browser.source.findChildren(type(browser.source.enumerate_button))
                  if b.text() == "Open puzzle...")  # fmt: skip
    button.click()
    _wait_for_worker(qtbot, browser)  # no stored assembly: enumerated at once, as a puzzle file is
    assert shown == [] and window.test_warnings == []
    assert browser.model.puzzle.title == "Domino square" and browser.model.puzzle.n_instances == 2
    assert len(browser.model.solutions) == count(burr_problem(read_burrtools(path))).assemblies == 1


BAD_FILES = {
    "broken.xmpuzzle": (b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><shapes>', "not well-formed"),
    "spheres.xmpuzzle": (
        b'<?xml version="1.0"?><puzzle version="2"><gridType type="2"/><colors/><shapes>'
        b'<voxel x="1" y="1" z="1" type="0">#</voxel></shapes><problems/></puzzle>',
        "spheres",
    ),
    "bad-colour.xmpuzzle": (
        b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors><color red="255" green="0" blue="0"/>'
        b'</colors><shapes><voxel x="2" y="1" z="1" type="0">#3#</voxel><voxel x="2" y="1" z="1" type="0">##</voxel>'
        b'</shapes><problems><problem name="p"><shapes><shape id="0" count="1"/></shapes><result id="1"/><bitmap/>'
        b"</problem></problems></puzzle>",
        "colour 3 is not defined",
    ),
    "rhombic.xmpuzzle": (
        b'<?xml version="1.0"?><puzzle version="2"><gridType type="3"/><colors/><shapes>'
        b'<voxel x="1" y="1" z="1" type="0">#</voxel></shapes><problems/></puzzle>',
        "rhombic dodecahedra",
    ),
    "min-above-max.xmpuzzle": (
        b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        b'<voxel x="1" y="1" z="1" type="0">#</voxel><voxel x="2" y="1" z="1" type="0">##</voxel></shapes>'
        b'<problems><problem name="p"><shapes><shape id="0" min="2" max="1"/></shapes><result id="1"/><bitmap/>'
        b"</problem></problems></puzzle>",
        "shape 1 has min 2 > max 1",
    ),
    "too-many-pieces.xmpuzzle": (
        b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        b'<voxel x="1" y="1" z="1" type="0">#</voxel><voxel x="2" y="1" z="1" type="0">##</voxel></shapes>'
        b'<problems><problem name="p"><shapes><shape id="0" min="3" max="4"/></shapes><result id="1"/><bitmap/>'
        b"</problem></problems></puzzle>",
        "the pieces have at least 3 cells but the result only 2",
    ),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_a_file_that_cannot_be_shown_is_refused_once_and_changes_nothing(monkeypatch, window, tmp_path, name):
    raw, words = BAD_FILES[name]
    path = tmp_path / name
    path.write_bytes(raw)
    _answer_open(monkeypatch, path)
    browser, designer = window.packing_browser, window.designer
    before = (browser.model.puzzle, browser.model.problem, browser.model.solutions, browser.source.up_to.currentIndex())
    draft, undo = designer.model.draft, designer.model.undo_stack.count()
    window.actions["packing_open_puzzle"].trigger()
    assert len(window.test_warnings) == 1 and words in window.test_warnings[0] and name in window.test_warnings[0]
    assert (browser.model.puzzle, browser.model.problem, browser.model.solutions,
            browser.source.up_to.currentIndex()) == before  # fmt: skip
    assert browser.worker is None
    window.actions["design_open"].trigger()
    assert len(window.test_warnings) == 2 and words in window.test_warnings[1]
    assert designer.model.draft is draft and designer.model.undo_stack.count() == undo


def test_a_count_range_opens_in_the_design_tab_and_is_kept(monkeypatch, window, tmp_path):
    file, _ = _two_problem_file(tmp_path / "both.xmpuzzle")
    ranged = replace(file.problems[0], parts=(Part(file.problems[0].parts[0].shape, 1, 2),))
    path = tmp_path / "ranged.xmpuzzle"
    write_burrtools(path, replace(file, problems=(ranged,)))
    _answer_open(monkeypatch, path)
    window.actions["design_open"].trigger()
    assert window.test_warnings == []
    (piece,) = window.designer.model.draft.pieces
    assert (piece.least, piece.count, piece.ranged) == (1, 2, True)


def test_the_design_tab_opens_a_problem_and_saves_it_as_a_burrtools_file(qtbot, monkeypatch, window, tmp_path):
    source = tmp_path / "two.xmpuzzle"
    _two_problem_file(source)
    _answer_open(monkeypatch, source)
    _answer_chooser(monkeypatch, 1)
    designer = window.designer
    window.actions["design_open"].trigger()
    soma = load_puzzle("soma")
    draft = designer.model.draft
    assert window.test_warnings == []
    assert [(p.name, normalise(p.cells), p.count) for p in draft.pieces] == [
        (p.name, normalise(p.cells), p.count) for p in soma.pieces
    ]
    assert draft.target == frozenset(soma.target)
    assert {p.name: p.mirror_twin for p in draft.pieces}["f"] == "g"  # BurrTools pairs the two screws
    found = designer.wait_for_review(REVIEW_MS)
    assert found is not None and found.ready
    written = tmp_path / "design.xmpuzzle"
    answer = (str(tmp_path / "design"), "BurrTools puzzles (*.xmpuzzle)")  # no extension: the filter chooses
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: answer)
    window.actions["design_save"].trigger()
    assert sorted(p.name for p in tmp_path.glob("design*")) == ["design.xmpuzzle"]
    back = burr_problem(read_burrtools(written))
    assert [(k.letter, normalise(k.cells), k.minimum, k.maximum) for k in back.kinds] == [
        (p.name, normalise(p.cells), p.count, p.count) for p in soma.pieces
    ]
    assert frozenset(back.required) == frozenset(soma.target) and back.optional == ()
    assert written.read_bytes()[:2] == b"\x1f\x8b"  # gzip, as BurrTools writes its files


def test_a_stored_assembly_that_is_no_placement_is_left_out_and_said(monkeypatch, window, tmp_path):
    file, stored = _two_problem_file(tmp_path / "both.xmpuzzle")
    soma = file.problems[1]
    good = soma.solutions[0]
    overlapping = Solution((good.placements[0],) * len(good.placements))  # every piece where the first one is
    path = tmp_path / "one-bad.xmpuzzle"
    write_burrtools(path, replace(file, problems=(replace(soma, solutions=(overlapping, good)),)))
    _answer_open(monkeypatch, path)
    browser = window.packing_browser
    window.actions["packing_open_puzzle"].trigger()
    assert window.test_warnings == [] and len(browser.model.solutions) == 1
    assert "1 assembly stored in the file (1 left out" in browser.source.status.text()


def test_cancelling_the_problem_chooser_changes_nothing(monkeypatch, window, tmp_path):
    path = tmp_path / "two.xmpuzzle"
    _two_problem_file(path)
    _answer_open(monkeypatch, path)
    monkeypatch.setattr(ProblemChooser, "exec", lambda _dialog: QDialog.DialogCode.Rejected)
    browser, designer = window.packing_browser, window.designer
    before, draft = (browser.model.puzzle, browser.model.solutions), designer.model.draft
    window.actions["packing_open_puzzle"].trigger()
    window.actions["design_open"].trigger()
    assert (browser.model.puzzle, browser.model.solutions) == before and designer.model.draft is draft
    assert window.test_warnings == [] and browser.worker is None


def test_a_burrtools_file_given_on_the_command_line_opens_in_the_packings_tab(monkeypatch, window, tmp_path):
    from cubeviz.start_file import open_start_file

    path = tmp_path / "two.xmpuzzle"
    _two_problem_file(path)
    shown = _answer_chooser(monkeypatch, 1)
    open_start_file(window, path)
    assert len(shown) == 1 and window.test_warnings == []
    assert window.tabs.currentWidget() is window.packing_browser
    assert window.packing_browser.model.puzzle.title == "Soma cube" and len(window.packing_browser.model.solutions) == 3


# --- problems that are no exact cover: `+` cells, count ranges, colours ----------------------------------------------

RANGED = (
    b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
    b'<voxel x="3" y="2" z="1" type="0">#+##++</voxel>'  # the result: # + # / # + +
    b'<voxel x="2" y="2" z="1" type="0">###_</voxel>'  # an L tromino
    b'<voxel x="2" y="1" z="1" type="0">##</voxel>'  # a domino
    b'<voxel x="1" y="1" z="1" type="0">#</voxel></shapes>'  # a cube
    b'<problems><problem name="ranges"><shapes><shape id="1" min="0" max="1"/><shape id="2" min="0" max="2"/>'
    b'<shape id="3" min="1" max="2"/></shapes><result id="0"/><bitmap/></problem></problems></puzzle>'
)
COLOURED = (  # the colour test file "coloured variable cells": burrTxt says 12 assemblies, 10 solutions
    b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors><color red="200" green="0" blue="0"/>'
    b'<color red="0" green="0" blue="200"/></colors><shapes>'
    b'<voxel x="2" y="2" z="1" type="0">#1+1#+2</voxel><voxel x="2" y="1" z="1" type="0">#1#</voxel>'
    b'<voxel x="1" y="1" z="1" type="0">#2</voxel></shapes>'
    b'<problems><problem name="coloured"><shapes><shape id="1" min="0" max="2"/><shape id="2" min="0" max="4"/>'
    b'</shapes><result id="0"/><bitmap><pair piece="0" result="0"/><pair piece="1" result="1"/></bitmap>'
    b"</problem></problems></puzzle>"
)


def _check_listed(browser, required: set, ranges: list[tuple[int, int]], distinct: bool = True) -> list[frozenset]:
    """Every listed assembly applied: pieces on distinct cells, every required cell covered, each kind within its
    range, and (unless colours tell them apart) no assembly twice. Returns them as sets of (kind, cells)."""
    model, cover = browser.model, browser.model.problem
    puzzle = model.puzzle
    seen = []
    for index in range(len(model.solutions)):
        covered: list = []
        used = [0] * len(ranges)
        pieces = []
        for r in model.solutions.rows[index].tolist():
            cells = [puzzle.target[c] for c in cover.row_cells[r] if c >= 0]
            if cells:
                used[int(cover.row_kind[r])] += 1
                covered += cells
                pieces.append((int(cover.row_kind[r]), frozenset(cells)))
        assert len(covered) == len(set(covered)) and required <= set(covered)
        assert all(low <= n <= high for n, (low, high) in zip(used, ranges, strict=True))
        seen.append(frozenset(pieces))
    if distinct:
        assert len(set(seen)) == len(seen)
    return seen


def test_variable_cells_and_count_ranges_are_enumerated_as_burrtools_counts(qtbot, monkeypatch, window, tmp_path):
    path = tmp_path / "ranges.xmpuzzle"
    path.write_bytes(RANGED)
    _answer_open(monkeypatch, path)
    browser = window.packing_browser
    window.actions["packing_open_puzzle"].trigger()  # opened and enumerated at once, as a puzzle file is
    assert window.test_warnings == []
    assert browser.model.puzzle.title == "ranges" and len(browser.model.puzzle.target) == 6
    _wait_for_worker(qtbot, browser)
    assert "assemblies as BurrTools counts them" in browser.source.status.text()
    expected = count(burr_problem(read_burrtools(path))).assemblies
    assert len(browser.model.solutions) == expected == EXPECTED_RANGED
    listed = _check_listed(browser, {(0, 0, 0), (2, 0, 0), (0, 1, 0)}, [(0, 1), (0, 2), (1, 2)])
    assert len({len(a) for a in listed}) > 1  # assemblies of different numbers of pieces
    # in each assembly exactly the copies it leaves unused are hidden in the 3D view
    hidden_somewhere = False
    for index in range(len(browser.model.solutions)):
        browser.jump_to_number(index + 1)
        rows = browser.model.current_rows()
        absent = [bool((browser.model.problem.row_cells[r] < 0).all()) for r in rows]
        assert browser.view.item.hidden.tolist() == absent
        hidden_somewhere |= any(absent)
    assert hidden_somewhere


def test_a_coloured_problem_is_enumerated_and_drawn(qtbot, monkeypatch, window, tmp_path):
    path = tmp_path / "coloured.xmpuzzle"
    path.write_bytes(COLOURED)
    _answer_open(monkeypatch, path)
    browser = window.packing_browser
    window.tabs.setCurrentWidget(browser)
    window.actions["packing_open_puzzle"].trigger()
    assert window.test_warnings == []
    browser.source.enumerate_button.click()
    _wait_for_worker(qtbot, browser)
    assert len(browser.model.solutions) == 12  # burrTxt's count of this file
    # 12 assemblies, 6 by their cells alone: a coloured domino lies either way round on the same cells
    listed = _check_listed(browser, {(0, 0, 0), (0, 1, 0)}, [(0, 2), (0, 4)], distinct=False)
    assert len(set(listed)) == 6
    browser.jump_to_number(1)
    qtbot.wait(100)
    image = browser.view.grabFramebuffer()
    image.save(str(tmp_path / "burrtools-coloured.png"))
    background = image.pixelColor(2, 2)
    drawn = sum(image.pixelColor(x, y) != background for x in range(0, image.width(), 8)
                for y in range(0, image.height(), 8))  # fmt: skip
    assert drawn > 50  # the pieces of the shown assembly are drawn


def test_a_bad_file_after_a_burrtools_problem_changes_nothing(qtbot, monkeypatch, window, tmp_path):
    good, bad = tmp_path / "ranges.xmpuzzle", tmp_path / "broken.xmpuzzle"
    good.write_bytes(RANGED)
    bad.write_bytes(BAD_FILES["broken.xmpuzzle"][0])
    browser = window.packing_browser
    _answer_open(monkeypatch, good)
    window.actions["packing_open_puzzle"].trigger()
    _wait_for_worker(qtbot, browser)
    before = (browser.model.puzzle, browser.model.problem, browser.model.solutions, browser.burrtools)
    for name in ("broken.xmpuzzle", "spheres.xmpuzzle"):
        bad.write_bytes(BAD_FILES[name][0])
        _answer_open(monkeypatch, bad)
        window.actions["packing_open_puzzle"].trigger()
        assert BAD_FILES[name][1] in window.test_warnings[-1]
        assert (browser.model.puzzle, browser.model.problem, browser.model.solutions, browser.burrtools) == before
    browser.source.enumerate_button.click()  # Enumerate still counts the BurrTools problem
    _wait_for_worker(qtbot, browser)
    assert len(browser.model.solutions) == EXPECTED_RANGED
