"""Centre bars: the pieces of one depth between its x-centres, which the ring's own turns move as one.

At depth a (face coordinates a and N-1-a) the centre pieces on row a between the two x-centres, (a, a+1) ..
(a, N-2-a), and the same on the other three sides of the ring, form a *bar*: obliques of several orbits (and an
odd cube's +-centre in the middle). Turns of layers 0..a only (a face, its layers down to depth a, and the mirror
images) carry whole bars from place to place and never split one: so once every bar shows one colour, the ring
(x-centres and bars) is a 5x5x5's centres whose +-centres are the bars, and the 5x5x5's tables solve it with
turns of those layers, which keep every deeper ring and bar as it is (`BarRing`, lifted like projection.py's
rings). Making the bars one colour is the job of bar_pairing.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.projection import Projection


@dataclass(frozen=True)
class BarRing(Projection):
    """`BarRing(size, 5, depth)`: the ring of depth `depth` with its bars read as a 5x5x5's x- and +-centres (any
    size, odd or even): the small middle layer stands for the big layers a+1..N-2-a (never turned alone), its
    +-centres for the bars (read at the middle on an odd cube, at the bar's first piece on an even one: a paired
    bar is one colour)."""

    def __post_init__(self) -> None:
        if self.small != 5 or not 1 <= self.depth <= (self.size - 3) // 2:
            raise ValueError(f"a {self.size}x{self.size}x{self.size} has no bar ring at depth {self.depth}")

    def coordinates(self) -> tuple[int, ...]:
        n, a = self.size, self.depth
        middle = n // 2 if n % 2 else a + 1
        return (0, a, middle, n - 1 - a, n - 1)

    def blocks(self) -> tuple[tuple[int, int], ...]:
        n, a = self.size, self.depth
        return ((0, a - 1), (a, a), (a + 1, n - 2 - a), (n - 1 - a, n - 1 - a), (n - a, n - 1))


def bar_length(size: int, depth: int) -> int:
    """Pieces in one bar at that depth (0: the depth has x-centres only)."""
    return max(0, size - 2 - 2 * depth)


@cache
def bar_stickers(size: int, depth: int) -> np.ndarray:
    """int array (24, k): the sticker indices of each bar at `depth` (four per face: rows a and N-1-a, columns a
    and N-1-a, between the x-centres), k = bar_length(size, depth)."""
    n, a = size, depth
    inner = range(a + 1, n - 1 - a)
    table = []
    for face in range(6):
        base = face * n * n
        for fixed in (a, n - 1 - a):
            table.append([base + fixed * n + b for b in inner])  # a row
            table.append([base + b * n + fixed for b in inner])  # a column
    result = np.array(table, dtype=np.int64).reshape(24, len(inner))
    result.setflags(write=False)
    return result


def deeper_centres(size: int, depth: int) -> np.ndarray:
    """Centre stickers deeper than `depth` (both face coordinates strictly between depth and N-1-depth)."""
    n = size
    inner = np.arange(depth + 1, n - 1 - depth)
    rows, cols = np.meshgrid(inner, inner, indexing="ij")
    local = (rows * n + cols).ravel()
    return np.concatenate([face * n * n + local for face in range(6)]).astype(np.int64)
