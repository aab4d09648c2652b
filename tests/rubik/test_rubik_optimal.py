"""Optimal solver: lengths equal an independent meet-in-the-middle search on short scrambles (HTM and QTM),
answers solve their cubes, proofs come bound by bound, and a cancel stops the search promptly."""

from __future__ import annotations

import random
import time

import numpy as np
import pytest
from search_thread import SearchThread

from solvers.cube import apply_moves
from solvers.cube.moves import Move, move_state
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.engine import Metric
from solvers.rubik import cubie
from solvers.rubik.events import DepthExhausted, DepthProgress, MoveSolution
from solvers.rubik.optimal import Heuristic, optimal, prepare_tables, solve_optimal
from solvers.rubik.optimal import probe as optimal_probe
from solvers.rubik.optimal import search as optimal_module
from solvers.rubik.rubik_tables import default_tables

SOLVED = CubeState.solved(3)
TURNS = {m: move_state(3, m) for m in Move}


def _face_moves(metric: Metric) -> list[Move]:
    moves = list(Move)
    return [m for m in moves if m.quarter_turns != 2] if metric is Metric.QTM else moves


def _key(state: CubeState) -> bytes:
    return state.cp.tobytes() + state.co.tobytes() + state.ep.tobytes() + state.eo.tobytes()


def _ball(state: CubeState, moves: list[Move], radius: int) -> dict[bytes, int]:
    """Every state within `radius` moves of `state` (breadth-first over the given moves), with its distance."""
    best = {_key(state): 0}
    frontier = {_key(state): state}
    for depth in range(1, radius + 1):
        nxt = {}
        for s in frontier.values():
            for m in moves:
                t = s * TURNS[m]
                k = _key(t)
                if k not in best:
                    best[k] = depth
                    nxt[k] = t
        frontier = nxt
    return best


def _independent_distance(state: CubeState, metric: Metric) -> int:
    """Meet in the middle: exact for distances up to 6 (3 from each side), in quarter or face turns."""
    moves = _face_moves(metric)
    here = _ball(state, moves, 3)
    home = _ball(SOLVED, moves, 3)
    return min(d + home[k] for k, d in here.items() if k in home)


def _scramble(rng: random.Random, length: int, metric: Metric) -> CubeState:
    moves = _face_moves(metric)
    sequence: list[Move] = []
    while len(sequence) < length:
        m = rng.choice(moves)
        if sequence and m.face == sequence[-1].face:
            continue
        sequence.append(m)
    return apply_moves(SOLVED, sequence)


@pytest.mark.parametrize("metric", [Metric.HTM, Metric.QTM])
@pytest.mark.parametrize("seed", range(4))
def test_lengths_equal_independent_search(metric, seed):
    rng = random.Random(seed)
    state = _scramble(rng, 4 + seed % 3, metric)
    solution = solve_optimal(state, metric=metric, heuristic=Heuristic.SLICE_PAIRS)
    assert apply_moves(state, solution.moves) == SOLVED
    cost = sum(m.quarter_turns if m.quarter_turns != 3 else 1 for m in solution.moves)
    assert solution.length == (cost if metric is Metric.QTM else len(solution.moves))
    assert solution.proven_optimal
    assert solution.length == _independent_distance(state, metric)


@pytest.mark.parametrize("metric", [Metric.HTM, Metric.QTM])
def test_never_longer_than_the_scramble(metric):
    rng = random.Random(11)
    for length in (7, 9):
        state = _scramble(rng, length, metric)
        solution = solve_optimal(state, metric=metric, heuristic=Heuristic.SLICE_PAIRS)
        assert solution.length <= length and apply_moves(state, solution.moves) == SOLVED


def test_solved_cube_is_zero():
    solution = solve_optimal(SOLVED, heuristic=Heuristic.SLICE_PAIRS)
    assert solution.moves == () and solution.proven_optimal


def test_every_bound_below_the_answer_is_proven_empty():
    state = _scramble(random.Random(3), 8, Metric.HTM)
    events = list(optimal(state, heuristic=Heuristic.SLICE_PAIRS))
    answer = events[-1]
    assert isinstance(answer, MoveSolution)
    proofs = [e.depth for e in events if isinstance(e, DepthExhausted)]
    assert proofs == sorted(proofs) and all(d < answer.length for d in proofs)
    exhausted = [e for e in events if isinstance(e, DepthExhausted)]
    assert all(0 < e.seconds <= e.elapsed for e in exhausted)
    assert sum(e.seconds for e in exhausted) <= answer.elapsed
    if proofs:
        assert proofs[-1] == answer.length - 1


