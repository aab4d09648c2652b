"""The 4x4x4 centres in three table-driven phases, many candidates each, the shortest total kept.

1. the L/R centres onto L and R (any block turn);
2. the U/D centres onto U and D (turns that keep phase 1: any block about x; outer turns and inner half turns
   about y and z), ending with the wings' permutation even;
3. every centre home (outer turns and inner half turns, which keep phases 1 and 2 and the wings' parity).
Each phase's table is exact, so each IDA* walks straight to its goal. An even cube may end in any of its 24
orientations: phase 1 is tried with each axis as L/R, phase 2 with both remaining pairs as U/D, phase 3 with the
four colourings that keep those pairs, several solutions of phases 1 and 2 each; the shortest total wins. With
the wings even, the edge pairing that follows can always finish by 3-cycles and no lone flipped edge can appear.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.nxn.four.layout import SIZE, MoveSet, layout, phase1_moves, phase2_moves, phase3_moves
from solvers.nxn.four.prune import mask_luts, table
from solvers.nxn.four.search import mask_search
from solvers.nxn.geometry import Face
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.validation import _rotation_centres

PHASE1_SOLUTIONS = 8  # per axis
PHASE2_SOLUTIONS = 4  # per phase-1 solution and choice of U/D
BUDGET = 200_000  # nodes per search (an exact table needs a few hundred)
MAX_BOUND = 14


@dataclass(frozen=True)
class Candidate:
    """Turns so far and the cube's colours after them, recoloured so that the target is the solved colouring."""

    turns: tuple[BlockTurn, ...]
    colours: np.ndarray


@cache
def _luts(moves: MoveSet) -> np.ndarray:
    return mask_luts(moves.centre_to).astype(np.int64)


@cache
def _wing_homes() -> dict[tuple[int, int], int]:
    lay = layout()
    faces = np.arange(6 * SIZE * SIZE) // (SIZE * SIZE)
    pairs = zip(lay.wing_primary, lay.wing_other, strict=True)
    return {(int(faces[p]), int(faces[o])): i for i, (p, o) in enumerate(pairs)}


def wing_parity(colours: np.ndarray) -> int:
    """Parity of the wings' permutation (each wing known by its colours on its primary and other sticker)."""
    lay = layout()
    homes = _wing_homes()
    pairs = zip(lay.wing_primary, lay.wing_other, strict=True)
    found = [homes.get((int(colours[p]), int(colours[o])), -1) for p, o in pairs]
    if sorted(found) != list(range(24)):
        raise ValueError("the 4x4x4's wings are not 24 distinct real wings")
    odd, seen = 0, [False] * 24
    for start in range(24):
        i, length = start, 0
        while not seen[i]:
            seen[i], i, length = True, found[i], length + 1
        odd ^= max(length - 1, 0) & 1
    return odd


def _mask(colours: np.ndarray, faces: tuple[Face, ...]) -> int:
    values = colours[layout().centres]
    return int(sum(1 << i for i, v in enumerate(values) if Face(int(v)) in faces))


@cache
def _relabels() -> tuple[np.ndarray, ...]:
    """The 24 orientations as colour -> face recolourings."""
    found = []
    for centres in _rotation_centres():
        relabel = np.empty(6, dtype=np.int8)
        relabel[list(centres)] = np.arange(6)
        found.append(relabel)
    return tuple(found)


def _recolouring(mapping: dict[Face, Face]) -> np.ndarray:
    relabel = np.arange(6, dtype=np.int8)
    for a, b in mapping.items():
        relabel[a] = b
    return relabel


@cache
def _quarter_about_x() -> tuple[np.ndarray, ...]:
    """Identity and a quarter turn about x as recolourings: they keep L/R and choose which pair becomes U/D."""
    return _recolouring({}), _recolouring({Face.U: Face.F, Face.F: Face.D, Face.D: Face.B, Face.B: Face.U})


