"""The Solve dock's goal choice: solve the whole cube, a preset (on a colour or any colour), or the painted pattern.

Only the choice lives here; `request()` turns it into the GoalRequest the session runs (None for the whole cube).
"""

from __future__ import annotations

from collections.abc import Callable

from PyQt6.QtWidgets import QComboBox, QVBoxLayout, QWidget

from cubeviz.solve.goal_run import PAINTED_NAME, GoalRequest
from cubeviz.views.preset_picker import PresetPicker
from solvers.cube.schemes import ColourScheme

WHOLE, PRESET, PAINTED = "whole", "preset", "painted"
TARGETS = ((WHOLE, "Solve: whole cube"), (PRESET, "Solve: a preset"), (PAINTED, f"Solve: {PAINTED_NAME}"))


class GoalChoice(QWidget):
    """Target combo plus, for a preset, its name and colour (any colour: the best of the six)."""

    def __init__(self, scheme: ColourScheme, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.target = QComboBox(self)
        self.target.setToolTip(
            "What Solve reaches: the whole cube solved, a preset's pieces solved (grey stickers don't count), or "
            "the pattern painted in the Editor tab (3x3x3; optimal in the solver's metric)"
        )
        for key, text in TARGETS:
            self.target.addItem(text, key)
        self.picker = PresetPicker(scheme, allow_any=True, parent=self)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.target)
        layout.addWidget(self.picker)
        self.target.currentIndexChanged.connect(lambda _i: self._show_picker())
        self._show_picker()

    @property
    def kind(self) -> str:
        return self.target.currentData() if self.isEnabled() else WHOLE

    def set_kind(self, kind: str) -> None:
        self.target.setCurrentIndex(self.target.findData(kind))

    def set_size(self, size: int) -> None:
        """Goals are 3x3x3 goals: the choice is off (whole cube) for the 2x2x2."""
        self.setEnabled(size == 3)
        self.setToolTip("" if size == 3 else "Goal solves are for the 3x3x3")

    def request(self, painted: Callable[[], str]) -> GoalRequest | None:
        """The chosen goal; `painted()` gives the editor's pattern. GoalError says why there is none."""
        if self.kind == PRESET:
            return GoalRequest.preset(self.picker.preset, self.picker.colour)
        if self.kind == PAINTED:
            return GoalRequest.pattern(painted())
        return None

    def _show_picker(self) -> None:
        self.picker.setVisible(self.target.currentData() == PRESET)
