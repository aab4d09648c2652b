"""The solution table (number, symmetry classes, cell letters) over the model's shown list, and the navigation
bar (first, previous, next, last, random, jump to number). The table is virtual: 11,520 rows cost nothing."""

from __future__ import annotations

from PyQt6.QtCore import QAbstractTableModel, QModelIndex, Qt, pyqtSignal
from PyQt6.QtGui import QFontDatabase
from PyQt6.QtWidgets import QHBoxLayout, QSpinBox, QToolButton, QWidget

from cubeviz.models.packing_model import NOT_TAKEN_APART, PackingModel
from solvers.packing.burrtools_apart import ONE_PIECE
from solvers.packing.disassembly import STUCK, UNDECIDED
from solvers.packing.puzzle import SymmetryMode

_CLASS_COLUMNS = (SymmetryMode.ROTATION, SymmetryMode.MIRROR)
# "?": the search hit its bound; "": not looked for; "one piece": nothing to take apart (a BurrTools assembly)
_LEVEL_WORDS = {STUCK: "stuck", UNDECIDED: "?", NOT_TAKEN_APART: "", ONE_PIECE: "one piece"}
_CLASS_TITLES = {SymmetryMode.ROTATION: "Rotation class", SymmetryMode.MIRROR: "Mirror class"}


class SolutionTableModel(QAbstractTableModel):
    def __init__(self, model: PackingModel, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        self._columns: list[SymmetryMode | str] = ["number", "cells"]
        self._fixed_font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)  # letters line up

    def refresh(self) -> None:
        """The list changed: rebuild columns (class columns only where the set knows the classes)."""
        self.beginResetModel()
        classes = self.model.solutions.classes if self.model.solutions is not None else {}
        level = ["level"] if self.model.disassembly is not None else []
        self._columns = ["number", *[m for m in _CLASS_COLUMNS if m in classes], *level, "cells"]
        self.endResetModel()

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008 - Qt's signature
        return 0 if parent.isValid() else len(self.model.visible)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Vertical:
            return None
        column = self._columns[section]
        return {"number": "#", "cells": "Cells (file order)", "level": "Level"}.get(column) or _CLASS_TITLES[column]

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.FontRole):
            return None
        column = self._columns[index.column()]
        solution = int(self.model.visible[index.row()])
        if role == Qt.ItemDataRole.FontRole:
            return self._fixed_font if column == "cells" else None
        if column == "number":
            return solution + 1
        if column == "cells":
            return self.model.solution_text(solution)
        if column == "level":
            level = int(self.model.disassembly[solution])
            return level if level >= 0 else _LEVEL_WORDS[level]
        return self.model.class_of(solution, column) + 1


class NavigationBar(QWidget):
    """Buttons emit `navigate(action)`; the spin box emits `jump(number)`."""

    navigate = pyqtSignal(str)
    jump = pyqtSignal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.buttons: dict[str, QToolButton] = {}  # tool buttons: as narrow as their text
        for action, text, tip in (
            ("first", "|<", "First solution (Home)"),
            ("previous", "<", "Previous solution (Left)"),
            ("next", ">", "Next solution (Right)"),
            ("last", ">|", "Last solution (End)"),
            ("random", "Random", "A random solution of the list"),
        ):
            button = QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, a=action: self.navigate.emit(a))
            layout.addWidget(button)
            self.buttons[action] = button
        self.number = QSpinBox()
        self.number.setPrefix("No. ")
        self.number.setToolTip("Jump to a solution by its number (Enter)")
        self.number.setKeyboardTracking(False)
        self.number.editingFinished.connect(lambda: self.jump.emit(self.number.value()))
        layout.addWidget(self.number, 1)

    def set_range(self, total: int) -> None:
        self.number.setRange(1 if total else 0, max(total, 0))
