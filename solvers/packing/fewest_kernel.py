"""Exact cover compiled with numba, the empty cell with the fewest usable placements filled first (as BurrTools).

The packing kernel (``kernel``) fills the lowest empty cell: cheap per node, but on a burr whose pieces have a
hundred cells most of its nodes are placements that a cell elsewhere already rules out (AlPackino: 473,427 nodes
where choosing the most constrained cell needs about 16,000). This search chooses, at every node, the empty cell
that the fewest usable rows cover, and a cell that no row covers any more ends the branch at once.

Rows are bits: each cell's column is a bit set of the (enabled) rows covering it, each kind's rows another, and
each level of the walk keeps the set of rows still usable there (sharing no cell with a placed row, of a kind with
copies left). Placing a row clears the columns of its cells from that set (and its kind's rows when it runs out),
so a backtrack has nothing to undo but the empty cells; a cell's count is the population count of its column and
the level's set, summed over the words where the column has bits and the level has usable rows, and given up once
it reaches the best count so far. Counting afresh costs a few words per cell where keeping counts up to date costs
a write per cell of every row a placement rules out (tens per node on a burr: slower, measured). Cells are
numbered as ``CoverProblem.row_cells`` numbers them (file order); rows are the problem's own ids.

BurrTools' extras, as ``fewest_search`` (the same walk in Python) handles them: a cell that may stay empty (it has
a one-cell *filler* row) is chosen only once every other cell is full, and once only filler rows are usable the
cells still empty are filled with them in one step; count ranges (``slack``: copies a solution may leave unused)
are checked at each full cover, and a branch ends as soon as a kind that still needs copies has no usable row.

The search is resumable like ``kernel.search``: an explicit stack, a node budget and an output buffer per call,
the state kept in arrays between calls. Each solution is written with the pinned rows first and the rest sorted,
-1 padded; the caller sorts a chunk's solutions into the packing kernel's order.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from solvers.packing.bits import lowest_bit_index, popcount
from solvers.packing.kernel import _keep


class FewestRows(NamedTuple):
    """The problem as the search reads it (never written)."""

    row_ptr: np.ndarray  # (R+1,) int64: the cells of row r are row_cell[row_ptr[r]:row_ptr[r+1]]
    row_cell: np.ndarray  # int64
    col_bits: np.ndarray  # (C, W) uint64: the enabled rows covering each cell
    col_lo: np.ndarray  # (C,) int64: the first word where the column has bits
    col_hi: np.ndarray  # (C,) int64: one past the last
    kind_bits: np.ndarray  # (K, W) uint64: the rows of each kind
    row_kind: np.ndarray  # (R,) int64
    slack: np.ndarray  # (K,) int64: copies of each kind a solution may leave unused
    filler_at: np.ndarray  # (C,) int64: the enabled one-cell filler row of each cell, -1 for a cell to be filled
    filler: int  # the filler kind, -1 without one
    prefix: np.ndarray  # the chunk's pinned rows, placed first
    stab: np.ndarray  # (S, R) int64: row permutations a kept solution must be smallest under


class FewestState(NamedTuple):
    """A search in progress, written by every call and resumed by the next (``start_state`` makes one)."""

    alive: np.ndarray  # (depth+1, W) uint64: the usable rows at each level
    lo: np.ndarray  # (depth+1,) int64: the first word of a level's set that may have bits
    hi: np.ndarray  # (depth+1,) int64: one past the last
    remaining: np.ndarray  # (K,) copies left per kind
    open_cells: np.ndarray  # (C,) int64: the empty cells first (``ctl[CTL_EMPTY]`` of them), covered ones after
    open_pos: np.ndarray  # (C,) int64: where each cell is in open_cells
    cell: np.ndarray  # (depth+1,) cell chosen at each level
    word: np.ndarray  # (depth+1,) the word of the candidates being walked
    bits: np.ndarray  # (depth+1,) uint64: its candidates not tried yet
    chosen: np.ndarray  # (depth,) row placed at each level
    ctl: np.ndarray  # [depth, fresh, empty cells, empty cells to be filled]


CTL_DEPTH, CTL_FRESH, CTL_EMPTY, CTL_NEEDED = range(4)
ONE = np.uint64(1)
ZERO = np.uint64(0)


@njit(cache=True, nogil=True)
def build_tables(row_cells, row_kind, enabled, n_cells, n_kinds, filler):
    """(row_ptr, row_cell, col_bits, col_lo, col_hi, kind_bits, filler_at, enabled bits) of :class:`FewestRows`
    from a cover problem's rows (``row_cells``: -1 padded) and row filter; compiled, since the smallest problems
    take less time to search than numpy's calls would to build them."""
    n_rows = row_cells.shape[0]
    n_words = (n_rows + 63) // 64
    row_ptr = np.zeros(n_rows + 1, dtype=np.int64)
    for r in range(n_rows):
        size = 0
        for i in range(row_cells.shape[1]):
            if row_cells[r, i] >= 0:
                size += 1
        row_ptr[r + 1] = row_ptr[r] + size
    row_cell = np.empty(row_ptr[n_rows], dtype=np.int64)
    col_bits = np.zeros((n_cells, n_words), dtype=np.uint64)
    kind_bits = np.zeros((n_kinds, n_words), dtype=np.uint64)
    on = np.zeros(n_words, dtype=np.uint64)
    filler_at = np.full(n_cells, -1, dtype=np.int64)
    for r in range(n_rows):
        at = row_ptr[r]
        for i in range(row_cells.shape[1]):
            if row_cells[r, i] >= 0:
                row_cell[at] = row_cells[r, i]
                at += 1
        if enabled[r] == 0:
            continue
        bit = ONE << np.uint64(r & 63)
        w = r >> 6
        on[w] |= bit
        kind_bits[row_kind[r], w] |= bit
        for i in range(row_ptr[r], row_ptr[r + 1]):
            col_bits[row_cell[i], w] |= bit
        if row_kind[r] == filler and row_ptr[r + 1] - row_ptr[r] == 1:
            filler_at[row_cell[row_ptr[r]]] = r
    col_lo = np.zeros(n_cells, dtype=np.int64)
    col_hi = np.zeros(n_cells, dtype=np.int64)
    for c in range(n_cells):
        lo, hi = n_words, 0
        for w in range(n_words):
            if col_bits[c, w] != ZERO:
                lo = min(lo, w)
                hi = w + 1
        col_lo[c], col_hi[c] = lo, max(hi, lo)
    return row_ptr, row_cell, col_bits, col_lo, col_hi, kind_bits, filler_at, on


