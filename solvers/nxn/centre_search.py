"""A first, free-moving centre stage: a beam search over one-layer turns that brings many centre pieces home
before the 3-cycles (which cost about six turns per piece) take over.

Early on, a single inner-layer turn can put several centre pieces home at once, which no pure 3-cycle can: so
the search keeps the `width` best states (most centre stickers home) at each depth and returns the turns to the
state that minimises (turns so far + COST_PER_PIECE * pieces still out of place), an estimate of the whole centre
stage's length. It moves edges and corners freely (later stages solve them) but never an odd cube's middle
layer, so the fixed centres (the colour reference) stay where they are.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numpy as np

from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, turn_permutation
from solvers.nxn.pieces import Kind, orbits

COST_PER_PIECE = 6.0  # turns the 3-cycle stage spends per centre piece it puts home (measured: ~11 per 2 pieces)
BUDGET = 8_000_000  # beam width x turns x centre stickers: each depth's work
MIN_WIDTH = 16
PATIENCE = 3  # depths without a better estimate before the search stops


@cache
def _moves(size: int) -> tuple[list[BlockTurn], np.ndarray, np.ndarray]:
    """The turns the search uses (no odd middle layer), their permutations, and the centre stickers."""
    middle = size // 2 if size % 2 else -1
    turns = [
        BlockTurn(Axis(axis), layer, layer, q)
        for axis in range(3)
        for layer in range(size)
        if layer != middle
        for q in (1, 2, 3)
    ]
    perms = np.stack([turn_permutation(size, t) for t in turns])
    centres = np.concatenate([o.stickers for o in orbits(size) if o.kind is Kind.CENTRE])
    return turns, perms, np.sort(centres)


def free_centre_turns(
    size: int, colours: np.ndarray, width: int | None = None, stop: Callable[[], bool] = lambda: False
) -> list[BlockTurn]:
    """Turns after which the 3-cycle centre stage is expected to be shortest (possibly none). The search carries
    only the centre stickers (turns keep them among themselves); its width follows from BUDGET unless given."""
    if size < 4:
        return []
    turns, perms, centres = _moves(size)
    position = np.full(6 * size * size, -1)
    position[centres] = np.arange(len(centres))
    local = position[perms[:, centres]]  # each turn as a permutation of the centre stickers
    if width is None:
        width = max(MIN_WIDTH, BUDGET // (len(turns) * len(centres)))
    faces = (centres // (size * size)).astype(np.int8)
    keys = _layer_key(turns)
    beam = colours[centres][None, :]
    history: list[tuple[np.ndarray, np.ndarray]] = []  # per depth: (parent index, move index) of each beam state
    last_move = np.array([-1])
    best_estimate = COST_PER_PIECE * float((beam[0] != faces).sum())
    best_at: tuple[int, int] = (0, 0)
    since_better = 0
    depth = 0
    while since_better < PATIENCE and not stop():
        depth += 1
        children = beam[:, local]  # (beam, moves, centre stickers)
        solved = (children == faces).sum(axis=2).astype(np.float64)
        same = (last_move[:, None] >= 0) & (keys[np.maximum(last_move, 0)][:, None] == keys[None, :])
        solved[same] = -1  # never the same layer twice in a row (it would merge)
        flat = solved.ravel()
        keep = np.argsort(-flat, kind="stable")[:width]
        keep = keep[flat[keep] >= 0]
        parents, moves = keep // len(turns), keep % len(turns)
        beam = children[parents, moves]
        history.append((parents, moves))
        last_move = moves
        estimate = depth + COST_PER_PIECE * (len(centres) - flat[keep[0]])
        if estimate < best_estimate - 1e-9:
            best_estimate, best_at, since_better = estimate, (depth, 0), 0
        else:
            since_better += 1
        if flat[keep[0]] == len(centres):
            break
    chosen_depth, index = best_at
    path: list[BlockTurn] = []
    for level in range(chosen_depth - 1, -1, -1):
        parents, moves = history[level]
        path.append(turns[int(moves[index])])
        index = int(parents[index])
    return path[::-1]


@cache
def _layer_key_cached(size_key: tuple[BlockTurn, ...]) -> np.ndarray:
    return np.array([t.axis * 1000 + t.first for t in size_key])


def _layer_key(turns: list[BlockTurn]) -> np.ndarray:
    return _layer_key_cached(tuple(turns))
