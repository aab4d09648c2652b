"""Proven-optimal 3x3x3 solutions (HTM or QTM) by IDA*, as a generator using both cores.

For each cost bound, the tree is cut into its two-move prefixes; worker threads take prefixes from a shared
counter and run the nogil numba kernel on each, so the cores stay busy however uneven the subtrees are. The
generator polls the workers, yields `SearchProgress` (bound, nodes, rate, ETA for the bound), a
`DepthExhausted` proof line when a bound is finished without a solution, and finally a `SolutionFound` with
`proven_optimal=True`. Setting `stop` or closing the generator raises the shared stop flag, which the
kernels read every 16k nodes (about a millisecond), so a cancel takes effect well within 0.2 s.

The cube and its inverse are at the same distance, and a solution of one inverted solves the other, so the
cheap bounds are searched on both and the rest on whichever tree was smaller (see `_Tree`).
"""

from __future__ import annotations

import itertools
import os
import threading
import time
from collections.abc import Iterator
from enum import StrEnum

import numpy as np

from solvers.cube.moves import Move, apply_moves
from solvers.cube.state import CubeState
from solvers.rubik import coords as cd
from solvers.rubik import cornerslice_pruning as csp
from solvers.rubik import cubie, optimal_strong
from solvers.rubik import optimal_kernel as k
from solvers.rubik import strong_pruning as sp
from solvers.rubik.events import DepthExhausted, SearchCancelled, SearchEvent, SearchProgress, SolutionFound
from solvers.rubik.optimal_probe import PROBE_SHARE, UpperBoundProbe
from solvers.rubik.tables import Metric, RubikTables, default_tables, move_costs
from solvers.rubik.twophase import AXIS_SYMMETRIES
from solvers.rubik.twophase_kernel import redundant

POLL_SECONDS = 0.05
HEARTBEAT_SECONDS = 0.25
PREFIX_LENGTH = 2
CHOOSE_TREE_AT_NODES = 500_000  # search the cube and its inverse until a bound costs this much, then the smaller
DEFAULT_GROWTH = {Metric.HTM: 13.3, Metric.QTM: 9.4}  # nodes(bound + step) / nodes(bound) before any is measured


class Heuristic(StrEnum):
    """STRONG (HTM only): flip x sorted slice x twist on three axes, residues mod 3, and the corner table
    (about 1 GB, built once in a few minutes): about 7x fewer nodes than FULL. FULL: phase-1 symmetry table on
    three axes and the corner table (~230 MB, built once in seconds). COMPACT: small twist/flip x slice tables
    on three axes (built in a second; fine to about 10 moves)."""

    STRONG = "strong"
    FULL = "full"
    COMPACT = "compact"


def default_heuristic(metric: Metric | str) -> Heuristic:
    """The strongest heuristic the metric has: STRONG for HTM, FULL for QTM."""
    return Heuristic.STRONG if Metric(metric) is Metric.HTM else Heuristic.FULL


def prepare_tables(tables: RubikTables, metric: Metric | str, heuristic: Heuristic | str | None = None) -> None:
    """Load (or build, with the tables' progress reports) everything a search with this heuristic reads, so
    that a caller can show that work, or keep it out of a time limit, before the search starts."""
    metric = Metric(metric)
    heuristic = Heuristic(heuristic) if heuristic is not None else default_heuristic(metric)
    tables.moves  # noqa: B018 - properties that load
    if metric is Metric.HTM:  # the two-phase probes' tables (see `optimal_probe`)
        tables.flipslice_classes, tables.phase2  # noqa: B018
        tables.phase1(Metric.HTM)
    if heuristic is Heuristic.STRONG:
        tables.flipslice_sorted_classes, tables.corner_classes  # noqa: B018
        tables.strong()
        tables.cornerslice()
        return
    tables.flipslice_classes  # noqa: B018
    if heuristic is Heuristic.FULL:
        tables.phase1(metric)
        tables.corners(metric)
    else:
        tables.compact(metric)


