"""The large tier's real table (2.47 GB; built once in about eleven minutes if the cache lacks it): slow set only
(`pytest -m slow`). Its entries against a plain breadth-first search near the goal and the Bellman equation on
random states far from it, its histogram against its size; the phase-1 distance as the floor the inverse's
look-ups decode above; optimal lengths equal to the standard tier's."""

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


def test_phase1_is_a_floor_the_inverse_distance_decodes_above(large):
    """On random entries: the phase-1 distance of the entry's flip, slice and twist is at most its exact distance
    (walked down the residues), and the residue decoded above it is that distance unless the two are three or more
    apart, and never more (the inverse's look-ups read exactly this)."""
    tables, built, layout = large
    phase1, classes, twist_conj = tables.phase1(), tables.flipslice_classes(), tables.moves()["twist_conj"]
    rng = random.Random(13)
    gaps = set()
    for _ in range(300):
        fs, tw, comb = rng.randrange(cd.N_FLIPSLICE), rng.randrange(cd.N_TWIST), rng.randrange(70)
        exact = trr.exact_distance(fs, tw, comb, built["residues"], layout)
        floor = int(phase1[classes["class_of"][fs] * cd.N_TWIST + twist_conj[tw, classes["sym_of"][fs]]])
        decoded = er.distance_above(floor, er.residue(built["residues"], trr.entry(fs, tw, comb, layout)))
        assert floor <= decoded <= exact and (decoded == exact) == (exact - floor < 3)
        gaps.add(exact - floor)
    assert {0, 1, 2} <= gaps


@pytest.mark.parametrize("seed", range(4))
def test_lengths_equal_the_standard_tiers(large, seed):
    state = random_move_scramble(14, 3, random.Random(500 + seed)).state(3)
    answer = solve_optimal(state, heuristic=Heuristic.LARGE_BOTH_SIDES)
    assert apply_moves(state, answer.moves) == SOLVED and answer.proven_optimal
    assert answer.length == solve_optimal(state, heuristic=Heuristic.EDGE_AND_CORNER_SLICE).length
