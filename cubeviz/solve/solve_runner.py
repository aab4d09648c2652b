"""One solve at a time: runs `engine_bridge.solve_events` in a GeneratorWorker and loads what it finds into the player.

Why apart from the widgets: the run's life cycle (start, progress, each solution, end, cancel, shutdown) is the
part that must never leave a thread behind, and tests drive it directly.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from PyQt6.QtCore import QObject, pyqtSignal

from cubeviz.models.big_cube import is_big
from cubeviz.models.player_model import PlayerModel
from cubeviz.solve.big_cube_solve import big_cube_events
from cubeviz.solve.engine_bridge import PlayerSolution, SolverChoice, pocket_distances, solve_events
from cubeviz.solve.goal_run import GoalRequest, goal_events
from cubeviz.workers import GeneratorWorker
from solvers.cube.state import CubeState
from solvers.rubik.events import DepthProgress
from solvers.rubik.table_tiers import TableTier, tier_heuristic

HEARTBEAT_SECONDS = 0.25  # search figures refresh four times a second


class SolveSession(QObject):
    """Signals: `started(SolverChoice)`, `progress(event)`, `found(PlayerSolution)` (each solution, best last),
    `ended(str)` ("" when it finished, "cancelled", or the error message)."""

    started = pyqtSignal(object)
    progress = pyqtSignal(object)
    found = pyqtSignal(object)
    ended = pyqtSignal(str)

    def __init__(self, player: PlayerModel, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.player = player
        self.heuristic: str | None = None  # the metric's strongest; tests use "compact" for short optimal solves
        self.tables_tier = TableTier.STANDARD  # the optimal HTM solver's tables (the Solve menu's setting)
        self.twophase_seconds: float | None = None  # None: the engine layer's default
        self.worker: GeneratorWorker | None = None
        self.start_state: CubeState | None = None
        self.choice: SolverChoice | None = None
        self.solutions: list[PlayerSolution] = []  # every solution of this solve, in the order found
        self.goal: GoalRequest | None = None  # what this solve reaches; None: the whole cube solved
        self._run = 0
        self._last_beat = 0.0
        self._held_beat: object | None = None  # the latest heartbeat not yet shown (see `_progress`)
        self.rewind: Callable[[], None] | None = None  # takes the cube back to the start before another is loaded

    @property
    def running(self) -> bool:
        return self.worker is not None

    def solve(self, state: CubeState, choice: SolverChoice, goal: GoalRequest | None = None) -> bool:
        """Start solving `state` (to `goal`, in the choice's metric, when given); False if a solve is running."""
        if self.worker is not None:
            return False
        self.start_state, self.choice, self.solutions, self.goal = state, choice, [], goal
        self._held_beat = None
        options = self.engine_options(choice)

        def factory(stop, report):
            if is_big(state.size):  # 4x4x4 and up: the reduction solver, no tables to prepare
                return big_cube_events(state, stop)
            if goal is not None:
                return goal_events(goal, state, choice.metric, stop, report)
            return solve_events(choice, state, stop, report, **options)

        # No Qt parent: the session holds the only reference, so a finished worker goes with its wrapper.
        worker = GeneratorWorker(factory, lambda event: isinstance(event, PlayerSolution))
        self._run += 1
        run = self._run  # signals still queued from a run already shut down are dropped (and no cycle holds it)
        worker.progress.connect(lambda event: run == self._run and self._progress(event))
        worker.solution.connect(lambda solution: run == self._run and self._found(solution))
        worker.completed.connect(lambda: run == self._run and self._end(""))
        worker.cancelled.connect(lambda: run == self._run and self._end("cancelled"))
        worker.error.connect(lambda exc: run == self._run and self._end(_describe(exc)))
        self.worker = worker
        worker.start()
        self.started.emit(choice)
        return True

    def engine_options(self, choice: SolverChoice) -> dict[str, object]:
        """What `solve_events` gets besides the cube: the heuristic (set outright, or the one the table tier means
        for the choice's metric) and the two-phase time."""
        tiered = tier_heuristic(self.tables_tier, choice.metric) if choice is SolverChoice.OPTIMAL_HTM else None
        options: dict[str, object] = {"heuristic": self.heuristic or tiered}
        if self.twophase_seconds is not None:
            options["twophase_seconds"] = self.twophase_seconds
        return options

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancel()

    def shutdown(self) -> None:
        """Stop and wait for the worker (window closing, puzzle switched): returns within a fraction of a second."""
        worker = self.worker
        if worker is not None:
            worker.cancel()
            worker.wait()
            self._end("cancelled")

    def load(self, solution: PlayerSolution) -> None:
        """Put one of this solve's solutions in the player (it starts from the solve's start state)."""
        if self.rewind is not None:
            self.rewind()
        self.player.set_solution(
            self.start_state, solution.turns, solution.labels, solution.length, solution.metric, solution.distances
        )

    def load_alternative(self, index: int) -> None:
        """2x2: play the `index`-th optimal solution instead (the distances along it are computed here)."""
        best = self.solutions[-1]
        moves = best.alternatives[index]
        self.load(best.with_moves(moves, pocket_distances(self.start_state, moves, best.metric)))

    # -- worker signals ------------------------------------------------------------------------------------------
    def _progress(self, event: object) -> None:
        """Pass progress on, search heartbeats at most every HEARTBEAT_SECONDS (each repaint costs the GUI); a
        heartbeat held back is passed on before the next solution or the end, so the figures shown then are the
        latest (nodes and seconds of one moment)."""
        if isinstance(event, DepthProgress):
            now = time.perf_counter()
            if now - self._last_beat < HEARTBEAT_SECONDS:
                self._held_beat = event
                return
            self._last_beat = now
        self._held_beat = None
        self.progress.emit(event)

    def _flush_beat(self) -> None:
        beat, self._held_beat = self._held_beat, None
        if beat is not None:
            self.progress.emit(beat)

    def _found(self, solution: PlayerSolution) -> None:
        self._flush_beat()
        self.solutions.append(solution)
        player = self.player
        fresh = player.start_state != self.start_state or player.position == 0
        if fresh:  # replace the player's solution unless the user is already playing this solve's one
            self.load(solution)
        self.found.emit(solution)

    def _end(self, status: str) -> None:
        worker, self.worker = self.worker, None
        if worker is None:
            return
        worker.wait()
        self._flush_beat()
        self.ended.emit(status)


def _describe(exc: BaseException) -> str:
    """A one-line message for an engine error (unsolvable cube, unreadable table...)."""
    return str(exc) or type(exc).__name__
