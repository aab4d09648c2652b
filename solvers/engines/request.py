"""A solve request: what to solve (a cube state, an optional goal), with which solver, metric and tables, within
which limits, and the flag that stops it. Plain data: every front end (the command line, a cluster task, the app)
builds one and reads the same engine events back."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Union

from solvers.engine import Metric, as_metric
from solvers.rubik.table_tiers import TableTier

if TYPE_CHECKING:
    from solvers.cube.state import CubeState
    from solvers.goals.goal import Goal
    from solvers.nxn.state import NxNState

Puzzle = Union["CubeState", "NxNState"]
"""A 2x2x2 or 3x3x3 is a `CubeState`, a larger cube an `NxNState`."""

Report = Callable[[object], None]
"""Receives what a search's preparation reports while it blocks (TableProgress, CompileProgress)."""


class RequestError(ValueError):
    """No engine takes this request (a puzzle size or solver no engine handles); one line a person can act on."""


@dataclass(frozen=True)
class Limits:
    """How far a search may go. None: the engine's own default.

    `max_time`: seconds; the two-phase search keeps improving this long, the other searches give up after it
    (their table loading is not counted). `max_length`: the longest solution worth finding. `solutions`: list
    every optimal solution up to this many (goal searches; the 2x2 also counts them all); None: the best only.
    """

    max_time: float | None = None
    max_length: int | None = None
    solutions: int | None = None

    def __post_init__(self) -> None:
        if self.max_time is not None and not self.max_time > 0:
            raise ValueError(f"max_time must be above 0 seconds, not {self.max_time}")
        if self.max_length is not None and self.max_length < 0:
            raise ValueError(f"max_length must be 0 or more, not {self.max_length}")
        if self.solutions is not None and self.solutions < 1:
            raise ValueError(f"solutions must be at least 1, not {self.solutions}")


@dataclass(frozen=True)
class SolveRequest:
    """One solve. `solver` names the engine wanted where a puzzle has more than one (the 3x3x3: "twophase" or
    "optimal"); None, or a puzzle with a single engine, takes the puzzle's own (see `solvers.engines.registry`).
    `heuristic` overrides the one the `tables` tier means (tests and benchmarks). `threads`: None for the engine's
    default. `report` receives what the preparation reports while it blocks (TableProgress, CompileProgress).
    `stop` is this request's own flag: setting it ends the search, and a `max_time` limit sets it too, so a
    request serves one solve."""

    state: Puzzle
    solver: str | None = None
    goal: Goal | None = None
    metric: Metric = Metric.HTM
    tables: TableTier = TableTier.STANDARD
    heuristic: str | None = None
    limits: Limits = Limits()
    threads: int | None = None
    stop: threading.Event = field(default_factory=threading.Event, compare=False, repr=False)
    report: Report | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "metric", as_metric(self.metric))
        object.__setattr__(self, "tables", TableTier(self.tables))
        if self.threads is not None and self.threads < 1:
            raise ValueError(f"threads must be at least 1, not {self.threads}")

    @property
    def size(self) -> int:
        return self.state.size

    def cube(self) -> CubeState:
        """The state as a 2x2x2 or 3x3x3 `CubeState` (what those engines read)."""
        from solvers.cube.state import CubeState

        if not isinstance(self.state, CubeState):
            raise RequestError(f"a {self.size}x{self.size}x{self.size} state given as stickers, not cubies")
        return self.state

    def big_cube(self) -> NxNState:
        """The state as an `NxNState` (what the big-cube engine reads)."""
        from solvers.nxn.state import NxNState

        if not isinstance(self.state, NxNState):
            raise RequestError(f"the big-cube solver reads stickers; a {self.size}x{self.size}x{self.size} came")
        return self.state

    def tell(self, event: object) -> None:
        """Pass what the preparation reports to `report` (nothing without one)."""
        if self.report is not None:
            self.report(event)


@contextmanager
def time_limit(request: SolveRequest) -> Iterator[None]:
    """Within the block, `request.limits.max_time` seconds set the request's stop flag (nothing without a limit).
    An engine opens it where its limit starts to count (after loading its tables, for the optimal search)."""
    seconds = request.limits.max_time
    timer = threading.Timer(seconds, request.stop.set) if seconds is not None else None
    if timer is not None:
        timer.daemon = True
        timer.start()
    try:
        yield
    finally:
        if timer is not None:
            timer.cancel()
