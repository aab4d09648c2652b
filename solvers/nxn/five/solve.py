"""The 5x5x5 solver: table-driven centres (centres.py), the slice-move edge pairing, 3x3x3 stage and wing 3-cycles.

Why a pipeline of its own: the 5x5x5's two centre orbits fit exact tables per orbit, and three phases that each
search both orbits at once take about 28 turns for every centre, where the general stages (beam search, block
commutators, 3-cycles) take about 80. The centre phases also leave the wings' permutation even, which the general
pipeline spends a separate turn on. The pairing (slice_pairing.py, shared with the 4x4x4: every short "slice,
outer turns, slice back" move that keeps the centres, where the general pairing has a dozen on one axis) runs
after each of the 24 shortest centre solutions, the 3x3x3 stage and the 3-cycles for wings the pairing left
after the best of those (turns so far + 6 per wing left), and the shortest whole answer is kept.
"""

from __future__ import annotations

import time
from collections.abc import Generator

from solvers.engine import StopFlag
from solvers.nxn.compact import compact
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.finish import finish_from_centres
from solvers.nxn.five.centres import solve_centres
from solvers.nxn.five.joint import TABLE_NAMES as JOINT_NAMES
from solvers.nxn.five.joint import joint_table
from solvers.nxn.five.layout import SIZE
from solvers.nxn.five.prune import TABLE_NAMES, table
from solvers.nxn.moves import BlockTurn, block_turn_count, sequence_permutation
from solvers.nxn.slice_pairing import pairing_turns, unpaired_wings
from solvers.nxn.slice_pairing import prepare as prepare_pairing
from solvers.nxn.state import NxNState
from solvers.nxn.validation import home_relabel

CENTRE_CANDIDATES = 24  # centre solutions the pairing is tried on (about 0.08 s each)
FRAME_CANDIDATES = 3  # of those, the best paired ones the 3x3x3 stage is run on
COST_PER_WING = 6.0  # turns the 3-cycle stage spends per wing left unpaired


def solve_five(
    state: NxNState, flag: StopFlag, frame_nodes: int | None
) -> Generator[StageProgress | BigCubeSolution, None, bool]:
    """StageProgress events, then one BigCubeSolution unless `flag` is set first (then nothing more); returns
    False, having yielded no solution, when the centre phases found none (the caller then solves the cube its
    general way; a guard: since phase 3 has joint tables, no scramble measured has needed it)."""
    started = time.monotonic()
    stopped = flag.is_set
    total = 2 + FRAME_CANDIDATES

    def progress(done: int, words: str) -> StageProgress:
        return StageProgress(words, done / total, time.monotonic() - started)

    for phase, names in enumerate(TABLE_NAMES):  # cached on disk: built once (a few seconds), then loaded
        for orbit, name in enumerate(names):
            yield progress(0, f"centre tables: {name}")
            table(phase, orbit)
            if stopped():
                return True
    for index, name in enumerate(JOINT_NAMES):  # the same, about 8 s each to build
        yield progress(0, f"centre tables: {name}")
        joint_table(index)
        if stopped():
            return True
    yield progress(0, "centres: L and R, U and D, then every face")
    colours = home_relabel(state)[state.colours]
    candidates = solve_centres(colours, stopped, CENTRE_CANDIDATES)
    if not candidates:
        return stopped()  # not stopped: no phase 3 finished in its budget, the general pipeline takes the cube
    if stopped():
        return True
    yield progress(1, "edge pairing: its moves (enumerated once per run)")
    prepare_pairing(SIZE)
    if stopped():
        return True
    yield progress(1, f"edge pairing after each of {len(candidates)} centre solutions")
    paired = []
    for centres in candidates:
        pairing = pairing_turns(SIZE, centres.colours, stop=stopped)
        if stopped():
            return True
        after = centres.colours[sequence_permutation(SIZE, pairing)]
        turns = list(centres.turns) + pairing
        estimate = block_turn_count(SIZE, compact(turns, SIZE)) + COST_PER_WING * unpaired_wings(SIZE, after)
        paired.append((estimate, turns, after))
    paired.sort(key=lambda entry: entry[0])
    best: list[BlockTurn] | None = None
    for number, (_, turns, after) in enumerate(paired[:FRAME_CANDIDATES]):
        yield progress(2 + number, f"the 3x3x3 stage after pairing {number + 1} of {FRAME_CANDIDATES}")
        rest = finish_from_centres(SIZE, after, flag, frame_nodes)
        if rest is None:
            return True
        merged = compact(turns + rest, SIZE)
        if best is None or block_turn_count(SIZE, merged) < block_turn_count(SIZE, best):
            best = merged
    assert best is not None
    if not state.apply(best).is_solved():
        raise RuntimeError("the 5x5x5 solution does not solve the cube (a solver defect)")
    yield progress(total, "finished")
    yield BigCubeSolution(SIZE, tuple(best), time.monotonic() - started)
    return True
