"""The one fill of symmetry-class tables: rows of twist x an inner coordinate, one row per class of a third one.

The large and split tables (class: flip x UD-slice, inner: corner comb or split), and the comparison heuristics'
corner-slice table (class: corner permutation, inner: UD-slice) and edge table (class: flip x sorted UD-slice,
inner: one value; both in `benchmarks/comparison_heuristics.py`) store 2-bit residues (`packed_residues`); the
two-phase solver's phase-1 table (class: flip x UD-slice, inner: one value; `pruning`) stores exact bytes. Entry
``class * row + twist * n_inner + inner``, with the state conjugated by the symmetry that takes the class
coordinate to its representative, so twist and inner are conjugated by that symmetry too. A residue row is padded
to a multiple of four entries so that rows start on a byte and the backward levels can write their own rows on
every core; an exact row needs no padding. The breadth-first driver and the cost model that picks each level's
direction are `fill_levels`'.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numba as nb
import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.fill_levels import build_levels
from solvers.rubik.intrinsics import fetch_add, fetch_and_byte, load_u64
from solvers.rubik.packed_residues import UNREACHED, claim, residue


def row_stride(n_inner: int) -> int:
    """Entries per class row: twist x inner, padded to a multiple of four."""
    return (cd.N_TWIST * n_inner + 3) // 4 * 4


class TwistRowLayout(NamedTuple):
    """How one table of this shape is indexed and moved: passed to the kernels as one value."""

    class_move: np.ndarray  # raw class coordinate x move
    class_sym: np.ndarray  # raw class coordinate -> 16 * class + symmetry (uint32)
    twist_move: np.ndarray
    inner_move: np.ndarray
    twist_conj: np.ndarray  # twist x symmetry
    inner_conj: np.ndarray  # inner x symmetry
    n_inner: int
    row: int  # row_stride(n_inner)


@nb.njit(cache=True, nogil=True, inline="always")
def entry(raw_class, twist, inner, layout) -> int:
    """The table index of one (class coordinate, twist, inner) state."""
    cs = layout.class_sym[raw_class]
    s = cs & 15
    return (cs >> 4) * layout.row + layout.twist_conj[twist, s] * layout.n_inner + layout.inner_conj[inner, s]


@nb.njit(cache=True, nogil=True)
def exact_distance(raw_class, twist, inner, table, layout) -> int:
    """The exact distance of one state, by walking down residues (some move always leads to residue - 1, mod 3);
    -1 if the table is damaged."""
    d = 0
    while raw_class != 0 or twist != 0 or inner != 0:
        down = (residue(table, entry(raw_class, twist, inner, layout)) + 2) % 3
        for m in range(18):
            c, t, i = layout.class_move[raw_class, m], layout.twist_move[twist, m], layout.inner_move[inner, m]
            if residue(table, entry(c, t, i, layout)) == down:
                raw_class, twist, inner = c, t, i
                break
        d += 1
        if d > 30:
            return -1
    return d


# The level kernels read a row 32 entries (one 64-bit word) at a time and find the entries of a residue with a few
# bit operations, rather than entry by entry; a row's twist and inner coordinates come from an entry's offset by a
# multiplication (`_DIVIDE_SHIFT`) instead of a division.
_LOW = np.uint64(0x5555555555555555)  # the low bit of each 2-bit entry of a word
_DIVIDE_SHIFT = 42  # offset // n_inner == offset * ceil(2**42 / n_inner) >> 42 for offsets < 2**21, n_inner < 2**10


def divide_magic(n_inner: int, row_len: int) -> int:
    """The multiplier of `_DIVIDE_SHIFT` for this inner size (exact for every offset of a row: see the bound)."""
    if row_len >= 1 << 21 or n_inner >= 1 << 10:
        raise ValueError(f"rows of {row_len} entries with {n_inner} inner values are too large for the builder")
    return -(-(1 << _DIVIDE_SHIFT) // n_inner)


@nb.njit(cache=True, nogil=True, inline="always")
def _gather_row(table, base, row_len, n_inner, magic, value, buf):
    """The entries of the row at `base` whose residue is `value`, into buf[:n] as twist << 16 | inner; returns n.
    Why words: most words of a row hold no such entry in most levels, and one test skips all 32 entries."""
    first = base >> 2  # rows start on a byte
    pattern = np.uint64(value) * _LOW
    n_words = (row_len + 31) >> 5
    tail = row_len & 31
    n = 0
    for k in range(n_words):
        equal = ~(load_u64(table, first + 8 * k) ^ pattern)
        bits = equal & (equal >> np.uint64(1)) & _LOW
        if tail != 0 and k == n_words - 1:
            bits &= (np.uint64(1) << np.uint64(2 * tail)) - np.uint64(1)  # the row's padding is not an entry
        while bits != 0:
            offset = 32 * k + np.int64(trailing_zeros(bits) >> np.uint64(1))
            twist = (offset * magic) >> _DIVIDE_SHIFT
            buf[n] = (twist << 16) | (offset - twist * n_inner)
            n += 1
            bits &= bits - np.uint64(1)
    return n


@nb.njit(cache=True, nogil=True, parallel=True)
def _forward(table, layout, moved_twist, moved_inner, reps, stabiliser, depth, next_row, stop, magic, n_workers):
    """Entries at `depth` (mod 3) claim their unreached neighbours for depth + 1 (any row, on every core).
    moved_twist[16 * m + s, t] is twist t after move m, conjugated by symmetry s (moved_inner alike). Returns
    (entries reached, neighbours looked at). Each of the n_workers threads takes rows from the shared counter
    next_row (which tells the builder how far the level is), so a thread slowed by another program does not hold
    the others up, and stops taking them once stop[0] is set; magic: `divide_magic` for this layout."""
    r, r1 = depth % 3, (depth + 1) % 3
    n_inner = layout.n_inner
    row_len = cd.N_TWIST * n_inner
    n_rows = reps.shape[0]
    counts = np.zeros((n_workers, 2), dtype=np.int64)
    for w in nb.prange(n_workers):
        buf = np.empty(row_len, dtype=np.int32)
        found = looked = 0
        while True:
            c = fetch_add(next_row, 1)
            if c >= n_rows or stop[0]:
                break
            n = _gather_row(table, c * layout.row, row_len, n_inner, magic, r, buf)
            if n == 0:
                continue
            looked += 18 * n
            for m in range(18):
                cs = layout.class_sym[layout.class_move[reps[c], m]]
                s = cs & 15
                base2 = (cs >> 4) * layout.row
                stab = stabiliser[cs >> 4]
                k = 16 * m + s
                for i in range(n):
                    t2 = moved_twist[k, buf[i] >> 16]
                    x2 = moved_inner[k, buf[i] & 0xFFFF]
                    if claim(table, base2 + t2 * n_inner + x2, r1):
                        found += 1
                        if stab != 1:  # a self-symmetric representative: equivalent entries are the same state
                            for s2 in range(1, 16):
                                if (stab >> s2) & 1:
                                    idx = base2 + layout.twist_conj[t2, s2] * n_inner + layout.inner_conj[x2, s2]
                                    found += claim(table, idx, r1)
        counts[w, 0] = found
        counts[w, 1] = looked
    return counts[:, 0].sum(), counts[:, 1].sum()


@nb.njit(cache=True, nogil=True, parallel=True)
def _backward(table, layout, moved_twist, moved_inner, reps, depth, next_row, stop, magic, n_workers):
    """Unreached entries with a neighbour at `depth` get depth + 1; each class writes only its own row (a byte at
    a time: rows start on a byte, so no two threads share one). Arguments and result as `_forward`'s."""
    r = depth % 3
    flip = np.uint8(3 ^ ((depth + 1) % 3))  # XOR-ing an unreached entry (3) with this makes it (depth + 1) % 3
    n_inner = layout.n_inner
    row_len = cd.N_TWIST * n_inner
    n_rows = reps.shape[0]
    counts = np.zeros((n_workers, 2), dtype=np.int64)
    for w in nb.prange(n_workers):
        buf = np.empty(row_len, dtype=np.int32)
        hits = np.empty(row_len, dtype=np.int32)
        found = looked = 0
        while True:
            c = fetch_add(next_row, 1)
            if c >= n_rows or stop[0]:
                break
            base = c * layout.row
            n = _gather_row(table, base, row_len, n_inner, magic, UNREACHED, buf)
            n_hits = 0
            for m in range(18):
                if n == 0:
                    break
                cs = layout.class_sym[layout.class_move[reps[c], m]]
                base2 = (cs >> 4) * layout.row
                k = 16 * m + (cs & 15)
                looked += n
                # Without a branch on the outcome (a coin toss the processor would mispredict about as often as
                # not): every entry is copied to both lists, and only one count moves on.
                kept = 0
                for i in range(n):
                    v = buf[i]
                    hit = np.int64(
                        residue(table, base2 + moved_twist[k, v >> 16] * n_inner + moved_inner[k, v & 0xFFFF]) == r
                    )
                    buf[kept] = v
                    hits[n_hits] = v
                    kept += 1 - hit
                    n_hits += hit
                n = kept
            # Written once the row is done: until then its new entries read 3 instead of (depth + 1) % 3 to a
            # neighbour that is this row, and neither is the residue looked for.
            for j in range(n_hits):
                own = base + (hits[j] >> 16) * n_inner + (hits[j] & 0xFFFF)
                table[own >> 2] ^= flip << np.uint8((own & 3) << 1)
            found += n_hits
        counts[w, 0] = found
        counts[w, 1] = looked
    return counts[:, 0].sum(), counts[:, 1].sum()


