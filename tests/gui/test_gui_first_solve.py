"""The first solve says what it waits for, and its result lines tell the truth.

- While tables build, the dock names the table (number of how many, in words, its size), shows a bar whose one
  line of text fits it, and a time left taken from the pace of the build; while a scramble prepares the solver,
  the dock shows that too.
- At the end, every time shown is what it says: the search's seconds apart from the tables' and the compiler's,
  nodes / seconds = the rate shown, and the parts of the time since Solve add up to it.
"""

from __future__ import annotations

import re
import threading
import time

import numpy as np
import pytest
from PyQt6.QtCore import QTimer
from solve_helpers import SOLVE_TIMEOUT_MS, make_window, solve_and_wait

from cubeviz.solve import SolverChoice
from cubeviz.solve.progress_panel import ProgressPanel, Stage
from cubeviz.workers import GeneratorWorker
from solvers.pocket import gods
from solvers.rubik import preparation
from solvers.rubik.optimal import optimal_tables  # noqa: F401 - registers the optimal tables
from solvers.rubik.preparation import Prepared, TableProgress, load_tables
from solvers.rubik.rubik_tables import RubikTables
from solvers.rubik.twophase import prepare_twophase_tables
from solvers.rubik.warmup import CompileProgress
from solvers.tables import TableSpec, register_table, registered_tables, table_spec

SUMMARY = r"Searched ([\d,]+) nodes in ([\d.e-]+) s \(([\d.]+)\xa0(k|M|G)?/\u2060s\)"  # (rates don't wrap)
SECONDS_PER_TABLE = 5.0  # long enough for a time-left estimate (which waits for 3 s of pace) to be judged


register_table(TableSpec("test-slow-first", 1, "test"))
register_table(TableSpec("test-slow-second", 1, "test", 12_000_000))


class SlowTables(RubikTables):
    """Two made-up tables whose builders take SECONDS_PER_TABLE each at an even pace (the optimal tables' builds
    are minutes long; these stand for them)."""

    def first(self) -> np.ndarray:
        return self._get("test-slow-first", _slow_builder(3_000_000))

    def second(self) -> np.ndarray:
        self.first()
        return self._get("test-slow-second", _slow_builder(12_000_000))


def _slow_builder(size: int):
    def build(progress) -> np.ndarray:
        started = time.perf_counter()
        while (done := (time.perf_counter() - started) / SECONDS_PER_TABLE) < 1:
            progress(done, f"level {int(done * 10)}, {done * size:,.0f} of {size:,} entries")
            time.sleep(0.05)
        return np.zeros(size, dtype=np.uint8)

    return build


def _prepare_slow(tables: SlowTables) -> None:
    tables.second()


def test_a_plan_numbers_the_tables_and_the_bar_fits_its_text(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CUBEVIZ_CACHE_DIR", str(tmp_path))
    panel = ProgressPanel()
    panel.resize(260, 300)  # about the Solve dock's width at 1366x768
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel, timeout=20_000)

    def run(stop, report):
        seconds, built = load_tables(SlowTables(), _prepare_slow, report, stop)
        yield Prepared(seconds, 0.0, built)

    worker = GeneratorWorker(run, lambda _event: False)
    worker.progress.connect(panel.on_progress)
    seen: list[tuple[float, str, str, str, float]] = []  # (time, status, bar text, detail, bar value)
    started = time.perf_counter()
    sampler = QTimer()
    sampler.timeout.connect(lambda: seen.append((time.perf_counter() - started, panel.status.text(),
                                                 panel.table_bar.format(), panel.detail.full_text(),
                                                 panel.table_bar.value() / 1000)))  # fmt: skip
    ended: list[bool] = []
    worker.completed.connect(lambda: ended.append(True))
    panel.on_started(SolverChoice.OPTIMAL_HTM)
    sampler.start(100)
    worker.start()
    qtbot.waitUntil(lambda: bool(ended), timeout=4 * SECONDS_PER_TABLE * 1000)
    sampler.stop()
    worker.wait()

    first = [s for s in seen if "table 1 of 2" in s[1]]
    second = [s for s in seen if "table 2 of 2" in s[1]]
    assert first and second, [s[1] for s in seen]
    assert first[0][1] == "Building table 1 of 2: the test-slow-first..."
    assert "the test-slow-second (12 MB)" in second[0][1]
    assert any(re.match(r"\d+% of 12 MB", s[2]) for s in second)
    assert any("level " in s[3] and "so far" in s[3] for s in second)
    metrics = panel.table_bar.fontMetrics()
    for _at, _status, bar_text, _detail, _value in seen:
        assert metrics.horizontalAdvance(bar_text) <= panel.table_bar.width(), bar_text
    assert panel.table_bar.height() >= metrics.height()  # one line of text, not clipped
    # The time left follows the build's pace: at each moment shown, within 1.5 s of what was really left.
    estimates = [(at, value, _seconds_left(text)) for at, _s, text, _d, value in second if _seconds_left(text)]
    assert estimates, [s[2] for s in second]
    table_start = second[0][0]
    for at, _value, left in estimates:
        really_left = table_start + SECONDS_PER_TABLE - at
        assert abs(left - really_left) <= 1.5, (at, left, really_left)
    assert panel.stage is Stage.SEARCHING and not panel.table_bar.isVisible()
    assert panel.times.text().startswith("Before the search: tables ") and "(2 built)" in panel.times.text()


