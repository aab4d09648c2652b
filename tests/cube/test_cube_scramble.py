"""Scrambles: random states are solvable, reproducible and spread evenly; move scrambles waste no turn."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from solvers.cube.geometry import Corner, Face
from solvers.cube.scramble import random_move_scramble, random_state, state_count
from solvers.cube.validation import validate

AXIS = {"U": 0, "D": 0, "R": 1, "L": 1, "F": 2, "B": 2}


@pytest.mark.parametrize("size", [2, 3])
def test_random_states_are_valid_and_reproducible(size):
    for seed in range(50):
        state = random_state(size, seed)
        assert validate(state.colours().tolist(), size) == state
        assert random_state(size, random.Random(seed)) == random_state(size, seed)
    a = random_state(size, np.random.default_rng(5))
    assert a == random_state(size, np.random.default_rng(5))
    assert len({random_state(size, seed) for seed in range(50)}) == 50


def test_pocket_states_keep_dbl_home():
    for seed in range(50):
        state = random_state(2, seed)
        assert state.cp[Corner.DBL] == Corner.DBL and state.co[Corner.DBL] == 0


def test_state_counts():
    assert state_count(2) == 3_674_160
    assert state_count(3) == 43_252_003_274_489_856_000


def test_random_states_spread_evenly():
    # Where the URF corner goes and how it is twisted: 24 outcomes, each should get about 1/24 of the draws.
    rng = random.Random(2024)
    draws = 4800
    seen = Counter()
    for _ in range(draws):
        state = random_state(3, rng)
        slot = int(np.flatnonzero(state.cp == Corner.URF)[0])
        seen[(slot, int(state.co[slot]))] += 1
    assert len(seen) == 24
    expected = draws / 24
    chi2 = sum((count - expected) ** 2 / expected for count in seen.values())
    assert chi2 < 60  # 23 degrees of freedom: p < 1e-4 only beyond ~57


@pytest.mark.parametrize("size", [2, 3])
def test_move_scrambles_waste_no_turn(size):
    for seed in range(40):
        alg = random_move_scramble(size=size, rng=seed)
        assert len(alg) == (25 if size == 3 else 11)
        names = [turn.name for turn in alg]
        assert all(a != b for a, b in zip(names, names[1:], strict=False))
        assert all(not (AXIS[a] == AXIS[b] == AXIS[c]) for a, b, c in zip(names, names[1:], names[2:], strict=False))
        assert alg.simplified() == alg
        if size == 2:
            assert set(names) <= {"U", "R", "F"}
    assert random_move_scramble(30, rng=9) == random_move_scramble(30, rng=random.Random(9))
    assert len(random_move_scramble(0)) == 0


def test_move_scramble_with_one_axis_cannot_be_made():
    assert len(random_move_scramble(2, faces=(Face.R, Face.L), rng=1)) == 2
    with pytest.raises(ValueError):
        random_move_scramble(3, faces=(Face.R, Face.L), rng=1)
