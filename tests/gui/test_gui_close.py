"""Closing the window while a worker is held in work it cannot interrupt (a first solve loading its tables): the
window leaves the screen at once, as the X server sees it, the layout is saved, every other worker is told to stop
before that one is waited for, and no worker outlives the close."""

from __future__ import annotations

import threading
import time

from solve_helpers import make_window
from x_windows import XServer

from cubeviz import settings as keys

HIDDEN_WITHIN_S = 0.1  # from the close to the last moment the X server still showed a window of the app
HOLD_S = 3.0  # the held load ends by itself after this, so code that waits for it before hiding fails, not hangs
POLL_S = 0.002


class _HeldLoad:
    """Stands in for the engine: a "table load" that ignores the stop flag until `release` (or HOLD_S)."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.release = threading.Event()
        self.others: list[threading.Event] = []  # stop flags of the other workers
        self.others_told: list[bool] = []  # whether each was set once this load was told to stop

    def events(self, _choice, _state, stop: threading.Event, *_args, **_kwargs):
        self.started.set()
        self.release.wait(HOLD_S)
        stop.wait(HOLD_S)  # the close has come to this worker: it is about to be waited for
        self.others_told = [flag.is_set() for flag in self.others]
        yield from ()


def _preparing(stop: threading.Event) -> None:
    """Stands in for the start-up's loading of the solver: a load that stops when asked."""
    stop.wait(HOLD_S)


class _Watcher(threading.Thread):
    """From `begin()` on, asks the X server every POLL_S whether any of `windows` is mapped; notes the last moment
    one was and whether the load was still held when none was; then releases the load."""

    def __init__(self, windows: list[int], load: _HeldLoad) -> None:
        super().__init__(daemon=True)
        self.windows, self.load = windows, load
        self.closing = threading.Event()
        self.closed_at = 0.0
        self.last_mapped = 0.0
        self.held_when_hidden: bool | None = None

    def begin(self) -> None:
        self.closed_at = time.perf_counter()
        self.closing.set()

    def run(self) -> None:
        server = XServer()
        try:
            self.closing.wait()
            while time.perf_counter() - self.closed_at < HOLD_S:
                asked = time.perf_counter()
                if not any(server.mapped(window) for window in self.windows):
                    self.held_when_hidden = not self.load.release.is_set()
                    break
                self.last_mapped = asked  # the moment of the question: a slow answer never counts against the app
                time.sleep(POLL_S)
        finally:
            server.close()
            self.load.release.set()


def test_closing_during_a_held_table_load_hides_at_once_then_stops_the_worker(qtbot, monkeypatch) -> None:
    load = _HeldLoad()
    monkeypatch.setattr("cubeviz.solve.solve_runner.solve_events", load.events)
    monkeypatch.setattr("solvers.rubik.preparation.load_if_ready", lambda _tables, _report, stop: _preparing(stop))
    window = make_window(qtbot, 3)
    window.solve_feature.prepare_in_background()
    preparing = window.solve_feature._preparing
    load.others.append(preparing.stop_event)
    window.net_dock.setFloating(True)  # a floating dock is a window of its own: it must go too
    qtbot.waitUntil(lambda: window.net_dock.windowHandle() is not None and window.net_dock.windowHandle().isExposed())
    window.model.apply_text("R U F'")
    window.actions["solve"].trigger()
    assert load.started.wait(20)
    worker = window.solve_feature.session.worker
    layout, geometry = window.saveState(), window.saveGeometry()
    watcher = _Watcher([int(window.winId()), int(window.net_dock.winId())], load)
    watcher.start()

    watcher.begin()
    window.close()
    watcher.join()

    assert watcher.held_when_hidden is not None, f"the window was still on screen {HOLD_S} s after the close"
    on_screen = watcher.last_mapped - watcher.closed_at
    assert on_screen < HIDDEN_WITHIN_S, f"the window stayed on screen {on_screen * 1000:.0f} ms after the close"
    assert watcher.held_when_hidden, "the window left the screen only once the worker had returned"
    assert worker.stop_event.is_set() and worker.isFinished() and window.solve_feature.session.worker is None
    assert load.others_told == [True], "another worker was still running untold when the held load was waited for"
    assert preparing.isFinished()
    assert window.settings.bytes(keys.DOCK_STATE) == layout and window.settings.bytes(keys.GEOMETRY) == geometry
