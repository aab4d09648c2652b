"""Random-turn scrambles of big cubes, a pure function of a seed.

WCA lengths: 40 turns on the 4x4x4, 60 on the 5x5x5, 80 on the 6x6x6, 100 on the 7x7x7: 20 per inner layer
count, i.e. 20 * (N - 2), which we keep for every larger N (120 on the 8x8x8, 300 on the 17x17x17). The 2x2x2 and
3x3x3 get 11 and 25. Each turn is an outer block (a face, or a wide block of up to half the cube from one face) in
any amount (a half-cube block only from the R, U or F side on even cubes); within a run of turns about one axis
no block repeats, so no two turns merge into one.

`scramble(size, seed)` is what a user gets: for the 4x4x4 a random-state scramble (a uniformly drawn state,
solved, the solution inverted, as the WCA's TNoodle does; see four/random_state.py), for every other size the
random turns above.
"""

from __future__ import annotations

import random

from solvers.nxn.geometry import Axis, check_size
from solvers.nxn.moves import BlockTurn

SMALL_LENGTHS = {2: 11, 3: 25}


def scramble_length(size: int) -> int:
    """Turns in a scramble: 11, 25, then 20 * (N - 2) (WCA's 40, 60, 80, 100 for 4..7)."""
    check_size(size)
    return SMALL_LENGTHS.get(size, 20 * (size - 2))


def random_turns(size: int, seed: int | None = None, length: int | None = None) -> list[BlockTurn]:
    """A scramble of `length` (default `scramble_length`) outer block turns; the same seed gives the same list."""
    check_size(size)
    rng = random.Random(seed)
    count = scramble_length(size) if length is None else length
    widest = max(1, size // 2)
    turns: list[BlockTurn] = []
    used: set[tuple[int, int]] = set()  # (side, width) already turned in the current run of one axis
    for _ in range(count):
        while True:
            axis = Axis(rng.randrange(3))
            side = rng.randrange(2) if size > 1 else 0
            width = 1 + rng.randrange(widest)
            if turns and axis == turns[-1].axis and (side, width) in used:
                continue
            if side == 1 and size % 2 == 0 and 2 * width == size:
                continue  # the other half of the cube: with its positive twin it would be a rotation
            break
        if not turns or axis != turns[-1].axis:
            used = set()
        used.add((side, width))
        quarters = 1 + rng.randrange(3)
        first, last = (0, width - 1) if side == 0 else (size - width, size - 1)
        turns.append(BlockTurn(axis, first, last, quarters))
    return turns


def scramble(size: int, seed: int | None = None) -> list[BlockTurn]:
    """A scramble for a size-N cube: random-state on the 4x4x4, `random_turns` otherwise; the same seed gives the
    same list."""
    check_size(size)
    if size == 4:
        from solvers.nxn.four.random_state import random_state_turns

        return random_state_turns(seed)
    return random_turns(size, seed)
