"""The 2x2x2 engine behind a request: the metric's God's table (HTM, QTM or F/R/U) loaded or built once per
process, with progress, then the optimal solution read off it: one `PocketSolution`, proven optimal, carrying the
exact distance before and after each move and, when the request lists solutions, how many optimal ones there are
and the first `limits.solutions` of them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from solvers.cube.moves import Move
from solvers.engines.request import SolveRequest
from solvers.rubik.events import MoveSolution

if TYPE_CHECKING:
    from solvers.pocket.solve import PocketSolver


@dataclass(frozen=True)
class PocketSolution(MoveSolution):
    """An optimal 2x2x2 solution with the distances along it (`distances[0]` is the length); `optimal_count` and
    `alternatives` (the first optimal solutions, this one first) when the request listed solutions."""

    distances: tuple[int, ...] = ()
    optimal_count: int | None = None
    alternatives: tuple[tuple[Move, ...], ...] = field(default=(), repr=False)


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
    """The process's one solver of `metric` (kept in the table registry by `pocket.solve.solver`; its table loaded
    or built now, reported as TableProgress and abandoned when the request is stopped), and the table's name when
    this call built it."""
    from solvers.pocket.gods import table_name
    from solvers.pocket.solve import solver, solver_loaded
    from solvers.rubik.preparation import TableProgress
    from solvers.tables import BuildCancelled, table_spec

    if solver_loaded(metric):
        return solver(metric), ()
    spec = table_spec(table_name(metric))
    cached = spec.cached_file()
    size = spec.size_bytes if cached is None else cached.stat().st_size
    title = f"{metric.upper()} God's table"

    def progress(fraction: float, message: str) -> None:
        if request.stop.is_set():
            raise BuildCancelled("solve cancelled while building tables")
        request.tell(TableProgress(fraction, message, 1, 1, title, size, cached is None))

    progress(0.0, "loading" if cached else "building")
    made = solver(metric, progress)
    if request.stop.is_set():  # stopped while another part of the app loaded the same table (its build is not ours)
        raise BuildCancelled("solve cancelled while the 2x2 table loaded")
    return made, () if cached else (spec.name,)


def loaded_solver(metric: str) -> PocketSolver | None:
    """The solver of `metric` if it is in memory (distances along other moves, without a search)."""
    from solvers.pocket.solve import solver, solver_loaded

    return solver(metric) if solver_loaded(metric) else None
