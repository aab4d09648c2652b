"""The cube's three laws on a goal: corner twists sum to 0 (mod 3), edge flips to 0 (mod 2), and the corner and
edge permutations have the same parity. A pattern whose stickers break them is refused before any search.

Why an exact check rather than the net editor's "every piece known" rule: a goal leaves pieces grey, so a law
binds only when the coloured stickers leave no way to satisfy it. For each kind of piece a dynamic programme over
the slots (in order) and the set of pieces placed so far tracks which (orientation sum, permutation parity) pairs
some placement allowed by the goal reaches; the goal is reachable exactly when a placement of the corners and one
of the edges exist with sums 0 and equal parities. Two slots that accept any piece in any orientation make every
pair reachable (swap their pieces, turn one of them), which settles most patterns at once.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from solvers.cube.geometry import Face, corner_facelets, edge_facelets, facelet_name

# (first piece, pieces of the kind, orientations): corners 0..7 (3 twists), edges 8..19 (2 flips)
KINDS = ((0, 8, 3), (8, 12, 2))
MAX_NAMED = 4  # pieces whose stickers a refusal lists


def law_problem(allowed: np.ndarray, wanted: list[int]) -> tuple[str, list[int]] | None:
    """(message, stickers at fault) when no cube state satisfies `allowed` and the cube's laws together, else None.

    `allowed[piece, coordinate]` is a goal's table before implied exclusions are lifted (every slot already fits
    some piece: see goal._check_slots); `wanted` the pattern's face per sticker (-1 grey), to name the stickers.
    """
    corners = _reachable(allowed, *KINDS[0])
    edges = _reachable(allowed, *KINDS[1])
    corner_parities = {parity for total, parity in corners if total == 0}
    edge_parities = {parity for total, parity in edges if total == 0}
    if not corner_parities:
        slots = _either(*_out_of_law(allowed, *KINDS[0], twisted=True))
        return _message(slots, corner_facelets(3), wanted, "the corners' twists cannot add up (a twisted corner)")
    if not edge_parities:
        slots = _either(*_out_of_law(allowed, *KINDS[1], twisted=True))
        return _message(slots, edge_facelets(3), wanted, "the edges' flips cannot add up (a flipped edge)")
    if not corner_parities & edge_parities:
        corner_named, corner_coloured = _out_of_law(allowed, *KINDS[0], twisted=False)
        edge_named, edge_coloured = _out_of_law(allowed, *KINDS[1], twisted=False)
        if corner_named or edge_named:  # the pieces shown away from home, else every piece the pattern colours
            corner_coloured, edge_coloured = corner_named, edge_named
        stickers = [corner_facelets(3)[s] for s in corner_coloured] + [edge_facelets(3)[s] for s in edge_coloured]
        described = _named(stickers, wanted)
        return (
            f"stickers {described}: an odd permutation (two pieces swapped), which no cube shows",
            [int(f) for group in stickers for f in group],
        )
    return None


def _reachable(allowed: np.ndarray, first: int, count: int, twists: int) -> set[tuple[int, int]]:
    """Every (orientation sum mod `twists`, permutation parity) some placement of this kind allowed by the goal has."""
    rows = allowed[first : first + count].reshape(count, count, twists)  # [piece, slot, orientation]
    free = [slot for slot in range(count) if rows[:, slot, :].all()]
    if len(free) >= 2:
        return {(total, parity) for total in range(twists) for parity in (0, 1)}
    shift = _shift_table(twists)
    layer = {0: 1}  # pieces placed in slots 0..s-1 (a bit mask) -> bit set of (sum * 2 + parity)
    for slot in range(count):
        options = [(piece, [int(o) for o in np.flatnonzero(rows[piece, slot])]) for piece in range(count)]
        options = [(piece, twists_ok) for piece, twists_ok in options if twists_ok]
        following: dict[int, int] = {}
        for mask, bits in layer.items():
            for piece, orientations in options:
                if mask >> piece & 1:
                    continue
                inversions = (mask >> (piece + 1)).bit_count() & 1  # placed pieces above this one, in earlier slots
                reached = 0
                for orientation in orientations:
                    reached |= shift[orientation][inversions][bits]
                after = mask | 1 << piece
                following[after] = following.get(after, 0) | reached
        layer = following
    bits = layer.get((1 << count) - 1, 0)
    return {(index // 2, index % 2) for index in range(2 * twists) if bits >> index & 1}


@cache
def _shift_table(twists: int) -> list[list[list[int]]]:
    """shift[orientation][inversions][bits]: the (sum, parity) bit set after adding one piece so oriented."""
    size = 1 << (2 * twists)
    table = []
    for orientation in range(twists):
        per_parity = []
        for inversions in (0, 1):
            row = []
            for bits in range(size):
                moved = 0
                for index in range(2 * twists):
                    if bits >> index & 1:
                        total, parity = index // 2, index % 2
                        moved |= 1 << (((total + orientation) % twists) * 2 + (parity ^ inversions))
                row.append(moved)
            per_parity.append(row)
        table.append(per_parity)
    return table


def _out_of_law(allowed: np.ndarray, first: int, count: int, twists: int, twisted: bool) -> tuple[list[int], list[int]]:
    """The slots the pattern shows out of orientation (`twisted`) or holding another slot's piece, and every slot
    with a coloured sticker (what to name when no slot is plainly at fault)."""
    rows = allowed[first : first + count].reshape(count, count, twists)
    named, constrained = [], []
    for slot in range(count):
        options = {(int(p), int(o)) for p, o in zip(*np.nonzero(rows[:, slot, :]), strict=True)}
        if len(options) == count * twists:
            continue  # all grey
        constrained.append(slot)
        if twisted and all(o != 0 for _, o in options):
            named.append(slot)
        if not twisted and len(options) == 1 and next(iter(options))[0] != slot:
            named.append(slot)
    return named, constrained


def _either(named: list[int], constrained: list[int]) -> list[int]:
    return named or constrained


def _message(slots: list[int], facelets: np.ndarray, wanted: list[int], why: str) -> tuple[str, list[int]]:
    stickers = [facelets[s] for s in slots]
    return f"stickers {_named(stickers, wanted)}: {why}, so no cube shows them", [
        int(f) for group in stickers for f in group
    ]


def _named(stickers, wanted: list[int]) -> str:
    """The coloured stickers among `stickers` as `U8=F, F2=U`, piece by piece; past MAX_NAMED pieces the rest are
    counted, not listed (a scrambled full pattern would name forty stickers, and one line must stay short)."""
    pieces = [[int(f) for f in group if wanted[int(f)] >= 0] for group in stickers]
    pieces = [piece for piece in pieces if piece]
    shown = ", ".join(f"{facelet_name(f, 3)}={Face(wanted[f]).name}" for piece in pieces[:MAX_NAMED] for f in piece)
    more = len(pieces) - MAX_NAMED
    return shown + (f" and {more} more piece{'s' if more > 1 else ''}" if more > 0 else "")