def start_state(enabled_bits: np.ndarray, kind_count: np.ndarray, n_cells: int, n_needed: int) -> FewestState:
    """The state before the first node: every enabled row usable, every cell empty."""
    depth = int(kind_count.sum())
    alive = np.zeros((depth + 1, len(enabled_bits)), dtype=np.uint64)
    alive[0] = enabled_bits
    cells = np.arange(n_cells, dtype=np.int64)
    zeros = np.zeros(depth + 1, dtype=np.int64)
    hi = zeros.copy()
    hi[0] = len(enabled_bits)
    return FewestState(alive, zeros.copy(), hi, kind_count.astype(np.int64), cells, cells.copy(), zeros.copy(),
                       zeros.copy(), np.zeros(depth + 1, dtype=np.uint64), np.zeros(max(depth, 1), dtype=np.int64),
                       np.array([0, 1, n_cells, n_needed], dtype=np.int64))  # fmt: skip


@njit(cache=True, nogil=True)
def _count(col_bits, c, lo, hi, level, enough):
    """Usable rows covering cell ``c`` (the level's set in words lo to hi), counted up to ``enough``."""
    n = 0
    for w in range(lo, hi):
        n += popcount(col_bits[c, w] & level[w])
        if n >= enough:
            break
    return n


@njit(cache=True, nogil=True)
def _usable(bits, level, lo, hi):
    """True when the rows ``bits`` (one kind's) meet the level's set."""
    for w in range(lo, hi):  # noqa: SIM110 - a loop that stops early, not a generator, in numba
        if bits[w] & level[w] != ZERO:
            return True
    return False


@njit(cache=True, nogil=True)
def _is_usable(level, lo, hi, r):
    """Whether row ``r`` is in the level's set (only its words lo to hi are the level's: the others may hold
    another path's words)."""
    w = r >> 6
    return lo <= w < hi and (level[w] >> np.uint64(r & 63)) & ONE != ZERO


