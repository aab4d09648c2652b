"""The 3x3x3 stage: once the centres are solved, the corners (and an odd cube's middle edges) are a 3x3x3 that
outer face turns solve, handed to the two-phase solver.

On an odd cube the fixed centres, middle edges and corners are exactly a 3x3x3. An even cube has only its
corners here: the 3x3x3 given to two-phase has its edges solved, or with two edges swapped when the corners'
permutation is odd (so it is a real 3x3x3); its edge moves are ignored: outer turns move the wings by even
permutations, which the wing stage then solves.
"""

from __future__ import annotations

import threading

import numpy as np

from solvers.nxn.geometry import N_FACES
from solvers.nxn.moves import BlockTurn, face_turn
from solvers.nxn.pieces import corner_slots, edge_slots

DEFAULT_SECONDS = 0.25  # two-phase keeps improving its answer this long


def frame_colours(size: int, colours: np.ndarray) -> np.ndarray:
    """The 54 colours of the 3x3x3 the frame stage solves (centres at home)."""
    three = np.repeat(np.arange(N_FACES, dtype=np.int8), 9)
    if size % 2 == 1:
        m = (0, size // 2, size - 1)
        for face in range(N_FACES):
            for r in range(3):
                for c in range(3):
                    three[face * 9 + r * 3 + c] = colours[face * size * size + m[r] * size + m[c]]
    else:
        three[corner_slots(3).ravel()] = colours[corner_slots(size).ravel()]
    return three


def solve_frame(size: int, colours: np.ndarray, seconds: float, stop: threading.Event | None) -> list[BlockTurn]:
    """Outer face turns that solve the frame (see the module docstring), by two-phase."""
    from solvers.cube.formats import from_kociemba
    from solvers.cube.geometry import Face
    from solvers.cube.validation_errors import InvalidCubeError, InvalidReason
    from solvers.rubik.events import MoveSolution
    from solvers.rubik.twophase import twophase

    three = frame_colours(size, colours)
    text = "".join(Face(int(c)).name for c in three)
    try:
        cube = from_kociemba(text, 3)
    except InvalidCubeError as exc:
        if size % 2 == 1 or exc.reason is not InvalidReason.PARITY:
            raise
        uf, ur = edge_slots(3)[1], edge_slots(3)[0]
        three[uf], three[ur] = three[ur].copy(), three[uf].copy()
        cube = from_kociemba("".join(Face(int(c)).name for c in three), 3)
    if cube.is_solved():
        return []
    best = None
    for event in twophase(cube, max_time=seconds, stop=stop):
        if isinstance(event, MoveSolution):
            best = event
    if best is None:
        return []
    return [face_turn(int(move.face), move.quarter_turns, size) for move in best.moves]
