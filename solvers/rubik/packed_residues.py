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

# STEP[(parent distance % 3) * 4 + residue]: the child's distance minus the parent's (-1, 0 or +1; residue 3 reads
# as 0). A look-up rather than two signed remainders and branches: the optimal search decodes up to six residues
# per child, and this made it about 8% faster.
STEP = np.array([0, 1, -1, 0, -1, 0, 1, -1, 1, -1, 0, 1], dtype=np.int64)


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
