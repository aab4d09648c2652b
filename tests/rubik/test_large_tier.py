"""The large tier: its new coordinate (the corner comb), its table builders at small scale, the search kernel's
large rounds and inverse look-ups (the large tier's bounds table, the standard tier's floor) with a stand-in table
of the same shape, the memory refusal and the CLI and GUI-free settings.

The suite never builds the large tables themselves (2.47 GB each, minutes); the stand-in is the same code path
with a one-value inner coordinate in the comb's place (so flip-slice classes x twist: phase 1), built here and
checked against the phase-1 table, which another builder makes, and a plain breadth-first search; its bounds table
comes from the real bounds builder. The real tables' own checks run in the slow set (`-m slow`,
`test_large_table_slow.py`), which builds them if the cache lacks them.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import sys
from pathlib import Path

import numpy as np
import pytest
from packed_rows import packed_row_blocks
from plain_ida import assert_kernel_matches_plain_ida, plain_ida_nodes

from solvers.cli import main
from solvers.cube import to_kociemba
from solvers.cube.scramble import random_move_scramble, random_state
from solvers.cube.state import CubeState
from solvers.engine import Metric, no_progress
from solvers.rubik import class_fill, cubie, packed_residues
from solvers.rubik import coords as cd
from solvers.rubik.events import DepthExhausted
from solvers.rubik.optimal import Heuristic, heuristic_value, optimal, solve_optimal
from solvers.rubik.optimal import large_bounds as lb
from solvers.rubik.optimal import large_residues as lr
from solvers.rubik.optimal.heuristics import SPLIT_PLAN, inner_inputs, inner_start_distances, large_layout
from solvers.rubik.optimal.inverse_view import inverse_view
from solvers.rubik.optimal.optimal_tables import OptimalTables, optimal_view
from solvers.rubik.optimal.plan import ResiduePlan, residue_inputs
from solvers.rubik.table_tiers import TIER_COST, NotEnoughMemory, TableTier, check_memory, tier_heuristic
from solvers.rubik.twophase import AXIS_SYMMETRIES

SOLVED = CubeState.solved(3)


def _comparison_heuristics():
    """`benchmarks/comparison_heuristics.py` (a folder of scripts, not installed: reached through the path)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks import comparison_heuristics

    return comparison_heuristics


@pytest.fixture(scope="module")
def tables():
    return optimal_view()


# -- the corner comb -------------------------------------------------------------------------------------------------
def test_corner_comb_moves_agree_with_every_permutation(tables):
    mv, combs = tables.moves(), tables.corner_combs()
    comb_of = combs["comb_of"].astype(np.int64)
    assert comb_of[0] == 0 and np.bincount(comb_of).tolist() == [576] * 70  # 8! / C(8,4) permutations per comb
    assert np.array_equal(comb_of[mv["corners"]], combs["comb_move"][comb_of])  # all 40320 x 18


def test_corner_comb_symmetries_agree_with_conjugated_cubes(tables):
    combs = tables.corner_combs()
    for x in np.random.default_rng(3).integers(0, cd.N_CORNERS, 200):
        cube = cubie.identity()
        cd.set_corners(cube, int(x))
        for s in range(16):
            image = cubie.conjugate(cube, s)
            assert combs["comb_of"][cd.get_corners(image)] == combs["comb_conj"][combs["comb_of"][x], s]


def test_corner_split_pairs_each_comb_with_its_complement_and_agrees_with_every_permutation(tables):
    """The split of every permutation is that of the permutation with the two layers' corners swapped, 35 values
    of 1152 permutations each; after every move and under every symmetry the split tables agree with the splits
    of the moved and conjugated cubes."""
    mv, splits = tables.moves(), tables.corner_splits()
    split_of = splits["split_of"].astype(np.int64)
    assert split_of[0] == 0 and np.bincount(split_of).tolist() == [1152] * 35
    assert np.array_equal(split_of[mv["corners"]], splits["split_move"][split_of])  # all 40320 x 18
    for x in np.random.default_rng(5).integers(0, cd.N_CORNERS, 200):
        cube = cubie.identity()
        cd.set_corners(cube, int(x))
        swapped = cube.copy()
        swapped[cubie.CP : cubie.CP + 8] = (cube[cubie.CP : cubie.CP + 8] + 4) % 8
        assert split_of[cd.get_corners(swapped)] == split_of[x]
        for s in range(16):
            image = cubie.conjugate(cube, s)
            assert split_of[cd.get_corners(image)] == splits["split_conj"][split_of[x], s]


