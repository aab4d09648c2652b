"""The cube being shown: its size, state and move history, with every change undoable through a QUndoStack.

Why a QObject: the views need change signals and the undo stack is Qt's; but nothing here touches widgets or
OpenGL, so the model is driven headless in tests exactly as the GUI drives it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum

from PyQt6.QtCore import QObject, pyqtSignal
from PyQt6.QtGui import QUndoCommand, QUndoStack

from cubeviz.models.big_cube import (
    AnyAlgorithm,
    AnyState,
    algorithm_of,
    check_size,
    parse_for_size,
    solved_state,
)
from solvers.cube.notation import Turn


class EntryKind(Enum):
    """What a history entry records: the history text prints scrambles and resets as comments."""

    TURNS = "turns"
    SCRAMBLE = "scramble"
    RESET = "reset"


@dataclass(frozen=True)
class HistoryEntry:
    """One undoable step: the turns it performed (empty for a jump) and the states either side. On a big cube the
    turns are the engine's `BlockTurn`s and the states `NxNState`s (see big_cube.py)."""

    kind: EntryKind
    text: str
    turns: tuple[Turn, ...]
    before: AnyState
    after: AnyState


class CubeModel(QObject):
    """Size, state and history of the cube. Every mutation goes through the undo stack.

    Signals: `turned(Turn)` for each single turn (views animate it), `state_reset()` when the state jumps without
    turns to animate (scramble by state, reset, size switch), `changed()` after any change (read-outs refresh).
    """

    turned = pyqtSignal(object)
    state_reset = pyqtSignal()
    changed = pyqtSignal()
    size_changed = pyqtSignal(int)

    def __init__(self, size: int = 3, parent: QObject | None = None) -> None:
        super().__init__(parent)
        check_size(size)
        self._size = size
        self._state = solved_state(size)
        self._history: list[HistoryEntry] = []
        self.undo_stack = QUndoStack(self)
        self._quiet = 0  # inside `quietly()`: changes are announced once, at the end
        self._held_back = False

    # -- reading -------------------------------------------------------------------------------------------------
    @property
    def size(self) -> int:
        return self._size

    @property
    def state(self) -> AnyState:
        return self._state

    @property
    def history(self) -> tuple[HistoryEntry, ...]:
        return tuple(self._history)

    def is_solved(self) -> bool:
        return self._state.is_solved()

    def history_text(self) -> str:
        """The history as copyable text: turns in WCA notation, scrambles and resets as `//` comment lines."""
        lines: list[str] = []
        current: list[str] = []
        for entry in self._history:
            if entry.kind is EntryKind.TURNS:
                current.append(entry.text)
                continue
            if current:
                lines.append(" ".join(current))
                current = []
            lines.append(f"// {entry.text}")
        if current:
            lines.append(" ".join(current))
        return "\n".join(lines)

    def current_scramble(self) -> str:
        """The text of the scramble the cube is in ("" if there is none since the last reset or size switch)."""
        for entry in reversed(self._history):
            if entry.kind is EntryKind.SCRAMBLE:
                return entry.text.split(": ", 1)[-1]
            if entry.kind is EntryKind.RESET:
                return ""
        return ""

    def moves_since_scramble(self) -> tuple[Turn, ...]:
        """The turns done after the last scramble or reset (what the person did to solve it)."""
        turns: list[Turn] = []
        for entry in self._history:
            if entry.kind is EntryKind.TURNS:
                turns.extend(entry.turns)
            else:
                turns = []
        return tuple(turns)

    # -- changing (each pushes one undo command) ----------------------------------------------------------------
    def apply_turn(self, turn: Turn) -> None:
        """One hand or keyboard turn."""
        self.apply_algorithm(algorithm_of([turn], self._size))

    def apply_text(self, text: str) -> AnyAlgorithm:
        """Parse and apply an algorithm; raises NotationError (with .position) when the text cannot be read."""
        algorithm = parse_for_size(text, self._size)
        if len(algorithm):
            self.apply_algorithm(algorithm)
        return algorithm

    def apply_algorithm(self, algorithm: AnyAlgorithm, kind: EntryKind = EntryKind.TURNS, label: str = "") -> None:
        turns = tuple(algorithm.turns)
        after = algorithm.state(self._size, start=self._state)
        text = label or str(algorithm)
        entry = HistoryEntry(kind, text, turns, self._state, after)
        self.undo_stack.push(_EntryCommand(self, entry, animate=True))

    def scramble_with_moves(self, algorithm: AnyAlgorithm, label: str) -> None:
        """A random-move scramble: the turns are applied (and animated), recorded as one scramble entry."""
        self.apply_algorithm(algorithm, EntryKind.SCRAMBLE, label)

    def set_state(self, state: AnyState, label: str) -> None:
        """Jump to `state` (random-state scramble, editor input) as one undoable scramble entry."""
        if state.size != self._size:
            raise ValueError(f"a {state.size}x{state.size} state on a {self._size}x{self._size} model")
        entry = HistoryEntry(EntryKind.SCRAMBLE, label, (), self._state, state)
        self.undo_stack.push(_EntryCommand(self, entry, animate=False))

    def reset(self) -> None:
        """Back to solved, undoably."""
        entry = HistoryEntry(EntryKind.RESET, "reset", (), self._state, solved_state(self._size))
        self.undo_stack.push(_EntryCommand(self, entry, animate=False))

    def set_size(self, size: int) -> None:
        """Switch puzzle: a fresh solved cube with an empty history (undo does not cross puzzles)."""
        check_size(size)
        if size == self._size:
            return
        self.undo_stack.clear()
        self._size = size
        self._state = solved_state(size)
        self._history.clear()
        self.size_changed.emit(size)
        self.state_reset.emit()
        self.changed.emit()

    @contextmanager
    def quietly(self) -> Iterator[None]:
        """Changes made inside (each still its own undo step) are announced once at the end, as a jump: a player
        jumping over thousands of a big cube's turns would otherwise redraw every listener once per turn."""
        self._quiet += 1
        try:
            yield
        finally:
            self._quiet -= 1
            if not self._quiet and self._held_back:
                self._held_back = False
                self.state_reset.emit()
                self.changed.emit()

    # -- used by the undo commands ------------------------------------------------------------------------------
    def _do(self, entry: HistoryEntry, animate: bool) -> None:
        self._history.append(entry)
        self._state = entry.after
        self._announce(entry.turns, animate)

    def _undo(self, entry: HistoryEntry, animate: bool) -> None:
        popped = self._history.pop()
        assert popped is entry, "undo must pop the entry it pushed"
        self._state = entry.before
        self._announce(tuple(turn.inverse() for turn in reversed(entry.turns)), animate)

    def _announce(self, turns: tuple[Turn, ...], animate: bool) -> None:
        if self._quiet:
            self._held_back = True
            return
        if animate and turns:
            for turn in turns:
                self.turned.emit(turn)
        else:
            self.state_reset.emit()
        self.changed.emit()


class _EntryCommand(QUndoCommand):
    def __init__(self, model: CubeModel, entry: HistoryEntry, animate: bool) -> None:
        super().__init__(entry.text if entry.kind is EntryKind.TURNS else entry.text.split(":")[0])
        self._model = model
        self._entry = entry
        self._animate = animate

    def redo(self) -> None:
        self._model._do(self._entry, self._animate)

    def undo(self) -> None:
        self._model._undo(self._entry, self._animate)
