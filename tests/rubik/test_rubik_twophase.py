"""Two-phase solver: every answer is applied to its cube; lengths stay within 20; solve_to reaches its target."""

from __future__ import annotations

import random

import pytest

from solvers.cube import apply_moves, parse_algorithm
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.rubik.events import DepthProgress, MoveSolution
from solvers.rubik.twophase import solve_to, solve_twophase, twophase
from solvers.rubik.validity import UnsolvableCubeError

SOLVED = CubeState.solved(3)
SUPERFLIP = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"


@pytest.mark.parametrize("seed", range(6))
def test_random_cubes_are_solved_within_20_moves(seed):
    state = random_state(3, random.Random(seed))
    solution = solve_twophase(state)
    assert solution.length == len(solution.moves) <= 20
    assert apply_moves(state, solution.moves) == SOLVED


def test_solved_cube_needs_no_moves():
    solution = solve_twophase(SOLVED)
    assert solution.moves == () and solution.length == 0


def test_superflip_within_20():
    state = parse_algorithm(SUPERFLIP).state(3)
    solution = solve_twophase(state)
    assert solution.length <= 20 and apply_moves(state, solution.moves) == SOLVED


def test_keeps_improving_until_target():
    state = random_state(3, random.Random(99))
    lengths = [e.length for e in twophase(state, target_length=19, max_time=20) if isinstance(e, MoveSolution)]
    assert lengths == sorted(lengths, reverse=True) and len(set(lengths)) == len(lengths)
    assert lengths[-1] <= 19


def test_short_scramble_is_found_and_proven():
    state = parse_algorithm("R U R' F2").state(3)
    events = list(twophase(state, max_time=5))
    final = [e for e in events if isinstance(e, MoveSolution)][-1]
    assert final.length == 4 and final.proven_optimal
    assert apply_moves(state, final.moves) == SOLVED
    assert all(isinstance(e, MoveSolution | DepthProgress) for e in events)


def test_solve_to_reaches_the_target():
    rng = random.Random(5)
    start, target = random_state(3, rng), random_state(3, rng)
    best = [e for e in solve_to(start, target) if isinstance(e, MoveSolution)][-1]
    assert apply_moves(start, best.moves) == target


def test_impossible_cube_is_refused():
    co = SOLVED.co.copy()
    co[0] = 1
    twisted = CubeState.from_arrays(3, SOLVED.cp, co, SOLVED.ep, SOLVED.eo, SOLVED.centres)
    with pytest.raises(UnsolvableCubeError):
        solve_twophase(twisted)


def _fast_clock(factor: float):
    """A stand-in for the two-phase module's `time`: its clock runs `factor` times too fast (a loaded machine)."""
    import time
    from types import SimpleNamespace

    return SimpleNamespace(perf_counter=lambda: factor * time.perf_counter())


def test_a_node_budget_gives_the_same_answer_however_fast_the_clock_runs(monkeypatch):
    """With a node budget each view searches alone, so the answer (applied: it solves) is the same on a second
    run with a clock 1000 times too fast: no improvement is lost to a slow machine."""
    from solvers.rubik import twophase as module

    state = random_state(3, random.Random(11))
    first = [e for e in twophase(state, max_nodes=200_000) if isinstance(e, MoveSolution)]
    monkeypatch.setattr(module, "time", _fast_clock(1000.0))
    again = [e for e in twophase(state, max_nodes=200_000) if isinstance(e, MoveSolution)]
    assert len(first) == len(again) == 1 and again[0].moves == first[0].moves
    assert first[0].length <= 20 and apply_moves(state, first[0].moves) == SOLVED


def test_a_node_budget_finds_short_answers_and_proves_them():
    """A four-move scramble under a node budget: found, applied, and proven (a view ran out of shorter ones)."""
    state = parse_algorithm("R U R' F2").state(3)
    final = [e for e in twophase(state, max_nodes=100_000) if isinstance(e, MoveSolution)]
    assert [(e.length, e.proven_optimal) for e in final] == [(4, True)]
    assert apply_moves(state, final[0].moves) == SOLVED


def test_a_node_budget_below_one_is_refused():
    with pytest.raises(ValueError, match="max_nodes must be above 0"):
        next(twophase(random_state(3, random.Random(1)), max_nodes=0))
