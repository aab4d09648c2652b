"""The optimal search's phase-1-plus-corners tables: the exact HTM distance, mod 3, of flip x UD-slice x twist x an
inner corner coordinate.

Phase 1's coordinates (edge orientation, where the slice edges are, corner orientation) plus where one layer's
corners are, reduced by the 16 U-D symmetries: with the corner comb (which four slots hold the U-layer corners,
70 values) the large tier's table, 64,430 flip-slice classes x 2187 twists x 70 = 9.9e9 entries, 2.47 GB at two
bits; with the corner split (the comb up to swapping the layers, 35 values) the standard tier's split table, half
that, 1.23 GB. Why these rather than the edge table (which knows the order of the slice edges but nothing of the
corners) and the corner-slice table (which knows the corner permutation but no edge orientation): they tie the
orientations of both to where a layer's corners are, which neither sees. Distances, layout and builder as in
`class_fill`.
"""

from __future__ import annotations

import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.class_fill import TwistRowLayout, build_twist_row_table, row_stride
from solvers.rubik.movetables import N_CORNER_COMB, N_CORNER_SPLIT

ROW = row_stride(N_CORNER_COMB)  # 153,092: 2187 x 70 entries, padded to a multiple of 4
N_CLASSES = 64_430
ENTRIES = N_CLASSES * cd.N_TWIST * N_CORNER_COMB
TABLE_BYTES = N_CLASSES * ROW // 4
SPLIT_ENTRIES = N_CLASSES * cd.N_TWIST * N_CORNER_SPLIT
# Entries per exact distance (0, 1, 2, ...) of the two tables: what their builds reach (the tests check it), known
# in advance so that a build reports its progress by the work of every level to come (`build_levels`).
SPLIT_HISTOGRAM = (1, 4, 17, 116, 1_123, 13_412, 163_779, 1_996_487, 23_865_171, 261_452_344, 1_873_462_322,
                   2_684_544_365, 86_294_837, 372)  # fmt: skip
LARGE_HISTOGRAM = (1, 6, 29, 164, 1_433, 16_772, 205_033, 2_513_871, 30_329_976, 342_440_769, 2_815_191_126,
                   6_147_967_200, 524_918_774, 3_546)  # fmt: skip
EXPECTED_HISTOGRAM = {N_CORNER_SPLIT: SPLIT_HISTOGRAM, N_CORNER_COMB: LARGE_HISTOGRAM}  # by inner coordinate size


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
    flip_move, slice_move, twist_move, classes: dict[str, np.ndarray], twist_conj, inner_move, inner_conj,
    progress: ProgressFn, label: str = "large pruning table",
) -> dict[str, np.ndarray]:  # fmt: skip
    """{"residues": uint8 packed table, "histogram": entries per exact distance} (HTM), with the inner corner
    coordinate whose move and conjugation tables are given: the corner comb (the large table, 2.47 GB) or the
    corner split (the split table, 1.23 GB)."""
    shape = layout(flipslice_moves(flip_move, slice_move), flipslice_class_sym(classes), twist_move, inner_move,
                   twist_conj, inner_conj)  # fmt: skip
    expected = EXPECTED_HISTOGRAM.get(shape.n_inner)
    return build_twist_row_table(shape, classes["reps"], classes["stabiliser"], progress, label, expected=expected)
