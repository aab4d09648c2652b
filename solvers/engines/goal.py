"""The goal engine behind a request: the shortest ways from a 3x3x3 state to a goal (a masked cube), the best
one or every optimal one up to `limits.solutions`.

The one rule for a first, unproven answer: a goal of more than UPPER_BOUND_PIECES pieces takes seconds to prove,
so a two-phase answer comes first, unless the request lists every optimal solution without a time limit (the
list waits for the proof anyway, and a best-so-far is only shown when the time runs out).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from solvers.engines.request import Limits, SolveRequest, time_limit

if TYPE_CHECKING:
    from solvers.goals.goal import Goal


def wants_upper_bound(goal: Goal, limits: Limits) -> bool:
    """Whether the search should start with a two-phase answer (see the module's docstring)."""
    from solvers.goals.search import UPPER_BOUND_PIECES

    return len(goal.constrained) > UPPER_BOUND_PIECES and (limits.solutions is None or limits.max_time is not None)


def events(request: SolveRequest) -> Iterator[object]:
    from solvers.goals.search import goal_search

    goal = request.goal
    assert goal is not None  # the registry sends only goal requests here
    state = request.cube()
    limits = request.limits
    options: dict[str, Any] = {"limit": limits.solutions} if limits.solutions is not None else {}
    bounded = wants_upper_bound(goal, limits)
    with time_limit(request):
        yield from goal_search(state, goal, request.metric, stop=request.stop, upper_bound=bounded, **options)
