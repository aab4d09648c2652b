"""Optimal 2x2x2 solving by God's-table descent: one solution, all of them, distances along an algorithm.

A solution only turns U, R and F, so the DBL corner stays where it is. Any state X is first renamed into the DBL
frame (``k = q * X`` with q a rotation of the colour scheme, see frame.py); a word w with ``k * w = identity``
then gives ``X * w = q^-1``, a whole-cube rotation: the cube is solved, possibly held in another orientation.
Each step picks a generator that lowers the table distance by one, so the word has exactly the table's length.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import numpy as np

from solvers.cube.moves import Move, basic_turn, move_state
from solvers.cube.state import CubeState
from solvers.engine import Metric, ProgressFn
from solvers.pocket.coords import FREE_SLOTS, N_TWIST, get_index
from solvers.pocket.frame import recolour_in_frame, view_in_frame
from solvers.pocket.gods import ENGINE, gods_table, move_tables
from solvers.pocket.metric import generators, move_name, pocket_metric
from solvers.tables import process_tables, shared_object

DEFAULT_SOLUTION_LIMIT = 100


@dataclass(frozen=True)
class OptimalSolutions:
    """Every optimal solution of one state: how many there are, and the first `limit` of them."""

    count: int
    solutions: list[list[Move]]


class PocketSolver:
    """Optimal solver for one metric; construction loads (or builds) the God's table.

    Use one instance per metric and keep it: after construction every call is table lookups only.
    """

    def __init__(self, metric: Metric | str = Metric.HTM, progress: ProgressFn | None = None) -> None:
        self.metric = pocket_metric(metric)
        self.table = gods_table(self.metric, progress)
        tables = move_tables(self.metric)
        # Python lists: scalar lookups in lists are several times faster than numpy scalar indexing.
        self._perm_moves = tables.perm.tolist()
        self._twist_moves = tables.twist.tolist()
        self._moves = generators(self.metric)
        self._dist = self.table  # numpy: 3.7 million entries, only ever read a few at a time

    # -- distances ---------------------------------------------------------------------------------------------
    def distance(self, state: CubeState) -> int:
        """Fewest moves from `state` to a solved cube (any orientation counts as solved)."""
        return int(self._dist[frame_index(state)])

    def distances_along(self, state: CubeState, moves: Iterable) -> list[int]:
        """Distance of `state` and of the state after each move; moves may be Moves, CubeStates or an Algorithm."""
        result = [self.distance(state)]
        for step in as_states(moves):
            state = state * step
            result.append(self.distance(state))
        return result

    def distance_between(self, a: CubeState, b: CubeState) -> int:
        """Fewest moves turning cube `a` into cube `b`, each seen from any side (rotations are free)."""
        a_frame, b_frame = view_in_frame(a), view_in_frame(b)
        return int(self._dist[get_index(a_frame.inverse() * b_frame)])

    # -- solutions ---------------------------------------------------------------------------------------------
    def optimal_solution(self, state: CubeState) -> list[Move]:
        """One shortest U/R/F move sequence that solves `state`."""
        index = frame_index(state)
        solution: list[Move] = []
        depth = int(self._dist[index])
        while depth:
            for m, move in enumerate(self._moves):
                nxt = self._step(index, m)
                if self._dist[nxt] == depth - 1:
                    solution.append(move)
                    index, depth = nxt, depth - 1
                    break
            else:  # pragma: no cover - a consistent table always has a way down
                raise RuntimeError("God's table is inconsistent")
        return solution

    def all_optimal_solutions(self, state: CubeState, limit: int = DEFAULT_SOLUTION_LIMIT) -> OptimalSolutions:
        """How many shortest solutions `state` has, and up to `limit` of them (in generator order)."""
        index = frame_index(state)
        depth = int(self._dist[index])
        counts: dict[int, int] = {}
        total = self._count_paths(index, depth, counts)
        solutions = []
        if limit > 0:
            for path in self._paths(index, depth, []):
                solutions.append(path)
                if len(solutions) >= limit:
                    break
        return OptimalSolutions(total, solutions)

    def format(self, moves: Iterable[Move]) -> str:
        """Moves written in this metric's notation, space separated ("U R' F2" or "U+ R- F2")."""
        return " ".join(move_name(self.metric, Move(m)) for m in moves)

    # -- internals ---------------------------------------------------------------------------------------------
    def _step(self, index: int, m: int) -> int:
        perm, twist = divmod(index, N_TWIST)
        return self._perm_moves[m][perm] * N_TWIST + self._twist_moves[m][twist]

    def _downhill(self, index: int, depth: int) -> Iterator[tuple[int, int]]:
        for m in range(len(self._moves)):
            nxt = self._step(index, m)
            if self._dist[nxt] == depth - 1:
                yield m, nxt

    def _count_paths(self, index: int, depth: int, memo: dict[int, int]) -> int:
        if depth == 0:
            return 1
        if index not in memo:
            memo[index] = sum(self._count_paths(nxt, depth - 1, memo) for _, nxt in self._downhill(index, depth))
        return memo[index]

    def _paths(self, index: int, depth: int, prefix: list[Move]) -> Iterator[list[Move]]:
        if depth == 0:
            yield list(prefix)
            return
        for m, nxt in self._downhill(index, depth):
            prefix.append(self._moves[m])
            yield from self._paths(nxt, depth - 1, prefix)
            prefix.pop()


