"""Opening BurrTools `.xmpuzzle` files in the app: read the file, ask which problem when it holds several, and
turn the problem into what the Packings tab shows (an engine puzzle, the symmetry level at which the engine's count
is BurrTools' count, and the assemblies the file stores as solution rows) or into a draft for the Design tab.

Everything is checked before anything is shown, so a file that cannot be opened changes nothing: the caller gets
a :class:`BurrToolsFileError` whose one line names what is wrong, and shows it with :func:`refuse`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from PyQt6.QtWidgets import QMessageBox, QWidget

from cubeviz.views.problem_chooser import choose_problem
from solvers.packing.burrtools_display import cell_colours, display_puzzle
from solvers.packing.burrtools_io import BurrToolsFileError, BurrToolsPuzzle, Problem, read_burrtools
from solvers.packing.burrtools_levels import mirror_refusal
from solvers.packing.burrtools_puzzle import (
    BurrProblem,
    assembly_cells,
    burr_problem,
    kind_twins,
    plain_mode,
    to_puzzle,
)
from solvers.packing.cover import CoverProblem, build_cover
from solvers.packing.puzzle import Puzzle, SymmetryMode
from solvers.packing.queries import SolutionSet, with_classes

SUFFIX = ".xmpuzzle"
OPEN_FILTER = "Puzzle files (*.json *.xmpuzzle);;Puzzle files (*.json);;BurrTools puzzles (*.xmpuzzle);;All files (*)"


def is_burrtools_file(path: str | Path) -> bool:
    return str(path).lower().endswith(SUFFIX)


@dataclass(frozen=True)
class Chosen:
    """One problem of a file, read and checked: the file, the problem as stored and as the engine sees it."""

    file: BurrToolsPuzzle
    index: int
    stored: Problem
    problem: BurrProblem
    file_name: str

    @property
    def where(self) -> str:
        """`file.xmpuzzle: problem 2 'name'`, where a refusal says what it refuses."""
        return f"{self.file_name}: {self.problem.name}"


@dataclass(frozen=True)
class BrowserProblem:
    """What the Packings tab needs: the puzzle and its cover, the level whose count is BurrTools' count, the
    file's stored assemblies as solutions (None when it stores none), why a level is not defined, and the file's
    colours on the pieces' cells (per kind: piece cell -> ``#rrggbb``; empty without colours)."""

    puzzle: Puzzle
    cover: CoverProblem
    level: SymmetryMode
    stored: SolutionSet | None
    skipped: int  # stored assemblies that are no placement of this puzzle (left out)
    label: str
    burr: BurrProblem | None = None  # set when Enumerate lists BurrTools' assemblies (no exact cover)
    shift: tuple[int, int, int] = (0, 0, 0)  # result coordinates minus the display puzzle's
    undefined: dict[SymmetryMode, str] = field(default_factory=dict)
    cell_colours: tuple[dict[tuple[int, int, int], str], ...] = ()


class Cancelled(Exception):
    """The problem chooser was closed without choosing."""


def read_problem(path: str | Path, parent: QWidget | None = None) -> Chosen:
    """Read a file and its problem (asking which when there are several). BurrToolsFileError when it cannot be
    opened (malformed, another grid, colours, ...); Cancelled when the chooser is cancelled."""
    file = read_burrtools(path)
    index = choose_problem(file, Path(path).name, parent)
    if index is None:
        raise Cancelled
    problem = burr_problem(file, index + 1, where=Path(path).name)
    return Chosen(file, index, file.problems[index], problem, Path(path).name)


