"""Kociemba's two-phase solver as a generator: <= 20 face turns at once, then shorter ones while time allows.

Six searches run at the same time in nogil numba threads, one per view of the cube (the cube and its inverse,
each seen along the U-D, R-L and F-B axes, as in Kociemba's own program); they share one bound, so whichever
finds a shorter solution makes the others prune harder. The generator polls them, yields `DepthProgress`
heartbeats and every improving `MoveSolution`, and stops them when the target length is reached, the time
limit has passed (once a solution exists), the caller's `stop` event is set or the generator is closed.
With a node budget instead, each view searches on a bound of its own for that many nodes, so the answer (the
shortest, the first view's among equals) is the same on every run, however loaded the machine.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Generator, Iterator

import numpy as np

from solvers.cube.moves import Move, apply_moves
from solvers.cube.state import CubeState
from solvers.engine import Metric, SearchCancelled
from solvers.rubik import cubie
from solvers.rubik import twophase_kernel as k
from solvers.rubik.events import DepthProgress, MoveSolution, SearchEvent
from solvers.rubik.rubik_tables import RubikTables, default_tables
from solvers.rubik.validity import check_solvable

GODS_NUMBER = 20  # every position is within 20 face turns (Rokicki, Kociemba, Davidson, Dethridge 2010)
POLL_SECONDS = 0.02
HEARTBEAT_SECONDS = 0.1
AXIS_SYMMETRIES = (0, 16, 32)  # identity, URF3, URF3^2: the U-D, then the two other axes become "U-D"


def _variant_cube(cube: np.ndarray, sym: int, inverted: bool) -> np.ndarray:
    base = cubie.invert(cube) if inverted else cube
    return cubie.conjugate(base, sym)


def _map_back(moves: np.ndarray, sym: int, inverted: bool) -> list[Move]:
    """Turn a variant's solution into one for the original cube (undo the conjugation, then the inversion)."""
    conj = cubie.conjugate_move_table()
    back = int(cubie.symmetry_inverse()[sym])
    mapped = [Move(int(conj[back, m])) for m in moves]
    if inverted:
        mapped = [m.inverse() for m in reversed(mapped)]
    return mapped


