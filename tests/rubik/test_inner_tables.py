"""The phase-1-plus-corners tables: the standard tier's split table (1.23 GB, built by the suite once) and, in the
slow set, the large tier's large table (2.47 GB). Their entries against a plain breadth-first search near the
goal and the Bellman equation on random states far from it, their histograms against their sizes, the phase-1
distance as a floor their residues decode above; the standard tier's optimal lengths against another
heuristic's."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solvers.cube import apply_moves
from solvers.cube.scramble import random_move_scramble
from solvers.cube.state import CubeState
from solvers.rubik import class_fill, packed_residues
from solvers.rubik import coords as cd
from solvers.rubik.optimal import Heuristic, solve_optimal
from solvers.rubik.optimal import large_residues as lr
from solvers.rubik.optimal.heuristics import inner_table, large_layout
from solvers.rubik.optimal.optimal_tables import optimal_view

SOLVED = CubeState.solved(3)


@pytest.fixture(
    scope="module",
    params=[Heuristic.SPLIT_BOTH_SIDES, pytest.param(Heuristic.LARGE_BOTH_SIDES, marks=pytest.mark.slow)],
    ids=["split", "large"],
)
def table(request):
    """(tables, the heuristic's inner table, its layout, entries in all)."""
    tables, heuristic = optimal_view(), request.param
    inner = inner_table(tables, heuristic)
    entries = lr.SPLIT_ENTRIES if heuristic is Heuristic.SPLIT_BOTH_SIDES else lr.ENTRIES
    return tables, inner, large_layout(tables, heuristic), entries


def test_histogram_counts_every_entry(table):
    _, inner, _, entries = table
    assert inner.built["histogram"].sum() == entries == 64_430 * cd.N_TWIST * inner.conj.shape[0]
    assert inner.built["histogram"][0] == 1 and len(inner.built["histogram"]) - 1 <= 14


def test_entries_near_the_goal_equal_a_plain_breadth_first_search(table):
    tables, inner, layout, _ = table
    moves = [np.asarray(m, dtype=np.int64) for m in (layout.class_move, tables.moves()["twist"], inner.move)]
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
        assert [class_fill.exact_distance(*s, inner.built["residues"], layout) for s in sample] == [d] * len(sample)


def test_random_entries_satisfy_the_bellman_equation(table):
    tables, inner, layout, _ = table
    twist_move, residues = tables.moves()["twist"], inner.built["residues"]
    rng = random.Random(12)
    depths = set()
    for _ in range(300):
        fs, tw, corner = rng.randrange(cd.N_FLIPSLICE), rng.randrange(cd.N_TWIST), rng.randrange(inner.conj.shape[0])
        d = class_fill.exact_distance(fs, tw, corner, residues, layout)
        depths.add(d)
        kids = [class_fill.exact_distance(int(layout.class_move[fs, m]), int(twist_move[tw, m]),
                                          int(inner.move[corner, m]), residues, layout) for m in range(18)]  # fmt: skip
        assert min(kids) == d - 1 and max(kids) <= d + 1
        assert packed_residues.residue(residues, class_fill.entry(fs, tw, corner, layout)) == d % 3
    assert depths >= {10, 11}


def test_phase1_is_a_floor_the_inverse_distance_decodes_above(table):
    """On random entries: the phase-1 distance of the entry's flip, slice and twist is at most its exact distance
    (walked down the residues), and the residue decoded above it is that distance unless the two are three or more
    apart, and never more (what the standard tier's inverse look-ups read)."""
    tables, inner, layout, _ = table
    phase1, classes, twist_conj = tables.phase1(), tables.flipslice_classes(), tables.moves()["twist_conj"]
    rng = random.Random(13)
    gaps = set()
    for _ in range(300):
        fs, tw, corner = rng.randrange(cd.N_FLIPSLICE), rng.randrange(cd.N_TWIST), rng.randrange(inner.conj.shape[0])
        exact = class_fill.exact_distance(fs, tw, corner, inner.built["residues"], layout)
        floor = int(phase1[classes["class_of"][fs] * cd.N_TWIST + twist_conj[tw, classes["sym_of"][fs]]])
        decoded = packed_residues.distance_above(
            floor, packed_residues.residue(inner.built["residues"], class_fill.entry(fs, tw, corner, layout))
        )
        assert floor <= decoded <= exact and (decoded == exact) == (exact - floor < 3)
        gaps.add(exact - floor)
    assert {0, 1, 2} <= gaps


@pytest.mark.parametrize("seed", range(3))
def test_the_standard_tiers_lengths_equal_another_heuristics(seed):
    """Optimal lengths with the split table (the default) against the phase-1 and corner tables' (another
    builder's), every answer applied to its cube."""
    state = random_move_scramble(11, 3, random.Random(700 + seed)).state(3)
    answer = solve_optimal(state)
    assert apply_moves(state, answer.moves) == SOLVED and answer.proven_optimal
    assert answer.length == solve_optimal(state, heuristic=Heuristic.PHASE1_AND_CORNERS).length
