"""The two-phase search itself (numba, nogil): phase-1 IDA* into H, phase-2 IDA* inside H, run to improve.

One call searches one start cube with phase-1 depths increasing, hands every phase-1 path that ends in H
(and does not end in an H move, which a shorter phase-1 path already covers) to a phase-2 search bounded by
the best total so far, and records every improvement. Several calls on the same shared control array (one
per axis/inverse variant, each in its own thread) tighten each other's bound. Nothing here allocates per node.
"""

from __future__ import annotations

from typing import NamedTuple

import numba as nb
import numpy as np

from solvers.rubik import coords as cd
from solvers.rubik.cubie import multiply
from solvers.rubik.movetables import PHASE2_MOVES

# control array shared by all threads of one solve (int64)
CTRL_STOP, CTRL_BEST, CTRL_TARGET, CTRL_MAX, CTRL_NODES = 0, 1, 2, 3, 4
CTRL_SIZE = 5  # CTRL_NODES: a thread stops once it has counted this many nodes (0: no limit)
# per-thread statistics (int64)
STAT_NODES, STAT_DEPTH, STAT_SOLUTIONS, STAT_EXHAUSTED = 0, 1, 2, 3
STAT_SIZE = 4
MAX_PATH = 32
MAX_SOLUTIONS = 64
_CHECK_EVERY = 1023  # nodes between looks at the stop flag (a few microseconds)

_P2 = PHASE2_MOVES  # a module-level array: numba freezes it into the kernels
_IS_P2 = np.zeros(18, dtype=np.bool_)
_IS_P2[_P2] = True


class Phase1Tables(NamedTuple):
    """What phase 1 reads, passed to the kernel as one value: move tables and the symmetry-reduced distances."""

    twist_move: np.ndarray
    flip_move: np.ndarray
    slice_move: np.ndarray
    distance: np.ndarray  # exact phase-1 distance by flip-slice class x twist
    class_of: np.ndarray  # flip-slice coordinate -> class
    sym_of: np.ndarray  # flip-slice coordinate -> the symmetry taking it to its class's representative
    twist_conj: np.ndarray  # twist x symmetry


class Phase2Tables(NamedTuple):
    """What phase 2 reads: move tables of its coordinates and the two pair distance tables."""

    corner_move: np.ndarray
    ud_edge_move: np.ndarray
    slice_sorted_move: np.ndarray
    corners: np.ndarray  # corners x slice order distance
    edges: np.ndarray  # UD edges x slice order distance


class Found(NamedTuple):
    """One search thread's output: statistics (STAT_*), and each improvement's moves and length."""

    stats: np.ndarray
    moves: np.ndarray
    lengths: np.ndarray


@nb.njit(cache=True, nogil=True, inline="always")
def redundant(prev: int, m: int) -> bool:
    """Same face twice, or opposite faces in the non-canonical order (they commute)."""
    fp = prev // 3
    fm = m // 3
    return fm == fp or (fm == (fp + 3) % 6 and fm < fp)


@nb.njit(cache=True, nogil=True, inline="always")
def spent(ctrl, stats) -> bool:
    """This thread's node budget is used up: checked only at the thread's own node counts, so with a control
    array of its own the search stops at the same node on every run, whatever the load."""
    return ctrl[CTRL_NODES] > 0 and stats[STAT_NODES] >= ctrl[CTRL_NODES]


@nb.njit(cache=True, nogil=True, inline="always")
def phase1_distance(flip, slc, twist, p1, class_of, sym_of, twist_conj):
    fs = slc * cd.N_FLIP + flip
    return p1[class_of[fs] * cd.N_TWIST + twist_conj[twist, sym_of[fs]]]


@nb.njit(cache=True, nogil=True)
def _expand1(tw, fl, sl, prev, mv_twist, mv_flip, mv_slice, p1, class_of, sym_of, twist_conj, kids, dist):
    """Phase-1 coordinates and distances of all 18 children at once (255 for a redundant move).

    Why a batch: each distance is a random read of the 141 MB table; the 18 reads are independent, so issued
    together their memory latencies overlap instead of adding up (as in the optimal kernel's `_expand`).
    Returns how many children there are (the node count)."""
    n = 0
    for m in range(18):
        if prev >= 0 and redundant(prev, m):
            dist[m] = 255
            continue
        kids[m, 0] = mv_twist[tw, m]
        kids[m, 1] = mv_flip[fl, m]
        kids[m, 2] = mv_slice[sl, m]
        dist[m] = 0
        n += 1
    for m in range(18):
        if dist[m] == 0:
            dist[m] = phase1_distance(kids[m, 1], kids[m, 2], kids[m, 0], p1, class_of, sym_of, twist_conj)
    return n


