"""The 4x4x4 solver: table-driven centres (centres.py), the slice-move edge pairing, the shared 3x3x3 stage.

Why a separate pipeline for the 4x4x4: its centres fit exact tables (three phases of a few turns each, about 16
turns where the general commutator stages take 40-60), and the centre phases also leave the wings' permutation
even, which the general pipeline needs a separate step for. The edge pairing searches every short "slice, outer
turns, slice back" move of the 4x4x4 (fewer turns than the general pairing's fixed moves); it is cheap, so it
runs after each of the 24 shortest centre solutions. Then the general solver's stages, the 3x3x3 stage with
its PLL-parity case (frame.py) and wing 3-cycles for what pairing left, run after the three best of those (by
turns so far, edges left unpaired and the PLL-parity exchange when it is due; the 3x3x3 stage's own length
varies too much to pick one alone), the shortest whole answer kept.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from solvers.cube.formats import from_kociemba
from solvers.cube.geometry import Face
from solvers.cube.validation_errors import InvalidCubeError, InvalidReason
from solvers.engine import StopFlag
from solvers.nxn.compact import compact
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.finish import finish_from_centres
from solvers.nxn.four.centres import solve_centres
from solvers.nxn.four.layout import SIZE
from solvers.nxn.four.prune import TABLE_NAMES, table
from solvers.nxn.frame import frame_colours, pll_parity_turns
from solvers.nxn.moves import BlockTurn, block_turn_count, sequence_permutation
from solvers.nxn.slice_pairing import COST_PER_WING, pairing_turns, unpaired_edges
from solvers.nxn.slice_pairing import prepare as prepare_pairing
from solvers.nxn.state import NxNState

CENTRE_CANDIDATES = 24  # centre solutions the edge pairing is tried on (it takes a few tens of ms)
FRAME_CANDIDATES = 3  # of those, the best paired ones the 3x3x3 stage is run on (a few hundred ms each)


def solve_four(state: NxNState, flag: StopFlag, frame_nodes: int | None) -> Iterator[StageProgress | BigCubeSolution]:
    """StageProgress events, then one BigCubeSolution unless `flag` is set first (then nothing more)."""
    started = time.monotonic()
    stopped = flag.is_set
    total = 2 + FRAME_CANDIDATES

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
    yield progress(1, "edge pairing: its moves (enumerated once per run)")
    prepare_pairing(SIZE)
    if stopped():
        return
    yield progress(1, f"edge pairing after each of {len(candidates)} centre solutions")
    paired = []
    for centres in candidates:
        pairing = pairing_turns(SIZE, centres.colours, stop=stopped)
        if stopped():
            return
        colours = centres.colours[sequence_permutation(SIZE, pairing)]
        estimate = float(block_turn_count(SIZE, compact(list(centres.turns) + pairing, SIZE)))
        left = unpaired_edges(SIZE, colours)
        estimate += COST_PER_WING[SIZE] * left if left else _parity_turns(colours)
        paired.append((estimate, list(centres.turns) + pairing, colours))
    paired.sort(key=lambda entry: entry[0])
    best: list[BlockTurn] | None = None
    for number, (_, turns, colours) in enumerate(paired[:FRAME_CANDIDATES]):
        yield progress(2 + number, f"the 3x3x3 stage after pairing {number + 1} of {FRAME_CANDIDATES}")
        rest = finish_from_centres(SIZE, colours, flag, frame_nodes)
        if rest is None:
            return
        merged = compact(turns + rest, SIZE)
        if best is None or block_turn_count(SIZE, merged) < block_turn_count(SIZE, best):
            best = merged
    assert best is not None
    merged = best
    if not state.apply(merged).is_solved():
        raise RuntimeError("the 4x4x4 solution does not solve the cube (a solver defect)")
    yield progress(total, "finished")
    yield BigCubeSolution(SIZE, tuple(merged), time.monotonic() - started)


def _parity_turns(colours: np.ndarray) -> int:
    """Block turns the 3x3x3 stage adds for the PLL-parity exchange of a cube with every edge paired: the
    paired edges read as a 3x3x3 that no 3x3x3 could be (its edges' permutation parity not its corners') need it."""
    three = frame_colours(SIZE, colours)
    try:
        from_kociemba("".join(Face(int(c)).name for c in three), 3)
    except InvalidCubeError as error:
        if error.reason is InvalidReason.PARITY:
            return block_turn_count(SIZE, pll_parity_turns(SIZE))
    return 0
