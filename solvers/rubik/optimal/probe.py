"""Short two-phase searches between the optimal search's bounds: an upper bound that can end the search early.

Why: an IDA* bound is exhausted only by visiting its whole tree, and a typical random cube's last bound (18
moves) costs ten times the one before it, while the first solution in it turns up anywhere in that tree. Once
bound b - 1 is proven empty, any solution of b moves is optimal, whoever found it; the two-phase solver finds
one of a random cube's 18-move solutions in a second or two more often than not, and when it does the optimal
search can stop as soon as bound 17 is exhausted. So before each costly bound the probe gets a small share of
that bound's expected time; a probe that finds nothing costs that share and nothing more.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

from solvers.cube.state import CubeState
from solvers.engine import SearchCancelled
from solvers.rubik.events import DepthProgress, MoveSolution
from solvers.rubik.rubik_tables import RubikTables
from solvers.rubik.twophase import twophase

PROBE_SHARE = 0.05  # of the next bound's expected time
PROBE_MIN_SECONDS = 1.0  # bounds expected to be cheaper than this are searched without a probe


class UpperBoundProbe:
    """The shortest solution that two-phase probes have found so far for one cube (HTM)."""

    def __init__(self, state: CubeState, tables: RubikTables, stop: threading.Event | None) -> None:
        self._state = state
        self._tables = tables
        self._stop = stop
        self.best: MoveSolution | None = None
        self.seconds = 0.0  # time spent probing, for the reports

    @property
    def length(self) -> int | None:
        return None if self.best is None else self.best.length

    def worth_probing(self, bound: int, expected_seconds: float | None) -> bool:
        """A probe pays only before a costly bound that a shorter known solution does not already settle."""
        if expected_seconds is None or expected_seconds < PROBE_MIN_SECONDS:
            return False
        return self.best is None or self.best.length > bound

    def run(self, target: int, seconds: float, search_state: tuple[int, float, float]) -> Iterator[DepthProgress]:
        """Search for a solution of at most `target` moves for about `seconds`, keeping any shorter one found on
        the way. While it runs it yields the optimal search's progress, (nodes, nodes/s, start time) in
        `search_state`, with `target` as the depth and the probe's best length. Raises SearchCancelled when the
        caller's stop is set."""
        nodes, rate, search_started = search_state
        search = twophase(self._state, target_length=target, max_time=seconds, stop=self._stop, tables=self._tables)
        started = time.perf_counter()
        try:
            for event in search:
                if isinstance(event, MoveSolution):
                    if self.best is None or event.length < self.best.length:
                        self.best = event
                elif isinstance(event, DepthProgress):
                    yield DepthProgress(target, nodes, rate, time.perf_counter() - search_started, None, self.length)
        finally:
            search.close()
            self.seconds += time.perf_counter() - started
        if self._stop is not None and self._stop.is_set():
            raise SearchCancelled("optimal search cancelled")
