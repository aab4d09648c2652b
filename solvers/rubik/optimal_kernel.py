"""The optimal solver's IDA* kernel (numba, nogil): one subtree below a fixed move prefix, one cost bound.
The strong heuristic's search is in `optimal_strong`; its bound (`heuristic`) and row layout are here.

The heuristic is the largest of admissible lower bounds: the exact distance of the cube seen along each of the
three axes to that axis's subgroup (Reid's and Kociemba's idea: one symmetry-reduced table, three times), and the
exact distance of the corners alone, raised to (smallest axis bound) + 1 when that is more (see `_combine`).
The axis table is the strong one (flip x sorted slice x twist, HTM, read as residues mod 3 against the parent's
exact distance), phase 1 (flip x slice x twist; HTM or QTM) or, for small searches, the compact pair tables
(twist x slice and flip x slice, no corners). Costs per move make one kernel do HTM (all 1) and QTM (half
turns 2, with QTM tables).

Coordinates per level: for axis a (0..2) flip, slice and twist of S_a C S_a^-1, then the corner permutation,
then (strong mode) the three axes' exact distances.
A node's children are generated and bounded together (`_expand`), which about doubles the node rate.
The FULL and COMPACT modes run here; MODE_STRONG only names the strong rows for `heuristic`.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.rubik import coords as cd
from solvers.rubik.cubie import multiply
from solvers.rubik.llvm_ops import fetch_add
from solvers.rubik.twophase_kernel import phase1_distance, redundant

CTRL_STOP, CTRL_FOUND = 0, 1
CTRL_SIZE = 2
MAX_DEPTH = 40
N_COORDS = 18  # 3 axes x (flip, slice, twist), corners; strong mode adds the rows below
DIST = 10  # the edge table's exact distance, per axis
CORNERS_12 = 13  # the corner permutation seen along axes 1 and 2 (axis 0's is at 9)
CS_DIST = 15  # the corner-slice table's exact distance, per axis
MODE_COMPACT, MODE_FULL, MODE_STRONG = 0, 1, 2
_CHECK_EVERY = 16383


@nb.njit(cache=True, nogil=True, inline="always")
def _axis_bound(fl, sl, tw, mode, p1, class_of, sym_of, twist_conj, ts, fs):
    """A lower bound on one axis view's distance to its phase-1 subgroup: the phase-1 table, or the compact
    pair tables (the strong mode reads its tables in `_expand_lazily`)."""
    if mode == MODE_FULL:
        return phase1_distance(fl, sl, tw, p1, class_of, sym_of, twist_conj)
    return max(ts[tw * cd.N_SLICE + sl], fs[fl * cd.N_SLICE + sl])


@nb.njit(cache=True, nogil=True, inline="always")
def _combine(corner, d0, d1, d2):
    """max of the bounds, raised to min(axis bounds) + 1 for an unsolved cube: a solution's last move lies in
    the subgroup of its own axis, so that axis reaches its subgroup one move before the end."""
    h = max(corner, d0, d1, d2)
    if h == 0:
        return 0
    return max(h, min(d0, d1, d2) + 1)


@nb.njit(cache=True, nogil=True, inline="always")
def _bound(c, mode, p1, class_of, sym_of, twist_conj, pc, ts, fs):
    """The heuristic of one coordinate row (FULL and COMPACT modes)."""
    corner = pc[c[9] * cd.N_TWIST + c[2]] if mode == MODE_FULL else 0
    d0 = _axis_bound(c[0], c[1], c[2], mode, p1, class_of, sym_of, twist_conj, ts, fs)
    d1 = _axis_bound(c[3], c[4], c[5], mode, p1, class_of, sym_of, twist_conj, ts, fs)
    d2 = _axis_bound(c[6], c[7], c[8], mode, p1, class_of, sym_of, twist_conj, ts, fs)
    return _combine(corner, d0, d1, d2)


@nb.njit(cache=True, nogil=True)
def heuristic(co, mode, p1, class_of, sym_of, twist_conj, pc, ts, fs):
    """The kernel's lower bound for one coordinate row (in strong mode, from its stored distances)."""
    if mode == MODE_STRONG:
        corner = max(co[CS_DIST], co[CS_DIST + 1], co[CS_DIST + 2])
        return _combine(corner, co[DIST], co[DIST + 1], co[DIST + 2])
    return _bound(co, mode, p1, class_of, sym_of, twist_conj, pc, ts, fs)


@nb.njit(cache=True, nogil=True, inline="always")
def _step(src, dst, m, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners):
    for a in range(3):
        am = axis_moves[a, m]
        dst[3 * a] = mv_flip[src[3 * a], am]
        dst[3 * a + 1] = mv_slice[src[3 * a + 1], am]
        dst[3 * a + 2] = mv_twist[src[3 * a + 2], am]
    dst[9] = mv_corners[src[9], m]


@nb.njit(cache=True, nogil=True, inline="always")
def _expand(parent, lvl, g, bound, costs, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners, mode, p1, class_of,
            sym_of, twist_conj, pc, ts, fs, prev, child, hs):  # fmt: skip
    """Coordinates and bounds of every child of one node at once; hs[m] = -1 marks a move not to try.

    Why a batch: the big tables are read at random, so a node costs a few memory latencies; the children's
    look-ups do not depend on each other, so issued together they overlap instead of queueing one by one.
    Returns the number of children generated (the node count)."""
    n = 0
    for m in range(18):
        if (prev >= 0 and redundant(prev, m)) or g + costs[m] > bound:
            hs[m] = -1
            continue
        _step(parent, child[m], m, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners)
        hs[m] = 0
        n += 1
    for m in range(18):
        if hs[m] >= 0:
            hs[m] = _bound(child[m], mode, p1, class_of, sym_of, twist_conj, pc, ts, fs)
    return n


