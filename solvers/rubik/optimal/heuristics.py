"""The optimal search's four heuristics, named after the tables they read, and those tables as kernel inputs.

Each heuristic bounds a cube's distance from below by looking it up along the three axes (see `depth_first`):

- SPLIT_BOTH_SIDES (HTM only; the standard tier, the default): the split table, flip x UD-slice x twist x corner
  split (`large_residues`, 1.23 GB), read for the cube and for the cube's inverse (`inverse_view`), the inverse's
  residues decoded above its phase-1 distance (the two-phase probes' table, loaded anyway) as in the large tier
  below: 1.46 GB in all, built once in about four minutes on two cores; about 2.1x fewer nodes than
  EDGE_AND_CORNER_SLICE and 1.8x faster. Searched by the `interleaved` kernel.
- EDGE_AND_CORNER_SLICE (HTM only; the standard tier before the split table, kept for comparisons): the edge
  table, flip x sorted slice x twist (`edge_residues`, cached as rubik-edge-htm, 834 MB), and the corner-slice
  table, corners x twist x UD-slice (`corner_slice_residues`, 749 MB), both as residues mod 3, with their symmetry
  classes (about 1.7 GB in all, built once in several minutes): about 7x fewer nodes than PHASE1_AND_CORNERS. Same
  kernel.
- LARGE_BOTH_SIDES (HTM only; the large tier): the large table, flip x UD-slice x twist x corner comb
  (`large_residues`, 2.47 GB), read for the cube, and the same distances as stand-alone bounds (`large_bounds`,
  2.47 GB) read for the cube's inverse (`inverse_view`): the inverse has no parent distance to decode a residue
  from, and the bounds table gives its distance in one read where decoding above a floor (the split table's way)
  takes two. 5.2 GB in all, built once in about twelve minutes on two cores; about 3.4x fewer nodes than
  EDGE_AND_CORNER_SLICE. With the inverse's look-ups the corner-slice table prunes almost nothing more (3% of the
  nodes), so it is not read. Chosen by the user (`--tables large`, the GUI's table setting) when the machine has
  the memory. Same kernel.
- CORNER_SLICE_AND_LARGE: the corner-slice and large tables for the cube alone (3.4 GB), for comparisons.
- PHASE1_AND_CORNERS: the phase-1 symmetry table and the corner table (~230 MB, built once in seconds).
- SLICE_PAIRS: the twist x slice and flip x slice tables (2 MB, built in a second; fine to about 10 moves).

The string values ("split", "edge-and-corner-slice", "large", "large-one-side", "full", "compact") are what callers
pass; "strong", the edge-and-corner-slice heuristic's name in earlier releases, is still accepted.
"""

from __future__ import annotations

from enum import StrEnum

import numpy as np

from solvers.engine import Metric, search_metric
from solvers.rubik import coords as cd
from solvers.rubik import cubie
from solvers.rubik.class_fill import TwistRowLayout, row_stride
from solvers.rubik.optimal import large_residues
from solvers.rubik.optimal.depth_first import MODE_PAIRS, MODE_PHASE1, MODE_RESIDUES, AxisBounds
from solvers.rubik.optimal.interleaved import ResidueTables, packed_corner_moves
from solvers.rubik.optimal.inverse_view import inverse_view
from solvers.rubik.optimal.large_bounds import lower_bounds
from solvers.rubik.optimal.optimal_tables import LARGE, InnerTable, OptimalTables, optimal_view
from solvers.rubik.optimal.optimal_tables import inner_table as inner_table_of
from solvers.rubik.optimal.optimal_tables import large_layout as layout_of
from solvers.rubik.optimal.rows import KernelMoves
from solvers.rubik.rubik_tables import RubikTables, move_costs
from solvers.rubik.table_tiers import TableTier, check_memory
from solvers.rubik.twophase import prepare_twophase_tables


class Heuristic(StrEnum):
    """Which tables bound the search (see the module docstring)."""

    SPLIT_BOTH_SIDES = "split"
    EDGE_AND_CORNER_SLICE = "edge-and-corner-slice"
    CORNER_SLICE_AND_LARGE = "large-one-side"
    LARGE_BOTH_SIDES = "large"
    PHASE1_AND_CORNERS = "full"
    SLICE_PAIRS = "compact"

    @classmethod
    def _missing_(cls, value: object) -> Heuristic | None:
        """Earlier releases' spellings, still accepted (a benchmark's command line, a script)."""
        return cls.EDGE_AND_CORNER_SLICE if value == "strong" else None


