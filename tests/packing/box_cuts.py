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


def shape_xml(cells: list[Voxel], optional: set[Voxel] | None = None) -> str:
    """A BurrTools ``<voxel>`` element of ``cells`` (``#``) and ``optional`` cells (``+``: may stay empty)."""
    optional = optional or set()
    every = set(cells) | optional
    sx, sy, sz = (max(c[a] for c in every) + 1 for a in range(3))
    text = "".join("+" if (x, y, z) in optional else "#" if (x, y, z) in every else "_"
                   for z in range(sz) for y in range(sy) for x in range(sx))  # fmt: skip
    return f'<voxel x="{sx}" y="{sy}" z="{sz}" type="0">{text}</voxel>'


def capped_box_file(
    rng: random.Random, boxes: list[tuple[int, int]], most_pieces: int, spare_range: tuple[int, int]
) -> str:
    """A BurrTools file: a square box (side, height from ``boxes``) cut into 2 to ``most_pieces`` pieces, each used
    once, under a layer of variable cells, and a spare cube whose most copies are drawn from ``spare_range`` that
    may fill some of them: hundreds of assemblies, mirror images among them, from a few cells."""
    side, height = rng.choice(boxes)
    pieces = box_cut(rng, (side, side, height), rng.randrange(2, min(most_pieces + 1, side * side * height)))
    result = list(product(range(side), range(side), range(height)))
    top = {(x, y, height) for x in range(side) for y in range(side)}
    shapes = [shape_xml(result, top)] + [shape_xml(p) for p in pieces] + [shape_xml([(0, 0, 0)])]
    parts = "".join(f'<shape id="{i + 1}" count="1"/>' for i in range(len(pieces)))
    parts += f'<shape id="{len(pieces) + 1}" min="0" max="{rng.randrange(*spare_range)}"/>'
    return (
        '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        + "".join(shapes)
        + f'</shapes><problems><problem><shapes>{parts}</shapes><result id="0"/></problem></problems></puzzle>'
    )
