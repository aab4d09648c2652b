"""Centres in bulk: a greedy stage of block commutators before the one-piece 3-cycles.

A commutator [X, Y Z Y'] of two turns X, Z of inner layer ranges about one axis, Z carried round by a face turn
Y, moves whole rectangles of centre pieces (several orbits at once) and nothing else when the two ranges meet in
centres only: each is checked on its permutation, and only those that move centres alone are kept. At each step
the stage applies the commutator that puts the most centre stickers home per turn, while that beats what the
3-cycles achieve (about one piece per MIN_GAIN_PER_TURN turns); the 3-cycles finish each orbit.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from solvers.nxn.geometry import FACE_AXIS, Axis, Face
from solvers.nxn.moves import BlockTurn, face_turn, invert_sequence, sequence_permutation
from solvers.nxn.pieces import Kind, orbits

MIN_GAIN_PER_TURN = 1 / 6  # below this the one-piece 3-cycles are as good
MAX_MACROS = 20_000  # block ranges are narrowed on big cubes to keep the table (and each step) small


def _ranges(size: int) -> list[tuple[int, int]]:
    inner = list(range(1, size - 1))
    widest = len(inner)
    while True:
        ranges = [(i, j) for i in inner for j in inner if 0 <= j - i < widest]
        count = 3 * 4 * 3 * (2 * len(ranges)) ** 2
        if count <= MAX_MACROS or widest == 1:
            return ranges
        widest -= 1


@cache
def _macros(size: int) -> tuple[list[list[BlockTurn]], np.ndarray | None, np.ndarray, np.ndarray]:
    """(turn lists, centre-only permutations over the centre stickers, lengths, the centre stickers)."""
    centres = np.sort(np.concatenate([o.stickers for o in orbits(size) if o.kind is Kind.CENTRE]))
    position = np.full(6 * size * size, -1)
    position[centres] = np.arange(len(centres))
    found: dict[bytes, list[BlockTurn]] = {}
    ranges = _ranges(size)
    for axis in Axis:
        faces = [f for f in Face if FACE_AXIS[f][0] != axis]
        for face in faces:
            for s in (1, 2, 3):
                y = [face_turn(int(face), s, size)]
                for first, last in ranges:
                    for q in (1, 3):
                        x = [BlockTurn(axis, first, last, q)]
                        for zf, zl in ranges:
                            for r in (1, 3):
                                z = [BlockTurn(axis, zf, zl, r)]
                                conj = y + z + invert_sequence(y)
                                turns = x + conj + invert_sequence(x) + invert_sequence(conj)
                                perm = sequence_permutation(size, turns)
                                moved = np.nonzero(perm != np.arange(len(perm)))[0]
                                if not len(moved) or (position[moved] < 0).any():
                                    continue
                                key = perm.tobytes()
                                if key not in found:
                                    found[key] = turns
    # each also conjugated by a face turn (which turns only that face's centres): aligns blocks for 2 more turns
    base = list(found.items())
    for f in range(6):
        for s in (1, 2, 3):
            setup = [face_turn(f, s, size)]
            around = sequence_permutation(size, setup)
            back = sequence_permutation(size, invert_sequence(setup))
            for key, turns in base:
                perm = np.frombuffer(key, dtype=np.int32)
                conj = around[perm[back]]
                conj_key = conj.astype(np.int32).tobytes()
                if conj_key not in found:
                    found[conj_key] = setup + turns + invert_sequence(setup)
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
