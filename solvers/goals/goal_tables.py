"""Per-piece move tables and the pattern databases of a goal: exact distances over small groups of pieces.

A group of up to `MAX_GROUP` pieces is indexed by ``sum(coordinate[j] * 24**j)`` (24**5 = 7,962,624 entries at
most, one byte each); its table holds the number of moves from each group state to the nearest state in which
every piece of the group sits at an allowed coordinate. The maximum over the groups never overestimates, so
IDA* stays optimal. Tables depend only on the goal's rows for the group's pieces and on the metric, so they are
kept in memory per (mask shape, metric), in the process's table registry (its memory report and release cover
them), at most GOAL_TABLE_BUDGET bytes of them: the least recently used is dropped first, so a long-lived process
(the app) solving goal after goal stays within the budget, and a dropped table is rebuilt in a second or two when
a goal needs it again. They are never written to the cache directory: one per mask shape would fill it.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from functools import cache

import numpy as np

from solvers.cube.moves import Move
from solvers.goals.goal import N_COORD, N_PIECES, Goal
from solvers.rubik.cubie import CO, CP, EO, EP, move_cubes
from solvers.tables import BuildCancelled, TableSpec, process_tables, register_table

MAX_GROUP = 5
UNREACHED = 255
METRIC_MOVES: dict[str, tuple[Move, ...]] = {
    "htm": tuple(Move),
    "qtm": tuple(m for m in Move if m.quarter_turns != 2),
}
GOAL_TABLE_BUDGET = 128 * 1024 * 1024  # bytes of goal tables kept: sixteen of the largest (24**5 bytes each)
ENGINE = "goals"


class _Budget:
    """The goal tables' use order, so that the least recently used goes first once they pass GOAL_TABLE_BUDGET
    bytes together (the newest is always kept). The tables themselves are the registry's."""

    def __init__(self) -> None:
        self._order: OrderedDict[str, None] = OrderedDict()
        self._lock = threading.Lock()

    def used(self, name: str) -> None:
        tables = process_tables()
        with self._lock:
            self._order[name] = None
            self._order.move_to_end(name)
            while len(self._order) > 1 and tables.loaded_bytes(ENGINE) > GOAL_TABLE_BUDGET:
                tables.drop(self._order.popitem(last=False)[0])

    def forget(self) -> None:
        with self._lock:
            self._order.clear()


_BUDGET = _Budget()


def loaded_bytes() -> int:
    """Memory the goal tables kept in this process take (at most about GOAL_TABLE_BUDGET)."""
    return process_tables().loaded_bytes(ENGINE)


def forget_tables() -> None:
    """Drop every kept goal table (a search that is running keeps the copy it made)."""
    process_tables().release(ENGINE)
    _BUDGET.forget()


@cache
def piece_move_table(metric: str) -> np.ndarray:
    """int8 (20, 24, n_moves): the coordinate of a piece after each move of the metric."""
    moves = METRIC_MOVES[metric]
    table = np.zeros((N_PIECES, N_COORD, len(moves)), dtype=np.int8)
    cubes = move_cubes()
    for column, move in enumerate(moves):
        cube = cubes[int(move)]
        for slot_after in range(8):  # the piece at cube[CP + i] before the move lands in slot i
            before, twist = int(cube[CP + slot_after]), int(cube[CO + slot_after])
            for ori in range(3):
                table[:8, before * 3 + ori, column] = slot_after * 3 + (ori + twist) % 3
        for slot_after in range(12):
            before, flip = int(cube[EP + slot_after]), int(cube[EO + slot_after])
            for ori in range(2):
                table[8:, before * 2 + ori, column] = slot_after * 2 + (ori + flip) % 2
    table.setflags(write=False)
    return table


def groups_of(goal: Goal) -> list[tuple[int, ...]]:
    """The constrained pieces cut into groups of at most MAX_GROUP (edges first: they matter most)."""
    pieces = [p for p in goal.constrained if p >= 8] + [p for p in goal.constrained if p < 8]
    return [tuple(pieces[i : i + MAX_GROUP]) for i in range(0, len(pieces), MAX_GROUP)]


def group_table(goal: Goal, group: tuple[int, ...], metric: str, stop: threading.Event | None = None) -> np.ndarray:
    """The group's distance table (uint8, 24**len(group)), built on first use and kept while the budget allows.

    A set `stop` abandons a build between two depths (BuildCancelled; nothing is kept)."""
    kinds = "".join("e" if p >= 8 else "c" for p in group)
    name = f"goal-{metric}-{kinds}-{np.packbits(goal.allowed[list(group)]).tobytes().hex()}"
    register_table(TableSpec(name, 1, ENGINE, title="goal pattern table", on_disk=False))
    tables = process_tables()
    table = tables.peek(name)
    if table is None:
        table = tables.keep(name, _build(goal.allowed[list(group)], [p >= 8 for p in group], metric, stop))
    _BUDGET.used(name)
    assert isinstance(table, np.ndarray)
    return table


def _build(allowed: np.ndarray, is_edge: list[bool], metric: str, stop: threading.Event | None) -> np.ndarray:
    """Breadth-first search from every goal state of the group at once (the move set is closed under inverse)."""
    k = len(is_edge)
    size = N_COORD**k
    moves = piece_move_table(metric)
    per_piece = [moves[8 if edge else 0] for edge in is_edge]  # a corner's table row is the same for every corner
    table = np.full(size, UNREACHED, dtype=np.uint8)
    goal_mask = np.ones((N_COORD,) * k, dtype=bool)  # C order: axis k-1-j holds piece j's coordinate
    coordinate = np.arange(N_COORD)

    def along(j: int, values: np.ndarray) -> np.ndarray:
        shape = [1] * k
        shape[k - 1 - j] = N_COORD
        return values.reshape(shape)

    for j in range(k):
        goal_mask &= along(j, allowed[j])
    for a in range(k):  # two pieces of one kind cannot share a slot
        for b in range(a + 1, k):
            if is_edge[a] == is_edge[b]:
                twists = 2 if is_edge[a] else 3
                goal_mask &= along(a, coordinate // twists) != along(b, coordinate // twists)
    goal_mask = goal_mask.reshape(size)
    frontier = np.flatnonzero(goal_mask)
    table[frontier] = 0
    depth = 0
    while frontier.size:
        if stop is not None and stop.is_set():
            raise BuildCancelled("goal search stopped while its pattern tables were built")
        depth += 1
        coords = [(frontier // N_COORD**j) % N_COORD for j in range(k)]
        found = []
        for column in range(per_piece[0].shape[1]):
            index = np.zeros(frontier.size, dtype=np.int64)
            for j in range(k):
                index += per_piece[j][coords[j], column].astype(np.int64) * N_COORD**j
            fresh = index[table[index] == UNREACHED]
            table[fresh] = depth
            found.append(fresh)
        frontier = np.unique(np.concatenate(found))
    table.setflags(write=False)
    return table
