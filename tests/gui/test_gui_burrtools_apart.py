"""The Packings tab takes BurrTools problems apart by BurrTools' rules, driven like a user: CubeInCage opened and
taken apart all, 1 of its 96 assemblies comes apart (burrTxt's and the command line's count), the filter keeps it,
and its playback ends with the pieces out of the cage and the three frames together, the player and the status line
saying they stay as group 1 (checked by straight removals, one part after another, and by the pixels); the other
BurrTools examples count as burrTxt counts; a design with two linked rings in one group, enumerated from the Design
tab, comes apart as burrTxt says; and a file without groups is taken apart exactly as before."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from packing_helpers import EXAMPLES, open_burrtools, packings_window, played_assembly
from PyQt6.QtCore import Qt

from solvers.packing import SymmetryMode, load_puzzle
from solvers.packing.burrtools_io import write_burrtools
from solvers.packing.burrtools_puzzle import from_puzzle
from solvers.packing.disassembly import STUCK, disassemble_solution, solution_levels

sys.path.insert(0, str(Path(__file__).parents[1] / "design"))
from group_cases import LINKED, linked_rings  # noqa: E402

WAIT_MS = 180_000  # the first search may compile the kernels
REVIEW_MS = 60_000
CAGE_MOVES = 16  # 4 + 9 + 3 moves (BurrTools stored 4.9.3 with the file's solution)
# burrTxt -q -d FILE: assemblies, solutions (docs/packing.md, "Checked against burrTxt")
COUNTS = {
    "CubeInCage.xmpuzzle": (96, 1),
    "DemoPieceGenerator.xmpuzzle": (928, 927),  # one assembly is a single piece: no solution
    "PelikanBurr.xmpuzzle": (12, 1),
    "DraculasDentalDesaster.xmpuzzle": (84, 1),
    "AlPackino.xmpuzzle": (1, 1),
}
SLOW = {"AlPackino.xmpuzzle"}  # its classes at every level take half a minute on a busy machine

Voxel = tuple[int, int, int]


@pytest.fixture
def window(qtbot, monkeypatch):
    with packings_window(qtbot, monkeypatch) as win:
        yield win


def _open(qtbot, window, path: Path):
    """Open a BurrTools file in the Packings tab and enumerate it at BurrTools' level."""
    return open_burrtools(qtbot, window, path, enumerate_now=True, timeout=WAIT_MS)


def _take_apart_all(qtbot, browser) -> np.ndarray:
    """Press Take apart all, wait for the worker; the levels of the listed solutions."""
    bar = browser.disassembly_bar
    assert bar.run_button.isEnabled()
    qtbot.mouseClick(bar.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.worker is None, timeout=WAIT_MS)
    return browser.model.disassembly[browser.model.level_list()]


def _play_taking_apart(qtbot, panel) -> None:
    """Tick Taking apart and wait for the worker that searches the moves."""
    panel.take_apart.click()
    qtbot.waitUntil(lambda: not panel.apart.running, timeout=WAIT_MS)


def _final_cells(browser) -> list[set[Voxel]]:
    """Each piece's cells where the taking apart leaves it (the timeline's offsets at its end)."""
    item, model = browser.view.item, browser.model
    _, offsets = item.assembly.state(item.assembly.duration)
    target = model.puzzle.target
    out = []
    for instance, row in enumerate(model.current_rows()):
        shift = np.rint(offsets[instance]).astype(int)
        out.append(
            {tuple(int(c) for c in np.asarray(target[c]) + shift) for c in model.problem.row_cells[row] if c >= 0}
        )
    return out


def _removable_in_turn(units: list[set[Voxel]]) -> bool:
    """Whether the units can be taken away one after another, each by a straight slide to infinity that meets no
    cell of those still there: what "apart" means, known without the search."""
    left = [u for u in units if u]
    while len(left) > 1:
        for unit in left:
            others = set().union(*(o for o in left if o is not unit))
            if any(_way_out(unit, others, axis, sign) for axis in range(3) for sign in (1, -1)):
                left = [o for o in left if o is not unit]
                break
        else:
            return False
    return True


def _way_out(unit: set[Voxel], others: set[Voxel], axis: int, sign: int) -> bool:
    keep = [a for a in range(3) if a != axis]
    for v in unit:
        for w in others:
            if w[keep[0]] == v[keep[0]] and w[keep[1]] == v[keep[1]] and (w[axis] - v[axis]) * sign > 0:
                return False
    return True


