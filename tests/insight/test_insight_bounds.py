"""The meter's 3x3 bound tightening: one move changes the distance by at most one, so neighbours bound each other;
known upper bounds (moves left of a solution) only ever lower the upper bound. Checked against brute-force bounds."""

from __future__ import annotations

import itertools

from hypothesis import given
from hypothesis import strategies as st

from cubeviz.insight.distances import moves_left, tightened


def test_neighbours_tighten_both_bounds():
    lower, upper = tightened([3, 0, 0, 0], [9, 9, 9, 1])
    assert upper == [4, 3, 2, 1]  # from the last state's 1, one more per step back
    assert lower == [3, 2, 1, 0]  # from the first state's 3, one less per step forward


def test_known_upper_bounds_from_a_solution():
    assert moves_left(4, 5) == [5, 4, 3, 2]
    lower, upper = tightened([1, 1, 1], [7, 7, 7], [5, 4, 3])
    assert upper == [5, 4, 3] and lower == [1, 1, 1]


@given(st.lists(st.integers(0, 20), min_size=1, max_size=8), st.data())
def test_tightened_bounds_hold_every_walk_consistent_with_the_inputs(truth_steps, data):
    """Any true distance sequence (changing by at most one per move) inside the loose bounds stays inside the tight
    ones, and the tight ones are as tight as the brute force over all such sequences allows at each end."""
    n = len(truth_steps)
    truth = [truth_steps[0]]
    for _ in range(n - 1):
        truth.append(max(0, truth[-1] + data.draw(st.integers(-1, 1))))
    slack = [data.draw(st.integers(0, 3)) for _ in range(2 * n)]
    lower_in = [max(0, t - s) for t, s in zip(truth, slack[:n], strict=True)]
    upper_in = [t + s for t, s in zip(truth, slack[n:], strict=True)]
    lower, upper = tightened(lower_in, upper_in)
    assert all(lo <= t <= up for lo, t, up in zip(lower, truth, upper, strict=True))
    assert all(lo >= li and up <= ui for lo, li, up, ui in zip(lower, lower_in, upper, upper_in, strict=True))
    if n <= 4:  # brute force: every walk within the loose bounds, steps of -1, 0, +1
        walks = [
            w
            for w in itertools.product(*[range(lo, up + 1) for lo, up in zip(lower_in, upper_in, strict=True)])
            if all(abs(a - b) <= 1 for a, b in itertools.pairwise(w))
        ]
        assert [min(w[i] for w in walks) for i in range(n)] == lower
        assert [max(w[i] for w in walks) for i in range(n)] == upper
