"""The 5x5x5 centres in three table-driven phases, both centre orbits at once, many candidates, shortest kept.

1. every L/R centre piece (x- and +-centres) onto L and R (any turn that leaves the middle layer alone);
2. the U/D pieces onto U and D (turns about x, outer turns and inner half turns about y and z), searched twice:
   the shortest endings, and the shortest that leave the wings' permutation even (only the inner quarter turns
   about x change it, and no later turn does);
3. every centre home (outer turns and inner half turns), with the joint tables of joint.py, then, when the wings'
   permutation is odd, EDGE_PARITY (15 turns that exchange two wings of one edge and move nothing else), so that
   pairing and wing 3-cycles can finish. Phase 2's even endings cost a turn or two more, so the exchange is
   rarely the shortest way.
Phases 1 and 2 search both orbits with the larger of their two exact distances. The fixed centres never move, so
which axis goes first is chosen by whole-cube rotations (free in the block-turn metric): phase 1 is tried with
each axis as L/R, phase 2 with both remaining axes as U/D, several solutions each, and the candidates go to phase
3 in the order of turns so far + phase 3's bound + the exchange's turns when due.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.cube.parity import permutation_parity
from solvers.nxn.five.joint import coordinates, distance, solve_phase3
from solvers.nxn.five.layout import SIZE, MoveSet, layout, phase1_moves, phase2_moves, phase3_moves
from solvers.nxn.five.prune import PHASE_FACES, table
from solvers.nxn.five.search import pair_search
from solvers.nxn.four.prune import mask_luts
from solvers.nxn.geometry import Axis, Face
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.notation import parse
from solvers.nxn.orbit_solve import labels
from solvers.nxn.pieces import Kind, orbits

PHASE1_SOLUTIONS = 2  # per axis (3 took more time for no fewer turns)
PHASE2_SOLUTIONS = 8  # per phase-1 solution, choice of U/D and wing parity wanted (more at one bound cost little)
PHASE3_TRIED = 48  # phase-2 candidates (best estimate first) phase 3 is tried on
PHASE3_SOLUTIONS = 2
THREADS = min(4, os.cpu_count() or 1)  # phase-1 and phase-2 searches at once (their kernel releases the GIL)
# Nodes per search and bound: phase 1 needs its full search; in phase 2 the larger of two distances can be loose
# by several turns, and a candidate whose search runs long is dropped for the next one; phase 3's joint bound is
# close (a few thousand nodes), its budget a guard.
BUDGETS = (3_000_000, 400_000, 200_000)
PATIENT_BUDGET = 50_000_000  # phase 3 again on the best candidate, if none finished within BUDGETS[2]
EVEN_BUDGET = 4_000_000  # phase 2 again, wings even only, when every solution found needs the wing exchange: on
# nxn_bench.py's 6x6x6 seed 11 its outer ring 43 -> 29 turns (the even searches had all run past BUDGETS[1])
MAX_BOUND = 20
EDGE_PARITY_TEXT = "2R2 B2 U2 2L U2 2R' U2 2R U2 F2 2R F2 2L' B2 2R2"  # the two wings of UF exchanged, nothing else


@cache
def edge_parity() -> tuple[BlockTurn, ...]:
    """The wing exchange that makes an odd wing permutation even, keeping centres, corners and middle edges."""
    return tuple(parse(EDGE_PARITY_TEXT, SIZE))


@dataclass(frozen=True)
class Candidate:
    """Turns so far and the cube's colours after them, recoloured so that the solved colouring is the target."""

    turns: tuple[BlockTurn, ...]
    colours: np.ndarray


@cache
def _luts(moves: MoveSet, orbit: int) -> np.ndarray:
    return mask_luts(moves.to[orbit]).astype(np.int64)


@cache
def _wing_orbit() -> int:
    return next(i for i, o in enumerate(orbits(SIZE)) if o.kind is Kind.WING)


@cache
def _fixed_centres() -> np.ndarray:
    middle = SIZE // 2
    return np.array([f * SIZE * SIZE + middle * SIZE + middle for f in range(6)], dtype=np.int64)


def wing_parity(colours: np.ndarray) -> int:
    """Parity of the wings' permutation (colours already relative to the fixed centres)."""
    found, _ = labels(SIZE, _wing_orbit(), colours)
    return int(permutation_parity(found))


