"""Browse enumerated polycube packings in 3D: choose or open a puzzle, enumerate in a worker or open a
solution file, switch symmetry levels, browse and filter the list, explode, slice and assemble in 3D, export.

`install(window)` adds the "Packings" tab (the cube's docks give it their room while it is shown), File and View
menu entries, and sets `window.packing_browser`. Nothing is enumerated at start-up (no thread runs until asked):
the last puzzle used (at first the Soma cube) is loaded, ready to enumerate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PyQt6.QtGui import QAction, QKeySequence

from cubeviz.packing.browser import DEFAULT_PUZZLE, PackingBrowser
from cubeviz.packing.export import ask_and_export
from cubeviz.packing.stl_export import ask_and_export_stl
from cubeviz.settings import PACKING_PUZZLE

if TYPE_CHECKING:
    from cubeviz.main_window import MainWindow

__all__ = ["PackingBrowser", "install"]

STATUS_MS = 6000


def install(window: MainWindow) -> None:
    browser = PackingBrowser(window.rng, window)
    index = window.add_tab(browser, "Packings", with_cube_docks=False)
    window.packing_browser = browser
    settings = window.settings
    last = settings.text(PACKING_PUZZLE, DEFAULT_PUZZLE)
    if last != DEFAULT_PUZZLE:
        browser.open_puzzle_file(last, enumerate_now=False)  # a puzzle gone since says so and keeps the Soma cube
    browser.source.puzzle_chosen.connect(lambda name: settings.set(PACKING_PUZZLE, name))
    browser.status.connect(lambda message: window.statusBar().showMessage(message, STATUS_MS))
    window.on_close(browser.shutdown)

    def show() -> None:
        window.tabs.setCurrentIndex(index)

    def open_puzzle() -> None:
        path = settings.open_file_name(window, "puzzles", "Open puzzle file", "Puzzle files (*.json);;All files (*)")
        if path:
            show()
            if browser.open_puzzle_file(path):
                settings.set(PACKING_PUZZLE, path)

    def open_solutions() -> None:
        path = settings.open_file_name(window, "solutions", "Open solution file", "Solutions (*.json);;All files (*)")
        if path:
            show()
            browser.open_solution_file(path)

    entries = (
        ("packing_show", "View", "Show &Packings", "Ctrl+P", show),
        ("packing_open_puzzle", "File", "Open Packing P&uzzle...", None, open_puzzle),
        ("packing_open_solutions", "File", "Open Packing So&lutions...", None, open_solutions),
        ("packing_export_png", "File", "Export Packing View as PNG...", None, lambda: ask_and_export(browser, "png")),
        (
            "packing_export_list",
            "File",
            "Export Packing Solution List...",
            None,
            lambda: ask_and_export(browser, "list"),
        ),
        (
            "packing_export_animation",
            "File",
            "Export Assembly Animation...",
            None,
            lambda: ask_and_export(browser, "anim"),
        ),
        ("export_stl", "File", "Export S&TL...", None, lambda: ask_and_export_stl(window)),
    )
    for name, menu_name, text, shortcut, handler in entries:
        action = QAction(text, window)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(handler)
        menu = window.menus[menu_name]
        quit_action = window.actions.get("quit") if menu_name == "File" else None
        if quit_action is not None:  # File entries go above Quit
            menu.insertAction(quit_action, action)
        else:
            menu.addAction(action)
        window.actions[name] = action
