"""The Design tab joined to the window: its File entries (open and save a puzzle file), its undo history under
Edit, and Enumerate handed to whatever feature takes puzzles (`host.shared.packings`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cubeviz.actions import ActionSpec
from cubeviz.design.burrtools_design import ask_save_path
from cubeviz.design.designer import Designer
from cubeviz.views.burrtools_open import OPEN_FILTER, Chosen
from cubeviz.views.stl_dialog import ask_and_export_stl, design_source

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost
    from solvers.packing import Puzzle

FILE_ENTRIES = [  # above File > Quit
    ActionSpec("design_open", "Design from Puzzle File..."),
    ActionSpec("design_save", "Save Designed Puzzle..."),
    ActionSpec("design_export_stl", "Export Design as STL..."),
]


def install(host: FeatureHost) -> None:
    designer = Designer(host.parent_widget)
    host.add_tab(designer, "Design", with_cube_docks=False, undo_stack=designer.model.undo_stack)
    settings = host.settings
    designer.status.connect(host.show_status)
    host.on_close(designer.shutdown)

    def enumerate_designed(puzzle: Puzzle | Chosen) -> None:
        packings = host.shared.packings
        if packings is None:
            return
        if isinstance(puzzle, Chosen):  # colour constraints or variable cells: counted as BurrTools counts
            packings.show_burrtools(puzzle)
        else:
            packings.show_puzzle(puzzle)

    designer.enumerate_requested.connect(enumerate_designed)

    def open_design() -> None:
        path = settings.open_file_name(host.parent_widget, "puzzles", "Design from puzzle file", OPEN_FILTER)
        if path:
            host.show_tab(designer)
            designer.start_from(path)

    def save_design() -> None:
        path = ask_save_path(host.parent_widget, settings, designer.model.draft.name)  # .json or .xmpuzzle
        if path:
            designer.save(path)

    def export_stl() -> None:
        ask_and_export_stl(host.parent_widget, settings, host.show_status, lambda: design_source(designer.model.draft))

    handlers = {"design_open": open_design, "design_save": save_design, "design_export_stl": export_stl}
    host.add_actions("File", FILE_ENTRIES, handlers, "quit")
    host.publish("designer", designer)
