"""What the kernel needs to cut off sealed-off holes: cell neighbours, each row's border, each piece's smallest part.

When a placement closes off a group of empty cells (a connected region of the empty cells, neighbours across a face)
too small to hold any remaining piece, no completion exists and the kernel backtracks at once instead of searching
the subtree to its failure. Each connected part of a piece lies inside one empty region, so a region smaller than
every remaining piece's smallest connected part can never be filled (a piece whose cubes do not all touch may split
across regions; its parts are what count). Only cells next to the new piece can be newly sealed off, so the kernel
looks at the empty cells of the row's border.

Kept for targets of one 64-bit word (the kernel's one-word layout); larger targets search without this pruning.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from solvers.packing.cover import CoverProblem
from solvers.packing.voxels import Shape

_NEIGHBOUR_STEPS = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


class Regions(NamedTuple):
    """Pruning tables in search-order bits; all three empty when the pruning is off for a problem."""

    neighbours: np.ndarray  # (n_cells,) uint64: the face neighbours of each search cell
    border: np.ndarray  # (R,) uint64: the cells next to each row and not in it
    min_part: np.ndarray  # (n_kinds,) int64: cubes in the smallest face-connected part of each piece


def smallest_part(cells: Shape) -> int:
    """Cubes in the smallest face-connected part of a piece (its size when all its cubes hang together)."""
    left = set(cells)
    smallest = len(left)
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            x, y, z = todo.pop()
            size += 1
            for dx, dy, dz in _NEIGHBOUR_STEPS:
                near = (x + dx, y + dy, z + dz)
                if near in left:
                    left.remove(near)
                    todo.append(near)
        smallest = min(smallest, size)
    return smallest


def regions(problem: CoverProblem) -> Regions:
    """The pruning tables of ``problem``, built once and kept with it."""
    cached = problem.derived.get("regions")
    if isinstance(cached, Regions):
        return cached
    built = _build(problem)
    problem.derived["regions"] = built
    return built


def _build(problem: CoverProblem) -> Regions:
    min_part = np.array([smallest_part(piece.cells) for piece in problem.puzzle.pieces], dtype=np.int64)
    if problem.n_words != 1 or int(min_part.max(initial=0)) <= 1:  # nothing to gain: every region may be filled
        return Regions(np.zeros(0, np.uint64), np.zeros(0, np.uint64), np.zeros(0, np.int64))
    target = problem.puzzle.target
    index = problem.puzzle.cell_index()
    # each file cell's neighbours as search-order bits
    around = np.zeros(problem.n_cells, dtype=np.uint64)
    for i, (x, y, z) in enumerate(target):
        bits = 0
        for dx, dy, dz in _NEIGHBOUR_STEPS:
            j = index.get((x + dx, y + dy, z + dz))
            if j is not None:
                bits |= 1 << int(problem.file_to_search[j])
        around[i] = np.uint64(bits)
    neighbours = np.zeros(problem.n_cells, dtype=np.uint64)
    neighbours[problem.file_to_search] = around
    padded = np.where(problem.row_cells >= 0, around[np.maximum(problem.row_cells, 0)], np.uint64(0))
    border = np.bitwise_or.reduce(padded, axis=1) & ~problem.row_masks[:, 0]
    return Regions(neighbours, np.ascontiguousarray(border, dtype=np.uint64), min_part)