# Exact storage, one distance a byte (the two-phase solver's phase-1 table): the same levels over the same layout,
# reading a row eight entries (one word) at a time, with a move set given (quarter turns alone give QTM distances).
_BYTE_LOW = np.uint64(0x0101010101010101)
_BYTE_SEVEN = np.uint64(0x7F7F7F7F7F7F7F7F)


@nb.njit(cache=True, nogil=True, inline="always")
def _gather_row_bytes(table, base, row_len, n_inner, magic, value, buf):
    """`_gather_row` for a row of bytes: the entries equal to `value`, into buf[:n]; returns n. A byte is found
    equal by the exact zero-byte test (no false hits, unlike the shorter borrow test)."""
    pattern = np.uint64(value) * _BYTE_LOW
    n_words = (row_len + 7) >> 3
    tail = row_len & 7
    n = 0
    for k in range(n_words):
        x = load_u64(table, base + 8 * k) ^ pattern
        bits = ~(((x & _BYTE_SEVEN) + _BYTE_SEVEN) | x | _BYTE_SEVEN)  # the top bit of each zero byte
        if tail != 0 and k == n_words - 1:
            bits &= (np.uint64(1) << np.uint64(8 * tail)) - np.uint64(1)  # the next row's bytes are not this row's
        while bits != 0:
            offset = 8 * k + np.int64(trailing_zeros(bits) >> np.uint64(3))
            twist = (offset * magic) >> _DIVIDE_SHIFT
            buf[n] = (twist << 16) | (offset - twist * n_inner)
            n += 1
            bits &= bits - np.uint64(1)
    return n


