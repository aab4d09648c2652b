"""The residue heuristic's edge table: the exact HTM distance, mod 3, of flip x sorted UD-slice x twist.

This is phase 1 with the order of the four slice edges kept (24 times phase 1), reduced by the 16 U-D
symmetries to 1,523,864 edge classes x 2187 twists = 3.3e9 entries. Why mod 3 in 2 bits: a move changes the
distance by -1, 0 or +1, so a search that knows the parent's exact distance reads the child's from its residue
(`distance_from_residue`), and the table fits in 834 MB instead of 3.3 GB. Value 3 marks "not reached yet"
while building.

Each class owns a byte-aligned row of `ROW` entries, so the backward levels (which write only the row being
examined) can run on every core without two threads ever writing the same byte. The forward levels write any
row, so they set an entry by an atomic AND of its byte (`claim`): every core can run them too.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.optimal.intrinsics import fetch_and_byte

ROW = cd.N_TWIST + 1  # 2188 entries = 547 bytes: rows start on a byte
UNREACHED = 3
_BLOCK = 512  # classes per parallel work item (one scratch buffer each)
_CHUNKS = 128  # progress reports (and chances to cancel) per level: about a second apart at most


@nb.njit(cache=True, nogil=True, inline="always")
def residue(table: np.ndarray, idx: int) -> int:
    """Entry idx of a packed 2-bit table. The index goes unsigned because numba then leaves out its negative-index
    wrap-around, which costs a few instructions on every read of the optimal search's hottest loop."""
    i = np.uint64(idx)
    return np.int64((table[i >> np.uint64(2)] >> ((i & np.uint64(3)) << np.uint64(1))) & np.uint64(3))


@nb.njit(cache=True, nogil=True, inline="always")
def store(table: np.ndarray, idx: int, value: int) -> None:
    """Set entry idx of a packed 2-bit table."""
    shift = (idx & 3) << 1
    table[idx >> 2] = (table[idx >> 2] & ~np.uint8(3 << shift)) | np.uint8(value << shift)


@nb.njit(cache=True, nogil=True, inline="always")
def claim(table: np.ndarray, idx: int, value: int) -> int:
    """Set entry idx to `value` if it is UNREACHED, safely while other threads claim entries of the same byte;
    returns 1 if this call set it, else 0. Why an AND works: UNREACHED is binary 11, so AND-ing the entry's bits
    with `value` turns it into `value`, and a level only ever writes one value, so a second claim changes nothing.
    """
    if residue(table, idx) != UNREACHED:  # the common case, without a locked instruction
        return 0
    shift = (idx & 3) << 1
    old = fetch_and_byte(table, idx >> 2, np.uint8(~(3 << shift) & 0xFF | (value << shift)))
    return 1 if (old >> shift) & 3 == UNREACHED else 0


@nb.njit(cache=True, nogil=True, inline="always")
def gather(table: np.ndarray, base: int, length: int, value: int, buf: np.ndarray) -> int:
    """The offsets of the entries of the row at `base` (`length` entries) whose residue is `value`, into buf[:n];
    returns n."""
    n = 0
    for e in range(length):
        if residue(table, base + e) == value:
            buf[n] = e
            n += 1
    return n


@nb.njit(cache=True, nogil=True, inline="always")
def settle(table: np.ndarray, base: int, buf: np.ndarray, i: int, n: int, value: int) -> int:
    """Store `value` at offset buf[i] of the row at `base` and drop that offset from buf[:n] (the last one takes its
    place); returns the new n. A backward level's step for an entry that found its neighbour."""
    store(table, base + buf[i], value)
    n -= 1
    buf[i] = buf[n]
    return n


# STEP[(parent distance % 3) * 4 + residue]: the child's distance minus the parent's (-1, 0 or +1; residue 3 reads
# as 0). A look-up rather than two signed remainders and branches: the optimal search decodes up to six residues
# per child, and this made it about 8% faster.
STEP = np.array([0, 1, -1, 0, -1, 0, 1, -1, 1, -1, 0, 1], dtype=np.int64)


