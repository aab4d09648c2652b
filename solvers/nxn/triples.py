"""Set-ups of pure 3-cycles: the shortest turn sequence that brings a base 3-cycle's three positions onto any
ordered triple of an orbit's positions, found by one breadth-first search over triples.

Both 3-cycle tables use it: `cycles.py` (any orbit, one-layer set-ups, undone afterwards) and `bar_cycles.py` (bar
pieces, ring set-ups that are not undone); they differ in their moves and in how a set-up's length is counted,
not in the search, the six spellings of a 3-cycle or the walk back along a found set-up.
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from solvers.nxn.moves import BlockTurn, sequence_permutation

UNREACHED = 255
# (rotation of the triple, base inverted): the six ways to write one 3-cycle a -> b -> c from one base
SPELLINGS = [(rotation, inverted) for inverted in (False, True) for rotation in range(3)]
_ROTATIONS = [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def distinct_actions(size: int, stickers: np.ndarray, turns: Iterable[BlockTurn]) -> tuple[list[BlockTurn], np.ndarray]:
    """The turns with a distinct, non-trivial action on the orbit at `stickers` (the first of each), and their
    actions (moves, n): the local position each sends a piece to. Fewer moves, the same set-ups."""
    local = np.full(6 * size * size, -1, dtype=np.int64)
    local[stickers] = np.arange(len(stickers))
    moves, actions, seen = [], [], set()
    for turn in turns:
        action = local[np.argsort(sequence_permutation(size, [turn]))[stickers]]
        key = action.tobytes()
        if key in seen or (action == np.arange(len(action))).all():
            continue
        seen.add(key)
        moves.append(turn)
        actions.append(action)
    return moves, np.array(actions, dtype=np.int64)


def triple_search(forward: np.ndarray, start: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
    """Breadth-first over ordered triples from `start` under the moves `forward` (moves, n): the depth (UNREACHED
    where none) and the last move (-1 at `start`) of every triple, each (n, n, n). Each level is expanded by every
    move at once; a triple reached by several moves keeps the lowest-numbered one."""
    n = forward.shape[1]
    depth = np.full(n * n * n, UNREACHED, dtype=np.uint8)
    via = np.full(n * n * n, -1, dtype=np.int16)
    frontier = np.array([(start[0] * n + start[1]) * n + start[2]], dtype=np.int64)
    depth[frontier] = 0
    level = 0
    while len(frontier):
        level += 1
        x, y, z = frontier // (n * n), frontier // n % n, frontier % n
        keys = ((forward[:, x] * n + forward[:, y]) * n + forward[:, z]).ravel()  # (moves * frontier,)
        moves = np.repeat(np.arange(len(forward)), len(frontier))
        fresh = depth[keys] == UNREACHED
        keys, first = np.unique(keys[fresh], return_index=True)
        depth[keys] = level
        via[keys] = moves[fresh][first]
        frontier = keys
    return depth.reshape(n, n, n), via.reshape(n, n, n)


def spellings(steps: np.ndarray) -> list[np.ndarray]:
    """`steps[x, y, z]` (the cost of the base's triple brought onto (x, y, z)) read as the cost of the 3-cycle
    a -> b -> c in each of the SPELLINGS, in their order."""
    forms = []
    for rotation, inverted in SPELLINGS:
        order = _ROTATIONS[rotation]
        if inverted:  # an inverted base cycles its triple the other way: the set-up of (x, z, y)
            order = (order[0], order[2], order[1])
        forms.append(np.transpose(steps, np.argsort(order)))
    return forms


def spelled(a: int, b: int, c: int, spelling: int) -> tuple[int, int, int, bool]:
    """The triple (x, y, z) whose set-up spells a -> b -> c in SPELLINGS[spelling], and whether the base is
    inverted."""
    rotation, inverted = SPELLINGS[spelling]
    x, y, z = ((a, b, c), (b, c, a), (c, a, b))[rotation]
    return (x, z, y, True) if inverted else (x, y, z, False)


def walk_setup(via: np.ndarray, forward: np.ndarray, moves: list[BlockTurn], x: int, y: int, z: int) -> list[BlockTurn]:
    """The set-up T found by `triple_search` that brings the start triple onto (x, y, z), first turn first."""
    inverse = np.argsort(forward, axis=1)
    turns: list[BlockTurn] = []
    while via[x, y, z] >= 0:
        move = int(via[x, y, z])
        turns.append(moves[move])
        back = inverse[move]
        x, y, z = int(back[x]), int(back[y]), int(back[z])
    return turns[::-1]