@nb.njit(cache=True, nogil=True, inline="always")
def _claim_byte(table, idx, value) -> int:
    """Set byte idx to `value` if it is UNKNOWN (all bits set), safely while other threads claim it too: an atomic
    AND, as `packed_residues.claim`; returns 1 if this call set it, else 0."""
    if table[idx] != 0xFF:
        return 0
    old = fetch_and_byte(table, idx, np.uint8(value))  # type: ignore[call-arg, var-annotated]  # (numba intrinsics)
    return 1 if old == 0xFF else 0


@nb.njit(cache=True, nogil=True, parallel=True)
def _forward_bytes(table, layout, moved_twist, moved_inner, reps, stabiliser, moves, depth, next_row, stop, magic,
                   n_workers):  # fmt: skip
    """`_forward` over exact bytes and the moves given: entries at `depth` claim unknown neighbours."""
    n_inner = layout.n_inner
    row_len = cd.N_TWIST * n_inner
    n_rows = reps.shape[0]
    counts = np.zeros((n_workers, 2), dtype=np.int64)
    for w in nb.prange(n_workers):
        buf = np.empty(row_len, dtype=np.int32)
        found = looked = 0
        while True:
            c = fetch_add(next_row, 1)
            if c >= n_rows or stop[0]:
                break
            n = _gather_row_bytes(table, c * layout.row, row_len, n_inner, magic, depth, buf)
            if n == 0:
                continue
            looked += moves.shape[0] * n
            for mi in range(moves.shape[0]):
                m = moves[mi]
                cs = layout.class_sym[layout.class_move[reps[c], m]]
                base2 = (cs >> 4) * layout.row
                stab = stabiliser[cs >> 4]
                k = 16 * m + (cs & 15)
                for i in range(n):
                    t2 = moved_twist[k, buf[i] >> 16]
                    x2 = moved_inner[k, buf[i] & 0xFFFF]
                    if _claim_byte(table, base2 + t2 * n_inner + x2, depth + 1):
                        found += 1
                        if stab != 1:  # a self-symmetric representative: equivalent entries are the same state
                            for s2 in range(1, 16):
                                if (stab >> s2) & 1:
                                    idx = base2 + layout.twist_conj[t2, s2] * n_inner + layout.inner_conj[x2, s2]
                                    found += _claim_byte(table, idx, depth + 1)
        counts[w, 0] = found
        counts[w, 1] = looked
    return counts[:, 0].sum(), counts[:, 1].sum()