def _prefixes(length: int) -> list[np.ndarray]:
    out = []
    for seq in itertools.product(range(len(Move)), repeat=length):
        if all(not redundant(seq[i - 1], seq[i]) for i in range(1, length)):
            out.append(np.array(seq, dtype=np.int64))
    return out


def cube_symmetries(cube: np.ndarray) -> list[int]:
    """The symmetries s (of 48, reflections included) with S_s * cube * S_s^-1 == cube."""
    return [s for s in range(cubie.N_SYM) if np.array_equal(cubie.conjugate(cube, s), cube)]


def symmetric_prefixes(symmetries: list[int]) -> list[np.ndarray]:
    """Two-move prefixes enough for a cube with these symmetries: the first move only the least of its orbit.

    If S C S^-1 = C and q solves C, so does S q S^-1 (each move conjugated), so some solution starts with the
    least move of the first move's orbit. Reordering the commuting opposite-face pairs after the first move
    (the kernel's canonical order) keeps that first move, so the second move may be any other face's: the
    kernel's order applies from the second move on. The superflip (all 48) searches 2 of 18 first moves."""
    conj = cubie.conjugate_move_table()
    firsts = [m for m in range(len(Move)) if m == min(int(conj[s, m]) for s in symmetries)]
    return [np.array([a, b], dtype=np.int64) for a in firsts for b in range(len(Move)) if a // 3 != b // 3]


class _Kernel:
    """Everything the kernel needs apart from the prefix and bound, gathered once per solve."""

    def __init__(self, state: CubeState, metric: Metric, heuristic: Heuristic, tables: RubikTables) -> None:
        if heuristic is Heuristic.STRONG and metric is not Metric.HTM:
            raise ValueError("the strong heuristic is for HTM only; use 'full' for QTM")
        mv = tables.moves
        self.cube = cubie.flat(state)
        conj = cubie.conjugate_move_table()
        self.axis_moves = np.stack([conj[s] for s in AXIS_SYMMETRIES]).astype(np.int64)
        axis_cubes = [cubie.conjugate(self.cube, s) for s in AXIS_SYMMETRIES]
        strong = heuristic is Heuristic.STRONG
        self.coords = k.start_coordinates(axis_cubes, sorted_slice=strong)
        symmetries = cube_symmetries(self.cube)
        self.prefixes = np.stack(_prefixes(PREFIX_LENGTH) if len(symmetries) <= 1 else symmetric_prefixes(symmetries))
        self.costs = move_costs(metric)
        dummy8 = np.zeros(1, dtype=np.uint8)
        mode = {Heuristic.STRONG: k.MODE_STRONG, Heuristic.FULL: k.MODE_FULL, Heuristic.COMPACT: k.MODE_COMPACT}
        self.strong = strong
        if strong:
            edge_table, class_sym = tables.strong()["residues"], tables.flipslice_sorted_classes["class_sym"]
            corner_classes = tables.corner_classes
            cs_tables = (tables.cornerslice()["residues"], corner_classes["class_sym"], corner_classes["slice_conj"])
            # 16-bit copies of the small move tables: half the cache they take (1.1 MB as 32 bits)
            flip, slice_sorted, twist = (mv[name].astype(np.int16) for name in ("flip", "slice_sorted", "twist"))
            self.strong_args = (
                self.costs, self.axis_moves, flip, slice_sorted, twist,
                optimal_strong.packed_corner_moves(mv["corners"], corner_classes["class_sym"]), cubie.move_cubes(),
                edge_table, class_sym, mv["twist_conj"], cs_tables,
            )  # fmt: skip
            self._start_distances(edge_table, class_sym, cs_tables, mv)
            axis_table, class_of, sym_of = edge_table, class_sym, dummy8  # for `heuristic`, which reads the row
        else:
            axis_table = tables.phase1(metric) if heuristic is Heuristic.FULL else dummy8
            class_of, sym_of = tables.flipslice_classes["class_of"], tables.flipslice_classes["sym_of"]
        compact = tables.compact(metric) if heuristic is Heuristic.COMPACT else None
        corners = tables.corners(metric) if heuristic is Heuristic.FULL else dummy8
        self.args = (
            self.costs, self.axis_moves, mv["flip"], mv["slice_sorted"] if strong else mv["slice"], mv["twist"],
            mv["corners"], cubie.move_cubes(), mode[heuristic], axis_table, class_of, sym_of, mv["twist_conj"],
            corners, dummy8 if compact is None else compact["twist_slice"],
            dummy8 if compact is None else compact["flip_slice"],
        )  # fmt: skip

    def _start_distances(self, edge_table, class_sym, cs_tables, mv) -> None:
        """The strong tables hold residues: the start needs each axis's exact distances, found by descent."""
        row = self.coords
        for a in range(3):
            flip, slice_sorted, twist = (int(v) for v in row[3 * a : 3 * a + 3])
            corners = int(row[9] if a == 0 else row[k.CORNERS_12 + a - 1])
            row[k.DIST + a] = sp.exact_distance(flip, slice_sorted, twist, edge_table, class_sym, mv["twist_conj"],
                                                mv["flip"], mv["slice_sorted"], mv["twist"])  # fmt: skip
            row[k.CS_DIST + a] = csp.exact_distance(corners, twist, slice_sorted // cd.N_PERM4, cs_tables[0],
                                                    cs_tables[1], mv["twist_conj"], cs_tables[2], mv["corners"],
                                                    mv["twist"], mv["slice"])  # fmt: skip

    def start_heuristic(self) -> int:
        """The admissible estimate of the start position (a lower bound on its distance)."""
        a = self.args
        return int(k.heuristic(self.coords, a[7], a[8], a[9], a[10], a[11], a[12], a[13], a[14]))

    def prefix_array(self, bound: int) -> np.ndarray:
        """The bound's subtrees as rows of moves: the two-move prefixes, or one empty prefix for tiny bounds."""
        if bound > PREFIX_LENGTH + 1:
            return self.prefixes
        return np.zeros((1, 0), dtype=np.int64)

    def search(self, prefixes, cursor, bound, ctrl, stats, path):
        """Search the subtrees of `prefixes` taken one by one from the shared `cursor` (with the other threads):
        (status, moves) with status 1 = found, 0 = none left, -1 = stopped or found elsewhere."""
        a = self.args
        if self.strong:  # several subtrees at a time per thread
            status, length = optimal_strong.ida_interleaved(
                self.cube, self.coords, prefixes, cursor, bound, *self.strong_args, ctrl, stats, path,
                optimal_strong.workspace(self.cube),
            )  # fmt: skip
            return status, path[:length].copy()
        while ctrl[k.CTRL_STOP] == 0 and ctrl[k.CTRL_FOUND] == 0:
            j = k.take_next(cursor)
            if j >= prefixes.shape[0]:
                break
            status, length = k.ida_subtree(self.cube, self.coords, prefixes[j], bound, *a, ctrl, stats, path)
            if status != 0:
                return status, path[:length].copy()
        return 0, path[:0].copy()


def heuristic_value(
    state: CubeState, metric: Metric | str = Metric.HTM, heuristic: Heuristic | str | None = None, tables=None
) -> int:
    """The heuristic's lower bound for `state` (for reports of the heuristic's strength)."""
    heuristic = Heuristic(heuristic) if heuristic is not None else default_heuristic(metric)
    return _Kernel(state, Metric(metric), heuristic, tables or default_tables()).start_heuristic()


def optimal(
    state: CubeState,
    *,
    metric: Metric | str = Metric.HTM,
    heuristic: Heuristic | str | None = None,
    stop: threading.Event | None = None,
    tables: RubikTables | None = None,
    n_threads: int | None = None,
    max_length: int = k.MAX_DEPTH - 1,
    with_inverse: bool = True,
    probe_share: float = PROBE_SHARE,
) -> Iterator[SearchEvent]:
    """Yield progress, one DepthExhausted per bound proven empty, then the optimal solution (proven_optimal).

    with_inverse=False searches the cube's own tree only (to compare node counts with peers that do).
    probe_share is the share of each costly bound's expected time given to a two-phase probe first (HTM only;
    0 turns the probes off): a solution it finds of the next bound's length ends the search once the bound
    below is exhausted (see `optimal_probe`)."""
    from solvers.rubik.validity import check_solvable

    check_solvable(state)
    metric = Metric(metric)
    heuristic = Heuristic(heuristic) if heuristic is not None else default_heuristic(metric)
    tables = tables or default_tables()
    trees = [_Tree(_Kernel(state, metric, heuristic, tables), inverted=False)]
    inverse = cubie.unflat(cubie.invert(cubie.flat(state)))
    if with_inverse and inverse != state:
        trees.append(_Tree(_Kernel(inverse, metric, heuristic, tables), inverted=True))
    n_threads = n_threads or min(2, os.cpu_count() or 1)
    started = time.perf_counter()
    ctrl = np.zeros(k.CTRL_SIZE, dtype=np.int64)
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
                if probe.worth_probing(bound, expected):
                    yield from probe.run(bound, probe_share * expected, (total_nodes, rate, started))
                if probe.length is not None and probe.length <= bound:  # every shorter bound is exhausted
                    yield SolutionFound(probe.best.moves, probe.length, True, time.perf_counter() - started)
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
                    yield SolutionFound(tuple(moves), bound, True, time.perf_counter() - started)
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
        ctrl[k.CTRL_STOP] = 1


class _Tree:
    """One of the two searches that answer the same question: the cube's, or its inverse's (the same distance).

    Why both: the heuristic sees the two differently, and their trees can differ a lot in size (1.65x at depth
    16 on one of the benchmark's random cubes), while a tree's size at one bound predicts its size at the next.
    So both are searched while bounds are cheap, then only the smaller."""

    def __init__(self, kernel: _Kernel, inverted: bool) -> None:
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
    ctrl[k.CTRL_FOUND] = 0

    errors: list[BaseException] = []

    def work(i: int) -> None:
        try:
            status, moves = kern.search(prefixes, cursor, bound, ctrl, stats[i], np.zeros(k.MAX_DEPTH, dtype=np.int64))
        except BaseException as error:  # noqa: BLE001 - re-raised in the caller's thread below
            errors.append(error)
            ctrl[k.CTRL_STOP] = 1  # the bound cannot be proven without this thread's share
            return
        if status == 1:
            with lock:
                result.append(moves)
            ctrl[k.CTRL_FOUND] = 1

    threads = [threading.Thread(target=work, args=(i,), daemon=True, name=f"optimal-{i}") for i in range(n_threads)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    last = t0
    try:
        while any(t.is_alive() for t in threads):
            if stop is not None and stop.is_set():
                ctrl[k.CTRL_STOP] = 1
                for t in threads:
                    t.join()
                raise SearchCancelled("optimal search cancelled")
            threads[0].join(POLL_SECONDS)
            now = time.perf_counter()
            if now - last >= HEARTBEAT_SECONDS:
                last = now
                nodes = int(sum(s[0] for s in stats))
                rate = nodes / max(now - t0, 1e-9)
                yield SearchProgress(bound, base_nodes + nodes, rate, now - started, _eta(history, nodes, rate, metric),
                                     best_length)  # fmt: skip
    finally:
        if any(t.is_alive() for t in threads):  # closed or cancelled mid-bound: stop the kernels, then wait
            ctrl[k.CTRL_STOP] = 1
        for t in threads:
            t.join()
    if errors:  # a failed kernel must not pass for an exhausted bound
        raise errors[0]
    nodes = int(sum(s[0] for s in stats))
    if result:
        return [Move(int(m)) for m in result[0]], nodes
    if ctrl[k.CTRL_STOP]:
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


def solve_optimal(state: CubeState, **options) -> SolutionFound:
    """Blocking helper: the proven-optimal solution."""
    for event in optimal(state, **options):
        if isinstance(event, SolutionFound):
            return event
    raise SearchCancelled("no solution within max_length")
