"""The documentation screenshots of the solution player, made by the app itself so they stay current.

Run: `.venv/bin/python -m cubeviz.solve.screenshots [directory]` (default docs/screenshots; needs a display, e.g.
under xvfb-run). Writes player-3x3-midturn.png (two-phase solution held mid-turn on the scrubber),
player-2x2-distance.png (optimal 2x2 solution part-played, distance read-out, optimal count) and
player-optimal-search.png (a 3x3 optimal search in progress: depth, nodes/s, ETA, proof lines; the status bar's
tables and resident memory) and player-optimal-tables.png (Solve > Optimal Solver Tables open at 1366x768: each
tier's memory and build time).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from cubeviz.screenshots import open_window, pump, run, save_grab
from cubeviz.solve.engine_bridge import SolverChoice
from cubeviz.solve.player_panel import SCRUB_STEPS
from cubeviz.views.layout_screenshots import laptop_window_size
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_state

SCRAMBLE_3 = "D2 F2 U' B2 R2 D' L2 U F2 R' B' D2 U' L' F' R2 U' F2"  # fixed: reproducible pictures
SCRAMBLE_2 = "R U2 F' R2 U' F R' U F2 R U'"
OPTIMAL_SEED = 3  # a random-state cube: the optimal search runs for a long while, its progress is the picture
WINDOW_SIZE = laptop_window_size((1366, 768))  # the window as it opens on a common laptop screen


def _solve(window, choice: SolverChoice, scramble: str, seconds: float | None = None) -> None:
    feature = window.solve_feature
    feature.set_choice(choice)
    feature.session.twophase_seconds = seconds
    window.model.scramble_with_moves(parse_algorithm(scramble, window.model.size), f"scramble: {scramble}")
    feature.solve()
    while feature.session.running:
        pump(0.02)


def _save(window, path: Path) -> Path:
    pump(0.2)
    return save_grab(window, path)


def save_screenshots(directory: Path) -> list[Path]:
    """Render the shots into `directory` (created if needed). A QApplication must exist."""
    return save_player_screenshots(directory) + save_optimal_screenshots(directory)


def save_optimal_screenshots(directory: Path) -> list[Path]:
    """The optimal search in progress and the tables menu (the optimal solver's tables must be in the cache, or
    the picture shows them being built)."""
    directory.mkdir(parents=True, exist_ok=True)
    window = open_window(3, WINDOW_SIZE)
    try:
        feature = window.solve_feature
        feature.set_choice(SolverChoice.OPTIMAL_HTM)
        window.model.set_state(random_state(3, random.Random(OPTIMAL_SEED)), "random state")
        feature.solve()
        pump(8.0)
        paths = [_save(window, directory / "player-optimal-search.png")]
        feature.session.shutdown()
        feature.show_table_memory()
    finally:
        window.close()
        window.deleteLater()
    return [*paths, save_tables_menu(directory / "player-optimal-tables.png")]


def save_player_screenshots(directory: Path) -> list[Path]:
    """A two-phase 3x3 solution held mid-turn, an optimal 2x2 solution part-played."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    window = open_window(3, WINDOW_SIZE)
    try:
        _solve(window, SolverChoice.TWOPHASE, SCRAMBLE_3, seconds=3.0)
        window.solve_feature.panel.scrubber.setValue(int(6.4 * SCRUB_STEPS))
        paths.append(_save(window, directory / "player-3x3-midturn.png"))
    finally:
        window.close()
        window.deleteLater()
    window = open_window(2, WINDOW_SIZE)
    try:
        _solve(window, SolverChoice.POCKET_HTM, SCRAMBLE_2)
        for _ in range(3):
            window.solve_feature.playback.step(1)
        paths.append(_save(window, directory / "player-2x2-distance.png"))
    finally:
        window.close()
        window.deleteLater()
    return paths


def save_tables_menu(path: Path) -> Path:
    """The Solve menu with its Optimal Solver Tables submenu open, grabbed from the screen (menus are windows of
    their own, which a grab of the main window leaves out), cropped to the main window."""
    window = open_window(3, (1366, 768))
    try:
        solve_menu = window.menus["Solve"]
        tables_menu = next(a.menu() for a in solve_menu.actions() if a.menu() and "Tables" in a.text())
        bar = window.menuBar()
        solve_menu.popup(bar.mapToGlobal(bar.actionGeometry(solve_menu.menuAction()).bottomLeft()))
        pump(0.3)
        item = next(a for a in solve_menu.actions() if a.menu() is tables_menu)
        solve_menu.setActiveAction(item)
        tables_menu.popup(solve_menu.mapToGlobal(solve_menu.actionGeometry(item).topRight()))
        pump(0.5)
        frame = window.frameGeometry()
        picture = window.screen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
        tables_menu.close()
        solve_menu.close()
        if not picture.save(str(path)):
            raise OSError(f"could not write {path}")
        return path
    finally:
        window.close()
        window.deleteLater()


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
