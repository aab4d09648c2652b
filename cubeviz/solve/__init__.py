"""Solve and play back: a Solve menu and dock that run the 2x2/3x3 engines in a worker thread with live
progress and cancel, and an animated, scrubbable player of the solution on the main cube, with alternatives,
hint mode and copy.

`install(window)` adds the "Solve" dock and menu and sets `window.player_model` (a PlayerModel with
`solution_changed()` / `position_changed(int)`, `moves`, `start_state`, `position`) for other features, and
`window.solve_feature` (the SolveFeature: session, playback, panels).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cubeviz.solve.engines import Solution, SolverChoice
from cubeviz.solve.feature import SolveFeature

if TYPE_CHECKING:
    from cubeviz.main_window import MainWindow

__all__ = ["Solution", "SolveFeature", "SolverChoice", "install"]


def install(window: MainWindow) -> None:
    feature = SolveFeature(window)
    window.solve_feature = feature
    window.player_model = feature.player
