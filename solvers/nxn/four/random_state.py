"""A uniformly random 4x4x4 state and the turns that make it: the 4x4x4's random-state scramble (as TNoodle's).

Every 4x4x4 state is reachable whose corners' twists add up to whole turns: wings may take any permutation, the
centres (four alike per colour) any arrangement, and the corners any permutation, because alike centres can make up
either permutation parity. So a state is drawn piece by piece (corners with twists, wings, centres), solved, and
the solution inverted; whole-cube rotations in it are moved to its end and dropped, so the scramble, applied to a
solved cube, gives the drawn state as seen in some orientation.
"""

from __future__ import annotations

import random
from functools import cache

import numpy as np

from solvers.nxn.four.layout import SIZE, layout
from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, invert_sequence, turn_permutation
from solvers.nxn.pieces import corner_slots
from solvers.nxn.state import NxNState


def random_state(seed: int | None) -> NxNState:
    """A 4x4x4 state drawn uniformly (up to the centres' alike pieces) from a seeded generator."""
    rng = random.Random(seed)
    solved = NxNState.solved(SIZE).colours
    colours = solved.copy()
    slots = corner_slots(SIZE)
    order = list(range(8))
    rng.shuffle(order)
    twists = [rng.randrange(3) for _ in range(7)]
    twists.append(-sum(twists) % 3)
    for slot, (piece, twist) in enumerate(zip(order, twists, strict=True)):
        for j in range(3):
            colours[slots[slot, j]] = solved[slots[piece, (j - twist) % 3]]
    lay = layout()
    wings = list(range(24))
    rng.shuffle(wings)
    for position, piece in enumerate(wings):
        colours[lay.wing_primary[position]] = solved[lay.wing_primary[piece]]
        colours[lay.wing_other[position]] = solved[lay.wing_other[piece]]
    centres = [int(c) for c in solved[lay.centres]]
    rng.shuffle(centres)
    colours[lay.centres] = centres
    return NxNState.from_colours(SIZE, colours)


@cache
def _turn_by_permutation() -> dict[bytes, BlockTurn]:
    found: dict[bytes, BlockTurn] = {}
    for axis in Axis:
        for first in range(SIZE):
            for last in range(first, SIZE):
                for quarters in (1, 2, 3):
                    turn = BlockTurn(axis, first, last, quarters)
                    found.setdefault(turn_permutation(SIZE, turn).tobytes(), turn)
    return found


def without_rotations(turns: list[BlockTurn]) -> list[BlockTurn]:
    """The same turns with every whole-cube rotation carried to the end and dropped: each turn after a rotation
    is replaced by the turn of the same layers as they lie before it (same effect up to the final orientation)."""
    table = _turn_by_permutation()
    rotation = np.arange(6 * SIZE * SIZE, dtype=np.int32)  # gather of the rotations met so far
    result: list[BlockTurn] = []
    for turn in turns:
        gather = turn_permutation(SIZE, turn)
        if turn.is_rotation(SIZE):
            rotation = rotation[gather]
            continue
        # [rotation, turn] == [moved, rotation]  <=>  moved = rotation[turn] then undo the rotation
        moved = rotation[gather][np.argsort(rotation)]
        result.append(table[moved.astype(np.int32).tobytes()])
    return result


def random_state_turns(seed: int | None) -> list[BlockTurn]:
    """Turns that take a solved 4x4x4 to a random state (no whole-cube rotations): a solution of it, inverted."""
    from solvers.nxn.compact import compact
    from solvers.nxn.solver import solve_nxn

    # frame_nodes=None: the 3x3x3 stage takes its first answer, so a seed gives the same scramble under any load
    turns = without_rotations(list(solve_nxn(random_state(seed), frame_nodes=None).turns))
    for _ in range(4):  # dropping rotations can leave turns about one axis side by side: merge, drop again
        merged = without_rotations(compact(turns, SIZE))
        if merged == turns:
            break
        turns = merged
    return invert_sequence(turns)
