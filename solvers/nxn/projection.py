"""A big cube seen as a 4x4x4 or 5x5x5: one ring of its centres, one wing orbit and the corners, and turns lifted back.

Why: the x-centres at depth a (face coordinates a and N-1-a) of an NxNxN move exactly like a 4x4x4's centres,
and on an odd cube the x- and +-centres at depth a (the latter on the middle row and column) like a 5x5x5's two
centre orbits, when the small cube's layers stand for these blocks of the big one:

    small layer 0        -> big layers 0..a-1 (the face, with the layers outside depth a)
    small layer 1        -> big layer a
    5x5x5 middle layer   -> the big middle layer
    small layer s-2      -> big layer N-1-a
    small layer s-1      -> big layers N-a..N-1

Reading the big cube's stickers at face coordinates (0, a, [middle,] N-1-a, N-1) gives a small cube whose centres
are that ring, whose wings are the big cube's wing orbit at depth a and whose corners are the big corners; a turn
of the small cube, lifted by the table above, does to those stickers what it does to the small cube. So the
small cube's exact centre tables solve that ring of the big cube in ~16 (4x4x4) or ~27 (5x5x5) block turns, and
the small cube's wing parity is the big cube's at depth a. Lifted turns move only layers 0..a and their mirror
images (and the middle, in whole-cube turns), so rings deeper than a stay as they were; a small block that spans
both inner layers of a 4x4x4 lifts to big layers a..N-1-a, which keeps the deeper rings only when none lies
between (`spans_deeper`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.moves import BlockTurn


@dataclass(frozen=True)
class Projection:
    """The ring of depth `depth` of a `size` cube as a `small` cube: 4 (its x-centres only, any size), or 5 when
    `size` is odd (its x- and +-centres)."""

    size: int
    small: int
    depth: int

    def __post_init__(self) -> None:
        if self.small not in (4, 5) or (self.small == 5 and self.size % 2 == 0) or self.size < self.small + 2:
            raise ValueError(
                f"a {self.size}x{self.size}x{self.size} has no {self.small}x{self.small}x{self.small} ring"
            )
        deepest = (self.size - 3) // 2 if self.size % 2 else self.size // 2 - 1
        if not 1 <= self.depth <= deepest:
            raise ValueError(f"depth {self.depth} is no centre ring of a {self.size}x{self.size}x{self.size}")

    def coordinates(self) -> tuple[int, ...]:
        """Big face coordinate of each small face coordinate."""
        n, a = self.size, self.depth
        middle = (n // 2,) if self.small == 5 else ()
        return (0, a, *middle, n - 1 - a, n - 1)

    def blocks(self) -> tuple[tuple[int, int], ...]:
        """Big layers (first, last) of each small layer."""
        n, a = self.size, self.depth
        middle = ((n // 2, n // 2),) if self.small == 5 else ()
        return ((0, a - 1), (a, a), *middle, (n - 1 - a, n - 1 - a), (n - a, n - 1))

    def lift(self, turn: BlockTurn) -> BlockTurn:
        """The big cube's block turn for a turn of the small cube."""
        blocks = self.blocks()
        return BlockTurn(turn.axis, blocks[turn.first][0], blocks[turn.last][1], turn.quarters)

    def spans_deeper(self, turn: BlockTurn) -> bool:
        """Whether the lifted turn also moves layers deeper than this ring (between big layers a and N-1-a)."""
        lifted = self.lift(turn)
        inner = range(self.depth + 1, self.size - 1 - self.depth)
        return not lifted.is_rotation(self.size) and any(lifted.first <= k <= lifted.last for k in inner)

    def project(self, colours: np.ndarray) -> np.ndarray:
        """The small cube's colours (6 * small^2) read from the big cube's."""
        return colours[stickers(self)]


@cache
def stickers(projection: Projection) -> np.ndarray:
    """Big sticker index of each small sticker (faces, rows and columns in the same order)."""
    n, s = projection.size, projection.small
    coords = projection.coordinates()
    table = np.empty(6 * s * s, dtype=np.int64)
    for face in range(6):
        for row in range(s):
            for col in range(s):
                table[face * s * s + row * s + col] = face * n * n + coords[row] * n + coords[col]
    table.setflags(write=False)
    return table


def rings(size: int) -> list[Projection]:
    """Every centre ring of a size >= 6 cube that a small cube's tables can solve, innermost first."""
    small = 5 if size % 2 else 4
    deepest = (size - 3) // 2 if size % 2 else size // 2 - 1
    return [Projection(size, small, a) for a in range(deepest, 0, -1)]


@cache
def centre_stickers(projection: Projection) -> np.ndarray:
    """Big sticker indices of the ring's centre pieces (the small cube's centres, an odd one's fixed six left out)."""
    s = projection.small
    inner = [
        face * s * s + row * s + col
        for face in range(6)
        for row in range(1, s - 1)
        for col in range(1, s - 1)
        if not (s % 2 and row == col == s // 2)
    ]
    return stickers(projection)[inner]
