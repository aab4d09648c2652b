"""Solve for big cubes (4x4x4 and up): the reduction solver's events in the shape the Solve dock and the player take.

Why a module of its own: the 2x2x2 and 3x3x3 runs (`engine_bridge.solve_events`) load tables, compile kernels and
offer several solvers; a big cube has one solver and no preparation, so the runner calls this generator instead
and everything downstream (progress read-out, player, playback) sees the same `PlayerSolution` as ever, its turns
the engine's `BlockTurn`s, each played and animated as one turn of its block of layers.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from cubeviz.solve.engine_bridge import PlayerSolution
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.notation import format_turn
from solvers.nxn.state import NxNState

BLOCK_TURN_METRIC = "btm"  # any block of adjacent layers turned from one face counts 1, whole-cube rotations 0
SOLVER_TEXT = "Reduction: centres, edges, then the 3x3x3"


@dataclass(frozen=True)
class BigCubeChoice:
    """What Solve runs on a big cube: the same face as a `SolverChoice` (size, menu text, metric, name), for the
    one solver every size from 4 up has."""

    size: int

    @property
    def text(self) -> str:
        return SOLVER_TEXT

    @property
    def metric(self) -> str:
        return BLOCK_TURN_METRIC

    @property
    def name(self) -> str:
        return f"REDUCTION_{self.size}"


@cache
def big_cube_choice(size: int) -> BigCubeChoice:
    """The choice for `size` (one object per size, so a combo box finds it again by identity)."""
    return BigCubeChoice(size)


def big_cube_events(state: NxNState, stop: threading.Event) -> Iterator[StageProgress | PlayerSolution]:
    """The solver's stage events as they come, then its answer as a PlayerSolution (one label per block turn, in
    WCA notation); InvalidBigCubeError first when the colours are no real cube, RequestError for a size the
    solver does not take. Nothing when stopped. The engine is the one the solve request's registry picks."""
    from solvers.engines.request import SolveRequest
    from solvers.solve import solve

    for event in solve(SolveRequest(state, stop=stop)):
        yield player_solution(event) if isinstance(event, BigCubeSolution) else event


def player_solution(found: BigCubeSolution) -> PlayerSolution:
    """The engine's answer as the player shows it: its block turns, their labels, the block-turn count."""
    labels = tuple(format_turn(turn, found.size) for turn in found.turns)
    return PlayerSolution(found.turns, labels, found.length, BLOCK_TURN_METRIC, False, found.elapsed)  # type: ignore[arg-type]


def stage_words(event: StageProgress) -> str:
    """The stage as the dock's status line says it: "Centres: orbit 2 of 4..."."""
    words = event.stage.strip() or "solving"
    return f"{words[0].upper()}{words[1:]}..."