def twophase(
    state: CubeState,
    *,
    target_length: int | None = None,
    max_time: float | None = None,
    max_length: int = GODS_NUMBER,
    stop: threading.Event | None = None,
    tables: RubikTables | None = None,
    n_variants: int = 6,
    max_nodes: int | None = None,
) -> Generator[SearchEvent, None, None]:
    """Solve `state`, yielding progress and each shorter solution.

    Stops at the first solution of at most `target_length` moves; with only `max_time` given it keeps
    improving until that many seconds have passed (the first solution is always awaited: it comes in
    milliseconds); with neither it returns the first solution (which is at most `max_length` <= 20 moves).
    With `max_nodes`, see `_budgeted` (`max_time` is then only a safety valve).
    A solution is `proven_optimal` when some search ran out of shorter candidates.
    """
    check_solvable(state)
    if max_nodes is not None:
        yield from _budgeted(state, max_nodes, max_time, max_length, stop, tables, n_variants)
        return
    if target_length is None:
        target_length = 0 if max_time is not None else max_length
    phase1, phase2 = _kernel_tables(tables or default_tables())
    move_cubes = cubie.move_cubes()
    cube = cubie.flat(state)
    ctrl = k.new_control(target_length, max_length)
    variants = [(s, inv) for inv in (False, True) for s in AXIS_SYMMETRIES][: max(1, n_variants)]
    buffers = [k.new_buffers() for _ in variants]

    def run(index: int) -> None:
        sym, inverted = variants[index]
        k.twophase_search(_variant_cube(cube, sym, inverted), phase1, phase2, move_cubes, ctrl, buffers[index])

    started = time.perf_counter()
    # `max_time` counts search time: the clock for it starts once a kernel reports work, so the first call's JIT
    # compile (seconds on a fresh install) does not eat the time meant for finding shorter solutions.
    searching_since: float | None = None
    threads = [threading.Thread(target=run, args=(i,), daemon=True, name=f"twophase-{i}") for i in range(len(variants))]
    for thread in threads:
        thread.start()
    seen = [0] * len(variants)
    best: MoveSolution | None = None
    last_beat = started
    try:
        while True:
            finished = all(not t.is_alive() for t in threads)
            exhausted = any(b[0][k.STAT_EXHAUSTED] for b in buffers)
            now = time.perf_counter()
            elapsed = now - started
            if searching_since is None and any(b[0][k.STAT_NODES] or b[0][k.STAT_SOLUTIONS] for b in buffers):
                searching_since = now
            for i, (stats, sol_moves, sol_len) in enumerate(buffers):
                while seen[i] < stats[k.STAT_SOLUTIONS]:
                    n = int(sol_len[seen[i]])
                    moves = _map_back(sol_moves[seen[i], :n], *variants[i])
                    seen[i] += 1
                    if best is None or n < best.length:
                        if apply_moves(state, moves) != CubeState.solved(3):
                            raise AssertionError("two-phase produced a wrong solution")
                        best = MoveSolution(tuple(moves), n, False, elapsed)
                        yield best
            if finished or exhausted:
                if best is not None and exhausted and not best.proven_optimal:
                    yield MoveSolution(best.moves, best.length, True, elapsed)
                yield _heartbeat(buffers, elapsed, best)  # the final figures: nodes and seconds of the whole search
                return
            searched = 0.0 if searching_since is None else now - searching_since
            if best is not None and (best.length <= target_length or (max_time is not None and searched >= max_time)):
                yield _heartbeat(buffers, elapsed, best)
                return
            if stop is not None and stop.is_set():
                if best is None:
                    raise SearchCancelled("two-phase search cancelled before a solution")
                return
            if now - last_beat >= HEARTBEAT_SECONDS:
                last_beat = now
                yield _heartbeat(buffers, elapsed, best)
            threads[0].join(POLL_SECONDS)
    finally:
        ctrl[k.CTRL_STOP] = 1
        for thread in threads:
            thread.join()


def _kernel_tables(tables: RubikTables) -> tuple[k.Phase1Tables, k.Phase2Tables]:
    """The tables each phase's kernel reads, packed as the kernel takes them (loaded on first use)."""
    mv, classes, p2 = tables.moves(), tables.flipslice_classes(), tables.phase2()
    phase1 = k.Phase1Tables(mv["twist"], mv["flip"], mv["slice"], tables.phase1(), classes["class_of"],
                            classes["sym_of"], mv["twist_conj"])  # fmt: skip
    phase2 = k.Phase2Tables(mv["corners"], mv["ud_edges"], mv["slice_sorted"], p2["corners"], p2["edges"])
    return phase1, phase2


