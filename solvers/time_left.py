"""Read-outs of long work for people: the time left from the pace of a progress fraction, sizes and durations.

Shared by the command line's progress line and the app's progress bar, so both estimate and word them alike.
"""

from __future__ import annotations


class TimeLeft:
    """Seconds left for a job, from the pace of its progress fraction over the last `window` seconds.

    Why the recent pace: a build by breadth-first levels does not progress evenly, and the pace of the last
    seconds follows the level being built where the average since the start would lag behind it. No estimate
    (None) until the fraction has moved for MIN_SPAN seconds; between reports the estimate counts down."""

    MIN_SPAN = 3.0
    MIN_GAIN = 0.02

    def __init__(self, window: float = 20.0) -> None:
        self.window = window
        self._points: list[tuple[float, float]] = []

    def add(self, fraction: float, now: float) -> None:
        """Note `fraction` done at time `now` (a fraction below the last one starts a new job)."""
        if self._points and fraction < self._points[-1][1]:
            self._points.clear()
        self._points.append((now, fraction))
        if len(self._points) > 2 and self._points[0][1] == self._points[1][1]:
            self._points.pop(0)  # the job was still starting (compiling its builder): only its last moment counts
        while len(self._points) > 2 and now - self._points[1][0] >= self.window:
            self._points.pop(0)

    def seconds(self, now: float) -> float | None:
        if len(self._points) < 2:
            return None
        (t0, f0), (t1, f1) = self._points[0], self._points[-1]
        if t1 - t0 < self.MIN_SPAN or f1 - f0 < self.MIN_GAIN:
            return None
        return max(0.0, (1.0 - f1) * (t1 - t0) / (f1 - f0) - (now - t1))


def describe_size(count: int) -> str:
    """Bytes for a person: 840 kB, 141 MB, 1.23 GB."""
    if count >= 1e9:
        return f"{count / 1e9:.2f} GB"
    if count >= 1e6:
        return f"{count / 1e6:.0f} MB"
    return f"{max(1, round(count / 1e3))} kB"


def describe_seconds(seconds: float) -> str:
    """A duration for a person: 8 s, 2 min 5 s, 1 h 3 min."""
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60} min"
