"""The inverse's coordinates read off a cube and a move (the large tier's second view of a node), against the
inverse built as a cube and its coordinates read the usual way."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.cube.moves import Move
from solvers.cube.scramble import random_state
from solvers.rubik import coords as cd
from solvers.rubik import cubie
from solvers.rubik.movetables import build_corner_comb_tables
from solvers.rubik.optimal.inverse_view import child_inverse, inverse_view, step_cube

COMB_OF = build_corner_comb_tables()["comb_of"]
VIEW = inverse_view(cubie.move_cubes(), COMB_OF)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), move=st.sampled_from(list(Move)))
def test_child_and_its_inverse_coordinates(seed, move):
    cube = cubie.flat(random_state(3, np.random.default_rng(seed))).astype(np.uint8)
    child = np.zeros(40, dtype=np.uint8)
    step_cube(cube, VIEW.move_cubes[move], child)
    expected = cubie.product(cube.astype(np.int64), cubie.move_cubes()[move].astype(np.int64))
    assert np.array_equal(child, expected)
    inverse = cubie.invert(expected)
    flipslice, twist, comb = child_inverse(cube, VIEW.move_cubes[move], VIEW)
    assert flipslice == cd.get_slice_sorted(inverse) // cd.N_PERM4 * cd.N_FLIP + cd.get_flip(inverse)
    assert twist == cd.get_twist(inverse) and comb == COMB_OF[cd.get_corners(inverse)]
