"""Kociemba's coordinates of the 3x3x3 on flat cubies (numba): each a get/set pair and an N_ constant.

Phase 1 (reach the subgroup H = <U, D, R2, L2, F2, B2>) uses twist, flip and the UD-slice combination;
phase 2 (solve inside H) uses the corner permutation, the permutation of the eight U/D edges and the
permutation of the four slice edges. Every coordinate of the solved cube is 0.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.rubik.cubie import CO, CP, EO, EP

N_TWIST = 3**7  # 2187: orientations of 7 corners, the 8th follows (sum = 0 mod 3)
N_FLIP = 2**11  # 2048: orientations of 11 edges, the 12th follows (sum = 0 mod 2)
N_SLICE = 495  # C(12, 4): which 4 of the 12 edge slots hold the FR, FL, BL, BR edges
N_PERM4 = 24  # 4!: their order
N_SLICE_SORTED = N_SLICE * N_PERM4  # 11880: combination and order of the slice edges
N_CORNERS = 40320  # 8!: corner permutation
N_UD_EDGES = 40320  # 8!: permutation of the U/D edges (phase 2 only: the slice edges are in the slice)
N_FLIPSLICE = N_FLIP * N_SLICE  # 1013760: phase-1 edge state
FIRST_SLICE_EDGE = 8  # FR; the slice edges are pieces 8..11


@nb.njit(cache=True)
def _binomial_table() -> np.ndarray:
    table = np.zeros((13, 13), dtype=np.int64)
    for n in range(13):
        table[n, 0] = 1
        for k in range(1, n + 1):
            table[n, k] = table[n - 1, k - 1] + table[n - 1, k]
    return table


BINOMIAL = _binomial_table.py_func()


@nb.njit(cache=True, nogil=True)
def _get_orientations(c: np.ndarray, first: int, count: int, base: int) -> int:
    """The orientations c[first], ..., c[first + count - 1] as the digits of a number in `base` (first digit most
    significant)."""
    value = 0
    for i in range(count):
        value = base * value + c[first + i]
    return value


@nb.njit(cache=True, nogil=True)
def _set_orientations(c: np.ndarray, first: int, count: int, base: int, value: int) -> None:
    """Inverse of `_get_orientations`, and c[first + count] set so that the count + 1 orientations sum to 0 mod
    `base` (the last piece's orientation follows from the others')."""
    total = 0
    for i in range(count - 1, -1, -1):
        c[first + i] = value % base
        total += value % base
        value //= base
    c[first + count] = (base - total % base) % base


@nb.njit(cache=True, nogil=True)
def get_twist(c: np.ndarray) -> int:
    """0 <= twist < N_TWIST: co of corners URF..DLF in base 3."""
    return _get_orientations(c, CO, 7, 3)


@nb.njit(cache=True, nogil=True)
def set_twist(c: np.ndarray, twist: int) -> None:
    _set_orientations(c, CO, 7, 3, twist)


@nb.njit(cache=True, nogil=True)
def get_flip(c: np.ndarray) -> int:
    """0 <= flip < N_FLIP: eo of edges UR..BL in base 2."""
    return _get_orientations(c, EO, 11, 2)


@nb.njit(cache=True, nogil=True)
def set_flip(c: np.ndarray, flip: int) -> None:
    _set_orientations(c, EO, 11, 2, flip)


@nb.njit(cache=True, nogil=True)
def _perm_rank(values: np.ndarray, n: int) -> int:
    """Lehmer rank of a permutation of 0..n-1 (identity -> 0)."""
    rank = 0
    for i in range(n):
        smaller = 0
        for j in range(i + 1, n):
            if values[j] < values[i]:
                smaller += 1
        rank = rank * (n - i) + smaller
    return rank


@nb.njit(cache=True, nogil=True)
def _perm_unrank(rank: int, n: int, out: np.ndarray) -> None:
    digits = np.empty(n, dtype=np.int64)
    for i in range(n - 1, -1, -1):
        digits[i] = rank % (n - i)
        rank //= n - i
    used = np.zeros(n, dtype=np.bool_)
    for i in range(n):
        k = digits[i]
        for v in range(n):
            if not used[v]:
                if k == 0:
                    out[i] = v
                    used[v] = True
                    break
                k -= 1


@nb.njit(cache=True, nogil=True)
def get_slice_sorted(c: np.ndarray) -> int:
    """0 <= slice_sorted < N_SLICE_SORTED: 24 * (slot combination of the slice edges) + (their order).

    The combination is ranked in the combinatorial number system reading slots from BR down, so the solved
    cube (slice edges in slots 8..11) has combination 0; `slice_sorted // 24` is the phase-1 UD-slice.
    """
    comb = 0
    found = 0
    order = np.empty(4, dtype=np.int64)
    for j in range(11, -1, -1):
        piece = c[EP + j]
        if piece >= FIRST_SLICE_EDGE:
            comb += BINOMIAL[11 - j, found + 1]
            order[3 - found] = piece - FIRST_SLICE_EDGE
            found += 1
    return N_PERM4 * comb + _perm_rank(order, 4)


@nb.njit(cache=True, nogil=True)
def set_slice_sorted(c: np.ndarray, value: int) -> None:
    """Place the slice edges as `value` says; the other edges fill the remaining slots in order."""
    comb = value // N_PERM4
    order = np.empty(4, dtype=np.int64)
    _perm_unrank(value % N_PERM4, 4, order)
    slots = np.zeros(12, dtype=np.bool_)
    need = 4
    for j in range(12):  # invert the combinatorial number system, slot 0 first
        if need > 0 and comb >= BINOMIAL[11 - j, need]:
            comb -= BINOMIAL[11 - j, need]
            slots[j] = True
            need -= 1
    k = 0
    other = 0
    for j in range(12):
        if slots[j]:
            c[EP + j] = FIRST_SLICE_EDGE + order[k]
            k += 1
        else:
            c[EP + j] = other
            other += 1


@nb.njit(cache=True, nogil=True)
def get_corners(c: np.ndarray) -> int:
    """0 <= corners < N_CORNERS: rank of the corner permutation."""
    return _perm_rank(c[CP : CP + 8], 8)


@nb.njit(cache=True, nogil=True)
def set_corners(c: np.ndarray, value: int) -> None:
    out = np.empty(8, dtype=np.int64)
    _perm_unrank(value, 8, out)
    for i in range(8):
        c[CP + i] = out[i]


@nb.njit(cache=True, nogil=True)
def get_ud_edges(c: np.ndarray) -> int:
    """0 <= ud_edges < N_UD_EDGES: rank of the U/D edges' permutation; meaningful when all are in slots 0..7."""
    return _perm_rank(c[EP : EP + 8], 8)


@nb.njit(cache=True, nogil=True)
def set_ud_edges(c: np.ndarray, value: int) -> None:
    out = np.empty(8, dtype=np.int64)
    _perm_unrank(value, 8, out)
    for i in range(8):
        c[EP + i] = out[i]
    for i in range(8, 12):
        c[EP + i] = i


@nb.njit(cache=True, nogil=True)
def corner_parity(c: np.ndarray) -> int:
    """Parity of the corner permutation: every quarter turn flips it, so it fixes a QTM distance's parity."""
    parity = 0
    for i in range(8):
        for j in range(i + 1, 8):
            if c[CP + j] < c[CP + i]:
                parity ^= 1
    return parity
