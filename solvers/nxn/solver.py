"""The big-cube solver as a generator of the engine vocabulary's events (stages in words, then one solution).

Stages, for any N >= 2 (a later stage keeps what earlier ones solved, except where said):
1. centres, first turns: a beam search over one-layer turns and bar-moving conjugates (centre_search.py); on the
   sizes `uses_rings` names instead the innermost centre ring as a 4x4x4 or 5x5x5 by its exact tables
   (centre_rings.py), then, depth by depth outwards, the obliques of that depth paired into bars (bar_pairing.py,
   bar_cycles.py) and the ring with its bars solved as a 5x5x5 (bars.py); a ring whose search runs out of time
   leaves its pieces to a beam over the block commutators that keep the solved rings (centre_beam.py); on some
   sizes the outermost ring's solution is the one after which a quick edge pairing comes out shortest
   (ring_choice.py);
2. wing parity: one inner-layer quarter turn for each wing orbit whose permutation is odd, so that 3-cycles can
   finish every wing orbit and a fully paired even cube has no "OLL parity";
3. centres in bulk: greedy block commutators that move rectangles of centre pieces (centre_blocks.py);
4. centres, the rest: every orbit by pure 3-cycles of its pieces (orbit_solve.py, cycles.py);
5. edge pairing: a beam search over centre-keeping macros joins wings to their edge (pairing.py);
6. 3x3x3 stage: corners, and the middle edges (odd N) or paired edges (even N), by the two-phase solver, after
   the six-turn "PLL parity" exchange when an even cube needs it (frame.py), on each of the pairing's
   FRAME_CANDIDATES best states, the shortest whole kept (paired_finish.py; where the outer ring's choice already
   paired and finished the edges of the state the centres ended in, that finish is taken as it is);
7. wings the pairing left: pure 3-cycles again.
The turns are then merged (compact.py: runs of turns about one axis become the fewest block turns) and checked by
replay before the solution is yielded. An odd cube is solved to the colours of its fixed centres, an even cube to
the orientation whose centres are already most nearly solved; either way every face ends one colour.

`stop` (a threading.Event or anything with is_set) is polled between 3-cycles; a stopped solve yields no
solution, and `solve_nxn` then raises SearchCancelled.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from functools import partial

import numpy as np

from solvers.engine import SearchCancelled, StopFlag
from solvers.nxn.bar_cycles import pair_depth
from solvers.nxn.centre_beam import WIDTH, beam_centre_turns
from solvers.nxn.centre_blocks import block_centre_turns
from solvers.nxn.centre_rings import RingsResult, ring_by_ring
from solvers.nxn.centre_search import free_centre_turns
from solvers.nxn.compact import compact
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.frame import DEFAULT_NODES, frame_nodes_for
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.orbit_solve import solve_orbit, wing_parity_fix
from solvers.nxn.paired_finish import FRAME_CANDIDATES, shortest_finish
from solvers.nxn.pairing import pairing_candidates
from solvers.nxn.pieces import Kind, orbits
from solvers.nxn.progress_shares import LATER_SHARES, NO_RING_SHARES, later_fraction, rings_done_shares
from solvers.nxn.ring_choice import pairing_chooser
from solvers.nxn.state import NxNState
from solvers.nxn.validation import _rotation_centres, home_relabel, validate

SolveEvent = StageProgress | BigCubeSolution
RING_SIZES = (6, 8, 10, 12, 14, 16)  # even sizes whose centre rings go by the 4x4x4's tables first (centre_rings.py)
# measured shorter: 6 and 8 alone; 10-16 once rings got bars (one solve each, seed 0: 10x10x10 711, 16x16x16 2905)
# Odd sizes 7 to 17 (measured) solve their rings by the 5x5x5's phases; general stages -> rings: 7x7x7 335.7 -> 283.5
# and 9x9x9 680.0 -> 603.7 (nxn_bench.py), one solve each (seed 0): 11x11x11 1439 -> 1350, 13x13x13 2384 -> 2182,
# 15x15x15 3515 -> 3346, 17x17x17 4816 -> 4627, at a few seconds more.
BEAM_UP_TO = 7  # the ring-keeping beam (centre_beam.py); on bigger cubes its steps cost seconds, greedy takes over
BEAM_WIDTHS = {7: 64}  # states per beam step past centre_beam.WIDTH: 7x7x7 283.0 turns for 287.4 (seeds 0-19)
BARS_UP_TO = 17  # ring sizes whose outer rings go with their bars (bar_cycles.pair_depth, bars.py): measured shorter
MAX_SOLVE_SIZE = 25  # the solver's time grows about as N^2.5 (17x17x17: 10-20 s); larger cubes are refused


def uses_rings(size: int) -> bool:
    """Whether the centres start with rings by the small cubes' tables (centre_rings.py)."""
    return size in RING_SIZES or (size % 2 == 1 and 7 <= size <= 17)


