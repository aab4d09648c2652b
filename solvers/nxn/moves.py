"""Block turns as data: an axis, a contiguous range of layers and an amount, with their sticker permutations.

Every turn of an NxNxN cube -- a face, a wide block, an inner slice, a range of inner layers, a whole-cube
rotation -- is one `BlockTurn`: layers `first..last` (counted from the axis's positive face, R, U or F) turned
`quarters` clockwise quarter turns as seen from that positive face. `L` on a 5x5x5 is therefore
`BlockTurn(X, 4, 4, 3)`. Notation (notation.py) reads and writes them; the permutations are built once per size.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.geometry import Axis, check_size, layer_quarter, n_stickers


@dataclass(frozen=True, order=True)
class BlockTurn:
    """Layers first..last (0 = the R, U or F face) along `axis`, `quarters` (1, 2 or 3) clockwise from that face."""

    axis: Axis
    first: int
    last: int
    quarters: int

    def __post_init__(self) -> None:
        if not 0 <= self.first <= self.last:
            raise ValueError(f"layers {self.first}..{self.last} are not a block")
        if self.quarters not in (1, 2, 3):
            raise ValueError(f"a turn is 1, 2 or 3 quarters, not {self.quarters}")

    def is_rotation(self, size: int) -> bool:
        """Whether it turns the whole cube (x, y, z): 0 in the block turn metric."""
        return self.first == 0 and self.last == size - 1

    def inverse(self) -> BlockTurn:
        return BlockTurn(self.axis, self.first, self.last, 4 - self.quarters)

    def check(self, size: int) -> None:
        """ValueError if the turn names a layer the cube does not have."""
        if self.last >= size:
            raise ValueError(f"a {size}x{size}x{size} has layers 0..{size - 1}, not {self.last}")


@cache
def turn_permutation(size: int, turn: BlockTurn) -> np.ndarray:
    """The gather permutation of a block turn on a size-N cube (see geometry.py), built once."""
    check_size(size)
    turn.check(size)
    gather = np.arange(n_stickers(size), dtype=np.int32)
    for layer in range(turn.first, turn.last + 1):
        quarter = layer_quarter(size, turn.axis, layer)
        for _ in range(turn.quarters):
            gather = gather[quarter]
    gather.setflags(write=False)
    return gather


def sequence_permutation(size: int, turns: Iterable[BlockTurn]) -> np.ndarray:
    """The gather permutation of a sequence of turns, first turn first."""
    gather = np.arange(n_stickers(size), dtype=np.int32)
    for turn in turns:
        gather = gather[turn_permutation(size, turn)]
    return gather


def invert_sequence(turns: Sequence[BlockTurn]) -> list[BlockTurn]:
    """The turns that undo `turns`."""
    return [turn.inverse() for turn in reversed(turns)]


def single_layer_turns(size: int) -> list[BlockTurn]:
    """Every one-layer turn of every amount (9N of them): the moves the solver's set-up searches use."""
    return [BlockTurn(axis, layer, layer, q) for axis in Axis for layer in range(size) for q in (1, 2, 3)]


def block_turn_count(size: int, turns: Iterable[BlockTurn]) -> int:
    """Moves in the block turn metric: every turn counts 1 except whole-cube rotations (0)."""
    return sum(not turn.is_rotation(size) for turn in turns)


def face_turn(face_index: int, quarters: int, size: int) -> BlockTurn:
    """The outer turn of face `face_index` (U R F D L B = 0..5) by `quarters` clockwise quarters seen from it."""
    axis = (Axis.Y, Axis.X, Axis.Z)[face_index % 3]
    if face_index < 3:
        return BlockTurn(axis, 0, 0, quarters % 4)
    return BlockTurn(axis, size - 1, size - 1, (4 - quarters) % 4)
