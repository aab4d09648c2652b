"""A physically possible assembly order of one packing: pieces go in one at a time, each along a straight line
from outside the box, passing through no piece already in place.

Pieces are preferably dropped from above (the puzzle's "up" direction); when pieces interlock so that no drop
order exists, a piece may slide in sideways. The search is a depth-first search over the set of placed pieces,
trying bottom pieces and drops first, with failed sets remembered (at most 2**n of them, and n is small).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from solvers.packing.cover import CoverProblem
from solvers.packing.puzzle import Puzzle

Direction = tuple[int, int, int]
MAX_NODES = 200_000  # search steps before giving up on a path-clear order (then the greedy order is flagged)


@dataclass(frozen=True)
class AssemblyStep:
    """Instance ``instance`` (an index into the rows given) comes in from ``direction`` (a unit vector pointing
    from its final place towards where it starts); ``clear`` is False only when no collision-free order existed."""

    instance: int
    direction: Direction
    clear: bool = True


def up_direction(puzzle: Puzzle) -> Direction:
    """Where "above" is: -y (solution rows run top to bottom), or the thin axis of a flat tray puzzle (-z,
    towards the viewer), so flat pieces are laid into the tray rather than slid along it."""
    if puzzle.dims[2] == 1 and min(puzzle.dims[:2]) > 1:
        return (0, 0, -1)
    return (0, -1, 0)


def _directions(up: Direction) -> list[Direction]:
    axis = next(a for a in range(3) if up[a])
    sides: list[Direction] = []
    for a in range(3):
        if a == axis:
            continue
        for sign in (1, -1):
            d = [0, 0, 0]
            d[a] = sign
            sides.append((d[0], d[1], d[2]))
    return [up, *sides]


def assembly_order(
    problem: CoverProblem,
    rows: Sequence[int],
    up: Direction | None = None,
    on_step: Callable[[], None] | None = None,
) -> list[AssemblyStep]:
    """An order in which the pieces of one solution (row ids) can be put together (see the module docstring).
    ``on_step`` is called at each piece tried along a direction (the search's unit of work, a path check) and may
    raise to stop the search: a viewer's stop flag and progress (:class:`solvers.packing.watch.Watch`)."""
    puzzle = problem.puzzle
    up = up or up_direction(puzzle)
    target = np.asarray(puzzle.target, dtype=np.int64)
    lo = target.min(axis=0)
    dims = target.max(axis=0) - lo + 1
    pieces = []
    for r in rows:
        cells = problem.row_cells[int(r)]
        pieces.append(target[cells[cells >= 0]] - lo)
    up_vec = np.asarray(up, dtype=np.int64)
    height = [float((p @ up_vec).mean()) if len(p) else 0.0 for p in pieces]  # no cells: an unused copy
    by_height = sorted(range(len(pieces)), key=lambda i: (height[i], i))
    directions = _directions(up)
    grid = np.full(tuple(int(d) for d in dims), -1, dtype=np.int64)
    failed: set[int] = set()
    order: list[AssemblyStep] = []
    nodes = [0]

    def path_clear(piece: np.ndarray, direction: Direction) -> bool:
        step = np.asarray(direction, dtype=np.int64)
        for k in range(1, int(dims.max()) + 1):
            cells = piece + k * step
            inside = np.all((cells >= 0) & (cells < dims), axis=1)
            if not inside.any():
                return True
            c = cells[inside]
            if np.any(grid[c[:, 0], c[:, 1], c[:, 2]] >= 0):
                return False
        return True

    def search(placed: int) -> bool:
        if placed == (1 << len(pieces)) - 1:
            return True
        if placed in failed or nodes[0] > MAX_NODES:
            return False
        for direction in directions:
            for i in by_height:
                if placed >> i & 1:
                    continue
                if on_step is not None:
                    on_step()
                if not path_clear(pieces[i], direction):
                    continue
                nodes[0] += 1
                p = pieces[i]
                grid[p[:, 0], p[:, 1], p[:, 2]] = i
                order.append(AssemblyStep(i, direction))
                if search(placed | 1 << i):
                    return True
                order.pop()
                grid[p[:, 0], p[:, 1], p[:, 2]] = -1
        failed.add(placed)
        return False

    if search(0):
        return order
    return [AssemblyStep(i, up, clear=False) for i in by_height]  # interlocked beyond straight moves
