"""The residue heuristics' IDA* kernel: several subtrees in flight per thread, their table reads prefetched.

What a node's bound reads is the heuristic's plan (`plan.ResiduePlan`), handed in as one `ResidueTables` value:
on each axis, optionally a corners x twist x UD-slice table first (read on axes 0, 1, 2 in turn), then a flip x
slice x twist x inner-corner-coordinate table (the split or the large table; any table of that shape, an inner
coordinate of one value included), on the axis where the node is farthest first; optionally the same table looked
up for the node's inverse too (or a table of its stand-alone bounds). Each round reads for all of the node's
children still alive. The rounds depend on each other, and a read from memory costs about 250 ns here, so one
depth-first search spends most of its time waiting. Why several searches: each slot (a depth-first search of its
own subtree) runs one stage (finish the round whose reads are in cache, then compute the next round's addresses
and prefetch them) and yields to the next slot; by the time it is back, its lines have arrived. The flip-slice
rounds read twice (the class, then the residue), and a node's first stage only prefetches its rows of the move
tables, so a node has at most ten stages.

Every slot explores exactly the nodes the one-at-a-time search did, in the same order within its subtree, so
the node counts are the same; only which subtree finishes first differs, as it already did between threads.
Threads take two-move prefixes from a shared counter (`fetch_add`), a slot at a time.
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from solvers.rubik import coords as cd
from solvers.rubik.intrinsics import fetch_add, prefetch
from solvers.rubik.optimal.inverse_view import InverseView, child_inverse, step_cube
from solvers.rubik.optimal.large_bounds import lower_bound
from solvers.rubik.optimal.rows import (
    CHECK_EVERY,
    CORNERS_12,
    CS_DIST,
    CTRL_FOUND,
    CTRL_STOP,
    DIST,
    MAX_DEPTH,
    N_COORDS,
    combine,
    is_solved,
)
from solvers.rubik.packed_residues import distance_above, distance_from_residue, residue
from solvers.rubik.twophase_kernel import redundant

SLOTS = 8  # searches in flight per thread: 8-12 hid the reads best in replays of recorded expansions
_U = np.uint64  # unsigned indices: numba skips its negative-index wrap-around for them
ALIVE, LIMIT, WHERE = 0, 1, 2  # rows of a slot's scratch: the alive moves, and per move its limit and read
# A slot's stage: IDLE (wants a prefix), 1-3 corner-slice reads of axis stage-1 pending, EXPANDED (bounds complete),
# ROWS (the node's move-table rows pending: its first round is next), 12/14/16 flip-slice class reads of axis
# (stage-12)/2 pending and 13/15/17 flip-slice residue reads of axis (stage-13)/2 pending (the axes in the node's
# `_axis_order`); then, with the inverse's look-ups, INVERSE (their classes pending) and INVERSE + 1 (their
# entries of the bounds table, or of the flip-slice and phase-1 tables, pending).
IDLE, EXPANDED, ROWS, FLIPSLICE, INVERSE = 0, 10, 11, 12, 18


class ResidueTables(NamedTuple):
    """A residue heuristic's tables and how they are indexed, passed to the kernel as one value (a plan's kernel
    inputs: `plan.ResiduePlan`). A look-up the heuristic does not make has a one-entry placeholder table."""

    corner_slice: np.ndarray  # corners x twist x UD-slice, 2-bit residues by corner class row (one byte: not read)
    corner_row: int  # entries per corner class row of `corner_slice`
    slice_conj: np.ndarray  # UD-slice x U-D symmetry
    twist_conj: np.ndarray  # twist x symmetry
    table: np.ndarray  # flip x slice x twist x inner coordinate, 2-bit residues by class row (read on every axis)
    class_sym: np.ndarray  # 16 * class + symmetry of each flip x slice (slice: sorted, or UD-slice if `by_ud_slice`)
    by_ud_slice: bool  # the classes are of flip x UD-slice (else of flip x sorted slice)
    inner_of: np.ndarray  # the inner coordinate of each corner permutation
    inner_conj: np.ndarray  # inner coordinate x symmetry
    row: int  # entries per class row of `table`
    inner: int  # values of the inner coordinate
    phase1: np.ndarray  # exact phase-1 distances by flip-slice class x twist: the floor each inverse's residue is
    #                     decoded above (`packed_residues.distance_above`; one byte without the inverse's look-ups)
    bounds: np.ndarray  # `large_bounds`: the inverse's bounds in one read each, in place of the residue above the
    #                     floor (one byte where the inverse decodes above the floor)
    lower: np.ndarray  # `large_bounds.lower_bounds`: what each value of `bounds` stands for
    most: int  # the largest bound an inverse's look-up gives
    inverse_maps: InverseView  # the inverse's coordinates from a cube


def packed_corner_moves(corner_move: np.ndarray, corner_class_sym: np.ndarray) -> np.ndarray:
    """corner_move with each entry's class and symmetry beside it: (corners << 16) | (16 * class + symmetry).

    Why: the corner round read the moved corners, then their class, one after the other; packed, it is one read
    of a table the same size (32 bits each)."""
    moved = corner_move.astype(np.int64)
    return ((moved << 16) | corner_class_sym[moved].astype(np.int64)).astype(np.uint32)


@nb.njit(cache=True, nogil=True, inline="always")
def _corner_round(co, child, scratch, s, lv, n_alive, a, mv, rt, read_table):
    """Move corners, slice and twist of axis a for the alive children; prefetch their corner-slice entries (when
    read_table: a heuristic without a corner-slice table only moves the coordinates)."""
    corners_slot = 9 if a == 0 else CORNERS_12 + a - 1
    p_corners, p_slice, p_twist = _U(co[s, lv, corners_slot]), _U(co[s, lv, 3 * a + 1]), _U(co[s, lv, 3 * a + 2])
    for i in range(n_alive):
        m = _U(scratch[s, ALIVE, i])
        am = _U(mv.axis_moves[a, m])
        packed = _U(mv.corners[p_corners, am])
        tw = _U(mv.twist[p_twist, am])
        sl = _U(mv.ud_slice[p_slice, am])
        child[s, lv, m, 3 * a + 1] = sl
        child[s, lv, m, 3 * a + 2] = tw
        child[s, lv, m, corners_slot] = packed >> _U(16)
        if not read_table:
            continue
        sym = packed & _U(15)
        where = (
            ((packed & _U(0xFFFF)) >> _U(4)) * _U(rt.corner_row)
            + _U(rt.twist_conj[tw, sym]) * _U(cd.N_SLICE)
            + _U(rt.slice_conj[sl // _U(cd.N_PERM4), sym])
        )
        scratch[s, WHERE, m] = where
        prefetch(rt.corner_slice, where >> _U(2))


@nb.njit(cache=True, nogil=True, inline="always")
def _flip_round(co, child, scratch, s, lv, n_alive, a, mv, rt):
    """Move the flip of axis a for the alive children; prefetch their classes of flip x slice (by UD-slice, or
    by sorted slice: `rt.by_ud_slice`). Why one loop per case: the divisor is then a constant (a multiply)."""
    if rt.by_ud_slice:
        _flip_loop(co, child, scratch, s, lv, n_alive, a, mv, rt.class_sym, cd.N_PERM4)
    else:
        _flip_loop(co, child, scratch, s, lv, n_alive, a, mv, rt.class_sym, 1)


@nb.njit(cache=True, nogil=True, inline="always")
def _flip_loop(co, child, scratch, s, lv, n_alive, a, mv, classes, slice_unit):
    """`_flip_round` with the slice coordinate's unit as a constant (inlined: numba folds it)."""
    p_flip = _U(co[s, lv, 3 * a])
    for i in range(n_alive):
        m = _U(scratch[s, ALIVE, i])
        fl = _U(mv.flip[p_flip, _U(mv.axis_moves[a, m])])
        child[s, lv, m, 3 * a] = fl
        where = (_U(child[s, lv, m, 3 * a + 1]) // _U(slice_unit)) * _U(cd.N_FLIP) + fl
        scratch[s, WHERE, m] = where
        prefetch(classes, where)


@nb.njit(cache=True, nogil=True, inline="always")
def _flipslice_round(child, scratch, s, lv, n_alive, a, rt):
    """Read the alive children's flip-slice classes (prefetched); prefetch their flip-slice table entries."""
    corners_slot = 9 if a == 0 else CORNERS_12 + a - 1
    for i in range(n_alive):
        m = _U(scratch[s, ALIVE, i])
        cs = _U(rt.class_sym[_U(scratch[s, WHERE, m])])
        sym = cs & _U(15)
        comb = _U(rt.inner_of[_U(child[s, lv, m, corners_slot])])
        where = (
            (cs >> _U(4)) * _U(rt.row)
            + _U(rt.twist_conj[_U(child[s, lv, m, 3 * a + 2]), sym]) * _U(rt.inner)
            + _U(rt.inner_conj[comb, sym])
        )
        scratch[s, WHERE, m] = where
        prefetch(rt.table, where >> _U(2))


@nb.njit(cache=True, nogil=True, inline="always")
def _settle(hs, scratch, s, lv, i, m, h, kept):
    """Store child m's bound h and keep the child (the alive list's entry i moves to `kept`) if h is within its
    limit; returns how many are kept now. Without a branch: the copy is harmless when the child is dropped (entry
    `kept` is i itself or one already read), and the count grows by the comparison."""
    hs[s, lv, m] = h
    scratch[s, ALIVE, kept] = scratch[s, ALIVE, i]
    return kept + (h <= scratch[s, LIMIT, m])


@nb.njit(cache=True, nogil=True, inline="always")
def _keep(co, child, hs, scratch, s, lv, n_alive, table, slot):
    """Read each alive child's residue (prefetched), store its distance in `slot`, keep those within their limit
    (the alive list is compacted in place); returns how many are kept."""
    kept = 0
    parent_distance = co[s, lv, slot]
    for i in range(n_alive):
        m = _U(scratch[s, ALIVE, i])
        d = distance_from_residue(parent_distance, residue(table, scratch[s, WHERE, m]))
        child[s, lv, m, slot] = d
        kept = _settle(hs, scratch, s, lv, i, m, max(hs[s, lv, m], d), kept)
    return kept


@nb.njit(cache=True, nogil=True, inline="always")
def _own_bounds(child, hs, scratch, s, lv, n_alive, most):
    """Each alive child's own bound, complete (`rows.combine` on the flip-slice table's axes); keeps (as `_keep` does)
    those within their limit that the inverse's look-ups could still prune: not those whose limit is more than
    `most`, the largest bound the table holds (near the root; they stay unpruned). Why not at `most` itself: three
    axes all at `most` make one more (`rows.combine`)."""
    kept = 0
    for i in range(n_alive):
        m = _U(scratch[s, ALIVE, i])
        h = combine(hs[s, lv, m], child[s, lv, m, DIST], child[s, lv, m, DIST + 1],
                    child[s, lv, m, DIST + 2])  # fmt: skip
        hs[s, lv, m] = h
        if h <= scratch[s, LIMIT, m] <= most:
            scratch[s, ALIVE, kept] = scratch[s, ALIVE, i]
            kept += 1
    return kept


@nb.njit(cache=True, nogil=True, inline="always")
def _inverse_round(cubes, inv, scratch, s, lv, n_alive, mv, rt):
    """The inverse's coordinates of each alive child along the three axes; prefetch their flip-slice classes."""
    for i in range(n_alive):
        m = _U(scratch[s, ALIVE, i])
        for a in range(3):
            flipslice, twist, comb = child_inverse(cubes[s, lv, a], rt.inverse_maps.move_cubes[_U(mv.axis_moves[a, m])],
                                                   rt.inverse_maps)  # fmt: skip
            inv[s, m, 3 * a] = flipslice
            inv[s, m, 3 * a + 1] = twist
            inv[s, m, 3 * a + 2] = comb
            prefetch(rt.class_sym, _U(flipslice))


@nb.njit(cache=True, nogil=True, inline="always")
def _reads_inverse(rt) -> bool:
    """Whether the heuristic looks up each node's inverse too (its phase-1 floor is then loaded)."""
    return rt.phase1.shape[0] > 1


@nb.njit(cache=True, nogil=True, inline="always")
def _inverse_entry_round(inv, scratch, s, n_alive, rt):
    """Read the inverse's classes (prefetched); prefetch its entries of the bounds table or else of the
    flip-slice and phase-1 tables (the same class and twist)."""
    for i in range(n_alive):
        m = _U(scratch[s, ALIVE, i])
        for a in range(3):
            cs = _U(rt.class_sym[_U(inv[s, m, 3 * a])])
            sym = cs & _U(15)
            twist = _U(rt.twist_conj[_U(inv[s, m, 3 * a + 1]), sym])
            where = (cs >> _U(4)) * _U(rt.row) + twist * _U(rt.inner) \
                + _U(rt.inner_conj[_U(inv[s, m, 3 * a + 2]), sym])  # fmt: skip
            floor_at = (cs >> _U(4)) * _U(cd.N_TWIST) + twist
            inv[s, m, 3 * a] = where
            if rt.bounds.shape[0] > 1:
                prefetch(rt.bounds, where >> _U(2))
            else:
                inv[s, m, 3 * a + 1] = floor_at
                prefetch(rt.table, where >> _U(2))
                prefetch(rt.phase1, floor_at)


@nb.njit(cache=True, nogil=True, inline="always")
def _inverse_distance(rt, where, floor_at):
    """A lower bound on the inverse's flip-slice table distance: its entry of the bounds table, or else its residue at
    `where` above its phase-1 distance."""
    if rt.bounds.shape[0] > 1:
        return lower_bound(rt.bounds, where, rt.lower)
    return distance_above(np.int64(rt.phase1[_U(floor_at)]), residue(rt.table, where))


@nb.njit(cache=True, nogil=True, inline="always")
def _inverse_keep(hs, inv, scratch, s, lv, n_alive, rt):
    """Raise each alive child's bound by its inverse's (read, prefetched: each axis's stand-alone bound, or its
    residue decoded above its phase-1 distance, a floor since the flip-slice table refines phase 1); keep those
    still within their limit."""
    kept = 0
    for i in range(n_alive):
        m = _U(scratch[s, ALIVE, i])
        d0 = _inverse_distance(rt, inv[s, m, 0], inv[s, m, 1])
        d1 = _inverse_distance(rt, inv[s, m, 3], inv[s, m, 4])
        d2 = _inverse_distance(rt, inv[s, m, 6], inv[s, m, 7])
        kept = _settle(hs, scratch, s, lv, i, m, combine(hs[s, lv, m], d0, d1, d2), kept)  # (ends on some axis too)
    return kept


@nb.njit(cache=True, nogil=True, inline="always")
def _descend(cubes, s, lv, m, mv, rt):
    """The whole cube of node (s, lv)'s child m along each axis, for its inverse's look-ups (when there are any)."""
    if _reads_inverse(rt):
        for a in range(3):
            step_cube(cubes[s, lv, a], rt.inverse_maps.move_cubes[_U(mv.axis_moves[a, m])], cubes[s, lv + 1, a])


@nb.njit(cache=True, nogil=True, inline="always")
def _prefetch_rows(co, s, lv, mv):
    """Prefetch the rows of the move tables that node (s, lv)'s corner rounds read.

    Why: a row of the corner table (2.8 MB) is rarely in the core's cache, and each corner round reads its rows
    first and everything else after; waiting for them cost a quarter of the search's time (paired runs)."""
    for a in range(3):
        _prefetch_row(mv.corners, co[s, lv, 9 if a == 0 else CORNERS_12 + a - 1])
        _prefetch_row(mv.ud_slice, co[s, lv, 3 * a + 1])
        _prefetch_row(mv.twist, co[s, lv, 3 * a + 2])


@nb.njit(cache=True, nogil=True, inline="always")
def _prefetch_row(table, row):
    """A row of 18 entries of up to 32 bits spans at most two cache lines: its first and last entries'."""
    prefetch(table, (_U(row), _U(0)))
    prefetch(table, (_U(row), _U(17)))


@nb.njit(cache=True, nogil=True, inline="always")
def _begin(co, child, hs, scratch, g, path, s, lv, bound, mv, rt, n_alive_of, stage):
    """Start expanding node (s, lv): its moves worth trying, and the reads of its move-table rows. Returns how
    many children it generates (the node count)."""
    prev = path[s, lv - 1] if lv > 0 else -1
    n_alive = 0
    for m in range(18):
        if (prev >= 0 and redundant(prev, m)) or g[s, lv] + mv.costs[m] > bound:
            hs[s, lv, m] = -1
            continue
        scratch[s, ALIVE, n_alive] = m
        scratch[s, LIMIT, m] = bound - g[s, lv] - mv.costs[m]
        hs[s, lv, m] = 0
        n_alive += 1
    n_alive_of[s] = n_alive
    if n_alive == 0:
        stage[s] = EXPANDED
    else:
        _prefetch_rows(co, s, lv, mv)
        stage[s] = ROWS
    return n_alive


@nb.njit(cache=True, nogil=True, inline="always")
def _axis_order(co, s, lv):
    """Node (s, lv)'s axes by its flip-slice table distance on each, farthest first, packed as a0 + 3 a1 + 9 a2.

    Why: a child's distance on an axis is within one of its parent's, so the axis on which the node is farthest
    is the likeliest to prune a child at its first read, and a pruned child's other axes are never read."""
    first, second, third = 0, 1, 2
    if co[s, lv, DIST + second] > co[s, lv, DIST + first]:
        first, second = second, first
    if co[s, lv, DIST + third] > co[s, lv, DIST + second]:
        second, third = third, second
    if co[s, lv, DIST + second] > co[s, lv, DIST + first]:
        first, second = second, first
    return first + 3 * second + 9 * third


@nb.njit(cache=True, nogil=True, inline="always")
def _nth_axis(order, k):
    """The k-th axis of a packed `_axis_order`."""
    return (order // (1 if k == 0 else 3 if k == 1 else 9)) % 3


@nb.njit(cache=True, nogil=True, inline="always")
def _advance(co, child, hs, scratch, cubes, inv, s, lv, mv, rt, n_alive_of, stage, axis_order):
    """One stage of node (s, lv)'s expansion: use the reads now in cache, prefetch the next round's."""
    st = stage[s]
    n_alive = n_alive_of[s]
    if st == ROWS:
        if rt.corner_slice.shape[0] > 1:
            _corner_round(co, child, scratch, s, lv, n_alive, 0, mv, rt, True)
            st = 1
        else:  # no corner-slice table: every axis's coordinates at once, then the flip-slice rounds
            for a in range(3):
                _corner_round(co, child, scratch, s, lv, n_alive, a, mv, rt, False)
            axis_order[s] = _axis_order(co, s, lv)
            _flip_round(co, child, scratch, s, lv, n_alive, _nth_axis(axis_order[s], 0), mv, rt)
            st = FLIPSLICE
    elif st <= 3:  # corner-slice of axis st - 1
        n_alive = _keep(co, child, hs, scratch, s, lv, n_alive, rt.corner_slice, CS_DIST + st - 1)
        if n_alive == 0:
            st = EXPANDED
        elif st < 3:
            _corner_round(co, child, scratch, s, lv, n_alive, st, mv, rt, True)
            st += 1
        else:
            axis_order[s] = _axis_order(co, s, lv)
            _flip_round(co, child, scratch, s, lv, n_alive, _nth_axis(axis_order[s], 0), mv, rt)
            st = FLIPSLICE
    elif st == INVERSE:
        _inverse_entry_round(inv, scratch, s, n_alive, rt)
        st += 1
    elif st == INVERSE + 1:
        n_alive = _inverse_keep(hs, inv, scratch, s, lv, n_alive, rt)
        st = EXPANDED
    else:  # the flip-slice table of the ((st - FLIPSLICE) // 2)-th axis in the node's `_axis_order`
        k = (st - FLIPSLICE) // 2
        a = _nth_axis(axis_order[s], k)
        if (st - FLIPSLICE) % 2 == 0:
            _flipslice_round(child, scratch, s, lv, n_alive, a, rt)
            st += 1
        else:
            n_alive = _keep(co, child, hs, scratch, s, lv, n_alive, rt.table, DIST + a)
            if n_alive == 0:
                st = EXPANDED
            elif k < 2:
                _flip_round(co, child, scratch, s, lv, n_alive, _nth_axis(axis_order[s], k + 1), mv, rt)
                st += 1
            elif _reads_inverse(rt):  # the own bounds are complete: the inverse's of those still in
                n_alive = _own_bounds(child, hs, scratch, s, lv, n_alive, rt.most)
                if n_alive > 0:
                    _inverse_round(cubes, inv, scratch, s, lv, n_alive, mv, rt)
                    st = INVERSE
                else:
                    st = EXPANDED
            else:
                st = EXPANDED
    if st == EXPANDED and not _reads_inverse(rt):  # (with the inverse's look-ups, `_own_bounds` did this)
        for i in range(n_alive):  # the flip-slice distances, whose goal U and D keep (rows.combine)
            m = scratch[s, ALIVE, i]
            hs[s, lv, m] = combine(hs[s, lv, m], child[s, lv, m, DIST], child[s, lv, m, DIST + 1],
                                   child[s, lv, m, DIST + 2])  # fmt: skip
    n_alive_of[s] = n_alive
    stage[s] = st


class Workspace(NamedTuple):
    """A thread's buffers for `ida_interleaved`, which allocates nothing itself (see there)."""

    rows: np.ndarray  # (SLOTS, levels, N_COORDS): node rows
    children: np.ndarray  # (SLOTS, levels, 18, N_COORDS): their children's rows
    bounds: np.ndarray  # (SLOTS, levels, 18): the children's bounds (-1: not tried)
    cost: np.ndarray  # (SLOTS, levels): cost so far
    next_move: np.ndarray  # (SLOTS, levels): the next child to visit
    path: np.ndarray  # (SLOTS, levels): the moves
    scratch: np.ndarray  # (SLOTS, 3, 18): rows ALIVE, LIMIT, WHERE
    per_slot: np.ndarray  # (4, SLOTS): alive children, stage, level, the node's `_axis_order`
    cube: np.ndarray  # two cubes for checking a solution
    tmp: np.ndarray
    cubes: np.ndarray  # uint8 (SLOTS, levels, 3, 40): each node's whole cube along each axis (level 0: the start)
    inverse: np.ndarray  # (SLOTS, 18, 9): per child and axis, its inverse's coordinates, then its entry


def workspace(start_cube: np.ndarray, axis_cubes: list[np.ndarray]) -> Workspace:
    """Fresh buffers for one thread's `ida_interleaved` calls (axis_cubes: the start seen along each axis)."""
    levels = MAX_DEPTH + 1
    cubes = np.zeros((SLOTS, levels, 3, 40), dtype=np.uint8)
    cubes[:, 0] = np.stack(axis_cubes).astype(np.uint8)
    return Workspace(
        np.zeros((SLOTS, levels, N_COORDS), dtype=np.int64),
        np.zeros((SLOTS, levels, 18, N_COORDS), dtype=np.int64),
        np.zeros((SLOTS, levels, 18), dtype=np.int64),
        np.zeros((SLOTS, levels), dtype=np.int64),
        np.zeros((SLOTS, levels), dtype=np.int64),
        np.zeros((SLOTS, levels), dtype=np.int64),
        np.zeros((SLOTS, 3, 18), dtype=np.int64),
        np.zeros((4, SLOTS), dtype=np.int64),
        np.empty_like(start_cube),
        np.empty_like(start_cube),
        cubes,
        np.zeros((SLOTS, 18, 9), dtype=np.int64),
    )


@nb.njit(cache=True, nogil=True, _nrt=False)  # type: ignore[call-overload]  # _nrt: numba's own option, not in its stubs
def ida_interleaved(start_cube, start_coords, prefixes, cursor, bound, mv, rt, ctrl, stats, path_out, work):
    """Search the subtrees below prefixes[cursor...] (taken with `fetch_add`, shared with other threads) for a
    path of cost exactly `bound` that solves the cube, SLOTS subtrees at a time; `mv` is a `rows.KernelMoves`
    (its corner moves packed by `packed_corner_moves`), `rt` a `ResidueTables`, `work` a `Workspace`.

    Returns (status, length): 1 = found (moves in path_out[:length]), 0 = none left, -1 = stopped or found by
    another thread. stats[0] counts nodes as `depth_first.ida_subtree` does (published every 16k).
    Why compiled without numba's reference counting (_nrt=False), with buffers from `workspace`: the inlined
    stages otherwise count references to every array they touch, dozens of locked instructions per stage."""
    co, child, hs, g, nxt, path, scratch, per_slot, cube, tmp, cubes, inv = work
    n_alive_of, stage, lvl, axis_order = per_slot[0], per_slot[1], per_slot[2], per_slot[3]
    stage[:] = IDLE
    n_prefixes, n_prefix = prefixes.shape[0], prefixes.shape[1]
    exhausted = False  # no prefixes left to take
    busy = 0  # slots with a subtree
    nodes = 0
    checked = 0
    s = 0
    while True:
        if stage[s] == IDLE:
            if exhausted:  # this slot has nothing more to do
                if busy == 0:
                    break
                s = s + 1 if s + 1 < SLOTS else 0
                continue
            j = fetch_add(cursor, np.int64(1))
            if j >= n_prefixes:
                exhausted = True
                continue
            # walk the prefix one expansion at a time (a few per subtree, so not worth interleaving)
            for c in range(N_COORDS):
                co[s, 0, c] = start_coords[c]
            g[s, 0] = 0
            alive = True
            for i in range(n_prefix):
                m = prefixes[j, i]
                path[s, i] = m
                nodes += 1
                _begin(co, child, hs, scratch, g, path, s, i, bound, mv, rt, n_alive_of, stage)
                while stage[s] != EXPANDED:
                    _advance(co, child, hs, scratch, cubes, inv, s, i, mv, rt, n_alive_of, stage, axis_order)
                stage[s] = IDLE
                h = hs[s, i, m]
                g[s, i + 1] = g[s, i] + mv.costs[m]
                if h < 0 or g[s, i + 1] + h > bound:
                    alive = False
                    break
                for c in range(N_COORDS):
                    co[s, i + 1, c] = child[s, i, m, c]
                _descend(cubes, s, i, m, mv, rt)
            if not alive:
                continue
            if g[s, n_prefix] == bound:
                if is_solved(start_cube, path[s], n_prefix, mv.move_cubes, cube, tmp):
                    for i in range(n_prefix):
                        path_out[i] = path[s, i]
                    stats[0] += nodes - checked
                    return 1, n_prefix
                continue
            lvl[s] = n_prefix
            nxt[s, n_prefix] = 0
            busy += 1
            nodes += _begin(co, child, hs, scratch, g, path, s, n_prefix, bound, mv, rt, n_alive_of, stage)
        elif stage[s] != EXPANDED:
            _advance(co, child, hs, scratch, cubes, inv, s, lvl[s], mv, rt, n_alive_of, stage, axis_order)
            if stage[s] != EXPANDED:
                s = s + 1 if s + 1 < SLOTS else 0
                continue
        if stage[s] == EXPANDED:  # depth-first: find the next node of this slot's subtree to expand
            lv = lvl[s]
            stage[s] = IDLE
            while lv >= n_prefix:
                m = nxt[s, lv]
                if m >= 18:
                    lv -= 1
                    continue
                nxt[s, lv] = m + 1
                h = hs[s, lv, m]
                if h < 0:
                    continue
                cost = g[s, lv] + mv.costs[m]
                if cost + h > bound:
                    continue
                path[s, lv] = m
                nl = lv + 1
                if cost == bound:
                    if h == 0 and is_solved(start_cube, path[s], nl, mv.move_cubes, cube, tmp):
                        for i in range(nl):
                            path_out[i] = path[s, i]
                        stats[0] += nodes - checked
                        return 1, nl
                    continue
                for c in range(N_COORDS):  # element by element: a slice here mv.costs reference counting
                    co[s, nl, c] = child[s, lv, m, c]
                _descend(cubes, s, lv, m, mv, rt)
                g[s, nl] = cost
                nxt[s, nl] = 0
                lvl[s] = nl
                nodes += _begin(co, child, hs, scratch, g, path, s, nl, bound, mv, rt, n_alive_of, stage)
                break
            if lv < n_prefix:
                busy -= 1  # the subtree is done: the slot takes a new prefix on its next turn
            if nodes - checked > CHECK_EVERY:
                stats[0] += nodes - checked  # published in batches: no shared cache line written per node
                checked = nodes
                if ctrl[CTRL_STOP] != 0 or ctrl[CTRL_FOUND] != 0:
                    return -1, 0
        s = s + 1 if s + 1 < SLOTS else 0
    stats[0] += nodes - checked
    return 0, 0
