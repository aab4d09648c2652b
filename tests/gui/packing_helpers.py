"""The Packings tab as its BurrTools tests drive it: a main window showing it with the warnings it raises collected,
BurrTools example files opened there, and a timer that tells whether the event loop kept running while a worker
searched."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from loop_stalls import waited_for_cpu
from PyQt6.QtCore import QTimer
from PyQt6.QtWidgets import QMessageBox
from solve_helpers import make_window

from cubeviz.main_window import MainWindow

EXAMPLES = Path("/work/peers/burr-tools/examples")
TICK_MS = 20
LONGEST_GAP = 0.5  # seconds the event loop may go without a tick while a search runs (a frozen GUI: seconds)


@contextmanager
def packings_window(qtbot, monkeypatch) -> Iterator[MainWindow]:
    """A laptop-sized main window on its Packings tab, closed afterwards; its warnings are kept in `test_warnings`,
    not shown."""
    window = make_window(qtbot, 3)
    window.resize(1366, 768)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    window.test_warnings = warnings
    window.tabs.setCurrentWidget(window.packing_browser)
    try:
        yield window
    finally:
        window.close()


def played_assembly(qtbot, browser, timeout: int = 20_000):
    """The piece-by-piece timeline the view plays once the assembly order is known. An order found within the
    player's time on the GUI thread plays at once, a longer search goes to a worker; on a busy machine a search of a
    millisecond can overrun that time (it is wall time), so the timeline is waited for, never assumed."""
    panel = browser.view_panel
    qtbot.waitUntil(lambda: not panel.order_search.running and browser.view.item.assembly is not None, timeout=timeout)
    return browser.view.item.assembly


def open_burrtools(qtbot, window: MainWindow, path: Path, *, enumerate_now: bool, timeout: int):
    """Open a BurrTools file in the Packings tab (skipped where the examples are not on the machine), without a
    warning, and wait for its worker; the packing browser."""
    if not path.exists():
        pytest.skip("the BurrTools examples are not on this machine")
    browser = window.packing_browser
    assert browser.open_burrtools_file(path, enumerate_now) and window.test_warnings == []
    qtbot.waitUntil(lambda: browser.worker is None, timeout=timeout)
    return browser


class Ticks:
    """A 20 ms QTimer started at once: while a worker searches, the ticks it gets show the event loop kept turning.
    Each tick also notes how long the GUI thread had waited for a CPU (a busy machine's time, never the app's)."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.waits: list[float] = []
        self.timer = QTimer()
        self.timer.timeout.connect(self._tick)
        self.timer.start(TICK_MS)
        self.start = time.perf_counter()
        self.start_wait = waited_for_cpu()
        self.took = 0.0
        self.end_wait = 0.0

    def _tick(self) -> None:
        self.times.append(time.perf_counter())
        self.waits.append(waited_for_cpu())

    def stop(self) -> None:
        """Stop the timer; `took` is the time since it started."""
        self.took = time.perf_counter() - self.start
        self.end_wait = waited_for_cpu()
        self.timer.stop()

    def assert_kept_ticking(self, longer_than: float) -> None:
        """The search took longer than `longer_than` seconds (so the check means something) and the event loop
        never went LONGEST_GAP without a tick, counting from the start to the first tick and from the last to the
        end, less the time in that gap the GUI thread stood ready while the machine ran other work: a GUI frozen by
        the search (working, or blocked on the search) shows as one long gap, however loaded the machine."""
        marks = [self.start, *self.times, self.start + self.took]
        waits = [self.start_wait, *self.waits, self.end_wait]
        gaps = [(b - a) - (v - u) for a, b, u, v in zip(marks, marks[1:], waits, waits[1:], strict=False)]
        assert self.took > longer_than and len(self.times) >= 2 and max(gaps) < LONGEST_GAP, (self.took, max(gaps))


def searched_in_a_worker(
    qtbot,
    panel,
    button,
    search,
    *,
    started: Callable[[], bool],
    longer_than: float,
    timeout: int,
    while_searching: Callable[[], None] | None = None,
) -> None:
    """Press the player's `button` and follow the `search` it starts (the panel's order or moves search): it runs,
    `started()` holds at once, the busy bar and Cancel show and Play is off until it ends (`while_searching()` runs
    then), the event loop keeps ticking all along, and at the end the busy bar goes and Play comes back."""
    ticks = Ticks()
    button.click()
    assert search.running and started()
    qtbot.waitUntil(lambda: panel.searching.isVisible() and panel.cancel_search.isVisible(), timeout=20_000)
    assert not panel.buttons["play"].isEnabled()  # nothing to play until the search ends
    if while_searching is not None:
        while_searching()
    qtbot.waitUntil(lambda: not search.running, timeout=timeout)
    ticks.stop()
    ticks.assert_kept_ticking(longer_than)
    assert not panel.searching.isVisible() and panel.buttons["play"].isEnabled()