def _budgeted(
    state: CubeState,
    max_nodes: int,
    max_time: float | None,
    max_length: int,
    stop: threading.Event | None,
    tables: RubikTables | None,
    n_variants: int,
) -> Generator[SearchEvent, None, None]:
    """Every view searches alone (a control array and bound of its own) until it has counted `max_nodes` nodes
    or run out of shorter candidates; then the shortest solution of all, the first view's among equals, is
    yielded, once. If no view found one, all search again with twice the budget. Each view's search depends on
    nothing but its cube and budget, so the answer is the same on every run, however loaded the machine: what a
    reproducible answer (a big cube's 3x3x3 stage) needs. `max_time` seconds, if given, end the searches
    early once a solution exists (a safety valve; the answer then depends on the machine's speed)."""
    if max_nodes <= 0:
        raise ValueError(f"max_nodes must be above 0, not {max_nodes}")
    phase1, phase2 = _kernel_tables(tables or default_tables())
    move_cubes = cubie.move_cubes()
    cube = cubie.flat(state)
    variants = [(s, inv) for inv in (False, True) for s in AXIS_SYMMETRIES][: max(1, n_variants)]
    starts = [_variant_cube(cube, sym, inverted) for sym, inverted in variants]
    started = time.perf_counter()
    budget = max_nodes
    while True:
        ctrls = [k.new_control(0, max_length, budget) for _ in variants]
        buffers = [k.new_buffers() for _ in variants]
        threads = [
            threading.Thread(
                target=k.twophase_search,
                args=(starts[i], phase1, phase2, move_cubes, ctrls[i], buffers[i]),
                daemon=True,
                name=f"twophase-{i}",
            )
            for i in range(len(variants))
        ]
        for thread in threads:
            thread.start()
        last_beat = time.perf_counter()
        try:
            while any(t.is_alive() for t in threads):
                now = time.perf_counter()
                found = any(b[0][k.STAT_SOLUTIONS] for b in buffers)
                if stop is not None and stop.is_set() and not found:
                    raise SearchCancelled("two-phase search cancelled before a solution")
                if found and ((stop is not None and stop.is_set()) or (max_time and now - started >= max_time)):
                    break
                if now - last_beat >= HEARTBEAT_SECONDS:
                    last_beat = now
                    yield _heartbeat(buffers, now - started, None)
                threads[0].join(POLL_SECONDS)
        finally:
            for ctrl in ctrls:
                ctrl[k.CTRL_STOP] = 1
            for thread in threads:
                thread.join()
        elapsed = time.perf_counter() - started
        best = _shortest(state, variants, buffers, elapsed)
        if best is not None:
            yield best
            yield _heartbeat(buffers, elapsed, best)
            return
        budget *= 2


def _shortest(state: CubeState, variants: list, buffers: list, elapsed: float) -> MoveSolution | None:
    """The shortest solution the views recorded, the first view's among equals (each view's last is its own
    shortest); proven optimal when a view that found it, or a shorter bound, ran out of candidates."""
    chosen: tuple[int, int] | None = None
    for i, (stats, _, sol_len) in enumerate(buffers):
        count = int(stats[k.STAT_SOLUTIONS])
        if count and (chosen is None or sol_len[count - 1] < buffers[chosen[0]][2][chosen[1]]):
            chosen = (i, count - 1)
    if chosen is None:
        return None
    i, j = chosen
    _, sol_moves, sol_len = buffers[i]
    length = int(sol_len[j])
    moves = _map_back(sol_moves[j, :length], *variants[i])
    if apply_moves(state, moves) != CubeState.solved(3):
        raise AssertionError("two-phase produced a wrong solution")
    proven = any(b[0][k.STAT_EXHAUSTED] and b[0][k.STAT_SOLUTIONS] and b[2][b[0][k.STAT_SOLUTIONS] - 1] == length
                 for b in buffers)  # fmt: skip
    return MoveSolution(tuple(moves), length, bool(proven), elapsed)


def _heartbeat(buffers: list, elapsed: float, best: MoveSolution | None) -> DepthProgress:
    """The searches' figures now: nodes of all of them, the deepest phase-1 depth, and the seconds so far."""
    nodes = int(sum(b[0][k.STAT_NODES] for b in buffers))
    depth = int(max(b[0][k.STAT_DEPTH] for b in buffers))
    return DepthProgress(
        depth, nodes, nodes / max(elapsed, 1e-9), elapsed, None, best.length if best is not None else None
    )


def prepare_twophase_tables(tables: RubikTables) -> None:
    """Load (or build, with the tables' progress reports) everything the two-phase search reads."""
    tables.moves()
    tables.flipslice_classes()
    tables.phase1(Metric.HTM)
    tables.phase2()


def solve_twophase(state: CubeState, **options) -> MoveSolution:
    """Blocking helper: the best solution `twophase(state, **options)` reaches."""
    best = None
    for event in twophase(state, **options):
        if isinstance(event, MoveSolution):
            best = event
    if best is None:
        raise SearchCancelled("no solution found")
    return best


def solve_to(start: CubeState, target: CubeState, **options) -> Iterator[SearchEvent]:
    """Moves that take `start` to `target`: the two-phase generator on target^-1 * start (see `twophase`)."""
    return twophase(target.inverse() * start, **options)
