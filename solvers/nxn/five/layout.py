"""The 5x5x5 as positions for the table-driven centre phases: its two centre orbits, the wings' parity, the moves.

Why positions: the phases' tables are indexed by which of an orbit's 24 positions hold a set of colours (a 24-bit
mask), so each turn is read once as a permutation of each centre orbit's positions (x-centres, the four
diagonal neighbours of a face's fixed centre, and +-centres, its four edge neighbours), with the parity of its
wing permutation (an inner quarter turn flips it; it must end even, or the last two edges would need a lone wing
exchange). No move turns the middle layer, so the fixed centres stay where they are and remain the colour
reference.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.cube.parity import permutation_parity
from solvers.nxn.geometry import Axis, Face
from solvers.nxn.moves import BlockTurn, turn_permutation
from solvers.nxn.pieces import Kind, orbits

SIZE = 5
OUTER_BLOCKS = ((0, 0), (4, 4))
INNER_BLOCKS = ((1, 1), (3, 3), (0, 1), (3, 4))  # blocks with an inner layer that leave the middle layer alone


@dataclass(frozen=True)
class Layout:
    """Sticker indices of each centre orbit's positions (x-centres first) and of one wing sticker orbit."""

    centres: tuple[np.ndarray, np.ndarray]
    wings: np.ndarray


@cache
def layout() -> Layout:
    """The two centre orbits in sticker order (the x-centres are those at a corner of the inner 3x3)."""
    found = [np.sort(o.stickers).astype(np.int32) for o in orbits(SIZE) if o.kind is Kind.CENTRE]
    wing = next(np.sort(o.stickers).astype(np.int32) for o in orbits(SIZE) if o.kind is Kind.WING)
    if len(found) != 2:
        raise RuntimeError("a 5x5x5 has two centre orbits (geometry defect)")
    x_first = sorted(
        found, key=lambda s: 0 if (int(s[0]) % SIZE) in (1, 3) and (int(s[0]) // SIZE % SIZE) in (1, 3) else 1
    )
    return Layout((x_first[0], x_first[1]), wing)


def face_of(sticker: int) -> Face:
    """The face a sticker lies on."""
    return Face(sticker // (SIZE * SIZE))


@dataclass(frozen=True, eq=False)
class MoveSet:
    """A phase's moves: each orbit's position maps (position i goes to `to[k][m, i]`), the wing parity of each
    move, and the axis and a canonical order (moves on one axis commute; a search takes them by increasing rank)."""

    turns: tuple[BlockTurn, ...]
    to: tuple[np.ndarray, np.ndarray]
    wing_odd: np.ndarray
    axis: np.ndarray
    rank: np.ndarray


def _position_map(scatter: np.ndarray, stickers: np.ndarray) -> np.ndarray:
    where = {int(s): i for i, s in enumerate(stickers)}
    return np.array([where[int(scatter[s])] for s in stickers], dtype=np.int8)


def move_set(turns: list[BlockTurn]) -> MoveSet:
    """The position maps and wing parities of `turns`."""
    lay = layout()
    maps: tuple[list[np.ndarray], list[np.ndarray]] = ([], [])
    odd = []
    for turn in turns:
        scatter = np.argsort(turn_permutation(SIZE, turn))
        for k in range(2):
            maps[k].append(_position_map(scatter, lay.centres[k]))
        odd.append(permutation_parity(_position_map(scatter, lay.wings)))
    ranks: dict[tuple[int, int, int], int] = {}
    for turn in turns:
        ranks.setdefault((turn.axis, turn.first, turn.last), len(ranks))
    return MoveSet(
        tuple(turns),
        (np.array(maps[0], dtype=np.int8), np.array(maps[1], dtype=np.int8)),
        np.array(odd, dtype=np.int64),
        np.array([int(t.axis) for t in turns], dtype=np.int64),
        np.array([ranks[(t.axis, t.first, t.last)] for t in turns], dtype=np.int64),
    )


@cache
def phase1_moves() -> MoveSet:
    """Every block turn that leaves the middle layer alone, any amount (54)."""
    return move_set([BlockTurn(a, f, l, q) for a in Axis for f, l in OUTER_BLOCKS + INNER_BLOCKS for q in (1, 2, 3)])


@cache
def phase2_moves() -> MoveSet:
    """Turns that keep the L/R centres on L and R: those about x, outer turns about y and z, and inner blocks
    about y and z by half turns (38)."""
    turns = [BlockTurn(Axis.X, f, l, q) for f, l in OUTER_BLOCKS + INNER_BLOCKS for q in (1, 2, 3)]
    for axis in (Axis.Y, Axis.Z):
        turns += [BlockTurn(axis, f, l, q) for f, l in OUTER_BLOCKS for q in (1, 2, 3)]
        turns += [BlockTurn(axis, f, l, 2) for f, l in INNER_BLOCKS]
    return move_set(turns)


@cache
def phase3_moves() -> MoveSet:
    """Turns that keep every centre on its axis's pair of faces: outer turns and inner half turns (30)."""
    turns = []
    for axis in Axis:
        turns += [BlockTurn(axis, f, l, q) for f, l in OUTER_BLOCKS for q in (1, 2, 3)]
        turns += [BlockTurn(axis, f, l, 2) for f, l in INNER_BLOCKS]
    return move_set(turns)
