"""Goal solves in the Solve feature: the goal choice in the dock, the goal's read-out, and the greyed 3D view.

While the player holds a goal solve's solution and the cube on screen is on its path, the pieces the goal does not
care about are drawn grey (they follow their pieces as the solution plays); anything else shows full colour.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PyQt6.QtCore import QObject

from cubeviz.solve.goal_choice import GoalChoice
from cubeviz.solve.goal_run import GoalRequest
from solvers.goals.goal import Goal, GoalError, ignored_facelets
from solvers.rubik.events import DepthExhausted

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost
    from cubeviz.models.player_model import PlayerModel
    from cubeviz.solve.dock import SolveDock
    from cubeviz.solve.playback import Playback
    from cubeviz.solve.solve_runner import SolveSession


class GoalSolving(QObject):
    """Adds the goal choice above the dock's read-out and keeps the cube view's grey in step with the player."""

    def __init__(self, host: FeatureHost, session: SolveSession, dock: SolveDock, playback: Playback,
                 parent: QObject | None = None) -> None:  # fmt: skip
        super().__init__(parent)
        self.host, self.session, self.dock, self.playback = host, session, dock, playback
        self.player: PlayerModel = playback.player
        self.view = host.cube_view
        self.choice = GoalChoice(host.scheme)
        dock.layout().insertWidget(1, self.choice)
        self.choice.set_size(host.model.size)
        self.shown_goal: Goal | None = None  # the goal of the solution last loaded into the player
        self.lower_bound = 0
        session.started.connect(self._started)  # after the dock's own read-out, which this one refines
        session.progress.connect(self._progress)
        session.found.connect(self._found)
        session.ended.connect(self._ended)
        self.player.solution_changed.connect(self.refresh_grey)
        playback.synced_changed.connect(lambda _synced: self.refresh_grey())
        host.model.size_changed.connect(self.choice.set_size)
        host.scheme_changed.connect(self.choice.picker.set_scheme)

    def request(self) -> GoalRequest | None:
        """The goal Solve should reach now (None: the whole cube); GoalError says why the choice cannot be run."""
        return self.choice.request(self._painted_pattern)

    def refresh_grey(self) -> None:
        goal = self.shown_goal if self.player.has_solution and self.playback.synced else None
        self.view.set_greyed(None if goal is None else partial(ignored_facelets, goal))

    # -- the editor's net ----------------------------------------------------------------------------------------
    def _painted_pattern(self) -> str:
        editor = self.host.shared.net_editor  # offered by the Editor feature, when installed
        if editor is None:
            raise GoalError("there is no editor to paint a pattern in")
        return editor.goal_pattern()

    # -- session signals -----------------------------------------------------------------------------------------
    def _started(self, choice) -> None:
        goal = self.session.goal
        self.lower_bound = 0
        if goal is not None:
            status = self.dock.progress.status
            status.setText(f"Solving to {goal.name}: optimal in {choice.metric.upper()}, grey stickers free...")

    def _progress(self, event: object) -> None:
        match event:
            case DepthExhausted(depth=depth):  # no answer of that length exists
                self.lower_bound = max(self.lower_bound, depth + 1)

    def _found(self, solution) -> None:
        if self.player.start_state == self.session.start_state:
            self.shown_goal = solution.goal
        self.refresh_grey()

    def _ended(self, status: str) -> None:
        session = self.session
        if session.goal is None or not session.solutions:
            return
        best = session.solutions[-1]
        if best.proven_optimal:
            proof = "proven optimal"
        elif self.lower_bound:
            proof = f"best so far, optimum proven \N{GREATER-THAN OR EQUAL TO} {self.lower_bound}"
        else:
            proof = "best so far, not proven optimal"
        verb = "Reached" if not status else "Stopped; best found for"
        within = self.lower_bound - 1  # every move sequence this short was tried and misses the goal
        tried = f"No move sequence of {within} moves or fewer reaches it." if within > 0 else ""
        self.dock.progress.search.setText(tried)
        self.dock.progress.status.setText(
            f"{verb} {session.goal.name}: {best.length}{'*' if best.proven_optimal else ''} moves "
            f"({best.metric.upper()}, {proof})."
        )
