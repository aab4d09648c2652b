"""The 3x3x3 two-phase engine behind a request, counting face turns (HTM) whatever the request's metric: tables and
kernels prepared (a `Prepared` event), then the search's progress and each shorter solution for
`limits.max_time` seconds (or until one is proven optimal)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from solvers.engines.request import SolveRequest

DEFAULT_IMPROVE_SECONDS = 1.0  # without max_time, the search keeps improving this long (or until proven)
DEFAULT_VARIANTS = 6  # searches on the cube's three axes, as it is and inverted


def events(request: SolveRequest) -> Iterator[object]:
    from solvers.rubik.preparation import prepare_search
    from solvers.rubik.rubik_tables import default_tables
    from solvers.rubik.twophase import twophase

    state = request.cube()
    tables = default_tables()  # the process's, shared with every other 3x3x3 search
    yield prepare_search(tables, request.tell, request.stop)
    options: dict[str, Any] = {"n_variants": request.threads or DEFAULT_VARIANTS}
    if request.limits.max_length is not None:
        options["max_length"] = request.limits.max_length
    seconds = request.limits.max_time or DEFAULT_IMPROVE_SECONDS
    yield from twophase(state, max_time=seconds, stop=request.stop, tables=tables, **options)
