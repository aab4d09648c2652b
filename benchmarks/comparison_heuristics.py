"""Two optimal-search heuristics kept only to compare against earlier designs, defined here as plans
(`solvers.rubik.optimal.plan`) with the two tables only they read; importing this module registers them by name.

- "edge-and-corner-slice" (the standard tier before the split table; "strong" in earlier releases): the edge
  table, flip x sorted UD-slice x twist (834 MB), and the corner-slice table, corners x twist x UD-slice
  (749 MB), both as residues mod 3 with their symmetry classes, read on each axis: about 1.7 GB, built once in
  several minutes.
- "large-one-side": the corner-slice table and the large table for the cube alone (3.4 GB).

The edge table is phase 1 with the order of the four slice edges kept (24 times phase 1), reduced by the 16 U-D
symmetries to 1,523,864 edge classes x 2187 twists = 3.3e9 entries, each class a byte-aligned row of `EDGE_ROW`
entries; to the interleaved kernel it is a flip-slice table by sorted slice with an inner coordinate of one value.
The corner-slice table knows the corner permutation, which the edge table ignores, and the slice: 2768 corner
classes x 2187 twists x 495 slice positions = 3.0e9 entries, each class row twist-major (twist * 495 + slice).
Both are built by the one fill of symmetry-class residue tables (`solvers.rubik.class_fill`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.engine import Metric, ProgressFn
from solvers.rubik import class_fill
from solvers.rubik import coords as cd
from solvers.rubik.class_fill import TwistRowLayout, build_twist_row_table, row_stride
from solvers.rubik.movetables import build_flipslice_classes
from solvers.rubik.optimal.heuristics import HTM_ONLY, check_large_memory, inner_inputs, inner_start_distances
from solvers.rubik.optimal.interleaved import ResidueTables
from solvers.rubik.optimal.optimal_tables import OptimalTables, inner_table
from solvers.rubik.optimal.plan import FlipSliceTable, ResiduePlan, StartDistances, register_heuristic, residue_inputs
from solvers.rubik.packed_residues import residue
from solvers.rubik.rubik_tables import rubik_table

SORTED_CLASSES = rubik_table("rubik-flipslice-sorted-classes", "sorted flip-slice classes", 124_000_000)
EDGE = rubik_table("rubik-edge-htm", "edge pruning table", 834_000_000, old_names=("rubik-strong-htm",))
CORNER_SLICE = rubik_table("rubik-cornerslice-htm", "corner-slice pruning table", 749_000_000)
EDGE_ROW = row_stride(1)  # 2188 entries = 547 bytes: rows start on a byte
CORNER_ROW = row_stride(cd.N_SLICE)  # 1,082,568: 2187 x 495 entries, padded to a multiple of 4
EDGE_TABLES = ("flipslice_sorted_classes", "edge_residues", "corner_classes", "corner_slice_residues")
"""What the edge-and-corner-slice heuristic loads besides the move tables (for memory reports)."""


# -- the sorted flip-slice classes ----------------------------------------------------------------------------------
def flipslice_sorted_classes(tables: OptimalTables) -> dict[str, np.ndarray]:
    """The 1,523,864 classes of flip x sorted UD-slice: class_sym = 16 * class + symmetry (uint32), so a search
    reads one entry, not two; reps; stabiliser."""

    def build(progress: ProgressFn) -> dict[str, np.ndarray]:
        classes = build_flipslice_classes(sorted_slice=True)
        class_sym = (classes.pop("class_of").astype(np.uint32) << 4) | classes.pop("sym_of").astype(np.uint32)
        return {"class_sym": class_sym, **classes}

    return tables.load(SORTED_CLASSES, build)


# -- the edge table --------------------------------------------------------------------------------------------------
@nb.njit(cache=True, nogil=True)
def edge_lookup(flip, slice_sorted, twist, table, class_sym, twist_conj) -> np.int64:
    """The residue of one (flip, slice_sorted, twist) state. class_sym = 16 * class + symmetry: one read."""
    cs = class_sym[slice_sorted * cd.N_FLIP + flip]
    return residue(table, (cs >> 4) * EDGE_ROW + twist_conj[twist, cs & 15])


@nb.njit(cache=True, nogil=True)
def edge_distance(flip, slice_sorted, twist, table, class_sym, twist_conj, flip_move, slice_move, twist_move):
    """The exact distance of one state, by walking down: some move always leads to residue - 1 (mod 3)."""
    d = 0
    while flip != 0 or slice_sorted != 0 or twist != 0:
        down = (edge_lookup(flip, slice_sorted, twist, table, class_sym, twist_conj) + 2) % 3
        for m in range(18):
            f, s, t = flip_move[flip, m], slice_move[slice_sorted, m], twist_move[twist, m]
            if edge_lookup(f, s, t, table, class_sym, twist_conj) == down:
                flip, slice_sorted, twist = f, s, t
                break
        d += 1
        if d > 30:
            return -1  # a damaged table; never for a correct one
    return d


def build_edge_table(
    flip_move, slice_sorted_move, twist_move, classes: dict[str, np.ndarray], twist_conj, progress: ProgressFn
) -> dict[str, np.ndarray]:
    """The edge table: {"residues": uint8 packed table, "histogram": int64 entries per exact distance} (HTM)."""
    reps = classes["reps"].astype(np.int64)
    # Why the representatives' moves rather than the raw coordinate's: the fill looks a row's neighbours up by
    # class_move[reps[c], m]; over every flip x sorted slice (24 million) that table would take 1.75 GB, over the
    # 1.5 million representatives (numbered 0, 1, ...) it takes 110 MB.
    rep_moves = np.empty((reps.shape[0], 18), dtype=np.int32)
    flip, slice_sorted = reps % cd.N_FLIP, reps // cd.N_FLIP
    for m in range(18):
        rep_moves[:, m] = slice_sorted_move[slice_sorted, m].astype(np.int64) * cd.N_FLIP + flip_move[flip, m]
    shape = TwistRowLayout(rep_moves, classes["class_sym"], twist_move, np.zeros((1, 18), np.int32), twist_conj,
                           np.zeros((1, 16), np.int16), 1, EDGE_ROW)  # fmt: skip
    ordinal = np.arange(reps.shape[0], dtype=classes["reps"].dtype)
    return build_twist_row_table(shape, ordinal, classes["stabiliser"], progress, "edge pruning table")


def edge_residues(tables: OptimalTables) -> dict[str, np.ndarray]:
    """The edge table (HTM), loaded or built through the 3x3 tables' registry: residues and histogram."""
    mv, classes = tables.moves(), flipslice_sorted_classes(tables)

    def build(progress: ProgressFn) -> dict[str, np.ndarray]:
        return build_edge_table(mv["flip"], mv["slice_sorted"], mv["twist"], classes, mv["twist_conj"], progress)

    return tables.load(EDGE, build)


