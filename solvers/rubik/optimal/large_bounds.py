"""The large table's distances as lower bounds that stand alone: what a look-up of a cube's inverse reads.

The large table (`large_residues`) holds distances mod 3, which a search decodes from the parent's exact distance
(a move changes it by at most one). A cube's inverse is at the same distance as the cube, so its look-up bounds
the same search; but the inverse of a child is the parent's inverse with the move applied on the other side, and
that changes the inverse's flip, slice, twist and comb by any amount, so there is no parent distance to decode
from. This table stores, in the same layout and two bits, a bound that needs none: 0 for a distance of at most
BASE, else 1, 2 or 3 for BASE + 1, BASE + 2, BASE + 3 or more (mod 3 beyond that: 13 reads as 10, still a lower
bound). 96% of the large table's entries are above BASE = 9, and an inverse bound of 9 or less can only prune
where the remaining cost is below 9, where the cube's own exact bounds already do the work.

Built from the large table in about a minute: the same breadth-first levels up to BASE say which entries are that
near, and the large table's residue names each farther entry's distance (10, 11, 12 have residues 1, 2, 0). The
table keeps its base beside it (`lower`), so the search decodes whatever base it was built with.

Why a second table of the same size, when the inverse's residue can also be decoded above its phase-1 distance
(the split table's way, `packed_residues.distance_above`): that takes two reads from memory per look-up where this
takes one, and it is exact for fewer entries; on two threads the large tier solves about 10% faster with this
table, and speed is what the large tier is for. The standard tier keeps its memory instead.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik.class_fill import TwistRowLayout, build_twist_row_table
from solvers.rubik.optimal.large_residues import EXPECTED_HISTOGRAM
from solvers.rubik.packed_residues import UNREACHED, residue

BASE = 9


def lower_bounds(base: int = BASE) -> np.ndarray:
    """int64 (4,): the bound each stored value stands for (kept with the table, which says its own base)."""
    return np.array([0, base + 1, base + 2, base + 3], dtype=np.int64)


@nb.njit(cache=True, nogil=True, inline="always")
def lower_bound(table: np.ndarray, idx: int, lower: np.ndarray) -> int:
    """The bound stored at entry idx (`lower`: the table's `lower_bounds`)."""
    return lower[residue(table, idx)]


@nb.njit(cache=True, nogil=True, parallel=True)
def _merge(near: np.ndarray, residues: np.ndarray, base: int) -> None:
    """near (entries within `base` set, the rest UNREACHED) becomes the bounds table, byte by byte, in place: an
    entry past the base with residue r is at base + 1 + ((r - base - 1) mod 3) or 3 more."""
    offset = (-(base + 1)) % 3
    for i in nb.prange(near.shape[0]):
        n, r = near[i], residues[i]
        out = 0
        for k in range(4):
            shift = 2 * k
            if (n >> shift) & 3 == UNREACHED:
                out |= (((r >> shift) & 3) + offset) % 3 + 1 << shift
        near[i] = out


def build_bounds_table(
    residues: np.ndarray, layout: TwistRowLayout, reps: np.ndarray, stabiliser: np.ndarray, progress: ProgressFn,
    base: int = BASE, label: str = "large bounds table",
) -> dict[str, np.ndarray]:  # fmt: skip
    """{"bounds": uint8 packed table, "lower": its `lower_bounds`}: residues is the finished residue table of this
    layout (a test's stand-in table takes a smaller base, so that its bounds matter in short searches)."""
    expected = EXPECTED_HISTOGRAM.get(layout.n_inner)  # the large table's, whose levels up to base these are
    near = build_twist_row_table(layout, reps, stabiliser, progress, label, base, expected)["residues"]
    progress(0.999, f"{label}: merging with the residues")
    _merge(near, residues, base)
    return {"bounds": near, "lower": lower_bounds(base)}


def expected_bounds(exact: np.ndarray, base: int = BASE) -> np.ndarray:
    """The bounds the table holds for entries at these exact distances (the table's definition, for the tests):
    0 up to base, the distance itself up to base + 3, then base + 1 + the distance's rest past base mod 3."""
    return np.where(exact <= base, 0, base + 1 + (exact - base - 1) % 3)
