"""Optimal goal search: IDA* over the pieces a goal involves, as a generator of the engines' events.

`goal_search` yields `DepthProgress` per bound, `DepthExhausted` for each bound proven empty (the running lower
bound), and `MoveSolution` events: first, unless disabled, an upper bound from the two-phase solver (a
full solve reaches every goal of solved pieces; a pattern goal is reached through one cube that shows it), then
the optimum, marked proven. The `stop` event ends the search within a fraction of a second.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import numpy as np

from solvers.cube.moves import Move, apply_moves
from solvers.cube.state import CubeState
from solvers.goals.goal import Goal, GoalError, piece_coordinates
from solvers.goals.goal_tables import METRIC_MOVES, group_table, groups_of, piece_move_table
from solvers.goals.kernel import search_bound
from solvers.rubik.events import DepthExhausted, DepthProgress, MoveSolution
from solvers.tables import BuildCancelled

MAX_BOUND = {"htm": 20, "qtm": 26}  # God's numbers: a reachable goal is never further
DEFAULT_LIMIT = 1
MAX_LIMIT = 100_000  # solutions one search collects: each is a row of the kernel's output array
UPPER_BOUND_PIECES = 7  # larger goals first find nothing for a while: a two-phase answer bounds them early
_NEVER = threading.Event()  # the stop of searches nobody can cancel: no watcher thread needed


class _Prepared:
    """The kernel's arrays for one goal and metric."""

    def __init__(self, goal: Goal, metric: str, stop: threading.Event) -> None:
        groups = groups_of(goal)
        self.pieces = np.array([p for group in groups for p in group], dtype=np.int64)
        full = piece_move_table(metric)
        self.moves = (
            np.ascontiguousarray(full[self.pieces].astype(np.int64))
            if self.pieces.size
            else np.zeros((0, 24, 1), dtype=np.int64)
        )
        tables = [group_table(goal, group, metric, stop) for group in groups]
        self.group_len = np.array([len(g) for g in groups], dtype=np.int64)
        self.group_start = np.concatenate([[0], np.cumsum(self.group_len)[:-1]]).astype(np.int64)
        sizes = [t.size for t in tables]
        self.table_offset = np.concatenate([[0], np.cumsum(sizes)[:-1]]).astype(np.int64)
        self.tables = np.concatenate(tables) if tables else np.zeros(1, dtype=np.uint8)
        self.metric_moves = METRIC_MOVES[metric]
        self.faces = np.array([int(m.face) for m in self.metric_moves], dtype=np.int64)
        self.quarter = metric == "qtm"

    def start(self, state: CubeState) -> np.ndarray:
        coords = piece_coordinates(state)
        return np.array([coords[p] for p in self.pieces], dtype=np.int64)


def goal_search(
    state: CubeState,
    goal: Goal,
    metric: str = "htm",
    stop: threading.Event | None = None,
    limit: int = DEFAULT_LIMIT,
    upper_bound: bool = False,
) -> Iterator[DepthProgress | MoveSolution | DepthExhausted]:
    """Shortest move sequences taking `state` to `goal` (up to `limit` of them, all of the optimal length)."""
    if metric not in METRIC_MOVES:
        raise ValueError(f"metric must be htm or qtm, not {metric!r}")
    if not 1 <= limit <= MAX_LIMIT:
        raise ValueError(f"limit must be from 1 to {MAX_LIMIT:,}, not {limit}")
    started = time.monotonic()
    stop = stop or _NEVER
    if goal.reached_by(state):
        yield MoveSolution((), 0, True, time.monotonic() - started)
        return
    best: int | None = None
    if upper_bound:  # before the tables: large goals' tables take seconds, the first answer a fraction of one
        first = _first_answer(state, goal, metric, started)
        if first is not None:
            best = first.length
            yield first
    try:
        prepared = _Prepared(goal, metric, stop)
    except BuildCancelled:
        return
    start = prepared.start(state)
    flag = np.zeros(1, dtype=np.int64)
    if stop is not _NEVER:
        _watch(stop, flag)
    total = 0
    try:
        for bound in range(MAX_BOUND[metric] + 1):
            if stop.is_set():
                return
            elapsed = time.monotonic() - started
            yield DepthProgress(bound, total, total / elapsed if elapsed else 0.0, elapsed, None, best)
            out = np.zeros((limit, max(bound, 1)), dtype=np.int64)
            bound_started = time.monotonic()
            count, nodes = search_bound(
                start, bound, prepared.moves, prepared.faces, prepared.quarter, prepared.group_start,
                prepared.group_len, prepared.table_offset, prepared.tables, limit, out, flag,
            )  # fmt: skip
            total += nodes
            if count:  # optimal (every shorter bound is exhausted) even when `stop` cut the list short
                for row in out[:count]:
                    moves = _merge_quarters([prepared.metric_moves[int(c)] for c in row[:bound]])
                    yield MoveSolution(moves, bound, True, time.monotonic() - started)
                return
            if stop.is_set():
                return
            now = time.monotonic()
            yield DepthExhausted(bound, nodes, total, now - started, now - bound_started)
    finally:
        flag[0] = 1  # ends the watcher within its next poll
    raise GoalError("no cube state reaches this goal (its pieces cannot all be placed at once)")


def _merge_quarters(moves: list[Move]) -> tuple[Move, ...]:
    """Two equal quarter turns in a row read as one half turn (QTM still counts it as 2)."""
    merged: list[Move] = []
    for move in moves:
        if merged and merged[-1] == move and move.quarter_turns != 2:
            merged[-1] = Move.of(move.face, 2)
        else:
            merged.append(move)
    return tuple(merged)


def _watch(stop: threading.Event, flag: np.ndarray) -> None:
    """Copy the caller's stop event into the kernel's flag array (numba cannot wait on an Event)."""

    def run() -> None:
        while flag[0] == 0 and not stop.wait(0.05):
            pass
        flag[0] = 1

    threading.Thread(target=run, daemon=True, name="goal-search-stop").start()


def _first_answer(state: CubeState, goal: Goal, metric: str, started: float) -> MoveSolution | None:
    """A quick, unproven answer: the two-phase solution of the whole cube when that reaches the goal."""
    from solvers.rubik.twophase import solve_twophase

    moves = solve_twophase(state, max_time=0.05).moves
    if not goal.reached_by(apply_moves(state, moves)):
        return None
    length = sum(2 if metric == "qtm" and m.quarter_turns == 2 else 1 for m in moves)
    return MoveSolution(tuple(moves), length, False, time.monotonic() - started)


def solve_goal(state: CubeState, goal: Goal, metric: str = "htm", limit: int = DEFAULT_LIMIT) -> list[MoveSolution]:
    """Blocking helper: the optimal solutions (up to `limit`)."""
    return [e for e in goal_search(state, goal, metric, limit=limit) if isinstance(e, MoveSolution)]
