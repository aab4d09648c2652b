"""The phase-1 table as the symmetry-class fill builds it in exact bytes (`pruning.build_phase1_table`), checked
against the raw coordinates' own moves, with no class machinery: a table of breadth-first distances is the one
where only the goal reads 0 and every other state has a neighbour one nearer and none two nearer.
"""

from __future__ import annotations

import numpy as np
import pytest

from solvers.engine import Metric, no_progress
from solvers.rubik import coords as cd
from solvers.rubik import pruning
from solvers.rubik.rubik_tables import default_tables, metric_moves

SAMPLES = 3000


@pytest.fixture(scope="module", params=[Metric.HTM, Metric.QTM], ids=["htm", "qtm"])
def built(request):
    """(metric, the table built now, move tables, classes)."""
    tables = default_tables()
    mv, classes = tables.moves(), tables.flipslice_classes()
    table = pruning.build_phase1_table(mv["flip"], mv["slice"], mv["twist"], classes, mv["twist_conj"],
                                       metric_moves(request.param), no_progress)  # fmt: skip
    return request.param, table, mv, classes


def _distances(table, classes, twist_conj, flipslice: np.ndarray, twist: np.ndarray) -> np.ndarray:
    """The table's distances of raw (N_FLIP * slice + flip, twist) states."""
    return table[
        classes["class_of"][flipslice].astype(np.int64) * cd.N_TWIST + twist_conj[twist, classes["sym_of"][flipslice]]
    ]


def test_every_entry_is_reached_and_the_goal_alone_reads_zero(built):
    _, table, _, _ = built
    assert table.shape == (64_430 * cd.N_TWIST,)
    assert table.max() < pruning.UNKNOWN
    assert np.count_nonzero(table == 0) == 1 and table[0] == 0


def test_sampled_raw_states_have_a_neighbour_one_nearer_and_none_two_nearer(built):
    metric, table, mv, classes = built
    rng = np.random.default_rng(7)
    flip = rng.integers(0, cd.N_FLIP, SAMPLES)
    slc = rng.integers(0, cd.N_SLICE, SAMPLES)
    twist = rng.integers(0, cd.N_TWIST, SAMPLES)
    here = _distances(table, classes, mv["twist_conj"], slc * cd.N_FLIP + flip, twist).astype(np.int64)
    nearest = np.full(SAMPLES, 99, dtype=np.int64)
    for m in metric_moves(metric):
        moved = mv["slice"][slc, m].astype(np.int64) * cd.N_FLIP + mv["flip"][flip, m]
        there = _distances(table, classes, mv["twist_conj"], moved, mv["twist"][twist, m]).astype(np.int64)
        assert np.all(np.abs(there - here) <= 1)
        nearest = np.minimum(nearest, there)
    away = here > 0
    assert away.sum() > SAMPLES * 0.99
    assert np.array_equal(nearest[away], here[away] - 1)
    # Deep states are in the sample, so the check covers the backward levels as well as the forward ones.
    assert here.max() >= 11
