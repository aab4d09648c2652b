"""The Solve dock's read-out says what the solve is doing now and leaves nothing stale: each stage (building
tables, compiling, searching, improving, proven, finished, cancelled, failed) has its own words; once a solve has
ended, no live search figures remain; switching puzzle clears the last puzzle's read-out."""

from __future__ import annotations

import random

import pytest
from solve_helpers import make_window, solve_and_wait

from cubeviz.solve import SolverChoice
from cubeviz.solve.engine_bridge import PlayerSolution, TableProgress
from cubeviz.solve.progress_panel import ProgressPanel, Stage
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_move_scramble
from solvers.rubik.events import DepthExhausted, DepthProgress

KEPT = "The best solution so far (18 moves, not proven optimal) is kept."
LIVE = " s \N{MIDDLE DOT} "  # the live search line: "Depth d · n nodes in t s · r /s · best b"


def _solution(length: int, proven: bool) -> PlayerSolution:
    turns = parse_algorithm("R U " * (length // 2), 3).turns
    return PlayerSolution(turns, tuple(t.notation for t in turns), length, "htm", proven, 0.5)


@pytest.fixture
def panel(qtbot) -> ProgressPanel:
    panel = ProgressPanel()
    qtbot.addWidget(panel)
    panel.on_started(SolverChoice.OPTIMAL_HTM)
    return panel


def test_each_stage_has_its_own_words(panel):
    panel.on_progress(TableProgress(0.4, "phase-1 pruning table"))
    assert panel.stage is Stage.BUILDING and "tables" in panel.status.text().lower()
    assert panel.table_bar.isVisibleTo(panel) and "phase-1 pruning table" in panel.detail.full_text()
    panel.on_progress(DepthProgress(0, 0, 0.0, 1.2, None, None))
    assert panel.stage is Stage.COMPILING and "Compiling" in panel.status.text()
    assert "Depth 0" not in panel.search.text() and not panel.table_bar.isVisibleTo(panel)
    panel.on_progress(DepthProgress(12, 4_000_000, 2e6, 3.0, 10.0, None))
    assert panel.stage is Stage.SEARCHING and panel.search.text().startswith("Depth 12") and LIVE in panel.search.text()
    panel.on_found(_solution(18, proven=False))
    assert panel.stage is Stage.IMPROVING and "shorter" in panel.status.text()
    panel.on_progress(DepthExhausted(16, 10, 20, 4.0))
    assert "No solution of length 16" in panel.status.text()
    panel.on_found(_solution(18, proven=True))
    panel.on_ended("")
    assert panel.stage is Stage.PROVEN and panel.status.text().startswith("Solved: 18 moves (HTM, proven optimal)")


@pytest.mark.parametrize(
    ("end", "stage", "words"),
    [("cancelled", Stage.CANCELLED, f"Solve cancelled. {KEPT}"),
     ("", Stage.FINISHED, "Solved: 18 moves (HTM, not proven optimal)."),
     ("tables damaged", Stage.FAILED, "No solution: tables damaged")],
)  # fmt: skip
def test_no_live_figures_survive_the_end(panel, end, stage, words):
    panel.on_progress(DepthProgress(14, 9_000_000, 3e6, 3.0, 2.0, None))
    panel.on_found(_solution(18, proven=False))
    panel.on_ended(end)
    assert panel.stage is stage and panel.status.text() == words
    assert LIVE not in panel.search.text() and "ETA" not in panel.search.text()
    assert panel.search.text() == "Searched 9,000,000 nodes in 3.0 s (3.0\N{NO-BREAK SPACE}M/\N{WORD JOINER}s)."
    panel.on_progress(DepthProgress(15, 9_500_000, 3e6, 3.2, 2.0, None))  # a heartbeat queued before the end
    assert panel.stage is stage and LIVE not in panel.search.text()


def test_a_two_phase_solve_that_proves_leaves_no_depth_zero_line(qtbot):
    window = make_window(qtbot, 3)
    window.model.apply_text("R U F' L2 D B' R2 U'")  # 8 moves: two-phase proves its optimum
    window.cube_view.finish_animation()
    stages: list[Stage] = []
    progress = window.solve_feature.dock.progress
    window.solve_feature.session.progress.connect(lambda _e: stages.append(progress.stage))
    assert solve_and_wait(qtbot, window) == ""
    assert progress.stage is Stage.PROVEN and "proven optimal" in progress.best.text()
    text = progress.search.text()
    assert "Depth 0" not in text and LIVE not in text and " /s" not in text, text
    assert all(stage in (Stage.BUILDING, Stage.COMPILING, Stage.SEARCHING, Stage.IMPROVING) for stage in stages)


def test_switching_puzzle_clears_the_last_solve(qtbot):
    window = make_window(qtbot, 2)
    feature = window.solve_feature
    algorithm = random_move_scramble(9, 2, random.Random(4))
    window.model.scramble_with_moves(algorithm, "test scramble")
    assert solve_and_wait(qtbot, window) == ""
    assert feature.dock.progress.status.text().startswith("Solved:")
    assert "optimal solution" in feature.dock.alternatives.summary.text()
    window.set_size(3)
    progress = feature.dock.progress
    assert progress.stage is Stage.IDLE and not progress.best.text() and not progress.search.text()
    assert progress.status.text().startswith("Press Solve")
    assert feature.dock.alternatives.summary.text() == ""
