"""The centre pieces the ring stage leaves (oblique orbits, and any ring its tables gave up on): a beam search over
the block commutators that keep the solved rings solved.

After centre_rings.py only orbits no small cube's tables reach are left (the obliques, at face coordinates (a, b)
with a != b). Every turn that moves them cuts a solved ring too, so they are solved with the block commutators of
centre_blocks.py (7 or 8 turns, several pieces each), keeping only those that leave each solved ring's pieces on
their faces (a face turn inside a macro only turns a solved face). The greedy stage takes the best commutator at
each step; this beam keeps the WIDTH best states by turns so far + COST_PER_PIECE per piece still out (the 3-cycles
that finish an orbit spend about that), which measured 5 % fewer turns than greedy choice on the 6x6x6's obliques.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.centre_blocks import block_macros
from solvers.nxn.macro_beam import macro_beam
from solvers.nxn.moves import BlockTurn
from solvers.nxn.projection import Projection, centre_stickers

WIDTH = 16
MIN_WIDTH = 4
BUDGET = 40_000_000  # beam width x macros x free centre stickers: each step's work
COST_PER_PIECE = 6.0  # measured: 5 and 7 gave the same; 3 stopped early and left the 3-cycles too much
PATIENCE = 3  # steps without a better estimate before the beam stops


@dataclass(frozen=True)
class RingKeeping:
    """The macros that keep the solved rings (indices into block_macros), their action on the free centre
    stickers (`local[m, i]`: the free position whose piece position i shows after macro m) and their costs."""

    index: np.ndarray
    local: np.ndarray
    costs: np.ndarray
    free: np.ndarray  # the free centre stickers


@cache
def ring_keeping(size: int, solved: tuple[Projection, ...]) -> RingKeeping:
    """The block commutators that keep every ring in `solved` solved, by their distinct actions on the rest."""
    macros = block_macros(size)
    centres = macros.centres
    kept = (
        np.isin(centres, np.concatenate([centre_stickers(r) for r in solved]))
        if solved
        else np.zeros(len(centres), bool)
    )
    faces = centres // (size * size)
    sources = macros.perms
    keeps = (faces[sources[:, kept]] == faces[kept]).all(axis=1)
    free = np.nonzero(~kept)[0]
    position = np.full(len(centres), -1, dtype=np.int64)
    position[free] = np.arange(len(free))
    local = position[sources[keeps][:, free]]
    inside = (local >= 0).all(axis=1)
    index = np.nonzero(keeps)[0][inside]
    local = local[inside]
    _, first = np.unique(local, axis=0, return_index=True)
    first = np.sort(first)
    return RingKeeping(index[first], local[first], macros.costs[index[first]], centres[free])


def beam_centre_turns(
    size: int,
    colours: np.ndarray,
    solved: tuple[Projection, ...],
    stop: Callable[[], bool] = lambda: False,
    width: int = WIDTH,
) -> list[BlockTurn]:
    """Ring-keeping block commutators to the state where turns + COST_PER_PIECE * pieces out was least; `width`
    states kept per step at most (fewer when the step's work would pass BUDGET)."""
    moves = ring_keeping(size, solved)
    count = len(moves.local)
    if not count or not len(moves.free):
        return []
    width = int(min(width, max(MIN_WIDTH, BUDGET // (count * len(moves.free)))))
    wanted = moves.free // (size * size)
    chosen = macro_beam(
        colours[moves.free],
        moves.local,
        moves.costs,
        lambda beam: len(wanted) - (beam[:, moves.local] == wanted).sum(axis=2),
        int((colours[moves.free] != wanted).sum()),
        width=width,
        cost_per_piece=COST_PER_PIECE,
        patience=PATIENCE,
        stop=stop,
    )
    macros = block_macros(size)
    return [turn for m in chosen for turn in macros.turns(int(moves.index[m]))]
