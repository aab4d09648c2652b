"""The main window as the GUI tests that type shortcuts and click it need it, and a read of what a window shows once
its layout holds still."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

import pytestqt.exceptions

from cubeviz.main_window import MainWindow
from cubeviz.views.gl.animation import AnimationSpeed

ACTIVATION_ATTEMPTS = 8
ACTIVATION_WAIT_MS = 2500
LOOK_MS = 10
SETTLE_MS = 20_000
HOLD_MS = 150  # a value unchanged this long (looks every LOOK_MS) is taken as settled

T = TypeVar("T")


def active_main_window(qtbot, size: int, seed: int) -> MainWindow:
    """A shown main window with instant turns, made the active window: shortcuts only reach the active window.

    Xvfb has no window manager, so nothing else hands out the focus; on a busy display one request can be lost
    (the window not yet mapped, or a window of the previous test taking its deferred activation late), so the
    request is repeated until the window is active (20 s in all before the test fails)."""
    window = MainWindow(size, seed=seed)
    window.cube_view.set_speed(AnimationSpeed.INSTANT)
    qtbot.addWidget(window)
    window.show()
    for _ in range(ACTIVATION_ATTEMPTS):
        window.raise_()
        window.activateWindow()
        try:
            qtbot.waitUntil(window.isActiveWindow, timeout=ACTIVATION_WAIT_MS)
        except pytestqt.exceptions.TimeoutError:
            continue
        return window
    raise AssertionError(f"the main window never became active ({ACTIVATION_ATTEMPTS} requests)")


def settled(qtbot, read: Callable[[], T]) -> T:
    """What `read()` gives once it has given the same for HOLD_MS with the event loop running: a layout after a
    change settles over several passes of the loop, some of them posted or timed, and a busy machine may run only
    one pass in a fixed short wait, so a fixed wait (or two quick looks) can read it half way."""
    deadline = time.monotonic() + SETTLE_MS / 1000
    last, since = read(), time.monotonic()
    while True:
        qtbot.wait(LOOK_MS)
        now = read()
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= HOLD_MS / 1000:
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"still changing after {SETTLE_MS} ms: now {now}")
