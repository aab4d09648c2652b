"""The outermost centre ring's solution chosen by a quick edge pairing after each of its shortest solutions.

The 5x5x5 search of the outermost ring (centre_rings.py) finds several solutions of the same length or nearly,
each ending in another state of the edges; the whole solve after them varies with that (on the 6x6x6 by 6-18
turns among a scramble's first six solutions, nxn_bench.py seeds 0-9), which the ring's own length cannot see.
So on the sizes of SCREENS each of the first few solutions is followed by a narrow first pairing beam (no late
beam), and the one whose centres + pairing + unpaired wings come out least is kept; the full pairing then runs
on that one alone. The quick beam's length predicts the full pairing's only loosely, so more solutions looked at
narrowly beat fewer looked at widely: on the 6x6x6 (nxn_bench.py's scrambles, whole solves) 144.7 -> 142.6 turns on
seeds 0-9 for eight 64-state beams, about 2.5 s of CPU (six 96-state beams: 142.2 on seeds 0-9 but 143.5 against
143.7 on seeds 10-15, where eight 64-state beams gave 140.7). On the 7x7x7, whose beam costs about twice as much
a state, eight 16-state beams (with the pairing's mirrored wing pairs): 194.0 -> 192.0 on seeds 0-9 for about 1.1 s
of CPU; 32 states gave 192.4, 24 states 193.0, and twelve solutions (centre_rings.RING_KEPT 12) 192.3, each dearer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import numpy as np

from solvers.nxn.centre_rings import Chooser, _after, _joined_length
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.pairing import COST_PER_WING, EVEN_COST_PER_WING, pairing_candidates, unpaired_wings

# size -> (ring solutions looked at, pairing beam width); the 7x7x7's beam costs about twice the 6x6x6's a state
SCREENS = {6: (8, 64), 7: (8, 16)}


def pairing_chooser(size: int, stopped: Callable[[], bool]) -> Chooser | None:
    """The chooser for centre_rings.ring_by_ring on a size of SCREENS, None on the others (the ring that merges
    best is kept)."""
    if size not in SCREENS:
        return None
    return partial(_choose, size, *SCREENS[size], stopped)


def _choose(
    size: int,
    count: int,
    width: int,
    stopped: Callable[[], bool],
    before: list[BlockTurn],
    solutions: list[list[BlockTurn]],
    colours: np.ndarray,
) -> list[BlockTurn]:
    """The solution among the first `count` whose merged turns + a quick pairing's + the wings it leaves are
    least (the first of equals); the first solution if stopped."""
    per_wing = COST_PER_WING if size % 2 else EVEN_COST_PER_WING
    best: tuple[float, int] | None = None
    for index, step in enumerate(solutions[:count]):
        if stopped():
            return solutions[0]
        after = _after(size, colours, step)
        found = pairing_candidates(size, after, 1, width, stopped, late_beam=False)
        pairing = found[0] if found else []
        paired = after[sequence_permutation(size, pairing)]
        score = _joined_length(size, before, step + pairing) + per_wing * unpaired_wings(size, paired)
        if best is None or score < best[0]:
            best = (score, index)
    return solutions[best[1]] if best is not None else solutions[0]
