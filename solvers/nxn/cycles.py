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
from solvers.nxn.triples import UNREACHED, distinct_actions, spelled, spellings, triple_search, walk_setup


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
    variant: np.ndarray  # (n, n, n): which form achieves it (see triples.SPELLINGS)

    def sequence(self, a: int, b: int, c: int) -> list[BlockTurn]:
        """Turns that send the piece at a to b, b's to c and c's to a, and move nothing else."""
        x, y, z, inverted = spelled(a, b, c, int(self.variant[a, b, c]))
        setup = walk_setup(self.via, self.forward, self.moves, x, y, z)  # T with T(p0) = x, T(p1) = y, T(p2) = z
        core = self.base if not inverted else invert_sequence(self.base)
        return invert_sequence(setup) + list(core) + setup


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
    moves, forward = distinct_actions(size, orbit.stickers, single_layer_turns(size))
    depth, via = triple_search(forward, found)
    cost, variant = _costs(depth, len(base))
    return OrbitCycles(orbit, base, moves, forward, depth, via, cost, variant)


def _costs(depth: np.ndarray, base_length: int) -> tuple[np.ndarray, np.ndarray]:
    """Cheapest length of each 3-cycle (a, b, c) over its six spellings (set-up, base, set-up undone), and which
    spelling."""
    d = depth.astype(np.float64)
    d[depth == UNREACHED] = np.inf
    stacked = np.stack(spellings(d))
    variant = np.argmin(stacked, axis=0)
    cost = np.take_along_axis(stacked, variant[None], axis=0)[0] * 2 + base_length
    return cost, variant.astype(np.int8)
