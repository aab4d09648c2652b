"""Pure 3-cycles of one orbit of pieces, for any three positions of the orbit, as short turn sequences.

For each centre or wing orbit we find one *base* 3-cycle: a commutator [A, B] = A B A' B' of a one-layer quarter
turn A and a conjugated turn B = U^s T U^-s whose supports share exactly one piece, so that it moves three pieces
of the orbit and nothing else (checked on the permutation, not assumed). Any other 3-cycle a -> b -> c is then a
conjugate S C S': a breadth-first search over ordered triples of the orbit's positions, with every one-layer turn,
finds for each triple the shortest set-up S. A conjugate of a pure 3-cycle is pure, whatever S moves.

`OrbitCycles.cost[a, b, c]` is the length of the cheapest sequence sending the piece at a to b, b's to c and c's
to a (local positions 0..len-1 of the orbit); `sequence(a, b, c)` gives its turns.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, invert_sequence, sequence_permutation, single_layer_turns
from solvers.nxn.pieces import Kind, Orbit, orbits, partner_table

UNREACHED = 255


@dataclass
class OrbitCycles:
    """Base 3-cycle of one orbit (positions local to `orbit.stickers`) and every triple's cheapest set-up."""

    orbit: Orbit
    base: list[BlockTurn]  # sends the piece at p0 to p1, p1's to p2, p2's to p0
    moves: list[BlockTurn]  # the set-up turns the search used, one per distinct action on the orbit
    forward: np.ndarray  # (n_moves, n): local position each move sends a piece to
    depth: np.ndarray  # (n, n, n): set-up length reaching that triple from (p0, p1, p2); UNREACHED otherwise
    via: np.ndarray  # (n, n, n): the last set-up move (index into moves), -1 at the base triple
    cost: np.ndarray  # (n, n, n) float: cheapest length of a 3-cycle a -> b -> c
    variant: np.ndarray  # (n, n, n): which form achieves it (see _VARIANTS)

    def sequence(self, a: int, b: int, c: int) -> list[BlockTurn]:
        """Turns that send the piece at a to b, b's to c and c's to a, and move nothing else."""
        rotation, inverted = _VARIANTS[int(self.variant[a, b, c])]
        triple = [(a, b, c), (b, c, a), (c, a, b)][rotation]
        x, y, z = triple if not inverted else (triple[0], triple[2], triple[1])
        setup = self._setup(x, y, z)  # T with T(p0) = x, T(p1) = y, T(p2) = z
        core = self.base if not inverted else invert_sequence(self.base)
        return invert_sequence(setup) + list(core) + setup

    def _setup(self, x: int, y: int, z: int) -> list[BlockTurn]:
        n = len(self.orbit.stickers)
        inverse = np.argsort(self.forward, axis=1)
        turns: list[BlockTurn] = []
        while self.via[x, y, z] >= 0:
            move = int(self.via[x, y, z])
            turns.append(self.moves[move])
            back = inverse[move]
            x, y, z = int(back[x]), int(back[y]), int(back[z])
            assert len(turns) <= n * n
        return turns[::-1]


# (rotation of the triple, base inverted) for the six ways to write a 3-cycle.
_VARIANTS = [(r, inv) for inv in (False, True) for r in range(3)]


def _commutator(a: list[BlockTurn], b: list[BlockTurn]) -> list[BlockTurn]:
    return a + b + invert_sequence(a) + invert_sequence(b)


def _candidates(size: int, kind: Kind):
    """Commutators [A, U^s T U^-s] to try as base cycles: T an inner layer for centres, R or L for wings."""
    inner = range(1, size - 1)
    others = inner if kind is Kind.CENTRE else (0, size - 1)
    for a in inner:
        for t in others:
            if t == a:
                continue
            for s in (1, 3, 2):
                for q in (1, 3):
                    u = [BlockTurn(Axis.Y, 0, 0, s)]
                    conj = u + [BlockTurn(Axis.X, t, t, q)] + [BlockTurn(Axis.Y, 0, 0, 4 - s)]
                    yield _commutator([BlockTurn(Axis.X, a, a, 1)], conj)


