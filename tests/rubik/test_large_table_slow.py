"""The large tier's real tables (2.47 GB each; built once in about twelve minutes if the cache lacks them): slow set
only (`pytest -m slow`). The bounds table's counts against the large table's histogram and its entries against
the distances; optimal lengths equal to the standard tier's. (The large table's own entries are checked with the
split table's, in `test_inner_tables.py`.)"""

from __future__ import annotations

import random

import numpy as np
import pytest

from solvers.cube import apply_moves
from solvers.cube.scramble import random_move_scramble
from solvers.cube.state import CubeState
from solvers.rubik import class_fill
from solvers.rubik import coords as cd
from solvers.rubik.optimal import Heuristic, solve_optimal
from solvers.rubik.optimal import large_bounds as lb
from solvers.rubik.optimal import large_residues as lr
from solvers.rubik.optimal.heuristics import large_layout
from solvers.rubik.optimal.optimal_tables import optimal_view

pytestmark = pytest.mark.slow
SOLVED = CubeState.solved(3)


@pytest.fixture(scope="module")
def large():
    tables = optimal_view()
    return tables, tables.large_residues(), large_layout(tables)


def test_the_bounds_table_counts_and_samples_agree_with_the_residues(large):
    """Every stored value counted over the whole bounds table equals the residue table's histogram summed the way
    the bounds encode it (up to the base, then the base + 1, 2, 3 and beyond; the rows' padding entries read 3),
    and random entries decode to the exact distance walked down the residues."""
    tables, built, layout = large
    bounds = tables.large_bounds()
    per_byte = np.array([[(b >> (2 * k)) & 3 for k in range(4)] for b in range(256)])
    counts = np.zeros(4, dtype=np.int64)
    for start in range(0, bounds["bounds"].shape[0], 1 << 28):
        byte_counts = np.bincount(bounds["bounds"][start : start + (1 << 28)], minlength=256)
        counts += np.array([(byte_counts * (per_byte == v).sum(axis=1)).sum() for v in range(4)])
    hist = np.zeros(20, dtype=np.int64)
    hist[: len(built["histogram"])] = built["histogram"]
    base, padding = lb.BASE, lr.N_CLASSES * (lr.ROW - cd.N_TWIST * 70)
    past = [hist[base + v :: 3].sum() for v in (1, 2, 3)]  # base + v, then 3 more, ...
    assert counts.tolist() == [hist[: base + 1].sum(), past[0], past[1], past[2] + padding]
    rng = random.Random(13)
    for _ in range(300):
        fs, tw, comb = rng.randrange(cd.N_FLIPSLICE), rng.randrange(cd.N_TWIST), rng.randrange(70)
        exact = class_fill.exact_distance(fs, tw, comb, built["residues"], layout)
        value = lb.lower_bound(bounds["bounds"], class_fill.entry(fs, tw, comb, layout), bounds["lower"])
        assert value == lb.expected_bounds(np.array([exact]))[0]


@pytest.mark.parametrize("seed", range(4))
def test_lengths_equal_the_standard_tiers(large, seed):
    state = random_move_scramble(14, 3, random.Random(500 + seed)).state(3)
    answer = solve_optimal(state, heuristic=Heuristic.LARGE_BOTH_SIDES)
    assert apply_moves(state, answer.moves) == SOLVED and answer.proven_optimal
    assert answer.length == solve_optimal(state, heuristic=Heuristic.SPLIT_BOTH_SIDES).length
