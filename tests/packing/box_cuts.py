"""Random boxes cut into pieces, the seeded puzzles the packing tests check the engine on: every piece is one
face-connected lump, so each cut is a real packing of its box."""

from __future__ import annotations

import random
from itertools import product

Voxel = tuple[int, int, int]


def box_cut(rng: random.Random, size: Voxel, n_pieces: int) -> list[list[Voxel]]:
    """A box cut into ``n_pieces`` face-connected pieces grown from random seeds, one cell at a time."""
    cells = list(product(range(size[0]), range(size[1]), range(size[2])))
    owner = {seed: i for i, seed in enumerate(rng.sample(cells, n_pieces))}
    while len(owner) < len(cells):
        frontier = [(c, owner[n]) for c in cells if c not in owner for n in neighbours(c) if n in owner]
        cell, piece = rng.choice(frontier)
        owner[cell] = piece
    return [sorted(c for c in cells if owner[c] == i) for i in range(n_pieces)]


def neighbours(c: Voxel) -> list[Voxel]:
    """The six cells that share a face with ``c``."""
    x, y, z = c
    return [(x + 1, y, z), (x - 1, y, z), (x, y + 1, z), (x, y - 1, z), (x, y, z + 1), (x, y, z - 1)]
