"""The solve's live read-out: search depth, nodes/s, best length so far, time left, the proof mark, table builds.

Why a widget of its own: the engines report in three shapes (table progress, search heartbeats, proof lines) and
the user should read them in one place, in words, while the cube stays usable.
"""

from __future__ import annotations

from PyQt6.QtWidgets import QLabel, QProgressBar, QSizePolicy, QVBoxLayout, QWidget

from cubeviz.solve.engines import Solution, SolverChoice, TableProgress

PROOF_MARK = "\N{CHECK MARK}"


def format_rate(nodes_per_s: float) -> str:
    """Nodes per second, readable: 950 /s, 12.3 k/s, 48.1 M/s."""
    for scale, unit in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if nodes_per_s >= scale:
            return f"{nodes_per_s / scale:.1f} {unit}/s"
    return f"{nodes_per_s:.0f} /s"


def format_eta(seconds: float | None) -> str:
    if seconds is None:
        return "unknown"
    if seconds < 60:
        return f"{seconds:.0f} s"
    if seconds < 3600:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def steady_label(label: QLabel, lines: int = 2) -> None:
    """A wrapped label whose text never resizes the dock: on llvmpipe a relayout re-renders the 3D view, which
    stalls the event loop far longer than the text change itself."""
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    label.setFixedHeight(label.fontMetrics().lineSpacing() * lines + 4)


def keep_layout(widget: QWidget) -> None:
    """Hiding `widget` leaves its space in the layout (no relayout when it comes and goes)."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)


class ProgressPanel(QWidget):
    """Labels for the run (status, search figures, best solution) and a bar shown while a table loads or builds."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.status = QLabel("Press Solve (Ctrl+Return) to solve the cube shown.")
        self.search = QLabel()
        self.best = QLabel()
        self.table_bar = QProgressBar()
        self.table_bar.setRange(0, 1000)
        self.table_bar.setTextVisible(True)
        keep_layout(self.table_bar)
        self.table_bar.hide()
        for label in (self.status, self.search, self.best):
            steady_label(label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.status, self.table_bar, self.search, self.best):
            layout.addWidget(widget)
        self._choice: SolverChoice | None = None
        self._best: Solution | None = None
        self._proofs: list[int] = []

    def on_started(self, choice: SolverChoice) -> None:
        self._choice, self._best, self._proofs = choice, None, []
        self.status.setText(f"Solving: {choice.size}x{choice.size} {choice.text}...")
        self.search.setText("")
        self.best.setText("")

    def on_progress(self, event: object) -> None:
        if isinstance(event, TableProgress):
            self.table_bar.show()
            self.table_bar.setValue(int(event.fraction * 1000))
            self.table_bar.setFormat(f"Tables: {event.message} (%p%)")
            return
        self.table_bar.hide()
        if hasattr(event, "nodes_per_s"):  # DepthProgress
            best = "none yet" if event.best_length is None else str(event.best_length)
            if self._best is not None:
                best = str(self._best.length)
            eta = "" if event.eta is None else f" \N{MIDDLE DOT} ETA for depth {event.depth}: {format_eta(event.eta)}"
            self.search.setText(
                f"Depth {event.depth} \N{MIDDLE DOT} {event.nodes:,} nodes \N{MIDDLE DOT} "
                f"{format_rate(event.nodes_per_s)} \N{MIDDLE DOT} best {best}{eta} \N{MIDDLE DOT} {event.elapsed:.1f} s"
            )
        elif hasattr(event, "nodes_at_depth"):  # DepthExhausted: a proof line
            self._proofs.append(event.depth)
            self.status.setText(f"No solution of length {event.depth} exists ({event.elapsed:.1f} s); searching on...")

    def on_found(self, solution: Solution) -> None:
        self.table_bar.hide()
        self._best = solution
        mark = f" {PROOF_MARK} proven optimal" if solution.proven_optimal else ""
        self.best.setText(f"Best: {solution.length} {solution.metric.upper()} ({solution.elapsed:.2f} s){mark}")

    def on_ended(self, status: str) -> None:
        self.table_bar.hide()
        if status == "cancelled":
            self.status.setText("Solve cancelled." + (" The best solution so far is kept." if self._best else ""))
        elif status:
            self.status.setText(f"No solution: {status}")
        elif self._best is not None:
            proven = "proven optimal" if self._best.proven_optimal else "not proven optimal"
            self.status.setText(f"Solved: {self._best.length} moves ({self._best.metric.upper()}, {proven}).")
        else:
            self.status.setText("The search ended without a solution.")
