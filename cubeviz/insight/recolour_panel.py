"""Recoloured 2x2 cubes: count the distinct states of the colouring painted in the net editor's free
colouring mode, up to whole-cube rotation, in a worker with a progress bar; show the count and its depth histogram.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QCheckBox, QComboBox, QGridLayout, QLabel, QProgressBar, QPushButton, QVBoxLayout, QWidget

from cubeviz.insight.histogram_plot import HistogramPlot
from cubeviz.insight.worker import PROGRESS_STEPS, ProgressWorker, stop_worker

if TYPE_CHECKING:
    from cubeviz.feature_host import NetEditing

BLANK = "?"
N_STICKERS = 24


def colouring_problem(colouring: str) -> str:
    """Why a colouring cannot be counted ("" if it can)."""
    if len(colouring) != N_STICKERS:
        return "Switch the editor to free colouring of the 2x2x2 to paint a colouring."
    blanks = colouring.count(BLANK)
    if blanks:
        return f"{blanks} sticker{'s are' if blanks > 1 else ' is'} still blank: paint every sticker first."
    return ""


class RecolourPanel(QWidget):
    """`count(colouring)` runs the engine's `count_recoloured`; `counted(int, list)` carries count and histogram."""

    counted = pyqtSignal(int, list)

    def __init__(self, editor: NetEditing | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.editor = editor  # what the cube editor offers (its free colouring), when the editor is installed
        self.colouring = ""
        self.result: tuple[int, list[int]] | None = None
        self._worker: ProgressWorker | None = None
        self.paint_button = QPushButton("Paint in Editor", self)
        self.paint_button.setToolTip("Switch the net editor to free colouring of the 2x2 and show it")
        self.paint_button.setEnabled(editor is not None)
        self.metric_box = QComboBox(self)
        self.metric_box.addItem("HTM", "htm")
        self.metric_box.addItem("QTM", "qtm")
        self.count_button = QPushButton("Count States", self)
        self.cancel_button = QPushButton("Cancel", self)
        self.cancel_button.setEnabled(False)
        self.log_box = QCheckBox("Log scale", self)
        self.colouring_label = QLabel(self)
        self.colouring_label.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, PROGRESS_STEPS)
        self.message = QLabel(self)
        self.message.setWordWrap(True)
        self.plot = HistogramPlot("Recoloured cube: states by distance", "fewest moves from the solved colouring", self)
        controls = QGridLayout()
        controls.addWidget(self.paint_button, 0, 0)
        controls.addWidget(QLabel("Metric:", self), 0, 1)
        controls.addWidget(self.metric_box, 0, 2)
        controls.addWidget(self.count_button, 0, 3)
        controls.addWidget(self.cancel_button, 0, 4)
        controls.addWidget(self.log_box, 0, 5)
        layout = QVBoxLayout(self)
        layout.addLayout(controls)
        layout.addWidget(self.colouring_label)
        layout.addWidget(self.progress)
        layout.addWidget(self.message)
        layout.addWidget(self.plot, 1)
        self.count_button.clicked.connect(lambda: self.count(self.colouring))
        self.cancel_button.clicked.connect(self.cancel)
        self.log_box.toggled.connect(self.plot.set_log)
        if editor is not None:
            self.paint_button.clicked.connect(editor.start_recolouring)
            editor.colouring_changed.connect(self.set_colouring)
            if editor.recolouring():
                self.set_colouring(editor.colouring())
        self.set_colouring(self.colouring)

    def set_colouring(self, colouring: str) -> None:
        """The colouring to count (letters in facelet order U R F D L B, as the editor's `colouring()` gives)."""
        self.colouring = colouring
        problem = colouring_problem(colouring)
        shown = " ".join(colouring[i : i + 4] for i in range(0, len(colouring), 4)) if colouring else "none yet"
        self.colouring_label.setText(f"Colouring (U R F D L B faces): {shown}")
        self.count_button.setEnabled(not problem and self._worker is None)
        self.message.setText(problem or "Ready to count.")

    def count(self, colouring: str) -> bool:
        """Start counting in a worker; False (with the reason shown) if the colouring cannot be counted."""
        problem = colouring_problem(colouring)
        if problem or self._worker is not None:
            self.message.setText(problem or "A count is already running.")
            return False
        self.colouring = colouring
        metric = self.metric_box.currentData()
        from solvers.pocket import count_recoloured

        worker = ProgressWorker(lambda progress, stop: count_recoloured(colouring, progress, metric, stop), self)
        worker.progress.connect(self._progress)
        worker.result.connect(self._done)
        worker.error.connect(self._failed)
        worker.finished.connect(self._worker_done)
        self._worker = worker
        self.count_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.progress.setValue(0)
        self.message.setText("Counting (3,674,160 positions, each seen from 24 sides)...")
        worker.start()
        return True

    def cancel(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            self.message.setText("Cancelled.")

    def stop(self) -> None:
        stop_worker(self._worker)

    def wait(self) -> None:
        if self._worker is not None:
            self._worker.wait()

    def _progress(self, value: int, message: str) -> None:
        self.progress.setValue(value)
        if message:
            self.message.setText(message)

    def _done(self, result: tuple[int, list[int]]) -> None:
        count, histogram = result
        self.result = (count, histogram)
        self.progress.setValue(PROGRESS_STEPS)
        self.message.setText(
            f"{count:,} distinct states up to whole-cube rotation; the farthest are {len(histogram) - 1} moves "
            f"({self.metric_box.currentText()}) from the solved colouring."
        )
        self.plot.set_counts(histogram)
        self.counted.emit(count, histogram)

    def _failed(self, exc: Exception) -> None:
        cancelled = self._worker is not None and self._worker.stop_event.is_set()
        self.message.setText("Cancelled." if cancelled else f"Counting failed: {exc}")

    def _worker_done(self) -> None:
        if self._worker is not None:
            self._worker.deleteLater()
        self._worker = None
        self.cancel_button.setEnabled(False)
        self.count_button.setEnabled(not colouring_problem(self.colouring))
