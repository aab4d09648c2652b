"""The design being edited: the current draft, which item (shape or piece) is being edited, and an undo stack
whose every step is one whole draft (undo gives back exactly the previous puzzle)."""

from __future__ import annotations

from PyQt6.QtCore import QObject, pyqtSignal
from PyQt6.QtGui import QUndoStack

from cubeviz.design.draft import TARGET, PuzzleDraft
from cubeviz.models.snapshot_command import SnapshotCommand


class DesignModel(QObject):
    """Signals: `changed()` after every edit, undo or redo; `item_changed(int)` when another item is chosen."""

    changed = pyqtSignal()
    item_changed = pyqtSignal(int)

    def __init__(self, draft: PuzzleDraft | None = None, parent=None) -> None:
        super().__init__(parent)
        self.draft = draft or PuzzleDraft.box(3, 3, 3)
        self.item = TARGET
        self.undo_stack = QUndoStack(self)

    def apply(self, draft: PuzzleDraft, text: str) -> None:
        """One undoable edit (nothing happens when the draft is unchanged)."""
        if draft != self.draft:
            self.undo_stack.push(SnapshotCommand(self._show, self.draft, draft, text))

    def replace_all(self, draft: PuzzleDraft, text: str) -> None:
        """A new design (template, opened file): undoable too, and the shape becomes the edited item."""
        self.apply(draft, text)
        self.set_item(TARGET)

    def set_item(self, item: int) -> None:
        item = item if -1 <= item < len(self.draft.pieces) else TARGET
        if item != self.item:
            self.item = item
            self.item_changed.emit(item)

    def _show(self, draft: PuzzleDraft) -> None:
        self.draft = draft
        if self.item >= len(draft.pieces):
            self.set_item(len(draft.pieces) - 1)
        self.changed.emit()
