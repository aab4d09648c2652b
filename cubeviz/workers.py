"""Run a blocking engine call off the GUI thread: a QThread with result / error signals and a stop event.

Deliberately small; the solver worker of the solution player (issue 7) can grow this into a generator worker
with progress. The owner keeps the worker until `finished` and must `cancel()` + `wait()` on shutdown.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PyQt6.QtCore import QThread, pyqtSignal


class CallWorker(QThread):
    """Calls `function(stop_event)` in its own thread; emits `result(value)` or `error(exception)`."""

    result = pyqtSignal(object)
    error = pyqtSignal(object)

    def __init__(self, function: Callable[[threading.Event], Any], parent=None) -> None:
        super().__init__(parent)
        self._function = function
        self.stop_event = threading.Event()

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
