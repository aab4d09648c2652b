"""Centres in bulk: a greedy stage of block commutators before the one-piece 3-cycles.

A commutator [X, Y Z Y'] of two turns X, Z of inner layer ranges about one axis, Z carried round by a face turn
Y, moves whole rectangles of centre pieces (several orbits at once) and nothing else when the two ranges meet in
centres only: each is checked on its permutation, and only those that move centres alone are kept. At each step
the stage applies the commutator that puts the most centre stickers home per turn, while that beats what the
3-cycles achieve (about one piece per MIN_GAIN_PER_TURN turns); the 3-cycles finish each orbit.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

import numpy as np

from solvers.nxn.geometry import FACE_AXIS, Axis, Face
from solvers.nxn.moves import BlockTurn, face_turn, invert_sequence, sequence_permutation
from solvers.nxn.pieces import Kind, orbits

MIN_GAIN_PER_TURN = 1 / 6  # below this the one-piece 3-cycles are as good
BUDGET = 15_000_000  # macros x centre stickers: bounds each greedy step's work (big cubes get a sample)
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


@cache
def _macros(size: int) -> tuple[list[list[BlockTurn]], np.ndarray | None, np.ndarray, np.ndarray]:
    """(turn lists, centre-only permutations over the centre stickers, lengths, the centre stickers)."""
    centres = np.sort(np.concatenate([o.stickers for o in orbits(size) if o.kind is Kind.CENTRE]))
    position = np.full(6 * size * size, -1)
    position[centres] = np.arange(len(centres))
    most = max(1, BUDGET // len(centres) // (1 + N_SETUPS))  # commutators before their face-turn conjugates
    found: dict[bytes, list[BlockTurn]] = {}
    for axis, face, s, (xf, xl), q, (zf, zl), r in _candidates(size, PURE_SHARE * most):
        y = [face_turn(int(face), s, size)]
        x = [BlockTurn(axis, xf, xl, q)]
        conj = y + [BlockTurn(axis, zf, zl, r)] + invert_sequence(y)
        turns = x + conj + invert_sequence(x) + invert_sequence(conj)
        perm = sequence_permutation(size, turns)
        moved = np.nonzero(perm != np.arange(len(perm)))[0]
        if len(moved) and (position[moved] >= 0).all():
            found.setdefault(perm.tobytes(), turns)
        if len(found) >= most:
            break
    # each also conjugated by a face turn (which turns only that face's centres): aligns blocks for 2 more turns
    base = list(found.items())
    for f in range(6):
        for s in (1, 2, 3):
            setup = [face_turn(f, s, size)]
            around = sequence_permutation(size, setup)
            back = sequence_permutation(size, invert_sequence(setup))
            for key, turns in base:
                perm = np.frombuffer(key, dtype=np.int32)
                conj_key = around[perm[back]].astype(np.int32).tobytes()
                found.setdefault(conj_key, setup + turns + invert_sequence(setup))
    macros = list(found.values())
    if not macros:
        return [], None, np.zeros(0), centres
    perms = np.stack([position[np.frombuffer(key, dtype=np.int32)[centres]] for key in found])
    costs = np.array([len(m) for m in macros], dtype=np.float64)
    return macros, perms, costs, centres


def block_centre_turns(size: int, colours: np.ndarray, stop: Callable[[], bool] = lambda: False) -> list[BlockTurn]:
    """Greedy block commutators while each puts home at least MIN_GAIN_PER_TURN centre pieces per turn."""
    if size < 4:
        return []
    macros, perms, costs, centres = _macros(size)
    if perms is None:
        return []
    faces = centres // (size * size)
    current = colours[centres]
    turns: list[BlockTurn] = []
    while not stop():
        solved_now = int((current == faces).sum())
        scores = ((current[perms] == faces).sum(axis=1) - solved_now) / costs
        best = int(np.argmax(scores))
        if scores[best] < MIN_GAIN_PER_TURN:
            break
        current = current[perms[best]]
        turns += macros[best]
    return turns
