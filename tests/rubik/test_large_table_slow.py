"""The large tier's real tables (2.47 GB each; built once in about fifteen minutes if the cache lacks them): slow set
only (`pytest -m slow`). The large table's entries against a plain breadth-first search near the goal and the
Bellman equation on random states far from it, its histogram against its size; the bounds table's counts against
that histogram and its entries against the distances; optimal lengths equal to the standard tier's."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solvers.cube import apply_moves
from solvers.cube.scramble import random_move_scramble
from solvers.cube.state import CubeState
from solvers.rubik import coords as cd
from solvers.rubik.optimal import Heuristic, solve_optimal
from solvers.rubik.optimal import edge_residues as er
from solvers.rubik.optimal import large_bounds as lb
from solvers.rubik.optimal import large_residues as lr
from solvers.rubik.optimal import twist_row_residues as trr
from solvers.rubik.optimal.heuristics import large_layout
from solvers.rubik.tables import default_tables

pytestmark = pytest.mark.slow
SOLVED = CubeState.solved(3)


@pytest.fixture(scope="module")
def large():
    tables = default_tables()
    return tables, tables.large_residues(), large_layout(tables)


def test_histogram_counts_every_entry(large):
    _, built, _ = large
    assert built["histogram"].sum() == lr.ENTRIES == 64_430 * cd.N_TWIST * 70
    assert built["histogram"][0] == 1 and len(built["histogram"]) - 1 <= 14


def test_entries_near_the_goal_equal_a_plain_breadth_first_search(large):
    tables, built, layout = large
    mv, combs = tables.moves(), tables.corner_combs()
    moves = [np.asarray(m, dtype=np.int64) for m in (layout.class_move, mv["twist"], combs["comb_move"])]
    seen = {(0, 0, 0)}
    level = [(0, 0, 0)]
    for d in range(1, 6):  # raw coordinates, no symmetry, no residues
        nxt = []
        for state in level:
            for m in range(18):
                kid = tuple(int(moves[i][state[i], m]) for i in range(3))
                if kid not in seen:
                    seen.add(kid)
                    nxt.append(kid)
        level = nxt
        sample = random.Random(d).sample(level, min(len(level), 400))
        assert [trr.exact_distance(*s, built["residues"], layout) for s in sample] == [d] * len(sample)


def test_random_entries_satisfy_the_bellman_equation(large):
    tables, built, layout = large
    mv, combs = tables.moves(), tables.corner_combs()
    rng = random.Random(12)
    depths = set()
    for _ in range(300):
        fs, tw, comb = rng.randrange(cd.N_FLIPSLICE), rng.randrange(cd.N_TWIST), rng.randrange(70)
        d = trr.exact_distance(fs, tw, comb, built["residues"], layout)
        depths.add(d)
        kids = [
            trr.exact_distance(
                int(layout.class_move[fs, m]),
                int(mv["twist"][tw, m]),
                int(combs["comb_move"][comb, m]),
                built["residues"],
                layout,
            )  # fmt: skip
            for m in range(18)
        ]
        assert min(kids) == d - 1 and max(kids) <= d + 1
        assert er.residue(built["residues"], trr.entry(fs, tw, comb, layout)) == d % 3
    assert depths >= {10, 11}


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
        exact = trr.exact_distance(fs, tw, comb, built["residues"], layout)
        value = lb.lower_bound(bounds["bounds"], trr.entry(fs, tw, comb, layout), bounds["lower"])
        assert value == lb.expected_bounds(np.array([exact]))[0]


@pytest.mark.parametrize("seed", range(4))
def test_lengths_equal_the_standard_tiers(large, seed):
    state = random_move_scramble(14, 3, random.Random(500 + seed)).state(3)
    answer = solve_optimal(state, heuristic=Heuristic.LARGE_BOTH_SIDES)
    assert apply_moves(state, answer.moves) == SOLVED and answer.proven_optimal
    assert answer.length == solve_optimal(state, heuristic=Heuristic.EDGE_AND_CORNER_SLICE).length
