"""Constraint colours in the Design tab: the brush (what a stroke on the layer grid or a click in the 3D view does:
add and remove cells, paint a constraint colour or neutral, make shape cells variable) and the colour list with the
allowed pairs (which piece colour may sit on which shape colour). Every change is one undoable step of the model."""

from __future__ import annotations

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtGui import QColor, QIcon, QPixmap
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QColorDialog,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from cubeviz.design.design_model import DesignModel
from cubeviz.design.draft import TARGET
from solvers.packing.voxels import Voxel

CELLS = "cells"  # the brush adds and removes cells
VARIABLE = "variable"  # the brush makes shape cells variable (+) or fixed again
NEUTRAL = 0  # a colour brush of 0 clears the cell's colour
MAX_COLOURS = 63  # BurrTools' limit
FIRST_COLOURS = ((245, 19, 64), (118, 114, 124), (40, 120, 220), (250, 200, 30))  # offered for a new colour


def swatch(colour: str, size: int = 14) -> QIcon:
    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class Brush(QComboBox):
    """What painting does: ``CELLS``, ``VARIABLE`` or a colour number (``NEUTRAL`` clears). ``brush()`` reads it;
    the list follows the design's colours."""

    def __init__(self, model: DesignModel, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        self.setToolTip(
            "What a stroke on the grid or a click in the 3D view does: add and remove cubes, paint a constraint "
            "colour (or neutral) on cubes, or make cubes of the shape variable (+: they may stay empty)"
        )
        self._stroke_variable: bool | None = None
        model.changed.connect(self.refresh)
        self.refresh()

    def start_stroke(self) -> None:
        self._stroke_variable = None  # the first cube of a variable stroke decides: variable or fixed

    def paint(self, voxel: Voxel) -> str:
        """The brush on one cube of the edited item, as one undoable edit: a constraint colour (or neutral), or
        variable / fixed (the first cube of a stroke decides which, as a press decides between adding and removing
        cubes). Returns why nothing was done ("" when it was)."""
        brush, item, draft = self.brush(), self.model.item, self.model.draft
        if brush == VARIABLE:
            if item != TARGET:
                return "Only cubes of the shape can be variable: choose the shape to paint them"
            if self._stroke_variable is None:
                self._stroke_variable = voxel not in draft.variable
            self.model.apply(draft.with_variable(voxel, self._stroke_variable), "variable cube")
        elif isinstance(brush, int):
            self.model.apply(draft.with_colour(item, voxel, brush), "colour")
        return ""

    def brush(self) -> str | int:
        value = self.currentData()
        return CELLS if value is None else value

    def choose(self, value: str | int) -> None:
        index = self.findData(value)
        self.setCurrentIndex(max(index, 0))

    def refresh(self) -> None:
        wanted = self.brush()
        blocked = self.blockSignals(True)
        self.clear()
        self.addItem("Add / remove cubes", CELLS)
        self.addItem("Variable (+) shape cells", VARIABLE)
        self.addItem("Neutral (no colour)", NEUTRAL)
        draft = self.model.draft
        for colour in range(1, len(draft.palette) + 1):
            self.addItem(swatch(draft.rgb(colour)), f"Colour {colour}", colour)
        self.choose(wanted)
        self.blockSignals(blocked)
        if self.brush() != wanted:  # its colour is gone (removed, or its adding undone): back to editing cubes
            self.currentIndexChanged.emit(self.currentIndex())


class ColourPairs(QGroupBox):
    """The design's constraint colours and the table of allowed pairs: row = a piece cell's colour, column = the
    shape cell's colour; a ticked box lets that piece colour sit on that shape colour (a neutral cell on either
    side fits anything). Signals: `problem(str)` when an edit is refused."""

    problem = pyqtSignal(str)

    def __init__(self, model: DesignModel, brush: Brush, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        self.brush = brush
        self._syncing = False
        layout = QVBoxLayout(self)
        buttons = QGridLayout()
        self.add_button = QPushButton("Add colour...")
        self.add_button.setToolTip("A new constraint colour, chosen as the brush")
        self.add_button.clicked.connect(self.ask_colour)
        self.remove_button = QPushButton("Remove colour")
        self.remove_button.setToolTip("Remove the brush's colour: its cells become neutral, its pairs go")
        self.remove_button.clicked.connect(self.remove_colour)
        buttons.addWidget(self.add_button, 0, 0)
        buttons.addWidget(self.remove_button, 0, 1)
        layout.addLayout(buttons)
        self.hint = QLabel("Allowed pairs: piece colour (row) on shape colour (column)")
        self.hint.setWordWrap(True)
        layout.addWidget(self.hint)
        self.table = QTableWidget()
        self.table.setToolTip("Tick a box to let cubes of the row's colour in a piece sit on the column's colour")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemChanged.connect(self._ticked)
        self.table.setMaximumHeight(140)
        layout.addWidget(self.table)
        brush.currentIndexChanged.connect(lambda _i: self._enable())
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        draft = self.model.draft
        n = len(draft.palette)
        self._syncing = True
        try:
            self.table.setRowCount(n)
            self.table.setColumnCount(n)
            for colour in range(1, n + 1):
                self.table.setVerticalHeaderItem(colour - 1, QTableWidgetItem(swatch(draft.rgb(colour)), str(colour)))
                self.table.setHorizontalHeaderItem(colour - 1, QTableWidgetItem(swatch(draft.rgb(colour)), str(colour)))
                for shape_colour in range(1, n + 1):
                    item = QTableWidgetItem()
                    item.setFlags(Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsEnabled)
                    ticked = (colour, shape_colour) in draft.colour_pairs
                    item.setCheckState(Qt.CheckState.Checked if ticked else Qt.CheckState.Unchecked)
                    self.table.setItem(colour - 1, shape_colour - 1, item)
        finally:
            self._syncing = False
        self.table.setVisible(n > 0)
        self.hint.setText(
            "Allowed pairs: piece colour (row) on shape colour (column)"
            if n
            else "No constraint colours: add one, then paint cubes of the pieces and the shape with it"
        )
        self._enable()

    def _enable(self) -> None:
        draft = self.model.draft
        self.add_button.setEnabled(len(draft.palette) < MAX_COLOURS)
        self.remove_button.setEnabled(isinstance(self.brush.brush(), int) and self.brush.brush() != NEUTRAL)

    def _ticked(self, item: QTableWidgetItem) -> None:
        if self._syncing:
            return
        allowed = item.checkState() == Qt.CheckState.Checked
        draft = self.model.draft
        self.model.apply(draft.with_pair(item.row() + 1, item.column() + 1, allowed), "colour pair")

    def ask_colour(self) -> None:
        draft = self.model.draft
        start = FIRST_COLOURS[len(draft.palette) % len(FIRST_COLOURS)]
        colour = QColorDialog.getColor(QColor(*start), self, "New constraint colour")
        if colour.isValid():
            self.add_colour((colour.red(), colour.green(), colour.blue()))

    def add_colour(self, rgb: tuple[int, int, int]) -> None:
        """A constraint colour appended (allowed on itself, as BurrTools starts a new colour) and made the brush."""
        draft = self.model.draft
        if len(draft.palette) >= MAX_COLOURS:
            self.problem.emit(f"A design has at most {MAX_COLOURS} constraint colours")
            return
        added = draft.with_palette_colour(rgb)
        n = len(added.palette)
        self.model.apply(added.with_pair(n, n, True), "add colour")
        self.brush.choose(n)

    def remove_colour(self) -> None:
        colour = self.brush.brush()
        if isinstance(colour, int) and 1 <= colour <= len(self.model.draft.palette):
            self.model.apply(self.model.draft.without_palette_colour(colour), "remove colour")
            self.brush.choose(CELLS)