def _seconds_left(bar_text: str) -> float | None:
    found = re.search(r"(?:(\d+) min )?(\d+) s left", bar_text)
    if found is None:
        return None
    return 60 * int(found.group(1) or 0) + int(found.group(2))


def test_a_fresh_2x2_solve_times_the_table_apart_from_the_search(qtbot, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("CUBEVIZ_CACHE_DIR", str(tmp_path))  # nothing cached: the God's table is built
    gods.forget_loaded_tables()  # as in a new process: no God's table, no 2x2 solver in memory
    window = make_window(qtbot, 2)
    window.solve_feature.set_choice(SolverChoice.POCKET_QTM)  # (the distance read-out loads the HTM table)
    window.model.apply_text("R U F' U2 R' F2")
    progress = window.solve_feature.dock.progress
    assert solve_and_wait(qtbot, window) == ""
    found = float(re.search(r"found ([\d.]+) s into the search", progress.best.text()).group(1))
    total, parts = _times(progress.times.text())
    assert "(1 built)" in progress.times.text()
    assert found < parts["tables"]  # the table's build is not in the search's time
    assert abs(sum(parts.values()) - total) <= 0.25, progress.times.text()


def _times(text: str) -> tuple[float, dict[str, float]]:
    """ "12.3 s since Solve: scramble 1.0 s, tables 10.1 s (4 built), compiling 1.0 s, search 0.2 s." as numbers."""
    head = re.match(r"([\d.]+) s since Solve: (.*)\.$", text)
    assert head, text
    parts = {name: float(value) for name, value in re.findall(r"(\w+) ([\d.]+) s", head.group(2))}
    return float(head.group(1)), parts


@pytest.mark.parametrize("choice", [SolverChoice.TWOPHASE, SolverChoice.OPTIMAL_HTM])
def test_result_lines_add_up(qtbot, choice) -> None:
    """Nodes / seconds = the rate shown (at the precision shown), and the best solution's time lies within
    the search's."""
    window = make_window(qtbot, 3)
    window.solve_feature.set_choice(choice)
    window.model.apply_text("R U2 F' L D2 B R' U F2")  # 9 moves: about a second for the compact heuristic
    window.cube_view.finish_animation()
    progress = window.solve_feature.dock.progress
    assert solve_and_wait(qtbot, window) == ""
    summary = re.match(SUMMARY, progress.search.text())
    assert summary, progress.search.text()
    nodes, seconds = int(summary.group(1).replace(",", "")), float(summary.group(2))
    rate = float(summary.group(3)) * {"k": 1e3, "M": 1e6, "G": 1e9, None: 1}[summary.group(4)]
    assert abs(rate - nodes / seconds) <= 0.06 * rate, (nodes, seconds, rate)  # figures shown to 2-3 digits
    found = float(re.search(r"found ([\d.]+) s into the search", progress.best.text()).group(1))
    assert found <= seconds + 0.3  # the last figures come after the best solution, or with it
    if progress.times.text():  # something before the search took long enough to be told apart
        total, parts = _times(progress.times.text())
        assert abs(sum(parts.values()) - total) <= 0.25 and parts["search"] >= seconds - 0.15, progress.times.text()


def test_a_scramble_preparing_the_solver_shows_it_in_the_dock(qtbot, monkeypatch) -> None:
    """Ctrl+R then Ctrl+Return on a fresh machine: the wait for the scramble shows the solver's preparation (a
    stand-in here, reporting as the real one does), then the queued solve runs, its times counting the wait."""
    real = preparation.prepare_search
    release = threading.Event()

    def preparing(tables, report, stop=None, **options):
        for k in range(20):
            report(TableProgress(k / 20, f"level {k}", 3, 4, "phase-1 pruning table", 140_908_610, True))
            time.sleep(0.05)
        while not release.is_set():
            report(CompileProgress("the two-phase search", False, 1.0))
            time.sleep(0.05)
        return real(tables, report, stop, **options)

    monkeypatch.setattr(preparation, "prepare_search", preparing)
    window = make_window(qtbot, 3)
    progress = window.solve_feature.dock.progress
    window.actions["scramble_state"].trigger()
    window.actions["solve"].trigger()  # queued behind the scramble
    qtbot.waitUntil(lambda: progress.stage is Stage.BUILDING, timeout=20_000)
    assert progress.status.text() == "Scramble: building table 3 of 4, the phase-1 pruning table (141 MB)..."
    assert progress.table_bar.isVisible() and "of 141 MB" in progress.table_bar.format()
    qtbot.waitUntil(lambda: progress.stage is Stage.COMPILING, timeout=20_000)
    assert progress.status.text() == "Scramble: compiling the two-phase search (once per machine)..."
    release.set()
    ended: list[str] = []
    window.solve_feature.session.ended.connect(ended.append)
    qtbot.waitUntil(lambda: bool(ended), timeout=SOLVE_TIMEOUT_MS)
    assert ended == [""] and window.player_model.has_solution
    total, parts = _times(progress.times.text())
    assert parts["scramble"] >= 1.0 and abs(sum(parts.values()) - total) <= 0.25, progress.times.text()


@pytest.mark.parametrize("who", ["", "Scramble", "Start-up"])
def test_every_preparing_stage_fits_the_status_lines_at_the_docks_width(qtbot, who) -> None:
    """The longest words each stage can show (the longest table title, a size in GB, two-digit counts) wrap into
    the status label's two lines at the Solve dock's narrowest width, and the bar's text fits the bar; for a
    scramble or the start-up, which prepare the two-phase solver, its tables' longest."""
    panel = ProgressPanel()
    panel.resize(230, 300)
    qtbot.addWidget(panel)
    panel.show()
    qtbot.waitExposed(panel, timeout=20_000)
    names = [item.name for item in preparation.table_plan(prepare_twophase_tables)] if who else None
    every = [spec.name for spec in registered_tables() if spec.engine == "rubik"]
    title = max((table_spec(name).title for name in names or every), key=len)
    count, size = (4, 140_908_610) if who else (10, 2_470_000_000)
    events = [TableProgress(0.5, "level 9", count, count, title, size, building) for building in (True, False)]
    events += [CompileProgress("the two-phase search" if who else "the optimal search", cached, 12.0)
               for cached in (False, True)]  # fmt: skip
    if not who:
        panel.on_started(SolverChoice.OPTIMAL_HTM)
    label = panel.status
    for event in events:
        if who:
            panel.on_background_progress(event, who)
        else:
            panel.on_progress(event)
        text = label.text()
        needed = label.fontMetrics().boundingRect(0, 0, label.width(), 1000, 0x1000, text).height()  # word wrap
        assert needed <= label.height(), (text, needed, label.height())
        assert label.fontMetrics().horizontalAdvance(panel.table_bar.format()) <= panel.table_bar.width()


def test_the_app_loads_the_two_phase_solver_at_start_up_and_says_so(qtbot, monkeypatch) -> None:
    """When the caches hold the two-phase solver, the app loads it in a worker from start-up (the dock says so),
    and the first scramble then finds it in memory."""
    from solvers.rubik import rubik_tables as rubik_tables

    preparation.prepare_search(rubik_tables.default_tables(), lambda _event: None)  # the caches hold it all
    monkeypatch.setattr(rubik_tables, "_default", RubikTables())  # a new process's: nothing in memory
    monkeypatch.setattr(preparation, "_warmed", set())
    window = make_window(qtbot, 3)
    progress = window.solve_feature.dock.progress
    shown: list[str] = []
    sampler = QTimer()
    sampler.timeout.connect(lambda: progress.table_bar.isVisible() and shown.append(progress.status.text()))
    sampler.start(20)
    window.solve_feature.prepare_in_background()
    qtbot.waitUntil(lambda: window.solve_feature._preparing is None, timeout=SOLVE_TIMEOUT_MS)
    sampler.stop()
    assert any(text.startswith("Start-up: loading table ") for text in shown), shown
    assert progress.stage is Stage.IDLE and progress.status.text().startswith("Press Solve")
    assert all(rubik_tables.default_tables().has_loaded(name) for name in ("rubik-moves", "rubik-phase1-htm"))
