"""BurrTools files in the Design tab: a problem's pieces and result shape become a draft, and a design is written
as a `.xmpuzzle` file of one problem. A draft holds what a cubeviz puzzle holds (fixed counts, every cell of the
shape filled), so a problem with variable (+) cells or count ranges is refused by name rather than changed."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PyQt6.QtWidgets import QFileDialog, QWidget

from cubeviz.design.draft import PALETTE, PieceDraft, PuzzleDraft
from cubeviz.views.burrtools_open import SUFFIX, Chosen, variable_cells
from solvers.packing.burrtools_io import BurrToolsFileError, write_burrtools
from solvers.packing.burrtools_puzzle import from_puzzle, identifier_for, kind_twins
from solvers.packing.puzzle_io import parse_puzzle

if TYPE_CHECKING:
    from cubeviz.settings import Settings


def draft_from_burrtools(chosen: Chosen) -> PuzzleDraft:
    """The draft of one problem: its pieces (letters, labels, counts; mirror twins where BurrTools pairs one-handed
    pieces kind by kind) and its result shape. BurrToolsFileError names what a draft cannot hold."""
    problem = chosen.problem
    if problem.optional:
        raise BurrToolsFileError(
            f"the result has {variable_cells(len(problem.optional))}, which a design cannot hold", chosen.where
        )
    ranged = [k.letter for k in problem.kinds if k.minimum != k.maximum]
    if ranged:
        raise BurrToolsFileError(
            f"piece{'s' if len(ranged) > 1 else ''} {', '.join(ranged)} "
            f"{'have count ranges' if len(ranged) > 1 else 'has a count range'} (min/max), which a design cannot hold",
            chosen.where,
        )
    if problem.coloured:
        raise BurrToolsFileError("cells have colours (colour constraints), which a design cannot hold", chosen.where)
    twins = (kind_twins(problem) or {}) if problem.mirror_ok else {}
    pieces = tuple(
        PieceDraft(
            k.letter,
            frozenset(k.cells),
            k.display_colour or PALETTE[i % len(PALETTE)],
            k.maximum,
            k.label,
            problem.kinds[twins[i]].letter if i in twins else None,
        )
        for i, k in enumerate(problem.kinds)
    )
    low = [min(v[a] for v in problem.required) for a in range(3)]
    target = frozenset((x - low[0], y - low[1], z - low[2]) for x, y, z in problem.required)
    name = problem.puzzle_name or identifier_for(problem.title)
    return PuzzleDraft(name, problem.title, problem.description, target, pieces)


def write_design_burrtools(path: str | Path, draft: PuzzleDraft) -> None:
    """Write the design as a BurrTools file (gzip, as BurrTools writes them). PackingError when the design is no
    valid puzzle or has no BurrTools equivalent (one-handed pieces that may be reflected); OSError when the file
    cannot be written."""
    puzzle = parse_puzzle(draft.to_dict(), where=draft.name)
    write_burrtools(path, from_puzzle(puzzle))


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
