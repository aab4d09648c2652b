"""The depth-first IDA* kernel (numba, nogil) of the phase-1 and pair-table heuristics: one subtree below a fixed
move prefix, one cost bound. The residue heuristic's kernel is `interleaved`; the row layout is in `rows`.

The heuristic is the largest of admissible lower bounds: the exact distance of the cube seen along each of the
three axes to that axis's subgroup (Reid's and Kociemba's idea: one symmetry-reduced table, three times), and the
exact distance of the corners alone, raised to (smallest axis bound) + 1 when that is more (see `rows.combine`).
The axis table is phase 1 (flip x slice x twist; HTM or QTM) with the corner table, or, for small searches, the
pair tables (twist x slice and flip x slice, no corners). Costs per move make one kernel do HTM (all 1) and QTM
(half turns 2, with QTM tables). A node's children are generated and bounded together (`_expand`), which about
doubles the node rate.
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from solvers.rubik import coords as cd
from solvers.rubik.optimal.rows import (
    CHECK_EVERY,
    CS_DIST,
    CTRL_FOUND,
    CTRL_STOP,
    DIST,
    MAX_DEPTH,
    N_COORDS,
    combine,
    is_solved,
)
from solvers.rubik.twophase_kernel import phase1_distance, redundant

MODE_PAIRS, MODE_PHASE1, MODE_RESIDUES = 0, 1, 2


class AxisBounds(NamedTuple):
    """The tables a row's bound reads: `mode` says which (unused ones are one-byte placeholders).

    MODE_PHASE1: the phase-1 table (by flip-slice class and symmetry) and the corner table; MODE_PAIRS: the
    twist x slice and flip x slice tables; MODE_RESIDUES: none (the row carries its exact distances)."""

    mode: int
    phase1: np.ndarray
    class_of: np.ndarray
    sym_of: np.ndarray
    twist_conj: np.ndarray
    corners: np.ndarray
    twist_slice: np.ndarray
    flip_slice: np.ndarray


@nb.njit(cache=True, nogil=True, inline="always")
def _axis_bound(fl, sl, tw, b):
    """A lower bound on one axis view's distance to its phase-1 subgroup: the phase-1 table, or the pair tables."""
    if b.mode == MODE_PHASE1:
        return phase1_distance(fl, sl, tw, b.phase1, b.class_of, b.sym_of, b.twist_conj)
    return max(b.twist_slice[tw * cd.N_SLICE + sl], b.flip_slice[fl * cd.N_SLICE + sl])


@nb.njit(cache=True, nogil=True, inline="always")
def _bound(c, b):
    """The heuristic of one coordinate row (phase-1 and pair modes)."""
    corner = b.corners[c[9] * cd.N_TWIST + c[2]] if b.mode == MODE_PHASE1 else 0
    return combine(corner, _axis_bound(c[0], c[1], c[2], b), _axis_bound(c[3], c[4], c[5], b),
                   _axis_bound(c[6], c[7], c[8], b))  # fmt: skip


@nb.njit(cache=True, nogil=True)
def heuristic(row, bounds):
    """The lower bound of one coordinate row (in residue mode, from the exact distances the row carries)."""
    if bounds.mode == MODE_RESIDUES:  # the corner-slice table's distances (0 without one), and the flip-slice table's
        corner = max(row[CS_DIST], row[CS_DIST + 1], row[CS_DIST + 2])
        return combine(corner, row[DIST], row[DIST + 1], row[DIST + 2])
    return _bound(row, bounds)


@nb.njit(cache=True, nogil=True, inline="always")
def _step(src, dst, m, mv):
    for a in range(3):
        am = mv.axis_moves[a, m]
        dst[3 * a] = mv.flip[src[3 * a], am]
        dst[3 * a + 1] = mv.ud_slice[src[3 * a + 1], am]
        dst[3 * a + 2] = mv.twist[src[3 * a + 2], am]
    dst[9] = mv.corners[src[9], m]


@nb.njit(cache=True, nogil=True, inline="always")
def _expand(parent, g, bound, mv, b, prev, child, hs):
    """Coordinates and bounds of every child of one node at once; hs[m] = -1 marks a move not to try.

    Why a batch: the big tables are read at random, so a node costs a few memory latencies; the children's
    look-ups do not depend on each other, so issued together they overlap instead of queueing one by one.
    Returns the number of children generated (the node count)."""
    n = 0
    for m in range(18):
        if (prev >= 0 and redundant(prev, m)) or g + mv.costs[m] > bound:
            hs[m] = -1
            continue
        _step(parent, child[m], m, mv)
        hs[m] = 0
        n += 1
    for m in range(18):
        if hs[m] >= 0:
            hs[m] = _bound(child[m], b)
    return n


@nb.njit(cache=True, nogil=True)
def ida_subtree(start_cube, start_coords, prefix, bound, mv, b, ctrl, stats, path):
    """Search every path beginning with `prefix` whose cost is exactly `bound` for one that solves the cube;
    `mv` is a `KernelMoves`, `b` an `AxisBounds`.

    Returns (status, length): status 1 = found (moves in path[:length]), 0 = none, -1 = stopped/found elsewhere.
    stats[0] counts nodes (it is read by other threads for progress while this runs).
    """
    co = np.empty((MAX_DEPTH + 1, N_COORDS), dtype=np.int64)
    child = np.empty((MAX_DEPTH + 1, 18, N_COORDS), dtype=np.int64)
    hs = np.empty((MAX_DEPTH + 1, 18), dtype=np.int64)
    g = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    nxt = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    cube, tmp = start_cube.copy(), start_cube.copy()  # for `is_solved`
    co[0, :] = start_coords
    n_prefix = prefix.shape[0]
    for i in range(n_prefix):
        m = prefix[i]
        g[i + 1] = g[i] + mv.costs[m]
        path[i] = m
        stats[0] += 1
        _step(co[i], co[i + 1], m, mv)
        if g[i + 1] + _bound(co[i + 1], b) > bound:
            return 0, 0
    lvl = n_prefix
    if g[lvl] == bound:
        return (1, lvl) if is_solved(start_cube, path, lvl, mv.move_cubes, cube, tmp) else (0, 0)
    nodes = 0
    checked = 0
    nodes += _expand(co[lvl], g[lvl], bound, mv, b, path[lvl - 1] if lvl > 0 else -1, child[lvl], hs[lvl])
    nxt[lvl] = 0
    while lvl >= n_prefix:
        m = nxt[lvl]
        if m >= 18:
            lvl -= 1
            continue
        nxt[lvl] = m + 1
        h = hs[lvl, m]
        if h < 0:
            continue
        cost = g[lvl] + mv.costs[m]
        if cost + h > bound:
            continue
        path[lvl] = m
        nl = lvl + 1
        if cost == bound:
            if h == 0 and is_solved(start_cube, path, nl, mv.move_cubes, cube, tmp):
                stats[0] += nodes - checked
                return 1, nl
            continue
        if nodes - checked > CHECK_EVERY:
            stats[0] += nodes - checked  # published in batches: no shared cache line written per node
            checked = nodes
            if ctrl[CTRL_STOP] != 0 or ctrl[CTRL_FOUND] != 0:
                return -1, 0
        co[nl, :] = child[lvl, m]
        g[nl] = cost
        nodes += _expand(co[nl], cost, bound, mv, b, m, child[nl], hs[nl])
        nxt[nl] = 0
        lvl = nl
    stats[0] += nodes - checked
    return 0, 0
