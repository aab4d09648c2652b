"""The optimal search's shipped heuristics, named after the tables they read, each a plan (`plan`) registered here.

Each heuristic bounds a cube's distance from below by looking it up along the three axes (see `depth_first`):

- SPLIT_BOTH_SIDES (HTM only; the standard tier, the default): the split table, flip x UD-slice x twist x corner
  split (`large_residues`, 1.23 GB), read for the cube and for the cube's inverse (`inverse_view`), the inverse's
  residues decoded above its phase-1 distance (the two-phase probes' table, loaded anyway) as in the large tier
  below: 1.46 GB in all, built once in about four minutes on two cores. Searched by the `interleaved` kernel.
- LARGE_BOTH_SIDES (HTM only; the large tier): the large table, flip x UD-slice x twist x corner comb
  (`large_residues`, 2.47 GB), read for the cube, and the same distances as stand-alone bounds (`large_bounds`,
  2.47 GB) read for the cube's inverse (`inverse_view`): the inverse has no parent distance to decode a residue
  from, and the bounds table gives its distance in one read where decoding above a floor (the split table's way)
  takes two. 5.2 GB in all, built once in about twelve minutes on two cores; about 1.6x fewer nodes than the
  split table. Chosen by the user (`--tables large`, the GUI's table setting) when the machine has the memory.
  Same kernel.
- PHASE1_AND_CORNERS: the phase-1 symmetry table and the corner table (~230 MB, built once in seconds).
- SLICE_PAIRS: the twist x slice and flip x slice tables (2 MB, built in a second; fine to about 10 moves).

The string values ("split", "large", "full", "compact") are what callers pass. Heuristics kept only to compare
against earlier designs (the edge and corner-slice tables) are plans of the benchmarks (`benchmarks/
comparison_heuristics.py`), which reach the search through the same plan type.
"""

from __future__ import annotations

from enum import StrEnum

import numpy as np

from solvers.engine import Metric, search_metric
from solvers.rubik import class_fill, cubie
from solvers.rubik import coords as cd
from solvers.rubik.class_fill import TwistRowLayout, row_stride
from solvers.rubik.optimal import large_residues
from solvers.rubik.optimal.depth_first import MODE_PAIRS, MODE_PHASE1, AxisBounds
from solvers.rubik.optimal.interleaved import ResidueTables
from solvers.rubik.optimal.inverse_view import inverse_view
from solvers.rubik.optimal.optimal_tables import LARGE, InnerTable, OptimalTables, optimal_view
from solvers.rubik.optimal.optimal_tables import inner_table as inner_table_of
from solvers.rubik.optimal.optimal_tables import large_layout as layout_of
from solvers.rubik.optimal.plan import (
    DepthFirstPlan,
    FlipSliceTable,
    HeuristicPlan,
    ResiduePlan,
    StartDistances,
    register_heuristic,
    registered_plan,
    residue_inputs,
)
from solvers.rubik.rubik_tables import RubikTables
from solvers.rubik.table_tiers import TableTier, check_memory
from solvers.rubik.twophase import prepare_twophase_tables


class Heuristic(StrEnum):
    """The shipped heuristics' names (see the module docstring)."""

    SPLIT_BOTH_SIDES = "split"
    LARGE_BOTH_SIDES = "large"
    PHASE1_AND_CORNERS = "full"
    SLICE_PAIRS = "compact"


def default_heuristic(metric: Metric | str) -> Heuristic:
    """The standard tier's heuristic: SPLIT_BOTH_SIDES for HTM, PHASE1_AND_CORNERS for QTM."""
    return Heuristic.SPLIT_BOTH_SIDES if search_metric(metric) is Metric.HTM else Heuristic.PHASE1_AND_CORNERS


def plan_of(heuristic: HeuristicPlan | str | None, metric: Metric | str = Metric.HTM) -> HeuristicPlan:
    """The plan a search runs: `heuristic` itself if a plan, else the one registered under its name (the metric's
    default when None). UnknownHeuristic (a ValueError naming the heuristics there are) for any other name."""
    if isinstance(heuristic, HeuristicPlan):
        return heuristic
    return registered_plan(heuristic if heuristic is not None else default_heuristic(metric))


def prepare_tables(tables: RubikTables, metric: Metric | str, heuristic: HeuristicPlan | str | None = None) -> None:
    """Load (or build, with the tables' progress reports) everything a search with this heuristic reads, so
    that a caller can show that work, or keep it out of a time limit, before the search starts."""
    metric = search_metric(metric)
    plan = plan_of(heuristic, metric)
    plan.check(metric)
    tables = optimal_view(tables)
    if plan.before_loading is not None:
        plan.before_loading(tables)  # before anything loads: refused means untouched
    tables.moves()
    if metric is Metric.HTM:  # the two-phase probes' tables (see `probe`)
        prepare_twophase_tables(tables)
    plan.prepare(tables, metric)


def inner_table(tables: OptimalTables, heuristic: Heuristic | str) -> InnerTable:
    """The split table with the corner split (SPLIT_BOTH_SIDES), else the large table with the corner comb."""
    return inner_table_of(tables, heuristic == Heuristic.SPLIT_BOTH_SIDES)


def large_layout(tables: OptimalTables, heuristic: Heuristic | str = Heuristic.LARGE_BOTH_SIDES) -> TwistRowLayout:
    """How the heuristic's large or split table is indexed (for the start's exact distances; the kernel reads the
    same fields)."""
    return layout_of(tables, heuristic == Heuristic.SPLIT_BOTH_SIDES)


