"""The solve run: the generator worker's signals, progress and proof read-out, Cancel within 0.5 s, a responsive
event loop while solving and while tables build, clear errors for bad cubes, and clean exits mid-solve."""

from __future__ import annotations

import random
import threading
import time

import pytest
from PyQt6.QtCore import Qt, QTimer
from solve_helpers import SOLVE_TIMEOUT_MS, make_window, pump, solve_and_wait

from cubeviz.solve import SolverChoice
from cubeviz.solve.progress_panel import PROOF_MARK
from cubeviz.workers import GeneratorWorker
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.pocket import gods

MAX_STALL_S = 0.05


def _allowed_stall(window, seconds: float = 1.0) -> float:
    """50 ms, or 1.5x the worst gap of the event loop showing what a solve shows (read-out text, a solution in the
    player) with no search running, when the machine itself is that busy (shared cores, software OpenGL): the
    test is that solving does not freeze the GUI, not that the machine is quiet."""
    label, player = window.solve_feature.dock.progress.search, window.player_model
    turns = parse_algorithm("R U R' U' F2 D L' B2 U2 R' F D2 L2 B R2 U'").turns
    beat = _Heartbeat()
    for k in range(int(seconds / 0.1)):
        label.setText(f"Depth {k} \N{MIDDLE DOT} {k * 123457:,} nodes")
        if k % 4 == 1:
            player.set_solution(window.model.state, turns[k:])
        pump(0.1)
    label.setText("")
    player.clear()
    return max(MAX_STALL_S, 1.5 * beat.stop())


class _Heartbeat:
    """A 5 ms QTimer on the GUI thread; `stop` gives the longest gap between two beats (an event-loop stall).

    The start and the stop count as beats, so a loop frozen for the whole watch shows as one long gap, and a watch
    shorter than a few beats (a table that builds in 80 ms) is judged on what it saw rather than rejected."""

    def __init__(self) -> None:
        self.times: list[float] = [time.perf_counter()]
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(lambda: self.times.append(time.perf_counter()))
        self.timer.start()

    def stop(self) -> float:
        self.timer.stop()
        self.times.append(time.perf_counter())
        return max(b - a for a, b in zip(self.times, self.times[1:], strict=False))


def test_generator_worker_signals_in_order(qtbot) -> None:
    def work(stop, report):
        report("building")
        yield "progress"
        yield 42
        yield "more"

    worker = GeneratorWorker(work, lambda event: isinstance(event, int))
    seen: list[object] = []
    worker.progress.connect(lambda e: seen.append(("progress", e)))
    worker.solution.connect(lambda e: seen.append(("solution", e)))
    worker.completed.connect(lambda: seen.append("completed"))
    with qtbot.waitSignal(worker.finished, timeout=20_000):
        worker.start()
    qtbot.waitUntil(lambda: "completed" in seen, timeout=20_000)
    assert seen == [("progress", "building"), ("progress", "progress"), ("solution", 42), ("progress", "more"),
                    "completed"]  # fmt: skip


def test_generator_worker_error_and_cancel(qtbot) -> None:
    def failing(stop, report):
        yield 1
        raise ValueError("no such cube")

    worker = GeneratorWorker(failing, lambda event: True)
    errors: list[Exception] = []
    worker.error.connect(errors.append)
    with qtbot.waitSignal(worker.finished, timeout=20_000):
        worker.start()
    qtbot.waitUntil(lambda: bool(errors), timeout=20_000)
    assert str(errors[0]) == "no such cube"

    closed = threading.Event()

    def endless(stop, report):
        try:
            while True:
                time.sleep(0.01)
                yield "beat"
        finally:
            closed.set()  # the generator is closed, so an engine's finally stops its threads

    worker = GeneratorWorker(endless, lambda event: False)
    cancelled: list[bool] = []
    worker.cancelled.connect(lambda: cancelled.append(True))
    worker.start()
    pump(0.1)
    with qtbot.waitSignal(worker.finished, timeout=20_000):
        worker.cancel()
    qtbot.waitUntil(lambda: bool(cancelled), timeout=20_000)
    assert closed.is_set()


