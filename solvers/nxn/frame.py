"""The 3x3x3 stage: once the centres are solved and the edges paired, corners and edges are a 3x3x3 that outer
face turns solve, handed to the two-phase solver.

On an odd cube the fixed centres, middle edges and corners are exactly a 3x3x3 (paired wings travel with their
middle edge). An even cube's edge is read from the first wing of each slot (paired wings travel with it); when
those do not make a real 3x3x3 the stage tries, in order: the six-turn "PLL parity" exchange of two whole edges;
the last wing instead of the first in one or two unpaired slots; one edge flipped and/or two exchanged in the
3x3x3 given to two-phase (those edges come out wrong and the wing 3-cycles fix them); and at last the corners
alone (edges solved, or two swapped when the corners' permutation is odd). Outer turns move every wing orbit by
an even permutation, so the wing 3-cycles can always finish.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from solvers.nxn.geometry import N_FACES
from solvers.nxn.moves import BlockTurn, face_turn
from solvers.nxn.pieces import corner_slots, edge_slots

if TYPE_CHECKING:
    from solvers.cube.state import CubeState

FRAME_NODES = 1_200_000  # per view of the two-phase search (six views): about 0.5 s of CPU, what 0.25 s of wall
# clock on two cores gave before; counted in nodes, not seconds, so a scramble's answer does not depend on the load
SIZE_FRAME_NODES = {7: 600_000}  # the 7x7x7 runs the stage nine times (three finalists, three paired states each):
# half the nodes gave the same answers on the bench's seeds 0-9 for about 0.5 s less
DEFAULT_NODES = -1  # as a solver's frame_nodes: the size's own budget (frame_nodes_for)
SAFETY_SECONDS = 10.0  # wall clock: two-phase ends early past this (0.3 s on a quiet machine, 1-2 s at a load of 10)


def frame_nodes_for(size: int) -> int:
    """The two-phase budget per view of a size's 3x3x3 stage."""
    return SIZE_FRAME_NODES.get(size, FRAME_NODES)


