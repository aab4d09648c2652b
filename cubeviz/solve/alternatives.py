"""Other solutions of the current solve: the 2x2's count of optimal solutions with a browser over them, the
3x3 two-phase search's successive solutions (length, time). Picking one loads it into the player.
"""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QHBoxLayout, QListWidget, QSpinBox, QVBoxLayout, QWidget

from cubeviz.solve.engine_bridge import PlayerSolution
from cubeviz.solve.progress_panel import keep_layout
from cubeviz.solve.solve_runner import SolveSession
from cubeviz.views.elided_label import ElidedLabel


class AlternativesPanel(QWidget):
    """Follows `session`: its `found` solutions fill the list (3x3) or the browser (2x2)."""

    def __init__(self, session: SolveSession, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.summary = ElidedLabel()  # one line, shortened with its whole text as a tooltip in a narrow dock
        self.browse = QSpinBox()
        self.browse.setPrefix("Solution ")
        self.browse.setToolTip("Browse the optimal solutions")
        self.found = QListWidget()
        self.found.setToolTip("Solutions found so far; click one to play it")
        # One line per solution, cut with an ellipsis (the whole line is its tooltip): no sideways scroll bar.
        self.found.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.found.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.found.setMinimumHeight(44)  # two lines: the dock fits a 720-line screen; it grows where there is room
        self.found.setMaximumHeight(110)
        keep_layout(self.found)  # the 2x2's browser comes and goes beside the summary, which then elides
        row = QHBoxLayout()
        row.addWidget(self.summary, 1)
        row.addWidget(self.browse)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.found)
        session.started.connect(lambda _choice: self.clear())
        session.found.connect(self._on_found)
        self.browse.valueChanged.connect(self._browsed)
        self.found.currentRowChanged.connect(self._picked)
        self.clear()

    def clear(self) -> None:
        self.summary.setText("")
        self.browse.hide()
        self.found.clear()
        self.found.hide()

    def _on_found(self, solution: PlayerSolution) -> None:
        if solution.optimal_count is not None:  # the 2x2: all optimal solutions are known at once
            kept = len(solution.alternatives)
            more = f" (the first {kept} can be browsed)" if kept < solution.optimal_count else ""
            plural = "s" if solution.optimal_count != 1 else ""
            self.summary.setText(f"{solution.optimal_count:,} optimal solution{plural}{more}")
            self.browse.blockSignals(True)
            self.browse.setRange(1, max(1, kept))
            self.browse.setSuffix(f" of {kept}")
            self.browse.setValue(1)
            self.browse.blockSignals(False)
            self.browse.setVisible(kept > 1)
            return
        self.found.show()
        self.found.blockSignals(True)
        mark = " \N{CHECK MARK}" if solution.proven_optimal else ""
        self.found.addItem(f"{solution.length} moves  ({solution.elapsed:.2f} s){mark}: {solution.text}")
        self.found.item(self.found.count() - 1).setToolTip(self.found.item(self.found.count() - 1).text())
        self.found.setCurrentRow(self.found.count() - 1)
        self.found.blockSignals(False)
        self.summary.setText(f"Solutions: {self.found.count()} (shortest last)")

    def _browsed(self, value: int) -> None:
        self.session.load_alternative(value - 1)

    def _picked(self, row: int) -> None:
        if 0 <= row < len(self.session.solutions):
            self.session.load(self.session.solutions[row])