# -- the corner-slice table ------------------------------------------------------------------------------------------
def corner_layout(corner_move, twist_move, slice_move, class_sym, twist_conj, slice_conj) -> TwistRowLayout:
    """The corner-slice table's indexing: classes of the corner permutation, inner coordinate the UD-slice."""
    return TwistRowLayout(corner_move, class_sym, twist_move, slice_move, twist_conj, slice_conj, cd.N_SLICE,
                          CORNER_ROW)  # fmt: skip


def build_corner_slice_table(
    corner_move, twist_move, slice_move, classes: dict[str, np.ndarray], twist_conj, slice_conj, progress: ProgressFn
) -> dict[str, np.ndarray]:
    """{"residues": uint8 packed table, "histogram": entries per exact distance} (HTM)."""
    shape = corner_layout(corner_move, twist_move, slice_move, classes["class_sym"], twist_conj, slice_conj)
    return build_twist_row_table(shape, classes["reps"], classes["stabiliser"], progress, "corner-slice pruning table")


def corner_slice_residues(tables: OptimalTables) -> dict[str, np.ndarray]:
    """The corner x twist x UD-slice table (HTM), loaded or built through the registry: residues and histogram."""
    mv, classes = tables.moves(), tables.corner_classes()

    def build(progress: ProgressFn) -> dict[str, np.ndarray]:
        return build_corner_slice_table(mv["corners"], mv["twist"], mv["slice"], classes, mv["twist_conj"],
                                        classes["slice_conj"], progress)  # fmt: skip

    return tables.load(CORNER_SLICE, build)


