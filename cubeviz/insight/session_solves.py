"""The 3x3 solutions found in this session, for the solution-length chart.

The solve feature's PlayerModel announces each new solution with `solution_changed()`; this list hears it
through `follow(player)`. A feature without a player can call `record(length)` itself (`window.session_solves`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PyQt6.QtCore import QObject, pyqtSignal

from cubeviz.insight.frames import turns_of

if TYPE_CHECKING:
    from cubeviz.models.player_model import PlayerModel


class SessionSolves(QObject):
    """Lengths (HTM) of the 3x3 solutions of this session; `changed()` after each new one."""

    changed = pyqtSignal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.lengths: list[int] = []
        self._player: PlayerModel | None = None
        self._last_start = None  # a better solution of the same position replaces its entry instead of adding one
        self._last_key: tuple | None = None

    def record(self, length: int) -> None:
        self.lengths.append(int(length))
        self.changed.emit()

    def histogram(self) -> list[int]:
        """Number of solutions of each length 0..longest."""
        counts = [0] * (max(self.lengths) + 1 if self.lengths else 0)
        for length in self.lengths:
            counts[length] += 1
        return counts

    def follow(self, player: PlayerModel) -> None:
        """Record the player's 3x3 solutions: one entry per position solved, holding its latest (best) solution."""
        self._player = player
        player.solution_changed.connect(self._solution_changed)

    def _solution_changed(self) -> None:
        player = self._player
        if player is None:
            return
        moves, start = player.moves, player.start_state
        if not moves or start is None or start.size != 3:
            return
        turns = tuple(turns_of(moves))
        key = (start, turns)
        if key == self._last_key:
            return
        self._last_key = key
        if start == self._last_start and self.lengths:
            self.lengths[-1] = len(turns)
            self.changed.emit()
        else:
            self._last_start = start
            self.record(len(turns))