# -- a stand-in of the large table's shape ---------------------------------------------------------------------------
def _no_comb() -> dict[str, np.ndarray]:
    """A one-value inner coordinate in the comb's place: the stand-in table is then phase 1 exactly, whose goal,
    like the large table's, U and D keep (the one-more-for-the-axes rule needs that). Read-only, as the split
    table's corner-split tables are: numba compiles a builder once per argument type (a writable array is another
    type), so the stand-in's build runs the machine code the split table's build compiles instead of its own."""
    combs = {"comb_of": np.zeros(cd.N_CORNERS, np.uint8), "comb_move": np.zeros((1, 18), np.int32),
             "comb_conj": np.zeros((1, 16), np.int16)}  # fmt: skip
    for array in combs.values():
        array.flags.writeable = False
    return combs


@pytest.fixture(scope="module")
def stand_in(tables):
    """The large table's builder and layout with the one-value inner coordinate: 141 million entries."""
    mv, classes, combs = tables.moves(), tables.flipslice_classes(), _no_comb()
    built = lr.build_large_table(mv["flip"], mv["slice"], mv["twist"], classes, mv["twist_conj"], combs["comb_move"],
                                 combs["comb_conj"], no_progress)  # fmt: skip
    return combs, built


class StandInTables:
    """The process's tables with the stand-in in place of the large and split tables and their inner coordinates (so
    that either tier's heuristic reads it), and (if given) its bounds table and another floor table in the phase-1
    table's place."""

    def __init__(self, base, stand_in, floor=None, bounds=None) -> None:
        self.base = base
        self.combs, self.built = stand_in
        self.floor = floor
        self.bounds = bounds

    def phase1(self, metric=Metric.HTM):
        return self.base.phase1(metric) if self.floor is None else self.floor

    def __getattr__(self, name):
        return getattr(self.base, name)

    def corner_combs(self):
        return self.combs

    def corner_splits(self):
        return {"split_of": self.combs["comb_of"], "split_move": self.combs["comb_move"],
                "split_conj": self.combs["comb_conj"]}  # fmt: skip

    def large_residues(self):
        return self.built

    def split_residues(self):
        return self.built

    def large_bounds(self):
        return self.bounds

    def has_loaded(self, name: str) -> bool:
        return True


STAND_IN_BASE = 4  # the stand-in's bounds table counts from here: its bounds then matter in short searches


@pytest.fixture(scope="module")
def stand_in_bounds(tables, stand_in):
    """The bounds table's builder on the stand-in (base STAND_IN_BASE)."""
    classes = tables.flipslice_classes()
    layout = large_layout(StandInTables(tables, stand_in))
    return lb.build_bounds_table(stand_in[1]["residues"], layout, classes["reps"], classes["stabiliser"], no_progress,
                                 base=STAND_IN_BASE)  # fmt: skip


def test_stand_in_is_the_phase1_table_built_another_way(tables, stand_in):
    """Every entry is the exact phase-1 distance (`pruning.build_phase1_table`, one byte each) mod 3, and the
    histograms agree."""
    _, built = stand_in
    phase1 = tables.phase1(Metric.HTM).reshape(64_430, cd.N_TWIST)
    layout = large_layout(StandInTables(tables, stand_in))
    for start, residues in packed_row_blocks(built["residues"], layout.row, 64_430, cd.N_TWIST):
        assert np.array_equal(residues, phase1[start : start + len(residues)] % 3)
    assert built["histogram"].tolist() == np.bincount(phase1.ravel()).tolist()


