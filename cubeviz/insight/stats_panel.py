"""Statistics: the 2x2 God's-table histograms (HTM, QTM, F/R/U) with the current cube's distance marked, and the
lengths of this session's 3x3 solutions. The tables load in a worker; the charts fill in when they arrive.
"""

from __future__ import annotations

from PyQt6.QtWidgets import QCheckBox, QGridLayout, QHBoxLayout, QLabel, QVBoxLayout, QWidget

from cubeviz.insight.histogram_plot import HistogramPlot
from cubeviz.insight.session_solves import SessionSolves
from cubeviz.insight.worker import ProgressWorker, stop_worker
from cubeviz.models.cube_model import CubeModel

METRICS = (
    ("htm", "2x2 HTM (face turns)"),
    ("qtm", "2x2 QTM (quarter turns)"),
    ("fru", "2x2 F/R/U (quarter and half turns)"),
)


def load_histograms(progress, stop) -> dict[str, list[int]]:
    """Every metric's depth histogram (builds a missing God's table: about a second each)."""
    from solvers.pocket import depth_histogram

    result = {}
    for i, (metric, _title) in enumerate(METRICS):
        result[metric] = depth_histogram(metric, lambda f, m, i=i: progress((i + f) / len(METRICS), m))
    return result


class StatsPanel(QWidget):
    """Three 2x2 histograms and the 3x3 session chart; `log_box` switches all four to a log scale."""

    def __init__(self, model: CubeModel, session: SessionSolves, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.session = session
        self.histograms: dict[str, list[int]] = {}
        self._worker: ProgressWorker | None = None
        self.log_box = QCheckBox("Log scale", self)
        self.log_box.setToolTip("Counts on a logarithmic axis: the rare short and long distances become visible")
        self.status = QLabel("", self)
        self.status.setWordWrap(True)  # a long line would set the page's minimum width and squeeze the docks
        self.plots = {metric: HistogramPlot(title, "distance from solved", self) for metric, title in METRICS}
        self.session_plot = HistogramPlot("3x3: 0 solves", "moves (HTM)", self)
        self.session_plot.empty_text.setText("no 3x3 solves yet")
        top = QHBoxLayout()
        top.addWidget(self.log_box)
        top.addWidget(self.status, 1)
        grid = QGridLayout()
        for i, plot in enumerate([*self.plots.values(), self.session_plot]):
            grid.addWidget(plot, i // 2, i % 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(grid, 1)
        self.log_box.toggled.connect(self._set_log)
        model.changed.connect(self.refresh_marks)
        session.changed.connect(self._session_changed)
        self._session_changed()

    def load(self) -> None:
        """Start loading the tables (once); safe to call again."""
        if self.histograms or self._worker is not None:
            return
        self.status.setText("Loading the 2x2 God's tables...")
        worker = ProgressWorker(load_histograms, self)
        worker.progress.connect(lambda _value, message: self.status.setText(message))
        worker.result.connect(self._loaded)
        worker.error.connect(lambda exc: self.status.setText(f"The 2x2 tables could not be loaded: {exc}"))
        worker.finished.connect(self._worker_done)
        self._worker = worker
        worker.start()

    def wait(self) -> None:
        if self._worker is not None:
            self._worker.wait()

    def stop(self) -> None:
        stop_worker(self._worker)

    def current_distances(self) -> dict[str, int | None]:
        """The shown cube's distance in each metric (None for a 3x3 or before the tables are in)."""
        if self.model.size != 2 or not self.histograms:
            return dict.fromkeys(self.plots)
        from solvers.pocket import solver

        return {metric: solver(metric).distance(self.model.state) for metric in self.plots}

    def refresh_marks(self) -> None:
        for metric, distance in self.current_distances().items():
            self.plots[metric].set_marked(distance)
        if self.histograms:
            where = (
                "the current cube's distance is marked in orange"
                if self.model.size == 2
                else "switch to the 2x2 to see the current cube's distance marked"
            )
            self.status.setText(f"3,674,160 positions of the 2x2; {where}.")

    def _loaded(self, histograms: dict[str, list[int]]) -> None:
        self.histograms = histograms
        for metric, counts in histograms.items():
            self.plots[metric].set_counts(counts)
        self.refresh_marks()

    def _worker_done(self) -> None:
        if self._worker is not None:
            self._worker.deleteLater()
        self._worker = None

    def _set_log(self, on: bool) -> None:
        for plot in [*self.plots.values(), self.session_plot]:
            plot.set_log(on)

    def _session_changed(self) -> None:
        self.session_plot.set_counts(self.session.histogram())
        lengths = self.session.lengths
        mean = f", mean {sum(lengths) / len(lengths):.2f}" if lengths else ""
        self.session_plot.set_title(f"3x3: {len(lengths)} solves{mean}")
