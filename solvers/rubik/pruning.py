"""Pruning tables (exact distances, uint8) by breadth-first search over coordinate pairs, in numba.

Two kinds: a direct pair ``index = a * n_b + b`` of two coordinates with move tables, and the phase-1
symmetry-reduced table ``index = flipslice_class * N_TWIST + twist`` (Kociemba's 64430 x 2187), built by the
symmetry-class fill every class table shares (`class_fill`). Each level is
expanded forwards from the states at the current depth while few states are known, and backwards (an unknown
state looks for a neighbour at the current depth) once most are: the cheaper of the two at that point.
A move set of only quarter turns gives quarter-turn (QTM) distances.

A pair table's levels run in chunks so the progress callback is called (and may cancel) between them.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.class_fill import TwistRowLayout, build_exact_table, row_stride

UNKNOWN = 255
_CHUNKS = 8
_WORK_ITEMS = 64  # parallel work items of one level's call


@nb.njit(cache=True, nogil=True, inline="always")
def _work_item(lo, hi, k):
    """[start, stop): the part of the indices [lo, hi) that work item k of _WORK_ITEMS expands."""
    span = (hi - lo + _WORK_ITEMS - 1) // _WORK_ITEMS
    start = lo + k * span
    return start, min(hi, start + span)


@nb.njit(cache=True, nogil=True, inline="always")
def _expands(value, depth, backward):
    """Whether an entry holding `value` is expanded in this level: forward the entries at `depth`, backward the
    unknown ones."""
    return value == UNKNOWN if backward else value == depth


@nb.njit(cache=True, nogil=True, inline="always")
def _reach(table, idx, nxt, depth, backward):
    """Entry `idx` and its neighbour `nxt`: backward, `idx` gets depth + 1 when `nxt` is at `depth`; forward, an
    unknown `nxt` gets depth + 1. True when an entry got its depth."""
    if backward:
        if table[nxt] == depth:
            table[idx] = depth + 1
            return True
        return False
    if table[nxt] == UNKNOWN:
        table[nxt] = depth + 1
        return True
    return False


@nb.njit(cache=True, nogil=True)
def _pair_entries(table, move_a, move_b, n_b, moves, depth, start, stop, backward):
    """Expand the entries [start, stop) of a pair table's level; returns how many entries got depth + 1."""
    found = 0
    for idx in range(start, stop):
        if not _expands(table[idx], depth, backward):
            continue
        a = idx // n_b
        b = idx % n_b
        for mi in range(moves.shape[0]):
            m = moves[mi]
            if _reach(table, idx, move_a[a, m] * n_b + move_b[b, m], depth, backward):
                found += 1
                if backward:
                    break
    return found


@nb.njit(cache=True, nogil=True, parallel=True)
def _pair_level(table, move_a, move_b, n_b, moves, depth, lo, hi, backward):
    """Expand one depth level over indices [lo, hi); returns how many entries got depth + 1."""
    counts = np.zeros(_WORK_ITEMS, dtype=np.int64)
    for k in nb.prange(_WORK_ITEMS):
        start, stop = _work_item(lo, hi, k)
        counts[k] = _pair_entries(table, move_a, move_b, n_b, moves, depth, start, stop, backward)
    return counts.sum()


def _bfs(size: int, start: int, level_fn, progress: ProgressFn, name: str) -> np.ndarray:
    """Run levels until nothing new is reached; level_fn(table, depth, lo, hi, backward) -> entries reached."""
    table = np.full(size, UNKNOWN, dtype=np.uint8)
    table[start] = 0
    known = 1
    depth = 0
    bounds = np.linspace(0, size, _CHUNKS + 1).astype(np.int64)
    while True:
        backward = known > size // 2
        reached = 0
        for k in range(_CHUNKS):
            reached += int(level_fn(table, depth, bounds[k], bounds[k + 1], backward))
            progress(min(0.999, (known + reached) / size), f"{name}: depth {depth + 1}, {known + reached} of {size}")
        if reached == 0:
            break
        known += reached
        depth += 1
        if depth >= UNKNOWN - 1:
            raise AssertionError("distance overflow in pruning table")
    return table


def build_pair_table(move_a: np.ndarray, move_b: np.ndarray, moves: np.ndarray, progress: ProgressFn, name: str):
    """Distances (uint8, n_a * n_b) of every coordinate pair from (0, 0) under `moves`."""
    n_b = move_b.shape[0]
    size = move_a.shape[0] * n_b
    moves = np.asarray(moves, dtype=np.int64)

    def level(table, depth, lo, hi, backward):
        return _pair_level(table, move_a, move_b, n_b, moves, depth, lo, hi, backward)

    return _bfs(size, 0, level, progress, name)


def build_phase1_table(
    flip_move, slice_move, twist_move, classes: dict[str, np.ndarray], twist_conj, moves, progress: ProgressFn
) -> np.ndarray:
    """Exact phase-1 distance (uint8, 64430 * N_TWIST) under `moves` for every flipslice class and twist: the
    symmetry-class fill (`class_fill`) with exact bytes, a class's row its twists (an inner coordinate of one
    value)."""
    reps = classes["reps"].astype(np.int64)
    # The representatives' moves (numbered 0, 1, ...) rather than every raw flip-slice coordinate's: 4.6 MB, not 73.
    rep_moves = np.empty((reps.shape[0], 18), dtype=np.int32)
    flip, slc = reps % cd.N_FLIP, reps // cd.N_FLIP
    for m in range(18):
        rep_moves[:, m] = slice_move[slc, m].astype(np.int64) * cd.N_FLIP + flip_move[flip, m]
    class_sym = (classes["class_of"].astype(np.uint32) << 4) | classes["sym_of"].astype(np.uint32)
    layout = TwistRowLayout(rep_moves, class_sym, twist_move, np.zeros((1, 18), np.int32), twist_conj,
                            np.zeros((1, 16), np.int16), 1, row_stride(1))  # fmt: skip
    ordinal = np.arange(reps.shape[0], dtype=np.int64)
    return build_exact_table(layout, ordinal, classes["stabiliser"], moves, progress, "phase-1 pruning")
