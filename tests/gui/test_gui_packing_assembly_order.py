"""The Assembly player's order and the plain Taking apart player's moves are searched in workers: on AlPackino's
stored assembly (a dozen interlocking pieces, seconds of search) a 20 ms QTimer keeps firing while the order is
found, the busy bar and Cancel show, the order played is the engine's, and Cancel or another solution stops the
search; the plain search (a shipped puzzle) is stopped mid-search by another solution."""

from __future__ import annotations

import pytest
from packing_helpers import EXAMPLES, open_burrtools, packings_window, searched_in_a_worker
from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QDialog

from cubeviz.export import ExportError
from cubeviz.packing.export import assembly_frames
from cubeviz.views.gl.polycube_motion import AssemblyTimeline
from cubeviz.views.problem_chooser import ProblemChooser
from solvers.engine import SearchCancelled
from solvers.packing import assembly
from solvers.packing.assembly import assembly_order
from solvers.packing.disassembly import disassemble_solution
from solvers.packing.watch import Watch

WAIT_MS = 60_000
SEARCH_NODES = 5_000  # AlPackino's search bound here (a fraction of a second of search, not seconds)
STOPPING_MS = 20_000  # a cancelled search ends at its next look: at once, unless the machine is busy
LONG_SEARCH = 2_000  # states: a plain search this long is stopped mid-search (it is polled every 256)


@pytest.fixture
def window(qtbot, monkeypatch):
    with packings_window(qtbot, monkeypatch) as win:
        monkeypatch.setattr(ProblemChooser, "exec", _first_problem)
        yield win


def _open(qtbot, window, name: str, enumerate_now: bool = False):
    browser = open_burrtools(qtbot, window, EXAMPLES / f"{name}.xmpuzzle", enumerate_now=enumerate_now, timeout=WAIT_MS)
    if browser.model.current_rows() is None:
        browser.model.go_to(0)
    browser.view.item.finish_transition()
    return browser


def _searches_past(model, position: int, states: int) -> bool:
    """Whether the plain search that takes the assembly at ``position`` apart looks at ``states`` states or more
    (a Watch that stops it there)."""
    model.go_to(position)

    class Set:
        def is_set(self) -> bool:
            return True

    try:
        disassemble_solution(model.problem, model.current_rows(), on_state=Watch(Set(), every=states))
    except SearchCancelled:
        return True
    return False


def _first_problem(dialog: ProblemChooser) -> int:
    dialog.problems.setCurrentRow(0)
    return QDialog.DialogCode.Accepted


def test_the_assembly_order_is_searched_in_a_worker_and_cancel_stops_it(qtbot, window, monkeypatch):
    monkeypatch.setattr(assembly, "MAX_NODES", SEARCH_NODES)
    browser = _open(qtbot, window, "AlPackino")
    panel, model = browser.view_panel, browser.model
    expected = assembly_order(model.problem, model.current_rows())

    def while_searching() -> None:
        with pytest.raises(ExportError, match="still being searched"):  # no animation to export yet
            assembly_frames(browser)
        qtbot.waitUntil(lambda: panel.step_label.text().endswith(" tries"), timeout=WAIT_MS)  # progress heard

    searched_in_a_worker(
        qtbot,
        panel,
        panel.assemble,
        panel.order_search,
        started=lambda: browser.view.item.assembly is None,  # the packing stands assembled
        longer_than=0.15,
        timeout=WAIT_MS,
        while_searching=while_searching,
    )
    timeline = browser.view.item.assembly
    assert isinstance(timeline, AssemblyTimeline)
    assert timeline.order == tuple(step.instance for step in expected)
    assert timeline.directions == tuple(step.direction for step in expected)
    assert panel.step_label.text() == f"0/{len(expected)} pieces"

    # the order is kept for the solution: switching the player off and on again plays it at once
    panel.assemble.click()
    panel.assemble.click()
    assert not panel.order_search.running and browser.view.item.assembly.order == timeline.order

    # another solution (here the same one shown anew) cancels the search; Cancel stops it and the player goes off
    browser._show_current()
    assert panel.order_search.running
    first = panel.order_search.worker
    stopped: list[Exception] = []
    first.error.connect(stopped.append)
    browser._show_current()
    assert first.stop_event.is_set() and panel.order_search.worker is not first
    # stopped at its next look: SearchCancelled says mid-search (the wait allows for a busy machine; it is not a pace)
    qtbot.waitUntil(lambda: panel.order_search.finishing == 0, timeout=STOPPING_MS)
    assert len(stopped) == 1 and isinstance(stopped[0], SearchCancelled)  # mid-search, not run to its end
    qtbot.mouseClick(panel.cancel_search, Qt.MouseButton.LeftButton)
    assert not panel.order_search.running and not panel.searching.isVisible()
    assert not panel.assemble.isChecked() and browser.view.item.assembly is None
    assert browser.source.status.text() == "Assembly order cancelled"
    qtbot.waitUntil(lambda: panel.order_search.finishing == 0, timeout=STOPPING_MS)
    assert browser.view.item.assembly is None  # a late answer of the cancelled search changes nothing


def test_the_plain_taking_apart_search_is_stopped_by_another_solution(qtbot, window, monkeypatch):
    """PelikanBurr's first stored assembly taken apart without BurrTools' rules (the search every puzzle that is
    not a BurrTools problem gets): its search reports the states searched, and showing another solution stops it
    mid-search (its worker ends in SearchCancelled at the next look, not at the search's end)."""
    browser = _open(qtbot, window, "PelikanBurr", enumerate_now=True)
    panel, model = browser.view_panel, browser.model
    monkeypatch.setattr(model, "burrtools", None)  # the plain search
    long = [p for p in range(len(model.visible)) if _searches_past(model, p, LONG_SEARCH)]
    assert len(long) == 1  # the one assembly that comes apart (the stuck ones end in a few hundred states)
    model.go_to(long[0])
    browser.view.item.finish_transition()
    panel.assemble.click()
    qtbot.waitUntil(lambda: not panel.order_search.running, timeout=WAIT_MS)
    panel.take_apart.click()
    assert panel.apart.running
    first = panel.apart.worker
    stopped: list[Exception] = []
    first.error.connect(stopped.append)
    qtbot.waitUntil(lambda: panel.step_label.text().endswith(" states"), timeout=WAIT_MS)  # progress heard
    assert panel.apart.running  # still searching
    model.go_to(0 if long[0] else 1)
    assert first.stop_event.is_set() and panel.apart.worker is not first
    qtbot.waitUntil(lambda: panel.apart.finishing == 0, timeout=STOPPING_MS)
    assert len(stopped) == 1 and isinstance(stopped[0], SearchCancelled)
