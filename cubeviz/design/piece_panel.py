"""The designer's side panel: the shape and the pieces as a list (cells, copies, placements), the piece tools (add,
copy, paste, remove, turn, mirror) and the chosen item's properties (copies as one number or as a BurrTools count
range, the piece groups it is in; the puzzle's bound on empty cells). Every change goes through the model as one
undo step; a refused value (a name already used) is said in `problem` and changes nothing."""

from __future__ import annotations

import json
from dataclasses import replace

from PyQt6.QtCore import pyqtSignal
from PyQt6.QtGui import QColor, QIcon, QPixmap
from PyQt6.QtWidgets import (
    QApplication,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from cubeviz.design.design_model import DesignModel
from cubeviz.design.draft import TARGET, PieceDraft, normalised
from cubeviz.design.group_rows import GroupRow, HolesRow
from solvers.packing.puzzle_io import MAX_TARGET_CELLS

SHAPE_COLOUR = "#8fa3bf"
CLIPBOARD_FORMAT = "cubeviz-piece"


def _counted(n: int, noun: str) -> str:
    """'1 cell', '2 cells': the list reads as a sentence does."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _swatch(colour: str) -> QIcon:
    pixmap = QPixmap(14, 14)
    pixmap.fill(QColor(colour))
    return QIcon(pixmap)


class PiecePanel(QWidget):
    """Signals: `problem(str)` when an edit is refused (empty string clears it)."""

    problem = pyqtSignal(str)

    def __init__(self, model: DesignModel, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        self.placements: tuple[int, ...] | None = None
        self._syncing = False
        self._build()
        model.changed.connect(self.refresh)
        model.item_changed.connect(lambda _item: self.refresh())
        self.refresh()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        self.items = QListWidget()
        self.items.setToolTip("The shape to fill and the pieces: choose one to edit it")
        self.items.currentRowChanged.connect(lambda row: self.model.set_item(row - 1) if row >= 0 else None)
        layout.addWidget(self.items, 1)
        tools = QGridLayout()
        self.buttons: dict[str, QPushButton] = {}
        specs = (
            ("add", "Add piece", "A new piece of one cube", self.add_piece),
            ("copy", "Copy", "Copy the chosen piece (Ctrl+C)", self.copy_piece),
            ("paste", "Paste", "Add a copy of the copied piece (Ctrl+V)", self.paste_piece),
            ("remove", "Remove", "Remove the chosen piece", self.remove_piece),
            ("turn_x", "Turn X", "A quarter turn of the chosen item about the x axis", lambda: self.turn("x")),
            ("turn_y", "Turn Y", "A quarter turn about the y axis", lambda: self.turn("y")),
            ("turn_z", "Turn Z", "A quarter turn about the z axis", lambda: self.turn("z")),
            ("mirror", "Mirror", "The mirror image of the chosen item", self.mirror),
        )
        for index, (key, text, tip, handler) in enumerate(specs):
            button = QPushButton(text)
            button.setToolTip(tip)
            button.clicked.connect(handler)
            tools.addWidget(button, index // 4, index % 4)
            self.buttons[key] = button
        layout.addLayout(tools)
        self.piece_box = QWidget()
        form = QFormLayout(self.piece_box)
        self.name = QLineEdit()
        self.name.setMaxLength(1)
        self.name.setToolTip("One character: the piece's letter in solution strings")
        self.name.editingFinished.connect(self._rename)
        self.label = QLineEdit()
        self.label.setToolTip("Free text: what the piece is called")
        self.label.editingFinished.connect(lambda: self._edit_piece(label=self.label.text().strip()))
        self.colour = QPushButton()
        self.colour.setToolTip("Choose the piece's colour")
        self.colour.clicked.connect(self._choose_colour)
        copies = self._copies_row()
        self.twin = QComboBox()
        self.twin.setToolTip("The piece that is this one's mirror image (when mirror images count as different)")
        self.twin.activated.connect(self._set_twin)
        for text, widget in (("Letter", self.name), ("Label", self.label), ("Colour", self.colour)):
            form.addRow(text, widget)
        form.addRow("Copies", copies)
        self.groups = GroupRow(self.model)
        self.groups.problem.connect(self.problem)
        form.addRow("Groups", self.groups)
        form.addRow("Mirror twin", self.twin)
        self.puzzle_box = QWidget()
        form = QFormLayout(self.puzzle_box)
        self.puzzle_name = QLineEdit()
        self.puzzle_name.setToolTip("The file name: lower-case letters, digits, '-' and '_'")
        self.puzzle_name.editingFinished.connect(lambda: self._edit_puzzle(name=self.puzzle_name.text().strip()))
        self.title = QLineEdit()
        self.title.setToolTip("The name shown in the app")
        self.title.editingFinished.connect(lambda: self._edit_puzzle(title=self.title.text().strip()))
        self.mirrors = QCheckBox("A piece may also be used as its mirror image")
        self.mirrors.setToolTip("Free pieces: each piece may be placed as itself or as its mirror image")
        self.mirrors.toggled.connect(self._set_mirrors)
        self.holes = HolesRow(self.model)
        self.holes.problem.connect(self.problem)
        form.addRow("Name", self.puzzle_name)
        form.addRow("Title", self.title)
        form.addRow(self.mirrors)
        form.addRow("Max holes", self.holes)
        # the piece, the puzzle and what the window adds (constraint colours) as pages: stacked, they would
        # squeeze the piece list below its use on a 720-pixel screen
        self.sections = QTabWidget()
        self.sections.setDocumentMode(True)
        self.sections.addTab(self.piece_box, "Piece")
        self.sections.addTab(self.puzzle_box, "Puzzle")
        layout.addWidget(self.sections)

    def add_section(self, widget: QWidget, title: str) -> None:
        """A further page beside Piece and Puzzle (the window's constraint colours)."""
        self.sections.addTab(widget, title)

    def show_section(self, widget: QWidget) -> None:
        """Bring the page holding `widget` to the front."""
        index = self.sections.indexOf(widget)
        if index >= 0:
            self.sections.setCurrentIndex(index)

    def _copies_row(self) -> QWidget:
        """The copies of the chosen piece: one number, or with *range* ticked the fewest and the most copies an
        assembly uses (BurrTools' min and max)."""
        row = QWidget()
        line = QHBoxLayout(row)
        line.setContentsMargins(0, 0, 0, 0)
        self.least = QSpinBox()
        self.least.setToolTip(
            "The fewest copies an assembly uses (BurrTools' min; 0: the piece may be left out). BurrTools counts "
            "every assembly that uses between min and max copies"
        )
        self.least.valueChanged.connect(lambda n: self._set_copies(n, None))
        self.to_label = QLabel("to")
        self.count = QSpinBox()
        self.count.valueChanged.connect(lambda n: self._set_copies(None, n))
        self.ranged = QCheckBox("range")
        self.ranged.setToolTip(
            "A count range (BurrTools' min/max): each assembly uses between min and max copies of this piece and "
            "may leave the others unused; the design is then saved as a BurrTools file and counted as BurrTools "
            "counts"
        )
        self.ranged.toggled.connect(self._set_ranged)
        for widget in (self.least, self.to_label, self.count):
            line.addWidget(widget)
        line.addWidget(self.ranged)
        line.addStretch(1)
        return row

    # -- showing -------------------------------------------------------------------------------------------------
    def set_placements(self, placements: tuple[int, ...] | None) -> None:
        self.placements = placements
        self._fill_list()

    def refresh(self) -> None:
        self._syncing = True
        try:
            self._fill_list()
            self._fill_properties()
        finally:
            self._syncing = False

    def _fill_list(self) -> None:
        draft = self.model.draft
        blocked = self.items.blockSignals(True)
        self.items.clear()
        shape = QListWidgetItem(_swatch(SHAPE_COLOUR), f"Shape: {_counted(len(draft.target), 'cell')}")
        self.items.addItem(shape)
        for index, piece in enumerate(draft.pieces):
            copies = f" x{piece.count}" if piece.count > 1 else ""
            if piece.ranged:
                copies = f" x{piece.least}-{piece.count}"
            placed = ""
            if self.placements is not None and index < len(self.placements):
                placed = f", {_counted(self.placements[index], 'placement')}"
            label = f"  ({piece.label})" if piece.label else ""
            groups = ", ".join(str(g) for g, _ in piece.groups)
            grouped = f", group{'s' if len(piece.groups) > 1 else ''} {groups}" if groups else ""
            text = f"{piece.name}  {_counted(len(piece.cells), 'cell')}{copies}{grouped}{placed}{label}"
            self.items.addItem(QListWidgetItem(_swatch(piece.colour), text))
        self.items.setCurrentRow(self.model.item + 1)
        self.items.blockSignals(blocked)

    def _fill_properties(self) -> None:
        draft, item = self.model.draft, self.model.item
        is_piece = item != TARGET
        self.piece_box.setEnabled(is_piece)
        for key in ("copy", "remove"):
            self.buttons[key].setEnabled(is_piece)
        self.buttons["add"].setEnabled(draft.has_free_letter())
        self.puzzle_name.setText(draft.name)
        self.title.setText(draft.title)
        self.mirrors.setChecked(draft.mirrors_same_piece)
        self.twin.clear()
        self.twin.addItem("none", None)
        if not is_piece:
            self.name.clear()
            self.label.clear()
            self.colour.setText("")
            self.colour.setIcon(QIcon())
            self._fill_copies(PieceDraft("", frozenset(), ""))  # the shape has no copies: one number, greyed
            return
        piece = draft.pieces[item]
        self.name.setText(piece.name)
        self.label.setText(piece.label)
        self.colour.setText(piece.colour)
        self.colour.setIcon(_swatch(piece.colour))
        self._fill_copies(piece)
        for other in draft.pieces:
            if other.name != piece.name:
                self.twin.addItem(other.name, other.name)
        self.twin.setCurrentIndex(max(self.twin.findData(piece.mirror_twin), 0))
        self.twin.setEnabled(not draft.mirrors_same_piece)

    def _fill_copies(self, piece: PieceDraft) -> None:
        """One number for a fixed count; min below max with a range (equal would be a fixed count)."""
        ranged = piece.ranged
        self.ranged.setChecked(ranged)
        self.least.setVisible(ranged)
        self.to_label.setVisible(ranged)
        self.count.setRange(piece.least + 1 if ranged else 1, MAX_TARGET_CELLS)
        self.count.setValue(piece.count)
        self.least.setRange(0, max(piece.count - 1, 0))
        self.least.setValue(piece.least)
        self.count.setToolTip(
            "The most copies an assembly uses (BurrTools' max)"
            if ranged
            else "How many identical copies of this piece the puzzle uses (every assembly uses all of them)"
        )

    # -- piece tools ---------------------------------------------------------------------------------------------
    def add_piece(self) -> None:
        draft = self.model.draft
        if draft.has_free_letter():
            self.model.apply(draft.with_new_piece(), "add piece")
            self.model.set_item(len(self.model.draft.pieces) - 1)

    def copy_piece(self) -> None:
        if self.model.item == TARGET:
            return
        piece = self.model.draft.pieces[self.model.item]
        data = {"format": CLIPBOARD_FORMAT, "label": piece.label, "colour": piece.colour, "count": piece.count,
                "minimum": piece.least}  # fmt: skip
        data["cells"] = [list(c) for c in sorted(piece.cells)]
        data["constraint_colours"] = [[*v, c] for v, c in sorted(piece.colours)]
        data["groups"] = [list(g) for g in piece.groups]
        QApplication.clipboard().setText(json.dumps(data))
        self.problem.emit("")

    def paste_piece(self) -> None:
        """Add the piece on the clipboard (copied here, perhaps in another window); other text is refused."""
        try:
            data = json.loads(QApplication.clipboard().text())
            if not isinstance(data, dict) or data.get("format") != CLIPBOARD_FORMAT:
                raise ValueError
            cells = [tuple(int(v) for v in c) for c in data["cells"] if len(c) == 3]
            if not cells or len(cells) > MAX_TARGET_CELLS:
                raise ValueError
            like = PieceDraft("?", normalised(cells), str(data.get("colour", "#808080")), int(data.get("count", 1)))
            like = replace(like, label=str(data.get("label", "")), count=max(1, like.count))
            n_colours = len(self.model.draft.palette)  # colour numbers this design does not have are left out
            colours = [(tuple(int(v) for v in c[:3]), int(c[3])) for c in data.get("constraint_colours", ())]
            like = replace(
                like, colours=frozenset((v, c) for v, c in colours if v in like.cells and 1 <= c <= n_colours)
            )
        except (ValueError, TypeError, KeyError, IndexError):
            self.problem.emit("Nothing to paste: copy a piece first")
            return
        try:
            like = like.with_copies(int(data.get("minimum", like.count)), like.count)
            for group, copies in data.get("groups", ()):
                like = like.with_group(int(group), int(copies))
        except (ValueError, TypeError) as exc:
            self.problem.emit(f"Nothing pasted: {exc}")
            return
        if not self.model.draft.has_free_letter():
            self.problem.emit("Every letter is in use: remove a piece first")
            return
        self.model.apply(self.model.draft.with_new_piece(like=like), "paste piece")
        self.model.set_item(len(self.model.draft.pieces) - 1)
        self.problem.emit("")

    def remove_piece(self) -> None:
        if self.model.item != TARGET:
            self.model.apply(self.model.draft.without_piece(self.model.item), "remove piece")

    def turn(self, axis: str) -> None:
        self.model.apply(self.model.draft.rotated(self.model.item, axis), f"turn about {axis}")

    def mirror(self) -> None:
        self.model.apply(self.model.draft.mirrored(self.model.item), "mirror")

    # -- properties ----------------------------------------------------------------------------------------------
    def _edit_piece(self, **changes) -> None:
        if self._syncing or self.model.item == TARGET:
            return
        piece = self.model.draft.pieces[self.model.item]
        self.model.apply(self.model.draft.with_piece(self.model.item, replace(piece, **changes)), "piece")

    def _set_copies(self, least: int | None, most: int | None) -> None:
        """The chosen piece's copies: ``least`` (None: as it is, or equal to ``most`` without a range) to ``most``
        (None: as it is)."""
        if self._syncing or self.model.item == TARGET:
            return
        piece = self.model.draft.pieces[self.model.item]
        most = piece.count if most is None else most
        least = (piece.least if piece.ranged else most) if least is None else least
        self._apply_copies(piece, least, most)

    def _set_ranged(self, on: bool) -> None:
        """Ticking *range* lets one copy go unused (min one below max); unticking makes every copy used again."""
        if self._syncing or self.model.item == TARGET:
            return
        piece = self.model.draft.pieces[self.model.item]
        self._apply_copies(piece, piece.count - 1 if on else piece.count, piece.count)

    def _apply_copies(self, piece: PieceDraft, least: int, most: int) -> None:
        try:
            changed = piece.with_copies(least, most)
        except ValueError as exc:
            self.problem.emit(str(exc))
            self.refresh()
            return
        self.problem.emit("")
        self.model.apply(self.model.draft.with_piece(self.model.item, changed), "copies")

    def _rename(self) -> None:
        if self._syncing or self.model.item == TARGET:
            return
        name = self.name.text()
        piece = self.model.draft.pieces[self.model.item]
        taken = {p.name for p in self.model.draft.pieces} - {piece.name}
        if not name or not name.isprintable() or name in ".# " or name in taken:
            why = "is already used" if name in taken else "cannot be a piece letter"
            self.problem.emit(f"{name!r} {why}: the piece keeps {piece.name!r}")
            self.name.setText(piece.name)
            return
        self.problem.emit("")
        self._edit_piece(name=name)

    def _choose_colour(self) -> None:
        if self.model.item == TARGET:
            return
        piece = self.model.draft.pieces[self.model.item]
        colour = QColorDialog.getColor(QColor(piece.colour), self, f"Colour of piece {piece.name}")
        if colour.isValid():
            self._edit_piece(colour=colour.name())

    def _set_twin(self, index: int) -> None:
        if self._syncing or self.model.item == TARGET:
            return
        draft, item = self.model.draft, self.model.item
        piece = draft.pieces[item]
        name = self.twin.itemData(index)
        pieces = list(draft.pieces)
        for i, other in enumerate(pieces):  # twins name each other; an old partner is released
            if other.mirror_twin == piece.name or (name is not None and other.name == name):
                pieces[i] = replace(other, mirror_twin=piece.name if other.name == name else None)
        pieces[item] = replace(piece, mirror_twin=name)
        self.model.apply(replace(draft, pieces=tuple(pieces)), "mirror twin")

    def _set_mirrors(self, on: bool) -> None:
        if self._syncing:
            return
        draft = self.model.draft
        pieces = tuple(replace(p, mirror_twin=None) for p in draft.pieces) if on else draft.pieces
        self.model.apply(replace(draft, mirrors_same_piece=on, pieces=pieces), "mirror images")

    def _edit_puzzle(self, **changes) -> None:
        if not self._syncing:
            self.model.apply(replace(self.model.draft, **changes), "puzzle")
