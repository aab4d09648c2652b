"""The edge-pairing beam's per-move scores, without building a child: wings paired, neighbours joined, PLL parity.

A move carries a wing's two stickers together, so after a move each slot place shows the parent's wing code (its
two colours as one number) from where the move takes it. One gather per (state, move, place) gives every count the
beam ranks by. On an even cube it also reads the reference wings (each slot's first) as the twelve edges of the
3x3x3 the frame stage will solve: when they are twelve different edges whose permutation's parity differs from
the corners', that stage must first spend the six-turn PLL-parity exchange (frame.py), which another pairing
ending of about the same length avoids.
"""

from __future__ import annotations

from functools import cache

import numba as nb
import numpy as np

from solvers.nxn.pieces import corner_slots, edge_slots

NO_EDGE = -1


@nb.njit(cache=True, nogil=True)
def move_scores(
    codes: np.ndarray,
    slot_moves: np.ndarray,
    reference: int,
    edge_of: np.ndarray,
    state_parity: np.ndarray,
    move_parity: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(paired, joined, mismatch), each (states, moves): wings showing their slot reference's code; neighbouring
    wings of a slot showing the same code; and 1 where the reference wings are twelve different edges whose
    permutation parity differs from the corners' (state_parity[b] ^ move_parity[m]), 0 elsewhere. An empty
    `edge_of` (odd cubes: the middle edges are a real 3x3x3's) leaves mismatch 0."""
    states, moves, slots, places = codes.shape[0], slot_moves.shape[0], slot_moves.shape[1], slot_moves.shape[2]
    paired = np.empty((states, moves), dtype=np.int64)
    joined = np.empty((states, moves), dtype=np.int64)
    mismatch = np.zeros((states, moves), dtype=np.int64)
    check_parity = edge_of.size > 0
    homes = np.empty(slots, dtype=np.int64)
    for m in range(moves):  # moves outside: one move's sources stay in cache across the beam
        where = slot_moves[m]
        for b in range(states):
            code = codes[b]
            pairs = 0
            joins = 0
            seen = 0
            for slot in range(slots):
                ref = code[where[slot, reference]]
                previous = code[where[slot, 0]]
                pairs += previous == ref
                for place in range(1, places):
                    here = code[where[slot, place]]
                    pairs += here == ref
                    joins += here == previous
                    previous = here
                if check_parity:
                    home = edge_of[ref]
                    homes[slot] = home
                    if home >= 0:
                        seen |= 1 << home
            paired[b, m] = pairs - slots
            joined[b, m] = joins
            if check_parity and seen == (1 << slots) - 1:
                inversions = 0
                for i in range(slots):
                    for j in range(i + 1, slots):
                        inversions += homes[i] > homes[j]
                mismatch[b, m] = (inversions + state_parity[b] + move_parity[m]) & 1
    return paired, joined, mismatch


@cache
def edge_lookup(size: int) -> np.ndarray:
    """(64,) wing code (first colour * 8 + second) -> the slot whose faces those colours are, either order;
    NO_EDGE for codes no edge shows. Empty on odd cubes (no PLL parity there)."""
    if size % 2:
        return np.zeros(0, dtype=np.int64)
    per_face = size * size
    table = np.full(64, NO_EDGE, dtype=np.int64)
    for slot, (first, second) in enumerate(edge_slots(size)[:, 0, :] // per_face):
        table[first * 8 + second] = table[second * 8 + first] = slot
    return table


def permutation_parity(homes: np.ndarray) -> int:
    """0 for an even permutation (given as where each item belongs), 1 for an odd one."""
    items = len(homes)
    return int(sum(int(homes[i] > homes[j]) for i in range(items) for j in range(i + 1, items)) % 2)


def corner_parity(size: int, colours: np.ndarray) -> int:
    """The corners' permutation parity in a colouring whose colours are the faces they belong on."""
    slots = corner_slots(size)
    per_face = size * size
    home = {frozenset(int(f) for f in stickers // per_face): slot for slot, stickers in enumerate(slots)}
    return permutation_parity(np.array([home[frozenset(int(c) for c in colours[stickers])] for stickers in slots]))


def move_corner_parities(size: int, perms: np.ndarray) -> np.ndarray:
    """(moves,) each move's corner permutation parity, from its sticker permutation (a gather array)."""
    slots = corner_slots(size)
    slot_of = np.full(perms.shape[1], -1)
    for slot, stickers in enumerate(slots):
        slot_of[stickers] = slot
    return np.array([permutation_parity(slot_of[perm[slots[:, 0]]]) for perm in perms], dtype=np.int64)