def browser_problem(chosen: Chosen) -> BrowserProblem:
    """The problem as the Packings tab shows it. A problem the engine counts as an ordinary puzzle (fixed counts,
    no ``+`` cell, no colour, the pieces fill the result, mirror pairs within piece kinds) is one, enumerated by
    the engine at the level whose count is BurrTools'; any other is shown as its display puzzle
    (:mod:`solvers.packing.burrtools_display`) and Enumerate lists every assembly with its classes at each level
    (:mod:`solvers.packing.burrtools_levels`), BurrTools' level chosen. BurrToolsFileError when the pieces cannot
    fill the result."""
    problem = chosen.problem
    general = problem.optional or problem.has_ranges or problem.coloured
    if not general and problem.mirror_ok and kind_twins(problem) is None:
        general = True
    if general:
        if not problem.kinds:
            raise BurrToolsFileError("no piece fits in the result", chosen.where)
        puzzle, cover, shift = display_puzzle(problem)
        why = []
        if problem.optional:
            why.append(variable_cells(len(problem.optional)))
        if problem.has_ranges:
            why.append("count ranges")
        if problem.coloured:
            why.append("colours")
        label = f"{problem.title} ({problem.name}{': ' + ', '.join(why) if why else ''})"
        refusal = mirror_refusal(problem)
        level = SymmetryMode.ROTATION if refusal else SymmetryMode.MIRROR
        undefined = {SymmetryMode.MIRROR: refusal} if refusal else {}
        return BrowserProblem(puzzle, cover, level, None, 0, label, problem, shift, undefined, cell_colours(problem))
    try:
        puzzle = to_puzzle(problem)  # the pieces must fill the result: said by the engine when they do not
    except BurrToolsFileError as exc:
        message = str(exc).removeprefix(f"{exc.where}: ") if exc.where else str(exc)
        raise BurrToolsFileError(message, chosen.where) from None
    if problem.mirror_ok and kind_twins(problem) is None:
        raise BurrToolsFileError(
            "one-handed pieces pair with their mirror images across piece kinds, which the Packings tab cannot "
            "count as BurrTools does (cubeviz-solve pack counts it)", chosen.where)  # fmt: skip
    cover = build_cover(puzzle)
    level = plain_mode(problem)
    rows, skipped = stored_rows(chosen, puzzle, cover)
    stored = with_classes(cover, rows, SymmetryMode.NONE) if len(rows) else None
    refusal = mirror_refusal(problem)
    undefined = {SymmetryMode.MIRROR: refusal} if refusal else {}
    label = f"{problem.title} ({problem.name})"
    return BrowserProblem(puzzle, cover, level, stored, skipped, label, undefined=undefined)


def stored_rows(chosen: Chosen, puzzle: Puzzle, cover: CoverProblem) -> tuple[np.ndarray, int]:
    """The file's stored assemblies as rows of ``cover`` (one per piece copy, sorted), and how many were left out
    because some piece sits where this puzzle has no such placement (or two pieces overlap)."""
    problem, stored = chosen.problem, chosen.stored
    shift = [min(v[a] for v in problem.required) for a in range(3)]  # to_puzzle moves the result to the origin
    index = puzzle.cell_index()
    kind_of_part = _kinds_of_parts(problem, stored)
    out, skipped = [], 0
    for solution in stored.solutions:
        row: list[int] = []
        covered: set[int] = set()
        for entry in assembly_cells(chosen.file, stored, solution.placements):
            if entry is None:
                continue
            part, cells = entry
            ids = [index.get((x - shift[0], y - shift[1], z - shift[2])) for x, y, z in cells]
            kind = kind_of_part.get(part)
            found = None if kind is None or None in ids else cover.row_id(kind, ids)
            if found is None or covered & set(ids):  # type: ignore[arg-type]
                row = []
                break
            covered.update(ids)  # type: ignore[arg-type]
            row.append(found)
        if len(row) == cover.n_instances and len(covered) == puzzle.n_cells:
            out.append(sorted(row))
        else:
            skipped += 1
    array = np.asarray(out, dtype=np.int64).reshape(-1, cover.n_instances)
    return array, skipped


def _kinds_of_parts(problem: BurrProblem, stored: Problem) -> dict[int, int]:
    """Part index of the file -> kind index of the engine problem (which leaves out parts that fit nowhere)."""
    mapping, kind = {}, 0
    for part_index, part in enumerate(stored.parts):
        if kind < len(problem.kinds) and problem.kinds[kind].shape == part.shape:
            mapping[part_index] = kind
            kind += 1
    return mapping


def variable_cells(n: int) -> str:
    return f"{n} variable (+) cell{'s' if n != 1 else ''}"


def refuse(parent: QWidget | None, what: str, exc: Exception) -> None:
    """The one message box that says why a file was not opened (or saved)."""
    QMessageBox.warning(parent, "cubeviz", f"{what}: {exc}")
