"""The side panel: the legend (one row per piece: colour, show/hide, highlight, pin), the pins in force with the
live match count, and the nearest solutions. It only reads the model and calls its methods."""

from __future__ import annotations

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtGui import QColor, QIcon, QPainter, QPixmap
from PyQt6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from cubeviz.models.packing_model import LEVEL_NAMES, PackingModel, pin_text
from cubeviz.views.fit import ScrolledColumn

SWATCH_PIXELS = 14


class LegendPanel(QWidget):
    """Signals: `jump_to_solution(int)` when a nearest solution is chosen."""

    jump_to_solution = pyqtSignal(int)

    def __init__(self, model: PackingModel, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        layout = ScrolledColumn(self)  # measured by its minimum: the three lists shrink before anything scrolls
        legend_box = QGroupBox("Pieces")
        legend_box.setToolTip("Tick: the piece is shown; click: highlight it")
        box_layout = QVBoxLayout(legend_box)
        self.legend = _wrapping_list()
        self.legend.setToolTip("The pieces: untick one to hide it, select one to highlight it in 3D")
        self.legend.setMinimumHeight(110)  # the pieces first: the filter's and the nearest solutions' lists give
        self.legend.itemChanged.connect(self._item_changed)
        self.legend.currentRowChanged.connect(self._row_changed)
        box_layout.addWidget(self.legend)
        self.cell_colours = QLabel("")
        self.cell_colours.setWordWrap(True)
        self.cell_colours.setToolTip("Colours the puzzle file gives single cubes of the pieces (BurrTools' colour "
                                     "constraints), drawn on those cubes in 3D")  # fmt: skip
        self.cell_colours.hide()
        box_layout.addWidget(self.cell_colours)
        buttons = QHBoxLayout()
        self.pin_button = QPushButton("Pin piece")
        self.pin_button.setToolTip(
            "Keep only the solutions with the highlighted piece where it is now "
            "(in 3D: Ctrl+click a piece; Shift+click pins the piece on that one cube)"
        )
        self.pin_button.clicked.connect(self.pin_highlighted)
        self.show_all_button = QPushButton("Show all")
        self.show_all_button.setToolTip("Show every piece again (after hiding some by clicking their names)")
        self.show_all_button.clicked.connect(self.show_all)
        buttons.addWidget(self.pin_button)
        buttons.addWidget(self.show_all_button)
        box_layout.addLayout(buttons)
        layout.addWidget(legend_box, 2)

        pins_box = QGroupBox("Filter")
        pins_layout = QVBoxLayout(pins_box)
        self.match_label = QLabel("No solutions yet")
        self.match_label.setWordWrap(True)
        self.pins = _wrapping_list()
        self.pins.setToolTip("Double-click a pin to remove it")
        self.pins.setMinimumHeight(40)
        self.pins.itemDoubleClicked.connect(self._unpin_item)
        self.clear_button = QPushButton("Clear pins")
        self.clear_button.setToolTip("Remove every pin: all solutions match again")
        self.clear_button.clicked.connect(model.clear_pins)
        pins_layout.addWidget(self.match_label)
        pins_layout.addWidget(self.pins)
        pins_layout.addWidget(self.clear_button)
        layout.addWidget(pins_box, 1)

        near_box = QGroupBox("Nearest solutions")
        near_box.setToolTip("The solutions that differ from this one in the fewest pieces; click one to go there")
        near_layout = QVBoxLayout(near_box)
        self.nearest = _wrapping_list()
        self.nearest.setToolTip(near_box.toolTip())
        self.nearest.setMinimumHeight(50)
        self.nearest.itemActivated.connect(lambda item: self.jump_to_solution.emit(item.data(Qt.ItemDataRole.UserRole)))
        self.nearest.itemClicked.connect(lambda item: self.jump_to_solution.emit(item.data(Qt.ItemDataRole.UserRole)))
        near_layout.addWidget(self.nearest)
        layout.addWidget(near_box, 2)
        self._updating = False
        model.subscribe(self._on_model)

    # -- model events ----------------------------------------------------------------------------------------------
    def _on_model(self, event: str) -> None:
        if event == "puzzle":
            self._fill_legend()
        elif event == "pieces":
            self._sync_legend()
        elif event == "list":
            self._fill_pins()
        elif event == "current":
            self._fill_nearest()

    def _fill_legend(self) -> None:
        self._updating = True
        self.legend.clear()
        model = self.model
        for instance, kind in enumerate(model.instance_kinds()):
            item = QListWidgetItem(model.instance_label(instance))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked)
            own = model.cell_colours[kind] if kind < len(model.cell_colours) else {}
            item.setIcon(QIcon(_swatch(model.puzzle.pieces[kind].colour, own)))
            if own:
                item.setToolTip(f"{len(own)} of its {len(model.puzzle.pieces[kind].cells)} cubes coloured by the file")
            self.legend.addItem(item)
        self._fill_cell_colours()
        self._updating = False

    def _fill_cell_colours(self) -> None:
        """The file's cell colours, one swatch each with the cubes it colours, under the pieces (hidden when the
        file gives none)."""
        used: dict[str, int] = {}
        for kind, colours in enumerate(self.model.cell_colours):
            copies = self.model.puzzle.pieces[kind].count
            for colour in colours.values():
                used[colour] = used.get(colour, 0) + copies
        cells = " ".join(f'<span style="background-color:{c}">&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;{c} on {n} '
                         f"cube{'s' if n != 1 else ''}" for c, n in used.items())  # fmt: skip
        self.cell_colours.setText(f"Cell colours from the file: {cells}" if used else "")
        self.cell_colours.setVisible(bool(used))
        self._fill_pins()
        self.nearest.clear()

    def _sync_legend(self) -> None:
        self._updating = True
        for row in range(self.legend.count()):
            shown = row not in self.model.hidden
            self.legend.item(row).setCheckState(Qt.CheckState.Checked if shown else Qt.CheckState.Unchecked)
        highlight = self.model.highlight
        self.legend.setCurrentRow(-1 if highlight is None else highlight)
        self._updating = False

    def _fill_pins(self) -> None:
        model = self.model
        self.pins.clear()
        for pin in model.pins:
            item = QListWidgetItem(pin_text(pin))
            item.setData(Qt.ItemDataRole.UserRole, pin)
            self.pins.addItem(item)
        self.clear_button.setEnabled(bool(model.pins))
        if model.solutions is None:
            self.match_label.setText("No solutions yet: enumerate or open a solution file")
            return
        total = len(model.level_list())
        level = LEVEL_NAMES[model.level].lower()
        if model.pins:
            self.match_label.setText(f"{len(model.visible):,} of {total:,} match ({level})")
        else:
            self.match_label.setText(f"{total:,} solutions ({level}); pin a piece to filter")

    def _fill_nearest(self) -> None:
        self.nearest.clear()
        for index, moved in self.model.nearest():
            item = QListWidgetItem(f"No. {index + 1}: {moved} piece{'s' if moved != 1 else ''} differ")
            item.setData(Qt.ItemDataRole.UserRole, index)
            self.nearest.addItem(item)

    # -- user actions ------------------------------------------------------------------------------------------------
    def _item_changed(self, item: QListWidgetItem) -> None:
        if not self._updating:
            self.model.set_hidden(self.legend.row(item), item.checkState() != Qt.CheckState.Checked)

    def _row_changed(self, row: int) -> None:
        if not self._updating:
            self.model.set_highlight(None if row < 0 else row)

    def pin_highlighted(self) -> None:
        if self.model.highlight is not None:
            self.model.pin_instance(self.model.highlight)

    def show_all(self) -> None:
        for instance in sorted(self.model.hidden):
            self.model.set_hidden(instance, False)
        self.model.set_highlight(None)

    def _unpin_item(self, item: QListWidgetItem) -> None:
        self.model.unpin(item.data(Qt.ItemDataRole.UserRole))


def _swatch(colour: str, own: dict) -> QPixmap:
    """A piece's swatch: its colour, with a stripe of each colour the file gives some of its cells."""
    swatch = QPixmap(SWATCH_PIXELS, SWATCH_PIXELS)
    swatch.fill(QColor(colour))
    extra = sorted(set(own.values()))
    if extra:
        painter = QPainter(swatch)
        width = SWATCH_PIXELS // 2 // len(extra) or 1
        for i, cell_colour in enumerate(extra):
            painter.fillRect(SWATCH_PIXELS // 2 + i * width, 0, width, SWATCH_PIXELS, QColor(cell_colour))
        painter.end()
    return swatch


def _wrapping_list() -> QListWidget:
    """A list whose long entries wrap onto a second line instead of hiding behind a horizontal scroll bar."""
    widget = QListWidget()
    widget.setWordWrap(True)
    widget.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    widget.setResizeMode(QListWidget.ResizeMode.Adjust)
    return widget
