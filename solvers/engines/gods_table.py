"""The 2x2x2 engine behind a request: the metric's God's table (HTM, QTM or F/R/U) loaded or built once per
process, with progress, then the optimal solution read off it: one `PocketSolution`, proven optimal, carrying the
exact distance before and after each move and, when the request lists solutions, how many optimal ones there are
and the first `limits.solutions` of them."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from solvers.cube.moves import Move
from solvers.engines.request import SolveRequest
from solvers.rubik.events import MoveSolution

if TYPE_CHECKING:
    from solvers.pocket.solve import PocketSolver

POCKET_TABLE_BYTES = 3_674_359  # a 2x2 God's table's file (one byte per position, 3674160 positions)


@dataclass(frozen=True)
class PocketSolution(MoveSolution):
    """An optimal 2x2x2 solution with the distances along it (`distances[0]` is the length); `optimal_count` and
    `alternatives` (the first optimal solutions, this one first) when the request listed solutions."""

    distances: tuple[int, ...] = ()
    optimal_count: int | None = None
    alternatives: tuple[tuple[Move, ...], ...] = field(default=(), repr=False)


_solvers: dict[str, PocketSolver] = {}
_lock = threading.Lock()


def events(request: SolveRequest) -> Iterator[object]:
    """A `Prepared` event once the table is in memory, then the `PocketSolution`; UnsolvableCubeError first for
    corners no turns can solve."""
    from solvers.rubik.preparation import Prepared
    from solvers.rubik.validity import check_corners

    state = request.cube()
    check_corners(state)
    metric = request.metric.value
    started = time.perf_counter()
    solver, built = _solver(metric, request)
    yield Prepared(time.perf_counter() - started, 0.0, built)
    started = time.perf_counter()
    wanted = request.limits.solutions
    moves: tuple[Move, ...]
    alternatives: tuple[tuple[Move, ...], ...] = ()
    count: int | None = None
    if wanted is None:
        moves = tuple(solver.optimal_solution(state))
    else:
        found = solver.all_optimal_solutions(state, wanted)
        alternatives = tuple(tuple(s) for s in found.solutions)
        moves, count = (alternatives[0] if alternatives else ()), found.count
    distances = tuple(solver.distances_along(state, moves))
    elapsed = time.perf_counter() - started
    yield PocketSolution(moves, len(moves), True, elapsed, distances, count, alternatives)


def _solver(metric: str, request: SolveRequest) -> tuple[PocketSolver, tuple[str, ...]]:
    """The process's solver of `metric` (its table loaded or built now, reported as TableProgress and abandoned
    when the request is stopped), and the table's name when this call built it."""
    from solvers.pocket.gods import TABLE_VERSION, table_name
    from solvers.pocket.metric import pocket_metric, table_metric
    from solvers.pocket.solve import PocketSolver
    from solvers.rubik.preparation import TableProgress
    from solvers.tables import BuildCancelled, table_path

    with _lock:
        if metric in _solvers:
            return _solvers[metric], ()
        path = table_path(table_name(table_metric(pocket_metric(metric))), TABLE_VERSION)
        building = not path.exists()
        size = POCKET_TABLE_BYTES if building else path.stat().st_size
        title = f"{metric.upper()} God's table"

        def progress(fraction: float, message: str) -> None:
            if request.stop.is_set():
                raise BuildCancelled("solve cancelled while building tables")
            request.tell(TableProgress(fraction, message, 1, 1, title, size, building))

        progress(0.0, "building" if building else "loading")
        _solvers[metric] = PocketSolver(metric, progress)
        return _solvers[metric], (path.stem,) if building else ()


def loaded_solver(metric: str) -> PocketSolver | None:
    """The solver of `metric` if a request has loaded it (distances along other moves, without a search)."""
    with _lock:
        return _solvers.get(metric)


def forget() -> None:
    """Drop the 2x2x2 solvers (and with them their tables' memory); the next request loads them again."""
    with _lock:
        _solvers.clear()