def test_stand_in_bounds_are_the_phase1_distances_past_their_base(tables, stand_in, stand_in_bounds):
    """The bounds table built on the stand-in holds, entry for entry, 0 up to its base and the phase-1 distance
    (which another builder makes) above it, to base + 3; a table of another base decodes its own way."""
    phase1_rows = tables.phase1(Metric.HTM).reshape(64_430, cd.N_TWIST)
    layout = large_layout(StandInTables(tables, stand_in))
    any_near = False
    for start, stored in packed_row_blocks(stand_in_bounds["bounds"], layout.row, 64_430, cd.N_TWIST):
        phase1 = phase1_rows[start : start + len(stored)].astype(np.int64)
        decoded = stand_in_bounds["lower"][stored]
        assert np.array_equal(decoded, lb.expected_bounds(phase1, STAND_IN_BASE))
        near = (phase1 > STAND_IN_BASE) & (phase1 <= STAND_IN_BASE + 3)
        assert (decoded <= phase1).all() and (decoded == phase1)[near].all()
        any_near = any_near or bool(near.any())
    assert any_near
    assert stand_in_bounds["lower"].tolist() == [0, 5, 6, 7] and lb.lower_bounds().tolist() == [0, 10, 11, 12]


def test_a_residue_decodes_to_its_least_distance_above_a_floor():
    """distance_above(floor, d mod 3) for every distance d from the floor up: d itself while d < floor + 3, then
    three less for each three more; never more than d, never below the floor, always of d's residue."""
    for floor in range(15):
        for d in range(floor, floor + 9):
            decoded = packed_residues.distance_above(floor, d % 3)
            assert decoded == d - 3 * ((d - floor) // 3)
            assert floor <= decoded <= d and decoded % 3 == d % 3 and (decoded == d) == (d < floor + 3)


def test_stand_in_distances_by_descent_equal_phase1_and_a_breadth_first_search(tables, stand_in):
    _, built = stand_in
    mv, classes = tables.moves(), tables.flipslice_classes()
    layout = large_layout(StandInTables(tables, stand_in))
    phase1 = tables.phase1(Metric.HTM)
    rng = random.Random(4)
    for _ in range(300):
        fs, tw = rng.randrange(cd.N_FLIPSLICE), rng.randrange(cd.N_TWIST)
        d = class_fill.exact_distance(fs, tw, 0, built["residues"], layout)
        assert d == phase1[classes["class_of"][fs] * cd.N_TWIST + mv["twist_conj"][tw, classes["sym_of"][fs]]]
    moves = [np.asarray(m, dtype=np.int64) for m in (layout.class_move, mv["twist"])]
    seen, level = {(0, 0)}, [(0, 0)]
    for d in range(1, 5):  # raw coordinates: no symmetry, no residues
        nxt = []
        for state in level:
            for m in range(18):
                kid = (int(moves[0][state[0], m]), int(moves[1][state[1], m]))
                if kid not in seen:
                    seen.add(kid)
                    nxt.append(kid)
        level = nxt
        sample = random.Random(d).sample(level, min(len(level), 300))
        assert [class_fill.exact_distance(f, t, 0, built["residues"], layout) for f, t in sample] == [d] * len(sample)


def _large_tier_bound(tables, stand_in, corner_slice: bool = True):
    """The large tier's bound of a cube, computed from scratch (not incrementally, as the kernel does): the
    corner-slice (unless left out, as with the inverse's look-ups) and stand-in distances along the three axes, by
    descent, and one more than the least stand-in distance for an unsolved cube."""
    mv, classes, comparison = tables.moves(), tables.corner_classes(), _comparison_heuristics()
    corner_layout = comparison.corner_layout(mv["corners"], mv["twist"], mv["slice"], classes["class_sym"],
                                             mv["twist_conj"], classes["slice_conj"])  # fmt: skip
    layout = large_layout(StandInTables(tables, stand_in))
    combs, built = stand_in
    residues = comparison.corner_slice_residues(tables)["residues"] if corner_slice else None

    def bound(cube: CubeState) -> int:
        flat = cubie.flat(cube)
        corner, large = [], []
        for s in AXIS_SYMMETRIES:
            seen = cubie.conjugate(flat, s)
            flip, slc, twist, corners = cd.get_flip(seen), cd.get_slice_sorted(seen) // 24, cd.get_twist(seen), \
                cd.get_corners(seen)  # fmt: skip
            if corner_slice:
                corner.append(class_fill.exact_distance(corners, twist, slc, residues, corner_layout))
            large.append(class_fill.exact_distance(slc * cd.N_FLIP + flip, twist, int(combs["comb_of"][corners]),
                                                   built["residues"], layout))  # fmt: skip
        h = max(max(corner, default=0), max(large))
        return 0 if h == 0 else max(h, min(large) + 1)

    return bound


@pytest.mark.slow  # (reads the corner-slice table: minutes to build)
def test_the_kernels_large_rounds_explore_the_tree_a_plain_ida_star_does(tables, stand_in):
    """With the stand-in in the large table's place: the start bound and, bound by bound, the kernel's nodes are
    those of a plain recursive IDA* with the bound computed from scratch, and the answer is optimal."""
    state = random_move_scramble(8, 3, random.Random(300)).state(3)  # its start bound is below its length, 8
    with_large, plan = StandInTables(tables, stand_in), _comparison_heuristics().LARGE_ONE_SIDE
    h_of = functools.cache(_large_tier_bound(tables, stand_in))
    assert heuristic_value(state, heuristic=plan, tables=with_large) == h_of(state)
    events = list(optimal(state, heuristic=plan, tables=with_large, with_inverse=False, probe_share=0.0))
    answer = assert_kernel_matches_plain_ida(state, events, h_of)
    standard = solve_optimal(state, tables=tables)
    assert answer.proven_optimal and answer.length == standard.length == 8


@pytest.fixture(scope="module")
def own_side_bound(tables, stand_in):
    """The stand-in's own-side bound (no corner-slice table) computed from scratch, remembered per cube for the
    module: the inverse look-ups' three cases and the outside plan walk trees of the same scramble with it, and a
    bound from scratch takes a Python conjugation per axis."""
    return functools.cache(_large_tier_bound(tables, stand_in, corner_slice=False))


@pytest.fixture(scope="module")
def own_side_nodes(own_side_bound):
    """The plain IDA*'s node count of a cube at a bound with the own-side bound alone, counted once per cube and
    bound for the module."""
    return functools.cache(lambda state, bound: plain_ida_nodes(state, bound, own_side_bound))


def _inverse_bound(tables, stand_in, floor=None, bounds=None):
    """The bound of a cube's inverse, computed from scratch: the inverse built as a cube and looked up along the
    three axes (its entry of `bounds`, or else its stand-in residue decoded above its entry of `floor`), one more
    than the least for an unsolved cube."""
    combs, built = stand_in
    layout = large_layout(StandInTables(tables, stand_in))
    classes, twist_conj = tables.flipslice_classes(), tables.moves()["twist_conj"]

    def bound(cube: CubeState) -> int:
        inverse = cubie.invert(cubie.flat(cube))
        values = []
        for s in AXIS_SYMMETRIES:
            seen = cubie.conjugate(inverse, s)
            fs, twist = cd.get_slice_sorted(seen) // 24 * cd.N_FLIP + cd.get_flip(seen), cd.get_twist(seen)
            idx = class_fill.entry(fs, twist, int(combs["comb_of"][cd.get_corners(seen)]), layout)
            if bounds is not None:
                values.append(int(bounds["lower"][(bounds["bounds"][idx >> 2] >> ((idx & 3) * 2)) & 3]))
                continue
            low = int(floor[classes["class_of"][fs] * cd.N_TWIST + twist_conj[twist, classes["sym_of"][fs]]])
            values.append(packed_residues.distance_above(low, packed_residues.residue(built["residues"], idx)))
        return 0 if max(values) == 0 else max(max(values), min(values) + 1)

    return bound


def _lowered(phase1: np.ndarray) -> np.ndarray:
    """The phase-1 distances less 0 to 3 at random (at least 0): still a floor under the stand-in's distances
    (which are phase 1's), but one the residues must be decoded above, sometimes three short."""
    drop = np.random.default_rng(5).integers(0, 4, phase1.shape[0], dtype=np.uint8)
    return phase1 - np.minimum(phase1, drop)  # in bytes: a 141-million-entry table costs no int64 copies


@pytest.mark.parametrize("inverse_reads", ["bounds", "phase1", "lowered"])
def test_the_inverse_lookups_prune_the_tree_a_plain_ida_star_does(
    tables, stand_in, stand_in_bounds, own_side_bound, own_side_nodes, inverse_reads
):
    """With the stand-in read for the cube and its inverse (and no corner-slice table: the inverse's look-ups do
    its work), the inverse's distances read from the stand-in's bounds table (the large tier's way) or decoded
    from its residues above the phase-1 table or a lowered copy of it (the standard tier's way): bound by bound,
    the kernel explores the tree of a plain IDA* whose heuristic is the larger of the cube's bound and its
    inverse's, both computed from scratch; that tree is smaller than without the inverse's; the answer is
    optimal."""
    state = random_move_scramble(8, 3, random.Random(300)).state(3)
    if inverse_reads == "bounds":
        heuristic, both = Heuristic.LARGE_BOTH_SIDES, StandInTables(tables, stand_in, bounds=stand_in_bounds)
        inverse = _inverse_bound(tables, stand_in, bounds=stand_in_bounds)
    else:
        floor_table = tables.phase1(Metric.HTM) if inverse_reads == "phase1" else _lowered(tables.phase1(Metric.HTM))
        heuristic, both = Heuristic.SPLIT_BOTH_SIDES, StandInTables(tables, stand_in, floor=floor_table)
        inverse = _inverse_bound(tables, stand_in, floor=floor_table)
    h_of = functools.cache(lambda cube: max(own_side_bound(cube), inverse(cube)))
    events = list(optimal(state, heuristic=heuristic, tables=both, with_inverse=False, probe_share=0.0))
    answer = assert_kernel_matches_plain_ida(state, events, h_of)
    assert answer.proven_optimal and answer.length == 8
    exhausted = [e for e in events if isinstance(e, DepthExhausted)]
    without_inverse = [own_side_nodes(state, e.depth) for e in exhausted]
    assert sum(e.nodes_at_depth for e in exhausted) < sum(without_inverse)


# -- heuristics defined outside the engine (plans) -------------------------------------------------------------------
def _own_side_plan() -> ResiduePlan:
    """A heuristic no shipped tier has, made here from the plan type alone: the flip-slice table (the stand-in,
    through the tables' split loaders) read for the cube alone, no corner-slice table, no inverse."""
    return ResiduePlan(name="stand-in-one-side", metrics=(Metric.HTM,), prepare=lambda tables, metric: None,
                       residues=lambda tables: residue_inputs(tables, inner_inputs(tables, True)),
                       start_distances=lambda tables, rt: inner_start_distances(tables, True))  # fmt: skip


def test_a_plan_made_outside_the_engine_searches_the_tree_a_plain_ida_star_does(tables, stand_in, own_side_bound):
    """Handed to the search as a value, the plan's rounds (the flip-slice table alone, on the farthest axis
    first) explore bound by bound the tree of a plain IDA* whose heuristic is the stand-in's own-side bound
    computed from scratch; its start bound is that bound; the answer is optimal."""
    state = random_move_scramble(8, 3, random.Random(300)).state(3)
    with_stand_in = StandInTables(tables, stand_in)
    h_of = own_side_bound
    plan = _own_side_plan()
    assert heuristic_value(state, heuristic=plan, tables=with_stand_in) == h_of(state)
    events = list(optimal(state, heuristic=plan, tables=with_stand_in, with_inverse=False, probe_share=0.0))
    answer = assert_kernel_matches_plain_ida(state, events, h_of)
    assert answer.proven_optimal and answer.length == 8


def test_a_shipped_heuristic_remade_outside_the_engine_searches_as_the_shipped_one(tables, stand_in):
    """The split heuristic rebuilt from the public pieces (`residue_inputs`, `inner_inputs`) under another name
    gives the shipped plan's start bound, nodes at every bound and answer: the shipped heuristics take the same
    path as any other plan."""
    state = random_move_scramble(8, 3, random.Random(300)).state(3)  # its start bound is below its length
    with_stand_in = StandInTables(tables, stand_in)

    def split_inputs(tables):
        most, maps = len(tables.split_residues()["histogram"]) - 1, tables.corner_splits()["split_of"]
        return residue_inputs(tables, inner_inputs(tables, True), phase1=tables.phase1(Metric.HTM), most=most,
                              inverse_maps=inverse_view(cubie.move_cubes(), maps))  # fmt: skip

    remade = dataclasses.replace(SPLIT_PLAN, name="split-remade", residues=split_inputs)
    runs = []
    for heuristic in ("split", remade):
        bound = heuristic_value(state, heuristic=heuristic, tables=with_stand_in)
        events = list(optimal(state, heuristic=heuristic, tables=with_stand_in, with_inverse=False, probe_share=0.0))
        depths = [(e.depth, e.nodes_at_depth) for e in events if isinstance(e, DepthExhausted)]
        runs.append((bound, depths, events[-1].moves))
    assert runs[0] == runs[1] and len(runs[0][1]) > 1


@pytest.mark.slow  # (reads the corner-slice table: minutes to build)
def test_the_large_bound_is_admissible(tables, stand_in):
    """The start bound with the stand-in never exceeds the optimal length (the phase-1 heuristic's answer)."""
    with_large, plan = StandInTables(tables, stand_in), _comparison_heuristics().LARGE_ONE_SIDE
    rng = random.Random(8)
    for _ in range(2):
        state = random_move_scramble(9, 3, rng).state(3)
        bound = heuristic_value(state, heuristic=plan, tables=with_large)
        assert bound <= solve_optimal(state, heuristic=Heuristic.PHASE1_AND_CORNERS, tables=tables).length
    for _ in range(10):
        bound = heuristic_value(random_state(3, rng), heuristic=plan, tables=with_large)
        assert 0 < bound <= 20


# -- choosing a tier -------------------------------------------------------------------------------------------------
def test_a_machine_without_the_memory_is_refused_with_the_figures():
    need = TIER_COST[TableTier.LARGE].memory_bytes
    with pytest.raises(NotEnoughMemory, match=r"large tables need 5\.2 GB more memory.*2\.0 GB available"):
        check_memory(TableTier.LARGE, loaded_bytes=0, available=2_000_000_000)
    check_memory(TableTier.LARGE, loaded_bytes=0, available=need + 10**9)  # enough: no error
    check_memory(TableTier.LARGE, loaded_bytes=need, available=10**9)  # already loaded: nothing more needed
    with pytest.raises(NotEnoughMemory, match=r"GB more memory \(building and holding them\)"):
        check_memory(TableTier.LARGE, loaded_bytes=0, available=need + 10**9, building=True)


def test_tiers_mean_heuristics_only_where_the_metric_has_them():
    assert tier_heuristic("large", "htm") == Heuristic.LARGE_BOTH_SIDES.value
    assert tier_heuristic("large", Metric.QTM) is None and tier_heuristic("standard", "htm") is None
    with pytest.raises(ValueError, match="HTM only"):
        optimal(SOLVED, metric=Metric.QTM, heuristic=Heuristic.LARGE_BOTH_SIDES).__next__()


def _run(capsys, monkeypatch, argv, stdin):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_cli_refuses_the_large_tables_clearly(capsys, monkeypatch):
    line = to_kociemba(SOLVED) + "\n"
    code, lines, err = _run(capsys, monkeypatch, ["solve", "--solver", "optimal", "--tables", "large",
                                                  "--metric", "qtm"], line)  # fmt: skip
    assert code == 2 and lines == [] and "--tables large is for --metric htm" in err and "Traceback" not in err
    monkeypatch.setattr("solvers.rubik.table_tiers.available_memory", lambda: 1_000_000_000)
    fresh = OptimalTables()  # nothing loaded: the whole tier is needed
    monkeypatch.setattr("solvers.rubik.rubik_tables.default_tables", lambda: fresh)  # what the optimal engine reads
    code, lines, err = _run(capsys, monkeypatch, ["solve", "--solver", "optimal", "--tables", "large"], line)
    assert code == 2 and lines == [] and "Traceback" not in err
    assert "--tables large: the large tables need" in err and "1.0 GB available" in err
    assert not fresh.has_loaded("rubik-large-htm") and fresh.loaded_bytes() < 50_000_000  # refused before loading


def _flip_a_byte(path) -> None:
    """Damage a cached table file the way a bad disk would: one bit of its payload."""
    data = bytearray(path.read_bytes())
    data[-100] ^= 0x40
    path.write_bytes(bytes(data))


def test_a_damaged_large_table_is_detected_and_rebuilt(tmp_path, monkeypatch):
    """Through the real accessor (`OptimalTables.large_residues`), with the builder replaced by a small stand-in:
    a flipped byte in the cached file makes the next load build again, and the rebuilt file loads."""
    monkeypatch.setenv("CUBEVIZ_CACHE_DIR", str(tmp_path))
    calls: list[int] = []
    payload = {"residues": np.arange(4096, dtype=np.uint8), "histogram": np.array([1, 2], dtype=np.int64)}

    def fake_build(*args):
        calls.append(1)
        return payload

    monkeypatch.setattr("solvers.rubik.optimal.large_residues.build_large_table", fake_build)
    fresh = OptimalTables
    assert np.array_equal(fresh().large_residues()["residues"], payload["residues"]) and len(calls) == 1
    assert np.array_equal(fresh().large_residues()["residues"], payload["residues"]) and len(calls) == 1  # cached
    _flip_a_byte(next(tmp_path.glob("rubik-large-htm-v*.tbl")))
    assert np.array_equal(fresh().large_residues()["residues"], payload["residues"]) and len(calls) == 2
    assert np.array_equal(fresh().large_residues()["residues"], payload["residues"]) and len(calls) == 2


def test_a_damaged_bounds_table_is_detected_and_rebuilt(tmp_path, monkeypatch):
    """The same through `OptimalTables.large_bounds`, whose builder reads the large table (both builders stand-ins)."""
    monkeypatch.setenv("CUBEVIZ_CACHE_DIR", str(tmp_path))
    calls: list[np.ndarray] = []
    residues = {"residues": np.arange(4096, dtype=np.uint8), "histogram": np.array([1, 2], dtype=np.int64)}
    payload = {"bounds": np.arange(4096, dtype=np.uint8)[::-1].copy(), "lower": lb.lower_bounds()}

    def fake_bounds(built, *args):
        calls.append(built)
        return payload

    monkeypatch.setattr("solvers.rubik.optimal.large_residues.build_large_table", lambda *args: residues)
    monkeypatch.setattr("solvers.rubik.optimal.large_bounds.build_bounds_table", fake_bounds)
    fresh = OptimalTables
    assert np.array_equal(fresh().large_bounds()["bounds"], payload["bounds"]) and len(calls) == 1
    assert np.array_equal(calls[0], residues["residues"])  # built from the large table
    assert np.array_equal(fresh().large_bounds()["lower"], [0, 10, 11, 12]) and len(calls) == 1  # cached
    _flip_a_byte(next(tmp_path.glob("rubik-large-bounds-htm-v*.tbl")))
    assert np.array_equal(fresh().large_bounds()["bounds"], payload["bounds"]) and len(calls) == 2
    assert np.array_equal(fresh().large_bounds()["bounds"], payload["bounds"]) and len(calls) == 2
