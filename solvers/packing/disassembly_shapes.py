"""Pieces of the compiled separation search as shapes, and how far one shape can slide towards another.

Every piece of a batch becomes a *shape* (its cells moved to the origin; pieces with the same cells share one)
plus the corner it was moved from. Per shape and axis the cells are kept as lines (the cells with the same two
other coordinates, sorted), so how far piece ``a`` can slide towards piece ``b`` is a merge of the lines the two
have in common and depends only on the two shapes and their relative offset (``disassembly_kernel`` caches it
under that key). Apart from the search so that each module keeps one job.
"""

from __future__ import annotations

import numpy as np
from numba import njit

FREE = 1 << 40  # as in disassembly: "never collides"
_CODE = 1 << 20  # a normalised cell (x, y, z) as one integer ((x * _CODE) + y) * _CODE + z for sorting and comparing


@njit(cache=True, nogil=True)
def _hash(row: np.ndarray) -> np.uint64:
    h = np.uint64(1469598103934665603)
    for v in row:
        h = (h ^ np.uint64(v & 0xFFFFFFFF)) * np.uint64(1099511628211)
    return h ^ (h >> np.uint64(29))  # FNV's multiplications carry low bits up only: bring high ones down


@njit(cache=True, nogil=True)
def _slot(code, mask):
    """The first slot of ``code`` in a table of ``mask + 1`` slots: a multiplicative hash, its high half folded
    onto the low bits the mask keeps (the low bits of a product depend on the low bits of ``code`` alone)."""
    h = code * 0x9E3779B97F4A7C15
    return (h ^ (h >> 32)) & mask


@njit(cache=True, nogil=True)
def _shapes(cells, piece_starts):
    """Each piece as a shape and a corner: (shape of each piece, corner of each piece (P, 3), the shapes' sizes
    (S,), dimensions (S, 3), and per (shape, axis) the start of its lines in ``line_ptr``; ``line_ptr`` (line
    starts into ``line_pos``), ``line_pos`` (positions along the axis, sorted within each line))."""
    n_pieces = len(piece_starts) - 1
    corner = np.empty((n_pieces, 3), dtype=np.int64)
    codes = np.empty(len(cells), dtype=np.int64)
    hashes = np.empty(n_pieces, dtype=np.uint64)
    for p in range(n_pieces):
        lo, hi = piece_starts[p], piece_starts[p + 1]
        for ax in range(3):
            low = cells[lo, ax]
            for i in range(lo, hi):
                low = min(low, cells[i, ax])
            corner[p, ax] = low
        for i in range(lo, hi):
            codes[i] = (
                ((cells[i, 0] - corner[p, 0]) * _CODE + cells[i, 1] - corner[p, 1]) * _CODE + cells[i, 2] - corner[p, 2]
            )
        for i in range(lo + 1, hi):  # sorted in place: most pieces are small, and a new array per piece costs more
            code = codes[i]
            j = i - 1
            while j >= lo and codes[j] > code:
                codes[j + 1] = codes[j]
                j -= 1
            codes[j + 1] = code
        h = _hash(codes[lo:hi])
        hashes[p] = (h ^ np.uint64(hi - lo)) * np.uint64(1099511628211)
    order = np.argsort(hashes)
    shape_of = np.full(n_pieces, -1, dtype=np.int64)
    first_piece = np.empty(n_pieces, dtype=np.int64)
    n_shapes = 0
    i = 0
    while i < n_pieces:
        j = i
        while j < n_pieces and hashes[order[j]] == hashes[order[i]]:
            j += 1
        run_first = n_shapes
        for k in range(i, j):
            p = order[k]
            lo, hi = piece_starts[p], piece_starts[p + 1]
            for s in range(run_first, n_shapes):
                q = first_piece[s]
                qlo, qhi = piece_starts[q], piece_starts[q + 1]
                if qhi - qlo != hi - lo:
                    continue
                same = True
                for c in range(hi - lo):
                    if codes[lo + c] != codes[qlo + c]:
                        same = False
                        break
                if same:
                    shape_of[p] = s
                    break
            if shape_of[p] < 0:
                shape_of[p] = n_shapes
                first_piece[n_shapes] = p
                n_shapes += 1
        i = j
    sizes = np.empty(n_shapes, dtype=np.int64)
    dims = np.zeros((n_shapes, 3), dtype=np.int64)
    n_ptr = 0
    n_pos = 0
    for s in range(n_shapes):
        p = first_piece[s]
        sizes[s] = piece_starts[p + 1] - piece_starts[p]
        for i in range(piece_starts[p], piece_starts[p + 1]):
            for ax in range(3):
                dims[s, ax] = max(dims[s, ax], cells[i, ax] - corner[p, ax] + 1)
        for ax in range(3):
            n_ptr += dims[s, (ax + 1) % 3] * dims[s, (ax + 2) % 3] + 1
        n_pos += 3 * sizes[s]
    line_base = np.empty((n_shapes, 3), dtype=np.int64)
    line_ptr = np.zeros(n_ptr, dtype=np.int64)
    line_pos = np.empty(n_pos, dtype=np.int64)
    at_ptr = 0
    at_pos = 0
    for s in range(n_shapes):
        p = first_piece[s]
        lo, hi = piece_starts[p], piece_starts[p + 1]
        for ax in range(3):
            o1, o2 = (ax + 1) % 3, (ax + 2) % 3
            n_lines = dims[s, o1] * dims[s, o2]
            line_base[s, ax] = at_ptr
            for i in range(lo, hi):
                line = (cells[i, o1] - corner[p, o1]) * dims[s, o2] + cells[i, o2] - corner[p, o2]
                line_ptr[at_ptr + line + 1] += 1
            line_ptr[at_ptr] = at_pos
            for line in range(n_lines):
                line_ptr[at_ptr + line + 1] += line_ptr[at_ptr + line]
            fill = line_ptr[at_ptr : at_ptr + n_lines].copy()
            for i in range(lo, hi):
                line = (cells[i, o1] - corner[p, o1]) * dims[s, o2] + cells[i, o2] - corner[p, o2]
                v = cells[i, ax] - corner[p, ax]
                k = fill[line]
                while k > line_ptr[at_ptr + line] and line_pos[k - 1] > v:  # insertion keeps each line sorted
                    line_pos[k] = line_pos[k - 1]
                    k -= 1
                line_pos[k] = v
                fill[line] += 1
            at_ptr += n_lines + 1
            at_pos += hi - lo
    return shape_of, corner, sizes, dims, line_base, line_ptr, line_pos