def _masks(colours: np.ndarray, faces: tuple[Face, ...]) -> tuple[int, int]:
    wanted = np.isin(colours, [int(f) for f in faces])
    result = []
    for stickers in layout().centres:
        bits = wanted[stickers]
        result.append(int(sum(1 << i for i in np.nonzero(bits)[0])))
    return result[0], result[1]


def _rotated(candidate: Candidate, rotation: list[BlockTurn]) -> Candidate:
    """After whole-cube turns, recoloured so that the fixed centres are again the target's colours."""
    colours = candidate.colours[sequence_permutation(SIZE, rotation)] if rotation else candidate.colours
    relabel = np.empty(6, dtype=np.int8)
    relabel[colours[_fixed_centres()]] = np.arange(6)
    return Candidate(candidate.turns + tuple(rotation), relabel[colours])


def _after(candidate: Candidate, turns: list[BlockTurn]) -> Candidate:
    return Candidate(candidate.turns + tuple(turns), candidate.colours[sequence_permutation(SIZE, turns)])


class _Stop:
    """The caller's stop test, copied into the array the numba kernel polls."""

    def __init__(self, stopped: Callable[[], bool]) -> None:
        self.stopped = stopped
        self.flag = np.zeros(1, dtype=np.int64)

    def poll(self) -> np.ndarray:
        self.flag[0] = int(bool(self.stopped()))
        return self.flag


def _search(
    phase: int, moves: MoveSet, colours: np.ndarray, need_even: bool, limit: int, stop: _Stop, budget: int = 0
) -> list[list[BlockTurn]]:
    """Up to `limit` shortest solutions of one phase, [] if none within the budget (BUDGETS[phase] by default)."""
    budget = budget or BUDGETS[phase]
    mask_a, mask_b = _masks(colours, PHASE_FACES[phase])
    prune_a, prune_b = table(phase, 0), table(phase, 1)
    luts_a, luts_b = _luts(moves, 0), _luts(moves, 1)
    parity = wing_parity(colours) if need_even else 0
    out = np.zeros((limit, MAX_BOUND), dtype=np.int64)
    start = max(int(prune_a[mask_a]), int(prune_b[mask_b]))
    for bound in range(start, MAX_BOUND + 1):
        flag = stop.poll()
        count, nodes = pair_search(
            mask_a, mask_b, parity, int(need_even), bound, luts_a, luts_b, moves.wing_odd, moves.axis, moves.rank,
            prune_a, prune_b, limit, budget, out, flag,
        )  # fmt: skip
        if count or flag[0] or nodes > budget:
            return [[moves.turns[int(m)] for m in out[i, :bound]] for i in range(count)]
    return []


def _each(items: list, search: Callable) -> list:
    """`search` of every item, in the items' order, THREADS at a time: the searches are independent and spend
    their time in a kernel that releases the GIL, so a ring's phases take about half the time on two cores (the
    same answers: each search has its own output and budget). The first runs alone, so the tables and move
    look-ups it loads on first use are loaded once."""
    if THREADS < 2 or len(items) < 3:
        return [search(item) for item in items]
    first = search(items[0])
    with ThreadPoolExecutor(max_workers=THREADS) as pool:
        return [first, *pool.map(search, items[1:])]


def _searched(starts: list[Candidate], search: Callable) -> list[Candidate]:
    """Each start followed by each solution `search` finds for it, in order."""
    return [_after(start, turns) for start, found in zip(starts, _each(starts, search), strict=True) for turns in found]


def _phase2(turned: Candidate, need_even: bool, stop: _Stop) -> list[list[BlockTurn]]:
    return _search(1, phase2_moves(), turned.colours, need_even, PHASE2_SOLUTIONS, stop)


_ROTATIONS: tuple[list[BlockTurn], ...] = ([], [BlockTurn(Axis.Y, 0, SIZE - 1, 1)], [BlockTurn(Axis.Z, 0, SIZE - 1, 1)])
_ABOUT_X: tuple[list[BlockTurn], ...] = ([], [BlockTurn(Axis.X, 0, SIZE - 1, 1)])