@njit(cache=True, nogil=True)
def _write(rows, remaining, depth, n_fill, min_depth, sol, tmp_a, tmp_b, out, n_out, count_only):
    """Keep the full cover in ``sol`` (``depth`` placed rows, then ``n_fill`` fillers) if the ranges and the
    symmetry filter allow it; returns how many rows of ``out`` are now written (-1: not kept)."""
    for k in range(remaining.shape[0]):
        left = remaining[k] - (n_fill if k == rows.filler else 0)
        if left > rows.slack[k]:
            return -1
    n = depth + n_fill
    if not _keep(sol, n, rows.stab, tmp_a, tmp_b):
        return -1
    if count_only:
        return n_out
    for i in range(min_depth):
        out[n_out, i] = sol[i]
    rest = np.sort(sol[min_depth:n])
    for i in range(n - min_depth):
        out[n_out, min_depth + i] = rest[i]
    for i in range(n, out.shape[1]):
        out[n_out, i] = -1
    return n_out + 1


@njit(cache=True, nogil=True)
def _expand(rows, state, depth, sol):
    """Open level ``depth``: choose its cell and set up its candidates, or find the node a full cover. Returns the
    fillers completing the cover (0: it is full already), -1 when it is none."""
    remaining, ctl = state.remaining, state.ctl
    level = state.alive[depth]
    lo, hi = state.lo[depth], state.hi[depth]
    state.word[depth] = hi  # no candidates unless a cell is chosen below
    state.bits[depth] = ZERO
    n_empty, n_needed = ctl[CTL_EMPTY], ctl[CTL_NEEDED]
    if n_empty == 0:
        return 0
    others = False  # a usable row of a kind other than the filler
    for k in range(remaining.shape[0]):
        if remaining[k] == 0 or (others and remaining[k] <= rows.slack[k]):
            continue
        if _usable(rows.kind_bits[k], level, lo, hi):
            others = others or k != rows.filler
        elif remaining[k] > rows.slack[k]:
            return -1  # a kind that still needs copies has no row left
    if rows.filler >= 0 and n_needed == 0 and not others:
        n_fill = 0  # only fillers can still go: every empty cell takes its own
        for j in range(n_empty):
            r = rows.filler_at[state.open_cells[j]]
            if r < 0 or not _is_usable(level, lo, hi, r):
                return -1
            sol[depth + n_fill] = r
            n_fill += 1
        return n_fill if n_fill <= remaining[rows.filler] else -1
    best, best_n = -1, 1 << 62
    for j in range(n_empty):
        c = state.open_cells[j]
        if n_needed > 0 and rows.filler_at[c] >= 0:
            continue  # a cell that may stay empty only once every other one is full
        n = _count(rows.col_bits, c, max(lo, rows.col_lo[c]), min(hi, rows.col_hi[c]), level, best_n)
        if n < best_n:
            best, best_n = c, n
            if n <= 1:
                break
    if best_n > 0:
        state.cell[depth] = best
        state.word[depth] = max(lo, rows.col_lo[best]) - 1
    return -1


@njit(cache=True, nogil=True)
def _next_row(rows, state, depth):
    """The level's next candidate row (ascending), -1 when none is left."""
    c = state.cell[depth]
    level = state.alive[depth]
    bits = state.bits[depth]
    w = state.word[depth]
    end = min(state.hi[depth], rows.col_hi[c])
    while bits == ZERO:
        w += 1
        if w >= end:
            state.word[depth] = w
            return -1
        bits = rows.col_bits[c, w] & level[w]
    state.word[depth] = w
    state.bits[depth] = bits & (bits - ONE)
    return w * 64 + np.int64(lowest_bit_index(bits))


