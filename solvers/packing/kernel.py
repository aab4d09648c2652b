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

Two bitset layouts, one walk: boxes of at most 64 cells keep one uint64 word per row and per level (``masks`` of
shape (rows,), ``st_occ`` of shape (depth+1,)); larger targets keep a row of words ((rows, words) and
(depth+1, words)). Only four small steps touch the bits (reading a level, its lowest empty cell, whether a row
fits, placing a row). Each is a stub for numba's ``overload`` with two versions, one per layout; numba compiles
every call as the version for ``st_occ``'s dimensions (``_by_layout``) and inlines it. A level reaches the other
three steps as its occupancy word in the one-word layout (loaded once per node, as a kernel written for one word
would) and as its index into ``st_occ`` in the words layout (a row view would cost a reference count per node):
either layout runs as fast as a kernel of its own.

State layout (int64 unless noted):
``st_occ`` uint64 occupancy per level (see above); ``st_cell`` (depth+1) lowest empty cell;
``st_ptr``/``st_hi`` (depth+1) next and end candidate row; ``chosen`` (depth) row per level;
``remaining`` (kinds) copies left; ``ctl`` = [depth, fresh] where fresh=1 means the node at ``depth`` has not been
expanded yet.
"""

from __future__ import annotations

import enum

import numpy as np
from numba import njit
from numba.extending import overload


class KernelStatus(enum.IntEnum):
    """Why a kernel call returned."""

    FINISHED = 0  # subtree exhausted
    PAUSED = 1  # node budget spent or output buffer full; call again with the same state


def _by_layout(st_occ, in_one_word, in_words):
    """The version of a bit step numba compiles for ``st_occ``: one word per level (1-D) or a row of words (2-D)."""
    return in_one_word if st_occ.ndim == 1 else in_words


def _level(st_occ, depth):
    """Level ``depth`` as the steps below take it: its occupancy word (one word) or ``depth`` itself (words)."""
    raise NotImplementedError("compiled code only: numba uses the version for the layout")


def _level_in_one_word(st_occ, depth):
    return st_occ[depth]


def _level_in_words(st_occ, depth):
    return depth


@overload(_level, inline="always")
def _level_for_layout(st_occ, depth):
    return _by_layout(st_occ, _level_in_one_word, _level_in_words)


def _lowest_empty_cell(st_occ, level, c, n_cells):
    """The lowest empty cell of ``level`` from ``c`` on, or ``n_cells`` when the level is full."""
    raise NotImplementedError("compiled code only: numba uses the version for the layout")


def _lowest_empty_cell_in_one_word(st_occ, level, c, n_cells):
    if level == np.uint64(0xFFFFFFFFFFFFFFFF) >> np.uint64(64 - n_cells):
        return n_cells
    while (level >> np.uint64(c)) & np.uint64(1):
        c += 1
    return c


def _lowest_empty_cell_in_words(st_occ, level, c, n_cells):
    while c < n_cells and (st_occ[level, c >> 6] >> np.uint64(c & 63)) & np.uint64(1):
        c += 1
    return c


@overload(_lowest_empty_cell, inline="always")
def _lowest_empty_cell_for_layout(st_occ, level, c, n_cells):
    return _by_layout(st_occ, _lowest_empty_cell_in_one_word, _lowest_empty_cell_in_words)


def _row_fits(masks, p, st_occ, level):
    """True when row ``p`` overlaps no occupied cell of ``level``."""
    raise NotImplementedError("compiled code only: numba uses the version for the layout")


def _row_fits_in_one_word(masks, p, st_occ, level):
    return (masks[p] & level) == np.uint64(0)


def _row_fits_in_words(masks, p, st_occ, level):
    for w in range(masks.shape[1]):  # noqa: SIM110 - a loop that stops early, not a generator, in numba
        if masks[p, w] & st_occ[level, w] != np.uint64(0):
            return False
    return True


@overload(_row_fits, inline="always")
def _row_fits_for_layout(masks, p, st_occ, level):
    return _by_layout(st_occ, _row_fits_in_one_word, _row_fits_in_words)


def _place_row(masks, p, st_occ, level, depth):
    """Level ``depth + 1`` becomes ``level`` (which is level ``depth``) with row ``p`` added."""
    raise NotImplementedError("compiled code only: numba uses the version for the layout")


def _place_row_in_one_word(masks, p, st_occ, level, depth):
    st_occ[depth + 1] = level | masks[p]


def _place_row_in_words(masks, p, st_occ, level, depth):
    for w in range(masks.shape[1]):
        st_occ[depth + 1, w] = st_occ[level, w] | masks[p, w]


@overload(_place_row, inline="always")
def _place_row_for_layout(masks, p, st_occ, level, depth):
    return _by_layout(st_occ, _place_row_in_one_word, _place_row_in_words)


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
def search(masks, row_kind, row_enabled, start, n_kinds, n_cells, remaining,
           st_occ, st_cell, st_ptr, st_hi, chosen, ctl, min_depth,
           max_nodes, out, count_only, stab, slack):  # fmt: skip
    """Walk from the state in ``ctl`` and the stacks (either layout). Returns (status, n_written, n_found, nodes).

    ``slack[k]`` is how many copies of kind ``k`` a solution may leave unused (0 for a fixed count): a full cover
    that leaves more is no solution. Solutions shorter than ``out``'s rows are padded with -1."""
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
        level = _level(st_occ, depth)
        if fresh == 1:
            fresh = 0
            c = st_cell[depth - 1] if depth > min_depth else 0
            c = _lowest_empty_cell(st_occ, level, c, n_cells)
            if c == n_cells:
                enough = True
                for k in range(n_kinds):
                    if remaining[k] > slack[k]:
                        enough = False
                if enough and _keep(chosen, depth, stab, tmp_a, tmp_b):
                    n_found += 1
                    if not count_only:
                        for i in range(depth):
                            out[n_out, i] = chosen[i]
                        for i in range(depth, out.shape[1]):
                            out[n_out, i] = -1
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
            if row_enabled[p] and _row_fits(masks, p, st_occ, level):
                st_ptr[depth] = p + 1
                chosen[depth] = p
                remaining[k] -= 1
                _place_row(masks, p, st_occ, level, depth)
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