@nb.njit(cache=True, nogil=True, inline="always")
def distance_from_residue(parent_distance: int, r: int) -> int:
    """The child's exact distance from the parent's and the child's residue mod 3."""
    return parent_distance + STEP[(parent_distance % 3) * 4 + r]


@nb.njit(cache=True, nogil=True, inline="always")
def distance_above(floor: int, r: int) -> int:
    """The least distance with residue r (mod 3) that is at least `floor`: a lower bound on an entry's distance
    from its residue and any lower bound on that distance, exact when the distance is below floor + 3. Why: a
    look-up with no parent distance to decode from (a cube's inverse) still reads its distance from the residue
    table, given a floor from a coarser table."""
    return floor + (r - floor) % 3


@nb.njit(cache=True, nogil=True, inline="always")
def lookup(flip, slice_sorted, twist, table, class_sym, twist_conj) -> int:
    """The residue of one (flip, slice_sorted, twist) state. class_sym = 16 * class + symmetry: one read."""
    cs = class_sym[slice_sorted * cd.N_FLIP + flip]
    return residue(table, (cs >> 4) * ROW + twist_conj[twist, cs & 15])


@nb.njit(cache=True, nogil=True)
def exact_distance(flip, slice_sorted, twist, table, class_sym, twist_conj, flip_move, slice_move, twist_move):
    """The exact distance of one state, by walking down: some move always leads to residue - 1 (mod 3)."""
    d = 0
    while flip != 0 or slice_sorted != 0 or twist != 0:
        down = (lookup(flip, slice_sorted, twist, table, class_sym, twist_conj) + 2) % 3
        for m in range(18):
            f, s, t = flip_move[flip, m], slice_move[slice_sorted, m], twist_move[twist, m]
            if lookup(f, s, t, table, class_sym, twist_conj) == down:
                flip, slice_sorted, twist = f, s, t
                break
        d += 1
        if d > 30:
            return -1  # a damaged table; never for a correct one
    return d


