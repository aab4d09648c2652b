"""The engines a solve request can run, and the one rule that picks an engine for a request.

Each line names an engine, the module holding its `events(request)` generator (imported only when a request
needs it: numba compiles on first use), the cube sizes it takes and whether it reaches goals. For a puzzle with
several engines, the first listed is its default.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import cast

from solvers.engines.request import RequestError, SolveRequest

EventsFn = Callable[[SolveRequest], Iterator[object]]
BIG_SIZES = range(4, 1001)  # the big-cube solver refuses what it cannot do in time itself, with its own words


@dataclass(frozen=True)
class Engine:
    """One registered engine: `name` is what a request's `solver` says, `module` defines `events(request)`."""

    name: str
    module: str
    sizes: range
    goals: bool = False

    def events(self, request: SolveRequest) -> Iterator[object]:
        function = cast(EventsFn, importlib.import_module(self.module).events)
        return function(request)


ENGINES = (
    Engine("gods-table", "solvers.engines.gods_table", range(2, 3)),
    Engine("twophase", "solvers.engines.twophase", range(3, 4)),
    Engine("optimal", "solvers.engines.optimal", range(3, 4)),
    Engine("goal", "solvers.engines.goal", range(3, 4), goals=True),
    Engine("reduction", "solvers.engines.reduction", BIG_SIZES),
)


def engines_for(size: int, goals: bool = False) -> list[Engine]:
    """The engines that take a size-`size` cube (to a goal, or solved whole), the default first."""
    return [engine for engine in ENGINES if size in engine.sizes and engine.goals == goals]


def engine_for(request: SolveRequest) -> Engine:
    """The engine that runs `request`: a goal goes to the goal engine; otherwise the named solver among the
    puzzle's engines, or its only one, or its default when none is named. RequestError when nothing fits."""
    n = request.size
    cube = f"{n}x{n}x{n}"
    found = engines_for(n, goals=request.goal is not None)
    if not found:
        if request.goal is not None:
            raise RequestError(f"goal solves are for the 3x3x3, not the {cube}")
        raise RequestError(f"no solver takes a {cube} cube")
    if request.solver is None or len(found) == 1:
        return found[0]
    for engine in found:
        if engine.name == request.solver:
            return engine
    names = ", ".join(engine.name for engine in found)
    raise RequestError(f"unknown solver {request.solver!r} for the {cube}; choose one of {names}")
