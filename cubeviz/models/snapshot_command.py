"""An undo step that swaps whole values: the models that keep immutable snapshots (the net editor's colours, the
designer's drafts) push one per edit, so undo gives back exactly the value before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from PyQt6.QtGui import QUndoCommand

Value = TypeVar("Value")


class SnapshotCommand(QUndoCommand, Generic[Value]):
    """Redo hands `after` to `store`, undo hands it `before`."""

    def __init__(self, store: Callable[[Value], None], before: Value, after: Value, text: str) -> None:
        super().__init__(text)
        self._store, self._before, self._after = store, before, after

    def redo(self) -> None:
        self._store(self._after)

    def undo(self) -> None:
        self._store(self._before)
