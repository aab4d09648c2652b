"""The documentation screenshots of the Insight feature, made by the feature itself so they stay current.

Run: `.venv/bin/python -m cubeviz.insight.screenshots [directory]` (default docs/screenshots; needs a display, e.g.
under xvfb-run). Writes insight-statistics.png (2x2 histograms, log scale, meter), insight-recoloured.png (seed
002's colouring counted) and insight-meter-3x3.png (the bounds while undoing a 3x3 scramble by hand).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PyQt6.QtWidgets import QApplication

from cubeviz.screenshots import open_window, run, save_grab
from cubeviz.views.layout_screenshots import laptop_window_size
from solvers.cube.notation import parse_algorithm

WINDOW_SIZE = laptop_window_size((1366, 768))  # the window as it opens on a common laptop screen
SCRAMBLE_2 = "R U2 F' R' U F2 R U'"
SCRAMBLE_3 = "R U F' D2 L B' U2 R' F D' L2 B"  # long enough for the bounds to part
RECOLOURED_SAMPLE = "YYYYGGGGOOOOOOOOGGGGYYYY"


def _window(size: int):
    window = open_window(size, WINDOW_SIZE)
    window.insight.meter_dock.raise_()
    _settle(window)
    return window


def _settle(window) -> None:
    app = QApplication.instance()
    for _ in range(30):
        app.processEvents()
    window.insight.meter.wait()
    window.insight.stats.wait()
    window.insight.recolour.wait()
    window.wait_for_workers()
    for _ in range(30):
        app.processEvents()


def _undo_by_hand(window, scramble: str, turns: int) -> None:
    """Scramble, then undo the scramble's last `turns` turns one at a time, as a person would."""
    size = window.model.size
    window.model.set_state(parse_algorithm(scramble, size).state(size), f"scramble (random moves): {scramble}")
    for turn in parse_algorithm(scramble, size).inverse().turns[:turns]:
        window.model.apply_turn(turn)


def _save(window, path: Path) -> Path:
    _settle(window)
    return save_grab(window, path)


def save_screenshots(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    window = _window(2)
    try:
        _undo_by_hand(window, SCRAMBLE_2, 6)
        window.tabs.setCurrentWidget(window.insight.tabs)
        window.insight.stats.load()
        window.insight.stats.log_box.setChecked(True)
        paths.append(_save(window, directory / "insight-statistics.png"))
        editor = window.net_editor
        if editor is not None:
            editor.set_recolour_mode(True)
            editor.model.set_colours(
                [int(window.scheme.face_of_letter(c)) for c in RECOLOURED_SAMPLE], "recoloured 2x2"
            )
        window.insight.tabs.setCurrentWidget(window.insight.recolour)
        window.insight.recolour.count(RECOLOURED_SAMPLE)
        paths.append(_save(window, directory / "insight-recoloured.png"))
    finally:
        window.insight.stop()
        window.close()
    window = _window(3)
    try:
        _undo_by_hand(window, SCRAMBLE_3, 7)
        paths.append(_save(window, directory / "insight-meter-3x3.png"))
    finally:
        window.insight.stop()
        window.close()
    return paths


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
