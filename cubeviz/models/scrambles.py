"""Scrambles and read-outs for the app, bridging to the engines; each engine need is one clearly named hook.

- `random_move_scramble`: solvers.cube.scramble (no solver needed).
- `random_state_scramble`: a uniform random state, shown as text = the inverse of a solver's solution
  (2x2: solvers.pocket optimal solver; 3x3: solvers.rubik two-phase). The 3x3 case may build tables and compile
  the solver on first use (reporting how far): run it off the GUI thread.
- `distance_to_solved`: the exact 2x2 distance (solvers.pocket), None for the 3x3, or before
  `load_pocket_engine()` has loaded the God's table (a blocking call that may build it: run it off the GUI thread;
  `pocket_engine_ready()` says whether it is needed).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from cubeviz.models.big_cube import is_big, random_block_scramble
from solvers.cube.notation import Algorithm
from solvers.cube.scramble import RandomSource, random_state
from solvers.cube.scramble import random_move_scramble as _random_moves
from solvers.cube.state import CubeState

DISTANCE_METRIC = "htm"
Report = Callable[[object], None]


@dataclass(frozen=True)
class Scramble:
    """A scramble as shown to the user: its text and the state it leads to from solved (they always agree)."""

    kind: str
    algorithm: Algorithm

    def state(self, size: int) -> CubeState:
        return self.algorithm.state(size)

    @property
    def label(self) -> str:
        return f"scramble ({self.kind}): {self.algorithm}"


def random_move_scramble(size: int, rng: RandomSource = None, length: int | None = None) -> Scramble:
    if is_big(size):  # WCA-length random block turns from the big-cube engine
        return Scramble("random moves", random_block_scramble(size, rng))
    return Scramble("random moves", _random_moves(length, size, rng))


def random_state_scramble(
    size: int, rng: RandomSource = None, stop: threading.Event | None = None, report: Report | None = None
) -> Scramble:
    """A uniformly random state written as moves (the inverse of a solution of it). May build solver tables and
    compile the solver on first use, telling `report` how far (the preparation's TableProgress and
    CompileProgress events): run it off the GUI thread."""
    state = random_state(size, rng)
    solution = _solve_pocket(state) if size == 2 else _solve_rubik(state, stop, report)
    return Scramble("random state", solution.inverse())


def _solve_pocket(state: CubeState) -> Algorithm:
    """Hook: the 2x2 optimal solver (solvers.pocket); loading it also readies `distance_to_solved`."""
    from solvers.pocket.solve import solver

    return Algorithm.from_moves(solver(DISTANCE_METRIC).optimal_solution(state))


def _solve_rubik(state: CubeState, stop: threading.Event | None, report: Report | None) -> Algorithm:
    """Hook: the 3x3 two-phase solver, prepared with progress (tables, then its compiled kernel) as a solve
    prepares it. Its first solution is enough for a scramble."""
    from solvers.rubik.preparation import prepare_search
    from solvers.rubik.rubik_tables import default_tables
    from solvers.rubik.twophase import solve_twophase

    tables = default_tables()
    prepare_search(tables, report or _ignore, stop)
    return Algorithm.from_moves(solve_twophase(state, stop=stop, tables=tables).moves)


def _ignore(_event: object) -> None:
    """A report nobody reads."""


def pocket_engine_ready() -> bool:
    """True once the 2x2 God's table is in memory: distances are then table look-ups (microseconds). The solver
    is the process's one (kept in the table registry), so after Release Solver Tables this says False again."""
    from solvers.pocket.solve import solver_loaded

    return solver_loaded(DISTANCE_METRIC)


def load_pocket_engine(stop: threading.Event | None = None) -> None:
    """Load (or, the first time on this machine, build and cache) the 2x2 HTM God's table. Blocking: about a
    second to build, milliseconds to load; run it in a worker. `stop` is accepted for the worker's signature."""
    from solvers.pocket.solve import solver

    solver(DISTANCE_METRIC)


def distance_to_solved(state: CubeState) -> int | None:
    """Exact HTM distance of a 2x2 state to solved (any orientation counts); None for the 3x3, or while the
    2x2 engine is not loaded yet (see `load_pocket_engine`)."""
    if state.size != 2 or not pocket_engine_ready():
        return None
    from solvers.pocket.solve import solver

    return solver(DISTANCE_METRIC).distance(state)
