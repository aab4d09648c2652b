"""The solution being played back: its moves, the state it starts from, and where playback stands (mid-turn too).

Why a model of its own: the move list, the transport buttons, the scrubber, the read-outs and other features (the
distance meter finds it as `host.shared.player`) all follow one position; nothing here touches the
cube model or widgets, so it is tested headless. `position` counts the moves done (0 = start, len = end);
`fraction` in [0, 1) is how far the next move is turned, for a scrubber held mid-turn.
"""

from __future__ import annotations

from PyQt6.QtCore import QObject, pyqtSignal

from cubeviz.models.big_cube import state_after
from solvers.cube.notation import Turn
from solvers.cube.state import CubeState


class PlayerModel(QObject):
    """Signals: `solution_changed()` (new moves or cleared), `position_changed(int)` (also when only the mid-turn
    fraction moved), `revealed_changed(int)` (hint mode: how many moves may be shown)."""

    solution_changed = pyqtSignal()
    position_changed = pyqtSignal(int)
    revealed_changed = pyqtSignal(int)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.moves: tuple[Turn, ...] = ()
        self.labels: tuple[str, ...] = ()
        self.start_state: CubeState | None = None
        self.distances: tuple[int, ...] | None = None
        self.metric = "htm"
        self.length = 0  # in the metric (QTM counts a half turn twice)
        self.position = 0
        self.fraction = 0.0
        self.hint_mode = False
        self._revealed = 0
        self._states: list[CubeState] = []

    # -- reading -------------------------------------------------------------------------------------------------
    @property
    def has_solution(self) -> bool:
        return self.start_state is not None

    @property
    def remaining(self) -> int:
        """Moves (steps) still to play."""
        return len(self.moves) - self.position

    @property
    def state(self) -> CubeState | None:
        """The state at the current whole position (a held mid-turn is not counted)."""
        return self.state_at(self.position) if self.has_solution else None

    def state_at(self, position: int) -> CubeState:
        """The cube after the first `position` moves."""
        return self._states[position]

    def position_of(self, state: CubeState) -> int | None:
        """The position whose state is `state`, the one nearest the current position; None if off the path."""
        hits = [k for k, s in enumerate(self._states) if s == state]
        return min(hits, key=lambda k: abs(k - self.position)) if hits else None

    def distance_at(self, position: int) -> int | None:
        """The exact distance to solved after `position` moves (2x2 solves only)."""
        return None if self.distances is None else self.distances[position]

    @property
    def revealed(self) -> int:
        """How many moves the list may show: all of them, or in hint mode the played ones plus those asked for."""
        return len(self.moves) if not self.hint_mode else max(self._revealed, self.position)

    def text(self) -> str:
        return " ".join(self.labels)

    # -- changing ------------------------------------------------------------------------------------------------
    def set_solution(
        self,
        start: CubeState,
        moves: tuple[Turn, ...],
        labels: tuple[str, ...] | None = None,
        length: int | None = None,
        metric: str = "htm",
        distances: tuple[int, ...] | None = None,
    ) -> None:
        """Load a solution of `start`; playback goes back to its beginning."""
        self.start_state = start
        self.moves = tuple(moves)
        self.labels = tuple(labels) if labels is not None else tuple(t.notation for t in self.moves)
        self.length = len(self.moves) if length is None else length
        self.metric = metric
        self.distances = distances
        self._states = [start]
        for turn in self.moves:
            self._states.append(state_after(self._states[-1], turn))  # a notation Turn or a big cube's BlockTurn
        self.position, self.fraction, self._revealed = 0, 0.0, 0
        self.solution_changed.emit()
        self.position_changed.emit(0)
        self.revealed_changed.emit(self.revealed)

    def clear(self) -> None:
        self.start_state = None
        self.moves, self.labels, self.distances, self._states = (), (), None, []
        self.length, self.position, self.fraction, self._revealed = 0, 0, 0.0, 0
        self.solution_changed.emit()
        self.position_changed.emit(0)

    def set_position(self, position: int, fraction: float = 0.0) -> None:
        """Go to `position` (clamped), optionally `fraction` of the way through the next move."""
        position = max(0, min(len(self.moves), position))
        fraction = 0.0 if position >= len(self.moves) else max(0.0, min(fraction, 0.999))
        if (position, fraction) == (self.position, self.fraction):
            return
        before = self.revealed
        self.position, self.fraction = position, fraction
        self.position_changed.emit(position)
        if self.revealed != before:
            self.revealed_changed.emit(self.revealed)

    def set_hint_mode(self, on: bool) -> None:
        self.hint_mode = on
        self._revealed = self.position
        self.revealed_changed.emit(self.revealed)

    def reveal_next(self) -> Turn | None:
        """Hint "+1": show one more move; returns it (None at the end)."""
        if self.revealed >= len(self.moves):
            return None
        self._revealed = self.revealed + 1
        self.revealed_changed.emit(self.revealed)
        return self.moves[self._revealed - 1]
