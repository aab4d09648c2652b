"""Screenshots of big cubes in the main window at the window size of a 1366x768 laptop screen: a scrambled 7x7x7
and 17x17x17, each caught mid-way through a wide turn; a 5x5x5 solved by Solve, its answer played part-way and a
block turn caught mid-way; the net editor naming a twisted corner of a 4x4x4.

Run: `.venv/bin/python -m cubeviz.views.gl.big_cube_screenshots [directory]` (default docs/screenshots; needs a
display with OpenGL, e.g. under xvfb-run). Writes big-cube-7.png, big-cube-17.png, big-cube-solve-5.png and
big-cube-editor-4.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PyQt6.QtWidgets import QApplication

from cubeviz.screenshots import open_window, pump, run, save_grab
from cubeviz.views.gl.animation import AnimationSpeed

WINDOW_SIZE = (1366, 768)
SHOTS = ((7, "3Rw"), (17, "6Rw"))  # (size, the wide turn caught mid-way)
MID_TURN_FRACTION = 0.45
SOLVE_SIZE, PLAYED = 5, 24  # the solved cube, and how many of its answer's turns are played before the picture
SOLVE_SECONDS = 120.0


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
    paths.append(_solve_shot(directory))
    paths.append(_editor_shot(directory))
    return paths


def _solve_shot(directory: Path) -> Path:
    """A scrambled 5x5x5 solved by Solve; PLAYED turns of the answer played, the next one caught mid-way."""
    window = open_window(SOLVE_SIZE, WINDOW_SIZE)
    try:
        window.scramble_random_moves()
        feature = window.solve_feature
        ended: list[str] = []
        feature.session.ended.connect(ended.append)
        window.actions["solve"].trigger()
        waited = 0.0
        while not ended and waited < SOLVE_SECONDS:
            pump(0.1)
            waited += 0.1
        if ended != [""]:
            raise RuntimeError(f"the {SOLVE_SIZE}x{SOLVE_SIZE}x{SOLVE_SIZE} solve did not finish: {ended}")
        feature.playback.go_to(PLAYED, animate=False)
        feature.playback.go_to(PLAYED, fraction=MID_TURN_FRACTION)
        pump(0.2)
        return save_grab(window, directory / f"big-cube-solve-{SOLVE_SIZE}.png")
    finally:
        window.close()
        window.deleteLater()


def _editor_shot(directory: Path) -> Path:
    """The Editor tab on a scrambled 4x4x4 with one corner twisted in place: the corners named, the fix offered."""
    import numpy as np

    from solvers.nxn.pieces import CORNER_NAMES, corner_slots

    window = open_window(4, WINDOW_SIZE)
    try:
        window.scramble_random_moves()
        panel = window.net_editor
        window.tabs.setCurrentWidget(panel)
        pump(0.1)
        colours = panel.model.colours
        urf = corner_slots(4)[CORNER_NAMES.index("URF")]
        colours[urf] = np.roll(colours[urf], 1)
        panel.model.set_colours(colours, "twist")
        pump(0.2)
        return save_grab(window, directory / "big-cube-editor-4.png")
    finally:
        window.close()
        window.deleteLater()


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
