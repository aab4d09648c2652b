"""The documentation screenshots of the 3D view, made by the view itself so they stay current.

Run: `.venv/bin/python -m cubeviz.views.gl.screenshots [directory]` (default docs/screenshots; needs a display,
e.g. under xvfb-run). Writes view3d-solved.png, view3d-scrambled.png, view3d-midturn.png and
view3d-letters-hint.png at 1000x800, and view3d-window.png (the whole main window, for the README).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PyQt6.QtWidgets import QApplication

from cubeviz.models.cube_model import CubeModel
from cubeviz.screenshots import run
from cubeviz.views.gl.animation import AnimationSpeed
from cubeviz.views.gl.cube_view import CubeView

SCRAMBLE = "D2 F2 U' B2 R2 D' L2 U F2 R' B' D2 U' L' F' R2 U' F2"  # any fixed scramble: reproducible pictures
MID_TURN_FRACTION = 0.4  # of the turn's duration: a clearly open cut
DEFAULT_SIZE = (1000, 800)


def save_screenshots(directory: Path, size: tuple[int, int] = DEFAULT_SIZE) -> dict[str, Path]:
    """Render the shots into `directory` (created if needed); returns {name: path}. A QApplication must exist."""
    directory.mkdir(parents=True, exist_ok=True)
    model = CubeModel(3)
    view = CubeView(model)
    view.resize(*size)
    view.set_speed(AnimationSpeed.INSTANT)
    view.show()
    app = QApplication.instance()
    while view.frames_drawn == 0:
        app.processEvents()
    paths: dict[str, Path] = {}

    def shoot(name: str) -> None:
        paths[name] = directory / f"view3d-{name}.png"
        if not view.grabFramebuffer().save(str(paths[name])):
            raise OSError(f"could not write {paths[name]}")

    try:
        shoot("solved")
        model.apply_text(SCRAMBLE)
        shoot("scrambled")
        now = [0.0]
        view.clock = lambda: now[0]
        view.set_speed(AnimationSpeed.SLOW)
        model.apply_text("R")
        now[0] += AnimationSpeed.SLOW.value * MID_TURN_FRACTION
        shoot("midturn")
        view.finish_animation()
        view.set_show_letters(True)
        view.set_show_hint(True)
        shoot("letters-hint")
    finally:
        view.close()
        view.deleteLater()
    return paths


def save_window_screenshot(directory: Path) -> Path:
    """The main window with a scrambled cube and some turns in its history."""
    from cubeviz.main_window import MainWindow  # the window pulls in every feature: only when asked for

    window = MainWindow(3, seed=1)
    window.cube_view.set_speed(AnimationSpeed.INSTANT)
    window.show()
    app = QApplication.instance()
    while window.cube_view.frames_drawn == 0:
        app.processEvents()
    try:
        window.model.scramble_with_moves(_algorithm(SCRAMBLE), f"scramble (random moves): {SCRAMBLE}")
        window.model.apply_text("R U R' U'")
        app.processEvents()
        path = directory / "view3d-window.png"
        if not window.grab().save(str(path)):
            raise OSError(f"could not write {path}")
    finally:
        window.close()
        window.deleteLater()
    return path


def _algorithm(text: str):
    from solvers.cube.notation import parse_algorithm

    return parse_algorithm(text)


def save_documentation_screenshots(directory: Path) -> list[Path]:
    """The view's pictures and the main window's, as docs/ shows them."""
    return [*save_screenshots(directory).values(), save_window_screenshot(directory)]


def main(argv: list[str] | None = None) -> int:
    return run(save_documentation_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