def _target_relabel(state: NxNState) -> np.ndarray:
    """colour -> face to solve it to: the fixed centres' faces (odd N), else the orientation (as a recolouring)
    under which most centre stickers are already right."""
    if state.size % 2 == 1:
        return home_relabel(state)
    centre_stickers = np.concatenate(
        [o.stickers for o in orbits(state.size) if o.kind is Kind.CENTRE] or [np.zeros(0, np.int32)]
    )
    centre_stickers = centre_stickers.astype(np.int64)
    faces = centre_stickers // (state.size * state.size)
    best, best_score = np.arange(6, dtype=np.int8), -1
    for centres in _rotation_centres():
        relabel = np.empty(6, dtype=np.int8)
        relabel[list(centres)] = np.arange(6)
        score = int((relabel[state.colours[centre_stickers]] == faces).sum()) if len(faces) else 0
        if score > best_score:
            best, best_score = relabel, score
    return best


def solve(
    state: NxNState, *, stop: StopFlag | None = None, frame_nodes: int | None = DEFAULT_NODES
) -> Iterator[SolveEvent]:
    """Yield StageProgress events, then one BigCubeSolution (unless stopped). InvalidBigCubeError first if the
    colouring is not a solvable cube; ValueError for a cube above MAX_SOLVE_SIZE. `frame_nodes`: the 3x3x3 stage's
    two-phase nodes per view (frame.solve_frame), the size's own budget by default."""
    started = time.monotonic()
    if state.size > MAX_SOLVE_SIZE:
        raise ValueError(f"the solver takes cubes up to {MAX_SOLVE_SIZE}x{MAX_SOLVE_SIZE}x{MAX_SOLVE_SIZE}")
    validate(state)
    size = state.size
    if frame_nodes == DEFAULT_NODES:
        frame_nodes = frame_nodes_for(size)
    flag = stop if stop is not None else threading.Event()
    stopped = flag.is_set
    if size == 4:  # table-driven centres: a pipeline of its own (solvers/nxn/four/)
        from solvers.nxn.four.solve import solve_four

        yield from solve_four(state, flag, frame_nodes)
        return
    if size == 5:  # table-driven centres per orbit: a pipeline of its own (solvers/nxn/five/)
        from solvers.nxn.five.solve import solve_five

        if (yield from solve_five(state, flag, frame_nodes)):
            return
    colours = _target_relabel(state)[state.colours]
    turns: list[BlockTurn] = []
    all_orbits = orbits(size)
    centre_ids = [i for i, o in enumerate(all_orbits) if o.kind is Kind.CENTRE]
    wing_ids = [i for i, o in enumerate(all_orbits) if o.kind is Kind.WING]
    rings_share = rings_share_of_time(size) if uses_rings(size) else 0.0
    shares = LATER_SHARES if uses_rings(size) else NO_RING_SHARES

    def progress(stage: str, within: float, words: str) -> StageProgress:
        later = later_fraction(shares, stage, within)
        return StageProgress(words, rings_share + (1 - rings_share) * later, time.monotonic() - started)

    solved_rings: tuple = ()
    chooser = None
    if uses_rings(size):
        yield StageProgress("centres: rings by the small cubes' tables", 0.0, 0.0)
        pair = partial(pair_depth, size, stop=stopped) if size <= BARS_UP_TO else None
        chooser = pairing_chooser(size, flag, frame_nodes)
        steps = ring_by_ring(size, colours, stopped, pair, chooser)
        while True:
            try:
                rings_solved, count = next(steps)
            except StopIteration as end:
                rings_done: RingsResult = end.value
                break
            yield StageProgress(
                f"centres: ring {rings_solved + 1} of {count}",
                rings_share * rings_done_shares(count)[rings_solved - 1],
                time.monotonic() - started,
            )
        free, colours, solved_rings = rings_done
    else:
        yield progress("centres", 0, "centres: first turns")
        free = free_centre_turns(size, colours, stop=stopped)
        colours = colours[sequence_permutation(size, free)]
    turns += free
    if stopped():
        return
    yield progress("centres", 0, "wing parity")
    for index in wing_ids:
        fix = wing_parity_fix(size, index, colours)
        colours = colours[sequence_permutation(size, fix)]
        turns += fix
    yield progress("centres", 0.1, "centres: block commutators")
    if solved_rings and size <= BEAM_UP_TO:
        blocks = beam_centre_turns(size, colours, solved_rings, stopped, BEAM_WIDTHS.get(size, WIDTH))
    else:
        blocks = []
    colours = colours[sequence_permutation(size, blocks)]
    turns += blocks
    blocks = block_centre_turns(size, colours, stopped)
    colours = colours[sequence_permutation(size, blocks)]
    turns += blocks
    if stopped():
        return
    for step, index in enumerate(centre_ids):
        yield progress("centres", 0.5 + 0.5 * step / len(centre_ids), f"centres: orbit {step + 1} of {len(centre_ids)}")
        done, colours = solve_orbit(size, index, colours, stopped)
        turns += done
        if stopped():
            return
    yield progress("pairing", 0, "edge pairing")
    known = chooser.finish_for(colours) if chooser is not None else None
    candidates = pairing_candidates(size, colours, FRAME_CANDIDATES, stop=stopped) if known is None else []
    if stopped():
        return
    yield progress("finish", 0, "3x3x3 stage: corners and edges")
    try:
        finish = _shortest_finish(size, colours, candidates or [[]], frame_nodes, flag) if known is None else known
    except SearchCancelled:
        return
    if stopped():
        return
    colours = colours[sequence_permutation(size, finish)]
    turns += finish
    for step, index in enumerate(wing_ids):
        yield progress("wings", step / len(wing_ids), f"wings left unpaired: set {step + 1} of {len(wing_ids)}")
        done, colours = solve_orbit(size, index, colours, stopped)
        turns += done
        if stopped():
            return
    merged = compact(turns, size)
    if not state.apply(merged).is_solved():
        raise RuntimeError(f"the {size}x{size}x{size} solution does not solve the cube (a solver defect)")
    yield StageProgress("finished", 1.0, time.monotonic() - started)
    yield BigCubeSolution(size, tuple(merged), time.monotonic() - started)


