"""An optimal search run on a thread of its own, as the tests that cancel a search drive it."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from solvers.cube.state import CubeState
from solvers.engine import SearchCancelled
from solvers.rubik.optimal import optimal


class SearchThread:
    """`optimal(state, stop=self.stop, **options)` on a thread: every event is kept in `events` (and handed to
    `on_event(self, event)` on that thread), and `cancelled_at` is when SearchCancelled came out of the search."""

    def __init__(
        self, state: CubeState, on_event: Callable[[SearchThread, object], None] | None = None, **options
    ) -> None:
        self.stop = threading.Event()
        self.events: list[object] = []
        self.cancelled_at: float | None = None
        self._state = state
        self._options = options
        self._on_event = on_event
        self._ended = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run)

    def _run(self) -> None:
        try:
            for event in optimal(self._state, stop=self.stop, **self._options):
                self.events.append(event)
                if self._on_event is not None:
                    self._on_event(self, event)
                with self._changed:
                    self._changed.notify_all()
        except SearchCancelled:
            self.cancelled_at = time.perf_counter()
        finally:
            with self._changed:
                self._ended = True
                self._changed.notify_all()

    def start(self) -> None:
        self._thread.start()

    def wait_for(self, wanted: Callable[[object], bool], timeout: float) -> bool:
        """Wait until an event for which `wanted` holds has come, or the search has ended; False on timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: self._ended or any(wanted(e) for e in self.events), timeout)

    def cancel(self) -> float:
        """Ask the search to stop; returns when it was asked (time.perf_counter)."""
        asked = time.perf_counter()
        self.stop.set()
        return asked

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    def is_alive(self) -> bool:
        return self._thread.is_alive()
