"""Pruning tables (exact distances, uint8) by breadth-first search over coordinate pairs, in numba.

Two kinds: a direct pair ``index = a * n_b + b`` of two coordinates with move tables, and the phase-1
symmetry-reduced table ``index = flipslice_class * N_TWIST + twist`` (Kociemba's 64430 x 2187). Each level is
expanded forwards from the states at the current depth while few states are known, and backwards (an unknown
state looks for a neighbour at the current depth) once most are: the cheaper of the two at that point.
A move set of only quarter turns gives quarter-turn (QTM) distances.

Levels run in chunks so the progress callback is called (and may cancel) between them.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.engine import ProgressFn

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


@nb.njit(cache=True, nogil=True)
def _sym_entries(table, flip_move, slice_move, twist_move, class_of, sym_of, reps, stabiliser, twist_conj, moves,
                 depth, start, stop, backward):  # fmt: skip
    """Expand the entries [start, stop) of the phase-1 table's level; returns how many entries got depth + 1."""
    n_twist = twist_move.shape[0]
    n_flip = flip_move.shape[0]
    found = 0
    for idx in range(start, stop):
        if not _expands(table[idx], depth, backward):
            continue
        rep = reps[idx // n_twist]
        twist = idx % n_twist
        flip = rep % n_flip
        slc = rep // n_flip
        for mi in range(moves.shape[0]):
            m = moves[mi]
            fs = slice_move[slc, m] * n_flip + flip_move[flip, m]
            cls = class_of[fs]
            t = twist_conj[twist_move[twist, m], sym_of[fs]]
            if _reach(table, idx, cls * n_twist + t, depth, backward):
                found += 1
                if backward:
                    break
                # Written out here: as a helper beside `_reach`, this block made the phase-1 build a quarter slower.
                stab = stabiliser[cls]
                if stab != 1:  # the representative is self-symmetric: equivalent twists get the same depth
                    for s in range(1, 16):
                        if (stab >> s) & 1:
                            other = cls * n_twist + twist_conj[t, s]
                            if table[other] == UNKNOWN:
                                table[other] = depth + 1
                                found += 1
    return found


@nb.njit(cache=True, nogil=True, parallel=True)
def _sym_level(table, flip_move, slice_move, twist_move, class_of, sym_of, reps, stabiliser, twist_conj, moves, depth,
               lo, hi, backward):  # fmt: skip
    """`_pair_level` for the phase-1 table (index flipslice_class * N_TWIST + twist)."""
    counts = np.zeros(_WORK_ITEMS, dtype=np.int64)
    for k in nb.prange(_WORK_ITEMS):
        start, stop = _work_item(lo, hi, k)
        counts[k] = _sym_entries(table, flip_move, slice_move, twist_move, class_of, sym_of, reps, stabiliser,
                                 twist_conj, moves, depth, start, stop, backward)  # fmt: skip
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
    """Exact phase-1 distance (uint8, 64430 * N_TWIST) under `moves` for every flipslice class and twist."""
    n_twist = twist_move.shape[0]
    size = classes["reps"].shape[0] * n_twist
    moves = np.asarray(moves, dtype=np.int64)
    class_of, sym_of, reps, stab = (classes[k] for k in ("class_of", "sym_of", "reps", "stabiliser"))

    def level(table, depth, lo, hi, backward):
        return _sym_level(table, flip_move, slice_move, twist_move, class_of, sym_of, reps, stab, twist_conj, moves,
                          depth, lo, hi, backward)  # fmt: skip

    return _bfs(size, 0, level, progress, "phase-1 pruning")