def frame_colours(size: int, colours: np.ndarray, edges: bool = True) -> np.ndarray:
    """The 54 colours of the 3x3x3 the frame stage solves (centres at home): corners, and as edges the middle
    edges (odd N) or each slot's first wing (even N, when `edges`; solved edges otherwise)."""
    three = np.repeat(np.arange(N_FACES, dtype=np.int8), 9)
    if size % 2 == 1:
        m = (0, size // 2, size - 1)
        for face in range(N_FACES):
            for r in range(3):
                for c in range(3):
                    three[face * 9 + r * 3 + c] = colours[face * size * size + m[r] * size + m[c]]
        return three
    three[corner_slots(3).ravel()] = colours[corner_slots(size).ravel()]
    if edges and size > 2:
        three[edge_slots(3)[:, 0, :].ravel()] = colours[edge_slots(size)[:, 0, :].ravel()]
    return three


def _read(three: np.ndarray) -> CubeState:
    from solvers.cube.formats import from_kociemba
    from solvers.cube.geometry import Face

    return from_kociemba("".join(Face(int(c)).name for c in three), 3)


def _edge_choices(size: int, colours: np.ndarray) -> Iterator[np.ndarray]:
    """3x3x3 colourings for an even cube: each slot's first wing as its edge, then the same with the last wing
    instead in one or two slots where the two differ (an unfinished pairing may leave the first wings flipped
    an odd number of times where the last ones are not)."""
    base = frame_colours(size, colours, edges=True)
    slots = edge_slots(size)
    differ = [e for e in range(12) if (colours[slots[e, 0]] != colours[slots[e, -1]]).any()]
    yield base
    for count in (1, 2):
        for chosen in combinations(differ, count):
            three = base.copy()
            for e in chosen:
                three[edge_slots(3)[e]] = colours[slots[e, -1]]
            yield three


def _repaired_edges(size: int, colours: np.ndarray) -> Iterator[np.ndarray]:
    """The first wings as edges with one edge flipped and/or two exchanged, unpaired slots first: the 3x3x3 stage
    then leaves those edges wrong and the wing 3-cycles put them right (far cheaper than all wings)."""
    slots = edge_slots(size)
    three_slots = edge_slots(3)[:, 0, :]
    differ = [e for e in range(12) if (colours[slots[e]] != colours[slots[e, :1]]).any()]
    order = differ + [e for e in range(12) if e not in differ]
    for base in _edge_choices(size, colours):
        yield from _flips_and_swaps(base, order, three_slots)


def _flips_and_swaps(base: np.ndarray, order: list[int], three_slots: np.ndarray) -> Iterator[np.ndarray]:
    for flip in [None, *order]:
        flipped = base.copy()
        if flip is not None:
            a, b = three_slots[flip]
            flipped[a], flipped[b] = base[b], base[a]
        for swap in [None, *combinations(order[:4], 2)]:
            three = flipped.copy()
            if swap is not None:
                e, f = swap
                three[three_slots[e]], three[three_slots[f]] = flipped[three_slots[f]], flipped[three_slots[e]]
            yield three


def _frame_plan(size: int, colours: np.ndarray) -> tuple[list[BlockTurn], CubeState]:
    """(turns first, the 3x3x3 to solve then): an even cube's paired edges as a real 3x3x3, after the PLL-parity
    exchange if that is what it takes; else the corners alone (two edges swapped when their parity is odd)."""
    from solvers.cube.validation_errors import InvalidCubeError, InvalidReason
    from solvers.nxn.moves import sequence_permutation

    if size % 2 == 1:
        return [], _read(frame_colours(size, colours))
    if size > 2:
        for before in ([], pll_parity_turns(size)):
            turned = colours[sequence_permutation(size, before)]
            for three in _edge_choices(size, turned):
                try:
                    return before, _read(three)
                except InvalidCubeError:
                    continue
        for three in _repaired_edges(size, colours):
            try:
                return [], _read(three)
            except InvalidCubeError:
                continue
    three = frame_colours(size, colours, edges=False)
    try:
        return [], _read(three)
    except InvalidCubeError as exc:
        if exc.reason is not InvalidReason.PARITY:
            raise
    uf, ur = edge_slots(3)[1], edge_slots(3)[0]
    three[uf], three[ur] = three[ur].copy(), three[uf].copy()
    return [], _read(three)


def pll_parity_turns(size: int) -> list[BlockTurn]:
    """An even cube's "PLL parity": 2-hRw2 U2 2-hRw2 hUw2 2-hRw2 2-hUw2 (h = N/2) exchanges the UF and UB edges
    whole (every wing of each) and leaves every centre on its face and every corner home (checked in the tests)."""
    from solvers.nxn.notation import parse

    h = size // 2
    return parse(f"2-{h}Rw2 U2 2-{h}Rw2 {h}Uw2 2-{h}Rw2 2-{h}Uw2", size)


def solve_frame(size: int, colours: np.ndarray, nodes: int | None, stop: threading.Event | None) -> list[BlockTurn]:
    """Turns that solve the frame (see the module docstring): two-phase's outer turns, after the PLL-parity
    exchange of two edges when an even cube's paired edges need it. Two-phase improves its answer for `nodes`
    nodes per view, the same answer on every run and under any load; with None it gives the first answer of a
    single search (quicker, also the same on every run: what a seeded scramble needs)."""
    from solvers.rubik.events import MoveSolution
    from solvers.rubik.twophase import twophase

    before, cube = _frame_plan(size, colours)
    if cube.is_solved():
        return before
    best = None
    if nodes is None:
        search = twophase(cube, n_variants=1, stop=stop)
    else:
        search = twophase(cube, max_nodes=nodes, max_time=SAFETY_SECONDS, stop=stop)
    for event in search:
        if isinstance(event, MoveSolution):
            best = event
    if best is None:
        return before
    return before + [face_turn(int(move.face), move.quarter_turns, size) for move in best.moves]