def _corner_distance(tables: OptimalTables, rt: ResidueTables):
    """The start's exact corner-slice distance, by descent."""
    mv = tables.moves()
    layout = corner_layout(mv["corners"], mv["twist"], mv["slice"], tables.corner_classes()["class_sym"],
                           rt.twist_conj, rt.slice_conj)  # fmt: skip

    def distance(slice_sorted: int, twist: int, corners: int) -> int:
        return class_fill.exact_distance(corners, twist, slice_sorted // cd.N_PERM4, rt.corner_slice, layout)

    return distance


# -- the two plans ---------------------------------------------------------------------------------------------------
def _prepare_edge_and_corner_slice(tables: OptimalTables, metric: Metric) -> None:
    tables.corner_classes()
    corner_slice_residues(tables)
    flipslice_sorted_classes(tables)
    edge_residues(tables)


def _edge_and_corner_slice_inputs(tables: OptimalTables) -> ResidueTables:
    """The edge table as the flip-slice table (by sorted slice, no inner coordinate), the corner-slice table first."""
    edge = FlipSliceTable(edge_residues(tables)["residues"], flipslice_sorted_classes(tables)["class_sym"], False,
                          EDGE_ROW)  # fmt: skip
    return residue_inputs(tables, edge, corner_slice=corner_slice_residues(tables)["residues"], corner_row=CORNER_ROW)


def _edge_and_corner_slice_start(tables: OptimalTables, rt: ResidueTables) -> StartDistances:
    mv, corner = tables.moves(), _corner_distance(tables, rt)
    moves = (mv["flip"], mv["slice_sorted"], mv["twist"])

    def distances(flip: int, slice_sorted: int, twist: int, corners: int) -> tuple[int, int]:
        edge = edge_distance(flip, slice_sorted, twist, rt.table, rt.class_sym, rt.twist_conj, *moves)
        return corner(slice_sorted, twist, corners), int(edge)

    return distances


def _prepare_large_one_side(tables: OptimalTables, metric: Metric) -> None:
    tables.corner_classes()
    corner_slice_residues(tables)
    tables.flipslice_classes()
    tables.flipslice_moves()
    inner_table(tables, False)


def _large_one_side_inputs(tables: OptimalTables) -> ResidueTables:
    large = inner_inputs(tables, False)
    return residue_inputs(tables, large, corner_slice=corner_slice_residues(tables)["residues"], corner_row=CORNER_ROW)


def _large_one_side_start(tables: OptimalTables, rt: ResidueTables) -> StartDistances:
    corner, large = _corner_distance(tables, rt), inner_start_distances(tables, False)

    def distances(flip: int, slice_sorted: int, twist: int, corners: int) -> tuple[int, int]:
        return corner(slice_sorted, twist, corners), large(flip, slice_sorted, twist, corners)[1]

    return distances


EDGE_AND_CORNER_SLICE = register_heuristic(ResiduePlan(
    name="edge-and-corner-slice", metrics=HTM_ONLY, prepare=_prepare_edge_and_corner_slice,
    residues=_edge_and_corner_slice_inputs, start_distances=_edge_and_corner_slice_start,
), "strong")  # fmt: skip
LARGE_ONE_SIDE = register_heuristic(ResiduePlan(
    name="large-one-side", metrics=HTM_ONLY, prepare=_prepare_large_one_side, before_loading=check_large_memory,
    residues=_large_one_side_inputs, start_distances=_large_one_side_start,
))  # fmt: skip
