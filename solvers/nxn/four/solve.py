"""The 4x4x4 solver: table-driven centres (centres.py), its own edge pairing (pairing.py), the shared 3x3x3 stage.

Why a separate pipeline for the 4x4x4: its centres fit exact tables (three phases of a few turns each, about 16
turns where the general commutator stages take 40-60), and the centre phases also leave the wings' permutation
even, which the general pipeline needs a separate step for. The edge pairing searches every short "slice, outer
turns, slice back" move of the 4x4x4 (fewer turns than the general pairing's fixed moves). Then the general
solver's stages: the 3x3x3 stage with its PLL-parity case (frame.py) and wing 3-cycles for what pairing left, run
after each of the few shortest centre solutions (their lengths vary far more than the centres'), the shortest
whole answer kept.
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
from solvers.nxn.four.pairing import pairing_turns
from solvers.nxn.four.prune import TABLE_NAMES, table
from solvers.nxn.frame import solve_frame
from solvers.nxn.moves import BlockTurn, block_turn_count, sequence_permutation
from solvers.nxn.orbit_solve import solve_orbit
from solvers.nxn.pieces import Kind, orbits
from solvers.nxn.state import NxNState

CENTRE_CANDIDATES = 3  # centre solutions the later stages are tried on (their length varies more)


def solve_four(state: NxNState, flag: StopFlag, frame_seconds: float) -> Iterator[StageProgress | BigCubeSolution]:
    """StageProgress events, then one BigCubeSolution unless `flag` is set first (then nothing more)."""
    started = time.monotonic()
    stopped = flag.is_set
    total = 1 + CENTRE_CANDIDATES

    def progress(done: int, words: str) -> StageProgress:
        return StageProgress(words, done / total, time.monotonic() - started)

    for name in TABLE_NAMES:  # cached on disk: built once (about 6 s in all), then loaded
        yield progress(0, f"centre tables: {name}")
        table(name)
        if stopped():
            return
    yield progress(0, "centres: L and R, U and D, then every face")
    candidates = solve_centres(state.colours.copy(), stopped, CENTRE_CANDIDATES)
    if not candidates or stopped():
        return
    best: list[BlockTurn] | None = None
    for number, centres in enumerate(candidates):
        words = f"edge pairing and the 3x3x3 stage after centre solution {number + 1} of {len(candidates)}"
        yield progress(1 + number, words)
        rest = _finish(centres.colours, flag, frame_seconds)
        if rest is None:
            return
        merged = compact(list(centres.turns) + rest, SIZE)
        if best is None or block_turn_count(SIZE, merged) < block_turn_count(SIZE, best):
            best = merged
    assert best is not None
    merged = best
    if not state.apply(merged).is_solved():
        raise RuntimeError("the 4x4x4 solution does not solve the cube (a solver defect)")
    yield progress(total, "finished")
    yield BigCubeSolution(SIZE, tuple(merged), time.monotonic() - started)


def _finish(colours: np.ndarray, flag: StopFlag, frame_seconds: float) -> list[BlockTurn] | None:
    """Edge pairing, the 3x3x3 stage and wing 3-cycles from solved centres; None if stopped."""
    stopped = flag.is_set
    turns = pairing_turns(colours, stop=stopped)
    colours = colours[sequence_permutation(SIZE, turns)]
    if stopped():
        return None
    try:
        frame = solve_frame(SIZE, colours, frame_seconds, flag)  # type: ignore[arg-type]
    except SearchCancelled:
        return None
    colours = colours[sequence_permutation(SIZE, frame)]
    turns += frame
    for index, orbit in enumerate(orbits(SIZE)):
        if orbit.kind is Kind.WING and not stopped():
            done, colours = solve_orbit(SIZE, index, colours, stopped)
            turns += done
    return None if stopped() else turns