@nb.njit(cache=True, nogil=True, parallel=True)
def _backward_bytes(table, layout, moved_twist, moved_inner, reps, moves, depth, next_row, stop, magic, n_workers):
    """`_backward` over exact bytes and the moves given: unknown entries with a neighbour at `depth` get depth + 1,
    each class writing only its own row, once the row is done."""
    n_inner = layout.n_inner
    row_len = cd.N_TWIST * n_inner
    n_rows = reps.shape[0]
    counts = np.zeros((n_workers, 2), dtype=np.int64)
    for w in nb.prange(n_workers):
        buf = np.empty(row_len, dtype=np.int32)
        hits = np.empty(row_len, dtype=np.int32)
        found = looked = 0
        while True:
            c = fetch_add(next_row, 1)
            if c >= n_rows or stop[0]:
                break
            base = c * layout.row
            n = _gather_row_bytes(table, base, row_len, n_inner, magic, 0xFF, buf)
            n_hits = 0
            for mi in range(moves.shape[0]):
                if n == 0:
                    break
                m = moves[mi]
                cs = layout.class_sym[layout.class_move[reps[c], m]]
                base2 = (cs >> 4) * layout.row
                k = 16 * m + (cs & 15)
                looked += n
                kept = 0
                for i in range(n):  # branch-free, as in `_backward`
                    v = buf[i]
                    near = base2 + moved_twist[k, v >> 16] * n_inner + moved_inner[k, v & 0xFFFF]
                    hit = np.int64(table[near] == depth)
                    buf[kept] = v
                    hits[n_hits] = v
                    kept += 1 - hit
                    n_hits += hit
                n = kept
            for j in range(n_hits):
                table[base + (hits[j] >> 16) * n_inner + (hits[j] & 0xFFFF)] = depth + 1
            found += n_hits
        counts[w, 0] = found
        counts[w, 1] = looked
    return counts[:, 0].sum(), counts[:, 1].sum()


