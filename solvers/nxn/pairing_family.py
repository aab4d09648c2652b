"""The edge-pairing beam's moves as arrays (a `Family`), and the seven-turn moves its last steps add.

The pairing beam (pairing.py) needs, per move: its turns, where each edge sticker comes from, its cost, the layer
groups and quarters of its first and last turns (a move merges with the previous one's last turn), where each slot
place's wing comes from and which slots it changes (the scoring kernel, pairing_scores.py), and its corner parity.
A `Family` holds those for one move set, so the same beam runs on the everyday moves and, near the end, on those
plus the seven-turn `S a b c a' b' S'` moves (a, b, c outer turns of three different faces; `S R F' U R' F S'` and
its kin). Such a move keeps the centres whenever c turns a face S does not touch: outer turns only turn centre
stickers within their face, and a b c a' b' turns every face but c's by nothing in all, so what S carried away S'
brings back. They replace one wing of a slot by another without the three-turn middles' side effects on the
rest, which is what the last few unpaired wings need; there are tens of thousands, too many for every step.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np

from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, face_turn, sequence_permutation
from solvers.nxn.pairing_scores import slot_changes
from solvers.nxn.pieces import Kind, corner_slots, edge_slots, orbits


class Family(NamedTuple):
    """A pairing move set as arrays indexed by move (see the module docstring)."""

    macros: list[list[BlockTurn]]
    perms: np.ndarray  # (moves, edge stickers): the edge sticker each one's colour comes from
    costs: np.ndarray  # (moves,) turns
    first_group: np.ndarray  # (moves,) layer group id of the first turn
    last_group: np.ndarray  # (moves,) layer group id of the last turn
    first_quarters: np.ndarray
    last_quarters: np.ndarray
    slot_moves: np.ndarray  # (moves, 12, N-2) edge-sticker index each slot place's first sticker comes from
    touched: np.ndarray  # (moves, 12) the slots each move changes, then -1
    move_parity: np.ndarray  # (moves,) corner permutation parity
    group_ids: dict[tuple[int, int, int], int]  # (axis, first, last) -> group id


def edge_positions(size: int) -> tuple[np.ndarray, np.ndarray]:
    """(the edge stickers, sorted; each sticker's index among them or -1)."""
    edges = np.sort(edge_slots(size).ravel())
    position = np.full(6 * size * size, -1)
    position[edges] = np.arange(len(edges))
    return edges, position


def centre_stickers(size: int) -> np.ndarray:
    """Every centre sticker, an odd cube's fixed ones too: the moves must leave each on its face."""
    found = [o.stickers for o in orbits(size) if o.kind in (Kind.CENTRE, Kind.FIXED_CENTRE)]
    return np.concatenate(found or [np.zeros(0, np.int32)])


def corner_parities(size: int, perms: np.ndarray) -> np.ndarray:
    """(moves,) each full sticker permutation's corner permutation parity, all at once."""
    slots = corner_slots(size)
    slot_of = np.full(perms.shape[1], -1)
    for slot, stickers in enumerate(slots):
        slot_of[stickers] = slot
    homes = slot_of[perms[:, slots[:, 0]]]  # (moves, 8)
    inversions = (homes[:, :, None] > homes[:, None, :]) & np.triu(np.ones((8, 8), dtype=bool), 1)[None]
    return (inversions.sum(axis=(1, 2)) & 1).astype(np.int64)


def make_family(size: int, macros: list[list[BlockTurn]], perms: np.ndarray) -> Family:
    """The arrays of a move set given its turn lists and full sticker permutations (one row each)."""
    edges, position = edge_positions(size)
    restricted = position[perms[:, edges]]
    assert (restricted >= 0).all()
    keys = sorted({(int(t.axis), t.first, t.last) for m in macros for t in m})
    ids = {key: i for i, key in enumerate(keys)}
    first_group = np.array([ids[(int(m[0].axis), m[0].first, m[0].last)] for m in macros])
    last_group = np.array([ids[(int(m[-1].axis), m[-1].first, m[-1].last)] for m in macros])
    first_slots = position[edge_slots(size)[..., 0]]  # (12, N-2)
    slot_moves = np.ascontiguousarray(restricted[:, first_slots].astype(np.int32))
    return Family(
        macros=macros,
        perms=restricted.astype(np.int32),
        costs=np.array([len(m) for m in macros], dtype=np.float64),
        first_group=first_group,
        last_group=last_group,
        first_quarters=np.array([m[0].quarters for m in macros], dtype=np.int64),
        last_quarters=np.array([m[-1].quarters for m in macros], dtype=np.int64),
        slot_moves=slot_moves,
        touched=slot_changes(slot_moves, first_slots.astype(np.int32)),
        move_parity=corner_parities(size, perms),
        group_ids=ids,
    )


@cache
def last_two_middles(size: int) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """(outer sequences as indices into the 18 outer turns U R F D L B x 1..3 quarters, their full permutations):
    every a b c a' b' over three different faces, the middles of S R F' U R' F S' and its kin."""
    outer = np.stack([sequence_permutation(size, [face_turn(f, q, size)]) for f in range(6) for q in (1, 2, 3)])
    inverse = [3 * (m // 3) + 2 - m % 3 for m in range(18)]
    seqs: list[tuple[int, ...]] = [
        (a, b, c, inverse[a], inverse[b])
        for a in range(18)
        for b in range(18)
        for c in range(18)
        if a // 3 != b // 3 and b // 3 != c // 3 and c // 3 != a // 3
    ]
    table = np.array(seqs)
    perms = outer[table[:, 0]]
    for step in range(1, 5):
        perms = np.take_along_axis(perms, outer[table[:, step]], axis=1)
    return seqs, perms


def seven_turn_moves(
    size: int, blocks: list[tuple[int, int]], known: set[bytes]
) -> tuple[list[list[BlockTurn]], np.ndarray]:
    """(turn lists, full permutations) of every centre-keeping S a b c a' b' S', S a block of `blocks` on any axis
    and amount, each with an effect on the edges not in `known` (which it extends), the first of each effect."""
    outer = [face_turn(f, q, size) for f in range(6) for q in (1, 2, 3)]
    seqs, middles = last_two_middles(size)
    faces = np.arange(6 * size * size) // (size * size)
    centres = centre_stickers(size)
    edges, _ = edge_positions(size)
    found: list[list[BlockTurn]] = []
    perms = []
    for axis in Axis:
        for first, last in blocks:
            for q in (1, 2, 3):
                s = BlockTurn(axis, first, last, q)
                whole = sequence_permutation(size, [s])[middles][:, sequence_permutation(size, [s.inverse()])]
                keeps = (faces[whole[:, centres]] == faces[centres]).all(axis=1)
                for index in np.flatnonzero(keeps):
                    key = whole[index, edges].tobytes()
                    if key not in known:
                        known.add(key)
                        found.append([s] + [outer[m] for m in seqs[index]] + [s.inverse()])
                        perms.append(whole[index])
    return found, np.stack(perms) if perms else np.zeros((0, 6 * size * size), dtype=np.int32)
