"""The move history as read-only, selectable text with a Copy button, and the current scramble on its own line."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QGuiApplication
from PyQt6.QtWidgets import QLabel, QPlainTextEdit, QPushButton, QVBoxLayout, QWidget

from cubeviz.models.cube_model import CubeModel


class HistoryView(QWidget):
    def __init__(self, model: CubeModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.scramble = QLabel(self)
        self.scramble.setWordWrap(True)
        self.scramble.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.text = QPlainTextEdit(self)
        self.text.setReadOnly(True)
        self.text.setPlaceholderText("Moves appear here as you turn the cube.")
        self.text.setToolTip("Every move since the last scramble or reset, as you made them")
        self.copy_button = QPushButton("Copy history", self)
        self.copy_button.setToolTip("Copy the scramble and the moves to the clipboard (Ctrl+Shift+C)")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.scramble)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.copy_button)
        self.copy_button.clicked.connect(self.copy)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        self.text.setPlainText(self.model.history_text())
        self.text.verticalScrollBar().setValue(self.text.verticalScrollBar().maximum())
        scramble = self.model.current_scramble()
        self.scramble.setText(f"Scramble: {scramble}" if scramble else "")
        self.scramble.setVisible(bool(scramble))

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.model.history_text())
