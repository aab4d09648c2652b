"""The Taking apart player searches its moves in a worker: on PelikanBurr's one assembly that comes apart (108 moves,
a second of search and more) a 20 ms QTimer keeps firing while the moves are found, the busy bar and Cancel show,
and the moves played are the engine's; choosing another solution and Cancel stop the search. An assembly of one
piece (DemoPieceGenerator) is listed and played as "one piece", not as stuck."""

from __future__ import annotations

import pytest
from packing_helpers import EXAMPLES, open_burrtools, packings_window, searched_in_a_worker
from PyQt6.QtCore import Qt

from cubeviz.views.gl.polycube_motion import AssemblyTimeline, DisassemblyTimeline
from solvers.packing.burrtools_apart import ONE_PIECE, play_rows

WAIT_MS = 180_000  # the first search may compile the kernels
PELIKAN_MOVES = 108  # the moves that take PelikanBurr's one solution apart


@pytest.fixture
def window(qtbot, monkeypatch):
    with packings_window(qtbot, monkeypatch) as win:
        yield win


def _open(qtbot, window, name: str):
    return open_burrtools(qtbot, window, EXAMPLES / f"{name}.xmpuzzle", enumerate_now=True, timeout=WAIT_MS)


def _show(qtbot, browser, position: int) -> None:
    browser.model.go_to(position)
    browser.view.item.finish_transition()


def test_the_moves_are_searched_in_a_worker_the_window_responsive_and_cancel_stops_it(qtbot, window):
    browser = _open(qtbot, window, "PelikanBurr")
    model, panel, bar = browser.model, browser.view_panel, browser.disassembly_bar
    qtbot.mouseClick(bar.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.worker is None, timeout=WAIT_MS)
    stuck = int(model.visible[0])
    bar.apart_only.click()
    assert len(model.visible) == 1
    _show(qtbot, browser, 0)
    apart = int(model.visible[0])
    expected = play_rows(model.burrtools, model.problem, model.current_rows())
    assert expected.can_take_apart and len(expected.moves) == PELIKAN_MOVES
    searched_in_a_worker(
        qtbot,
        panel,
        panel.take_apart,
        panel.apart,
        started=lambda: panel.apart.worker.isRunning(),
        longer_than=0.3,
        timeout=WAIT_MS,
    )
    timeline = browser.view.item.assembly
    assert isinstance(timeline, DisassemblyTimeline)
    assert timeline.groups == tuple(m.pieces for m in expected.moves)
    assert panel.step_label.text() == f"0/{PELIKAN_MOVES} moves"

    # another solution cancels the search for the one shown before; Cancel stops it
    panel.take_apart.click()
    assert not panel.take_apart.isChecked()
    panel.take_apart.click()
    first = panel.apart.worker
    assert first is not None
    bar.apart_only.click()  # every assembly listed again
    _show(qtbot, browser, int(list(model.visible).index(stuck)))  # another solution: the search is cancelled
    assert first.stop_event.is_set() and panel.apart.worker is not first
    qtbot.waitUntil(lambda: not panel.apart.running, timeout=WAIT_MS)
    qtbot.waitUntil(lambda: panel.apart.finishing == 0, timeout=20_000)  # the cancelled search stopped by itself
    assert "cannot be taken apart" in panel.step_label.toolTip()  # this one is stuck: the assembly is played
    _show(qtbot, browser, int(list(model.visible).index(apart)))
    assert panel.apart.running
    qtbot.mouseClick(panel.cancel_search, Qt.MouseButton.LeftButton)
    assert not panel.apart.running and not panel.take_apart.isChecked()
    assert not isinstance(browser.view.item.assembly, DisassemblyTimeline)
    assert browser.source.status.text() == "Taking apart cancelled"
    # back to the piece by piece assembly, whose order (a burr: interlocked) is searched in its own worker
    assert panel.searching.isVisible() == panel.order_search.running
    qtbot.waitUntil(lambda: not panel.order_search.running, timeout=WAIT_MS)
    assert not panel.searching.isVisible()
    qtbot.wait(200)  # a late answer of the cancelled search changes nothing
    assert isinstance(browser.view.item.assembly, AssemblyTimeline)


def test_an_assembly_of_one_piece_is_listed_and_played_as_one_piece(qtbot, window):
    browser = _open(qtbot, window, "DemoPieceGenerator")
    model, bar = browser.model, browser.disassembly_bar
    qtbot.mouseClick(bar.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bar.worker is None, timeout=WAIT_MS)
    levels = model.disassembly[model.level_list()]
    assert int((levels >= 0).sum()) == 927 and int((levels == ONE_PIECE).sum()) == 1 and not (levels == -1).any()
    assert browser.source.status.text().endswith("927 come apart, 0 cannot, 1 of one piece (nothing to take apart)")
    position = int(list(levels).index(ONE_PIECE))
    table = browser.table_model
    column = [table.headerData(c, Qt.Orientation.Horizontal) for c in range(table.columnCount())].index("Level")
    assert table.data(table.index(position, column)) == "one piece"
    _show(qtbot, browser, position)
    browser.view_panel.take_apart.click()
    qtbot.waitUntil(lambda: not browser.view_panel.apart.running, timeout=WAIT_MS)
    assert "One piece: nothing to take apart" in browser.source.status.text()
    assert "One piece" in browser.view_panel.step_label.toolTip()