@nb.njit(cache=True, nogil=True)
def _phase2(c0, e0, s0, depth, prev, mv_corners, mv_ud, mv_ssorted, p2c, p2e, path, offset, ctrl, stats):
    """Depth-bounded DFS in H; 1 = solved (moves in path[offset:offset+depth]), 0 = none, -1 = stopped."""
    if depth == 0:
        return 1 if (c0 == 0 and e0 == 0 and s0 == 0) else 0
    cs = np.empty(MAX_PATH, dtype=np.int64)
    es = np.empty(MAX_PATH, dtype=np.int64)
    ss = np.empty(MAX_PATH, dtype=np.int64)
    nxt = np.zeros(MAX_PATH, dtype=np.int64)
    cs[0], es[0], ss[0] = c0, e0, s0
    lvl = 0
    while lvl >= 0:
        if nxt[lvl] >= 10:
            lvl -= 1
            continue
        m = _P2[nxt[lvl]]
        nxt[lvl] += 1
        before = prev if lvl == 0 else path[offset + lvl - 1]
        if before >= 0 and redundant(before, m):
            continue
        c = mv_corners[cs[lvl], m]
        e = mv_ud[es[lvl], m]
        s = mv_ssorted[ss[lvl], m]
        stats[STAT_NODES] += 1
        if (stats[STAT_NODES] & _CHECK_EVERY) == 0 and (ctrl[CTRL_STOP] != 0 or spent(ctrl, stats)):
            return -1
        togo = depth - lvl - 1
        h = max(p2c[c * cd.N_PERM4 + s], p2e[e * cd.N_PERM4 + s])
        if h > togo:
            continue
        path[offset + lvl] = m
        if togo == 0:
            return 1
        lvl += 1
        cs[lvl], es[lvl], ss[lvl] = c, e, s
        nxt[lvl] = 0
    return 0


@nb.njit(cache=True, nogil=True)
def _enter_phase2(start, d1, path, move_cubes, mv_corners, mv_ud, mv_ssorted, p2c, p2e, ctrl, stats, sol_moves,
                  sol_len):  # fmt: skip
    """Rebuild the cube after the phase-1 path, search phase 2 by increasing depth, record an improvement."""
    cube = start.copy()
    tmp = start.copy()
    for i in range(d1):
        multiply(cube, move_cubes[path[i]], tmp)
        cube[:] = tmp
    c0 = cd.get_corners(cube)
    e0 = cd.get_ud_edges(cube)
    s0 = cd.get_slice_sorted(cube)
    limit = min(ctrl[CTRL_BEST] - 1, ctrl[CTRL_MAX]) - d1
    h = max(p2c[c0 * cd.N_PERM4 + s0], p2e[e0 * cd.N_PERM4 + s0])
    prev = path[d1 - 1] if d1 > 0 else -1
    for d2 in range(h, limit + 1):
        r = _phase2(c0, e0, s0, d2, prev, mv_corners, mv_ud, mv_ssorted, p2c, p2e, path, d1, ctrl, stats)
        if r < 0:
            return -1
        if r == 1:
            total = d1 + d2
            k = stats[STAT_SOLUTIONS]
            if k < MAX_SOLUTIONS:
                sol_moves[k, :total] = path[:total]
                sol_len[k] = total
                stats[STAT_SOLUTIONS] = k + 1
            if total < ctrl[CTRL_BEST]:
                ctrl[CTRL_BEST] = total
            return 1
    return 0


