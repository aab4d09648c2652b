"""BurrTools' piece groups and maxHoles in the designer's side panel: the chosen piece's groups (a group number and
how many of the piece's copies may be in it, as BurrTools' group editor keeps them) on the Piece page, and the
bound on empty cells on the Puzzle page. Every change is one undoable step of the model."""

from __future__ import annotations

from dataclasses import replace

from PyQt6.QtCore import QRegularExpression, pyqtSignal
from PyQt6.QtGui import QRegularExpressionValidator
from PyQt6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget

from cubeviz.design.design_model import DesignModel
from cubeviz.design.draft import TARGET, PieceDraft
from cubeviz.design.review import hole_note

MAX_GROUP = 65535  # BurrTools keeps group numbers and their copies as unsigned shorts


def groups_text(piece: PieceDraft) -> str:
    """The piece's groups in words: ``group 1 (2 copies), group 3 (1 copy)``."""
    return ", ".join(f"group {g} ({n} cop{'y' if n == 1 else 'ies'})" for g, n in piece.groups)


class GroupRow(QWidget):
    """The chosen piece's groups: choose a group number, set how many copies of the piece may be in it (0: not in
    it); the line below lists every group of the piece. Signals: `problem(str)` when an edit is refused."""

    problem = pyqtSignal(str)

    def __init__(self, model: DesignModel, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        self._syncing = False
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        line = QHBoxLayout()
        self.group = QSpinBox()
        self.group.setRange(1, MAX_GROUP)
        self.group.setPrefix("group ")
        self.group.setToolTip("The group to put copies of this piece in, or take them out of (numbered from 1)")
        self.group.valueChanged.connect(lambda _n: self.refresh())
        self.copies = QSpinBox()
        self.copies.setSuffix(" in it")
        self.copies.setToolTip(
            "How many copies of this piece may be in the group (0: none). When the puzzle is taken apart, a part "
            "whose pieces can all be put in one group need not come apart further (a cage of several frames), as "
            "BurrTools decides; groups do not change the assemblies"
        )
        self.copies.valueChanged.connect(self._set_copies)
        line.addWidget(self.group)
        line.addWidget(self.copies)
        line.addStretch(1)
        column.addLayout(line)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setToolTip("Every group this piece is in, with the copies that may be in each")
        column.addWidget(self.summary)
        model.changed.connect(self.refresh)
        model.item_changed.connect(lambda _item: self.show_piece())
        self.show_piece()

    def show_piece(self) -> None:
        """A newly chosen piece shows its first group (group 1 when it has none)."""
        piece = self._piece()
        if piece is not None and piece.groups and piece.copies_in(self.group.value()) == 0:
            blocked = self.group.blockSignals(True)
            self.group.setValue(min(max(piece.groups[0][0], 1), MAX_GROUP))
            self.group.blockSignals(blocked)
        self.refresh()

    def refresh(self) -> None:
        piece = self._piece()
        self._syncing = True
        try:
            if piece is None:
                self.copies.setRange(0, 0)
                self.summary.setText("")
                return
            held = piece.copies_in(self.group.value())
            self.copies.setRange(0, max(piece.count, held))
            self.copies.setValue(held)
            self.summary.setText(groups_text(piece) or "in no group: comes apart on its own")
        finally:
            self._syncing = False

    def _piece(self) -> PieceDraft | None:
        item = self.model.item
        return None if item == TARGET else self.model.draft.pieces[item]

    def _set_copies(self, copies: int) -> None:
        piece = self._piece()
        if self._syncing or piece is None:
            return
        try:
            changed = piece.with_group(self.group.value(), copies)
        except ValueError as exc:
            self.problem.emit(str(exc))
            self.refresh()
            return
        self.problem.emit("")
        self.model.apply(self.model.draft.with_piece(self.model.item, changed), "piece group")


class HolesRow(QWidget):
    """maxHoles of the design: a number, or empty for no limit; the line below says whether it counts here."""

    problem = pyqtSignal(str)

    def __init__(self, model: DesignModel, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        self.holes = QLineEdit()
        self.holes.setPlaceholderText("no limit")
        # digits or nothing: empty is an accepted value (no limit), so clearing the field ends its editing too
        self.holes.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,9}"), self.holes))
        self.holes.setToolTip(
            "BurrTools' maxHoles: the most variable (+) cells of the shape an assembly may leave empty; empty: no "
            "limit. Only + cells can stay empty, and it counts only when a piece has a count range"
        )
        self.holes.editingFinished.connect(self._edited)
        column.addWidget(self.holes)
        self.note = QLabel()
        self.note.setWordWrap(True)
        column.addWidget(self.note)
        model.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        draft = self.model.draft
        text = "" if draft.max_holes is None else str(draft.max_holes)
        if self.holes.text() != text:
            self.holes.setText(text)
        self.note.setText(hole_note(draft))

    def _edited(self) -> None:
        text = self.holes.text().strip()
        holes = int(text) if text else None
        if holes != self.model.draft.max_holes:
            self.problem.emit("")
            self.model.apply(replace(self.model.draft, max_holes=holes), "max holes")
