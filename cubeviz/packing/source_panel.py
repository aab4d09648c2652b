"""Where the solutions come from: the puzzle chooser, Open Puzzle / Open Solutions buttons, Enumerate with a
progress bar and Cancel, the error line, and the counts per symmetry level with a switch between them."""

from __future__ import annotations

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from cubeviz.models.packing_model import LEVEL_NAMES, PackingModel
from cubeviz.views.puzzle_chooser import fill_puzzle_chooser, is_opened_entry, show_opened
from solvers.packing.puzzle import SymmetryMode
from solvers.packing.puzzle_io import shipped_puzzles

ERROR_STYLE = "color: #a0004f; font-weight: bold;"


class SourcePanel(QWidget):
    """Signals carry requests to the browser: `puzzle_chosen(name)`, `open_puzzle()`, `open_solutions()`,
    `enumerate_requested(mode)`, `cancel_requested()`."""

    puzzle_chosen = pyqtSignal(str)
    open_puzzle = pyqtSignal()
    open_solutions = pyqtSignal()
    enumerate_requested = pyqtSignal(object)
    cancel_requested = pyqtSignal()

    def __init__(self, model: PackingModel, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        box = QGroupBox("Puzzle and solutions")
        grid = QGridLayout(box)
        self.chooser = QComboBox()
        fill_puzzle_chooser(self.chooser)
        self.chooser.setToolTip("A built-in puzzle, or one opened from a file")
        narrow_combo(self.chooser)
        self.chooser.activated.connect(self._chosen)
        grid.addWidget(self.chooser, 0, 0, 1, 2)
        open_puzzle = QPushButton("Open puzzle...")
        open_puzzle.setToolTip("A packing puzzle file (JSON: a box and its pieces) or a BurrTools .xmpuzzle file")
        open_puzzle.clicked.connect(self.open_puzzle)
        open_solutions = QPushButton("Open solutions...")
        open_solutions.setToolTip("A file written by cubeviz-solve pack ... --out FILE")
        open_solutions.clicked.connect(self.open_solutions)
        grid.addWidget(open_puzzle, 1, 0)
        grid.addWidget(open_solutions, 1, 1)
        self.up_to = QComboBox()
        for mode in SymmetryMode:
            self.up_to.addItem(LEVEL_NAMES[mode], mode)
        self.up_to.setToolTip("Enumerate every placement, or one per symmetry class (faster for big puzzles)")
        narrow_combo(self.up_to)
        grid.addWidget(self.up_to, 2, 0)
        self.cluster = QLineEdit()
        self.cluster.setPlaceholderText("Cluster (optional)")
        self.cluster.setClearButtonEnabled(True)
        self.cluster.setToolTip(
            "Enumerate on a Dask cluster: its scheduler's address, e.g. tcp://10.0.0.5:8786 (docs/cluster.md); "
            "empty: on this computer"
        )
        grid.addWidget(self.cluster, 2, 1)
        self.enumerate_button = QPushButton("Enumerate")
        self.enumerate_button.clicked.connect(lambda: self.enumerate_requested.emit(self.up_to.currentData()))
        self.cancel_button = QPushButton("Cancel")
        self.enumerate_button.setToolTip("Find every packing of this puzzle, at the level chosen above")
        self.cancel_button.setToolTip("Stop the enumeration; the solutions found so far stay")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel_requested)
        grid.addWidget(self.enumerate_button, 3, 0)
        grid.addWidget(self.cancel_button, 3, 1)
        self.progress = QProgressBar()
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        grid.addWidget(self.progress, 4, 0, 1, 2)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        grid.addWidget(self.status, 5, 0, 1, 2)
        self.error = QLabel("")
        self.error.setWordWrap(True)
        self.error.setStyleSheet(ERROR_STYLE)
        grid.addWidget(self.error, 6, 0, 1, 2)
        layout.addWidget(box)

        counts = QGroupBox("Counts (choose the level to browse)")
        self.counts_layout = QVBoxLayout(counts)
        self.level_group = QButtonGroup(self)
        self.level_buttons: dict[SymmetryMode, QRadioButton] = {}
        for mode in SymmetryMode:
            button = QRadioButton(f"{LEVEL_NAMES[mode]}: -")
            button.setEnabled(False)
            button.toggled.connect(lambda on, m=mode: on and self._level_clicked(m))
            self.level_group.addButton(button)
            self.counts_layout.addWidget(button)
            self.level_buttons[mode] = button
        layout.addWidget(counts)
        model.subscribe(self._on_model)

    def set_busy(self, busy: bool) -> None:
        self.enumerate_button.setEnabled(not busy)
        self.cancel_button.setEnabled(busy)
        self.chooser.setEnabled(not busy)

    def set_default_level(self, mode: SymmetryMode) -> None:
        self.up_to.setCurrentIndex(self.up_to.findData(mode))

    def show_error(self, message: str) -> None:
        self.error.setText(message)

    def _on_model(self, event: str) -> None:
        if event in ("puzzle", "solutions", "list"):
            self._sync_counts()
        if event in ("puzzle", "solutions"):
            self._sync_choices()
        if event == "puzzle" and self.model.puzzle is not None:
            index = self.chooser.findText(self.model.puzzle.name)
            if index >= 0 and self.model.puzzle.name in shipped_puzzles():
                self.chooser.setCurrentIndex(index)
            else:
                show_opened(self.chooser, self.model.puzzle.title or self.model.puzzle.name)

    def _chosen(self, index: int) -> None:
        """A shipped puzzle is loaded by name; the entry of the puzzle opened from a file is already on screen."""
        if not is_opened_entry(self.chooser, index):
            self.puzzle_chosen.emit(self.chooser.currentText())

    def _sync_counts(self) -> None:
        counts = self.model.level_counts() if self.model.solutions is not None else {}
        known = self.model.puzzle.known_counts if self.model.puzzle is not None else {}
        for mode, button in self.level_buttons.items():
            button.blockSignals(True)
            tip = ""
            if mode in counts:
                text = f"{LEVEL_NAMES[mode]}: {counts[mode]:,}"
            elif mode in self.model.undefined_levels:
                text = f"{LEVEL_NAMES[mode]}: not defined"
                tip = f"Not defined for this puzzle: {self.model.undefined_levels[mode]}"
            elif mode.value in known:
                text = f"{LEVEL_NAMES[mode]}: {known[mode.value]:,} known"
                tip = (
                    "The count the puzzle file records (a published figure, or one confirmed by an independent"
                    " solver); enumerate or open a solution file to browse these solutions"
                )
            else:
                text = f"{LEVEL_NAMES[mode]}: -"
            button.setText(text)
            button.setToolTip(tip)
            button.setEnabled(mode in counts)
            button.setChecked(mode in counts and mode == self.model.level)
            button.blockSignals(False)

    def _sync_choices(self) -> None:
        """The Enumerate level list offers only the levels the puzzle has; the others say why not."""
        items = self.up_to.model()
        for row in range(self.up_to.count()):
            mode = self.up_to.itemData(row)
            reason = self.model.undefined_levels.get(mode)
            item = items.item(row)  # type: ignore[attr-defined]
            item.setEnabled(reason is None)
            item.setToolTip(f"Not defined for this puzzle: {reason}" if reason else "")
            if reason is not None and self.up_to.currentIndex() == row:
                self.up_to.setCurrentIndex(self.up_to.findData(SymmetryMode.ROTATION))

    def _level_clicked(self, mode: SymmetryMode) -> None:
        if self.model.solutions is not None and mode != self.model.level:
            self.model.set_level(mode)


def narrow_combo(combo: QComboBox, characters: int = 12) -> None:
    """A combo box whose closed width does not follow its longest entry (the list shows entries whole): a long
    puzzle or level name set the panel's minimum width and left the 3D view too little room."""
    combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
    combo.setMinimumContentsLength(characters)
