"""Big cubes (4x4x4 and up) for the app's models: the engine's sticker state and block turns behind the same small
interface the 2x2x2/3x3x3 algorithms offer (turns, text, the state they lead to, the inverse).

Why a bridge and not a second cube model: undo, history, scrambles and every view stay one code path; only what
a turn *is* differs by size (a notation `Turn` on a 2x2x2/3x3x3, an engine `BlockTurn` from 4x4x4 up).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import numpy as np

from solvers.cube.notation import Algorithm, parse_algorithm
from solvers.cube.state import CubeState
from solvers.nxn.moves import BlockTurn
from solvers.nxn.notation import format_turns, parse
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import NxNState

SMALL_SIZES = (2, 3)  # the puzzles with their own engines (notation Turns, CubeState, solvers)
FIRST_BIG_SIZE = 4
MAX_SIZE = 50  # the size chooser's limit: a 50x50x50 has 15,000 stickers, still drawn without a pause


def is_big(size: int) -> bool:
    """Whether the app holds this size as an engine sticker state with block turns."""
    return size >= FIRST_BIG_SIZE


def check_size(size: int) -> None:
    """ValueError unless the app can show a cube of `size` layers."""
    if not isinstance(size, int) or isinstance(size, bool) or not 2 <= size <= MAX_SIZE:
        raise ValueError(f"the app shows cubes of 2 to {MAX_SIZE} layers, not {size!r}")


class BigAlgorithm:
    """Block turns of a size-N cube, printed in WCA notation: what `Algorithm` is to the 2x2x2/3x3x3."""

    __slots__ = ("size", "turns")

    def __init__(self, size: int, turns: Iterable[BlockTurn]) -> None:
        self.size = size
        self.turns: tuple[BlockTurn, ...] = tuple(turns)

    def __str__(self) -> str:
        return format_turns(self.turns, self.size)

    def __repr__(self) -> str:
        return f"BigAlgorithm({self.size}, {str(self)!r})"

    def __len__(self) -> int:
        return len(self.turns)

    def __iter__(self):
        return iter(self.turns)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BigAlgorithm) and (other.size, other.turns) == (self.size, self.turns)

    def __hash__(self) -> int:
        return hash((self.size, self.turns))

    def inverse(self) -> BigAlgorithm:
        return BigAlgorithm(self.size, (turn.inverse() for turn in reversed(self.turns)))

    def state(self, size: int | None = None, start: NxNState | None = None) -> NxNState:
        """The state reached from `start` (default: solved)."""
        size = self.size if size is None else size
        return (NxNState.solved(size) if start is None else start).apply(self.turns)


AnyAlgorithm = Algorithm | BigAlgorithm
AnyState = CubeState | NxNState


def solved_state(size: int) -> AnyState:
    return NxNState.solved(size) if is_big(size) else CubeState.solved(size)


def parse_for_size(text: str, size: int) -> AnyAlgorithm:
    """The algorithm `text` writes for a size-N cube; NotationError (with .position) at the first bad token."""
    return BigAlgorithm(size, parse(text, size)) if is_big(size) else parse_algorithm(text, size)


def algorithm_of(turns: Iterable, size: int) -> AnyAlgorithm:
    """Turns (notation Turns, or BlockTurns on a big cube) as an algorithm of that size."""
    return BigAlgorithm(size, turns) if is_big(size) else Algorithm.from_turns(turns)


def state_after(state: AnyState, turn) -> AnyState:
    """The state one turn later (a view landing an animated turn)."""
    if isinstance(state, NxNState):
        return state.apply([turn])
    return state * turn.state(state.size)


def sticker_faces(state: AnyState) -> np.ndarray:
    """The face colour (0..5 in U R F D L B order) on each sticker, facelet order, whatever the size."""
    return state.colours if isinstance(state, NxNState) else state.colours()


def random_block_scramble(size: int, rng: random.Random | int | None = None) -> BigAlgorithm:
    """A WCA-length random-turn scramble of a big cube (the engine's, seeded from `rng`)."""
    seed = rng.getrandbits(64) if isinstance(rng, random.Random) else rng
    return BigAlgorithm(size, random_turns(size, seed))
