"""A line to type an algorithm into; Enter applies it to the model, a notation error points at the culprit."""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QHBoxLayout, QLineEdit, QPushButton, QWidget

from cubeviz.models.cube_model import CubeModel
from solvers.cube.notation import NotationError


class AlgorithmInput(QWidget):
    """`error(str)` carries a one-line message (for the status bar); `applied(str)` the algorithm applied."""

    error = pyqtSignal(str)
    applied = pyqtSignal(str)

    def __init__(self, model: CubeModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.line = QLineEdit(self)
        self.line.setPlaceholderText("Type an algorithm, e.g. R U R' U' or [R, U] (R U)3, and press Enter")
        self.line.setClearButtonEnabled(True)
        self.line.setToolTip(
            "Moves in standard notation: face turns, slices, wide turns, rotations, commutators "
            "[A, B] and repeats (A)n; Enter applies them (Ctrl+L comes here)"
        )
        self.button = QPushButton("Apply", self)
        self.button.setToolTip("Apply the typed moves to the cube (undoable)")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.line, 1)
        layout.addWidget(self.button)
        self.line.returnPressed.connect(self.apply)
        self.button.clicked.connect(self.apply)

    def apply(self) -> None:
        text = self.line.text()
        try:
            algorithm = self.model.apply_text(text)
        except NotationError as exc:
            self.line.setCursorPosition(exc.position)
            self.line.setSelection(exc.position, max(1, len(exc.token)))
            self.error.emit(f"Not applied: {exc.message}")
            return
        self.line.clear()
        self.applied.emit(str(algorithm))
