"""God's tables of the 2x2x2: the exact distance of each of the 3,674,160 positions, built breadth-first by layer.

The search runs on whole layers with numpy fancy indexing over the (perm, twist) move tables. While the frontier
is smaller than the unvisited set it expands forwards (neighbours of the frontier that are still unseen); once the
frontier is the larger side it works backwards (unseen positions with a neighbour in the frontier). Every move set
is closed under inverses, so both directions find the same layer; the switch keeps the largest layers cheap.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.engine import Metric, ProgressFn
from solvers.pocket.coords import N_STATES, N_TWIST, perm_move_table, twist_move_table
from solvers.pocket.metric import generator_states, pocket_metric, table_metric
from solvers.tables import BuildCancelled, TableSpec, process_tables, register_table

UNSEEN = 255  # dist value of a position not reached yet (no 2x2 distance comes near it)
TABLE_VERSION = 1
ENGINE = "pocket"
TABLE_FILE_BYTES = 3_674_359  # a God's table's file: one byte per position (3,674,160) and the header


@dataclass(frozen=True)
class MoveTables:
    """Coordinate move tables of one metric: ``perm[m, p]`` and ``twist[m, t]`` after generator m."""

    metric: Metric
    perm: np.ndarray
    twist: np.ndarray

    def step(self, index: np.ndarray | int, move: int):
        """Index (or indices) after generator number `move`."""
        perm, twist = np.divmod(index, N_TWIST)
        return self.perm[move, perm] * N_TWIST + self.twist[move, twist]


@cache
def move_tables(metric: Metric | str) -> MoveTables:
    """The (small, quickly computed) coordinate move tables of `metric`'s generators."""
    metric = pocket_metric(metric)
    moves = generator_states(metric)
    perm, twist = perm_move_table(moves), twist_move_table(moves)
    perm.setflags(write=False)
    twist.setflags(write=False)
    return MoveTables(metric, perm, twist)


def build_distances(
    metric: Metric | str, progress: ProgressFn | None = None, stop: threading.Event | None = None
) -> np.ndarray:
    """Breadth-first distances (uint8, N_STATES) from solved under `metric`; pure, no cache involved.

    `progress(fraction, message)` is called after each layer and may raise BuildCancelled; a set `stop` event
    cancels the same way.
    """
    tables = move_tables(table_metric(pocket_metric(metric)))
    n_moves = len(tables.perm)
    dist = np.full(N_STATES, UNSEEN, dtype=np.uint8)
    dist[0] = 0
    frontier = np.zeros(1, dtype=np.int64)
    seen, depth = 1, 0
    while len(frontier):
        if stop is not None and stop.is_set():
            raise BuildCancelled("God's table build stopped")
        unseen = N_STATES - seen
        if len(frontier) <= unseen:
            _expand_forwards(dist, frontier, tables, n_moves, depth + 1)
        else:
            _expand_backwards(dist, tables, n_moves, depth)
        depth += 1
        frontier = np.flatnonzero(dist == depth)
        seen += len(frontier)
        if progress is not None:
            progress(seen / N_STATES, f"{tables.metric.value} depth {depth}: {seen:,} of {N_STATES:,} positions")
    return dist


def _expand_forwards(dist: np.ndarray, frontier: np.ndarray, tables: MoveTables, n_moves: int, new: int) -> None:
    perm, twist = np.divmod(frontier, N_TWIST)
    for m in range(n_moves):
        neighbours = tables.perm[m, perm] * np.int64(N_TWIST) + tables.twist[m, twist]
        dist[neighbours[dist[neighbours] == UNSEEN]] = new


def _expand_backwards(dist: np.ndarray, tables: MoveTables, n_moves: int, depth: int) -> None:
    todo = np.flatnonzero(dist == UNSEEN)
    perm, twist = np.divmod(todo, N_TWIST)
    found = np.zeros(len(todo), dtype=bool)
    for m in range(n_moves):
        neighbours = tables.perm[m, perm] * np.int64(N_TWIST) + tables.twist[m, twist]
        found |= dist[neighbours] == depth
    dist[todo[found]] = depth + 1


def table_name(metric: Metric | str) -> str:
    return f"pocket-gods-{table_metric(pocket_metric(metric)).value}"


for _metric in (Metric.HTM, Metric.QTM):  # (F/R/U reads the HTM table: the same generators' distances)
    register_table(TableSpec(table_name(_metric), TABLE_VERSION, ENGINE, TABLE_FILE_BYTES,
                             f"{_metric.value.upper()} God's table"))  # fmt: skip


def gods_table(metric: Metric | str, progress: ProgressFn | None = None) -> np.ndarray:
    """The read-only God's table of `metric` (uint8, N_STATES): loaded from the table cache or built and cached,
    and kept in the process's table registry. FRU returns the HTM table (same generators)."""
    key = table_metric(pocket_metric(metric))
    table = process_tables().get(table_name(key), lambda report: build_distances(key, report), progress)
    assert isinstance(table, np.ndarray)
    return table


def depth_histogram(metric: Metric | str, progress: ProgressFn | None = None) -> list[int]:
    """Number of positions at each distance 0, 1, ..., God's number, under `metric`."""
    return histogram_of(gods_table(metric, progress))


def histogram_of(distances: np.ndarray) -> list[int]:
    counts = np.bincount(distances[distances != UNSEEN])
    return [int(c) for c in counts]


def loaded_bytes() -> int:
    """Memory the God's tables loaded in this process take (the registry's report for this engine)."""
    return process_tables().loaded_bytes(ENGINE)


def forget_loaded_tables() -> None:
    """Drop the God's tables and the solvers that hold them (tests use it to exercise loading from the cache)."""
    process_tables().release(ENGINE)