def _pure_cycle(size: int, orbit: Orbit, turns: list[BlockTurn]) -> tuple[int, int, int] | None:
    """(p0, p1, p2) local positions if `turns` is a pure 3-cycle of the orbit's pieces; None otherwise."""
    gather = sequence_permutation(size, turns)
    moved = np.nonzero(gather != np.arange(len(gather)))[0]
    per_piece = 2 if orbit.kind is Kind.WING else 1
    if len(moved) != 3 * per_piece:
        return None
    local = {int(s): i for i, s in enumerate(orbit.stickers)}
    inside = [int(i) for i in moved if int(i) in local]
    if len(inside) != 3:
        return None
    if per_piece == 2:
        partner = partner_table(size)
        if sorted(set(inside) | {int(partner[i]) for i in inside}) != sorted(int(i) for i in moved):
            return None
    p0 = inside[0]
    p1 = next(i for i in inside if int(gather[i]) == p0)  # the piece at p0 comes to p1
    p2 = next(i for i in inside if int(gather[i]) == p1)
    return local[p0], local[p1], local[p2]


@cache
def orbit_cycles(size: int, orbit_index: int) -> OrbitCycles:
    """The base cycle and set-up table of `orbits(size)[orbit_index]` (a centre or wing orbit)."""
    orbit = orbits(size)[orbit_index]
    for base in _candidates(size, orbit.kind):
        found = _pure_cycle(size, orbit, base)
        if found is not None:
            break
    else:
        raise RuntimeError(f"no base 3-cycle found for an orbit of {orbit.kind.value}s on a {size}x{size}x{size}")
    moves, forward = _orbit_moves(size, orbit)
    depth, via = _search(forward, found)
    cost, variant = _costs(depth, len(base))
    return OrbitCycles(orbit, base, moves, forward, depth, via, cost, variant)


def _orbit_moves(size: int, orbit: Orbit) -> tuple[list[BlockTurn], np.ndarray]:
    """One turn per distinct non-trivial action on the orbit, and the actions (local position -> local position)."""
    local = np.full(6 * size * size, -1, dtype=np.int32)
    local[orbit.stickers] = np.arange(len(orbit.stickers))
    moves, actions, seen = [], [], set()
    for turn in single_layer_turns(size):
        gather = sequence_permutation(size, [turn])
        destination = np.argsort(gather)[orbit.stickers]  # where each orbit sticker's piece goes
        action = local[destination]
        key = action.tobytes()
        if key in seen or (action == np.arange(len(action))).all():
            continue
        seen.add(key)
        moves.append(turn)
        actions.append(action)
    return moves, np.array(actions, dtype=np.int32)


def _search(forward: np.ndarray, start: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Breadth-first over ordered triples from `start`: depth and last move of every reachable triple."""
    n = forward.shape[1]
    depth = np.full((n, n, n), UNREACHED, dtype=np.uint8)
    via = np.full((n, n, n), -1, dtype=np.int16)
    depth[start] = 0
    frontier = np.array([start], dtype=np.int32)
    level = 0
    while len(frontier):
        level += 1
        found = []
        for move in range(len(forward)):
            image = forward[move][frontier]
            fresh = depth[image[:, 0], image[:, 1], image[:, 2]] == UNREACHED
            image = image[fresh]
            if not len(image):
                continue
            image = np.unique(image, axis=0)
            depth[image[:, 0], image[:, 1], image[:, 2]] = level
            via[image[:, 0], image[:, 1], image[:, 2]] = move
            found.append(image)
        frontier = np.concatenate(found) if found else np.zeros((0, 3), dtype=np.int32)
    return depth, via


def _costs(depth: np.ndarray, base_length: int) -> tuple[np.ndarray, np.ndarray]:
    """Cheapest length of each 3-cycle (a, b, c) over its six spellings, and which spelling."""
    d = depth.astype(np.float64)
    d[depth == UNREACHED] = np.inf
    forms = []
    for rotation, inverted in _VARIANTS:
        # cycle (a, b, c) written from its rotation; an inverted base needs the set-up of (x, z, y)
        order = [(0, 1, 2), (1, 2, 0), (2, 0, 1)][rotation]
        if inverted:
            order = (order[0], order[2], order[1])
        # table[a, b, c] = d[t0, t1, t2] where (t0, t1, t2) = (a, b, c) permuted by order
        forms.append(np.transpose(d, np.argsort(order)))
    stacked = np.stack(forms)
    variant = np.argmin(stacked, axis=0)
    cost = np.take_along_axis(stacked, variant[None], axis=0)[0] * 2 + base_length
    return cost, variant.astype(np.int8)