def frame_index(state: CubeState) -> int:
    """Dense index of `state` once renamed into the DBL frame (pure Python: a handful of microseconds)."""
    framed = recolour_in_frame(state)
    cp = framed.cp.tolist()
    co = framed.co.tolist()
    pieces = [cp[s] if cp[s] != 7 else 6 for s in FREE_SLOTS.tolist()]
    perm = 0
    for i in range(6):
        perm = perm * (7 - i) + sum(1 for later in pieces[i + 1 :] if later < pieces[i])
    twist = 0
    for s in range(6):
        twist = twist * 3 + co[s]
    return perm * N_TWIST + twist


def as_states(moves: Iterable) -> Iterator[CubeState]:
    """CubeStates of a sequence of Moves/ints, CubeStates, or an Algorithm-like object with `.turns`."""
    turns = getattr(moves, "turns", None)
    if turns is not None:
        for turn in turns:
            yield basic_turn(2, turn.name) ** turn.amount
        return
    for step in moves:
        yield step if isinstance(step, CubeState) else move_state(2, Move(step))


# -- module-level conveniences (one shared solver per metric) ------------------------------------------------------
def solver(metric: Metric | str = Metric.HTM, progress: ProgressFn | None = None) -> PocketSolver:
    """The process's one PocketSolver of `metric`, made on first use (loading or building its table, reporting to
    `progress`) and kept in the table registry, so that releasing the tables drops it too."""
    named = pocket_metric(metric)
    made: PocketSolver = shared_object(("pocket-solver", named), ENGINE, lambda: PocketSolver(named, progress))
    return made


def solver_loaded(metric: Metric | str = Metric.HTM) -> bool:
    """Whether the process's solver of `metric` is in memory (its distances are then table look-ups)."""
    return process_tables().has_shared(("pocket-solver", pocket_metric(metric)))


def optimal_solution(state: CubeState, metric: Metric | str = Metric.HTM) -> list[Move]:
    return solver(pocket_metric(metric)).optimal_solution(state)


def all_optimal_solutions(
    state: CubeState, metric: Metric | str = Metric.HTM, limit: int = DEFAULT_SOLUTION_LIMIT
) -> OptimalSolutions:
    return solver(pocket_metric(metric)).all_optimal_solutions(state, limit)


def distance(state: CubeState, metric: Metric | str = Metric.HTM) -> int:
    return solver(pocket_metric(metric)).distance(state)


def distances_along(state: CubeState, moves: Iterable, metric: Metric | str = Metric.HTM) -> list[int]:
    return solver(pocket_metric(metric)).distances_along(state, moves)


def distance_between(a: CubeState, b: CubeState, metric: Metric | str = Metric.QTM) -> int:
    return solver(pocket_metric(metric)).distance_between(a, b)


def distance_table_lookup(indices: np.ndarray, metric: Metric | str) -> np.ndarray:
    """Distances of many frame indices at once."""
    return gods_table(metric)[indices]