@pytest.mark.parametrize("choice", [SolverChoice.OPTIMAL_HTM, SolverChoice.OPTIMAL_QTM])
def test_optimal_solve_shows_proofs_and_the_proof_mark(qtbot, choice) -> None:
    window = make_window(qtbot, 3)
    feature = window.solve_feature
    menu_choice = [a for a in feature.choice_groups[3].actions() if a.data() == choice][0]
    menu_choice.trigger()  # Solve > 3x3x3 Solver reaches the dock's drop-down too
    assert feature.dock.solver.currentData() is choice
    start = parse_algorithm("R U2 F' L D").state(3)  # 5 face turns, 6 quarter turns
    window.model.set_state(start, "test")
    assert solve_and_wait(qtbot, window) == ""
    player, progress = window.player_model, feature.dock.progress
    quarters = sum(2 if turn.amount == 2 else 1 for turn in player.moves)
    assert player.length == (quarters if choice is SolverChoice.OPTIMAL_QTM else len(player.moves))
    assert player.length <= (6 if choice is SolverChoice.OPTIMAL_QTM else 5)
    assert parse_algorithm(player.text(), 3).state(3, start=start).is_solved()
    assert PROOF_MARK in progress.best.text() and "proven optimal" in progress.best.text()
    assert progress.status.text().startswith(f"Solved: {player.length} moves ({choice.metric.upper()}")
    feature.playback.last()
    assert window.model.is_solved()


def test_cancel_in_the_middle_of_an_optimal_search_returns_within_half_a_second(qtbot) -> None:
    window = make_window(qtbot, 3)
    feature = window.solve_feature
    feature.set_choice(SolverChoice.OPTIMAL_HTM)
    window.model.set_state(random_state(3, random.Random(3)), "random state")
    ended: list[str] = []
    feature.session.ended.connect(ended.append)
    window.actions["solve"].trigger()
    progress = feature.dock.progress
    qtbot.waitUntil(lambda: progress.search.text().startswith("Depth"), timeout=SOLVE_TIMEOUT_MS)
    assert "nodes" in progress.search.text() and "/\N{WORD JOINER}s" in progress.search.text()
    assert feature.dock.cancel_button.isEnabled() and not feature.dock.solve_button.isEnabled()
    asked = time.perf_counter()
    qtbot.mouseClick(feature.dock.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(ended), timeout=2000)
    assert time.perf_counter() - asked < 0.5
    assert ended == ["cancelled"] and not feature.session.running
    assert progress.status.text().startswith("Solve cancelled")
    assert feature.dock.solve_button.isEnabled()
    kept = feature.session.solutions  # only an unproven best from the search's probe can be there to keep
    assert window.player_model.has_solution == bool(kept) and not any(s.proven_optimal for s in kept)


def test_event_loop_never_stalls_while_solving(qtbot) -> None:
    window = make_window(qtbot, 3)
    window.model.set_state(random_state(3, random.Random(12)), "random state")
    window.solve_feature.session.twophase_seconds = 1.5
    solve_and_wait(qtbot, window)  # tables into memory first: their load is measured in the next test
    for _attempt in range(2):  # a real stall repeats; a spike of the shared machine's load seldom hits twice
        allowed = _allowed_stall(window)
        beat = _Heartbeat()
        assert solve_and_wait(qtbot, window) == ""
        worst = beat.stop()
        if worst < allowed:
            break
    assert worst < allowed, f"the GUI stalled {worst * 1000:.0f} ms while solving (allowed {allowed * 1000:.0f})"
    assert len(window.solve_feature.session.solutions) >= 1


