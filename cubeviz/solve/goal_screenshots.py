"""The documentation screenshots of goal solves, made by the app itself at a laptop's screen size (1366x768).

Run: `.venv/bin/python -m cubeviz.solve.goal_screenshots [directory]` (default docs/screenshots; needs a display,
e.g. `xvfb-run -a -s "-screen 0 1366x768x24 +extension GLX"`). Writes goal-solve.png (an XCross solve part-played,
the pieces it ignores grey); the editor's own screenshots paint a goal (cubeviz/editor/screenshots.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

from cubeviz.screenshots import open_window, pump, run
from cubeviz.solve.goal_choice import PRESET
from cubeviz.solve.screenshots import SCRAMBLE_3, _save
from cubeviz.views.layout_screenshots import laptop_window_size
from solvers.cube.notation import parse_algorithm

SCREEN = laptop_window_size((1366, 768))  # the window as it opens on a common laptop screen
PLAYED_MOVES = 3


def save_screenshots(directory: Path) -> list[Path]:
    """Render the shots into `directory` (created if needed). A QApplication must exist."""
    directory.mkdir(parents=True, exist_ok=True)
    window = open_window(3, SCREEN)
    try:
        feature = window.solve_feature
        window.model.scramble_with_moves(parse_algorithm(SCRAMBLE_3, 3), f"scramble: {SCRAMBLE_3}")
        feature.goals.choice.set_kind(PRESET)
        feature.goals.choice.picker.set_preset("xcross", "D")
        feature.solve()
        while feature.session.running:
            pump(0.02)
        for _ in range(PLAYED_MOVES):
            feature.playback.step(1)
        paths = [_save(window, directory / "goal-solve.png")]
    finally:
        window.close()
        window.deleteLater()
    return paths


if __name__ == "__main__":
    sys.exit(run(save_screenshots, sys.argv[1:]))
