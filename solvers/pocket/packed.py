"""Many 2x2x2 states at once as eight "slot code" columns, combined only through tiny lookup tables.

Slot code ``v = 3 * piece + twist`` (0 <= v < 24, 24 = unreadable) says what sits in a slot. A batch of n cubes is
eight int64 arrays of length n, one per slot. Composition needs a per-row permutation, which numpy does slowly and
with large temporaries; instead a cube is also packed into one int64 word (5 bits per code) so that "the code at a
data-dependent slot" is a shift and a mask. Every step below is a handful of whole-array operations on (n,) arrays,
which keeps 250,000 pairs well under 100 ms and memory small.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from solvers.cube.geometry import N_CORNERS, Corner
from solvers.pocket.coords import FREE_SLOTS, N_TWIST, REFERENCE_CORNER
from solvers.pocket.frame import N_ROTATIONS, _view_lookup, rotation_arrays

N_CODES = 3 * N_CORNERS  # 24 codes; 24 itself marks an unreadable slot
UNREADABLE = N_CODES
_BITS = 5  # bits per code in a packed word
_MASK = (1 << _BITS) - 1
_ALL_PIECES = (1 << N_CORNERS) - 1


@cache
def _tables() -> dict[str, np.ndarray]:
    codes = np.arange(N_CODES + 1)
    piece, twist = np.divmod(codes, 3)
    readable = codes < N_CODES
    tables = {
        "bit": np.where(readable, 1 << piece, 1 << N_CORNERS),  # an unreadable slot spoils the piece set
        "twist": np.where(readable, twist, 0),
        "shift": np.where(readable, _BITS * piece, 0),
    }
    # rank[v] for any code a composition can produce (up to 32): DRB counts as the 7th free piece.
    wide_piece = np.arange(33) // 3
    tables["rank"] = np.where(wide_piece == Corner.DRB, N_CORNERS - 2, np.minimum(wide_piece, N_CORNERS - 1))
    # inverse[s][v]: the code of piece p (of v) in the inverse cube, placed at p's field: slot s, twist -t.
    tables["inverse"] = np.array(
        [np.where(readable, (3 * s + (-twist) % 3) << (_BITS * piece), 0) for s in range(N_CORNERS)]
    )
    # add_twist[f * 3 + c]: code f turned by c more twists.
    f, c = np.divmod(np.arange(32 * 3), 3)
    tables["add_twist"] = f - f % 3 + (f % 3 + c) % 3
    # dbl_key[s][v]: 3 * s + twist if code v is the DBL piece, else 0 (exactly one slot holds it).
    tables["dbl_key"] = np.array(
        [np.where(piece == REFERENCE_CORNER, 3 * s + twist, 0) for s in range(N_CORNERS)]
    ).astype(np.int64)
    rot_cp, rot_co = rotation_arrays()
    rotation = _view_lookup().reshape(-1)  # key -> rotation
    tables["view_shift"] = (_BITS * rot_cp[rotation]).T.copy()  # [slot][key]
    tables["view_twist"] = rot_co[rotation].T.copy()
    for table in tables.values():
        table.setflags(write=False)
    assert len(rotation) == N_ROTATIONS
    return tables


def is_reachable(codes: list[np.ndarray]) -> np.ndarray:
    """bool (n,): every piece once and the twists summing to 0 mod 3."""
    t = _tables()
    pieces = t["bit"][codes[0]].copy()
    twist = t["twist"][codes[0]].copy()
    for column in codes[1:]:
        pieces |= t["bit"][column]
        twist += t["twist"][column]
    return (pieces == _ALL_PIECES) & (twist % 3 == 0)


def relative(a: list[np.ndarray], b: list[np.ndarray]) -> list[np.ndarray]:
    """Slot codes of ``A^-1 * B``: B's pieces renamed by the slot (and twist) they have in A."""
    t = _tables()
    inverse_a = t["inverse"][0][a[0]].copy()
    for s in range(1, N_CORNERS):
        inverse_a |= t["inverse"][s][a[s]]
    return [t["add_twist"][((inverse_a >> t["shift"][b[s]]) & _MASK) * 3 + t["twist"][b[s]]] for s in range(N_CORNERS)]


def frame_indices(codes: list[np.ndarray]) -> np.ndarray:
    """DBL-frame index (int64) of each cube seen from the side that holds its DBL piece home (X * r)."""
    t = _tables()
    packed = codes[0].copy()
    key = t["dbl_key"][0][codes[0]].copy()
    for s in range(1, N_CORNERS):
        packed |= codes[s] << (_BITS * s)
        key += t["dbl_key"][s][codes[s]]
    np.minimum(key, N_ROTATIONS - 1, out=key)  # only a broken cube (rejected by the caller) has two DBL pieces
    # (X * r).code[i] = X.code[r.cp[i]] turned by r.co[i]
    seen = {
        int(i): t["add_twist"][((packed >> t["view_shift"][i][key]) & _MASK) * 3 + t["view_twist"][i][key]]
        for i in FREE_SLOTS
    }
    ranks = [t["rank"][seen[int(i)]] for i in FREE_SLOTS]
    perm = np.zeros(len(key), dtype=np.int64)
    for i in range(len(ranks) - 1):
        smaller = np.zeros(len(key), dtype=np.int64)
        for j in range(i + 1, len(ranks)):
            smaller += ranks[j] < ranks[i]
        perm = perm * (len(ranks) - i) + smaller
    twist = np.zeros(len(key), dtype=np.int64)
    for i in FREE_SLOTS[:-1]:
        twist = twist * 3 + seen[int(i)] % 3
    return perm * N_TWIST + twist
