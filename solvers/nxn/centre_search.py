"""A first, free-moving centre stage: a beam search over one-layer turns and bar-moving conjugates that brings
many centre pieces home before the commutators (which cost about two to six turns per piece) take over.

Early on a single turn, or a conjugate A Y A' (A a block of inner layers, Y an outer face turn: three turns that
carry whole bars of centre pieces from one face to another), can put several pieces home at once, which no pure
commutator can. The search keeps the `width` distinct states with the lowest estimate (turns so far +
COST_PER_PIECE * centre pieces out of place) at each step and returns the turns to the state where that estimate
was least. It moves edges and corners freely (later stages solve them) but never an odd cube's middle layer
alone, so the fixed centres (the colour reference) end where they started.

It also tracks each wing orbit's permutation parity, which an inner quarter turn flips: a wing orbit left odd costs
the parity stage a quarter turn that throws about a dozen centre pieces out again (measured: 7x7x7 solves 35
turns longer), so odd orbits count PARITY_COST in the estimate and the search prefers to end with every orbit even.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.cube.parity import permutation_parity
from solvers.nxn.geometry import FACE_AXIS, Axis, Face
from solvers.nxn.moves import BlockTurn, face_turn, sequence_permutation
from solvers.nxn.orbit_solve import labels
from solvers.nxn.pieces import Kind, orbits

COST_PER_PIECE = 4.0  # turns the later stages spend per centre piece (measured best of 3, 4, 5 on 5x5x5)
BUDGET = 8_000_000  # beam width x moves x centre stickers: each step's work
MAX_WIDTH = 48  # wider beams measured no shorter (5x5x5, 7x7x7)
MIN_WIDTH = 16
PATIENCE = 3  # steps without a better estimate before the search stops
PARITY_COST = 6.0  # per bit, two per wing orbit: the inner quarter turn that fixes an odd orbit later and the
# centre pieces it moves


@dataclass(frozen=True)
class CentreMoves:
    """The search's moves: turn lists, each one's action on the centre stickers (`local[m, i]`: the centre
    sticker whose colour position i shows after move m), their lengths, and the centre stickers."""

    turns: list[list[BlockTurn]]
    local: np.ndarray
    costs: np.ndarray
    centres: np.ndarray
    parities: np.ndarray  # a bit per wing orbit: whether the move's permutation of that orbit is odd


def _single_turns(size: int) -> list[list[BlockTurn]]:
    middle = size // 2 if size % 2 else -1
    return [
        [BlockTurn(axis, layer, layer, q)]
        for axis in Axis
        for layer in range(size)
        if layer != middle
        for q in (1, 2, 3)
    ]


def _conjugates(size: int) -> list[list[BlockTurn]]:
    """A Y A' for every block A of inner layers (an odd middle layer included: A' brings it back) and every
    turn Y of a face on another axis."""
    found = []
    for axis in Axis:
        across = [int(face) for face in Face if FACE_AXIS[face][0] != axis]
        for first in range(1, size - 1):
            for last in range(first, size - 1):
                for q in (1, 2, 3):
                    a = BlockTurn(axis, first, last, q)
                    found += [[a, face_turn(face, s, size), a.inverse()] for face in across for s in (1, 2, 3)]
    return found


@cache
def centre_moves(size: int) -> CentreMoves:
    """The distinct moves of a size (by their action on the centre stickers); on big cubes every single turn and
    a fixed-seed sample of the conjugates, as many as BUDGET allows at MIN_WIDTH."""
    centres = np.sort(np.concatenate([o.stickers for o in orbits(size) if o.kind is Kind.CENTRE]))
    position = np.full(6 * size * size, -1, dtype=np.int32)
    position[centres] = np.arange(len(centres), dtype=np.int32)
    singles, conjugates = _single_turns(size), _conjugates(size)
    room = max(0, BUDGET // MIN_WIDTH // len(centres) - len(singles))
    if len(conjugates) > room:
        conjugates = random.Random(size).sample(conjugates, room)
    wings = [o.stickers for o in orbits(size) if o.kind is Kind.WING]
    seen: set[bytes] = set()
    kept, actions, parities = [], [], []
    identity = np.arange(len(centres), dtype=np.int32)
    for turns in singles + conjugates:
        gather = sequence_permutation(size, turns)
        local = position[gather[centres]]
        parity = sum(_odd(gather, stickers) << bit for bit, stickers in enumerate(wings))
        key = local.tobytes() + parity.to_bytes(8, "little")
        if key in seen or (np.array_equal(local, identity) and not parity):
            continue
        seen.add(key)
        kept.append(turns)
        actions.append(local)
        parities.append(parity)
    costs = np.array([len(turns) for turns in kept], dtype=np.float64)
    return CentreMoves(kept, np.stack(actions), costs, centres, np.array(parities, dtype=np.int64))


def _odd(gather: np.ndarray, stickers: np.ndarray) -> int:
    """1 if the permutation `gather` permutes the orbit `stickers` (which it keeps among themselves) oddly."""
    where = np.full(len(gather), -1, dtype=np.int64)
    where[stickers] = np.arange(len(stickers))
    return permutation_parity(where[gather[stickers]])


def wing_parities(size: int, colours: np.ndarray) -> int:
    """A bit per wing orbit (as centre_moves numbers them): whether its pieces are oddly permuted."""
    wing_ids = [i for i, o in enumerate(orbits(size)) if o.kind is Kind.WING]
    return sum(permutation_parity(labels(size, index, colours)[0]) << bit for bit, index in enumerate(wing_ids))


def _penalty(masks: np.ndarray, bits: int) -> np.ndarray:
    """Turns the parity-fixing stage will add for the wing orbits still odd (of `bits`, those set in `masks`)."""
    count = np.zeros(masks.shape, dtype=np.float64)
    for bit in range(bits):
        count += (masks >> bit) & 1
    return PARITY_COST * count


def free_centre_turns(
    size: int,
    colours: np.ndarray,
    width: int | None = None,
    stop: Callable[[], bool] = lambda: False,
    cost_per_piece: float = COST_PER_PIECE,
) -> list[BlockTurn]:
    """Turns after which the commutator stages are expected to be shortest (possibly none), pieces out of place
    valued at `cost_per_piece` turns each. The search carries only the centre stickers (every move keeps them
    among themselves); its width follows from BUDGET unless given."""
    if size < 4:
        return []
    moves = centre_moves(size)
    count = len(moves.turns)
    if width is None:
        width = int(min(MAX_WIDTH, max(MIN_WIDTH, BUDGET // (count * len(moves.centres)))))
    wanted = (moves.centres // (size * size)).astype(np.int8)
    goal = wing_parities(size, colours)  # the parity bits the answer should toggle
    bits = sum(o.kind is Kind.WING for o in orbits(size))
    beam = colours[moves.centres][None, :]
    mask = np.zeros(1, dtype=np.int64)
    spent = np.zeros(1)
    history: list[tuple[np.ndarray, np.ndarray]] = []
    best_estimate = cost_per_piece * float((beam[0] != wanted).sum()) + _penalty(mask ^ goal, bits)[0]
    best_at, since_better = (0, 0), 0
    while since_better < PATIENCE and best_estimate > 0 and not stop():
        home = (beam[:, moves.local] == wanted).sum(axis=2)  # (beam, moves)
        masks = mask[:, None] ^ moves.parities[None, :]
        estimate = spent[:, None] + moves.costs[None, :] + cost_per_piece * (len(wanted) - home)
        estimate = (estimate + _penalty(masks ^ goal, bits)).ravel()
        order = np.argsort(estimate, kind="stable")[: 4 * width]
        parents, chosen = order // count, order % count
        children = beam[parents[:, None], moves.local[chosen]]
        keyed = np.concatenate([children.astype(np.int64), masks.ravel()[order][:, None]], axis=1)
        _, first = np.unique(keyed, axis=0, return_index=True)
        distinct = np.sort(first)[:width]  # the best of each distinct state, best first
        beam, mask = children[distinct], masks.ravel()[order[distinct]]
        spent = (spent[parents] + moves.costs[chosen])[distinct]
        history.append((parents[distinct], chosen[distinct]))
        top = float(estimate[order[distinct[0]]])
        if top < best_estimate - 1e-9:
            best_estimate, best_at, since_better = top, (len(history), 0), 0
        else:
            since_better += 1
    path: list[BlockTurn] = []
    best_depth, index = best_at
    for level in range(best_depth - 1, -1, -1):
        parents, chosen = history[level]
        path = moves.turns[int(chosen[index])] + path
        index = int(parents[index])
    return path
