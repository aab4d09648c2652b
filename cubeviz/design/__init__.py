"""Design packing puzzles: the "Design" tab (shape and pieces painted layer by layer or clicked on in 3D, live
checks, placements per piece, an estimate of the search) with File menu entries to open and save puzzle files.

`install(window)` adds the tab (Edit > Undo and Redo act on the design while it is shown) and sets
`window.designer`. Enumerate hands the puzzle to the Packings tab, so this feature comes after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PyQt6.QtGui import QAction

from cubeviz.design.burrtools_design import ask_save_path
from cubeviz.design.designer import Designer
from cubeviz.packing.burrtools_open import OPEN_FILTER

if TYPE_CHECKING:
    from cubeviz.main_window import MainWindow

__all__ = ["Designer", "install"]

INSTALL_AFTER = ("cubeviz.packing",)  # Enumerate shows the designed puzzle in the packing browser
STATUS_MS = 6000


def install(window: MainWindow) -> None:
    designer = Designer(window)
    index = window.add_tab(designer, "Design", with_cube_docks=False, undo_stack=designer.model.undo_stack)
    window.designer = designer
    settings = window.settings
    designer.status.connect(lambda message: window.statusBar().showMessage(message, STATUS_MS))
    window.on_close(designer.shutdown)

    def enumerate_designed(puzzle) -> None:
        browser = window.packing_browser
        if browser is not None and browser.use_puzzle(puzzle):
            window.tabs.setCurrentWidget(browser)

    designer.enumerate_requested.connect(enumerate_designed)

    def open_design() -> None:
        path = settings.open_file_name(window, "puzzles", "Design from puzzle file", OPEN_FILTER)
        if path:
            window.tabs.setCurrentIndex(index)
            designer.start_from(path)

    def save_design() -> None:
        path = ask_save_path(window, settings, designer.model.draft.name)  # .json or .xmpuzzle
        if path:
            designer.save(path)

    for name, text, handler in (
        ("design_open", "Design from Puzzle File...", open_design),
        ("design_save", "Save Designed Puzzle...", save_design),
    ):
        action = QAction(text, window)
        action.triggered.connect(handler)
        quit_action = window.actions.get("quit")
        if quit_action is not None:  # File entries go above Quit
            window.menus["File"].insertAction(quit_action, action)
        else:
            window.menus["File"].addAction(action)
        window.actions[name] = action
