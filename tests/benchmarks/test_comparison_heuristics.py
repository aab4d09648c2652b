"""The comparison heuristics (`benchmarks/comparison_heuristics.py`), plans handed to the optimal search from outside
the engine, and their edge and corner-slice tables (flip x sorted slice x twist, and corners x twist x slice;
residues mod 3).

Checked against figures they do not compute themselves: Kociemba's counts of 1,523,864 edge classes and 2768
corner classes; an independent breadth-first search of the raw coordinates (no symmetry, no residues) near the
goal; the Bellman equation of exact distances on random states far from it; and the optimal lengths the
phase-1 heuristic finds. The tables are the edge-and-corner-slice heuristic's, kept for comparisons since the split
table became the standard tier's, so the checks that build them (minutes) run in the slow set (`-m slow`).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # `benchmarks` is a folder of scripts, not installed

from benchmarks import comparison_heuristics as ch  # noqa: E402
from solvers.cube import apply_moves  # noqa: E402
from solvers.cube.scramble import random_move_scramble, random_state  # noqa: E402
from solvers.cube.state import CubeState  # noqa: E402
from solvers.engine import Metric  # noqa: E402
from solvers.rubik import class_fill, cubie  # noqa: E402
from solvers.rubik import coords as cd  # noqa: E402
from solvers.rubik.optimal import Heuristic, UnknownHeuristic, heuristic_value, plan_of, solve_optimal  # noqa: E402
from solvers.rubik.optimal.optimal_tables import OptimalTables, optimal_view  # noqa: E402
from solvers.rubik.packed_residues import distance_from_residue, residue  # noqa: E402
from solvers.rubik.rubik_tables import TABLE_VERSION  # noqa: E402
from solvers.tables import CACHE_ENV_VAR, table_path, write_table  # noqa: E402

SOLVED = CubeState.solved(3)


@pytest.fixture(scope="module")
def tables():
    return optimal_view()


@dataclass
class ResidueTable:
    """One residue table seen through its three coordinates: their move tables, exact distance and residue."""

    moves: tuple[np.ndarray, np.ndarray, np.ndarray]
    exact: Callable[[int, int, int], int]
    residue: Callable[[int, int, int], int]
    histogram: np.ndarray
    entries: int


def _edge_table(tables) -> ResidueTable:
    mv, classes, residues = tables.moves(), ch.flipslice_sorted_classes(tables), ch.edge_residues(tables)["residues"]
    moves = (mv["flip"], mv["slice_sorted"], mv["twist"])
    conj, class_sym = mv["twist_conj"], classes["class_sym"]
    return ResidueTable(
        moves,
        lambda f, s, t: int(ch.edge_distance(f, s, t, residues, class_sym, conj, *moves)),
        lambda f, s, t: int(ch.edge_lookup(f, s, t, residues, class_sym, conj)),
        ch.edge_residues(tables)["histogram"],
        1_523_864 * cd.N_TWIST,
    )


def _corner_table(tables) -> ResidueTable:
    mv, classes, residues = tables.moves(), tables.corner_classes(), ch.corner_slice_residues(tables)["residues"]
    moves = (mv["corners"], mv["twist"], mv["slice"])
    layout = ch.corner_layout(*moves, classes["class_sym"], mv["twist_conj"], classes["slice_conj"])
    return ResidueTable(
        moves,
        lambda c, t, s: int(class_fill.exact_distance(c, t, s, residues, layout)),
        lambda c, t, s: int(residue(residues, class_fill.entry(c, t, s, layout))),
        ch.corner_slice_residues(tables)["histogram"],
        2768 * cd.N_TWIST * cd.N_SLICE,
    )


@pytest.fixture(scope="module", params=["edges", "corners"])
def table(request, tables) -> ResidueTable:
    return _edge_table(tables) if request.param == "edges" else _corner_table(tables)


def test_edge_classes_are_kociembas_and_map_to_their_representatives(tables):
    classes = ch.flipslice_sorted_classes(tables)
    assert classes["reps"].shape[0] == 1_523_864
    class_of, sym_of = classes["class_sym"] >> 4, classes["class_sym"] & 15
    assert class_of.min() == 0 and class_of.max() == 1_523_863
    rng = np.random.default_rng(5)
    for x in rng.integers(0, cd.N_SLICE_SORTED * cd.N_FLIP, 300):
        cube = cubie.identity()
        cd.set_slice_sorted(cube, int(x) // cd.N_FLIP)
        cd.set_flip(cube, int(x) % cd.N_FLIP)
        image = cubie.conjugate(cube, int(sym_of[x]))
        assert cd.get_slice_sorted(image) * cd.N_FLIP + cd.get_flip(image) == classes["reps"][class_of[x]]


def test_corner_classes_are_kociembas_and_map_to_their_representatives(tables):
    classes = tables.corner_classes()
    assert classes["reps"].shape[0] == 2768
    for x in np.random.default_rng(6).integers(0, cd.N_CORNERS, 300):
        cube = cubie.identity()
        cd.set_corners(cube, int(x))
        image = cubie.conjugate(cube, int(classes["class_sym"][x] & 15))
        assert cd.get_corners(image) == classes["reps"][classes["class_sym"][x] >> 4]


@pytest.mark.slow
def test_histogram_covers_every_entry(table):
    assert table.histogram.sum() == table.entries
    assert table.histogram[0] == 1 and table.histogram[-1] > 0 and len(table.histogram) - 1 <= 14


def _raw_levels(moves, depth: int) -> list[np.ndarray]:
    """Raw coordinate triples by exact distance, by plain breadth-first search (numpy, no symmetry)."""
    moves = [np.asarray(m, dtype=np.int64) for m in moves]
    sizes = [m.shape[0] for m in moves]
    levels = [np.zeros((1, 3), dtype=np.int64)]
    seen = {0}
    for _ in range(depth):
        states = levels[-1]
        kids = np.concatenate([np.stack([moves[i][states[:, i], m] for i in range(3)], 1) for m in range(18)])
        keys = (kids[:, 0] * sizes[1] + kids[:, 1]) * sizes[2] + kids[:, 2]
        keys, first = np.unique(keys, return_index=True)
        new = np.array([k not in seen for k in keys.tolist()], dtype=bool)
        seen.update(keys[new].tolist())
        levels.append(kids[first[new]])
    return levels


@pytest.mark.slow
def test_distances_near_the_goal_equal_a_plain_breadth_first_search(table):
    rng = np.random.default_rng(1)
    for d, states in enumerate(_raw_levels(table.moves, 5)):
        sample = states if len(states) <= 400 else states[rng.choice(len(states), 400, replace=False)]
        assert [table.exact(*map(int, s)) for s in sample] == [d] * len(sample), f"depth {d}"


@pytest.mark.slow
def test_random_states_satisfy_the_bellman_equation(table):
    """d(x) = 1 + min over moves d(x m), and the stored residue is d(x) mod 3, everywhere in the table."""
    rng = random.Random(2)
    depths = set()
    for _ in range(300):
        x = [rng.randrange(m.shape[0]) for m in table.moves]
        d = table.exact(*x)
        depths.add(d)
        kids = [table.exact(*(int(table.moves[i][x[i], m]) for i in range(3))) for m in range(18)]
        assert min(kids) == d - 1 and max(kids) <= d + 1
        assert table.residue(*x) == d % 3
    assert depths >= {10, 11}


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(3))
def test_optimal_lengths_equal_the_phase1_heuristics(seed):
    state = random_move_scramble(13, 3, random.Random(100 + seed)).state(3)
    edge_corner = solve_optimal(state, heuristic=ch.EDGE_AND_CORNER_SLICE)
    full = solve_optimal(state, heuristic=Heuristic.PHASE1_AND_CORNERS)
    assert apply_moves(state, edge_corner.moves) == SOLVED
    assert edge_corner.proven_optimal and edge_corner.length == full.length <= 13


@pytest.mark.slow
def test_edge_and_corner_slice_bound_is_admissible_and_at_least_the_phase1_bound():
    rng = random.Random(9)
    for _ in range(40):
        state = random_state(3, rng)
        edge_corner = heuristic_value(state, heuristic=ch.EDGE_AND_CORNER_SLICE)
        assert heuristic_value(state, heuristic=Heuristic.PHASE1_AND_CORNERS) <= edge_corner <= 20


def test_the_heuristic_and_its_edge_table_have_one_name_and_read_their_old_ones(tmp_path, monkeypatch):
    """ "strong", the name of earlier releases, still means the heuristic where the benchmarks registered it; a
    cache written by an earlier release (the edge table as rubik-strong-htm) is read, not rebuilt (a stand-in
    payload: the real table is 834 MB)."""
    assert plan_of("strong") is ch.EDGE_AND_CORNER_SLICE is plan_of("edge-and-corner-slice")
    monkeypatch.setenv(CACHE_ENV_VAR, str(tmp_path))
    old = {"residues": np.arange(64, dtype=np.uint8), "histogram": np.array([1, 2], dtype=np.int64)}
    write_table(table_path("rubik-strong-htm", TABLE_VERSION), old)
    monkeypatch.setattr(ch, "build_edge_table", lambda *args: pytest.fail("the old file holds the edge table"))
    # without the move and class tables (a minute to build in this empty cache): the old file makes the edge
    # table's builder, their only reader here, unneeded
    monkeypatch.setattr(ch, "flipslice_sorted_classes", lambda tables: {})

    class Fresh(OptimalTables):
        def moves(self):
            return {}

    fresh = Fresh()
    assert fresh.is_cached(ch.EDGE) and np.array_equal(ch.edge_residues(fresh)["residues"], old["residues"])
    assert ch.EDGE == "rubik-edge-htm" and not (tmp_path / "rubik-edge-htm-v1.tbl").exists()


def test_the_comparison_heuristics_are_htm_only():
    for plan in (ch.EDGE_AND_CORNER_SLICE, ch.LARGE_ONE_SIDE):
        with pytest.raises(ValueError, match=f"the {plan.name} tables are for HTM only; use 'full' for QTM"):
            solve_optimal(SOLVED, metric=Metric.QTM, heuristic=plan)


def test_the_engine_itself_knows_only_the_shipped_heuristics():
    """The comparison plans are registered by the benchmarks, not by the engine: a process that never imported
    them answers their names with the one-line list of those there are."""
    import subprocess

    code = ("from solvers.rubik.optimal import plan_of\ntry:\n    plan_of('strong')\nexcept ValueError as error:\n"
            "    print(error)")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[2])  # fmt: skip
    assert done.stdout.strip() == "unknown heuristic 'strong'; the heuristics are: compact, full, large, split"
    with pytest.raises(UnknownHeuristic, match="the heuristics are: compact, edge-and-corner-slice, full, large"):
        plan_of("stronger")


def test_a_residue_decodes_to_the_one_neighbouring_distance_it_fits():
    for parent in range(1, 25):
        for r in range(3):  # three neighbouring distances have three different residues
            expected = next(d for d in (parent - 1, parent, parent + 1) if d % 3 == r)
            assert distance_from_residue(parent, r) == expected
