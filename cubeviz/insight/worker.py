"""A QThread that runs `function(progress, stop)` and reports progress as 0..1000 for a QProgressBar.

The insight jobs (counting a recolouring, loading tables, encoding frames) are blocking calls that take a progress
callback, not generators, so `cubeviz.workers.GeneratorWorker` does not fit them; this adds a progress signal to
the shared `CallWorker` (same result / error / cancel contract) instead.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Any

from PyQt6.QtCore import QThread, pyqtSignal

from cubeviz.workers import CallWorker, GeneratorWorker

PROGRESS_STEPS = 1000

ProgressCallback = Callable[[float, str], None]


class ProgressWorker(CallWorker):
    """Calls `function(progress, stop)`; `progress(fraction, message)` becomes the `progress(int, str)` signal.

    The callback is bound in `run`, not in a closure made in `__init__`: a closure holding `self` would keep the
    Python wrapper alive in a reference cycle after Qt deleted the thread object.
    """

    progress = pyqtSignal(int, str)

    def __init__(self, function: Callable[[ProgressCallback, threading.Event], Any], parent=None) -> None:
        super().__init__(function, parent)
        self._with_progress = function

    def run(self) -> None:
        self._function = partial(self._with_progress, self._report)
        try:
            super().run()
        finally:
            self._function = self._with_progress  # drop the bound method: no cycle through self

    def _report(self, fraction: float, message: str = "") -> None:
        self.progress.emit(int(max(0.0, min(1.0, fraction)) * PROGRESS_STEPS), message)


def stop_worker(worker: QThread | None) -> None:
    """Cancel (if it can be) and wait for a worker: owners call this on close and before starting a new one."""
    if worker is None:
        return
    if isinstance(worker, CallWorker | GeneratorWorker):  # the workers that can be asked to stop
        worker.cancel()
    worker.wait()
