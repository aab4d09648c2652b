"""Helpers of the Solve GUI tests: a window with the Solve feature, running a solve to its end, pixel differences."""

from __future__ import annotations

import time

import numpy as np
import pytestqt.exceptions
from PyQt6.QtGui import QImage
from PyQt6.QtWidgets import QApplication

from cubeviz.main_window import MainWindow
from cubeviz.views.gl.animation import AnimationSpeed

# A first solve in a test process loads its tables and compiled search from the caches: seconds on a quiet machine,
# a minute and more on a busy one. The wait ends as soon as the solve does; only a solve that hangs uses it all.
SOLVE_TIMEOUT_MS = 180_000


def make_window(qtbot, size: int, seed: int = 7) -> MainWindow:
    window = MainWindow(size, seed=seed)
    window.cube_view.set_speed(AnimationSpeed.INSTANT)
    feature = window.solve_feature
    feature.session.heuristic = "compact"  # short optimal solves: the small tables, built in a second
    feature.session.twophase_seconds = 1.0
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window, timeout=20_000)
    return window


def solve_and_wait(qtbot, window: MainWindow) -> str:
    """Trigger Solve from the menu action and wait for the run to end; returns the end status ("" = finished)."""
    ended: list[str] = []
    window.solve_feature.session.ended.connect(ended.append)
    window.actions["solve"].trigger()
    progress = window.solve_feature.dock.progress
    try:
        qtbot.waitUntil(lambda: bool(ended), timeout=SOLVE_TIMEOUT_MS)
    except pytestqt.exceptions.TimeoutError as timeout:  # where it stood: a hang or a slow preparation
        raise AssertionError(
            f"the solve did not end in {SOLVE_TIMEOUT_MS // 1000} s; it was {progress.stage.value}: "
            f"{progress.status.text()!r} {progress.search.text()!r}"
        ) from timeout
    return ended[0]


def frame(window: MainWindow) -> np.ndarray:
    image = window.cube_view.grabFramebuffer().convertToFormat(QImage.Format.Format_RGB888)
    width, height = image.width(), image.height()
    data = np.frombuffer(image.constBits().asstring(image.sizeInBytes()), dtype=np.uint8)
    return data.reshape(height, image.bytesPerLine())[:, : width * 3].reshape(height, width, 3).copy()


def changed_pixels(a: np.ndarray, b: np.ndarray) -> int:
    return int(np.count_nonzero(np.abs(a.astype(int) - b.astype(int)).sum(axis=2) > 60))


def pump(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        QApplication.processEvents()
        time.sleep(0.005)
