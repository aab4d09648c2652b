"""The Solve dock: solver choice with Solve and Cancel, the progress read-out, the player and the alternatives.

Only layout and the solver choice live here; the run is SolveSession's, the playback Playback's.
"""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QComboBox, QFrame, QHBoxLayout, QPushButton, QWidget

from cubeviz.models.big_cube import is_big
from cubeviz.solve.alternatives import AlternativesPanel
from cubeviz.solve.big_cube_solve import BigCubeChoice, big_cube_choice
from cubeviz.solve.engine_bridge import DEFAULT_CHOICE, SolverChoice
from cubeviz.solve.player_panel import PlayerPanel
from cubeviz.solve.progress_panel import ProgressPanel
from cubeviz.solve.solve_runner import SolveSession
from cubeviz.views.fit import ScrolledColumn


class SolveDock(QWidget):
    """Emits `choice_changed(SolverChoice)` when the user picks a solver in the combo box."""

    choice_changed = pyqtSignal(object)

    def __init__(self, session: SolveSession, player_panel: PlayerPanel, size: int, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.solver = QComboBox()
        # Long solver names are elided in the closed box, not allowed to widen the dock (the list shows them whole).
        self.solver.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.solver.setMinimumContentsLength(14)
        self.solver.currentIndexChanged.connect(self._show_choice_tip)
        self.solve_button = QPushButton("Solve")
        self.solve_button.setToolTip("Solve the cube shown (Ctrl+Return)")
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setToolTip("Stop the search (Esc in the cube view); the best solution so far is kept")
        self.cancel_button.setEnabled(False)
        self.progress = ProgressPanel()
        self.player = player_panel
        self.alternatives = AlternativesPanel(session)
        buttons = QHBoxLayout()  # under the solver's name, not beside it: the dock stays narrow
        buttons.addWidget(self.solve_button, 1)
        buttons.addWidget(self.cancel_button, 1)
        layout = ScrolledColumn(self)
        layout.addWidget(self.solver)
        layout.addLayout(buttons)
        layout.addWidget(self.progress)
        layout.addWidget(_rule())
        layout.addWidget(self.player)
        layout.addWidget(_rule())
        layout.addWidget(self.alternatives)
        layout.addStretch(1)
        session.started.connect(lambda choice: self.progress.on_started(choice, session.start_state.size))
        session.progress.connect(self.progress.on_progress)
        session.found.connect(self.progress.on_found)
        session.ended.connect(self.progress.on_ended)
        session.started.connect(lambda _c: self._show_running(True))
        session.ended.connect(lambda _s: self._show_running(False))
        self.solver.currentIndexChanged.connect(self._picked)
        self.show_size(size, big_cube_choice(size) if is_big(size) else DEFAULT_CHOICE[size])

    def show_size(self, size: int, current: SolverChoice | BigCubeChoice) -> None:
        """Offer the solvers of `size` (a big cube has one), with `current` selected."""
        self.solver.blockSignals(True)
        self.solver.clear()
        offered: list[SolverChoice | BigCubeChoice] = [big_cube_choice(size)] if is_big(size) else []
        for choice in offered or SolverChoice.for_size(size):
            self.solver.addItem(f"{size}x{size}: {choice.text}", choice)
        self.solver.setCurrentIndex(self.solver.findData(current))
        self.solver.blockSignals(False)
        self._show_choice_tip()

    def set_choice(self, choice: SolverChoice | BigCubeChoice) -> None:
        index = self.solver.findData(choice)
        if index >= 0:
            self.solver.blockSignals(True)
            self.solver.setCurrentIndex(index)
            self.solver.blockSignals(False)
            self._show_choice_tip()

    def _show_choice_tip(self, _index: int = 0) -> None:
        """The chosen solver's whole name as the tooltip: the closed box shows it shortened in a narrow dock."""
        self.solver.setToolTip(f"{self.solver.currentText()}\nWhich solver Solve runs (also in the Solve menu)")

    def connect_buttons(self, solve: Callable[[], None], cancel: Callable[[], None]) -> None:
        self.solve_button.clicked.connect(solve)
        self.cancel_button.clicked.connect(cancel)

    def _picked(self, _index: int) -> None:
        choice = self.solver.currentData()
        if choice is not None:
            self.choice_changed.emit(choice)

    def _show_running(self, running: bool) -> None:
        self.solve_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        self.solver.setEnabled(not running)


def _rule() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line
