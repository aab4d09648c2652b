"""Solve one orbit of centre pieces or wings with pure 3-cycles (cycles.py), greedily, and fix wing parity.

Centres of one orbit are told apart only by colour, wings each by their own colours, so both are "labels at
positions" with a wanted label per position: centres want their face's colour, wings their own position. Each
step applies the 3-cycle whose turns per position fixed are fewest; a step always fixes at least one, so the
orbit is solved in at most as many steps as it has pieces. Wings need an even permutation first: a quarter turn
of one inner layer flips exactly one wing orbit's parity (`wing_parity_fix`), done before the centres.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from solvers.cube.parity import permutation_parity
from solvers.nxn.cycles import orbit_cycles
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.pieces import Kind, orbits, partner_table


def labels(size: int, orbit_index: int, colours: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(label at each local position, wanted label) of an orbit: colours for centres, piece homes for wings."""
    orbit = orbits(size)[orbit_index]
    per_face = size * size
    if orbit.kind is Kind.CENTRE:
        return colours[orbit.stickers].astype(np.int64), (orbit.stickers // per_face).astype(np.int64)
    partner = partner_table(size)
    home = {(int(s) // per_face, int(partner[s]) // per_face): i for i, s in enumerate(orbit.stickers)}
    found = [home[(int(colours[s]), int(colours[partner[s]]))] for s in orbit.stickers]
    return np.array(found, dtype=np.int64), np.arange(len(orbit.stickers), dtype=np.int64)


def wing_parity_fix(size: int, orbit_index: int, colours: np.ndarray) -> list[BlockTurn]:
    """[] if the wing orbit's permutation is even, else one inner-layer quarter turn that makes it even."""
    found, _ = labels(size, orbit_index, colours)
    if not permutation_parity(found):
        return []
    cycles = orbit_cycles(size, orbit_index)
    for turn, action in zip(cycles.moves, cycles.forward, strict=True):
        if turn.quarters == 1 and 0 < turn.first < size - 1 and permutation_parity(action):
            return [turn]
    raise RuntimeError("no inner quarter turn changes this wing orbit's parity")


def solve_orbit(
    size: int, orbit_index: int, colours: np.ndarray, stop: Callable[[], bool] = lambda: False
) -> tuple[list[BlockTurn], np.ndarray]:
    """(turns, colours after them) that solve one centre or wing orbit and move nothing else."""
    cycles = orbit_cycles(size, orbit_index)
    turns: list[BlockTurn] = []
    current, wanted = labels(size, orbit_index, colours)
    n = len(current)
    while not np.array_equal(current, wanted) and not stop():
        right = current[:, None] == wanted[None, :]  # right[i, j]: the piece at i belongs at j
        gain = right[:, :, None].astype(np.int64) + right[None, :, :] + right.T[:, None, :]
        here = np.diag(right).astype(np.int64)
        gain -= here[:, None, None] + here[None, :, None] + here[None, None, :]
        with np.errstate(divide="ignore", invalid="ignore"):
            score = np.where(gain > 0, cycles.cost / np.maximum(gain, 1), np.inf)
        best = int(np.argmin(score))
        if not np.isfinite(score.flat[best]):
            raise RuntimeError("no 3-cycle improves the orbit (is its permutation odd?)")
        a, b, c = best // (n * n), (best // n) % n, best % n
        step = cycles.sequence(a, b, c)
        colours = colours[sequence_permutation(size, step)]
        turns += step
        current = labels(size, orbit_index, colours)[0]
    return turns, colours
