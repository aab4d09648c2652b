"""The 4x4x4 as pieces for the table-driven centre phases: 24 centre and 24 wing positions, the phases' moves.

The sticker engine (moves.py) knows only sticker permutations; the phases' coordinates need piece positions. Each
turn's sticker permutation is read here once as a permutation of centre positions and of wing positions, with the
parity of the latter (the wings' parity must end even, or paired edges would show a lone flipped edge). Wings
cannot turn over in place, so each wing position gets a primary sticker that every turn carries to a primary
sticker: a wing's identity is then the ordered colour pair on (primary, other), which tells apart the two wings
of one edge.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.cube.parity import permutation_parity
from solvers.nxn.geometry import Axis, Face
from solvers.nxn.moves import BlockTurn, turn_permutation
from solvers.nxn.pieces import edge_slots, pieces

SIZE = 4
INNER_BLOCKS = ((1, 1), (2, 2), (0, 1), (2, 3), (1, 2))  # every block with an inner layer, bar whole-cube thirds
OUTER_BLOCKS = ((0, 0), (3, 3))


@dataclass(frozen=True)
class Layout:
    """Sticker indices of the centre and wing positions."""

    centres: np.ndarray  # (24,) sticker of centre position i
    wing_primary: np.ndarray  # (24,) primary sticker of wing position i
    wing_other: np.ndarray  # (24,) the wing's other sticker


@cache
def layout() -> Layout:
    """Centre positions in sticker order, those on R and L last; wing position s + 12 p is place p of slot s."""
    stickers = sorted(p[0] for p in pieces(SIZE) if len(p) == 1)
    on_x = [s for s in stickers if Face(s // (SIZE * SIZE)) in (Face.R, Face.L)]
    centres = np.array([s for s in stickers if s not in on_x] + on_x, dtype=np.int32)
    slots = edge_slots(SIZE)  # (12, 2, 2): slot, place, (first face sticker, second face sticker)
    # Orient wings: propagate a primary sticker from one wing through every one-layer quarter turn.
    partner = {int(a): int(b) for s in range(12) for p in range(2) for a, b in [slots[s, p]]}
    partner.update({b: a for a, b in list(partner.items())})
    primary: dict[int, int] = {}  # wing piece key (min sticker) -> primary sticker
    start = int(slots[0, 0, 0])
    primary[min(start, partner[start])] = start
    turns = [BlockTurn(axis, layer, layer, 1) for axis in Axis for layer in range(SIZE)]
    gathers = [turn_permutation(SIZE, t) for t in turns]
    scatters = [np.argsort(g) for g in gathers]  # sticker s moves to scatter[s]
    frontier = [start]
    while frontier:
        nxt = []
        for s in frontier:
            for scatter in scatters:
                t = int(scatter[s])
                key = min(t, partner[t])
                if key not in primary:
                    primary[key] = t
                    nxt.append(t)
                elif primary[key] != t:
                    raise RuntimeError("a 4x4x4 wing turned over in place (geometry defect)")
        frontier = nxt
    prim = np.zeros(24, dtype=np.int32)
    for s in range(12):
        for p in range(2):
            a, b = (int(x) for x in slots[s, p])
            key = min(a, b)
            index = s + 12 * p
            prim[index] = primary[key]
    other = np.array([partner[int(p)] for p in prim], dtype=np.int32)
    return Layout(centres, prim, other)


@dataclass(frozen=True, eq=False)
class MoveSet:
    """A phase's moves: the turns, their centre and wing position maps (position i goes to `*_to[m, i]`), the
    parity of the wing map, and the axis and a canonical order for commuting moves."""

    turns: tuple[BlockTurn, ...]
    centre_to: np.ndarray  # (M, 24) int8
    wing_to: np.ndarray  # (M, 24) int8
    wing_odd: np.ndarray  # (M,) uint8
    axis: np.ndarray  # (M,) int8
    rank: np.ndarray  # (M,) int16: moves on one axis commute; a search takes them in increasing rank only


def _position_map(scatter: np.ndarray, stickers: np.ndarray) -> np.ndarray:
    where = {int(s): i for i, s in enumerate(stickers)}
    return np.array([where[int(scatter[s])] for s in stickers], dtype=np.int8)


def move_set(turns: list[BlockTurn]) -> MoveSet:
    """The position maps of `turns` (checked: a wing's primary sticker stays primary)."""
    lay = layout()
    centre_to, wing_to, wing_odd = [], [], []
    for turn in turns:
        scatter = np.argsort(turn_permutation(SIZE, turn))
        centre_to.append(_position_map(scatter, lay.centres))
        wmap = _position_map(scatter, lay.wing_primary)
        if not np.array_equal(scatter[lay.wing_other], lay.wing_other[wmap]):
            raise RuntimeError("a turn carries a wing's primary sticker off primary (geometry defect)")
        wing_to.append(wmap)
        wing_odd.append(permutation_parity(wmap))
    ranks: dict[tuple[int, int, int], int] = {}
    for turn in turns:
        ranks.setdefault((turn.axis, turn.first, turn.last), len(ranks))
    return MoveSet(
        tuple(turns),
        np.array(centre_to, dtype=np.int8),
        np.array(wing_to, dtype=np.int8),
        np.array(wing_odd, dtype=np.uint8),
        np.array([int(t.axis) for t in turns], dtype=np.int8),
        np.array([ranks[(t.axis, t.first, t.last)] for t in turns], dtype=np.int16),
    )


@cache
def phase1_moves() -> MoveSet:
    """Every block turn but the whole-cube ones and the three-layer blocks, any amount (63)."""
    return move_set([BlockTurn(a, f, l, q) for a in Axis for f, l in OUTER_BLOCKS + INNER_BLOCKS for q in (1, 2, 3)])


@cache
def phase2_moves() -> MoveSet:
    """Turns that keep the L/R centres on L and R: any block about x, outer turns about y and z, and inner
    blocks about y and z by half turns (43)."""
    turns = [BlockTurn(Axis.X, f, l, q) for f, l in OUTER_BLOCKS + INNER_BLOCKS for q in (1, 2, 3)]
    for axis in (Axis.Y, Axis.Z):
        turns += [BlockTurn(axis, f, l, q) for f, l in OUTER_BLOCKS for q in (1, 2, 3)]
        turns += [BlockTurn(axis, f, l, 2) for f, l in INNER_BLOCKS]
    return move_set(turns)


@cache
def phase3_moves() -> MoveSet:
    """Turns that keep every centre in its axis's pair of faces: outer turns of any amount and inner blocks by
    half turns (33)."""
    turns = []
    for axis in Axis:
        turns += [BlockTurn(axis, f, l, q) for f, l in OUTER_BLOCKS for q in (1, 2, 3)]
        turns += [BlockTurn(axis, f, l, 2) for f, l in INNER_BLOCKS]
    return move_set(turns)
