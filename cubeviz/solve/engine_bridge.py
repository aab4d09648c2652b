"""The solve runs the app offers, as Qt-free generators: table loading with progress, then the engines' events.

Why a layer over the engines: the GUI wants one shape for every solver (a `PlayerSolution` carrying turns the cube
model understands, their display labels, and for the 2x2 the exact distances along the way and the other optimal
solutions), and table builds that report progress and stop on cancel. The app builds the same solve
requests as the command line (`solvers.solve`); `solve_events` runs unchanged under
`cubeviz.workers.GeneratorWorker` or in a plain loop in a test.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from solvers.cube.moves import Move, centres_home
from solvers.cube.notation import Turn
from solvers.cube.state import CubeState
from solvers.engine import Metric
from solvers.engines.gods_table import PocketSolution
from solvers.rubik.events import MoveSolution, UpperBound
from solvers.rubik.preparation import TableProgress as TableProgress  # what `report` receives, for callers
from solvers.solve import Limits, SolveRequest, solve

if TYPE_CHECKING:
    from solvers.goals.goal import Goal

POCKET_ALTERNATIVES_LIMIT = 100  # optimal 2x2 solutions kept for browsing (the count covers all of them)
TWOPHASE_SECONDS = 8.0  # how long the two-phase search keeps looking for shorter solutions


class SolverChoice(Enum):
    """What Solve runs: (puzzle size, menu text, engine metric)."""

    POCKET_HTM = (2, "Optimal, face turns (HTM)", "htm")
    POCKET_QTM = (2, "Optimal, quarter turns (QTM)", "qtm")
    POCKET_FRU = (2, "Optimal, F/R/U quarter-and-half turns", "fru")
    TWOPHASE = (3, "Two-phase (fast, near-optimal, improving)", "htm")
    OPTIMAL_HTM = (3, "Optimal, face turns (HTM)", "htm")
    OPTIMAL_QTM = (3, "Optimal, quarter turns (QTM)", "qtm")

    @property
    def size(self) -> int:
        return self.value[0]

    @property
    def text(self) -> str:
        return self.value[1]

    @property
    def metric(self) -> str:
        return self.value[2]

    @classmethod
    def for_size(cls, size: int) -> list[SolverChoice]:
        return [choice for choice in cls if choice.size == size]


DEFAULT_CHOICE = {2: SolverChoice.POCKET_HTM, 3: SolverChoice.TWOPHASE}


@dataclass(frozen=True)
class PlayerSolution:
    """A solution as the player shows it: turns for the cube model, one label per turn in the metric's notation,
    the length in that metric, and (2x2) the exact distance before and after each turn and the optimal count."""

    turns: tuple[Turn, ...]
    labels: tuple[str, ...]
    length: int
    metric: str
    proven_optimal: bool
    elapsed: float
    distances: tuple[int, ...] | None = None
    optimal_count: int | None = None
    alternatives: tuple[tuple[Move, ...], ...] = field(default=(), repr=False)
    goal: Goal | None = field(default=None, repr=False)  # the goal it reaches; None: the whole cube solved

    @property
    def text(self) -> str:
        return " ".join(self.labels)

    def with_moves(self, moves: tuple[Move, ...], distances: tuple[int, ...] | None) -> PlayerSolution:
        """The same solve, another of its optimal move sequences (2x2 alternatives browsing)."""
        turns, labels = _pocket_turns(moves, self.metric)
        return PlayerSolution(
            turns, labels, self.length, self.metric, True, self.elapsed, distances, self.optimal_count,
            self.alternatives,
        )  # fmt: skip


Report = Callable[[object], None]


def solve_events(
    choice: SolverChoice,
    state: CubeState,
    stop: threading.Event,
    report: Report,
    *,
    heuristic: str | None = None,
    twophase_seconds: float = TWOPHASE_SECONDS,
) -> Iterator[object]:
    """Yield the engine's progress events and `PlayerSolution`s for `state`: first what the search needs (tables, with
    `report`ed TableProgress; compiled kernels, with CompileProgress), then a `Prepared` event with the seconds
    each took, then the search's own events, whose times count from the search's start."""
    if state.size != choice.size:
        raise ValueError(f"{choice.name} solves {choice.size}x{choice.size} cubes, not {state.size}x{state.size}")
    if choice.size == 2:
        limits = Limits(solutions=POCKET_ALTERNATIVES_LIMIT)
        request = SolveRequest(state, metric=Metric(choice.metric), limits=limits, stop=stop, report=report)
        for event in solve(request):
            yield _pocket_solution(event, choice.metric) if isinstance(event, PocketSolution) else event
        return
    state, rotation = centres_home(state)
    twophase = choice is SolverChoice.TWOPHASE
    request = SolveRequest(
        state,
        solver="twophase" if twophase else "optimal",
        metric=Metric(choice.metric),
        heuristic=heuristic,
        limits=Limits(max_time=twophase_seconds if twophase else None),
        threads=max(1, min(6, os.cpu_count() or 1)) if twophase else None,  # more than cores only slow the GUI
        stop=stop,
        report=report,
    )
    for event in solve(request):
        if isinstance(event, UpperBound):  # the best so far, kept as an unproven solution if the user cancels
            event = MoveSolution(event.moves, event.length, False, event.elapsed)
        yield rubik_solution(event, rotation, choice.metric) if isinstance(event, MoveSolution) else event


def rubik_solution(
    found: MoveSolution, rotation: CubeState, metric: str, goal: Goal | None = None, proven: bool | None = None
) -> PlayerSolution:
    """A 3x3 engine's `MoveSolution` (for the cube turned by `rotation`) as the player's PlayerSolution for the cube
    on screen; `proven` overrides the event's own proof flag."""
    turns = _rotate_turns(tuple(Turn.from_move(move) for move in found.moves), rotation)
    labels = tuple(turn.notation for turn in turns)
    proven = found.proven_optimal if proven is None else proven
    return PlayerSolution(turns, labels, found.length, metric, proven, found.elapsed, goal=goal)


