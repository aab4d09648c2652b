"""The interleaved kernel (several subtrees per thread, reads prefetched): it must explore exactly the tree a plain
IDA* with the same heuristic explores (here the edge-and-corner-slice heuristic's stages, a benchmark's plan, in the
slow set since its tables take minutes to build; the split and large tables' stages with a stand-in in
`test_large_tier.py`),
stop promptly when cancelled, and a kernel that fails must never pass for an exhausted bound. Also the two machine
operations it relies on."""

from __future__ import annotations

import random
import threading
import time

import numpy as np
import pytest
from plain_ida import assert_kernel_matches_plain_ida
from search_thread import SearchThread

from solvers.cube import apply_moves
from solvers.cube.moves import Move
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.rubik.events import DepthExhausted, MoveSolution
from solvers.rubik.intrinsics import prefetch
from solvers.rubik.optimal import Heuristic, heuristic_value, optimal
from solvers.rubik.optimal.rows import take_next
from solvers.rubik.optimal.subtrees import SearchKernel

SOLVED = CubeState.solved(3)


def _comparison_heuristics():
    """`benchmarks/comparison_heuristics.py` (a folder of scripts, not installed: reached through the path)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks import comparison_heuristics

    return comparison_heuristics


@pytest.mark.slow
def test_edge_and_corner_slice_search_explores_the_tree_a_plain_ida_star_does():
    """Same nodes bound by bound, so interleaving changed the order of work, not the work (the heuristic is a plan
    the benchmarks define: handed to the search from outside the engine)."""
    plan = _comparison_heuristics().EDGE_AND_CORNER_SLICE
    sequence = [Move(m) for m in (5, 14, 10, 7, 15, 5, 15)]  # the heuristic says 6 at the start; it is 7
    state = apply_moves(SOLVED, sequence)
    memo: dict[bytes, int] = {}

    def h_of(cube: CubeState) -> int:
        key = cube.cp.tobytes() + cube.co.tobytes() + cube.ep.tobytes() + cube.eo.tobytes()
        if key not in memo:
            memo[key] = heuristic_value(cube, heuristic=plan)
        return memo[key]

    events = list(optimal(state, heuristic=plan, with_inverse=False, probe_share=0.0))
    answer = assert_kernel_matches_plain_ida(state, events, h_of)
    assert answer.length <= len(sequence)


def test_cancel_stops_the_search_within_a_fraction_of_a_second():
    # 18 moves: its depth 17 alone is 71 M nodes, seconds even on a fast machine. The stop is asked once depth 16
    # is exhausted, so that it lands in the search, not in loading the tables (which a stop does not interrupt).
    state = random_state(3, random.Random(4))
    search = SearchThread(state, probe_share=0.0)
    search.start()
    assert search.wait_for(lambda e: isinstance(e, DepthExhausted) and e.depth >= 16, 300)
    time.sleep(0.5)
    asked = search.cancel()
    search.join(5)
    assert not search.is_alive()
    assert search.cancelled_at is not None, f"the search ended without being cancelled: {search.events[-1:]}"
    assert search.cancelled_at - asked < 0.5
    assert not any(isinstance(e, MoveSolution) for e in search.events)


def test_a_failing_kernel_is_raised_not_taken_for_an_exhausted_bound(monkeypatch):
    def broken(self, *args):
        raise RuntimeError("kernel failed")

    monkeypatch.setattr(SearchKernel, "search", broken)
    state = apply_moves(SOLVED, [Move(0), Move(4), Move(8), Move(10), Move(13)])
    with pytest.raises(RuntimeError, match="kernel failed"):
        for event in optimal(state, heuristic=Heuristic.SLICE_PAIRS, probe_share=0.0):
            assert not isinstance(event, DepthExhausted | MoveSolution)


def test_threads_taking_prefixes_take_each_exactly_once():
    cursor = np.zeros(1, dtype=np.int64)
    n = 200_000
    taken = [[] for _ in range(2)]

    def take(i: int) -> None:
        while (j := take_next(cursor)) < n:
            taken[i].append(j)

    threads = [threading.Thread(target=take, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(taken[0] + taken[1]) == list(range(n))


def test_a_prefetch_reads_and_writes_nothing():
    import numba as nb

    @nb.njit
    def touch(a):
        for i in range(a.shape[0]):
            prefetch(a, np.uint64(i))
        return a.sum()

    a = np.arange(1000, dtype=np.uint8)
    before = a.copy()
    assert touch(a) == before.sum()
    assert np.array_equal(a, before)


def test_a_prefetch_takes_one_index_per_dimension():
    import numba as nb
    from numba.core.errors import TypingError

    @nb.njit
    def touch_rows(a):
        for i in range(a.shape[0]):
            prefetch(a, (np.uint64(i), np.int64(a.shape[1] - 1)))
        return a.sum()

    a = np.arange(40320 * 18, dtype=np.int32).reshape(40320, 18)
    before = a.copy()
    assert touch_rows(a) == before.sum()
    assert np.array_equal(a, before)

    @nb.njit
    def one_index_for_two_dimensions(a):
        prefetch(a, np.uint64(0))

    with pytest.raises(TypingError):
        one_index_for_two_dimensions(a)


def test_the_flipslice_rounds_read_the_farthest_axis_first():
    from itertools import product

    from solvers.rubik.optimal.interleaved import _axis_order, _nth_axis
    from solvers.rubik.optimal.rows import DIST, N_COORDS

    rows = np.zeros((1, 1, N_COORDS), dtype=np.int64)
    for distances in product(range(4), repeat=3):
        rows[0, 0, DIST : DIST + 3] = distances
        order = _axis_order(rows, 0, 0)
        axes = [int(_nth_axis(order, k)) for k in range(3)]
        assert sorted(axes) == [0, 1, 2]
        assert [distances[a] for a in axes] == sorted(distances, reverse=True), distances
