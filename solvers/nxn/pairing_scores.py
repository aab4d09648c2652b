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
def _slot_counts(code: np.ndarray, where: np.ndarray, reference: int) -> tuple[int, int]:
    """(wings showing the reference's code, neighbouring wings showing the same code) of one slot."""
    ref = code[where[reference]]
    previous = code[where[0]]
    pairs = 0
    if previous == ref:
        pairs = 1
    joins = 0
    for place in range(1, where.shape[0]):
        here = code[where[place]]
        if here == ref:
            pairs += 1
        if here == previous:
            joins += 1
        previous = here
    return pairs, joins


@nb.njit(cache=True, nogil=True)
def _mirrored_counts(code: np.ndarray, where: np.ndarray, reference: int) -> tuple[int, int]:
    """`_slot_counts` of an odd cube's slot (the reference its middle place) whose second count also has each
    pair of places mirrored about the middle (a slot's two wings of one orbit) that show the same code but not the
    reference's: one move of a block symmetric about the middle pairs both, as a block slice carries neighbours.
    It walks in from both ends at once, reading each place once."""
    ref = code[where[reference]]
    last = where.shape[0] - 1
    low = code[where[0]]
    high = code[where[last]]
    pairs = 1  # the reference itself
    joins = 0
    if low == ref:
        pairs += 1
    if high == ref:
        pairs += 1
    elif high == low:
        joins += 1
    for place in range(1, reference):
        new_low = code[where[place]]
        new_high = code[where[last - place]]
        if new_low == ref:
            pairs += 1
        if new_high == ref:
            pairs += 1
        elif new_high == new_low:
            joins += 1
        if new_low == low:
            joins += 1
        if new_high == high:
            joins += 1
        low = new_low
        high = new_high
    if low == ref:
        joins += 1
    if high == ref:
        joins += 1
    return pairs, joins


