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
