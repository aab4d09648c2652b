"""When the GUI thread's event loop could not run: a timer beating beside a test, whose missing beats show the moments
a busy machine (or anything else) held the loop. Pace tests leave those moments out of the time they judge: a move
due while the loop was held cannot start before the loop runs again, whatever the player does."""

from __future__ import annotations

import time

from PyQt6.QtCore import QTimer

BEAT_MS = 5
SLACK = 0.02  # seconds between two beats that count as the loop running (a beat, a frame drawn, a tick handled)


class LoopStalls:
    """Beats every BEAT_MS from construction until `stop()`; `within(start, end)` is how long, between those two
    `time.perf_counter()` moments, the loop went without a beat beyond SLACK."""

    def __init__(self) -> None:
        self.beats: list[float] = [time.perf_counter()]
        self.timer = QTimer()
        self.timer.setInterval(BEAT_MS)
        self.timer.timeout.connect(lambda: self.beats.append(time.perf_counter()))
        self.timer.start()

    def stop(self) -> None:
        self.timer.stop()
        self.beats.append(time.perf_counter())

    def within(self, start: float, end: float) -> float:
        held = 0.0
        for before, after in zip(self.beats, self.beats[1:], strict=False):
            lost_from = before + SLACK  # a gap's time beyond the slack, where it overlaps [start, end]
            held += max(0.0, min(after, end) - max(lost_from, start))
        return held
