"""The player's searches, off the GUI thread: the shown solution's taking-apart moves (a BurrTools problem's search
may look at two million states, seconds of work) or its assembly order (seconds for a dozen interlocking pieces) are
found in a `CallWorker`, with the steps searched as progress, and Cancel. Starting a search for another solution
cancels the one running.

A cancelled worker is let finish on its own (it stops at its next look at the stop flag, a few milliseconds for
the searches that poll it) and kept until it has, so no QThread is dropped while running; `shutdown()` waits for
every one."""

from __future__ import annotations

import threading
from collections.abc import Callable

from PyQt6.QtCore import QObject, pyqtSignal

from cubeviz.workers import CallWorker, lower_thread_priority
from solvers.engine import SearchCancelled
from solvers.packing.assembly import AssemblyStep
from solvers.packing.disassembly import Disassembly

Report = Callable[[int], None]
ApartWork = Callable[[threading.Event, Report], Disassembly | None]  # (stop, progress(states)) -> the play
OrderWork = Callable[[threading.Event, Report], list[AssemblyStep]]  # (stop, progress(steps)) -> the order


class ApartSearch(QObject):
    """One kind of search at a time (taking apart or assembly order). Signals: `found(object)`, the answer of the
    search asked last, `progress(int)` (steps searched), `failed(str)`, `busy(bool)`."""

    found = pyqtSignal(object)
    progress = pyqtSignal(int)
    failed = pyqtSignal(str)
    busy = pyqtSignal(bool)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.worker: CallWorker | None = None
        self._retired: list[CallWorker] = []  # cancelled, still finishing

    @property
    def running(self) -> bool:
        return self.worker is not None

    @property
    def finishing(self) -> int:
        """Cancelled workers not yet ended."""
        return len(self._retired)

    def start(self, work: ApartWork | OrderWork) -> None:
        """Search in a worker (cancelling any search still running)."""
        self.cancel()
        holder: list[CallWorker] = []

        def call(stop: threading.Event) -> object:
            lower_thread_priority()  # the GUI thread keeps its share of the CPU (and of the interpreter)
            return work(stop, lambda states: holder[0].report(states))

        worker = CallWorker(call, self)
        holder.append(worker)
        worker.result.connect(lambda value, w=worker: self._result(w, value))
        worker.error.connect(lambda exc, w=worker: self._error(w, exc))
        worker.progress.connect(lambda states, w=worker: self.progress.emit(states) if w is self.worker else None)
        worker.finished.connect(lambda w=worker: self._ended(w))
        self.worker = worker
        worker.start()
        self.busy.emit(True)

    def cancel(self) -> None:
        """Stop the running search; its answer, if it still comes, is dropped."""
        worker, self.worker = self.worker, None
        if worker is None:
            return
        worker.cancel()
        self._retired.append(worker)
        self.busy.emit(False)

    def shutdown(self) -> None:
        """Cancel and wait for every worker (closing the window)."""
        self.cancel()
        for worker in list(self._retired):
            worker.wait()

    def _result(self, worker: CallWorker, value: object) -> None:
        if worker is self.worker:
            self.found.emit(value)

    def _error(self, worker: CallWorker, exc: Exception) -> None:
        if worker is self.worker and not isinstance(exc, SearchCancelled):
            self.failed.emit(str(exc))

    def _ended(self, worker: CallWorker) -> None:
        if worker in self._retired:
            self._retired.remove(worker)
        if worker is self.worker:
            self.worker = None
            self.busy.emit(False)
        worker.deleteLater()
