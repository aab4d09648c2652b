"""The large tier's table: the exact HTM distance, mod 3, of flip x UD-slice x twist x corner comb.

Phase 1's coordinates (edge orientation, where the slice edges are, corner orientation) plus which four corner
slots hold the U-layer corners: reduced by the 16 U-D symmetries to 64,430 flip-slice classes x 2187 twists x 70
corner combs = 9.9e9 entries, 2.47 GB at two bits. Why this one beside the standard tier's two tables: the edge
table knows the order of the slice edges but nothing of the corner permutation, the corner-slice table knows the
corner permutation but no edge orientation; this one ties the orientations of both to where the U-layer corners
are, which neither sees, and it is three times the edge table's size, so it prunes most nodes before the other
two are read. Distances, layout and builder as in `twist_row_residues`.
"""

from __future__ import annotations

import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.movetables import N_CORNER_COMB
from solvers.rubik.optimal.twist_row_residues import TwistRowLayout, build_twist_row_table, row_stride

ROW = row_stride(N_CORNER_COMB)  # 153,092: 2187 x 70 entries, padded to a multiple of 4
N_CLASSES = 64_430
ENTRIES = N_CLASSES * cd.N_TWIST * N_CORNER_COMB
TABLE_BYTES = N_CLASSES * ROW // 4


def flipslice_moves(flip_move: np.ndarray, slice_move: np.ndarray) -> np.ndarray:
    """int32 (N_FLIPSLICE, 18): the raw phase-1 edge coordinate N_FLIP * slice + flip after each move."""
    raw = np.arange(cd.N_FLIPSLICE, dtype=np.int64)
    moved = slice_move[raw // cd.N_FLIP].astype(np.int64) * cd.N_FLIP + flip_move[raw % cd.N_FLIP]
    return moved.astype(np.int32)


def flipslice_class_sym(classes: dict[str, np.ndarray]) -> np.ndarray:
    """uint32: 16 * class + symmetry of each raw flip-slice coordinate (one read instead of two)."""
    return (classes["class_of"].astype(np.uint32) << 4) | classes["sym_of"].astype(np.uint32)


def layout(flipslice_move, class_sym, twist_move, comb_move, twist_conj, comb_conj) -> TwistRowLayout:
    """The table's indexing: flip-slice classes, inner coordinate the corner comb (its size read from comb_conj,
    so that a test can stand in a table of the same shape with a trivial inner coordinate)."""
    n_inner = comb_conj.shape[0]
    return TwistRowLayout(flipslice_move, class_sym, twist_move, comb_move, twist_conj, comb_conj, n_inner,
                          row_stride(n_inner))  # fmt: skip


def build_large_table(
    flip_move, slice_move, twist_move, classes: dict[str, np.ndarray], twist_conj, combs: dict[str, np.ndarray],
    progress: ProgressFn,
) -> dict[str, np.ndarray]:  # fmt: skip
    """{"residues": uint8 packed table (2.47 GB), "histogram": entries per exact distance} (HTM)."""
    shape = layout(flipslice_moves(flip_move, slice_move), flipslice_class_sym(classes), twist_move,
                   combs["comb_move"], twist_conj, combs["comb_conj"])  # fmt: skip
    return build_twist_row_table(shape, classes["reps"], classes["stabiliser"], progress, "large pruning table")
