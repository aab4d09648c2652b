"""Screenshots of big cubes in the main window: a scrambled 7x7x7 and 17x17x17, each caught mid-way through a wide
turn, at the window size of a 1366x768 laptop screen.

Run: `.venv/bin/python -m cubeviz.views.gl.big_cube_screenshots [directory]` (default docs/screenshots; needs a
display with OpenGL, e.g. under xvfb-run). Writes big-cube-7.png and big-cube-17.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PyQt6.QtWidgets import QApplication

from cubeviz.screenshots import open_window, run, save_grab
from cubeviz.views.gl.animation import AnimationSpeed

WINDOW_SIZE = (1366, 768)
SHOTS = ((7, "3Rw"), (17, "6Rw"))  # (size, the wide turn caught mid-way)
MID_TURN_FRACTION = 0.45


def save_screenshots(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for size, turn in SHOTS:
        window = open_window(size, WINDOW_SIZE)
        try:
            window.scramble_random_moves()  # seeded by the window: the same picture every time
            view = window.cube_view
            now = [0.0]
            view.clock = lambda now=now: now[0]
            view.set_speed(AnimationSpeed.SLOW)
            window.model.apply_text(turn)
            now[0] += AnimationSpeed.SLOW.value * MID_TURN_FRACTION
            view.update()
            QApplication.instance().processEvents()
            paths.append(save_grab(window, directory / f"big-cube-{size}.png"))
        finally:
            window.close()
            window.deleteLater()
    return paths


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
