"""Turn animation as plain logic: a queue of turns, each eased from 0 to its angle over a duration.

Qt-free (time comes in as a number) so tests can step it exactly; the view calls `advance(now)` each frame and
reads the angle of the turn in progress. When turns arrive faster than they play, the queue plays faster.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from cubeviz.views.gl.turn_geometry import LayerTurn, layer_turn_of
from solvers.cube.notation import Turn

QUARTER_ANGLE = math.pi / 2
HALF_TURN_TIME_FACTOR = 1.5  # a half turn takes 1.5x a quarter turn, not 2x: it looks natural
MAX_CATCH_UP = 6.0  # at most this many times faster when turns are queued


class AnimationSpeed(Enum):
    """Seconds per quarter turn; INSTANT skips animation (tests, very long algorithms)."""

    SLOW = 0.5
    NORMAL = 0.22
    FAST = 0.1
    INSTANT = 0.0


def ease_in_out(t: float) -> float:
    """Cubic ease-in-out on 0..1: starts and ends at rest, like a hand turn."""
    t = min(max(t, 0.0), 1.0)
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


@dataclass
class _Playing:
    turn: Turn
    layer_turn: LayerTurn
    start: float
    duration: float


class TurnAnimator:
    """Plays queued turns one after another. `on_finished(turn)` fires as each lands (the view then recolours)."""

    def __init__(self, size: int, on_finished: Callable[[Turn], None]) -> None:
        self.size = size
        self.seconds_per_quarter = AnimationSpeed.NORMAL.value
        self._on_finished = on_finished
        self._queue: deque[Turn] = deque()
        self._playing: _Playing | None = None

    @property
    def busy(self) -> bool:
        return self._playing is not None or bool(self._queue)

    @property
    def pending(self) -> int:
        return len(self._queue) + (self._playing is not None)

    def push(self, turn: Turn, now: float) -> None:
        self._queue.append(turn)
        if self.seconds_per_quarter <= 0:
            self.finish_all()
        elif self._playing is None:
            self._start_next(now)

    def clear(self) -> None:
        """Drop everything without landing it (the model jumped; the view resynchronises itself)."""
        self._queue.clear()
        self._playing = None

    def finish_all(self) -> None:
        """Land every queued turn at once."""
        if self._playing is not None:
            playing, self._playing = self._playing, None
            self._on_finished(playing.turn)
        while self._queue:
            self._on_finished(self._queue.popleft())

    def advance(self, now: float) -> tuple[LayerTurn, float] | None:
        """Land what has finished by `now`; return (layer turn, current angle in radians) of the one in progress."""
        while self._playing is not None:
            elapsed = now - self._playing.start
            if elapsed < self._playing.duration:
                fraction = ease_in_out(elapsed / self._playing.duration)
                return self._playing.layer_turn, fraction * self._playing.layer_turn.quarters * QUARTER_ANGLE
            finished, end = self._playing, self._playing.start + self._playing.duration
            self._playing = None
            self._on_finished(finished.turn)
            if self._queue:
                self._start_next(end)  # chained in time: a stalled frame lands several turns at once
        return None

    def _start_next(self, now: float) -> None:
        turn = self._queue.popleft()
        layer_turn = layer_turn_of(turn, self.size)
        duration = self.seconds_per_quarter * (HALF_TURN_TIME_FACTOR if abs(layer_turn.quarters) == 2 else 1.0)
        duration /= min(1.0 + len(self._queue), MAX_CATCH_UP)
        self._playing = _Playing(turn, layer_turn, now, duration)
