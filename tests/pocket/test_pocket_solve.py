"""Optimal solutions: applied to their state they solve it, with exactly the table's length; all-optimal counts."""

from __future__ import annotations

import random

import pytest

from solvers.cube import apply_moves, parse_algorithm
from solvers.cube.moves import whole_cube_rotations
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.pocket import all_optimal_solutions, distance, distance_between, distances_along, optimal_solution

SOLVED = CubeState.solved(2)
ROTATIONS = whole_cube_rotations(2)


def _is_solved(state: CubeState) -> bool:
    return any(state == q for q in ROTATIONS)


@pytest.mark.parametrize("metric", ["htm", "qtm", "fru"])
def test_random_states_are_solved_optimally(metric):
    rng = random.Random(metric)
    for _ in range(40):
        state = random_state(2, rng)
        moves = optimal_solution(state, metric)
        assert _is_solved(apply_moves(state, moves))
        cost = sum(1 if metric != "qtm" else (2 if m.quarter_turns == 2 else 1) for m in moves)
        assert cost == distance(state, metric)
        if metric == "qtm":
            assert all(m.quarter_turns != 2 for m in moves)


def test_any_orientation_and_solved_cube():
    assert optimal_solution(SOLVED) == [] and distance(SOLVED) == 0
    for q in ROTATIONS:
        assert distance(q) == 0
        assert distance(q * parse_algorithm("R U").state(2)) == 2


def test_all_optimal_solutions_each_solve():
    state = parse_algorithm("R U F' R2 U'").state(2)
    found = all_optimal_solutions(state, "htm", limit=500)
    assert found.count == len(found.solutions) >= 1
    assert len({tuple(s) for s in found.solutions}) == found.count
    for moves in found.solutions:
        assert len(moves) == distance(state) and _is_solved(apply_moves(state, moves))
    few = all_optimal_solutions(state, "htm", limit=1)
    assert few.count == found.count and len(few.solutions) == 1


def test_distance_falls_by_one_along_an_optimal_solution():
    state = random_state(2, random.Random(4))
    moves = optimal_solution(state)
    along = distances_along(state, moves)
    assert along == list(range(len(moves), -1, -1))


def test_distance_between_ignores_how_each_cube_is_held():
    rng = random.Random(8)
    a = random_state(2, rng)
    alg = parse_algorithm("R U' F")
    b = apply_moves(a, alg.to_moves())
    d = distance_between(a, b, "qtm")
    assert d <= 3
    for q in ROTATIONS[:6]:
        assert distance_between(a * q, b * ROTATIONS[5], "qtm") == d  # a rotation is a "move" that costs nothing
    assert distance_between(a, a, "qtm") == 0