@njit(cache=True, nogil=True)
def _place(rows, state, r, depth):
    """Row ``r`` placed at level ``depth``: the next level's set without the rows sharing a cell with it (nor its
    kind's, once it runs out), its cells taken from the empty ones."""
    ctl, open_cells, open_pos, remaining = state.ctl, state.open_cells, state.open_pos, state.remaining
    k = rows.row_kind[r]
    remaining[k] -= 1
    level, nxt = state.alive[depth], state.alive[depth + 1]
    lo, hi = state.lo[depth], state.hi[depth]
    first, last = hi, lo
    for w in range(lo, hi):
        x = level[w]
        if remaining[k] == 0:
            x &= ~rows.kind_bits[k, w]
        for i in range(rows.row_ptr[r], rows.row_ptr[r + 1]):
            x &= ~rows.col_bits[rows.row_cell[i], w]
        nxt[w] = x
        if x != ZERO:
            if first == hi:
                first = w
            last = w + 1
    state.lo[depth + 1] = first
    state.hi[depth + 1] = max(last, first)
    n_empty = ctl[CTL_EMPTY]
    for i in range(rows.row_ptr[r], rows.row_ptr[r + 1]):
        c = rows.row_cell[i]
        n_empty -= 1
        here, other = open_pos[c], open_cells[n_empty]
        open_cells[here], open_pos[other] = other, here
        open_cells[n_empty], open_pos[c] = c, n_empty
        if rows.filler_at[c] < 0:
            ctl[CTL_NEEDED] -= 1
    ctl[CTL_EMPTY] = n_empty


@njit(cache=True, nogil=True)
def _unplace(rows, state, r):
    """Undo :func:`_place` of row ``r``: its cells were the last taken from the empty ones, so they are back by
    moving the end of the empty cells past them."""
    ctl = state.ctl
    for i in range(rows.row_ptr[r], rows.row_ptr[r + 1]):
        if rows.filler_at[rows.row_cell[i]] < 0:
            ctl[CTL_NEEDED] += 1
    ctl[CTL_EMPTY] += rows.row_ptr[r + 1] - rows.row_ptr[r]
    state.remaining[rows.row_kind[r]] += 1


@njit(cache=True, nogil=True)
def search(rows, state, max_nodes, out, count_only):
    """Walk on from ``state``, the pinned rows ``rows.prefix`` placed first. Returns (status, rows written,
    solutions found, nodes): status 0 when the chunk is done, 1 when the node budget is spent or ``out`` is full
    (call again)."""
    ctl, chosen, remaining = state.ctl, state.chosen, state.remaining
    min_depth = rows.prefix.shape[0]
    depth, fresh = ctl[CTL_DEPTH], ctl[CTL_FRESH]
    n_out = n_found = nodes = 0
    sol = np.empty(out.shape[1], dtype=np.int64)
    tmp_a = np.empty(out.shape[1], dtype=np.int64)
    tmp_b = np.empty(out.shape[1], dtype=np.int64)
    while True:
        if nodes >= max_nodes or n_out >= out.shape[0]:
            ctl[CTL_DEPTH], ctl[CTL_FRESH] = depth, fresh
            return 1, n_out, n_found, nodes
        if depth < min_depth:  # a pinned row, placed once in the first call
            r = rows.prefix[depth]
            usable = _is_usable(state.alive[depth], state.lo[depth], state.hi[depth], r)
            if not usable or remaining[rows.row_kind[r]] == 0:
                ctl[CTL_DEPTH], ctl[CTL_FRESH] = min_depth, 0
                state.word[min_depth] = state.hi[min_depth] = 0  # nothing to walk: the chunk is empty
                return 0, 0, 0, nodes
        else:
            if fresh == 1:
                fresh = 0
                n_fill = _expand(rows, state, depth, sol)
                if n_fill >= 0:
                    for i in range(depth):
                        sol[i] = chosen[i]
                    written = _write(rows, remaining, depth, n_fill, min_depth, sol, tmp_a, tmp_b, out, n_out,
                                     count_only)  # fmt: skip
                    if written >= 0:
                        n_out = written
                        n_found += 1
            r = _next_row(rows, state, depth) if state.word[depth] < state.hi[depth] else -1
            if r < 0:
                if depth == min_depth:
                    ctl[CTL_DEPTH], ctl[CTL_FRESH] = depth, 0
                    return 0, n_out, n_found, nodes
                depth -= 1
                _unplace(rows, state, chosen[depth])
                continue
        chosen[depth] = r
        _place(rows, state, r, depth)
        depth += 1
        fresh = 1
        nodes += 1
