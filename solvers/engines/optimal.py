"""The 3x3x3 proven-optimal engine behind a request: the tables of the request's tier loaded (or built) and its
kernels warmed (a `Prepared` event), then the IDA* search's events; `limits.max_time` counts from the search's
start, so a first run's table build does not use it up."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from solvers.engines.request import RequestError, SolveRequest, time_limit


def events(request: SolveRequest) -> Iterator[object]:
    """NotEnoughMemory (before anything is loaded) when the machine cannot hold the tier's tables; RequestError
    for a heuristic no plan is registered under."""
    from solvers.rubik.optimal import UnknownHeuristic, optimal, plan_of
    from solvers.rubik.preparation import prepare_search
    from solvers.rubik.rubik_tables import default_tables
    from solvers.rubik.table_tiers import tier_heuristic

    state = request.cube()
    heuristic = request.heuristic or tier_heuristic(request.tables, request.metric)
    try:
        plan_of(heuristic, request.metric)
    except UnknownHeuristic as error:
        raise RequestError(str(error)) from None
    tables = default_tables()
    metric = request.metric
    yield prepare_search(tables, request.tell, request.stop, optimal=True, metric=metric, heuristic=heuristic)
    options: dict[str, Any] = {"n_threads": request.threads}
    if request.limits.max_length is not None:
        options["max_length"] = request.limits.max_length
    with time_limit(request):
        yield from optimal(state, metric=metric, heuristic=heuristic, stop=request.stop, tables=tables, **options)