@nb.njit(cache=True, nogil=True, inline="always")
def _moved_class_sym(rep, m, flip_move, slice_move, class_sym):
    """16 * class + symmetry of the flip x sorted slice coordinate `rep` (N_FLIP * slice + flip) after move m."""
    return class_sym[slice_move[rep // cd.N_FLIP, m] * cd.N_FLIP + flip_move[rep % cd.N_FLIP, m]]


@nb.njit(cache=True, nogil=True, parallel=True)
def _forward(table, flip_move, slice_move, twist_move, class_sym, reps, stabiliser, twist_conj, depth, lo, hi):
    """Entries at `depth` (mod 3) claim their unreached neighbours for depth + 1 (any row, on every core)."""
    r, r1 = depth % 3, (depth + 1) % 3
    n_blocks = (hi - lo + _BLOCK - 1) // _BLOCK
    counts = np.zeros(n_blocks, dtype=np.int64)
    for b in nb.prange(n_blocks):
        buf = np.empty(cd.N_TWIST, dtype=np.int32)
        found = 0
        for c in range(lo + b * _BLOCK, min(hi, lo + (b + 1) * _BLOCK)):
            n = gather(table, c * ROW, cd.N_TWIST, r, buf)
            if n == 0:
                continue
            rep = reps[c]
            for m in range(18):
                cs = _moved_class_sym(rep, m, flip_move, slice_move, class_sym)
                c2 = cs >> 4
                s = cs & 15
                base2 = c2 * ROW
                stab = stabiliser[c2]
                for i in range(n):
                    t2 = twist_conj[twist_move[buf[i], m], s]
                    if claim(table, base2 + t2, r1):
                        found += 1
                        if stab != 1:  # a self-symmetric representative: equivalent twists are the same state
                            for s2 in range(1, 16):
                                if (stab >> s2) & 1:
                                    found += claim(table, base2 + twist_conj[t2, s2], r1)
        counts[b] = found
    return counts.sum()


@nb.njit(cache=True, nogil=True, parallel=True)
def _backward(table, flip_move, slice_move, twist_move, class_sym, reps, twist_conj, depth, lo, hi):
    """Unreached entries with a neighbour at `depth` get depth + 1; each block writes only its own rows."""
    r, r1 = depth % 3, (depth + 1) % 3
    n_blocks = (hi - lo + _BLOCK - 1) // _BLOCK
    counts = np.zeros(n_blocks, dtype=np.int64)
    for b in nb.prange(n_blocks):
        buf = np.empty(cd.N_TWIST, dtype=np.int32)
        found = 0
        for c in range(lo + b * _BLOCK, min(hi, lo + (b + 1) * _BLOCK)):
            base = c * ROW
            unreached = n = gather(table, base, cd.N_TWIST, UNREACHED, buf)
            if n == 0:
                continue
            rep = reps[c]
            for m in range(18):
                cs = _moved_class_sym(rep, m, flip_move, slice_move, class_sym)
                base2 = (cs >> 4) * ROW
                s = cs & 15
                i = 0
                while i < n:
                    if residue(table, base2 + twist_conj[twist_move[buf[i], m], s]) == r:
                        n = settle(table, base, buf, i, n, r1)
                    else:
                        i += 1
                if n == 0:
                    break
            found += unreached - n
        counts[b] = found
    return counts.sum()


def build_residue_table(
    n_rows: int, row_stride: int, size: int, forward, backward, progress: ProgressFn, label: str,
    last_depth: int | None = None,
):  # fmt: skip
    """Breadth-first levels over a residue table whose goal is entry 0: (packed table, histogram of distances).

    forward(table, depth, lo, hi) and backward(table, depth, lo, hi) run one level over rows [lo, hi) and
    return how many entries they reached; `size` counts the real entries (rows may be padded). With
    `last_depth`, the levels stop there: entries further away stay UNREACHED (`large_bounds` needs to know
    which entries are that near)."""
    table = np.full(n_rows * row_stride // 4, 0xFF, dtype=np.uint8)
    store(table, 0, 0)
    histogram = [1]
    known = 1
    bounds = np.linspace(0, n_rows, min(_CHUNKS, n_rows) + 1).astype(np.int64)
    depth = 0
    while known < size and (last_depth is None or depth < last_depth):
        # Forward work is the entries with this residue, backward work the unreached entries: go backward once
        # that is the smaller.
        frontier = sum(histogram[depth::-3])
        level = backward if frontier > size - known else forward
        reached = 0
        for k in range(len(bounds) - 1):
            reached += int(level(table, depth, int(bounds[k]), int(bounds[k + 1])))
            done = (known + reached) / size
            progress(min(0.999, done), f"{label}: depth {depth + 1}, {done:.1%} of {size:.2g} entries")
        if reached == 0:
            raise AssertionError(f"{label}: a level reached nothing before the table was full")
        histogram.append(reached)
        known += reached
        depth += 1
    return table, np.array(histogram, dtype=np.int64)


def build_edge_table(
    flip_move, slice_sorted_move, twist_move, classes: dict[str, np.ndarray], twist_conj, progress: ProgressFn
) -> dict[str, np.ndarray]:
    """The edge table (cached as rubik-strong-htm): {"residues": uint8 packed table, "histogram": int64 entries
    per exact distance}. HTM only: a half turn
    in QTM moves the distance by 2, which a residue mod 3 cannot tell from -1."""
    class_sym, reps, stab = (classes[k] for k in ("class_sym", "reps", "stabiliser"))

    def forward(table, depth, lo, hi):
        return _forward(table, flip_move, slice_sorted_move, twist_move, class_sym, reps, stab, twist_conj, depth, lo,
                        hi)  # fmt: skip

    def backward(table, depth, lo, hi):
        return _backward(table, flip_move, slice_sorted_move, twist_move, class_sym, reps, twist_conj, depth, lo, hi)

    n_classes = reps.shape[0]
    table, histogram = build_residue_table(
        n_classes, ROW, n_classes * cd.N_TWIST, forward, backward, progress, "strong pruning table"
    )
    return {"residues": table, "histogram": histogram}
