"""Solve and play back: a Solve menu and dock that run the 2x2/3x3 engines in a worker thread with live
progress and cancel, and an animated, scrubbable player of the solution on the main cube, with alternatives,
hint mode and copy.

`install(host)` adds the "Solve" dock and menu and offers the player (`host.shared.player`, a PlayerModel with
`solution_changed()` / `position_changed(int)`, `moves`, `start_state`, `position`) to other features. Importing
the package loads no Qt: its Qt-free modules (`engine_bridge`, `goal_run`) serve scripts and tests without a display.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cubeviz.solve.engine_bridge import PlayerSolution, SolverChoice

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

__all__ = ["PlayerSolution", "SolveFeature", "SolverChoice", "install"]


def install(host: FeatureHost) -> None:
    from cubeviz.solve.feature import SolveFeature

    feature = SolveFeature(host)
    host.shared.player = feature.player
    host.publish("solve_feature", feature)
    host.publish("player_model", feature.player)


def __getattr__(name: str) -> object:
    """`SolveFeature` on first use: importing it loads Qt."""
    if name == "SolveFeature":
        from cubeviz.solve.feature import SolveFeature

        return SolveFeature
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
