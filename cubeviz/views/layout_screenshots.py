"""Screenshots of the whole window on a laptop's screen: every page, at the size the window opens with on a 1280x720
and a 1366x768 screen, after a 3x3 scramble and a two-phase solve (the Solve dock full).

`python -m cubeviz.views.layout_screenshots [directory]` (needs a display with OpenGL, e.g. under xvfb-run) writes
layout-<screen>-<page>.png for the pages Cube, Editor, Packings, Design and Insight.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PyQt6.QtCore import QRect

from cubeviz.screenshots import open_window, pump, run, save_grab
from cubeviz.views.fit import first_launch_geometry
from solvers.cube.notation import parse_algorithm

SCREENS = ((1280, 720), (1366, 768))
SCRAMBLE = "D2 F2 U' B2 R2 D' L2 U F2 R' B' D2 U' L' F' R2 U' F2"  # fixed: reproducible pictures
SOLVE_SECONDS = 2.0
PAGES = ("Cube", "Editor", "Packings", "Design", "Insight")


def laptop_window_size(screen: tuple[int, int]) -> tuple[int, int]:
    """The size the window opens with on a screen of `screen` pixels (its first-launch size)."""
    rect = first_launch_geometry(QRect(0, 0, *screen))
    return rect.width(), rect.height()


def save_screenshots(directory: Path) -> list[Path]:
    """Render the shots into `directory` (created if needed). A QApplication must exist."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for screen in SCREENS:
        window = open_window(3, laptop_window_size(screen))
        try:
            window.model.scramble_with_moves(parse_algorithm(SCRAMBLE), f"scramble: {SCRAMBLE}")
            feature = window.solve_feature
            feature.session.twophase_seconds = SOLVE_SECONDS
            feature.solve()
            while feature.session.running:
                pump(0.02)
            feature.playback.step(1)
            pages = {window.tabs.tabText(i): i for i in range(window.tabs.count())}
            for page in PAGES:
                window.tabs.setCurrentIndex(pages[page])
                pump(1.0 if page == "Insight" else 0.3)  # the Insight page loads the 2x2 tables in a worker
                if page == "Insight":
                    window.insight.stats.wait()
                    pump(0.3)
                name = f"layout-{screen[0]}x{screen[1]}-{page.lower()}.png"
                paths.append(save_grab(window, directory / name))
            window.tabs.setCurrentIndex(pages["Cube"])
        finally:
            window.close()
            window.deleteLater()
    return paths


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
