"""Residue tables whose rows are twist x an inner coordinate, one row per symmetry class of a third coordinate.

Both the corner-slice table (class: corner permutation, inner: UD-slice) and the large tier's phase-1 x corner
comb table (class: flip x UD-slice, inner: corner comb) have this shape: entry
``class * row + twist * n_inner + inner``, with the state conjugated by the symmetry that takes the class
coordinate to its representative, so twist and inner are conjugated by that symmetry too. A row is padded to a
multiple of four entries so that rows start on a byte and the backward levels can write their own rows on every
core (see `edge_residues`, which also holds the packed 2-bit storage and the breadth-first driver).
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.optimal.edge_residues import UNREACHED, build_residue_table, claim, gather, residue, settle


def row_stride(n_inner: int) -> int:
    """Entries per class row: twist x inner, padded to a multiple of four."""
    return (cd.N_TWIST * n_inner + 3) // 4 * 4


class TwistRowLayout(NamedTuple):
    """How one table of this shape is indexed and moved: passed to the kernels as one value."""

    class_move: np.ndarray  # raw class coordinate x move
    class_sym: np.ndarray  # raw class coordinate -> 16 * class + symmetry (uint32)
    twist_move: np.ndarray
    inner_move: np.ndarray
    twist_conj: np.ndarray  # twist x symmetry
    inner_conj: np.ndarray  # inner x symmetry
    n_inner: int
    row: int  # row_stride(n_inner)


@nb.njit(cache=True, nogil=True, inline="always")
def entry(raw_class, twist, inner, layout) -> int:
    """The table index of one (class coordinate, twist, inner) state."""
    cs = layout.class_sym[raw_class]
    s = cs & 15
    return (cs >> 4) * layout.row + layout.twist_conj[twist, s] * layout.n_inner + layout.inner_conj[inner, s]


@nb.njit(cache=True, nogil=True)
def exact_distance(raw_class, twist, inner, table, layout) -> int:
    """The exact distance of one state, by walking down residues (as edge_residues.exact_distance); -1 if the
    table is damaged."""
    d = 0
    while raw_class != 0 or twist != 0 or inner != 0:
        down = (residue(table, entry(raw_class, twist, inner, layout)) + 2) % 3
        for m in range(18):
            c, t, i = layout.class_move[raw_class, m], layout.twist_move[twist, m], layout.inner_move[inner, m]
            if residue(table, entry(c, t, i, layout)) == down:
                raw_class, twist, inner = c, t, i
                break
        d += 1
        if d > 30:
            return -1
    return d


@nb.njit(cache=True, nogil=True, parallel=True)
def _forward(table, layout, reps, stabiliser, depth, lo, hi):
    """Entries at `depth` (mod 3) claim their unreached neighbours for depth + 1 (any row, on every core)."""
    r, r1 = depth % 3, (depth + 1) % 3
    n_inner = layout.n_inner
    row_len = cd.N_TWIST * n_inner
    counts = np.zeros(hi - lo, dtype=np.int64)
    for k in nb.prange(hi - lo):
        c = lo + k
        buf = np.empty(row_len, dtype=np.int32)
        n = gather(table, c * layout.row, row_len, r, buf)
        found = 0
        for m in range(18):
            if n == 0:
                break
            cs = layout.class_sym[layout.class_move[reps[c], m]]
            s = cs & 15
            base2 = (cs >> 4) * layout.row
            stab = stabiliser[cs >> 4]
            for i in range(n):
                t = buf[i] // n_inner
                x = buf[i] - t * n_inner
                t2 = layout.twist_conj[layout.twist_move[t, m], s]
                x2 = layout.inner_conj[layout.inner_move[x, m], s]
                if claim(table, base2 + t2 * n_inner + x2, r1):
                    found += 1
                    if stab != 1:  # a self-symmetric representative: equivalent entries are the same state
                        for s2 in range(1, 16):
                            if (stab >> s2) & 1:
                                idx = base2 + layout.twist_conj[t2, s2] * n_inner + layout.inner_conj[x2, s2]
                                found += claim(table, idx, r1)
        counts[k] = found
    return counts.sum()


@nb.njit(cache=True, nogil=True, parallel=True)
def _backward(table, layout, reps, depth, lo, hi):
    """Unreached entries with a neighbour at `depth` get depth + 1; each class writes only its own row."""
    r, r1 = depth % 3, (depth + 1) % 3
    n_inner = layout.n_inner
    row_len = cd.N_TWIST * n_inner
    counts = np.zeros(hi - lo, dtype=np.int64)
    for k in nb.prange(hi - lo):
        c = lo + k
        base = c * layout.row
        buf = np.empty(row_len, dtype=np.int32)
        unreached = n = gather(table, base, row_len, UNREACHED, buf)
        for m in range(18):
            if n == 0:
                break
            cs = layout.class_sym[layout.class_move[reps[c], m]]
            s = cs & 15
            base2 = (cs >> 4) * layout.row
            i = 0
            while i < n:
                t = buf[i] // n_inner
                x = buf[i] - t * n_inner
                idx = (
                    base2
                    + layout.twist_conj[layout.twist_move[t, m], s] * n_inner
                    + layout.inner_conj[layout.inner_move[x, m], s]
                )
                if residue(table, idx) == r:
                    n = settle(table, base, buf, i, n, r1)
                else:
                    i += 1
        counts[k] = unreached - n
    return counts.sum()


def build_twist_row_table(
    layout: TwistRowLayout, reps: np.ndarray, stabiliser: np.ndarray, progress: ProgressFn, label: str,
    last_depth: int | None = None,
) -> dict[str, np.ndarray]:  # fmt: skip
    """{"residues": uint8 packed table, "histogram": entries per exact distance} (HTM); with `last_depth`, only
    the entries that near are set (see `edge_residues.build_residue_table`)."""

    def forward(table, depth, lo, hi):
        return _forward(table, layout, reps, stabiliser, depth, lo, hi)

    def backward(table, depth, lo, hi):
        return _backward(table, layout, reps, depth, lo, hi)

    n_classes = reps.shape[0]
    size = n_classes * cd.N_TWIST * layout.n_inner
    table, histogram = build_residue_table(n_classes, layout.row, size, forward, backward, progress, label, last_depth)
    return {"residues": table, "histogram": histogram}
