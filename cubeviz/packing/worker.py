"""A small generator worker for enumeration: iterates the engine's generator in a QThread and sorts its events
into `progress` and `result` signals, then exactly one of `completed`, `cancelled` or `error`.

Kept inside this package because the shared generator worker of cubeviz.workers had not landed when this was
written; it follows the same contract (a factory taking the stop event and a report callback) so switching later
is a one-line change.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator

from PyQt6.QtCore import QThread, pyqtSignal


class EnumerationWorker(QThread):
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

    def cancel(self) -> None:
        self.stop_event.set()

    def run(self) -> None:
        try:
            for event in self._factory(self.stop_event, self.progress.emit):
                if self.stop_event.is_set():
                    break
                (self.solution if self._is_solution(event) else self.progress).emit(event)
        except Exception as exc:  # shown by the GUI thread
            (self.cancelled.emit() if self.stop_event.is_set() else self.error.emit(exc))
            return
        (self.cancelled if self.stop_event.is_set() else self.completed).emit()
