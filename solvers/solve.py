"""One way in to every cube solver: build a `SolveRequest`, iterate `solve(request)`, dispatch on the event types.

The events are the engines' own (`solvers.engine` kinds: `rubik.events`, `nxn.events`, `engines.gods_table`),
preceded for the 2x2x2 and 3x3x3 by a `Prepared` event once the tables are loaded. Setting `request.stop` ends the
search within a fraction of a second.
"""

from __future__ import annotations

from collections.abc import Iterator

from solvers.engine import SearchCancelled, Solution
from solvers.engines.registry import ENGINES, Engine, engine_for
from solvers.engines.request import Limits, RequestError, SolveRequest

__all__ = ["ENGINES", "Engine", "Limits", "RequestError", "SolveRequest", "best_solution", "engine_for", "solve"]


def solve(request: SolveRequest) -> Iterator[object]:
    """The events of the engine the registry picks for `request` (RequestError at once when none takes it)."""
    return engine_for(request).events(request)


def best_solution(request: SolveRequest) -> Solution | None:
    """Blocking helper: the last solution `solve(request)` yields (every engine yields its best last), or None
    when the request was stopped before any."""
    best = None
    try:
        for event in solve(request):
            if isinstance(event, Solution):
                best = event
    except SearchCancelled:
        pass
    return best
