"""The solve's read-out: what the solve is doing now, in words and numbers, and nothing stale.

Why a widget of its own: the engines report in three shapes (table progress, search heartbeats, proof lines) and
the user should read them in one place, in words, while the cube stays usable. A solve goes through stages
(building tables, compiling, searching, improving, then proven, finished, cancelled or failed); each has its own
words, and the live search figures are shown only while a search is live: at the end they give way to a summary.
"""

from __future__ import annotations

from enum import Enum

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


class Stage(Enum):
    IDLE = "idle"
    BUILDING = "building tables"
    COMPILING = "compiling"
    SEARCHING = "searching"
    IMPROVING = "improving"
    PROVEN = "proven"
    FINISHED = "finished"  # a best answer, not proven optimal (two-phase's time is up)
    CANCELLED = "cancelled"
    FAILED = "failed"


LIVE_STAGES = (Stage.BUILDING, Stage.COMPILING, Stage.SEARCHING, Stage.IMPROVING)
DOT = " \N{MIDDLE DOT} "


class ProgressPanel(QWidget):
    """Labels for the run (status, search figures, best solution) and a bar shown while a table loads or builds.
    `stage` is the solve's current Stage."""

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
        self.stage = Stage.IDLE
        self._choice: SolverChoice | None = None
        self._best: Solution | None = None
        self._proofs: list[int] = []
        self._figures: tuple[int, float] | None = None  # (nodes, seconds) of the last live search heartbeat

    def on_started(self, choice: SolverChoice) -> None:
        self._choice, self._best, self._proofs, self._figures = choice, None, [], None
        self.stage = Stage.SEARCHING
        self.status.setText(f"Solving: {choice.size}x{choice.size} {choice.text}...")
        self.search.setText("")
        self.best.setText("")

    def on_progress(self, event: object) -> None:
        if self.stage not in LIVE_STAGES:
            return  # a heartbeat queued before the end: the run is over, its figures are not live any more
        if isinstance(event, TableProgress):
            self._show_table(event)
            return
        self.table_bar.hide()
        if hasattr(event, "nodes_per_s"):  # DepthProgress
            self._show_search(event)
        elif hasattr(event, "nodes_at_depth"):  # DepthExhausted: a proof line
            self._proofs.append(event.depth)
            self.status.setText(f"No solution of length {event.depth} exists ({event.elapsed:.1f} s); searching on...")

    def _show_table(self, event: TableProgress) -> None:
        self.stage = Stage.BUILDING
        self.table_bar.show()
        self.table_bar.setValue(int(event.fraction * 1000))
        self.table_bar.setFormat(f"Tables: {event.message} (%p%)")
        self.status.setText("Preparing the tables (built once, then loaded from the cache)...")
        self.search.setText("")

    def _show_search(self, event) -> None:
        if event.nodes == 0 and self._best is None:  # the kernel has not started: it is being compiled or loaded
            self.stage = Stage.COMPILING
            self.status.setText("Compiling the search for this machine (first run only, cached afterwards)...")
            self.search.setText(f"Waiting for the compiler: {event.elapsed:.1f} s")
            return
        if self.stage is not Stage.IMPROVING:
            self.stage = Stage.SEARCHING
            self.status.setText(f"Searching: {self._choice.text if self._choice else 'solver'}...")
        self._figures = (event.nodes, event.elapsed)
        best = "none yet" if event.best_length is None else str(event.best_length)
        if self._best is not None:
            best = str(self._best.length)
        eta = "" if event.eta is None else f"{DOT}ETA for depth {event.depth}: {format_eta(event.eta)}"
        self.search.setText(
            f"Depth {event.depth}{DOT}{event.nodes:,} nodes{DOT}{format_rate(event.nodes_per_s)}{DOT}"
            f"best {best}{eta}{DOT}{event.elapsed:.1f} s"
        )

    def on_found(self, solution: Solution) -> None:
        self.table_bar.hide()
        self._best = solution
        mark = f" {PROOF_MARK} proven optimal" if solution.proven_optimal else ""
        self.best.setText(f"Best: {solution.length} {solution.metric.upper()} ({solution.elapsed:.2f} s){mark}")
        if not solution.proven_optimal and self.stage in LIVE_STAGES:
            self.stage = Stage.IMPROVING
            self.status.setText(f"Found {solution.length} moves; looking for a shorter solution...")

    def on_ended(self, status: str) -> None:
        self.table_bar.hide()
        self.search.setText(self._summary())
        best = self._best
        if status == "cancelled":
            self.stage = Stage.CANCELLED
            kept = f" The best solution so far ({best.length} moves, not proven optimal) is kept." if best else ""
            self.status.setText("Solve cancelled." + kept)
        elif status:
            self.stage = Stage.FAILED
            self.status.setText(f"No solution: {status}")
        elif best is not None:
            self.stage = Stage.PROVEN if best.proven_optimal else Stage.FINISHED
            proven = "proven optimal" if best.proven_optimal else "not proven optimal"
            self.status.setText(f"Solved: {best.length} moves ({best.metric.upper()}, {proven}).")
        else:
            self.stage = Stage.FAILED
            self.status.setText("The search ended without a solution.")

    def _summary(self) -> str:
        """The finished search in one line (not live figures): how much it searched, and what it proved."""
        parts = []
        if self._figures is not None and self._figures[0] > 0:
            nodes, seconds = self._figures
            parts.append(f"Searched {nodes:,} nodes in {seconds:.1f} s")
        if self._proofs:
            parts.append(f"no solution shorter than {max(self._proofs) + 1} moves")
        return "; ".join(parts) + ("." if parts else "")

    def clear(self) -> None:
        """Back to the idle read-out (a new puzzle: the last one's solve says nothing about it)."""
        self.stage = Stage.IDLE
        self._best, self._figures, self._proofs = None, None, []
        self.table_bar.hide()
        self.status.setText("Press Solve (Ctrl+Return) to solve the cube shown.")
        self.search.setText("")
        self.best.setText("")
