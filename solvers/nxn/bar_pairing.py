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
bar's most common colour, and returns the turns to the state where that was least. A move's turns are what it adds
once merged with the turns before it (turn_runs.py), and its pieces out are counted anew only in the bars it does
not carry whole (bar_scores.py's kernel), which makes a step cheap enough for beams of thousands of states.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.bar_scores import BarScorer
from solvers.nxn.bars import bar_length, bar_stickers, deeper_centres
from solvers.nxn.geometry import Axis
from solvers.nxn.macro_beam import macro_beam
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.turn_runs import MacroRuns

WIDTH = 64
WIDTHS = {6: 16384, 7: 3072}  # bars and their 3-cycles on the bench's ten scrambles: merged turns and pieces out
# counted only in the bars a move changes took 6x6x6 256 -> 1024 wide 26.1 -> 21.6 turns, 7x7x7 128 -> 512 54.3 ->
# 45.8; the kernel's cheaper steps (bar_scores.py) then 6x6x6 1024 -> 4096 -> 8192: 21.6 -> 20.3 -> 19.6 (CPU 0.24 ->
# 0.86 -> 1.7 s), 7x7x7 512 -> 1024 -> 2048 -> 3072: 45.8 -> 43.8 -> 41.4 -> 41.1 (CPU 0.4, -, 1.3, 1.9 s);
# the numpy steps before took 1.0 s at 1024 wide (6x6x6) and 1.3 s at 512 (7x7x7); with the outer ring chosen by
# the edges (ring_choice.py), whole 6x6x6 solves 8192 -> 16384: 142.6 -> 140.4 turns, median CPU 7.6 -> 9.0 s
MIN_WIDTH = 8
BUDGET = 32_000_000  # beam width x moves x changed bars x bar length^2: each step's work
MOVE_LIMIT = 6_000  # conjugates kept per depth at most (a fixed-seed sample beyond: big cubes have tens of thousands)
COST_PER_PIECE = 5.0
MERGED_COSTS = True  # a move costs what it adds once merged with the turns before it (turn_runs.py): 7x7x7
# bars 47.9 -> 45.8 turns at 512 wide, 6x6x6 23.9 -> 21.6 at 1024 (for about 40 % more of the beam's time)
KERNEL = True  # a step's scores by bar_scores.py's kernel (the same figures as the numpy path, several times faster)
PATIENCE = 6  # steps without a better estimate before the beam stops


@dataclass(frozen=True)
class BarMoves:
    """The moves of one depth: turns, their action on the bar stickers (`local[m, i]`: the bar position whose
    colour position i shows after move m) and their costs in block turns."""

    turns: list[list[BlockTurn]]
    local: np.ndarray
    costs: np.ndarray
    ring: int  # the first `ring` moves are ring turns, the rest conjugates
    runs: MacroRuns  # their same-axis runs: what each costs after the turns before it
    changed: np.ndarray  # (moves, c * k): local[m] of the c bars at most m does not carry whole (padded with 0)
    sources: np.ndarray  # (moves, c): the bars their pieces come from (padded with 24, no bar)


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
    local = np.stack(actions)
    changed, sources = _changed_bars(local, bar_length(size, depth))
    return BarMoves(kept, local, costs, rings, MacroRuns.of(kept, size), changed, sources)


def _changed_bars(local: np.ndarray, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Per move, the bars it does not carry whole (their gathers, padded with a gather of one sticker, which reads
    as paired) and the bars their pieces come from (padded with 24): a move changes the pieces out only there (6
    bars at most for the conjugates), so a beam step need not look at the other bars."""
    source = local.reshape(len(local), 24, k) // k
    whole = (source == source[:, :, :1]).all(axis=2)
    most = max(1, int((~whole).sum(axis=1).max()))
    changed = np.zeros((len(local), most * k), dtype=np.int64)
    sources = np.full((len(local), most), 24, dtype=np.int64)
    for m in range(len(local)):
        bars = np.nonzero(~whole[m])[0]
        changed[m, : len(bars) * k] = local[m].reshape(24, k)[bars].ravel()
        froms = np.unique(source[m, bars])
        sources[m, : len(froms)] = froms
    return changed, sources


def _unpaired(bars: np.ndarray) -> np.ndarray:
    """Pieces not showing their bar's most common colour, over the last two axes (bars, pieces)."""
    return _bar_unpaired(bars).sum(axis=-1)


def _bar_unpaired(bars: np.ndarray) -> np.ndarray:
    """Pieces of each bar (the last axis) not showing its most common colour; short bars by comparisons alone."""
    k = bars.shape[-1]
    if k == 2:
        return (bars[..., 0] != bars[..., 1]).view(np.int8)
    if k == 3:
        ab, ac, bc = bars[..., 0] == bars[..., 1], bars[..., 0] == bars[..., 2], bars[..., 1] == bars[..., 2]
        return 2 - (ab | ac | bc).view(np.int8) - (ab & bc).view(np.int8)
    same = (bars[..., :, None] == bars[..., None, :]).sum(axis=-1).max(axis=-1)
    return (k - same).astype(np.int8)


def _children_unpaired(beam: np.ndarray, moves: BarMoves, count: int, k: int) -> np.ndarray:
    """(states, moves): pieces out after each of the first `count` moves from each state, counted anew only in
    the bars the move changes."""
    states = len(beam)
    per_bar = np.zeros((states, 25), dtype=np.int64)
    per_bar[:, :24] = _bar_unpaired(beam.reshape(states, 24, k))
    lost = per_bar[:, moves.sources[:count]].sum(axis=2)
    changed = beam[:, moves.changed[:count]].reshape(states, count, -1, k)
    gained = _bar_unpaired(changed).sum(axis=2, dtype=np.int64)
    return per_bar.sum(axis=1)[:, None] - lost + gained


@cache
def _scorer(size: int, depth: int, count: int) -> BarScorer:
    """The numba scorer of the first `count` moves of a depth."""
    moves = bar_moves(size, depth)
    k = bar_length(size, depth)
    return BarScorer(moves.changed[:count], moves.sources[:count], moves.runs.head(count), k, COST_PER_PIECE)


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
    per_state = count * moves.sources.shape[1] * k * k  # every two pieces of every bar a move changes
    local, costs = moves.local[:count], moves.costs[:count]
    flat = bar_stickers(size, depth).ravel()
    if width is None and size in WIDTHS:  # measured widths, not the budget's
        width = WIDTHS[size]
    elif width is None:
        width = int(min(WIDTH, max(MIN_WIDTH, BUDGET // per_state)))
    chosen = macro_beam(
        colours[flat],
        local,
        costs,
        lambda beam: _children_unpaired(beam, moves, count, k),
        int(_unpaired(colours[flat].reshape(1, 24, k))[0]),
        width=width,
        cost_per_piece=COST_PER_PIECE,
        patience=PATIENCE,
        stop=stop,
        runs=moves.runs.head(count) if MERGED_COSTS else None,
        scorer=_scorer(size, depth, count) if MERGED_COSTS and KERNEL else None,
    )
    return [turn for m in chosen for turn in moves.turns[m]]