def moved_tables(layout: TwistRowLayout) -> tuple[np.ndarray, np.ndarray]:
    """moved_twist[16 * m + s, t] = twist_conj[twist_move[t, m], s], and moved_inner alike (int16): a
    neighbour's twist and inner coordinate in one read each instead of two."""
    twist = layout.twist_conj[layout.twist_move.T[:, None, :].astype(np.int64), np.arange(16)[None, :, None]]
    inner = layout.inner_conj[layout.inner_move.T[:, None, :].astype(np.int64), np.arange(16)[None, :, None]]
    return twist.reshape(18 * 16, -1).astype(np.int16), inner.reshape(18 * 16, -1).astype(np.int16)


def build_twist_row_table(
    layout: TwistRowLayout, reps: np.ndarray, stabiliser: np.ndarray, progress: ProgressFn, label: str,
    last_depth: int | None = None, expected: Sequence[int] | None = None,
) -> dict[str, np.ndarray]:  # fmt: skip
    """{"residues": uint8 packed table, "histogram": entries per exact distance} (HTM); with `last_depth`, only
    the entries that near are set; `expected`: the table's histogram when known, for an even progress (see
    `fill_levels.build_levels`)."""
    moved_twist, moved_inner = moved_tables(layout)
    magic = divide_magic(layout.n_inner, cd.N_TWIST * layout.n_inner)

    def forward(table, depth, rows_taken, stop):
        return _forward(table, layout, moved_twist, moved_inner, reps, stabiliser, depth, rows_taken, stop, magic,
                        nb.get_num_threads())  # fmt: skip

    def backward(table, depth, rows_taken, stop):
        return _backward(table, layout, moved_twist, moved_inner, reps, depth, rows_taken, stop, magic,
                         nb.get_num_threads())  # fmt: skip

    n_classes = reps.shape[0]
    size = n_classes * cd.N_TWIST * layout.n_inner
    table, histogram = build_levels(n_classes, layout.row, size, forward, backward, progress, label, last_depth,
                                    expected)  # fmt: skip
    return {"residues": table, "histogram": histogram}


def exact_layout(layout: TwistRowLayout) -> TwistRowLayout:
    """The layout with unpadded rows, as an exact table (one byte an entry, rows need not start on a byte of
    packed entries) is stored: entry class * N_TWIST * n_inner + twist * n_inner + inner."""
    return layout._replace(row=cd.N_TWIST * layout.n_inner)


def build_exact_table(
    layout: TwistRowLayout, reps: np.ndarray, stabiliser: np.ndarray, moves: np.ndarray, progress: ProgressFn,
    label: str,
) -> np.ndarray:  # fmt: skip
    """Exact distances (uint8, one a byte, in `exact_layout(layout)`'s order) under `moves` (any subset of the 18:
    the quarter turns give QTM distances), by the same levels as `build_twist_row_table`."""
    layout = exact_layout(layout)
    moved_twist, moved_inner = moved_tables(layout)
    magic = divide_magic(layout.n_inner, layout.row)
    moves = np.asarray(moves, dtype=np.int64)

    def forward(table, depth, rows_taken, stop):
        return _forward_bytes(table, layout, moved_twist, moved_inner, reps, stabiliser, moves, depth, rows_taken,
                              stop, magic, nb.get_num_threads())  # fmt: skip

    def backward(table, depth, rows_taken, stop):
        return _backward_bytes(table, layout, moved_twist, moved_inner, reps, moves, depth, rows_taken, stop, magic,
                               nb.get_num_threads())  # fmt: skip

    n_classes = reps.shape[0]
    table, _ = build_levels(n_classes, layout.row, n_classes * layout.row, forward, backward, progress, label,
                            exact=True)  # fmt: skip
    return table
