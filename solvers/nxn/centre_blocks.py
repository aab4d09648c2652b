"""Centres in bulk: a greedy stage of block commutators before the one-piece 3-cycles.

A commutator [X, Y Z Y'] of two turns X, Z of inner layer ranges about one axis, Z carried round by a face turn
Y, moves whole rectangles of centre pieces (several orbits at once) and nothing else when the two ranges meet in
centres only: each is checked on its permutation, and only those that move centres alone are kept. At each step
the stage applies the commutator that puts the most centre stickers home per turn, while that beats what the
3-cycles achieve (about one piece per MIN_GAIN_PER_TURN turns); the 3-cycles finish each orbit.

Only centres matter here (edges and corners are solved later, and face turns move every wing orbit evenly), and an
outer face turn keeps every centre piece on its face: so a commutator is applied without its last turn Y', and
one conjugated by a face turn without the set-up undone, 7 and 8 turns instead of 8 and 10, with the same pieces
home.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.geometry import FACE_AXIS, Axis, Face
from solvers.nxn.moves import BlockTurn, face_turn, turn_permutation
from solvers.nxn.pieces import Kind, orbits

MIN_GAIN_PER_TURN = 1 / 6  # below this the one-piece 3-cycles are as good
BUDGET = 15_000_000  # macros x centre stickers: bounds each greedy step's work (big cubes get a sample)
SMALL_BUDGET = 45_000_000  # the same up to SMALL: every commutator of a 7x7x7 (its centres 403 -> 371 turns)
SMALL = 9
N_SETUPS = 18  # face turns each commutator is also conjugated by
PURE_SHARE = 5  # parameter sets tried per commutator kept (about one in five moves centres only)


def _candidates(size: int, wanted: int) -> list[tuple]:
    """Commutator parameters (axis, face, face amount, X range and amount, Z range and amount); a fixed-seed
    sample of `wanted` of them when there are more (big cubes have millions)."""
    inner = range(1, size - 1)
    ranges = [(i, j) for i in inner for j in inner if i <= j]
    axes_faces = [(axis, face) for axis in Axis for face in Face if FACE_AXIS[face][0] != axis]
    total = len(axes_faces) * 3 * (2 * len(ranges)) ** 2
    if total <= wanted:
        return [
            (axis, face, s, x, q, z, r)
            for axis, face in axes_faces
            for s in (1, 2, 3)
            for x in ranges
            for q in (1, 3)
            for z in ranges
            for r in (1, 3)
        ]
    rng = random.Random(size)
    return [
        (*rng.choice(axes_faces), rng.choice((1, 2, 3)), rng.choice(ranges), rng.choice((1, 3)), rng.choice(ranges),
         rng.choice((1, 3)))
        for _ in range(wanted)
    ]  # fmt: skip


@dataclass(frozen=True)
class BlockMacros:
    """The commutators (`base`, each without its last turn), each also after each face turn (`setups`, the first
    empty): macro i is setups[which[i, 0]] + base[which[i, 1]]; `perms[i]` its action on the centre stickers."""

    base: list[list[BlockTurn]]
    setups: list[list[BlockTurn]]
    which: np.ndarray
    perms: np.ndarray
    costs: np.ndarray
    centres: np.ndarray

    def turns(self, index: int) -> list[BlockTurn]:
        setup, base = (int(v) for v in self.which[index])
        return self.setups[setup] + self.base[base]


@cache
def block_macros(size: int) -> BlockMacros:
    """The block commutators of a size (composed from cached one-turn permutations; only pure ones are kept)."""
    centres = np.sort(np.concatenate([o.stickers for o in orbits(size) if o.kind is Kind.CENTRE]))
    position = np.full(6 * size * size, -1, dtype=np.int32)
    position[centres] = np.arange(len(centres), dtype=np.int32)
    outside = position < 0
    identity = np.arange(6 * size * size, dtype=np.int32)
    budget = SMALL_BUDGET if size <= SMALL else BUDGET
    most = max(1, budget // len(centres) // (1 + N_SETUPS))  # commutators before their face-turn conjugates
    found: dict[bytes, tuple[list[BlockTurn], np.ndarray]] = {}
    for axis, face, s, (xf, xl), q, (zf, zl), r in _candidates(size, PURE_SHARE * most):
        y, x, z = face_turn(int(face), s, size), BlockTurn(axis, xf, xl, q), BlockTurn(axis, zf, zl, r)
        py, pyi = turn_permutation(size, y), turn_permutation(size, y.inverse())
        px, pxi = turn_permutation(size, x), turn_permutation(size, x.inverse())
        pc = py[turn_permutation(size, z)[pyi]]
        pci = py[turn_permutation(size, z.inverse())[pyi]]
        perm = px[pc[pxi[pci]]]
        moved = perm != identity
        if not moved.any() or (moved & outside).any():
            continue
        local = position[perm[centres]]
        key = local.tobytes()
        if key not in found:  # the commutator without its last turn, Y', which keeps every piece on its face
            found[key] = ([x, y, z, y.inverse(), x.inverse(), y, z.inverse()], local[position[py[centres]]])
        if len(found) >= most:
            break
    if not found:
        return BlockMacros(
            [], [[]], np.zeros((0, 2), np.int32), np.zeros((0, len(centres)), np.int32), np.zeros(0), centres
        )
    base = [turns for turns, _ in found.values()]
    base_perms = np.stack([local for _, local in found.values()])
    setups: list[list[BlockTurn]] = [[]] + [[face_turn(f, s, size)] for f in range(6) for s in (1, 2, 3)]
    which, perms = [], []
    seen = set(found)
    for index, setup in enumerate(setups):
        # the set-up is not undone: that too is a face turn
        conjugated = position[turn_permutation(size, setup[0])[centres]][base_perms] if setup else base_perms
        for b in range(len(base)):
            key = conjugated[b].tobytes()
            if index and key in seen:
                continue
            seen.add(key)
            which.append((index, b))
            perms.append(conjugated[b])
    which_array = np.array(which, dtype=np.int32)
    costs = np.array([len(base[b]) + len(setups[i]) for i, b in which], dtype=np.float64)
    return BlockMacros(base, setups, which_array, np.stack(perms), costs, centres)


def block_centre_turns(size: int, colours: np.ndarray, stop: Callable[[], bool] = lambda: False) -> list[BlockTurn]:
    """Greedy block commutators while each puts home at least MIN_GAIN_PER_TURN centre pieces per turn."""
    if size < 4:
        return []
    macros = block_macros(size)
    if not len(macros.perms):
        return []
    faces = macros.centres // (size * size)
    current = colours[macros.centres]
    turns: list[BlockTurn] = []
    while not stop():
        solved_now = int((current == faces).sum())
        scores = ((current[macros.perms] == faces).sum(axis=1) - solved_now) / macros.costs
        best = int(np.argmax(scores))
        if scores[best] < MIN_GAIN_PER_TURN:
            break
        current = current[macros.perms[best]]
        turns += macros.turns(best)
    return turns
