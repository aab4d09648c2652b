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
from typing import NamedTuple

import numpy as np
from numba import njit
from numba.extending import overload

from solvers.packing.bits import lowest_bit_index, popcount


class Rows(NamedTuple):
    """The placement matrix as the kernel reads it (never written), with the chunk's symmetry filter."""

    masks: np.ndarray  # (R,) uint64 in the one-word layout, (R, words) otherwise
    kind: np.ndarray  # (R,) int64: piece kind of each row
    enabled: np.ndarray  # (R,) uint8: 0 for a row the search must not use
    start: np.ndarray  # (n_cells * n_kinds + 1,) int64: rows by (lowest cell, kind), see ``placements``
    n_kinds: int
    n_cells: int
    slack: np.ndarray  # (n_kinds,) int64: copies of each kind a solution may leave unused
    stab: np.ndarray  # (S, R) int64: row permutations a kept solution must be smallest under


class State(NamedTuple):
    """A search in progress (see the module docstring): written by every call, resumed by the next."""

    remaining: np.ndarray  # (n_kinds,) copies left
    occ: np.ndarray  # uint64 (depth+1,) or (depth+1, words): occupancy per level
    cell: np.ndarray  # (depth+1,) lowest empty cell per level
    ptr: np.ndarray  # (depth+1,) next candidate row per level
    hi: np.ndarray  # (depth+1,) end of the candidate rows per level
    chosen: np.ndarray  # (depth,) row placed at each level
    ctl: np.ndarray  # [depth, fresh]


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
    return np.int64(lowest_bit_index(~level))  # the bits past the last cell are never set: n_cells when full


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


def _seals_off(regions, p, st_occ, depth, remaining):
    """True when level ``depth`` (row ``p`` just placed) has an empty region too small for any remaining piece."""
    raise NotImplementedError("compiled code only: numba uses the version for the layout")


def _seals_off_in_one_word(regions, p, st_occ, depth, remaining):
    if regions.border.shape[0] == 0:
        return False
    smallest = 1 << 30  # no piece left: any empty cell is a dead end
    for k in range(remaining.shape[0]):
        if remaining[k] > 0 and regions.min_part[k] < smallest:
            smallest = regions.min_part[k]
    if smallest <= 1:
        return False
    empty = ~st_occ[depth]
    todo = regions.border[p] & empty
    while todo != np.uint64(0):
        region = todo & (~todo + np.uint64(1))  # grown from the lowest unchecked border cell, a layer at a time
        front = region
        while np.int64(popcount(region)) < smallest:
            grown = np.uint64(0)
            while front != np.uint64(0):
                grown |= regions.neighbours[np.int64(lowest_bit_index(front))]
                front &= front - np.uint64(1)
            front = grown & empty & ~region
            if front == np.uint64(0):
                return True
            region |= front
        todo &= ~region
    return False


def _seals_off_in_words(regions, p, st_occ, depth, remaining):
    return False


@overload(_seals_off, inline="always")
def _seals_off_for_layout(regions, p, st_occ, depth, remaining):
    return _by_layout(st_occ, _seals_off_in_one_word, _seals_off_in_words)


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
def search(rows, regions, state, min_depth, max_nodes, out, count_only):
    """Walk from the state in ``state.ctl`` and the stacks (either layout). Returns (status, n_written, n_found,
    nodes). ``rows.slack[k]``: a full cover that leaves more copies of kind ``k`` unused is no solution. A row whose
    placement seals off a region no remaining piece fits (see ``regions``) is skipped like one that does not fit.
    Solutions shorter than ``out``'s rows are padded with -1."""
    masks, row_kind, start, n_kinds, n_cells = rows.masks, rows.kind, rows.start, rows.n_kinds, rows.n_cells
    remaining, st_occ, st_cell, st_ptr, st_hi, chosen = (
        state.remaining, state.occ, state.cell, state.ptr, state.hi, state.chosen
    )  # fmt: skip
    ctl = state.ctl
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
                    if remaining[k] > rows.slack[k]:
                        enough = False
                if enough and _keep(chosen, depth, rows.stab, tmp_a, tmp_b):
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
            if rows.enabled[p] and _row_fits(masks, p, st_occ, level):
                remaining[k] -= 1
                _place_row(masks, p, st_occ, level, depth)
                if _seals_off(regions, p, st_occ, depth + 1, remaining):
                    remaining[k] += 1
                    p += 1
                    continue
                st_ptr[depth] = p + 1
                chosen[depth] = p
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
