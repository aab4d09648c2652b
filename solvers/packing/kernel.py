"""Exact-cover backend: a resumable bitset backtracker compiled with numba (lowest empty cell first).

The search is an explicit-stack depth-first walk, so a call can stop after ``max_nodes`` placements or when its
output buffer is full and be resumed later from the same arrays. That is what lets the Python generator above it
report progress and honour a stop flag between calls without threads inside numba.

At a node with occupancy ``occ`` the kernel takes the lowest empty search cell ``c`` and tries exactly the rows
whose lowest cell is ``c`` (contiguous, grouped by kind; kinds with no copies left are skipped as a block). Every
row that covers ``c`` has its lowest cell <= c, and all cells below ``c`` are full, so nothing is missed and no
solution is produced twice (up to the order of identical copies, which this scheme also never permutes).

Symmetry filter: ``stab`` lists row permutations (group elements fixing the pre-placed prefix); a solution is kept
only if its sorted row list is lexicographically <= every image, i.e. one representative per orbit.

State layout (int64 unless noted), shared by both kernels:
``st_occ`` (depth+1[, words]) uint64 occupancy per level; ``st_cell`` (depth+1) lowest empty cell;
``st_ptr``/``st_hi`` (depth+1) next and end candidate row; ``chosen`` (depth) row per level;
``remaining`` (kinds) copies left; ``ctl`` = [depth, fresh] where fresh=1 means the node at ``depth`` has not been
expanded yet.
"""

from __future__ import annotations

import enum

import numpy as np
from numba import njit


class KernelStatus(enum.IntEnum):
    """Why a kernel call returned."""

    FINISHED = 0  # subtree exhausted
    PAUSED = 1  # node budget spent or output buffer full; call again with the same state


@njit(cache=True, nogil=True)
def _keep(chosen, depth, stab, tmp_a, tmp_b):
    """True when the solution is the lexicographically smallest of its images under ``stab`` (a group part)."""
    n_stab = stab.shape[0]
    if n_stab == 0:
        return True
    for i in range(depth):
        tmp_a[i] = chosen[i]
    tmp_a[:depth].sort()
    for s in range(n_stab):
        for i in range(depth):
            tmp_b[i] = stab[s, chosen[i]]
        tmp_b[:depth].sort()
        for i in range(depth):
            if tmp_b[i] != tmp_a[i]:
                if tmp_b[i] < tmp_a[i]:
                    return False
                break
    return True


@njit(cache=True, nogil=True)
def search_1word(masks, row_kind, row_enabled, start, n_kinds, n_cells, remaining,
                 st_occ, st_cell, st_ptr, st_hi, chosen, ctl, min_depth,
                 max_nodes, out, count_only, stab):  # fmt: skip
    """Search boxes of at most 64 cells (one uint64 word). Returns (status, n_written, n_found, nodes)."""
    full = np.uint64(0xFFFFFFFFFFFFFFFF) >> np.uint64(64 - n_cells)
    one = np.uint64(1)
    zero = np.uint64(0)
    depth = ctl[0]
    fresh = ctl[1]
    out_cap = out.shape[0]
    n_out = 0
    n_found = 0
    nodes = 0
    tmp_a = np.empty(chosen.shape[0], dtype=np.int64)
    tmp_b = np.empty(chosen.shape[0], dtype=np.int64)
    while True:
        if nodes >= max_nodes or n_out >= out_cap:
            ctl[0] = depth
            ctl[1] = fresh
            return 1, n_out, n_found, nodes
        occ = st_occ[depth]
        if fresh == 1:
            fresh = 0
            if occ == full:
                if _keep(chosen, depth, stab, tmp_a, tmp_b):
                    n_found += 1
                    if not count_only:
                        for i in range(depth):
                            out[n_out, i] = chosen[i]
                        n_out += 1
                st_ptr[depth] = 0
                st_hi[depth] = 0
            else:
                c = st_cell[depth - 1] if depth > min_depth else 0
                while (occ >> np.uint64(c)) & one:
                    c += 1
                st_cell[depth] = c
                st_ptr[depth] = start[c * n_kinds]
                st_hi[depth] = start[c * n_kinds + n_kinds]
        p = st_ptr[depth]
        hi = st_hi[depth]
        c = st_cell[depth]
        advanced = False
        while p < hi:
            k = row_kind[p]
            if remaining[k] == 0:
                p = start[c * n_kinds + k + 1]
                continue
            if row_enabled[p] and (masks[p] & occ) == zero:
                st_ptr[depth] = p + 1
                chosen[depth] = p
                remaining[k] -= 1
                st_occ[depth + 1] = occ | masks[p]
                depth += 1
                fresh = 1
                nodes += 1
                advanced = True
                break
            p += 1
        if not advanced:
            if depth == min_depth:
                ctl[0] = depth
                ctl[1] = 0
                return 0, n_out, n_found, nodes
            depth -= 1
            remaining[row_kind[chosen[depth]]] += 1


@njit(cache=True, nogil=True)
def search_nword(masks, row_kind, row_enabled, start, n_kinds, n_cells, remaining,
                 st_occ, st_cell, st_ptr, st_hi, chosen, ctl, min_depth,
                 max_nodes, out, count_only, stab):  # fmt: skip
    """Same walk for targets of any size: masks are (rows, words) and occupancies (levels, words)."""
    n_words = masks.shape[1]
    one = np.uint64(1)
    zero = np.uint64(0)
    depth = ctl[0]
    fresh = ctl[1]
    out_cap = out.shape[0]
    n_out = 0
    n_found = 0
    nodes = 0
    tmp_a = np.empty(chosen.shape[0], dtype=np.int64)
    tmp_b = np.empty(chosen.shape[0], dtype=np.int64)
    while True:
        if nodes >= max_nodes or n_out >= out_cap:
            ctl[0] = depth
            ctl[1] = fresh
            return 1, n_out, n_found, nodes
        if fresh == 1:
            fresh = 0
            c = st_cell[depth - 1] if depth > min_depth else 0
            while c < n_cells and (st_occ[depth, c >> 6] >> np.uint64(c & 63)) & one:
                c += 1
            if c == n_cells:
                if _keep(chosen, depth, stab, tmp_a, tmp_b):
                    n_found += 1
                    if not count_only:
                        for i in range(depth):
                            out[n_out, i] = chosen[i]
                        n_out += 1
                st_ptr[depth] = 0
                st_hi[depth] = 0
            else:
                st_cell[depth] = c
                st_ptr[depth] = start[c * n_kinds]
                st_hi[depth] = start[c * n_kinds + n_kinds]
        p = st_ptr[depth]
        hi = st_hi[depth]
        c = st_cell[depth]
        advanced = False
        while p < hi:
            k = row_kind[p]
            if remaining[k] == 0:
                p = start[c * n_kinds + k + 1]
                continue
            fits = row_enabled[p] != 0
            if fits:
                for w in range(n_words):
                    if masks[p, w] & st_occ[depth, w] != zero:
                        fits = False
                        break
            if fits:
                st_ptr[depth] = p + 1
                chosen[depth] = p
                remaining[k] -= 1
                for w in range(n_words):
                    st_occ[depth + 1, w] = st_occ[depth, w] | masks[p, w]
                depth += 1
                fresh = 1
                nodes += 1
                advanced = True
                break
            p += 1
        if not advanced:
            if depth == min_depth:
                ctl[0] = depth
                ctl[1] = 0
                return 0, n_out, n_found, nodes
            depth -= 1
            remaining[row_kind[chosen[depth]]] += 1
