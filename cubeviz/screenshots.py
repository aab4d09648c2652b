"""The documentation screenshots, each set made by the feature that draws it, so the pictures stay current.

`python -m cubeviz.screenshots [directory]` remakes all of them (default docs/screenshots; needs a display with
OpenGL, e.g. under xvfb-run); each feature's own `screenshots` module remakes just its set the same way.
"""

from __future__ import annotations

import importlib
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from PyQt6.QtCore import QSettings
from PyQt6.QtWidgets import QApplication, QWidget

DEFAULT_DIRECTORY = Path("docs/screenshots")
# (module, its function that saves its set into a directory and returns the paths); the editor's two pictures are
# made by the GUI test that checks them (see docs/editor.md).
SCREENSHOT_MAKERS = (
    ("cubeviz.views.gl.screenshots", "save_documentation_screenshots"),
    ("cubeviz.views.layout_screenshots", "save_screenshots"),
    ("cubeviz.views.gl.big_cube_screenshots", "save_screenshots"),
    ("cubeviz.solve.screenshots", "save_screenshots"),
    ("cubeviz.solve.goal_screenshots", "save_screenshots"),
    ("cubeviz.editor.screenshots", "save_screenshots"),
    ("cubeviz.packing.screenshots", "save_screenshots"),
    ("cubeviz.design.screenshots", "save_screenshots"),
    ("cubeviz.insight.screenshots", "save_screenshots"),
)


def save_grab(widget: QWidget, path: Path) -> Path:
    """Save what `widget` shows (its children and GL views included) as a PNG; raise if it cannot be written."""
    if not widget.grab().save(str(path)):
        raise OSError(f"could not write {path}")
    return path


def pump(seconds: float = 0.0) -> None:
    """Let Qt handle its events for `seconds` (at least once): workers land, layouts settle, views draw."""
    app = QApplication.instance()
    end = time.perf_counter() + seconds
    app.processEvents()
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.01)


def open_window(size: int, window_size: tuple[int, int]):
    """A main window for an n x n x n cube at `window_size`, turns instant, shown and drawn once."""
    from cubeviz.main_window import MainWindow  # the window pulls in every feature: only when asked for
    from cubeviz.views.gl.animation import AnimationSpeed

    window = MainWindow(size, seed=1)
    window.cube_view.set_speed(AnimationSpeed.INSTANT)
    window.resize(*window_size)
    window.show()
    app = QApplication.instance()
    while window.cube_view.frames_drawn == 0:
        app.processEvents()
    return window


def run(save: Callable[[Path], Iterable[Path]], argv: list[str] | None = None) -> int:
    """Command-line body shared by the screenshot modules: make the pictures in argv[0] and print their paths."""
    argv = sys.argv[1:] if argv is None else argv
    directory = Path(argv[0]) if argv else DEFAULT_DIRECTORY
    app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 - must outlive the windows
    with tempfile.TemporaryDirectory() as settings:  # first-launch layout, whatever this machine's user saved
        QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, settings)
        for path in save(directory):
            print(path)
    return 0


def save_all(directory: Path) -> list[Path]:
    paths: list[Path] = []
    for name, function in SCREENSHOT_MAKERS:
        paths.extend(getattr(importlib.import_module(name), function)(directory))
    return paths


def main(argv: list[str] | None = None) -> int:
    return run(save_all, argv)


if __name__ == "__main__":
    sys.exit(main())