def solve_centres(
    colours: np.ndarray, stopped: Callable[[], bool] = lambda: False, keep: int = 1, tried: int = PHASE3_TRIED
) -> list[Candidate]:
    """The `keep` shortest centre solutions found (distinct end states, shortest first), each with its colours
    after it recoloured to the target; [] if stopped (or if no phase-3 search finished within its budget, which
    the joint tables have made unseen). `tried`: how many phase-2 candidates go on to phase 3 (a caller that
    needs one good solution, not the 5x5x5's eight for its pairing, can take fewer).
    `colours` are relative to the fixed centres."""
    stop = _Stop(stopped)
    starts = [_rotated(Candidate((), colours), rotation) for rotation in _ROTATIONS]
    first = _searched(starts, lambda start: _search(0, phase1_moves(), start.colours, False, PHASE1_SOLUTIONS, stop))
    # the shortest endings, and the shortest leaving the wings even, after each phase-1 solution and x rotation
    jobs = [(_rotated(c, rotation), need_even) for c in first for rotation in _ABOUT_X for need_even in (False, True)]
    second = [
        _after(turned, turns)
        for (turned, _), found in zip(jobs, _each(jobs, lambda job: _phase2(job[0], job[1], stop)), strict=True)
        for turns in found
    ]
    second.sort(key=_phase3_estimate)
    second = _distinct(second)  # of two ways to one state, the shorter
    done: list[Candidate] = []
    for candidate in second[:tried]:
        for turns in _phase3(candidate.colours, PHASE3_SOLUTIONS, stop, BUDGETS[2]):
            done.append(_after(candidate, turns))
    for candidate in second[:1] if not done else []:  # not seen since the joint tables: a guard
        for turns in _phase3(candidate.colours, 1, stop, PATIENT_BUDGET):
            done.append(_after(candidate, turns))
    if stop.poll()[0]:
        return []
    if done and all(wing_parity(c.colours) for c in done):
        done += _even_again(first, tried, stop)
    done = [_after(c, list(edge_parity())) if wing_parity(c.colours) else c for c in done]
    done.sort(key=lambda c: _length(c.turns))
    return _distinct(done)[:keep]


def _even_again(first: list[Candidate], tried: int, stop: _Stop) -> list[Candidate]:
    """Phase 2 leaving the wings even, with EVEN_BUDGET, then phase 3: for a cube whose every solution found
    needs the 15-turn wing exchange (the even searches ran past their budget); [] if stopped meanwhile (what was
    found before stands: this search is extra)."""
    second: list[Candidate] = []
    for candidate in sorted(first, key=lambda c: _length(c.turns)):  # the shortest phase 1 first, until enough
        for rotation in _ABOUT_X if len(second) < PHASE2_SOLUTIONS else ():
            turned = _rotated(candidate, rotation)
            for turns in _search(1, phase2_moves(), turned.colours, True, PHASE2_SOLUTIONS, stop, EVEN_BUDGET):
                second.append(_after(turned, turns))
    done: list[Candidate] = []
    for candidate in _distinct(sorted(second, key=_phase3_estimate))[:tried]:
        for turns in _phase3(candidate.colours, PHASE3_SOLUTIONS, stop, BUDGETS[2]):
            done.append(_after(candidate, turns))
    return [] if stop.poll()[0] else done


def _phase3(colours: np.ndarray, limit: int, stop: _Stop, budget: int) -> list[list[BlockTurn]]:
    turns = phase3_moves().turns
    found = solve_phase3(colours, limit, budget, MAX_BOUND, stop.poll)
    return [[turns[m] for m in sequence] for sequence in found]


def _phase3_estimate(candidate: Candidate) -> int:
    """Turns so far + phase 3's lower bound from the joint tables + the wing exchange's turns when it is due."""
    bound = _length(candidate.turns) + distance(coordinates(candidate.colours))
    return bound + (len(edge_parity()) if wing_parity(candidate.colours) else 0)


def _length(turns: tuple[BlockTurn, ...]) -> int:
    """Turns, whole-cube rotations not counted."""
    return sum(1 for t in turns if not (t.first == 0 and t.last == SIZE - 1))


def _distinct(candidates: list[Candidate]) -> list[Candidate]:
    seen: set[bytes] = set()
    kept = []
    for candidate in candidates:
        key = candidate.colours.tobytes()
        if key not in seen:
            seen.add(key)
            kept.append(candidate)
    return kept
