"""Centre rings of a 6x6x6 and up solved by the 4x4x4's or 5x5x5's exact centre tables, innermost ring first.

A ring is the x-centres at one depth (and, on an odd cube, the +-centres at that depth): projection.py reads it
as a small cube's centres and lifts the small cube's turns back. Innermost first, because a ring's lifted turns
move the layers outside it (its wide "face" turns) but never a deeper layer, and an outer face turn keeps a
solved ring solved; so each ring, once solved, stays solved while the outer ones are done. Each ring also leaves
the wing orbit at its depth with an even permutation (the 4x4x4's phase 2 ends even; the 5x5x5 adds its wing
exchange), so the later wing-parity stage has nothing to do there.

An odd cube's rings go through the 5x5x5's phases as they are (its fixed centres are the big cube's). An even
cube's innermost ring goes through the 4x4x4's phases, which also choose the orientation to solve to (the one
that costs least); each ring after it must keep that orientation, so it is solved by the same three phases and
tables with whole-cube turns (free) instead of recolourings choosing which axis goes first, and without the
4x4x4's middle-block turns (lifted, they would move the deeper rings).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from functools import cache

import numpy as np

from solvers.nxn.bars import BarRing
from solvers.nxn.compact import compact
from solvers.nxn.four import centres as four_centres
from solvers.nxn.four.layout import INNER_BLOCKS, OUTER_BLOCKS, MoveSet, move_set
from solvers.nxn.four.layout import layout as four_layout
from solvers.nxn.four.prune import mask_luts
from solvers.nxn.four.prune import table as four_table
from solvers.nxn.four.search import mask_search
from solvers.nxn.geometry import Axis, Face
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.projection import Projection, rings

PHASE1_SOLUTIONS = 6  # per axis (fixed-orientation rings)
PHASE2_SOLUTIONS = 4  # per phase-1 solution and choice of U/D
BUDGET = 200_000  # nodes per search and bound
MAX_BOUND = 16
RING_SECONDS = 4.5  # wall clock: a 5x5x5 ring's search past this is dropped, on cubes above BARS_UP_TO (median 1-2 s,
# phases 1 and 2 the most of it; at 3 s a load average of 3 made rings fall back, which cost about 50 turns)
SAFETY_SECONDS = 30.0  # CPU time: the innermost ring's and a ring with bars's search past this is dropped. Their work
# is bounded by the searches' node budgets (1.5-3 s of CPU), so that the same scramble gets the same answer under any
# load: this only guards against a runaway search. (As wall clock, 30 s was reached at a load average of 17.)
RING_TRIED = 12  # phase-2 candidates a 5x5x5 ring takes to phase 3: on the 7x7x7 the same turns as the 5x5x5's 48
RING_KEPT = 8  # a 5x5x5 ring's shortest solutions compared by their turns once merged with the turns before them
# (free: the search finds them anyway); bars and their ring merged, seeds 0-9: 6x6x6 47.8 -> 47.6, 7x7x7 69.3 -> 69.1
BARS_SECONDS = 45.0  # wall clock, a safety valve: rings begun after this go without their bars. A 17x17x17's seven
# rings all with bars took 31.6 s of CPU, loading included (seed 0, at a load average of 11), for 2047 turns in all;
# cut at 20 s, as they were under load, 4507 turns
FIVE_SECONDS = 8.0  # all 5x5x5 rings of one cube together (a 17x17x17 has seven); later rings get the 4x4x4's
SHALLOW_BLOCKS = tuple(b for b in INNER_BLOCKS if b != (1, 2))  # (1, 2) lifts to a block over the deeper rings


def rotation_relabel(size: int, turns: list[BlockTurn]) -> np.ndarray:
    """colour -> face after the whole-cube turns among `turns`: what keeps "solved" meaning every sticker shows
    its own face once the cube has been turned round."""
    rotations = [t for t in turns if t.is_rotation(size)]
    relabel = np.arange(6, dtype=np.int8)
    if not rotations:
        return relabel
    per_face = size * size
    faces = np.arange(6 * per_face) // per_face
    moved = faces[sequence_permutation(size, rotations)]
    corner = 0  # any sticker of a face shows, after the rotation, the face it came from
    for face in range(6):
        relabel[int(moved[face * per_face + corner])] = face
    return relabel


def _after(size: int, colours: np.ndarray, turns: list[BlockTurn]) -> np.ndarray:
    return rotation_relabel(size, turns)[colours[sequence_permutation(size, turns)]]


RingsResult = tuple[list[BlockTurn], np.ndarray, tuple[Projection, ...]]
# (turns so far, the outermost ring's shortest solutions found, least merged turns first, colours before them) ->
# the one to keep: what comes after the centres (the edge pairing) may prefer another of them
Chooser = Callable[[list[BlockTurn], list[list[BlockTurn]], np.ndarray], list[BlockTurn]]


def solve_rings(
    size: int,
    colours: np.ndarray,
    stopped: Callable[[], bool] = lambda: False,
    pair: Callable[[int, np.ndarray], list[BlockTurn]] | None = None,
    choose: Chooser | None = None,
) -> RingsResult:
    """ring_by_ring run to its end: see there."""
    steps = ring_by_ring(size, colours, stopped, pair, choose)
    while True:
        try:
            next(steps)
        except StopIteration as end:
            return end.value


def ring_by_ring(
    size: int,
    colours: np.ndarray,
    stopped: Callable[[], bool] = lambda: False,
    pair: Callable[[int, np.ndarray], list[BlockTurn]] | None = None,
    choose: Chooser | None = None,
) -> Generator[tuple[int, int], None, RingsResult]:
    """(turns, colours after them relabelled to the target, the rings solved) for every ring the tables solve
    within their budgets, innermost first; a ring whose search gives up, or runs past its time, is left to
    the later stages. `colours` are relative to the target (for an even cube the innermost ring may change that
    target: the colours returned are relative to the new one). With `pair` (depth, colours -> turns that make
    that depth's bars one colour and keep every deeper piece: bar_pairing.py), each ring after the innermost is
    first paired and then solved with its bars as a 5x5x5 (bars.BarRing), obliques and all, while the rings have
    taken less than BARS_SECONDS. Yields (rings done, rings in all) after each ring, so a caller can report
    progress: a 15x15x15's six rings take half a minute. `choose` picks among the outermost 5x5x5 ring's solutions
    (the one that merges best with the turns before it, without)."""
    turns: list[BlockTurn] = []
    solved: list[Projection] = []
    every_ring = rings(size)
    if any(ring.small == 5 for ring in every_ring) or pair is not None:
        warm_five()  # before any clock starts: a fresh process's first solve must not spend its limits loading
    five_until = time.monotonic() + FIVE_SECONDS
    bars_until = time.monotonic() + BARS_SECONDS
    for number, ring in enumerate(every_ring):
        if number:
            yield number, len(every_ring)
        if stopped():
            break
        if pair is not None and number > 0 and time.monotonic() < bars_until:
            paired = pair(ring.depth, colours)
            colours = _after(size, colours, paired)
            turns += paired
            ring = BarRing(size, 5, ring.depth)
        small = ring.project(colours)
        if ring.small == 5:
            from solvers.nxn.five.centres import solve_centres as five_solve

            if isinstance(ring, BarRing) or (number == 0 and pair is not None):  # node budgets alone, normally
                limit = _cpu_deadline(stopped, time.process_time() + SAFETY_SECONDS)
            else:
                limit = _deadline(stopped, min(time.monotonic() + RING_SECONDS, five_until))
            found = five_solve(small, limit, RING_KEPT, RING_TRIED)
            lifted = [[ring.lift(t) for t in candidate.turns] for candidate in found]
            lifted.sort(key=lambda s: _joined_length(size, turns, s))  # stable: the search's order among equals
            outermost = number == len(every_ring) - 1
            step = (choose(turns, lifted, colours) if choose and outermost else lifted[0]) if lifted else None
            if step is None:  # its x-centres at least, by the 4x4x4's tables (fast and sure)
                ring = Projection(size, 4, ring.depth)
                step = _fixed_four(ring, ring.project(colours), stopped)
        elif number == 0:
            step, relabel = _free_four(ring, small, stopped)
            if step is not None:
                colours = relabel[colours]
        else:
            step = _fixed_four(ring, small, stopped)
        if step is None:
            continue
        colours = _after(size, colours, step)
        turns += step
        solved.append(ring)
    return turns, colours, tuple(solved)


def _joined_length(size: int, before: list[BlockTurn], step: list[BlockTurn]) -> int:
    """The block turns `step` adds after `before` once merged (compact.py merges runs of one axis, so the last
    run of `before` is all that can merge with it)."""
    start = len(before)
    while start and before[start - 1].axis == before[-1].axis:
        start -= 1
    joined = compact(before[start:] + step, size)
    return sum(not t.is_rotation(size) for t in joined)


def _cpu_deadline(stopped: Callable[[], bool], until: float) -> Callable[[], bool]:
    """A stop test that is also true once this process has used CPU time up to `until` (time.process_time)."""
    return lambda: stopped() or time.process_time() > until


@cache
def warm_five() -> None:
    """Load the 5x5x5 centre tables and kernels once per process, by solving a centre state one turn from solved
    (a fraction of a second once they are on disk)."""
    from solvers.nxn.five.centres import solve_centres as five_solve

    solved = np.repeat(np.arange(6, dtype=np.int8), 25)
    five_solve(solved[sequence_permutation(5, [BlockTurn(Axis.X, 1, 1, 1)])], lambda: False, 1, 1)


def _deadline(stopped: Callable[[], bool], until: float) -> Callable[[], bool]:
    """A stop test that is also true from the monotonic time `until` on."""
    return lambda: stopped() or time.monotonic() > until


def _free_four(
    ring: Projection, small: np.ndarray, stopped: Callable[[], bool]
) -> tuple[list[BlockTurn] | None, np.ndarray]:
    """The 4x4x4's own centre solve (any orientation): lifted turns and the recolouring to its orientation."""
    found = four_centres.solve_centres(small, stopped, 1)
    if not found:
        return None, np.arange(6, dtype=np.int8)
    plain = small[sequence_permutation(4, list(found[0].turns))]
    relabel = np.arange(6, dtype=np.int8)
    relabel[plain] = found[0].colours  # the candidate's colours are a recolouring of the plain ones
    return [ring.lift(t) for t in found[0].turns], relabel


@cache
def _phase_moves() -> tuple[MoveSet, MoveSet, MoveSet]:
    """The 4x4x4 phases' turns without the middle block (see the module docstring)."""
    blocks = OUTER_BLOCKS + SHALLOW_BLOCKS
    first = [BlockTurn(a, f, l, q) for a in Axis for f, l in blocks for q in (1, 2, 3)]
    second = [BlockTurn(Axis.X, f, l, q) for f, l in blocks for q in (1, 2, 3)]
    third: list[BlockTurn] = []
    for axis in (Axis.Y, Axis.Z):
        second += [BlockTurn(axis, f, l, q) for f, l in OUTER_BLOCKS for q in (1, 2, 3)]
        second += [BlockTurn(axis, f, l, 2) for f, l in SHALLOW_BLOCKS]
    for axis in Axis:
        third += [BlockTurn(axis, f, l, q) for f, l in OUTER_BLOCKS for q in (1, 2, 3)]
        third += [BlockTurn(axis, f, l, 2) for f, l in SHALLOW_BLOCKS]
    return move_set(first), move_set(second), move_set(third)


@cache
def _luts(moves: MoveSet) -> np.ndarray:
    return mask_luts(moves.centre_to).astype(np.int64)


_TABLES = ("four-lr-centres", "four-ud-centres", "four-centres")
_GOALS = ((Face.R, Face.L), (Face.U, Face.D), (Face.U, Face.F, Face.R))


def _mask(small: np.ndarray, faces: tuple[Face, ...]) -> int:
    values = small[four_layout().centres]
    return int(sum(1 << i for i, v in enumerate(values) if int(v) in [int(f) for f in faces]))


def _search(phase: int, small: np.ndarray, limit: int, flag: np.ndarray) -> list[list[BlockTurn]]:
    """Up to `limit` shortest solutions of one phase on the small cube, [] if none within the budget."""
    moves = _phase_moves()[phase]
    prune = four_table(_TABLES[phase])
    mask = _mask(small, _GOALS[phase])
    need_even = phase == 1
    parity = four_centres.wing_parity(small) if need_even else 0
    out = np.zeros((limit, MAX_BOUND), dtype=np.int64)
    odd = moves.wing_odd.astype(np.int64)
    for bound in range(int(prune[mask]), MAX_BOUND + 1):
        count, nodes = mask_search(
            mask, parity, int(need_even), bound, _luts(moves), odd, moves.axis, moves.rank, prune, limit, BUDGET,
            out, flag,
        )  # fmt: skip
        if count or flag[0] or nodes > BUDGET:
            return [[moves.turns[int(m)] for m in out[i, :bound]] for i in range(count)]
    return []


def _fixed_four(ring: Projection, small: np.ndarray, stopped: Callable[[], bool]) -> list[BlockTurn] | None:
    """The ring's shortest centre solve found that keeps the orientation (lifted), None if none or stopped."""
    flag = np.zeros(1, dtype=np.int64)
    whole = [[], [BlockTurn(Axis.Y, 0, 3, 1)], [BlockTurn(Axis.Z, 0, 3, 1)]]
    first: list[list[BlockTurn]] = []
    for rotation in whole:
        turned = _after(4, small, rotation)
        first += [rotation + turns for turns in _search(0, turned, PHASE1_SOLUTIONS, flag)]
    second: list[list[BlockTurn]] = []
    for path in first:
        for rotation in ([], [BlockTurn(Axis.X, 0, 3, 1)]):
            if stopped():
                return None
            turned = _after(4, small, path + rotation)
            second += [path + rotation + turns for turns in _search(1, turned, PHASE2_SOLUTIONS, flag)]
    best: list[BlockTurn] | None = None
    for path in sorted(second, key=_length):
        if best is not None and _length(path) >= _length(best):
            break
        for turns in _search(2, _after(4, small, path), 1, flag):
            if best is None or _length(path + turns) < _length(best):
                best = path + turns
    return None if best is None else [ring.lift(t) for t in best]


def _length(turns: list[BlockTurn]) -> int:
    return sum(not t.is_rotation(4) for t in turns)