@njit(cache=True, nogil=True)
def _far(sa, sb, rx, ry, rz, dims, line_base, line_ptr, line_pos, out) -> None:
    """out[d]: how many steps a piece of shape ``sa`` can slide along direction d (+x, -x, +y, -y, +z, -z) before
    meeting one of shape ``sb`` whose corner lies (rx, ry, rz) from its own; FREE when it never meets it. Along
    each axis only the lines both pieces have matter, and in a line only a cell of one followed by a cell of the
    other: the two lines are merged."""
    for d in range(6):
        out[d] = FREE
    for ax in range(3):
        o1, o2 = (ax + 1) % 3, (ax + 2) % 3
        r = rx if ax == 0 else ry if ax == 1 else rz
        r1 = rx if o1 == 0 else ry if o1 == 1 else rz
        r2 = rx if o2 == 0 else ry if o2 == 1 else rz
        u_lo, u_hi = max(0, r1), min(dims[sa, o1], r1 + dims[sb, o1])
        v_lo, v_hi = max(0, r2), min(dims[sa, o2], r2 + dims[sb, o2])
        for u in range(u_lo, u_hi):
            for v in range(v_lo, v_hi):
                la = line_base[sa, ax] + u * dims[sa, o2] + v
                ia, ea = line_ptr[la], line_ptr[la + 1]
                if ia == ea:
                    continue
                lb = line_base[sb, ax] + (u - r1) * dims[sb, o2] + v - r2
                ib, eb = line_ptr[lb], line_ptr[lb + 1]
                if ib == eb:
                    continue
                owner = -1
                prev = 0
                while ia < ea or ib < eb:
                    if ib >= eb or (ia < ea and line_pos[ia] < line_pos[ib] + r):
                        pos = line_pos[ia]
                        ia += 1
                        if owner == 1 and pos - prev - 1 < out[2 * ax + 1]:
                            out[2 * ax + 1] = pos - prev - 1
                        owner = 0
                    else:
                        pos = line_pos[ib] + r
                        ib += 1
                        if owner == 0 and pos - prev - 1 < out[2 * ax]:
                            out[2 * ax] = pos - prev - 1
                        owner = 1
                    prev = pos
