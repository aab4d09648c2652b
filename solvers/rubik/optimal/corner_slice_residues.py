"""The residue heuristic's corner table: the exact HTM distance, mod 3, of corners x twist x UD-slice.

Corners (permutation and twist) plus where the four UD-slice edges are: reduced by the 16 U-D symmetries to
2768 corner-permutation classes x 2187 twists x 495 slice positions = 3.0e9 entries in 749 MB. Why this one
beside the edge table (`edge_residues`): it knows the corner permutation, which the edge table ignores, and
the slice, which the corner table ignored, so the larger of the two prunes far more than either. It is read
three times (one per axis), like the edge table, and from residues in the same way.

A class's row is twist-major (twist * 495 + slice), padded to a multiple of four entries so rows start on a
byte and the backward levels can write their own rows on every core.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.optimal.edge_residues import UNREACHED, build_residue_table, claim, gather, residue, settle

ROW_LEN = cd.N_TWIST * cd.N_SLICE  # 1,082,565
ROW = ROW_LEN + 3  # 1,082,568: a multiple of 4


@nb.njit(cache=True, nogil=True, inline="always")
def lookup(corners, twist, slc, table, class_sym, twist_conj, slice_conj) -> int:
    """The residue of one (corner permutation, twist, UD-slice) state."""
    cs = class_sym[corners]
    s = cs & 15
    return residue(table, (cs >> 4) * ROW + twist_conj[twist, s] * cd.N_SLICE + slice_conj[slc, s])


@nb.njit(cache=True, nogil=True)
def exact_distance(corners, twist, slc, table, class_sym, twist_conj, slice_conj, corner_move, twist_move, slice_move):
    """The exact distance of one state, by walking down residues (as edge_residues.exact_distance)."""
    d = 0
    while corners != 0 or twist != 0 or slc != 0:
        down = (lookup(corners, twist, slc, table, class_sym, twist_conj, slice_conj) + 2) % 3
        for m in range(18):
            c, t, s = corner_move[corners, m], twist_move[twist, m], slice_move[slc, m]
            if lookup(c, t, s, table, class_sym, twist_conj, slice_conj) == down:
                corners, twist, slc = c, t, s
                break
        d += 1
        if d > 30:
            return -1
    return d


@nb.njit(cache=True, nogil=True, parallel=True)
def _forward(table, corner_move, twist_move, slice_move, class_sym, reps, stabiliser, twist_conj, slice_conj, depth, lo,
             hi):  # fmt: skip
    """Entries at `depth` (mod 3) claim their unreached neighbours for depth + 1 (any row, on every core)."""
    r, r1 = depth % 3, (depth + 1) % 3
    counts = np.zeros(hi - lo, dtype=np.int64)
    for k in nb.prange(hi - lo):
        c = lo + k
        buf = np.empty(ROW_LEN, dtype=np.int32)
        n = gather(table, c * ROW, ROW_LEN, r, buf)
        found = 0
        for m in range(18):
            if n == 0:
                break
            cs = class_sym[corner_move[reps[c], m]]
            s = cs & 15
            base2 = (cs >> 4) * ROW
            stab = stabiliser[cs >> 4]
            for i in range(n):
                t = buf[i] // cd.N_SLICE
                sl = buf[i] - t * cd.N_SLICE
                t2 = twist_conj[twist_move[t, m], s]
                sl2 = slice_conj[slice_move[sl, m], s]
                if claim(table, base2 + t2 * cd.N_SLICE + sl2, r1):
                    found += 1
                    if stab != 1:  # a self-symmetric representative: equivalent entries are the same state
                        for s2 in range(1, 16):
                            if (stab >> s2) & 1:
                                found += claim(table, base2 + twist_conj[t2, s2] * cd.N_SLICE + slice_conj[sl2, s2], r1)
        counts[k] = found
    return counts.sum()


@nb.njit(cache=True, nogil=True, parallel=True)
def _backward(table, corner_move, twist_move, slice_move, class_sym, reps, twist_conj, slice_conj, depth, lo, hi):
    r, r1 = depth % 3, (depth + 1) % 3
    counts = np.zeros(hi - lo, dtype=np.int64)
    for k in nb.prange(hi - lo):
        c = lo + k
        base = c * ROW
        buf = np.empty(ROW_LEN, dtype=np.int32)
        unreached = n = gather(table, base, ROW_LEN, UNREACHED, buf)
        for m in range(18):
            if n == 0:
                break
            cs = class_sym[corner_move[reps[c], m]]
            s = cs & 15
            base2 = (cs >> 4) * ROW
            i = 0
            while i < n:
                t = buf[i] // cd.N_SLICE
                sl = buf[i] - t * cd.N_SLICE
                idx = base2 + twist_conj[twist_move[t, m], s] * cd.N_SLICE + slice_conj[slice_move[sl, m], s]
                if residue(table, idx) == r:
                    n = settle(table, base, buf, i, n, r1)
                else:
                    i += 1
        counts[k] = unreached - n
    return counts.sum()


def build_corner_slice_table(
    corner_move, twist_move, slice_move, classes: dict[str, np.ndarray], twist_conj, slice_conj, progress: ProgressFn
) -> dict[str, np.ndarray]:
    """{"residues": uint8 packed table, "histogram": entries per exact distance} (HTM)."""
    class_sym, reps, stab = (classes[k] for k in ("class_sym", "reps", "stabiliser"))

    def forward(table, depth, lo, hi):
        return _forward(table, corner_move, twist_move, slice_move, class_sym, reps, stab, twist_conj, slice_conj,
                        depth, lo, hi)  # fmt: skip

    def backward(table, depth, lo, hi):
        return _backward(table, corner_move, twist_move, slice_move, class_sym, reps, twist_conj, slice_conj, depth, lo,
                         hi)  # fmt: skip

    n_classes = reps.shape[0]
    table, histogram = build_residue_table(
        n_classes, ROW, n_classes * ROW_LEN, forward, backward, progress, "corner-slice pruning table"
    )
    return {"residues": table, "histogram": histogram}