@nb.njit(cache=True, nogil=True)
def twophase_search(start, phase1, phase2, move_cubes, ctrl, found):
    """Search until stopped, until a solution of length <= ctrl[CTRL_TARGET] exists, or until exhausted: `start`
    the cube (flat cubie array), `phase1` and `phase2` the phases' tables (Phase1Tables, Phase2Tables),
    `move_cubes` each move as a cube, `ctrl` the control array all threads of one solve share, `found` this
    thread's output (Found). The per-node helpers below take the arrays one by one, unpacked once here.
    """
    mv_twist, mv_flip, mv_slice, p1, class_of, sym_of, twist_conj = phase1
    mv_corners, mv_ud, mv_ssorted, p2c, p2e = phase2
    stats, sol_moves, sol_len = found
    tws = np.empty(MAX_PATH, dtype=np.int64)
    fls = np.empty(MAX_PATH, dtype=np.int64)
    sls = np.empty(MAX_PATH, dtype=np.int64)
    nxt = np.zeros(MAX_PATH, dtype=np.int64)
    kids = np.empty((MAX_PATH, 18, 3), dtype=np.int64)
    dist = np.empty((MAX_PATH, 18), dtype=np.int64)
    path = np.zeros(2 * MAX_PATH, dtype=np.int64)
    tws[0] = cd.get_twist(start)
    fls[0] = cd.get_flip(start)
    sls[0] = cd.get_slice_sorted(start) // cd.N_PERM4
    h0 = phase1_distance(fls[0], sls[0], tws[0], p1, class_of, sym_of, twist_conj)
    d1 = h0
    next_check = 0
    while d1 < ctrl[CTRL_BEST] and d1 <= ctrl[CTRL_MAX]:
        if ctrl[CTRL_BEST] <= ctrl[CTRL_TARGET] or ctrl[CTRL_STOP] != 0:
            return
        stats[STAT_DEPTH] = d1
        if d1 == 0:
            if _enter_phase2(start, 0, path, move_cubes, mv_corners, mv_ud, mv_ssorted, p2c, p2e, ctrl, stats,
                             sol_moves, sol_len) < 0:  # fmt: skip
                return
            d1 += 1
            continue
        lvl = 0
        stats[STAT_NODES] += _expand1(tws[0], fls[0], sls[0], -1, mv_twist, mv_flip, mv_slice, p1, class_of, sym_of,
                                      twist_conj, kids[0], dist[0])  # fmt: skip
        nxt[0] = 0
        while lvl >= 0:
            if nxt[lvl] >= 18:
                lvl -= 1
                continue
            m = nxt[lvl]
            nxt[lvl] += 1
            togo = d1 - lvl - 1
            if dist[lvl, m] > togo:  # also skips redundant moves (distance 255)
                continue
            if stats[STAT_NODES] >= next_check:
                next_check = stats[STAT_NODES] + _CHECK_EVERY
                if ctrl[CTRL_STOP] != 0 or ctrl[CTRL_BEST] <= ctrl[CTRL_TARGET] or spent(ctrl, stats):
                    return
                if d1 >= ctrl[CTRL_BEST]:
                    break
            path[lvl] = m
            if togo == 0:
                if not _IS_P2[m]:
                    r = _enter_phase2(start, d1, path, move_cubes, mv_corners, mv_ud, mv_ssorted, p2c, p2e, ctrl,
                                      stats, sol_moves, sol_len)  # fmt: skip
                    if r < 0:
                        return
                    if ctrl[CTRL_BEST] <= ctrl[CTRL_TARGET]:
                        return
                continue
            tw, fl, sl = kids[lvl, m, 0], kids[lvl, m, 1], kids[lvl, m, 2]
            lvl += 1
            tws[lvl], fls[lvl], sls[lvl] = tw, fl, sl
            stats[STAT_NODES] += _expand1(tw, fl, sl, m, mv_twist, mv_flip, mv_slice, p1, class_of, sym_of,
                                          twist_conj, kids[lvl], dist[lvl])  # fmt: skip
            nxt[lvl] = 0
        d1 += 1
    if ctrl[CTRL_STOP] == 0:
        stats[STAT_EXHAUSTED] = 1


def new_buffers() -> Found:
    """One thread's output buffers."""
    return Found(
        np.zeros(STAT_SIZE, dtype=np.int64),
        np.zeros((MAX_SOLUTIONS, 2 * MAX_PATH), dtype=np.int64),
        np.zeros(MAX_SOLUTIONS, dtype=np.int64),
    )


def new_control(target: int, max_length: int, max_nodes: int = 0) -> np.ndarray:
    """A control array: no solution yet, the target and longest lengths, the node budget (0: none)."""
    ctrl = np.zeros(CTRL_SIZE, dtype=np.int64)
    ctrl[CTRL_BEST] = max_length + 1
    ctrl[CTRL_TARGET] = target
    ctrl[CTRL_MAX] = max_length
    ctrl[CTRL_NODES] = max_nodes
    return ctrl
