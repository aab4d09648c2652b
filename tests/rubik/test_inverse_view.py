"""The inverse's coordinates read off a cube and a move (the large tier's second view of a node), against the
inverse built as a cube and its coordinates read the usual way."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.cube.moves import Move
from solvers.cube.scramble import random_state
from solvers.rubik import coords as cd
from solvers.rubik import cubie
from solvers.rubik.movetables import build_corner_comb_tables
from solvers.rubik.optimal.inverse_view import child_inverse, inverse_view, step_cube


@pytest.fixture(scope="module")
def comb_and_view():
    """The comb of each corner permutation and the inverse view of the moves: made when the test runs, not when
    every worker collects this file (the comb tables' builder compiles first)."""
    comb_of = build_corner_comb_tables()["comb_of"]
    return comb_of, inverse_view(cubie.move_cubes(), comb_of)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), move=st.sampled_from(list(Move)))
def test_child_and_its_inverse_coordinates(comb_and_view, seed, move):
    comb_of, view = comb_and_view
    cube = cubie.flat(random_state(3, np.random.default_rng(seed))).astype(np.uint8)
    child = np.zeros(40, dtype=np.uint8)
    step_cube(cube, view.move_cubes[move], child)
    expected = cubie.product(cube.astype(np.int64), cubie.move_cubes()[move].astype(np.int64))
    assert np.array_equal(child, expected)
    inverse = cubie.invert(expected)
    flipslice, twist, comb = child_inverse(cube, view.move_cubes[move], view)
    assert flipslice == cd.get_slice_sorted(inverse) // cd.N_PERM4 * cd.N_FLIP + cd.get_flip(inverse)
    assert twist == cd.get_twist(inverse) and comb == comb_of[cd.get_corners(inverse)]
