"""The large tier's real table (2.47 GB; built once in about eleven minutes if the cache lacks it): slow set only
(`pytest -m slow`). The phase-1 distance as the floor the inverse's look-ups decode above; optimal lengths equal
to the standard tier's. (Its entries are checked with the split table's, in `test_inner_tables.py`.)"""

from __future__ import annotations

import random

import pytest

from solvers.cube import apply_moves
from solvers.cube.scramble import random_move_scramble
from solvers.cube.state import CubeState
from solvers.rubik import coords as cd
from solvers.rubik.optimal import Heuristic, solve_optimal
from solvers.rubik.optimal import edge_residues as er
from solvers.rubik.optimal import twist_row_residues as trr
from solvers.rubik.optimal.heuristics import large_layout
from solvers.rubik.tables import default_tables

pytestmark = pytest.mark.slow
SOLVED = CubeState.solved(3)


@pytest.fixture(scope="module")
def large():
    tables = default_tables()
    return tables, tables.large_residues(), large_layout(tables)


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