def default_heuristic(metric: Metric | str) -> Heuristic:
    """The standard tier's heuristic: SPLIT_BOTH_SIDES for HTM, PHASE1_AND_CORNERS for QTM."""
    return Heuristic.SPLIT_BOTH_SIDES if search_metric(metric) is Metric.HTM else Heuristic.PHASE1_AND_CORNERS


LARGE_HEURISTICS = (Heuristic.CORNER_SLICE_AND_LARGE, Heuristic.LARGE_BOTH_SIDES)
"""The heuristics that read the large table (the large tier's memory)."""
INNER_HEURISTICS = (*LARGE_HEURISTICS, Heuristic.SPLIT_BOTH_SIDES)
"""The heuristics that read a phase-1-plus-corners table (`large_residues`): the large or the split table."""
BOTH_SIDES = (Heuristic.LARGE_BOTH_SIDES, Heuristic.SPLIT_BOTH_SIDES)
"""The heuristics that look up each node's inverse too (and read no corner-slice table)."""
RESIDUE_HEURISTICS = (Heuristic.EDGE_AND_CORNER_SLICE, *INNER_HEURISTICS)
"""The heuristics that read residue tables, searched by the `interleaved` kernel."""


def inner_table(tables: OptimalTables, heuristic: Heuristic) -> InnerTable:
    """The split table with the corner split (SPLIT_BOTH_SIDES), else the large table with the corner comb."""
    return inner_table_of(tables, heuristic is Heuristic.SPLIT_BOTH_SIDES)


def check_heuristic(metric: Metric, heuristic: Heuristic) -> None:
    """The residue tables hold HTM distances: a half turn in QTM moves a distance by 2, which mod 3 cannot tell."""
    if heuristic in RESIDUE_HEURISTICS and metric is not Metric.HTM:
        raise ValueError(f"the {heuristic.value} tables are for HTM only; use 'full' for QTM")


def prepare_tables(tables: RubikTables, metric: Metric | str, heuristic: Heuristic | str | None = None) -> None:
    """Load (or build, with the tables' progress reports) everything a search with this heuristic reads, so
    that a caller can show that work, or keep it out of a time limit, before the search starts."""
    metric = search_metric(metric)
    heuristic = Heuristic(heuristic) if heuristic is not None else default_heuristic(metric)
    check_heuristic(metric, heuristic)
    tables = optimal_view(tables)
    if heuristic in LARGE_HEURISTICS and not tables.has_loaded(LARGE):
        # before anything loads: refused means untouched
        check_memory(TableTier.LARGE, tables.loaded_bytes(), building=not tables.is_cached(LARGE))
    tables.moves()
    if metric is Metric.HTM:  # the two-phase probes' tables (see `probe`)
        prepare_twophase_tables(tables)
    if heuristic in RESIDUE_HEURISTICS:
        tables.corner_classes()
        if heuristic not in BOTH_SIDES:
            tables.corner_slice_residues()
        if heuristic in INNER_HEURISTICS:
            tables.flipslice_classes()
            tables.flipslice_moves()
            inner_table(tables, heuristic)
            if heuristic in BOTH_SIDES:
                tables.phase1(Metric.HTM)  # (the probes' table too)
            if heuristic is Heuristic.LARGE_BOTH_SIDES:
                tables.large_bounds()
        else:
            tables.flipslice_sorted_classes()
            tables.edge_residues()
        return
    tables.flipslice_classes()
    if heuristic is Heuristic.PHASE1_AND_CORNERS:
        tables.phase1(metric)
        tables.corners(metric)
    else:
        tables.compact(metric)


