"""The 4x4x4 solver: table-driven centres (centres.py), then the shared edge-pairing and 3x3x3 stages.

Why a separate pipeline for the 4x4x4: its centres fit exact tables (three phases of a few turns each, about 16
turns where the general commutator stages take 40-60), and the centre phases also leave the wings' permutation
even, which the general pipeline needs a separate step for. What follows is the general solver's: edge pairing
(pairing.py), the 3x3x3 stage with its PLL-parity case (frame.py), and wing 3-cycles for what pairing left.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from solvers.engine import SearchCancelled, StopFlag
from solvers.nxn.compact import compact
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.four.centres import solve_centres
from solvers.nxn.four.layout import SIZE
from solvers.nxn.frame import solve_frame
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.orbit_solve import solve_orbit
from solvers.nxn.pairing import pairing_turns
from solvers.nxn.pieces import Kind, orbits
from solvers.nxn.state import NxNState


def solve_four(state: NxNState, flag: StopFlag, frame_seconds: float) -> Iterator[StageProgress | BigCubeSolution]:
    """StageProgress events, then one BigCubeSolution unless `flag` is set first (then nothing more)."""
    started = time.monotonic()
    stopped = flag.is_set
    wing_ids = [i for i, o in enumerate(orbits(SIZE)) if o.kind is Kind.WING]
    total = 3 + len(wing_ids)

    def progress(done: int, words: str) -> StageProgress:
        return StageProgress(words, done / total, time.monotonic() - started)

    yield progress(0, "centres: L and R, U and D, then every face")
    stop = np.array([int(stopped())], dtype=np.int64)
    centres = solve_centres(state.colours.copy(), stop)
    if centres is None or stopped():
        return
    turns: list[BlockTurn] = list(centres.turns)
    colours = centres.colours
    yield progress(1, "edge pairing")
    pairing = pairing_turns(SIZE, colours, stop=stopped)
    colours = colours[sequence_permutation(SIZE, pairing)]
    turns += pairing
    if stopped():
        return
    yield progress(2, "3x3x3 stage: corners and edges")
    try:
        frame = solve_frame(SIZE, colours, frame_seconds, flag)  # type: ignore[arg-type]
    except SearchCancelled:
        return
    if stopped():
        return
    colours = colours[sequence_permutation(SIZE, frame)]
    turns += frame
    for step, index in enumerate(wing_ids):
        yield progress(3 + step, f"wings left unpaired: set {step + 1} of {len(wing_ids)}")
        done, colours = solve_orbit(SIZE, index, colours, stopped)
        turns += done
        if stopped():
            return
    merged = compact(turns, SIZE)
    if not state.apply(merged).is_solved():
        raise RuntimeError("the 4x4x4 solution does not solve the cube (a solver defect)")
    yield progress(total, "finished")
    yield BigCubeSolution(SIZE, tuple(merged), time.monotonic() - started)