# -- the 2x2 ------------------------------------------------------------------------------------------------------
def _pocket_solution(found: PocketSolution, metric: str) -> PlayerSolution:
    """The God's-table engine's answer as the player shows it, with its distances and the other optimal ones."""
    turns, labels = _pocket_turns(found.moves, metric)
    return PlayerSolution(
        turns, labels, found.length, metric, True, found.elapsed, found.distances, found.optimal_count,
        found.alternatives,
    )  # fmt: skip


def pocket_distances(state: CubeState, moves: tuple[Move, ...], metric: str) -> tuple[int, ...]:
    """Exact distances along `moves` (the process's solver of `metric`, loaded by a solve, or again after a
    release)."""
    from solvers.pocket.solve import solver

    return tuple(solver(metric).distances_along(state, moves))


def _pocket_turns(moves: tuple[Move, ...], metric: str) -> tuple[tuple[Turn, ...], tuple[str, ...]]:
    from solvers.pocket.metric import move_name, pocket_metric

    named = pocket_metric(metric)
    return tuple(Turn.from_move(m) for m in moves), tuple(move_name(named, Move(m)) for m in moves)


# -- the 3x3 ------------------------------------------------------------------------------------------------------
def _rotate_turns(turns: tuple[Turn, ...], rotation: CubeState) -> tuple[Turn, ...]:
    """Moves found for `state * r` rewritten for `state` itself: each turn t becomes r t r^-1, the same physical
    layer named as it sits on screen (state * r w r^-1 is a rotated solved cube)."""
    if rotation.is_identity():
        return turns
    faces = {Turn(face, amount).state(3): Turn(face, amount) for face in "URFDLB" for amount in (1, 2, 3)}
    inverse = rotation.inverse()
    return tuple(faces[rotation * turn.state(3) * inverse] for turn in turns)
