"""A search's compiled kernels made ready before the search: run once on a cube one move from solved, so numba
compiles them (or loads them from its disk cache) for exactly the argument types the real search passes, and the
search's own times leave the compiler out; and whether numba's cache already holds them.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from solvers.cube.moves import Move, apply_moves
from solvers.cube.state import CubeState
from solvers.engine import Metric, Progress, SearchCancelled, StopFlag, search_metric
from solvers.rubik.rubik_tables import RubikTables

Report = Callable[[object], None]
COMPILE_BEAT_SECONDS = 0.1  # how often a compile in progress reports itself


@dataclass(frozen=True)
class CompileProgress(Progress):
    """The search's kernels being compiled (or, when `cached`, loaded from numba's disk cache) for `elapsed` s."""

    what: str
    cached: bool
    elapsed: float


def one_move_cube() -> CubeState:
    """The cheapest cube that still runs a search's kernel (the solved cube is answered before any kernel runs)."""
    return apply_moves(CubeState.solved(3), [Move.R1])


def warm_twophase(tables: RubikTables) -> None:
    """Run the two-phase search once on a one-move cube: its kernel is compiled (or loaded from numba's cache)."""
    from solvers.rubik.twophase import solve_twophase

    solve_twophase(one_move_cube(), tables=tables, n_variants=1)


def warm_optimal(tables: RubikTables, metric: Metric | str, heuristic: Any = None) -> None:
    """Run the optimal search once on a one-move cube with this heuristic (and, for HTM, the two-phase search
    its probes run): their kernels are compiled or loaded."""
    from solvers.rubik.optimal import solve_optimal

    solve_optimal(one_move_cube(), metric=metric, heuristic=heuristic, tables=tables, n_threads=1)
    if search_metric(metric) is Metric.HTM:
        warm_twophase(tables)


def search_kernels(optimal: bool, metric: Metric | str = Metric.HTM, heuristic: Any = None) -> list[Any]:
    """The numba dispatchers a search calls (the two-phase kernel; the optimal search's kernel for the heuristic,
    a name or a plan, and, for HTM, the two-phase kernel of its probes)."""
    from solvers.rubik import twophase_kernel

    if not optimal:
        return [twophase_kernel.twophase_search]
    from solvers.rubik.optimal.depth_first import ida_subtree
    from solvers.rubik.optimal.heuristics import plan_of
    from solvers.rubik.optimal.interleaved import ida_interleaved
    from solvers.rubik.optimal.plan import ResiduePlan

    kernels = [ida_interleaved if isinstance(plan_of(heuristic, metric), ResiduePlan) else ida_subtree]
    if search_metric(metric) is Metric.HTM:
        kernels.append(twophase_kernel.twophase_search)
    return kernels


def kernel_cached(dispatcher: Any) -> bool:
    """Whether numba's disk cache holds this kernel compiled for this machine and for tables loaded from the
    cache (read-only arrays): then a new process loads it in a fraction of a second instead of compiling it.
    False whenever it cannot tell (no cache, an index it cannot read, another numba's internals)."""
    try:
        index = dispatcher._cache._cache_file._load_index()
        magic = dispatcher.targetctx.codegen().magic_tuple()
    except Exception:  # noqa: BLE001 - numba's private API: unknown means "compile to be sure"
        return False
    for key in index:
        signature, key_magic = key[0], key[1]
        if key_magic == magic and any(_holds_read_only(arg) for arg in signature):
            return True
    return False


def _holds_read_only(arg: Any) -> bool:
    """Whether a numba argument type is a read-only array, or a tuple (a kernel's named tuple of tables) holding
    one."""
    if getattr(arg, "mutable", True) is False:
        return True
    return any(_holds_read_only(member) for member in getattr(arg, "types", ()))


def warm_kernels(
    warm: Callable[[], None], what: str, cached: bool, report: Report, stop: StopFlag | None = None
) -> float:
    """Run `warm()` (a search on a one-move cube) in a thread, reporting CompileProgress while it runs; returns
    its seconds. A compile cannot be interrupted: on `stop` it is waited for, then SearchCancelled is raised."""
    errors: list[BaseException] = []

    def run() -> None:
        try:
            warm()
        except BaseException as error:  # noqa: BLE001 - re-raised in the caller's thread below
            errors.append(error)

    started = time.perf_counter()
    thread = threading.Thread(target=run, daemon=True, name="warm-kernels")
    thread.start()
    report(CompileProgress(what, cached, 0.0))
    while thread.is_alive():
        thread.join(COMPILE_BEAT_SECONDS)
        report(CompileProgress(what, cached, time.perf_counter() - started))
    if errors:
        raise errors[0]
    if stop is not None and stop.is_set():
        raise SearchCancelled("stopped while compiling the search")
    return time.perf_counter() - started
