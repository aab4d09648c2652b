"""Run engine work off the GUI thread: `CallWorker` for one blocking call, `GeneratorWorker` for a search generator.

Why QThreads with signals: the engines are plain generators and functions (usable from the CLI); the GUI only
wraps them, and Qt queues each signal to the GUI thread, so no slot ever runs on the worker. Both take a
`threading.Event` the engines poll; the owner keeps the worker until `finished` and must `cancel()` + `wait()`
before it goes away (closing the window included).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

from PyQt6.QtCore import QThread, pyqtSignal

PROGRESS_INTERVAL = 0.05  # seconds between progress signals: the GUI repaints a read-out, not every heartbeat


def lower_thread_priority() -> None:
    """Make the calling thread (and the threads it starts later, such as an engine's search threads) give way to the
    GUI thread without giving way to the rest of the machine: Linux's SCHED_BATCH policy keeps the thread's share of
    the CPU (its nice value) but marks it as CPU-bound work, mildly disfavoured when an interactive thread (the GUI
    thread, woken by an event) wants the CPU. Measured in a window solving beside three busy loops, the event loop's
    worst gaps stayed as they were at nice 10 (76-318 ms against 408 ms).

    Why not a nice value: nice 10 made the search lose to every other process at nice 0 as well, and a 5x5x5 solve
    beside three busy loops took 127-336 s instead of 25-54 s, for the same CPU time (a desktop building something
    would slow it the same way). Elsewhere than Linux this does nothing."""
    policy = getattr(os, "SCHED_BATCH", None)
    if policy is None or not hasattr(os, "sched_setscheduler") or not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError):
        os.sched_setscheduler(threading.get_native_id(), policy, os.sched_param(0))


class CallWorker(QThread):
    """Calls `function(stop_event)` in its own thread; emits `result(value)` or `error(exception)`, and
    `progress(event)` for each `report(event)` the function makes (at most one per PROGRESS_INTERVAL)."""

    result = pyqtSignal(object)
    error = pyqtSignal(object)
    progress = pyqtSignal(object)

    def __init__(self, function: Callable[[threading.Event], Any], parent=None) -> None:
        super().__init__(parent)
        self._function = function
        self.stop_event = threading.Event()
        self._last_progress = 0.0

    def report(self, event: object) -> None:
        """Progress from inside the call (any thread), throttled: the GUI repaints a read-out, not every report."""
        now = time.perf_counter()
        if now - self._last_progress >= PROGRESS_INTERVAL:
            self._last_progress = now
            self.progress.emit(event)

    def run(self) -> None:
        try:
            value = self._function(self.stop_event)
        except Exception as exc:  # reported to the GUI thread, which shows it
            self.error.emit(exc)
            return
        if not self.stop_event.is_set():
            self.result.emit(value)

    def cancel(self) -> None:
        self.stop_event.set()


class GeneratorWorker(QThread):
    """Iterates `factory(stop_event, report)` in its own thread and sorts what it yields into signals.

    - `solution(event)` for every yielded event that `is_solution(event)` accepts (never throttled);
    - `progress(event)` for the other yielded events (the engines pace their own heartbeats), and for
      `report(event)` calls from inside the work (table builds), at most one per PROGRESS_INTERVAL;
    - then exactly one of `completed()`, `cancelled()` or `error(exception)`; QThread's own `finished()` comes last.

    `cancel()` sets the stop event and the loop closes the generator at its next event, which stops the engine's
    threads (the engines' `finally` blocks). An exception raised after `cancel()` counts as a cancel.
    """

    progress = pyqtSignal(object)
    solution = pyqtSignal(object)
    completed = pyqtSignal()
    cancelled = pyqtSignal()
    error = pyqtSignal(object)

    def __init__(
        self,
        factory: Callable[[threading.Event, Callable[[object], None]], Iterator[object]],
        is_solution: Callable[[object], bool],
        parent=None,
    ) -> None:
        super().__init__(parent)
        self._factory = factory
        self._is_solution = is_solution
        self.stop_event = threading.Event()
        self._last_progress = 0.0

    def cancel(self) -> None:
        self.stop_event.set()

    def report(self, event: object) -> None:
        """Progress from inside the work (any thread): throttled like yielded progress."""
        now = time.perf_counter()
        if now - self._last_progress >= PROGRESS_INTERVAL:
            self._last_progress = now
            self.progress.emit(event)

    def run(self) -> None:
        lower_thread_priority()
        generator = None
        try:
            generator = self._factory(self.stop_event, self.report)
            for event in generator:
                if self.stop_event.is_set():
                    break
                if self._is_solution(event):
                    self.solution.emit(event)
                else:
                    self.progress.emit(event)
        except Exception as exc:
            if self.stop_event.is_set():
                self.cancelled.emit()
            else:
                self.error.emit(exc)
            return
        finally:
            if generator is not None and hasattr(generator, "close"):
                generator.close()  # runs the engine's finally: its search threads are stopped and joined
        if self.stop_event.is_set():
            self.cancelled.emit()
        else:
            self.completed.emit()
