"""The last stages of a table-driven pipeline (4x4x4, 5x5x5) once its centres are solved and its edges paired as
far as the pairing got: the 3x3x3 stage by two-phase, then pure 3-cycles for every wing left unpaired."""

from __future__ import annotations

import numpy as np

from solvers.engine import SearchCancelled, StopFlag
from solvers.nxn.frame import solve_frame
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.orbit_solve import solve_orbit
from solvers.nxn.pieces import Kind, orbits


def finish_from_centres(
    size: int, colours: np.ndarray, flag: StopFlag, frame_nodes: int | None
) -> list[BlockTurn] | None:
    """The 3x3x3 stage and wing 3-cycles for what pairing left, from solved centres; None if stopped."""
    stopped = flag.is_set
    try:
        turns = solve_frame(size, colours, frame_nodes, flag)  # type: ignore[arg-type]
    except SearchCancelled:
        return None
    colours = colours[sequence_permutation(size, turns)]
    for index, orbit in enumerate(orbits(size)):
        if orbit.kind is Kind.WING and not stopped():
            done, colours = solve_orbit(size, index, colours, stopped)
            turns += done
    return None if stopped() else turns