def move_scores(
    codes: np.ndarray,
    slot_moves: np.ndarray,
    own: np.ndarray,
    touched: np.ndarray,
    reference: int,
    edge_of: np.ndarray,
    state_parity: np.ndarray,
    move_parity: np.ndarray,
    mirrored: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(paired, joined, mismatch), each (states, moves): wings showing their slot reference's code; neighbouring
    wings of a slot showing the same code (with `mirrored`, mirrored ones too: `_mirrored_counts`); and 1 where
    the reference wings are twelve different edges whose permutation parity differs from the corners'
    (state_parity[b] ^ move_parity[m]), 0 elsewhere. An empty `edge_of` (odd cubes: the middle edges are a real
    3x3x3's) leaves mismatch 0. `own` is each slot's places (the unturned view), `touched[m]` the slots move m
    changes, -1 after them: the others keep the parent's counts (a move changes about half the slots)."""
    kernel = _mirrored_move_scores if mirrored else _move_scores
    return kernel(codes, slot_moves, own, touched, reference, edge_of, state_parity, move_parity)


@nb.njit(cache=True, nogil=True, parallel=True)
def _move_scores(
    codes: np.ndarray,
    slot_moves: np.ndarray,
    own: np.ndarray,
    touched: np.ndarray,
    reference: int,
    edge_of: np.ndarray,
    state_parity: np.ndarray,
    move_parity: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`move_scores` without mirrored pairs."""
    states, moves, slots = codes.shape[0], slot_moves.shape[0], slot_moves.shape[1]
    paired = np.empty((states, moves), dtype=np.int64)
    joined = np.empty((states, moves), dtype=np.int64)
    mismatch = np.zeros((states, moves), dtype=np.int64)
    check_parity = edge_of.size > 0
    base_pairs = np.zeros((states, slots), dtype=np.int64)
    base_joins = np.zeros((states, slots), dtype=np.int64)
    base_homes = np.full((states, slots), -1, dtype=np.int64)
    total_pairs = np.zeros(states, dtype=np.int64)
    total_joins = np.zeros(states, dtype=np.int64)
    for b in range(states):
        for slot in range(slots):
            pairs, joins = _slot_counts(codes[b], own[slot], reference)
            base_pairs[b, slot], base_joins[b, slot] = pairs, joins
            total_pairs[b] += pairs
            total_joins[b] += joins
            if check_parity:
                base_homes[b, slot] = edge_of[codes[b, own[slot, reference]]]
    # moves outside: one move's sources stay in cache across the beam; the moves split over the cores
    for m in nb.prange(moves):
        homes = np.empty(slots, dtype=np.int64)
        where = slot_moves[m]
        changed = touched[m]
        for b in range(states):
            code = codes[b]
            pairs = total_pairs[b]
            joins = total_joins[b]
            parity = check_parity
            if parity:
                homes[:] = base_homes[b]
            for k in range(changed.shape[0]):
                slot = changed[k]
                if slot < 0:
                    break
                slot_pairs, slot_joins = _slot_counts(code, where[slot], reference)
                pairs += slot_pairs - base_pairs[b, slot]
                joins += slot_joins - base_joins[b, slot]
                if parity:
                    homes[slot] = edge_of[code[where[slot, reference]]]
            paired[b, m] = pairs - slots
            joined[b, m] = joins
            if parity:
                seen = 0
                for slot in range(slots):
                    if homes[slot] >= 0:
                        seen |= 1 << homes[slot]
                if seen == (1 << slots) - 1:
                    inversions = 0
                    for i in range(slots):
                        for j in range(i + 1, slots):
                            if homes[i] > homes[j]:
                                inversions += 1
                    mismatch[b, m] = (inversions + state_parity[b] + move_parity[m]) & 1
    return paired, joined, mismatch


@nb.njit(cache=True, nogil=True, parallel=True)
def _mirrored_move_scores(
    codes: np.ndarray,
    slot_moves: np.ndarray,
    own: np.ndarray,
    touched: np.ndarray,
    reference: int,
    edge_of: np.ndarray,
    state_parity: np.ndarray,
    move_parity: np.ndarray,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`move_scores` with mirrored pairs: the same loops as `_move_scores` with the other slot counter (a kernel each,
    since numba neither caches one that takes the counter as an argument nor prunes a flag's branch to full speed)."""
    states, moves, slots = codes.shape[0], slot_moves.shape[0], slot_moves.shape[1]
    paired = np.empty((states, moves), dtype=np.int64)
    joined = np.empty((states, moves), dtype=np.int64)
    mismatch = np.zeros((states, moves), dtype=np.int64)
    check_parity = edge_of.size > 0
    base_pairs = np.zeros((states, slots), dtype=np.int64)
    base_joins = np.zeros((states, slots), dtype=np.int64)
    base_homes = np.full((states, slots), -1, dtype=np.int64)
    total_pairs = np.zeros(states, dtype=np.int64)
    total_joins = np.zeros(states, dtype=np.int64)
    for b in range(states):
        for slot in range(slots):
            pairs, joins = _mirrored_counts(codes[b], own[slot], reference)
            base_pairs[b, slot], base_joins[b, slot] = pairs, joins
            total_pairs[b] += pairs
            total_joins[b] += joins
            if check_parity:
                base_homes[b, slot] = edge_of[codes[b, own[slot, reference]]]
    # moves outside: one move's sources stay in cache across the beam; the moves split over the cores
    for m in nb.prange(moves):
        homes = np.empty(slots, dtype=np.int64)
        where = slot_moves[m]
        changed = touched[m]
        for b in range(states):
            code = codes[b]
            pairs = total_pairs[b]
            joins = total_joins[b]
            parity = check_parity
            if parity:
                homes[:] = base_homes[b]
            for k in range(changed.shape[0]):
                slot = changed[k]
                if slot < 0:
                    break
                slot_pairs, slot_joins = _mirrored_counts(code, where[slot], reference)
                pairs += slot_pairs - base_pairs[b, slot]
                joins += slot_joins - base_joins[b, slot]
                if parity:
                    homes[slot] = edge_of[code[where[slot, reference]]]
            paired[b, m] = pairs - slots
            joined[b, m] = joins
            if parity:
                seen = 0
                for slot in range(slots):
                    if homes[slot] >= 0:
                        seen |= 1 << homes[slot]
                if seen == (1 << slots) - 1:
                    inversions = 0
                    for i in range(slots):
                        for j in range(i + 1, slots):
                            if homes[i] > homes[j]:
                                inversions += 1
                    mismatch[b, m] = (inversions + state_parity[b] + move_parity[m]) & 1
    return paired, joined, mismatch


def slot_changes(slot_moves: np.ndarray, own: np.ndarray) -> np.ndarray:
    """(moves, slots): the slots each move changes (where some place takes a sticker from elsewhere), then -1s."""
    changed = (slot_moves != own[None]).any(axis=2)
    table = np.full(changed.shape, -1, dtype=np.int64)
    for move, row in enumerate(changed):
        found = np.flatnonzero(row)
        table[move, : len(found)] = found
    return table


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
