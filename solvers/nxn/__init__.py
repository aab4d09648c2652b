"""Big cubes: an NxNxN sticker engine for any N >= 2, its notation, facelet strings, validation and solver.

The names a front end needs (the 3D view, a net editor, the player, the command line):

- `NxNState` (sticker colours; `solved`, `apply`, `is_solved`, `to_facelets`) and `read_facelets(text)`;
- `BlockTurn` (a turn as data: axis, layers, quarters), `parse(text, n)` and `format_turns(turns, n)`;
- `validate(state)` raising `InvalidBigCubeError` with the pieces at fault;
- `random_turns(n, seed)` scrambles; `solve(state, stop=...)` events and `solve_nxn(state)`.

Importing this package loads numpy only; the two-phase solver is imported by the 3x3x3 stage when it runs.
"""

from solvers.nxn.errors import BigCubeReason, InvalidBigCubeError
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.moves import BlockTurn
from solvers.nxn.notation import format_turn, format_turns, parse
from solvers.nxn.scramble import random_turns, scramble_length
from solvers.nxn.solver import solve, solve_nxn
from solvers.nxn.state import NxNState, read_facelets
from solvers.nxn.validation import validate

__all__ = [
    "BigCubeReason",
    "BigCubeSolution",
    "BlockTurn",
    "InvalidBigCubeError",
    "NxNState",
    "StageProgress",
    "format_turn",
    "format_turns",
    "parse",
    "random_turns",
    "read_facelets",
    "scramble_length",
    "solve",
    "solve_nxn",
    "validate",
]