def test_cube_in_cage_comes_apart_once_and_plays_to_every_part_apart(qtbot, window, tmp_path):
    browser = _open(qtbot, window, EXAMPLES / "CubeInCage.xmpuzzle")
    model = browser.model
    assert model.level == SymmetryMode.ROTATION and len(model.level_list()) == COUNTS["CubeInCage.xmpuzzle"][0]
    levels = _take_apart_all(qtbot, browser)
    assert int((levels >= 0).sum()) == 1 and int((levels == STUCK).sum()) == 95 and levels.max() == 4
    said = "Taken apart by BurrTools' rules (piece groups may stay together): 1 come apart, 95 cannot"
    assert browser.source.status.text() == said
    header = [
        browser.table_model.headerData(c, Qt.Orientation.Horizontal) for c in range(browser.table_model.columnCount())
    ]
    assert "Level" in header
    browser.disassembly_bar.apart_only.click()
    assert len(model.visible) == 1
    assert browser.table_model.data(browser.table_model.index(0, header.index("Level"))) == 4

    panel = browser.view_panel
    browser.view.item.finish_transition()
    assembled = browser.view.render_assembly_frame(0.0)
    _play_taking_apart(qtbot, panel)
    timeline = browser.view.item.assembly
    assert len(timeline.order) == CAGE_MOVES
    frames = [i for i, k in enumerate(model.instance_kinds()) if k in (0, 1)]  # Frame1 and two copies of Frame2
    said = f"the rest stays together as group 1 ({', '.join(model.instance_label(i) for i in frames)})"
    assert said in browser.source.status.text() and said in panel.step_label.toolTip()
    assert "b #2 - Frame2" in said
    while panel.step_label.text().split("/")[0] != str(CAGE_MOVES):
        panel.step(1)  # one move on, as the >| button goes
    assert panel.step_label.text() == f"{CAGE_MOVES}/{CAGE_MOVES} moves, rest: group 1"
    label = panel.step_label  # all of it on show
    qtbot.waitUntil(lambda: label.width() >= label.sizeHint().width(), timeout=20_000)
    cells = _final_cells(browser)
    units = [set().union(*(cells[i] for i in frames))] + [cells[i] for i in range(len(cells)) if i not in frames]
    assert _removable_in_turn(units)  # the cage and each piece that was in it: apart
    assert not _removable_in_turn(cells)  # the frames themselves stay interlocked
    apart = browser.view.render_assembly_frame(timeline.duration)
    assert np.abs(apart.astype(int) - assembled.astype(int)).sum(axis=2).astype(bool).mean() > 0.01
    window.grab().save(str(tmp_path / "cube-in-cage-apart.png"))
    panel.take_apart.click()
    assert len(played_assembly(qtbot, browser).order) == 6  # back to the piece-by-piece assembly


@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n for n in sorted(COUNTS)],  # fmt: skip
)
def test_burrtools_examples_come_apart_as_burrtxt_counts(qtbot, window, name):
    browser = _open(qtbot, window, EXAMPLES / name)
    assemblies, solutions = COUNTS[name]
    assert len(browser.model.level_list()) == assemblies
    levels = _take_apart_all(qtbot, browser)
    assert int((levels >= 0).sum()) == solutions
    browser.disassembly_bar.apart_only.click()
    assert len(browser.model.visible) == solutions


@pytest.mark.parametrize(("grouped", "solutions"), [(True, LINKED[0][2]), (False, 0)])
def test_a_design_with_linked_rings_in_one_group_comes_apart_as_burrtxt_says(qtbot, window, grouped, solutions):
    designer = window.designer
    window.tabs.setCurrentWidget(designer)
    designer.model.replace_all(linked_rings(grouped=grouped), "rings")
    found = designer.wait_for_review(REVIEW_MS)
    assert found.ready, found.problems
    qtbot.mouseClick(designer.enumerate_button, Qt.MouseButton.LeftButton)
    browser = window.packing_browser
    qtbot.waitUntil(lambda: browser.worker is None, timeout=WAIT_MS)
    assert len(browser.model.level_list()) == LINKED[0][1]
    levels = _take_apart_all(qtbot, browser)
    assert int((levels >= 0).sum()) == solutions
    if grouped:
        browser.disassembly_bar.apart_only.click()
        _play_taking_apart(qtbot, browser.view_panel)
        assert "the rest stays together as group 1 (a, b)" in browser.source.status.text()
        cells = _final_cells(browser)
        rings = cells[0] | cells[1]
        assert _removable_in_turn([rings, *cells[2:]]) and not _removable_in_turn(cells[:2])


def test_a_file_without_groups_is_taken_apart_as_before(qtbot, window, tmp_path):
    path = tmp_path / "soma.xmpuzzle"
    write_burrtools(path, from_puzzle(load_puzzle("soma")))
    browser = _open(qtbot, window, path)
    model = browser.model
    listed = model.level_list()
    assert len(listed) == 240
    levels = _take_apart_all(qtbot, browser)
    assert levels.tolist() == solution_levels(model.problem, model.solutions.rows[listed]).tolist() == [1] * 240
    assert browser.source.status.text() == "Taken apart by BurrTools' rules: 240 come apart, 0 cannot"
    _play_taking_apart(qtbot, browser.view_panel)
    played = browser.view.item.assembly
    before = disassemble_solution(model.problem, model.current_rows())
    assert played.groups == tuple(m.pieces for m in before.moves) and len(played.order) == 6
    assert "rest" not in browser.view_panel.step_label.toolTip() + browser.source.status.text()
