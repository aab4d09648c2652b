"""The optimal solver's IDA* kernel (numba, nogil): one subtree below a fixed move prefix, one cost bound.

The heuristic is the largest of admissible lower bounds: the exact phase-1 distance of the cube seen along each
of the three axes (Reid's and Kociemba's idea: the same symmetry-reduced table, three times), and the exact
distance of the corners alone. A cheaper "compact" heuristic (twist x slice and flip x slice, three axes) serves
small searches. Costs per move make one kernel do HTM (all 1) and QTM (half turns 2, with QTM tables).

Coordinates per level: for axis a (0..2) flip, slice and twist of S_a C S_a^-1, then the corner permutation.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.rubik import coords as cd
from solvers.rubik.cubie import multiply
from solvers.rubik.twophase_kernel import phase1_distance, redundant

CTRL_STOP, CTRL_FOUND = 0, 1
CTRL_SIZE = 2
MAX_DEPTH = 40
N_COORDS = 10  # 3 axes x (flip, slice, twist) + corners
_CHECK_EVERY = 16383


@nb.njit(cache=True, nogil=True, inline="always")
def _heuristic(co, use_full, p1, class_of, sym_of, twist_conj, pc, ts, fs, limit):
    """max of the lower bounds, evaluated lazily: it returns as soon as one exceeds `limit` (cheapest first)."""
    h = 0
    if use_full:
        h = pc[co[9] * cd.N_TWIST + co[2]]
        if h > limit:
            return h
    for a in range(3):
        fl = co[3 * a]
        sl = co[3 * a + 1]
        tw = co[3 * a + 2]
        if use_full:
            d = phase1_distance(fl, sl, tw, p1, class_of, sym_of, twist_conj)
        else:
            d = max(ts[tw * cd.N_SLICE + sl], fs[fl * cd.N_SLICE + sl])
        if d > h:
            h = d
            if h > limit:
                return h
    return h


@nb.njit(cache=True, nogil=True)
def heuristic(co, use_full, p1, class_of, sym_of, twist_conj, pc, ts, fs):
    """The kernel's lower bound for one coordinate row (callable from Python)."""
    return _heuristic(co, use_full, p1, class_of, sym_of, twist_conj, pc, ts, fs, 1 << 30)


@nb.njit(cache=True, nogil=True, inline="always")
def _step(src, dst, m, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners):
    for a in range(3):
        am = axis_moves[a, m]
        dst[3 * a] = mv_flip[src[3 * a], am]
        dst[3 * a + 1] = mv_slice[src[3 * a + 1], am]
        dst[3 * a + 2] = mv_twist[src[3 * a + 2], am]
    dst[9] = mv_corners[src[9], m]


@nb.njit(cache=True, nogil=True)
def _is_solved(start_cube, path, n, move_cubes):
    cube = start_cube.copy()
    tmp = start_cube.copy()
    for i in range(n):
        multiply(cube, move_cubes[path[i]], tmp)
        cube[:] = tmp
    for i in range(8):
        if cube[i] != i or cube[8 + i] != 0:
            return False
    for i in range(12):  # noqa: SIM110 - numba compiles loops, not generator expressions
        if cube[16 + i] != i or cube[28 + i] != 0:
            return False
    return True


@nb.njit(cache=True, nogil=True)
def ida_subtree(start_cube, start_coords, prefix, bound, costs, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners,
                move_cubes, use_full, p1, class_of, sym_of, twist_conj, pc, ts, fs, ctrl, stats, path):  # fmt: skip
    """Search every path beginning with `prefix` whose cost is exactly `bound` for one that solves the cube.

    Returns (status, length): status 1 = found (moves in path[:length]), 0 = none, -1 = stopped/found elsewhere.
    stats[0] counts nodes (it is read by other threads for progress while this runs).
    """
    co = np.empty((MAX_DEPTH + 1, N_COORDS), dtype=np.int64)
    g = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    nxt = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    co[0, :] = start_coords
    n_prefix = prefix.shape[0]
    for i in range(n_prefix):
        m = prefix[i]
        _step(co[i], co[i + 1], m, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners)
        g[i + 1] = g[i] + costs[m]
        path[i] = m
        stats[0] += 1
        if g[i + 1] + _heuristic(co[i + 1], use_full, p1, class_of, sym_of, twist_conj, pc, ts, fs, 1 << 30) > bound:
            return 0, 0
    lvl = n_prefix
    nodes = 0
    if g[lvl] == bound:
        return (1, lvl) if _is_solved(start_cube, path, lvl, move_cubes) else (0, 0)
    nxt[lvl] = 0
    while lvl >= n_prefix:
        m = nxt[lvl]
        if m >= 18:
            lvl -= 1
            continue
        nxt[lvl] = m + 1
        if lvl > 0 and redundant(path[lvl - 1], m):
            continue
        cost = g[lvl] + costs[m]
        if cost > bound:
            continue
        nl = lvl + 1
        _step(co[lvl], co[nl], m, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners)
        nodes += 1
        if (nodes & _CHECK_EVERY) == 0:
            stats[0] += _CHECK_EVERY + 1  # published in batches: no shared cache line written per node
            if ctrl[CTRL_STOP] != 0 or ctrl[CTRL_FOUND] != 0:
                return -1, 0
        h = _heuristic(co[nl], use_full, p1, class_of, sym_of, twist_conj, pc, ts, fs, bound - cost)
        if cost + h > bound:
            continue
        path[lvl] = m
        if cost == bound:
            if h == 0 and _is_solved(start_cube, path, nl, move_cubes):
                stats[0] += nodes & _CHECK_EVERY
                return 1, nl
            continue
        g[nl] = cost
        nxt[nl] = 0
        lvl = nl
    stats[0] += nodes & _CHECK_EVERY
    return 0, 0


def start_coordinates(axis_cubes: list[np.ndarray], corners: int) -> np.ndarray:
    """The kernel's coordinate row for a cube given as its three axis conjugates."""
    row = np.empty(N_COORDS, dtype=np.int64)
    for a, cube in enumerate(axis_cubes):
        row[3 * a] = cd.get_flip(cube)
        row[3 * a + 1] = cd.get_slice_sorted(cube) // cd.N_PERM4
        row[3 * a + 2] = cd.get_twist(cube)
    row[9] = corners
    return row
