"""BurrTools files in the Design tab: a problem's pieces and result shape become a draft (constraint colours, colour
pairs, variable cells and count ranges kept), and a design is written as a `.xmpuzzle` file of one problem; the
save dialog. The conversions themselves are Qt-free, in ``draft_burrtools``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PyQt6.QtWidgets import QFileDialog, QWidget

from cubeviz.design.draft import PuzzleDraft
from cubeviz.design.draft_burrtools import burrtools_file, draft_from_problem
from cubeviz.views.burrtools_open import SUFFIX, Chosen
from solvers.packing.burrtools_io import write_burrtools

if TYPE_CHECKING:
    from cubeviz.settings import Settings


def draft_from_burrtools(chosen: Chosen) -> PuzzleDraft:
    """The draft of one problem of a file (see :func:`draft_from_problem`), counts as the file writes them."""
    return draft_from_problem(chosen.problem, chosen.stored.parts)


def write_design_burrtools(path: str | Path, draft: PuzzleDraft) -> None:
    """Write the design as a BurrTools file (gzip, as BurrTools writes them). PackingError when the design is no
    valid puzzle or has no BurrTools equivalent (one-handed pieces that may be reflected); OSError when the file
    cannot be written."""
    write_burrtools(path, burrtools_file(draft))


JSON_FILTER = "Puzzle files (*.json)"
BURRTOOLS_FILTER = "BurrTools puzzles (*.xmpuzzle)"


def ask_save_path(parent: QWidget, settings: Settings, name: str) -> str:
    """The save dialog for a design ("" when cancelled). The file's extension chooses the format; a name without
    one of ours gets the extension of the filter chosen, so choosing BurrTools puzzles writes a `.xmpuzzle` file."""
    folder = settings.directory("puzzles")
    proposed = str(Path(folder) / f"{name}.json") if folder else f"{name}.json"
    path, chosen = QFileDialog.getSaveFileName(
        parent, "Save designed puzzle", proposed, f"{JSON_FILTER};;{BURRTOOLS_FILTER}"
    )
    if path and Path(path).suffix.lower() not in (".json", SUFFIX):
        path += SUFFIX if chosen == BURRTOOLS_FILTER else ".json"
    elif path and chosen == BURRTOOLS_FILTER and Path(path).name == f"{name}.json":  # the proposal kept as it was
        path = str(Path(path).with_suffix(SUFFIX))
    settings.remember_file("puzzles", path)
    return path