@nb.njit(cache=True, nogil=True)
def _is_solved(start_cube, path, n, move_cubes, cube, tmp):
    """Whether path[:n] solves start_cube; cube and tmp are work buffers of its shape (so nothing is allocated:
    the strong kernel runs without numba's reference counting)."""
    for j in range(cube.shape[0]):  # element by element: slice copies need reference counting
        cube[j] = start_cube[j]
    for i in range(n):
        multiply(cube, move_cubes[path[i]], tmp)
        for j in range(cube.shape[0]):
            cube[j] = tmp[j]
    for i in range(8):
        if cube[i] != i or cube[8 + i] != 0:
            return False
    for i in range(12):  # noqa: SIM110 - numba compiles loops, not generator expressions
        if cube[16 + i] != i or cube[28 + i] != 0:
            return False
    return True


@nb.njit(cache=True, nogil=True)
def ida_subtree(start_cube, start_coords, prefix, bound, costs, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners,
                move_cubes, mode, p1, class_of, sym_of, twist_conj, pc, ts, fs, ctrl, stats,
                path):  # fmt: skip
    """Search every path beginning with `prefix` whose cost is exactly `bound` for one that solves the cube.

    Returns (status, length): status 1 = found (moves in path[:length]), 0 = none, -1 = stopped/found elsewhere.
    stats[0] counts nodes (it is read by other threads for progress while this runs).
    """
    co = np.empty((MAX_DEPTH + 1, N_COORDS), dtype=np.int64)
    child = np.empty((MAX_DEPTH + 1, 18, N_COORDS), dtype=np.int64)
    hs = np.empty((MAX_DEPTH + 1, 18), dtype=np.int64)
    g = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    nxt = np.zeros(MAX_DEPTH + 1, dtype=np.int64)
    cube, tmp = start_cube.copy(), start_cube.copy()  # for `_is_solved`
    co[0, :] = start_coords
    n_prefix = prefix.shape[0]
    for i in range(n_prefix):
        m = prefix[i]
        g[i + 1] = g[i] + costs[m]
        path[i] = m
        stats[0] += 1
        _step(co[i], co[i + 1], m, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners)
        h = _bound(co[i + 1], mode, p1, class_of, sym_of, twist_conj, pc, ts, fs)
        if g[i + 1] + h > bound:
            return 0, 0
    lvl = n_prefix
    if g[lvl] == bound:
        return (1, lvl) if _is_solved(start_cube, path, lvl, move_cubes, cube, tmp) else (0, 0)
    nodes = 0
    checked = 0
    nodes += _expand(co[lvl], lvl, g[lvl], bound, costs, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners, mode,
                     p1, class_of, sym_of, twist_conj, pc, ts, fs, path[lvl - 1] if lvl > 0 else -1, child[lvl],
                     hs[lvl])  # fmt: skip
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
        cost = g[lvl] + costs[m]
        if cost + h > bound:
            continue
        path[lvl] = m
        nl = lvl + 1
        if cost == bound:
            if h == 0 and _is_solved(start_cube, path, nl, move_cubes, cube, tmp):
                stats[0] += nodes - checked
                return 1, nl
            continue
        if nodes - checked > _CHECK_EVERY:
            stats[0] += nodes - checked  # published in batches: no shared cache line written per node
            checked = nodes
            if ctrl[CTRL_STOP] != 0 or ctrl[CTRL_FOUND] != 0:
                return -1, 0
        co[nl, :] = child[lvl, m]
        g[nl] = cost
        nodes += _expand(co[nl], nl, cost, bound, costs, axis_moves, mv_flip, mv_slice, mv_twist, mv_corners, mode,
                         p1, class_of, sym_of, twist_conj, pc, ts, fs, m, child[nl], hs[nl])  # fmt: skip
        nxt[nl] = 0
        lvl = nl
    stats[0] += nodes - checked
    return 0, 0


@nb.njit(cache=True, nogil=True)
def take_next(cursor) -> int:
    """The index of the next prefix to search (cursor is shared by the threads; the add is atomic)."""
    return fetch_add(cursor, np.int64(1))


def start_coordinates(axis_cubes: list[np.ndarray], sorted_slice: bool) -> np.ndarray:
    """The kernel's coordinate row for a cube given as its three axis conjugates (distances left 0).

    The strong tables read the sorted slice coordinate; the others the unsorted UD-slice."""
    row = np.zeros(N_COORDS, dtype=np.int64)
    for a, cube in enumerate(axis_cubes):
        row[3 * a] = cd.get_flip(cube)
        row[3 * a + 1] = cd.get_slice_sorted(cube) // (1 if sorted_slice else cd.N_PERM4)
        row[3 * a + 2] = cd.get_twist(cube)
    row[9] = cd.get_corners(axis_cubes[0])
    row[CORNERS_12] = cd.get_corners(axis_cubes[1])
    row[CORNERS_12 + 1] = cd.get_corners(axis_cubes[2])
    return row