def inner_inputs(tables: OptimalTables, split: bool) -> FlipSliceTable:
    """The split table (`split`) or the large table as a residue plan's flip-slice table: by flip x UD-slice
    classes, the corner split or comb as the inner coordinate."""
    inner = inner_table_of(tables, split)
    class_sym = large_residues.flipslice_class_sym(tables.flipslice_classes())
    return FlipSliceTable(inner.built["residues"], class_sym, True, row_stride(inner.conj.shape[0]), inner.of,
                          inner.conj)  # fmt: skip


def inner_start_distances(tables: OptimalTables, split: bool) -> StartDistances:
    """The start's exact distance in the split (`split`) or the large table, by descent (no corner-slice table:
    its distance is 0)."""
    layout, inner = layout_of(tables, split), inner_table_of(tables, split)
    residues, inner_of = inner.built["residues"], inner.of

    def distances(flip: int, slice_sorted: int, twist: int, corners: int) -> tuple[int, int]:
        flipslice = slice_sorted // cd.N_PERM4 * cd.N_FLIP + flip
        return 0, class_fill.exact_distance(flipslice, twist, int(inner_of[corners]), residues, layout)

    return distances


def _both_sides_inputs(split: bool):
    """The kernel inputs of SPLIT_BOTH_SIDES (`split`: the inverse decoded above its phase-1 distance) or
    LARGE_BOTH_SIDES (the inverse's bounds table)."""

    def residues(tables: OptimalTables) -> ResidueTables:
        inner = inner_table_of(tables, split)
        maps = inverse_view(cubie.move_cubes(), inner.of)
        if split:
            most = len(inner.built["histogram"]) - 1
            return residue_inputs(tables, inner_inputs(tables, split), phase1=tables.phase1(Metric.HTM), most=most,
                                  inverse_maps=maps)  # fmt: skip
        held = tables.large_bounds()
        return residue_inputs(tables, inner_inputs(tables, split), phase1=tables.phase1(Metric.HTM),
                              bounds=held["bounds"], lower=held["lower"], most=int(held["lower"][-1]),
                              inverse_maps=maps)  # fmt: skip

    return residues


def _prepare_both_sides(split: bool):
    """The loads of SPLIT_BOTH_SIDES or LARGE_BOTH_SIDES (the two-phase probes' tables are the search's own)."""

    def prepare(tables: OptimalTables, metric: Metric) -> None:
        tables.corner_classes()
        tables.flipslice_classes()
        tables.flipslice_moves()
        inner_table_of(tables, split)
        tables.phase1(Metric.HTM)  # (the probes' table too)
        if not split:
            tables.large_bounds()

    return prepare


def check_large_memory(tables: OptimalTables) -> None:
    """The large tier is refused before anything loads when the machine cannot hold it."""
    if not tables.has_loaded(LARGE):
        check_memory(TableTier.LARGE, tables.loaded_bytes(), building=not tables.is_cached(LARGE))


def _prepare_depth_first(pairs: bool):
    def prepare(tables: OptimalTables, metric: Metric) -> None:
        tables.flipslice_classes()
        if pairs:
            tables.compact(metric)
        else:
            tables.phase1(metric)
            tables.corners(metric)

    return prepare


def _phase1_bounds(tables: OptimalTables, metric: Metric) -> AxisBounds:
    none, classes = np.zeros(1, dtype=np.uint8), tables.flipslice_classes()
    return AxisBounds(MODE_PHASE1, tables.phase1(metric), classes["class_of"], classes["sym_of"],
                      tables.moves()["twist_conj"], tables.corners(metric), none, none)  # fmt: skip


def _pair_bounds(tables: OptimalTables, metric: Metric) -> AxisBounds:
    none, classes, pairs = np.zeros(1, dtype=np.uint8), tables.flipslice_classes(), tables.compact(metric)
    return AxisBounds(MODE_PAIRS, none, classes["class_of"], classes["sym_of"], tables.moves()["twist_conj"], none,
                      pairs["twist_slice"], pairs["flip_slice"])  # fmt: skip


HTM_ONLY, BOTH_METRICS = (Metric.HTM,), (Metric.HTM, Metric.QTM)
SPLIT_PLAN = register_heuristic(ResiduePlan(
    name=Heuristic.SPLIT_BOTH_SIDES.value, metrics=HTM_ONLY, prepare=_prepare_both_sides(True),
    residues=_both_sides_inputs(True), start_distances=lambda tables, rt: inner_start_distances(tables, True),
))  # fmt: skip
LARGE_PLAN = register_heuristic(ResiduePlan(
    name=Heuristic.LARGE_BOTH_SIDES.value, metrics=HTM_ONLY, prepare=_prepare_both_sides(False),
    before_loading=check_large_memory, residues=_both_sides_inputs(False),
    start_distances=lambda tables, rt: inner_start_distances(tables, False),
))  # fmt: skip
FULL_PLAN = register_heuristic(DepthFirstPlan(
    name=Heuristic.PHASE1_AND_CORNERS.value, metrics=BOTH_METRICS, prepare=_prepare_depth_first(False),
    axis_bounds=_phase1_bounds,
))  # fmt: skip
COMPACT_PLAN = register_heuristic(DepthFirstPlan(
    name=Heuristic.SLICE_PAIRS.value, metrics=BOTH_METRICS, prepare=_prepare_depth_first(True),
    axis_bounds=_pair_bounds,
))  # fmt: skip
