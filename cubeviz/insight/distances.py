"""Distances to solved along a path of states, as the meter plots them (Qt-free; the 3x3 part is slow: worker).

2x2: exact HTM distances from the God's table. 3x3: for each state the best known upper bound (a two-phase
solution's length, or the moves left of the solution being played) and the optimal solver's admissible heuristic as
the lower bound (its compact tables: built in seconds, unlike the full ones). Neighbouring states differ by one
move, so each bound is also tightened from its neighbours: |d(s_i) - d(s_j)| <= |i - j|.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from solvers.cube.moves import centres_home
from solvers.cube.state import CubeState

DISTANCE_METRIC = "htm"
TWO_PHASE_SECONDS = 0.05  # per state: a few improvements over the first solution, still quick for long paths


def exact_distances(states: Sequence[CubeState]) -> list[int]:
    """Exact 2x2 HTM distances (loads the God's table on first use: call it in a worker the first time)."""
    from solvers.pocket import solver

    pocket = solver(DISTANCE_METRIC)
    return [pocket.distance(state) for state in states]


def upright(state: CubeState) -> CubeState:
    """The same cube held with its centres home (the 3x3 solvers take states with fixed centres)."""
    return centres_home(state)[0]


def state_bounds(state: CubeState, stop: threading.Event | None = None) -> tuple[int, int]:
    """(heuristic lower bound, two-phase upper bound) of one 3x3 state under HTM."""
    from solvers.rubik.optimal import Heuristic, heuristic_value
    from solvers.rubik.twophase import solve_twophase

    state = upright(state)
    if state.is_solved():
        return 0, 0
    lower = heuristic_value(state, DISTANCE_METRIC, Heuristic.SLICE_PAIRS)
    upper = solve_twophase(state, max_time=TWO_PHASE_SECONDS, stop=stop).length
    return lower, upper


def tightened(lower: list[int], upper: list[int], known_upper: list[int | None] | None = None) -> tuple[list, list]:
    """Bounds improved by the one-move steps between neighbours and by any known upper bounds (e.g. moves left)."""
    n = len(lower)
    up = [min(u, k) if k is not None else u for u, k in zip(upper, known_upper or [None] * n, strict=True)]
    low = list(lower)
    for i in range(1, n):  # forward then backward pass: d changes by at most one per move
        up[i] = min(up[i], up[i - 1] + 1)
        low[i] = max(low[i], low[i - 1] - 1)
    for i in range(n - 2, -1, -1):
        up[i] = min(up[i], up[i + 1] + 1)
        low[i] = max(low[i], low[i + 1] - 1)
    return low, up


def moves_left(count: int, total: int) -> list[int | None]:
    """Upper bounds a full solution of `total` moves gives the first `count` states: `total - i` remain after i."""
    return [total - i for i in range(count)]