@cache
def _half_turns() -> tuple[np.ndarray, ...]:
    """Identity and the half turns about x, y and z as recolourings: each keeps every pair of opposite faces."""
    u, d, f, b, r, lft = Face.U, Face.D, Face.F, Face.B, Face.R, Face.L
    return (
        _recolouring({}),
        _recolouring({u: d, d: u, f: b, b: f}),
        _recolouring({f: b, b: f, r: lft, lft: r}),
        _recolouring({u: d, d: u, r: lft, lft: r}),
    )


def _search(moves: MoveSet, table_name: str, mask: int, parity: int, need_even: bool, limit: int, stop: _Stop):
    """Up to `limit` shortest solutions of one phase (each a list of turns), [] if none within the budget."""
    luts, prune = _luts(moves), table(table_name)
    out = np.zeros((limit, MAX_BOUND), dtype=np.int64)
    odd = moves.wing_odd.astype(np.int64)
    for bound in range(int(prune[mask]), MAX_BOUND + 1):
        flag = stop.poll()
        count, _ = mask_search(
            mask, parity, int(need_even), bound, luts, odd, moves.axis, moves.rank, prune, limit, BUDGET, out, flag
        )
        if count or flag[0]:
            return [[moves.turns[int(m)] for m in out[i, :bound]] for i in range(count)]
    return []


def _after(candidate: Candidate, turns: list[BlockTurn], relabel: np.ndarray) -> Candidate:
    colours = relabel[candidate.colours][sequence_permutation(SIZE, turns)]
    return Candidate(candidate.turns + tuple(turns), colours)


class _Stop:
    """The caller's stop test, copied into the array the numba kernel polls before each search."""

    def __init__(self, stopped: Callable[[], bool]) -> None:
        self.stopped = stopped
        self.flag = np.zeros(1, dtype=np.int64)

    def poll(self) -> np.ndarray:
        self.flag[0] = int(bool(self.stopped()))
        return self.flag


def solve_centres(colours: np.ndarray, stopped: Callable[[], bool] = lambda: False, keep: int = 1) -> list[Candidate]:
    """The `keep` shortest centre solutions found, shortest first (turns, and the colours after them recoloured
    to their target; distinct end states), or [] if stopped (polled before each search, a few ms apart)."""
    stop = _Stop(stopped)
    first: list[Candidate] = []
    axes: set[frozenset[int]] = set()
    start = Candidate((), colours)
    for relabel in _relabels():
        pair = frozenset(int(c) for c in np.nonzero(np.isin(relabel, [Face.R, Face.L]))[0])
        if pair in axes:
            continue
        axes.add(pair)
        mask = _mask(relabel[colours], (Face.R, Face.L))
        for turns in _search(phase1_moves(), "four-lr-centres", mask, 0, False, PHASE1_SOLUTIONS, stop):
            first.append(_after(start, turns, relabel))
    second: list[Candidate] = []
    for candidate in first:
        for relabel in _quarter_about_x():
            recoloured = relabel[candidate.colours]
            mask, parity = _mask(recoloured, (Face.U, Face.D)), wing_parity(recoloured)
            for turns in _search(phase2_moves(), "four-ud-centres", mask, parity, True, PHASE2_SOLUTIONS, stop):
                second.append(_after(candidate, turns, relabel))
    done: list[Candidate] = []
    for candidate in sorted(second, key=lambda c: len(c.turns)):
        if len(done) >= keep and len(candidate.turns) >= len(done[keep - 1].turns):
            break
        for relabel in _half_turns():
            mask = _mask(relabel[candidate.colours], (Face.U, Face.F, Face.R))
            for turns in _search(phase3_moves(), "four-centres", mask, 0, False, 1, stop):
                done.append(_after(candidate, turns, relabel))
        done.sort(key=lambda c: len(c.turns))
    return [] if stop.poll()[0] else _distinct(done)[:keep]


def _distinct(candidates: list[Candidate]) -> list[Candidate]:
    seen: set[bytes] = set()
    kept = []
    for candidate in candidates:
        key = candidate.colours.tobytes()
        if key not in seen:
            seen.add(key)
            kept.append(candidate)
    return kept
