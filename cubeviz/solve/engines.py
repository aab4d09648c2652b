"""The solve runs the app offers, as Qt-free generators: table loading with progress, then the engines' events.

Why a layer over the engines: the GUI wants one shape for every solver (a `Solution` carrying turns the cube
model understands, their display labels, and for the 2x2 the exact distances along the way and the other optimal
solutions), and table builds that report progress and stop on cancel. The engines stay untouched and usable from
the CLI; `solve_events` runs unchanged under `cubeviz.workers.GeneratorWorker` or in a plain loop in a test.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from solvers.cube.moves import Move, centres_home
from solvers.cube.notation import Turn
from solvers.cube.state import CubeState
from solvers.tables import BuildCancelled

if TYPE_CHECKING:
    from solvers.goals.goal import Goal
    from solvers.rubik.events import MoveSolution

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
class TableProgress:
    """A table being loaded or built: `fraction` done of the current table, and what it is."""

    fraction: float
    message: str


@dataclass(frozen=True)
class Solution:
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

    def with_moves(self, moves: tuple[Move, ...], distances: tuple[int, ...] | None) -> Solution:
        """The same solve, another of its optimal move sequences (2x2 alternatives browsing)."""
        turns, labels = _pocket_turns(moves, self.metric)
        return Solution(turns, labels, self.length, self.metric, True, self.elapsed, distances, self.optimal_count,
                        self.alternatives)  # fmt: skip


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
    """Yield the engine's progress events and `Solution`s for `state` (tables first, with `report`ed progress)."""
    if state.size != choice.size:
        raise ValueError(f"{choice.name} solves {choice.size}x{choice.size} cubes, not {state.size}x{state.size}")
    progress = _table_progress(stop, report)
    if choice.size == 2:
        yield _solve_pocket(choice.metric, state, progress)
        return
    from solvers.rubik.events import MoveSolution, UpperBound
    from solvers.rubik.optimal import optimal
    from solvers.rubik.twophase import twophase

    state, rotation = centres_home(state)
    tables = _rubik_tables(progress)
    try:
        _load_rubik_tables(tables, choice, heuristic)
    finally:
        tables.report_progress_to(None)  # the tables outlive this solve; its reporter must not
    if choice is SolverChoice.TWOPHASE:
        variants = max(1, min(6, os.cpu_count() or 1))  # more searches than cores only slow the GUI down
        events = twophase(state, max_time=twophase_seconds, stop=stop, tables=tables, n_variants=variants)
    else:
        events = optimal(state, metric=choice.metric, heuristic=heuristic, stop=stop, tables=tables)
    for event in events:
        if isinstance(event, UpperBound):  # the best so far, kept as an unproven solution if the user cancels
            event = MoveSolution(event.moves, event.length, False, event.elapsed)
        yield rubik_solution(event, rotation, choice.metric) if isinstance(event, MoveSolution) else event


def rubik_solution(
    found: MoveSolution, rotation: CubeState, metric: str, goal: Goal | None = None, proven: bool | None = None
) -> Solution:
    """A 3x3 engine's `MoveSolution` (for the cube turned by `rotation`) as the player's Solution for the cube
    on screen; `proven` overrides the event's own proof flag."""
    turns = _rotate_turns(tuple(Turn.from_move(move) for move in found.moves), rotation)
    labels = tuple(turn.notation for turn in turns)
    proven = found.proven_optimal if proven is None else proven
    return Solution(turns, labels, found.length, metric, proven, found.elapsed, goal=goal)


def _table_progress(stop: threading.Event, report: Report) -> Callable[[float, str], None]:
    """A table builder's progress callback that reports `TableProgress` and abandons the build on cancel."""

    def progress(fraction: float, message: str) -> None:
        if stop.is_set():
            raise BuildCancelled("solve cancelled while building tables")
        report(TableProgress(fraction, message))

    return progress


# -- the 2x2 ------------------------------------------------------------------------------------------------------
_pocket_solvers: dict[str, object] = {}
_pocket_lock = threading.Lock()


def _solve_pocket(metric: str, state: CubeState, progress) -> Solution:
    from solvers.pocket.solve import PocketSolver
    from solvers.rubik.validity import check_corners

    check_corners(state)
    started = time.perf_counter()
    with _pocket_lock:
        if metric not in _pocket_solvers:
            _pocket_solvers[metric] = PocketSolver(metric, progress)
        solver = _pocket_solvers[metric]
    found = solver.all_optimal_solutions(state, POCKET_ALTERNATIVES_LIMIT)
    moves = tuple(found.solutions[0]) if found.solutions else ()
    turns, labels = _pocket_turns(moves, metric)
    distances = tuple(solver.distances_along(state, moves))
    alternatives = tuple(tuple(s) for s in found.solutions)
    elapsed = time.perf_counter() - started
    return Solution(turns, labels, distances[0], metric, True, elapsed, distances, found.count, alternatives)


def forget_pocket_solvers() -> None:
    """Drop the 2x2 solvers (and with them their tables' memory); the next 2x2 solve loads them again."""
    with _pocket_lock:
        _pocket_solvers.clear()


def pocket_distances(state: CubeState, moves: tuple[Move, ...], metric: str) -> tuple[int, ...]:
    """Exact distances along `moves` (the solver of `metric` must have been loaded by a solve)."""
    return tuple(_pocket_solvers[metric].distances_along(state, moves))


def _pocket_turns(moves: tuple[Move, ...], metric: str) -> tuple[tuple[Turn, ...], tuple[str, ...]]:
    from solvers.pocket.metric import move_name, pocket_metric

    named = pocket_metric(metric)
    return tuple(Turn.from_move(m) for m in moves), tuple(move_name(named, Move(m)) for m in moves)


# -- the 3x3 ------------------------------------------------------------------------------------------------------
def _rubik_tables(progress: Callable[[float, str], None]):
    """The process's RubikTables (shared with every other 3x3 user), reporting to the solve that is running now."""
    from solvers.rubik.tables import default_tables

    tables = default_tables()
    tables.report_progress_to(progress)
    return tables


def _rotate_turns(turns: tuple[Turn, ...], rotation: CubeState) -> tuple[Turn, ...]:
    """Moves found for `state * r` rewritten for `state` itself: each turn t becomes r t r^-1, the same physical
    layer named as it sits on screen (state * r w r^-1 is a rotated solved cube)."""
    if rotation.is_identity():
        return turns
    faces = {Turn(face, amount).state(3): Turn(face, amount) for face in "URFDLB" for amount in (1, 2, 3)}
    inverse = rotation.inverse()
    return tuple(faces[rotation * turn.state(3) * inverse] for turn in turns)


def _load_rubik_tables(tables, choice: SolverChoice, heuristic: str | None) -> None:
    """Touch every table the search needs, so loading and building happen here, with progress and cancel."""
    from solvers.rubik.optimal import prepare_tables
    from solvers.rubik.twophase import prepare_twophase_tables

    if choice is SolverChoice.TWOPHASE:
        prepare_twophase_tables(tables)
    else:
        prepare_tables(tables, choice.metric, heuristic)
