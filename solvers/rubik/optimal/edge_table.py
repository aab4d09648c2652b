"""The edge table's build: flip x sorted UD-slice x twist residues (`edge_residues`) by the one fill of
symmetry-class residue tables (`class_fill`), as a twist-row table whose inner coordinate has one value."""

from __future__ import annotations

import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.class_fill import TwistRowLayout, build_twist_row_table, row_stride
from solvers.rubik.optimal.edge_residues import ROW


def build_edge_table(
    flip_move, slice_sorted_move, twist_move, classes: dict[str, np.ndarray], twist_conj, progress: ProgressFn
) -> dict[str, np.ndarray]:
    """The edge table (cached as rubik-edge-htm): {"residues": uint8 packed table, "histogram": int64 entries per
    exact distance}. HTM only: a half turn in QTM moves the distance by 2, which a residue mod 3 cannot tell from
    -1."""
    assert row_stride(1) == ROW
    reps = classes["reps"].astype(np.int64)
    # Why the representatives' moves rather than the raw coordinate's: the fill looks a row's neighbours up by
    # class_move[reps[c], m]; over every flip x sorted slice (24 million) that table would take 1.75 GB, over the
    # 1.5 million representatives (numbered 0, 1, ...) it takes 110 MB.
    rep_moves = np.empty((reps.shape[0], 18), dtype=np.int32)
    flip, slice_sorted = reps % cd.N_FLIP, reps // cd.N_FLIP
    for m in range(18):
        rep_moves[:, m] = slice_sorted_move[slice_sorted, m].astype(np.int64) * cd.N_FLIP + flip_move[flip, m]
    shape = TwistRowLayout(rep_moves, classes["class_sym"], twist_move, np.zeros((1, 18), np.int32), twist_conj,
                           np.zeros((1, 16), np.int16), 1, ROW)  # fmt: skip
    ordinal = np.arange(reps.shape[0], dtype=classes["reps"].dtype)
    return build_twist_row_table(shape, ordinal, classes["stabiliser"], progress, "edge pruning table")