def test_tables_build_in_the_worker_with_a_progress_bar(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CUBEVIZ_CACHE_DIR", str(tmp_path))  # nothing cached: the QTM God's table is built
    gods.forget_loaded_tables()  # as in a new process: no God's table, no 2x2 solver in memory
    window = make_window(qtbot, 2)
    feature = window.solve_feature
    feature.set_choice(SolverChoice.POCKET_QTM)
    window.model.apply_text("R U F' U2 R'")
    bar, status = feature.dock.progress.table_bar, feature.dock.progress.status
    shown: list[str] = []
    feature.session.progress.connect(lambda _e: bar.isVisible() and shown.append(status.text()))
    allowed = _allowed_stall(window)
    beat = _Heartbeat()
    assert solve_and_wait(qtbot, window) == ""
    worst = beat.stop()
    assert shown and shown[0] == "Building table 1 of 1: the QTM God's table (4 MB)..."
    assert not bar.isVisible() and list(tmp_path.glob("pocket-gods-qtm-*.tbl"))
    assert window.player_model.length == window.player_model.distances[0] > 0
    assert worst < allowed, f"the GUI stalled {worst * 1000:.0f} ms building a table (allowed {allowed * 1000:.0f})"


def test_cancel_stops_a_table_build(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CUBEVIZ_CACHE_DIR", str(tmp_path))
    gods.forget_loaded_tables()  # as in a new process: no God's table, no 2x2 solver in memory
    # The distance read-out and the meter would build the same table in the background (the 2x2 solver is one per
    # process), and this test is about the solve's own build: their loads are kept out.
    monkeypatch.setattr("cubeviz.main_window.load_pocket_engine", lambda stop=None: None)
    monkeypatch.setattr("cubeviz.insight.meter.load_pocket_engine", lambda stop=None: None)
    window = make_window(qtbot, 2)
    feature = window.solve_feature
    window.model.apply_text("R U F'")
    ended: list[str] = []
    feature.session.ended.connect(ended.append)
    window.actions["solve"].trigger()
    qtbot.waitUntil(lambda: feature.dock.progress.table_bar.isVisible(), timeout=SOLVE_TIMEOUT_MS)
    qtbot.mouseClick(feature.dock.cancel_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(ended), timeout=20_000)
    assert ended == ["cancelled"] and not window.player_model.has_solution
    assert not list(tmp_path.glob("pocket-gods-*.tbl"))  # an abandoned build writes nothing
    assert feature.dock.progress.status.text() == "Solve cancelled."


def test_an_unsolvable_cube_gets_a_clear_message_and_nothing_changes(qtbot) -> None:
    for size in (2, 3):
        window = make_window(qtbot, size)
        solved = CubeState.solved(size)
        co = solved.co.copy()
        co[0] = 1
        twisted = CubeState.from_arrays(size, solved.cp, co, solved.ep, solved.eo, solved.centres)
        window.model.set_state(twisted, "twisted corner")
        history = window.model.history
        assert solve_and_wait(qtbot, window).startswith("twisted corner")
        assert window.statusBar().currentMessage().startswith("Solve failed: twisted corner")
        assert window.model.history == history and window.model.state == twisted
        assert not window.player_model.has_solution


@pytest.mark.parametrize("how", ["close", "switch size"])
def test_closing_or_switching_mid_solve_stops_the_worker(qtbot, how) -> None:
    window = make_window(qtbot, 3)
    feature = window.solve_feature
    feature.set_choice(SolverChoice.OPTIMAL_HTM)
    window.model.set_state(random_state(3, random.Random(5)), "random state")
    window.actions["solve"].trigger()
    qtbot.waitUntil(lambda: feature.dock.progress.search.text().startswith("Depth"), timeout=SOLVE_TIMEOUT_MS)
    worker = feature.session.worker
    asked = time.perf_counter()
    if how == "close":
        window.close()
    else:
        window.set_size(2)
        assert feature.dock.solver.currentData() is SolverChoice.POCKET_HTM
    assert time.perf_counter() - asked < 0.5
    assert feature.session.worker is None and worker.isFinished()
