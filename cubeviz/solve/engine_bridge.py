"""The solve runs the app offers, as Qt-free generators: table loading with progress, then the engines' events.

Why a layer over the engines: the GUI wants one shape for every solver (a `PlayerSolution` carrying turns the cube
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
from solvers.rubik.preparation import Prepared, TableProgress
from solvers.tables import BuildCancelled, table_spec

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
        yield from _solve_pocket(choice.metric, state, stop, report)
        return
    from solvers.rubik.events import MoveSolution, UpperBound
    from solvers.rubik.optimal import optimal
    from solvers.rubik.preparation import prepare_search
    from solvers.rubik.rubik_tables import default_tables
    from solvers.rubik.twophase import twophase

    state, rotation = centres_home(state)
    tables = default_tables()  # the process's, shared with every other 3x3 user
    optimal_search = choice is not SolverChoice.TWOPHASE
    yield prepare_search(tables, report, stop, optimal=optimal_search, metric=choice.metric, heuristic=heuristic)
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
) -> PlayerSolution:
    """A 3x3 engine's `MoveSolution` (for the cube turned by `rotation`) as the player's PlayerSolution for the cube
    on screen; `proven` overrides the event's own proof flag."""
    turns = _rotate_turns(tuple(Turn.from_move(move) for move in found.moves), rotation)
    labels = tuple(turn.notation for turn in turns)
    proven = found.proven_optimal if proven is None else proven
    return PlayerSolution(turns, labels, found.length, metric, proven, found.elapsed, goal=goal)


def _table_progress(stop: threading.Event, report: Report, **plan: object) -> Callable[[float, str], None]:
    """A table builder's progress callback that reports `TableProgress` (with `plan`'s fields: index, count,
    title, size, building) and abandons the build on cancel."""

    def progress(fraction: float, message: str) -> None:
        if stop.is_set():
            raise BuildCancelled("solve cancelled while building tables")
        report(TableProgress(fraction, message, **plan))

    return progress


# -- the 2x2 ------------------------------------------------------------------------------------------------------
def _solve_pocket(metric: str, state: CubeState, stop: threading.Event, report: Report) -> Iterator[object]:
    """The 2x2's God's table (loaded or built, with progress), a `Prepared` event, then the optimal PlayerSolution."""
    from solvers.pocket.gods import table_name
    from solvers.pocket.solve import solver, solver_loaded
    from solvers.rubik.validity import check_corners

    check_corners(state)
    started = time.perf_counter()
    built: tuple[str, ...] = ()
    progress = None
    if not solver_loaded(metric):  # (the process's one solver of the metric, kept in the table registry)
        spec = table_spec(table_name(metric))
        cached = spec.cached_file()
        size = spec.size_bytes if cached is None else cached.stat().st_size
        title = f"{metric.upper()} God's table"
        progress = _table_progress(stop, report, index=1, count=1, title=title, size_bytes=size, building=not cached)
        progress(0.0, "loading" if cached else "building")
        built = () if cached else (spec.name,)
    pocket = solver(metric, progress)
    if stop.is_set():  # cancelled while another part of the app was loading the same table (its build is not ours)
        raise BuildCancelled("solve cancelled while the 2x2 table loaded")
    yield Prepared(time.perf_counter() - started, 0.0, built)
    started = time.perf_counter()
    found = pocket.all_optimal_solutions(state, POCKET_ALTERNATIVES_LIMIT)
    moves = tuple(found.solutions[0]) if found.solutions else ()
    turns, labels = _pocket_turns(moves, metric)
    distances = tuple(pocket.distances_along(state, moves))
    alternatives = tuple(tuple(s) for s in found.solutions)
    elapsed = time.perf_counter() - started
    yield PlayerSolution(turns, labels, distances[0], metric, True, elapsed, distances, found.count, alternatives)


def pocket_distances(state: CubeState, moves: tuple[Move, ...], metric: str) -> tuple[int, ...]:
    """Exact distances along `moves` (the solver of `metric`, loaded by a solve, or again after a release)."""
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