def test_cancel_stops_within_a_fraction_of_a_second():
    state = random_state(3, random.Random(7))  # ~18 moves: far beyond the compact heuristic in test time
    search = SearchThread(state, heuristic=Heuristic.SLICE_PAIRS, probe_share=0.0)
    search.start()
    time.sleep(1.0)
    asked = search.cancel()
    search.join(5)
    assert not search.is_alive()
    assert search.cancelled_at is not None and search.cancelled_at - asked < 0.5
    assert any(isinstance(e, DepthProgress) for e in search.events)
    assert not any(isinstance(e, MoveSolution) for e in search.events)


def test_the_inverse_tree_gives_inverted_optimal_solutions(monkeypatch):
    """With the tree chosen after the first exhausted bound, some cubes are solved through their inverse; the
    answer must still solve the cube itself, as short as the cube's own tree proves optimal."""
    monkeypatch.setattr(optimal_module, "CHOOSE_TREE_AT_NODES", 1)
    finders: list[bool] = []  # per cube: was the answer found in the inverse's tree?
    current: list[CubeState] = []
    search_bound = optimal_module._search_bound

    def spying(kern, *args):
        found = yield from search_bound(kern, *args)
        if found is not None:
            finders.append(not np.array_equal(kern.cube, cubie.flat(current[-1])))
        return found

    monkeypatch.setattr(optimal_module, "_search_bound", spying)
    rng = random.Random(5)
    for _ in range(6):
        state = _scramble(rng, 10, Metric.HTM)
        current.append(state)
        solution = solve_optimal(state, heuristic=Heuristic.SLICE_PAIRS)
        own_tree = solve_optimal(state, heuristic=Heuristic.SLICE_PAIRS, with_inverse=False)
        assert apply_moves(state, solution.moves) == SOLVED
        assert solution.length == own_tree.length <= 10
    assert True in finders  # the inverse's tree answered some of the cubes


def test_a_two_phase_probe_answers_once_the_bound_below_is_exhausted(monkeypatch):
    """With probes before every bound, some cubes are answered by the probe's solution without their last
    bound being searched; that answer must solve the cube and be as short as the probes-off search proves."""
    monkeypatch.setattr(optimal_probe, "PROBE_MIN_SECONDS", 0.0)
    searched: list[int] = []
    search_bound = optimal_module._search_bound

    def spying(kern, bound, *args):
        searched.append(bound)
        return (yield from search_bound(kern, bound, *args))

    monkeypatch.setattr(optimal_module, "_search_bound", spying)
    rng = random.Random(8)
    answered_by_probe = 0
    for _ in range(5):
        state = _scramble(rng, 10, Metric.HTM)
        searched.clear()
        events = list(optimal(state, heuristic=Heuristic.SLICE_PAIRS, probe_share=50.0))
        answer = events[-1]
        last_searched = max(searched)
        reference = solve_optimal(state, heuristic=Heuristic.SLICE_PAIRS, probe_share=0.0)
        assert isinstance(answer, MoveSolution) and answer.proven_optimal
        assert apply_moves(state, answer.moves) == SOLVED
        assert answer.length == len(answer.moves) == reference.length
        proofs = [e.depth for e in events if isinstance(e, DepthExhausted)]
        assert proofs[-1] == answer.length - 1
        answered_by_probe += last_searched < answer.length
    assert answered_by_probe > 0


def test_cancel_during_a_probe_stops_within_a_fraction_of_a_second(monkeypatch):
    monkeypatch.setattr(optimal_probe, "PROBE_MIN_SECONDS", 0.0)
    probes_started: list[float] = []
    twophase = optimal_probe.twophase

    def spying(*args, **kwargs):
        probes_started.append(time.perf_counter())
        return twophase(*args, **kwargs)

    monkeypatch.setattr(optimal_probe, "twophase", spying)
    prepare_tables(default_tables(), Metric.HTM, Heuristic.SLICE_PAIRS)  # a first build is not the search's to time
    state = random_state(3, random.Random(7))  # ~18 moves: a probe for any bound the compact heuristic reaches fails
    asked: list[float] = []

    def cancel_once_probing(search: SearchThread, event: object) -> None:
        if probes_started and not search.stop.is_set():
            time.sleep(0.3)  # let the probe's threads get going
            asked.append(search.cancel())

    search = SearchThread(state, cancel_once_probing, heuristic=Heuristic.SLICE_PAIRS, probe_share=1e6)
    search.start()
    search.join(30)
    assert not search.is_alive()
    assert asked, "the search was never cancelled"
    assert probes_started and search.cancelled_at is not None and search.cancelled_at - asked[0] < 0.5
    assert not any(isinstance(e, MoveSolution) for e in search.events)
