"""The documentation screenshot of a goal painted in the editor, made by the app itself at a laptop's screen size.

Run: `.venv/bin/python -m cubeviz.editor.screenshots [directory]` (default docs/screenshots; needs a display,
e.g. `xvfb-run -a -s "-screen 0 1366x768x24 +extension GLX"`). Writes goal-editor.png (the cross preset painted in
the editor, one impossible sticker).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from PyQt6.QtWidgets import QApplication

from cubeviz.editor.grey_paint import GREY
from cubeviz.screenshots import open_window, run, save_grab
from cubeviz.views.layout_screenshots import laptop_window_size
from solvers.cube.geometry import Face

SCREEN = laptop_window_size((1366, 768))  # the window as it opens on a common laptop screen
SETTLE_S = 0.2  # events to let the tab and its 3D preview draw before the grab


def save_screenshots(directory: Path) -> list[Path]:
    """Render the shot into `directory` (created if needed). A QApplication must exist."""
    directory.mkdir(parents=True, exist_ok=True)
    window = open_window(3, SCREEN)
    try:
        editor = window.net_editor
        window.tabs.setCurrentWidget(editor)
        editor.goal_presets.picker.set_preset("cross", "D")
        editor.goal_presets.load()
        editor.palette.set_current(GREY)
        editor.model.paint(7, int(Face.D))  # U8 yellow: the UF place would need a piece the cross uses
        end = time.perf_counter() + SETTLE_S
        while time.perf_counter() < end:
            QApplication.instance().processEvents()
            time.sleep(0.01)
        return [save_grab(window, directory / "goal-editor.png")]
    finally:
        window.close()
        window.deleteLater()


if __name__ == "__main__":
    sys.exit(run(save_screenshots, sys.argv[1:]))
