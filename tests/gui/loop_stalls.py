"""The part of a stretch of wall time a busy machine took from the GUI thread, for tests that judge the app on the
clock: the moments the event loop went without a beat (a move due then cannot start before the loop runs again,
whatever the player does), and the time the thread stood ready to run while the CPUs ran other work."""

from __future__ import annotations

import time
from pathlib import Path

from PyQt6.QtCore import QTimer

BEAT_MS = 5
SLACK = 0.02  # seconds between two beats that count as the loop running (a beat, a frame drawn, a tick handled)
SCHEDSTAT = Path("/proc/thread-self/schedstat")  # Linux: ns on a CPU, ns ready to run while others had them, runs


def waited_for_cpu() -> float:
    """Seconds the calling thread has spent ready to run while the machine gave its CPUs to other work (Linux's
    scheduler statistics; 0.0 where the system does not keep them). Unlike a gap in a timer's beats, this never
    includes time the thread spent working or waiting on a lock: a GUI thread frozen by the app does not show here."""
    try:
        return int(SCHEDSTAT.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


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
