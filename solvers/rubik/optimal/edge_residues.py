"""The residue heuristic's edge table: the exact HTM distance, mod 3, of flip x sorted UD-slice x twist.

This is phase 1 with the order of the four slice edges kept (24 times phase 1), reduced by the 16 U-D
symmetries to 1,523,864 edge classes x 2187 twists = 3.3e9 entries. Why mod 3 in 2 bits: a move changes the
distance by -1, 0 or +1, so a search that knows the parent's exact distance reads the child's from its residue
(`distance_from_residue`), and the table fits in 834 MB instead of 3.3 GB. Value 3 marks "not reached yet"
while building.

Each class owns a byte-aligned row of `ROW` entries, so the backward levels (which write only the row being
examined) can run on every core without two threads ever writing the same byte. The forward levels write any
row, so they set an entry by an atomic AND of its byte (`packed_residues.claim`): every core can run them too. The
storage is `packed_residues`'; the build is `class_fill`'s (`edge_table`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.rubik import coords as cd
from solvers.rubik.packed_residues import residue

ROW = cd.N_TWIST + 1  # 2188 entries = 547 bytes: rows start on a byte


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
def lookup(flip, slice_sorted, twist, table, class_sym, twist_conj) -> np.int64:
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
