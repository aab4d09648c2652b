"""Packed 2-bit residue storage: four entries a byte, each a distance mod 3, value 3 for "not reached yet".

Why mod 3 in 2 bits: a move changes a distance by -1, 0 or +1, so a reader that knows the parent's exact distance
reads the child's from its residue, at a quarter of the bytes of exact distances. `claim` lets every core set
entries of the same byte during a build's forward levels.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.rubik.intrinsics import fetch_and_byte

UNREACHED = 3


@nb.njit(cache=True, nogil=True, inline="always")
def residue(table: np.ndarray, idx: int) -> np.int64:
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
    mask = np.uint8(~(3 << shift) & 0xFF | (value << shift))
    old = fetch_and_byte(table, idx >> 2, mask)  # type: ignore[call-arg, var-annotated]  # (numba types intrinsics)
    return 1 if (old >> shift) & 3 == UNREACHED else 0
