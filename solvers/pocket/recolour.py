"""States of a recoloured 2x2x2: how many distinct colour patterns turning can reach, up to whole-cube rotation.

Method (any colouring of the 24 stickers, paints never renamed): every position is ``h * r`` with h in the
DBL-frame group H (3,674,160 elements) and r one of the 24 rotations, and ``h * r`` is h seen from another side.
So the patterns up to rotation are exactly the classes of the patterns of H under the 24 rotations. For each h a
numba kernel encodes its pattern seen from all 24 sides as numbers (the colour at each sticker a base-k digit, two
64-bit words) and keeps the smallest as the class key; counting distinct keys counts the states.

Distance of a pattern: the fewest moves from the repainted solved cube to any state showing that pattern from some
side, i.e. the minimum God's-table distance over the class. The depth histogram counts classes by that distance.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.cube.geometry import N_CORNERS, corner_facelets
from solvers.engine import Metric, ProgressFn
from solvers.pocket.coords import N_PERM, N_STATES, all_perms, all_twists
from solvers.pocket.frame import N_ROTATIONS, rotation_arrays
from solvers.pocket.gods import gods_table, histogram_of
from solvers.pocket.metric import pocket_metric
from solvers.tables import BuildCancelled

N_STICKERS = 24
_HALF = N_STICKERS // 2  # stickers 0..11 go in the low word, 12..23 in the high word
_CHUNKS = 24  # progress reports / stop checks per count
_THREADS = 2  # the machines we target have two cores or more; the kernel releases the GIL
_MAX_ONE_WORD_COLOURS = 6  # 6**24 < 2**64, so up to six paints the whole key fits one 64-bit word


class ColouringError(ValueError):
    """A colouring that is not 24 stickers."""


@dataclass(frozen=True)
class RecolouredCount:
    """The distinct states (up to rotation) of a colouring and how many lie at each distance."""

    colouring: str
    count: int
    histogram: list[int]
    metric: Metric


def colour_ids(colouring: str | Sequence[int]) -> tuple[np.ndarray, int]:
    """(ids (24,) int64 numbering colours 0..k-1 in order of first appearance, k) for letters or numbers."""
    items = list(colouring)
    if len(items) != N_STICKERS:
        raise ColouringError(f"a colouring names the colour of all {N_STICKERS} stickers, got {len(items)}")
    first_seen: dict[object, int] = {}
    ids = np.array([first_seen.setdefault(item, len(first_seen)) for item in items], dtype=np.int64)
    return ids, len(first_seen)


def _rotation_contributions(ids: np.ndarray, n_colours: int, split: bool) -> tuple[np.ndarray, np.ndarray]:
    """(lo, hi) uint64 (24, 8 * 8 * 3): what slot s holding piece p with twist t adds to the code seen from side r.

    Column ``24 * s + 3 * p + t``. With `split` stickers 0..11 go to lo and 12..23 to hi (each base k); otherwise
    all 24 digits go to lo (only when k**24 fits in 64 bits) and hi stays zero.
    """
    slots = corner_facelets(2).astype(np.int64)
    digit = np.arange(N_STICKERS) % _HALF if split else np.arange(N_STICKERS)
    weight = np.array([n_colours ** int(d) for d in digit], dtype=np.uint64)
    high = (np.arange(N_STICKERS) >= _HALF) & split
    base = np.zeros((2, N_CORNERS, N_CORNERS, 3), dtype=np.uint64)
    for slot in range(N_CORNERS):
        for piece in range(N_CORNERS):
            for twist in range(3):
                for k in range(3):
                    place = slots[slot, (k + twist) % 3]
                    base[int(high[place]), slot, piece, twist] += np.uint64(ids[slots[piece, k]]) * weight[place]
    rot_cp, rot_co = rotation_arrays()
    table = np.empty((2, N_ROTATIONS, N_CORNERS, N_CORNERS, 3), dtype=np.uint64)
    for r in range(N_ROTATIONS):
        source = np.argsort(rot_cp[r])  # slot s' of h is slot source[s'] of h * r
        for slot in range(N_CORNERS):
            order = (np.arange(3) + rot_co[r, source[slot]]) % 3
            table[:, r, slot] = base[:, source[slot]][:, :, order]
    flat = table.reshape(2, N_ROTATIONS, -1)
    return np.ascontiguousarray(flat[0]), np.ascontiguousarray(flat[1])


@cache
def _kernel():
    """Compile (or load from numba's cache) the per-position kernel; kept out of import time."""
    import numba

    @numba.njit(cache=True, nogil=True)
    def canonical_codes(perms, twists, perm_start, perm_stop, lo, hi, out_lo, out_hi):  # pragma: no cover - jitted
        n_twist = twists.shape[0]
        n_rot = lo.shape[0]
        column = np.empty(8, dtype=np.int64)
        for p in range(perm_start, perm_stop):
            for t in range(n_twist):
                for s in range(8):
                    column[s] = 24 * s + 3 * perms[p, s] + twists[t, s]
                best_hi = np.uint64(0xFFFFFFFFFFFFFFFF)
                best_lo = np.uint64(0xFFFFFFFFFFFFFFFF)
                for r in range(n_rot):
                    code_lo = np.uint64(0)
                    code_hi = np.uint64(0)
                    for s in range(8):
                        code_lo += lo[r, column[s]]
                        code_hi += hi[r, column[s]]
                    if code_hi < best_hi or (code_hi == best_hi and code_lo < best_lo):
                        best_hi = code_hi
                        best_lo = code_lo
                out_lo[p * n_twist + t] = best_lo
                out_hi[p * n_twist + t] = best_hi

    return canonical_codes


def class_keys(
    colouring: str | Sequence[int], progress: ProgressFn | None = None, stop: threading.Event | None = None
) -> tuple[np.ndarray, np.ndarray | None]:
    """(lo, hi) uint64 (N_STATES,): the class key of the pattern of each DBL-frame position (index order).

    hi is None when the whole key fits in lo (at most 6 colours). Work is split in chunks run on two threads
    (the kernel releases the GIL); `stop` and a raising `progress` are honoured between chunks.
    """
    ids, n_colours = colour_ids(colouring)
    split = n_colours > _MAX_ONE_WORD_COLOURS
    lo, hi = _rotation_contributions(ids, n_colours, split)
    kernel = _kernel()
    perms = np.ascontiguousarray(all_perms(), dtype=np.int64)
    twists = np.ascontiguousarray(all_twists(), dtype=np.int64)
    out_lo = np.empty(N_STATES, dtype=np.uint64)
    out_hi = np.empty(N_STATES, dtype=np.uint64)
    bounds = np.linspace(0, N_PERM, _CHUNKS + 1).astype(int)
    cancelled = threading.Event()

    def run(chunk: int) -> None:
        if cancelled.is_set() or (stop is not None and stop.is_set()):
            cancelled.set()
            return
        kernel(perms, twists, bounds[chunk], bounds[chunk + 1], lo, hi, out_lo, out_hi)

    with ThreadPoolExecutor(max_workers=_THREADS) as pool:
        try:
            for done, _ in enumerate(pool.map(run, range(_CHUNKS)), start=1):
                if progress is not None:
                    progress(done / _CHUNKS * 0.8, f"patterns of {done}/{_CHUNKS} of the positions")
        except BaseException:
            cancelled.set()
            raise
    if cancelled.is_set():
        raise BuildCancelled("recoloured count stopped")
    return out_lo, (out_hi if split else None)


def count_recoloured(
    colouring: str | Sequence[int],
    progress: ProgressFn | None = None,
    metric: Metric | str = Metric.HTM,
    stop: threading.Event | None = None,
) -> tuple[int, list[int]]:
    """(distinct states up to whole-cube rotation, depth histogram) of a colouring given in facelet order.

    `colouring` holds 24 colour names (e.g. the letters "YYYYGGGGOOOOOOOOGGGGYYYY" for U1..U4 R1..R4 F1..F4
    D1..D4 L1..L4 B1..B4); equal names are one paint. The histogram counts the states by their distance (see
    the module docstring) under `metric`.
    """
    lo, hi = class_keys(colouring, progress, stop)
    distances = gods_table(metric)
    order = np.argsort(lo) if hi is None else np.lexsort((lo, hi))
    lo = lo[order]
    change = lo[1:] != lo[:-1]
    if hi is not None:
        hi = hi[order]
        change |= hi[1:] != hi[:-1]
    starts = np.flatnonzero(np.r_[True, change])
    nearest = np.minimum.reduceat(distances[order], starts)
    if progress is not None:
        progress(1.0, f"{len(starts):,} distinct states")
    return len(starts), histogram_of(nearest)


def recoloured(
    colouring: str, progress: ProgressFn | None = None, metric: Metric | str = Metric.HTM
) -> RecolouredCount:
    """`count_recoloured` packed with its inputs, for display."""
    count, histogram = count_recoloured(colouring, progress, metric)
    return RecolouredCount(str(colouring), count, histogram, pocket_metric(metric))
