"""The residue heuristic's corner table: the exact HTM distance, mod 3, of corners x twist x UD-slice.

Corners (permutation and twist) plus where the four UD-slice edges are: reduced by the 16 U-D symmetries to
2768 corner-permutation classes x 2187 twists x 495 slice positions = 3.0e9 entries in 749 MB. Why this one
beside the edge table (`edge_residues`): it knows the corner permutation, which the edge table ignores, and
the slice, which the corner table ignored, so the larger of the two prunes far more than either. It is read
three times (one per axis), like the edge table, and from residues in the same way.

A class's row is twist-major (twist * 495 + slice); the layout and the builder are `class_fill`'.
"""

from __future__ import annotations

import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.class_fill import TwistRowLayout, build_twist_row_table, row_stride

ROW = row_stride(cd.N_SLICE)  # 1,082,568: 2187 x 495 entries, padded to a multiple of 4


def layout(corner_move, twist_move, slice_move, class_sym, twist_conj, slice_conj) -> TwistRowLayout:
    """The table's indexing: classes of the corner permutation, inner coordinate the UD-slice."""
    return TwistRowLayout(corner_move, class_sym, twist_move, slice_move, twist_conj, slice_conj, cd.N_SLICE, ROW)


def build_corner_slice_table(
    corner_move, twist_move, slice_move, classes: dict[str, np.ndarray], twist_conj, slice_conj, progress: ProgressFn
) -> dict[str, np.ndarray]:
    """{"residues": uint8 packed table, "histogram": entries per exact distance} (HTM)."""
    shape = layout(corner_move, twist_move, slice_move, classes["class_sym"], twist_conj, slice_conj)
    return build_twist_row_table(shape, classes["reps"], classes["stabiliser"], progress, "corner-slice pruning table")
