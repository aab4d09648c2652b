"""A long Python search's stop flag and progress, looked at every few hundred steps: what lets a viewer's worker
cancel a search for a player (taking apart, assembly order) at once and show how far it has gone."""

from __future__ import annotations

from collections.abc import Callable

from solvers.engine import SearchCancelled, StopFlag

POLL_STATES = 256  # steps between two looks at the stop flag (a few milliseconds of any of the searches)


class Watch:
    """Called once per step of a search: every ``every`` steps (POLL_STATES unless given) raises SearchCancelled
    when ``stop`` is set, else tells ``progress`` the steps taken so far. Looking at the flag at every step would
    cost more than the step itself."""

    def __init__(
        self,
        stop: StopFlag | None,
        progress: Callable[[int], None] | None = None,
        what: str = "search stopped",
        every: int | None = None,
    ) -> None:
        self._stop = stop
        self._progress = progress
        self._what = what
        self._every = POLL_STATES if every is None else every
        self.steps = 0

    def __call__(self) -> None:
        self.steps += 1
        if self.steps % self._every == 0:
            if self._stop is not None and self._stop.is_set():
                raise SearchCancelled(self._what)
            if self._progress is not None:
                self._progress(self.steps)
