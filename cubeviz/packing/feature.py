"""The Packings tab joined to the window: its File and View entries, the last puzzle reloaded, and what it offers
other features (`PuzzleInput`: show a puzzle already read, as the Design tab's Enumerate and a start file do)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from cubeviz.actions import ActionSpec
from cubeviz.packing.browser import DEFAULT_PUZZLE, PackingBrowser
from cubeviz.packing.export import ask_and_export
from cubeviz.settings import PACKING_PUZZLE
from cubeviz.views.burrtools_open import OPEN_FILTER, is_burrtools_file
from cubeviz.views.stl_dialog import ask_and_export_stl, packing_source

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost
    from cubeviz.views.burrtools_open import Chosen
    from solvers.packing import Puzzle

VIEW_ENTRIES = [ActionSpec("packing_show", "Show &Packings", "Ctrl+P")]
FILE_ENTRIES = [  # above File > Quit
    ActionSpec("packing_open_puzzle", "Open Packing P&uzzle..."),
    ActionSpec("packing_open_solutions", "Open Packing So&lutions..."),
    ActionSpec("packing_export_png", "Export Packing View as PNG..."),
    ActionSpec("packing_export_list", "Export Packing Solution List..."),
    ActionSpec("packing_export_animation", "Export Assembly Animation..."),
    ActionSpec("packing_export_stl", "Export Packing as S&TL..."),
]


class PackingsOffer:
    """The browser as other features see it (`host.shared.packings`)."""

    def __init__(self, host: FeatureHost, browser: PackingBrowser) -> None:
        self._host = host
        self._browser = browser

    def show_puzzle(self, puzzle: Puzzle) -> bool:
        if not self._browser.use_puzzle(puzzle):
            return False
        self._host.show_tab(self._browser)
        return True

    def open_burrtools_file(self, path: str | Path) -> bool:
        self._host.show_tab(self._browser)
        return self._browser.open_burrtools_file(path)

    def show_burrtools(self, chosen: Chosen) -> bool:
        self._host.show_tab(self._browser)
        return self._browser.show_burrtools(chosen, enumerate_now=True)


def install(host: FeatureHost) -> None:
    browser = PackingBrowser(host.rng, host.parent_widget)
    host.add_tab(browser, "Packings", with_cube_docks=False)
    settings = host.settings
    last = settings.text(PACKING_PUZZLE, DEFAULT_PUZZLE)
    if last != DEFAULT_PUZZLE:
        browser.open_puzzle_file(last, enumerate_now=False)  # a puzzle gone since says so and keeps the Soma cube
    browser.source.puzzle_chosen.connect(lambda name: settings.set(PACKING_PUZZLE, name))
    browser.status.connect(host.show_status)
    host.on_close(browser.shutdown)

    def show() -> None:
        host.show_tab(browser)

    def open_puzzle() -> None:
        path = settings.open_file_name(host.parent_widget, "puzzles", "Open puzzle file", OPEN_FILTER)
        if path:
            show()
            if browser.open_puzzle_file(path) and not is_burrtools_file(path):  # a file of problems asks again
                settings.set(PACKING_PUZZLE, path)

    def open_solutions() -> None:
        path = settings.open_file_name(
            host.parent_widget, "solutions", "Open solution file", "Solutions (*.json);;All files (*)"
        )
        if path:
            show()
            browser.open_solution_file(path)

    browser.source.open_puzzle.connect(open_puzzle)
    browser.source.open_solutions.connect(open_solutions)
    host.add_actions("View", VIEW_ENTRIES, {"packing_show": show})
    handlers = {
        "packing_open_puzzle": open_puzzle,
        "packing_open_solutions": open_solutions,
        "packing_export_png": lambda: ask_and_export(browser, "png"),
        "packing_export_list": lambda: ask_and_export(browser, "list"),
        "packing_export_animation": lambda: ask_and_export(browser, "anim"),
        "packing_export_stl": lambda: ask_and_export_stl(
            host.parent_widget, settings, host.show_status, lambda: packing_source(browser.model)
        ),
    }
    host.add_actions("File", FILE_ENTRIES, handlers, before="quit")
    host.shared.packings = PackingsOffer(host, browser)
    host.publish("packing_browser", browser)