def rings_share_of_time(size: int) -> float:
    """The part of a solve the centre rings take, for an honest progress bar: measured 0.5-0.6 of a 6x6x6's and
    7x7x7's time (after the first solve in a process), 0.8-0.85 of an 8x8x8's and 9x9x9's (more rings with bars),
    0.8-0.86 of the bigger cubes' (the later stages grow more slowly); the 6x6x6's 0.68-0.78 of its CPU time once
    its outer ring was chosen by quick pairings after it (ring_choice.py), and 0.96-0.998 of a 6x6x6's or 7x7x7's
    since that choice also pairs and finishes the edges of its two finalists (the solver then only replays the kept
    finish)."""
    return {6: 0.97, 7: 0.97}.get(size, 0.82)


def _shortest_finish(
    size: int, colours: np.ndarray, candidates: list[list[BlockTurn]], nodes: int | None, flag: StopFlag
) -> list[BlockTurn]:
    """paired_finish.shortest_finish, without the turns before (their merges are not counted)."""
    return shortest_finish(size, colours, candidates, nodes, flag)


def solve_nxn(state: NxNState, **options) -> BigCubeSolution:
    """Blocking helper: the solution `solve(state, **options)` yields; SearchCancelled if it was stopped."""
    for event in solve(state, **options):
        if isinstance(event, BigCubeSolution):
            return event
    raise SearchCancelled("the big-cube solve was stopped before its answer")
