"""Bar pairing: make every bar at one depth one colour (bars.py), keeping every deeper centre piece on its face.

Once the rings deeper than depth a are solved, the pieces of depth a can be moved freely: its x-centres, its
bars' pieces and the edges are all still to be solved. Two kinds of moves:

- *ring turns*: any block of layers within 0..a (or the mirror block), one turn each. They carry whole bars, so
  they never pair or split one, but they bring bars to where the next move pairs them; their face turns turn the
  deeper pieces round within their faces, which keeps solved deeper rings solved;
- *conjugates* S Y S': S a block of layers that reaches deeper than a (any axis), Y a block of layers 1..a (no
  face: a face turn would move the deeper pieces S brought onto its face) on another axis. S Y S' moves only the
  pieces S brings into Y's layers, all of depth a, so every deeper piece ends where it started: it swaps single
  pieces between bars, three turns.
Each move is checked on its permutation to keep every deeper centre piece on its face.

A beam keeps the WIDTH distinct states with the lowest turns so far + COST_PER_PIECE * pieces not showing their
bar's most common colour, and returns the turns to the state where that was least.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.bars import bar_length, bar_stickers, deeper_centres
from solvers.nxn.geometry import Axis
from solvers.nxn.macro_beam import macro_beam
from solvers.nxn.moves import BlockTurn, sequence_permutation

WIDTH = 64
WIDTHS = {6: 256, 7: 128}  # measured on 8 scrambles each: 6x6x6 33.6 -> 26.1 turns (0.8 s), 7x7x7 63.9 -> 60.5
MIN_WIDTH = 8
BUDGET = 30_000_000  # beam width x moves x 24 bars x bar length^2: each step's work
MOVE_LIMIT = 6_000  # conjugates kept per depth at most (a fixed-seed sample beyond: big cubes have tens of thousands)
COST_PER_PIECE = 5.0
PATIENCE = 6  # steps without a better estimate before the beam stops


@dataclass(frozen=True)
class BarMoves:
    """The moves of one depth: turns, their action on the bar stickers (`local[m, i]`: the bar position whose
    colour position i shows after move m) and their costs in block turns."""

    turns: list[list[BlockTurn]]
    local: np.ndarray
    costs: np.ndarray
    ring: int  # the first `ring` moves are ring turns, the rest conjugates


def ring_blocks(size: int, depth: int, with_face: bool) -> list[tuple[int, int]]:
    """Blocks of layers within 0..depth (1..depth without the face) and their mirror images."""
    start = 0 if with_face else 1
    near = [(f, last) for f in range(start, depth + 1) for last in range(f, depth + 1)]
    return near + [(size - 1 - last, size - 1 - f) for f, last in near]


def _conjugates(size: int, depth: int) -> list[list[BlockTurn]]:
    # S: every block reaching deeper than `depth` (the cube turned whole aside): measured on the 7x7x7, blocks of
    # deeper layers only paired its bars in 60.5 turns, these in 54.4 (8 scrambles), for 0.5 s more
    inner = [
        (f, last)
        for f in range(size - 1 - depth)
        for last in range(max(f, depth + 1), size)
        if (f, last) != (0, size - 1)
    ]
    sides = ring_blocks(size, depth, False)
    found = []
    for s_axis in Axis:
        for f, last in inner:
            for q in (1, 2, 3):
                s = BlockTurn(s_axis, f, last, q)
                found += [
                    [s, BlockTurn(y_axis, yf, yl, r), s.inverse()]
                    for y_axis in Axis
                    if y_axis != s_axis
                    for yf, yl in sides
                    for r in (1, 2, 3)
                ]
    if len(found) > MOVE_LIMIT:
        found = random.Random(size * 100 + depth).sample(found, MOVE_LIMIT)
    return found


@cache
def bar_moves(size: int, depth: int) -> BarMoves:
    """The distinct moves of a depth (by their action on its bars), ring turns first, each checked to keep every
    deeper centre piece on its face (so solved deeper rings stay solved)."""
    flat = bar_stickers(size, depth).ravel()
    position = np.full(6 * size * size, -1, dtype=np.int64)
    position[flat] = np.arange(len(flat))
    deeper = deeper_centres(size, depth)
    faces = deeper // (size * size)
    ring = [[BlockTurn(a, f, last, q)] for a in Axis for f, last in ring_blocks(size, depth, True) for q in (1, 2, 3)]
    identity = np.arange(len(flat))
    seen: set[bytes] = set()
    kept, actions = [], []
    rings = 0
    for turns in ring + _conjugates(size, depth):
        gather = sequence_permutation(size, turns)
        if not np.array_equal(gather[deeper] // (size * size), faces):
            continue
        local = position[gather[flat]]
        if (local < 0).any():
            raise RuntimeError(f"{turns} does not keep the bars at depth {depth} among themselves")
        key = local.tobytes()
        if key in seen or np.array_equal(local, identity):
            continue
        seen.add(key)
        kept.append(turns)
        actions.append(local)
        rings += len(turns) == 1
    costs = np.array([len(t) for t in kept], dtype=np.float64)
    return BarMoves(kept, np.stack(actions), costs, rings)


def _unpaired(bars: np.ndarray) -> np.ndarray:
    """Pieces not showing their bar's most common colour, over the last two axes (bars, pieces)."""
    same = (bars[..., :, None] == bars[..., None, :]).sum(axis=-1).max(axis=-1)
    return (bars.shape[-1] - same).sum(axis=-1)


def pair_bars(
    size: int, depth: int, colours: np.ndarray, stop: Callable[[], bool] = lambda: False, width: int | None = None
) -> list[BlockTurn]:
    """Turns that make the bars at `depth` one colour each (as far as the beam gets), moving no deeper centre
    piece; [] when the depth has no bars of two or more pieces."""
    k = bar_length(size, depth)
    if k < 2:
        return []
    moves = bar_moves(size, depth)
    count = int(min(len(moves.local), max(moves.ring, BUDGET // (MIN_WIDTH * 24 * k * k))))  # long bars: fewer
    per_state = count * 24 * k * k  # a step compares every two pieces of every bar of every child
    local, costs = moves.local[:count], moves.costs[:count]
    flat = bar_stickers(size, depth).ravel()
    width = width or WIDTHS.get(size, WIDTH)
    width = int(min(width, max(MIN_WIDTH, BUDGET // per_state)))
    chosen = macro_beam(
        colours[flat],
        local,
        costs,
        lambda beam: _unpaired(beam[:, local].reshape(len(beam), count, 24, k)),
        int(_unpaired(colours[flat].reshape(1, 24, k))[0]),
        width=width,
        cost_per_piece=COST_PER_PIECE,
        patience=PATIENCE,
        stop=stop,
    )
    return [turn for m in chosen for turn in moves.turns[m]]
