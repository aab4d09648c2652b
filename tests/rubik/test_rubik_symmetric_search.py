"""Optimal search of symmetric cubes, which searches only the least first move of each orbit under the cube's
symmetries: lengths still equal an independent meet-in-the-middle search, and the reduction really happens."""

from __future__ import annotations

import pytest

from solvers.cube import apply_moves
from solvers.cube.notation import parse_algorithm
from solvers.cube.state import CubeState
from solvers.engine import SEARCH_METRICS
from solvers.rubik import cubie
from solvers.rubik.optimal import Heuristic, solve_optimal
from solvers.rubik.optimal.subtrees import cube_symmetries, symmetric_prefixes
from tests.rubik.test_rubik_optimal import _independent_distance

SOLVED = CubeState.solved(3)
SYMMETRIC = {  # position: how many of the 48 symmetries fix it
    "U2 D2 F2 B2 R2 L2": 48,  # pons asinorum
    "U D'": 8,
    "R2 L2 U2 D2": 16,
    "U R L' F B' D U'": 1,
    "R L U2 R' L'": 2,
}


@pytest.mark.parametrize("text", SYMMETRIC)
def test_symmetries_are_found(text):
    assert len(cube_symmetries(cubie.flat(parse_algorithm(text).state(3)))) == SYMMETRIC[text]


def test_superflip_searches_two_first_moves():
    superflip = parse_algorithm("U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2").state(3)
    prefixes = symmetric_prefixes(cube_symmetries(cubie.flat(superflip)))
    assert sorted({int(p[0]) for p in prefixes}) == [0, 1]  # U and U2: every quarter turn and half turn alike
    assert len(prefixes) == 2 * 15


CASES = [(t, m) for t in SYMMETRIC for m in SEARCH_METRICS if parse_algorithm(t).count(m.value) <= 6]  # within reach


@pytest.mark.parametrize(("text", "metric"), CASES)
def test_symmetric_cubes_get_optimal_answers(text, metric):
    state = parse_algorithm(text).state(3)
    solution = solve_optimal(state, metric=metric, heuristic=Heuristic.SLICE_PAIRS)
    assert apply_moves(state, solution.moves) == SOLVED
    assert solution.length == _independent_distance(state, metric)
