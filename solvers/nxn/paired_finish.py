"""The edge pairing's best states each finished by the 3x3x3 stage, the whole that comes out shortest kept.

The 3x3x3 stage's length varies by a few turns from one paired state to another (an even cube's PLL-parity exchange
alone is six), which the pairing's own estimate cannot see; so the solver (solver.py) and the outer centre ring's
choice (ring_choice.py) both pair, then run two-phase on each of the FRAME_CANDIDATES best paired states.
"""

from __future__ import annotations

import numpy as np

from solvers.engine import StopFlag
from solvers.nxn.centre_rings import _joined_length
from solvers.nxn.compact import compact
from solvers.nxn.frame import solve_frame
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.pairing import COST_PER_WING, EVEN_COST_PER_WING, pairing_candidates, unpaired_wings

FRAME_CANDIDATES = 3  # paired states the 3x3x3 stage is tried on, the shortest whole kept


def shortest_finish(
    size: int,
    colours: np.ndarray,
    candidates: list[list[BlockTurn]],
    nodes: int | None,
    flag: StopFlag,
    before: list[BlockTurn] | None = None,
) -> list[BlockTurn]:
    """Pairing then 3x3x3 stage, for the pairing candidate whose whole is shortest: block turns once merged, plus
    what the wing 3-cycles will spend on the wings it left unpaired (`nodes` as frame.solve_frame's). With `before`
    (the turns that led to `colours`) a candidate is charged what it adds once merged with them: a pairing whose
    first slice turn merges with the centres' last turn is a turn cheaper than its own length says."""
    per_wing = COST_PER_WING if size % 2 else EVEN_COST_PER_WING
    best: tuple[float, list[BlockTurn]] | None = None
    for pairing in candidates:
        paired = colours[sequence_permutation(size, pairing)]
        frame = solve_frame(size, paired, nodes, flag)  # type: ignore[arg-type]
        turns = pairing + frame
        length = len(compact(turns, size)) if before is None else _joined_length(size, before, turns)
        score = length + per_wing * unpaired_wings(size, paired)
        if best is None or score < best[0]:
            best = (score, turns)
        if flag.is_set():
            break
    return best[1] if best is not None else []


def pair_and_finish(
    size: int, colours: np.ndarray, nodes: int | None, flag: StopFlag, before: list[BlockTurn] | None = None
) -> list[BlockTurn]:
    """The full edge pairing (its FRAME_CANDIDATES best states) and the 3x3x3 stage after it: shortest_finish."""
    candidates = pairing_candidates(size, colours, FRAME_CANDIDATES, stop=flag.is_set)
    if flag.is_set():
        return []
    return shortest_finish(size, colours, candidates or [[]], nodes, flag, before)
