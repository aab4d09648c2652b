"""The optimal search's driver: proven-optimal 3x3x3 solutions (HTM or QTM) by IDA*, a generator using both cores.

For each cost bound, the tree is cut into its two-move prefixes; worker threads take prefixes from a shared
counter and run the nogil numba kernel on each, so the cores stay busy however uneven the subtrees are. The
generator polls the workers, yields `DepthProgress` (bound, nodes, rate, ETA for the bound), a
`DepthExhausted` proof line when a bound is finished without a solution, and finally a `MoveSolution` with
`proven_optimal=True`. Setting `stop` or closing the generator raises the shared stop flag, which the
kernels read every 16k nodes (about a millisecond), so a cancel takes effect well within 0.2 s.

The cube and its inverse are at the same distance, and a solution of one inverted solves the other, so the
cheap bounds are searched on both and the rest on whichever tree was smaller (see `_Tree`).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator

import numpy as np

from solvers.cube.moves import Move, apply_moves
from solvers.cube.state import CubeState
from solvers.engine import Metric, SearchCancelled, search_metric
from solvers.rubik import coords as cd
from solvers.rubik import cubie
from solvers.rubik.events import DepthExhausted, DepthProgress, MoveSolution, SearchEvent, UpperBound
from solvers.rubik.optimal.heuristics import plan_of
from solvers.rubik.optimal.optimal_tables import optimal_view
from solvers.rubik.optimal.plan import HeuristicPlan
from solvers.rubik.optimal.probe import PROBE_SHARE, UpperBoundProbe
from solvers.rubik.optimal.rows import CTRL_FOUND, CTRL_SIZE, CTRL_STOP, MAX_DEPTH
from solvers.rubik.optimal.subtrees import SearchKernel
from solvers.rubik.rubik_tables import RubikTables

POLL_SECONDS = 0.05
HEARTBEAT_SECONDS = 0.25
CHOOSE_TREE_AT_NODES = 500_000  # search the cube and its inverse until a bound costs this much, then the smaller
DEFAULT_GROWTH = {Metric.HTM: 13.3, Metric.QTM: 9.4}  # nodes(bound + step) / nodes(bound) before any is measured


def heuristic_value(
    state: CubeState, metric: Metric | str = Metric.HTM, heuristic: HeuristicPlan | str | None = None, tables=None
) -> int:
    """The heuristic's lower bound for `state` (for reports of the heuristic's strength)."""
    metric = search_metric(metric)
    return SearchKernel(state, metric, plan_of(heuristic, metric), optimal_view(tables)).start_heuristic()


def optimal(
    state: CubeState,
    *,
    metric: Metric | str = Metric.HTM,
    heuristic: HeuristicPlan | str | None = None,
    stop: threading.Event | None = None,
    tables: RubikTables | None = None,
    n_threads: int | None = None,
    max_length: int = MAX_DEPTH - 1,
    with_inverse: bool = True,
    probe_share: float = PROBE_SHARE,
) -> Iterator[SearchEvent]:
    """Yield progress, one DepthExhausted per bound proven empty, then the optimal solution (proven_optimal).

    with_inverse=False searches the cube's own tree only (to compare node counts with peers that do).
    probe_share is the share of each costly bound's expected time given to a two-phase probe first (HTM only;
    0 turns the probes off): a solution it finds of the next bound's length ends the search once the bound
    below is exhausted (see `probe`)."""
    from solvers.rubik.validity import check_solvable

    check_solvable(state)
    metric = search_metric(metric)
    plan = plan_of(heuristic, metric)  # a registered name, or a plan made outside the package (see `plan`)
    tables = optimal_view(tables)
    trees = [_Tree(SearchKernel(state, metric, plan, tables), inverted=False)]
    inverse = cubie.unflat(cubie.invert(cubie.flat(state)))
    if with_inverse and inverse != state:
        trees.append(_Tree(SearchKernel(inverse, metric, plan, tables), inverted=True))
    n_threads = n_threads or min(2, os.cpu_count() or 1)
    started = time.perf_counter()
    ctrl = np.zeros(CTRL_SIZE, dtype=np.int64)
    step = 2 if metric is Metric.QTM else 1
    bound = max(tree.kernel.start_heuristic() for tree in trees)  # both bound the same distance
    if metric is Metric.QTM and (bound - cd.corner_parity(trees[0].kernel.cube)) % 2:
        bound += 1  # every quarter turn flips the corner parity, so the distance has the parity of the corners
    total_nodes = 0
    rate = 0.0  # nodes per second of the last bound
    probe = UpperBoundProbe(state, tables, stop) if metric is Metric.HTM and probe_share > 0 else None
    try:
        while bound <= max_length:
            if probe is not None:
                expected = _expected_seconds(trees, rate, metric)
                if expected is not None and probe.worth_probing(bound, expected):
                    known = probe.length
                    yield from probe.run(bound, probe_share * expected, (total_nodes, rate, started))
                    if probe.best is not None and probe.best.length != known:
                        yield UpperBound(tuple(probe.best.moves), probe.best.length, time.perf_counter() - started)
                best = probe.best
                if best is not None and best.length <= bound:  # every shorter bound is exhausted
                    yield MoveSolution(best.moves, best.length, True, time.perf_counter() - started)
                    return
            depth_nodes = 0
            bound_started = time.perf_counter()
            trees.sort(key=lambda tree: tree.history[-1] if tree.history else 0)  # the cheaper tree first
            for tree in trees:
                found = yield from _search_bound(tree.kernel, bound, ctrl, stop, n_threads, started,
                                                 total_nodes + depth_nodes, tree.history, metric,
                                                 probe and probe.length)  # fmt: skip
                if found is not None:
                    moves, nodes = found
                    if tree.inverted:  # q solves C^-1, so q^-1 solves C
                        moves = [m.inverse() for m in reversed(moves)]
                    if apply_moves(state, moves) != CubeState.solved(3):
                        raise AssertionError("optimal search produced a wrong solution")
                    yield MoveSolution(tuple(moves), bound, True, time.perf_counter() - started)
                    return
                depth_nodes += tree.history[-1]
            total_nodes += depth_nodes
            now = time.perf_counter()
            rate = depth_nodes / max(now - bound_started, 1e-9)
            yield DepthExhausted(bound, depth_nodes, total_nodes, now - started, now - bound_started)
            if len(trees) > 1 and min(tree.history[-1] for tree in trees) >= CHOOSE_TREE_AT_NODES:
                trees = [min(trees, key=lambda tree: tree.history[-1])]
            bound += step
    finally:
        ctrl[CTRL_STOP] = 1


class _Tree:
    """One of the two searches that answer the same question: the cube's, or its inverse's (the same distance).

    Why both: the heuristic sees the two differently, and their trees can differ a lot in size (1.65x at depth
    16 on one of the benchmark's random cubes), while a tree's size at one bound predicts its size at the next.
    So both are searched while bounds are cheap, then only the smaller."""

    def __init__(self, kernel: SearchKernel, inverted: bool) -> None:
        self.kernel = kernel
        self.inverted = inverted
        self.history: list[int] = []


def _search_bound(kern, bound, ctrl, stop, n_threads, started, base_nodes, history, metric, best_length):
    """Run one bound on the worker threads; returns (moves, nodes) or None (nodes appended to history)."""
    prefixes = kern.prefix_array(bound)
    cursor = np.zeros(1, dtype=np.int64)  # the next prefix to take, shared by the threads' kernels
    lock = threading.Lock()
    result: list = []
    stats = [np.zeros(1, dtype=np.int64) for _ in range(n_threads)]
    ctrl[CTRL_FOUND] = 0

    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            status, moves = kern.search(prefixes, cursor, bound, ctrl, stats[i], np.zeros(MAX_DEPTH, dtype=np.int64))
        except BaseException as error:  # noqa: BLE001 - re-raised in the caller's thread below
            errors.append(error)
            ctrl[CTRL_STOP] = 1  # the bound cannot be proven without this thread's share
            return
        if status == 1:
            with lock:
                result.append(moves)
            ctrl[CTRL_FOUND] = 1

    threads = [threading.Thread(target=work, args=(i,), daemon=True, name=f"optimal-{i}") for i in range(n_threads)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    last = t0
    try:
        while any(t.is_alive() for t in threads):
            if stop is not None and stop.is_set():
                ctrl[CTRL_STOP] = 1
                for t in threads:
                    t.join()
                raise SearchCancelled("optimal search cancelled")
            threads[0].join(POLL_SECONDS)
            now = time.perf_counter()
            if now - last >= HEARTBEAT_SECONDS:
                last = now
                nodes = int(sum(s[0] for s in stats))
                rate = nodes / max(now - t0, 1e-9)
                yield DepthProgress(bound, base_nodes + nodes, rate, now - started, _eta(history, nodes, rate, metric),
                                     best_length)  # fmt: skip
    finally:
        if any(t.is_alive() for t in threads):  # closed or cancelled mid-bound: stop the kernels, then wait
            ctrl[CTRL_STOP] = 1
        for t in threads:
            t.join()
    if errors:  # a failed kernel must not pass for an exhausted bound
        raise errors[0]
    nodes = int(sum(s[0] for s in stats))
    if result:
        return [Move(int(m)) for m in result[0]], nodes
    if ctrl[CTRL_STOP]:
        raise SearchCancelled("optimal search cancelled")
    history.append(nodes)
    return None


def _expected_nodes(history: list[int], metric: Metric) -> float:
    """A tree's node count at its next bound, extrapolated from its last two (0 before any is known)."""
    if not history:
        return 0.0
    growth = history[-1] / history[-2] if len(history) >= 2 and history[-2] > 0 else DEFAULT_GROWTH[metric]
    return history[-1] * growth


def _expected_seconds(trees: list[_Tree], rate: float, metric: Metric) -> float | None:
    """Seconds the next bound should take on these trees at the last bound's rate (None with no basis)."""
    if rate <= 0 or not all(tree.history for tree in trees):
        return None
    return sum(_expected_nodes(tree.history, metric) for tree in trees) / rate


def _eta(history: list[int], nodes: int, rate: float, metric: Metric) -> float | None:
    """Seconds left for this bound if it is exhausted: its node count extrapolated from the previous bounds."""
    if not history or rate <= 0:
        return None
    return (max(_expected_nodes(history, metric), nodes) - nodes) / rate


def solve_optimal(state: CubeState, **options) -> MoveSolution:
    """Blocking helper: the proven-optimal solution."""
    for event in optimal(state, **options):
        if isinstance(event, MoveSolution):
            return event
    raise SearchCancelled("no solution within max_length")
