"""The outermost centre ring's solution chosen by a quick edge pairing after each of its shortest solutions.

The 5x5x5 search of the outermost ring (centre_rings.py) finds several solutions of the same length or nearly,
each ending in another state of the edges; the whole solve after them varies with that (on the 6x6x6 by 6-18
turns among a scramble's first six solutions, nxn_bench.py seeds 0-9), which the ring's own length cannot see.
So on the sizes of SCREENS each of the first few solutions is followed by a narrow first pairing beam (no late
beam), and the one whose centres + pairing + unpaired wings come out least is kept; the full pairing then runs
on that one alone, or, on sizes with finalists, on each of the best few, each followed by the 3x3x3 stage and its
wing 3-cycles, and the shortest whole is kept (its finish handed to the solver, so nothing is paired twice). The
quick beam's length predicts the full pairing's only loosely, so more solutions looked at
narrowly beat fewer looked at widely: on the 6x6x6 (nxn_bench.py's scrambles, whole solves) 144.7 -> 142.6 turns on
seeds 0-9 for eight 64-state beams, about 2.5 s of CPU (six 96-state beams: 142.2 on seeds 0-9 but 143.5 against
143.7 on seeds 10-15, where eight 64-state beams gave 140.7). On the 7x7x7, whose beam costs about twice as much
a state, eight 16-state beams (with the pairing's mirrored wing pairs): 194.0 -> 192.0 on seeds 0-9 for about 1.1 s
of CPU; 32 states gave 192.4, 24 states 193.0, and twelve solutions (centre_rings.RING_KEPT 12) 192.3, each dearer.
The 6x6x6's two best screened solutions as finalists: 140.6 -> 138.9 on seeds 0-9, 142.8 -> 141.9 on seeds 10-19
(no scramble longer), for about 2 s of CPU a solve (one more full pairing and three more 3x3x3 stages); the
7x7x7's: two 192.0 -> 190.2 on seeds 0-9 (no scramble longer), three 190.0 (seeds 10-19: 189.4 and 188.3),
for about 1.2 s a finalist on a quiet machine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

import numpy as np

from solvers.engine import SearchCancelled, StopFlag
from solvers.nxn.centre_rings import _after, _joined_length
from solvers.nxn.frame import FRAME_NODES
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.orbit_solve import solve_orbit
from solvers.nxn.paired_finish import pair_and_finish
from solvers.nxn.pairing import COST_PER_WING, EVEN_COST_PER_WING, pairing_candidates, unpaired_wings
from solvers.nxn.pieces import Kind, orbits


class Screen(NamedTuple):
    """How a size's outer ring is chosen: `solutions` looked at by a quick pairing beam of `width` states, and the
    `finalists` best of those (0: none) taken through the full pairing and the 3x3x3 stage."""

    solutions: int
    width: int
    finalists: int


# the 7x7x7's beam costs about twice the 6x6x6's a state: a narrower screen; three finalists fit its time (median
# 10 s) once the pairing's scoring kernel and the rings' searches run on both cores
SCREENS = {6: Screen(8, 64, 2), 7: Screen(8, 16, 3)}


def pairing_chooser(size: int, flag: StopFlag, frame_nodes: int | None = FRAME_NODES) -> PairingChooser | None:
    """The chooser for centre_rings.ring_by_ring on a size of SCREENS, None on the others (the ring that merges
    best is kept). `frame_nodes` as the 3x3x3 stage's (frame.solve_frame)."""
    if size not in SCREENS:
        return None
    return PairingChooser(size, SCREENS[size], flag, frame_nodes)


@dataclass
class PairingChooser:
    """A Chooser (centre_rings.py) that also remembers the finish it found for the solution it kept, so the
    solver does not pair those edges again: `finish_for`."""

    size: int
    screen: Screen
    flag: StopFlag
    frame_nodes: int | None
    _finish: tuple[bytes, list[BlockTurn]] | None = field(default=None, init=False)

    def finish_for(self, colours: np.ndarray) -> list[BlockTurn] | None:
        """The pairing and 3x3x3 stage found for exactly these colours (the kept solution's end state), else None."""
        if self._finish is None or self._finish[0] != colours.tobytes():
            return None
        return list(self._finish[1])

    def __call__(
        self, before: list[BlockTurn], solutions: list[list[BlockTurn]], colours: np.ndarray
    ) -> list[BlockTurn]:
        """The solution among the first `screen.solutions` whose merged turns + a quick pairing's + the wings it
        leaves are least (the first of equals), or, with finalists, the one of the best few whose whole with its
        full pairing and 3x3x3 stage is shortest; the first solution if stopped."""
        size, stopped = self.size, self.flag.is_set
        per_wing = COST_PER_WING if size % 2 else EVEN_COST_PER_WING
        scored: list[tuple[float, int]] = []
        for index, step in enumerate(solutions[: self.screen.solutions]):
            if stopped():
                return solutions[0]
            after = _after(size, colours, step)
            found = pairing_candidates(size, after, 1, self.screen.width, stopped, late_beam=False)
            pairing = found[0] if found else []
            paired = after[sequence_permutation(size, pairing)]
            score = _joined_length(size, before, step + pairing) + per_wing * unpaired_wings(size, paired)
            scored.append((score, index))
        if not scored:
            return solutions[0]
        scored.sort()  # stable on the index: the first of equals
        if not self.screen.finalists:
            return solutions[scored[0][1]]
        best: tuple[int, int, list[BlockTurn]] | None = None
        for _, index in scored[: self.screen.finalists]:
            step = solutions[index]
            after = _after(size, colours, step)
            try:
                finish = pair_and_finish(size, after, self.frame_nodes, self.flag, before + step)
            except SearchCancelled:
                return solutions[0]
            if stopped():
                return solutions[0]
            whole = _joined_length(size, before, step + finish + _wing_cycles(size, after, finish, stopped))
            if best is None or whole < best[0]:
                best = (whole, index, finish)
        if best is None:
            return solutions[0]
        self._finish = (_after(size, colours, solutions[best[1]]).tobytes(), best[2])
        return solutions[best[1]]


def _wing_cycles(
    size: int, colours: np.ndarray, finish: list[BlockTurn], stopped: Callable[[], bool]
) -> list[BlockTurn]:
    """The 3-cycles the solver's last stage will spend on the wings left after `finish` (orbit_solve.py)."""
    after = colours[sequence_permutation(size, finish)]
    turns: list[BlockTurn] = []
    for index, orbit in enumerate(orbits(size)):
        if orbit.kind is Kind.WING:
            done, after = solve_orbit(size, index, after, stopped)
            turns += done
    return turns