def kernel_moves(tables: OptimalTables, metric: Metric, heuristic: Heuristic, axis_moves: np.ndarray) -> KernelMoves:
    """The move tables the heuristic's kernel steps rows with (sorted slice and packed corners for the residues)."""
    mv = tables.moves()
    if heuristic in RESIDUE_HEURISTICS:
        # 16-bit copies of the small move tables: half the cache they take (1.1 MB as 32 bits)
        flip, slice_sorted, twist = (mv[name].astype(np.int16) for name in ("flip", "slice_sorted", "twist"))
        corners = packed_corner_moves(mv["corners"], tables.corner_classes()["class_sym"])
        return KernelMoves(move_costs(metric), axis_moves, flip, slice_sorted, twist, corners, cubie.move_cubes())
    return KernelMoves(move_costs(metric), axis_moves, mv["flip"], mv["slice"], mv["twist"], mv["corners"],
                       cubie.move_cubes())  # fmt: skip


def large_layout(tables: OptimalTables, heuristic: Heuristic = Heuristic.LARGE_BOTH_SIDES) -> TwistRowLayout:
    """How the heuristic's large or split table is indexed (for the start's exact distances; the kernel reads the
    same fields)."""
    return layout_of(tables, heuristic is Heuristic.SPLIT_BOTH_SIDES)


def residue_tables(tables: OptimalTables, heuristic: Heuristic) -> ResidueTables:
    """The corner-slice table, and the edge table (standard tier) or the large table (large tier), with what
    indexes them; the table a tier does not read is a one-entry placeholder (the kernel tells the tiers apart by
    the large table's size)."""
    mv = tables.moves()
    byte, word = np.zeros(1, np.uint8), np.zeros(1, np.uint32)
    edge, edge_class_sym = byte, word
    large, large_class_sym, comb_of, comb_conj = byte, word, byte, np.zeros((1, 16), np.int16)
    large_row = large_inner = 1
    if heuristic in INNER_HEURISTICS:
        inner = inner_table(tables, heuristic)
        large, comb_of, comb_conj, large_inner = inner.built["residues"], inner.of, inner.conj, inner.conj.shape[0]
        large_class_sym = large_residues.flipslice_class_sym(tables.flipslice_classes())
        large_row = row_stride(large_inner)
    else:
        edge, edge_class_sym = tables.edge_residues()["residues"], tables.flipslice_sorted_classes()["class_sym"]
    corner_residues = byte if heuristic in BOTH_SIDES else tables.corner_slice_residues()["residues"]
    phase1, bounds, lower, most = byte, byte, lower_bounds(), 0
    inverse_of = np.zeros(cd.N_CORNERS, np.uint8)
    if heuristic is Heuristic.LARGE_BOTH_SIDES:
        held = tables.large_bounds()
        phase1, bounds, lower, most = tables.phase1(Metric.HTM), held["bounds"], held["lower"], int(held["lower"][-1])
        inverse_of = inner_table(tables, heuristic).of
    elif heuristic in BOTH_SIDES:
        inner = inner_table(tables, heuristic)
        phase1, most, inverse_of = tables.phase1(Metric.HTM), len(inner.built["histogram"]) - 1, inner.of
    return ResidueTables(
        edge, edge_class_sym, corner_residues, tables.corner_classes()["slice_conj"], mv["twist_conj"], large,
        large_class_sym, comb_of, comb_conj, large_row, large_inner, phase1, bounds, lower, most,
        inverse_view(cubie.move_cubes(), inverse_of),
    )  # fmt: skip


def axis_bounds(tables: OptimalTables, metric: Metric, heuristic: Heuristic) -> AxisBounds:
    """The tables `depth_first.heuristic` reads for this heuristic (one-byte placeholders for the others)."""
    none = np.zeros(1, dtype=np.uint8)
    twist_conj = tables.moves()["twist_conj"]
    if heuristic in RESIDUE_HEURISTICS:
        return AxisBounds(MODE_RESIDUES, none, none, none, twist_conj, none, none, none)
    classes = tables.flipslice_classes()
    if heuristic is Heuristic.PHASE1_AND_CORNERS:
        return AxisBounds(MODE_PHASE1, tables.phase1(metric), classes["class_of"], classes["sym_of"], twist_conj,
                          tables.corners(metric), none, none)  # fmt: skip
    pairs = tables.compact(metric)
    return AxisBounds(MODE_PAIRS, none, classes["class_of"], classes["sym_of"], twist_conj, none,
                      pairs["twist_slice"], pairs["flip_slice"])  # fmt: skip
