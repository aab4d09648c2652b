"""What the designer says about a draft: every problem it can name at once, the placements of each piece and the
size of the search, so a user sees why a puzzle cannot be enumerated before asking for it.

Qt-free, and run off the GUI thread (the placement matrix of a 300-cell shape takes a moment). The final word on
validity is the puzzle file reader's (``parse_puzzle``): a draft it refuses is never enumerated. A draft with
constraint colours, variable cells, count ranges, piece groups or ``maxHoles`` is checked by the BurrTools problem
reader instead (``burr_problem``), after what those mean is checked here (groups numbered from 1 holding no more
copies than the piece has, a bound on empty cells that is no negative number and leaves the pieces enough room);
its placements are those the colours allow, and it is counted as BurrTools counts (no estimate).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cubeviz.design.draft import TARGET, PuzzleDraft
from cubeviz.design.draft_burrtools import checked_problem
from solvers.packing.burrtools_display import COLOUR_ROWS, display_puzzle, is_absent
from solvers.packing.burrtools_io import BurrToolsPuzzle
from solvers.packing.burrtools_puzzle import MAX_RESULT_CELLS, BurrProblem
from solvers.packing.cover import build_cover
from solvers.packing.errors import PackingError
from solvers.packing.estimate import SearchEstimate, estimate_search
from solvers.packing.puzzle import Piece, Puzzle, file_order
from solvers.packing.puzzle_io import MAX_TARGET_CELLS, parse_puzzle
from solvers.packing.voxels import is_connected

ESTIMATE_SECONDS = 0.3  # the estimate runs after each edit: as many probes as fit in this time
ESTIMATE_PROBES = 1_000_000


@dataclass(frozen=True)
class Finding:
    """One problem, and the item it is about (TARGET, a piece index, or None for the puzzle as a whole)."""

    message: str
    item: int | None = None


@dataclass(frozen=True)
class Review:
    problems: tuple[Finding, ...]
    placements: tuple[int, ...] | None  # per piece, when the pieces can be placed at all
    estimate: SearchEstimate | None
    puzzle: Puzzle | None  # the validated puzzle, when there is no problem
    burrtools: tuple[BurrToolsPuzzle, BurrProblem] | None = None  # a constrained draft's file and checked problem

    @property
    def ready(self) -> bool:
        return (self.puzzle is not None or self.burrtools is not None) and not self.problems


def review(draft: PuzzleDraft, cancelled: Callable[[], bool] = lambda: False) -> Review:
    """Problems first (all that can be named independently), then placements and the estimate."""
    if draft.constrained:
        return _constrained_review(draft, cancelled)
    problems = list(_shape_problems(draft))
    placements = None
    if not problems and not cancelled():
        placements = _placements(draft)
        for index, count in enumerate(placements):
            if count == 0:
                problems.append(Finding(f"piece {draft.pieces[index].name!r} fits nowhere in the shape", index))
    problems += _volume_problems(draft)
    if problems or cancelled():
        return Review(tuple(problems), placements, None, None)
    try:
        puzzle = parse_puzzle(draft.to_dict(), where="design")
        problem = build_cover(puzzle)
    except PackingError as exc:
        finding = Finding(str(exc).removeprefix("design: "), _item_named(draft, str(exc)))
        return Review((finding,), placements, None, None)
    estimate = estimate_search(problem, probes=ESTIMATE_PROBES, seconds=ESTIMATE_SECONDS)
    return Review((), placements, estimate, puzzle)


def _constrained_review(draft: PuzzleDraft, cancelled: Callable[[], bool]) -> Review:
    """A draft with colours, variable cells or count ranges: the shape checks, the volumes (variable cells may stay
    empty, ranged pieces leave copies unused), then the BurrTools problem reader's verdict and the placements the
    colours allow."""
    problems = list(_shape_problems(draft, MAX_RESULT_CELLS)) + list(_constrained_volume_problems(draft))
    problems += list(_group_problems(draft)) + list(_hole_problems(draft))
    if problems or cancelled():
        return Review(tuple(problems), None, None, None)
    try:
        file, problem = checked_problem(draft)
        if not problem.kinds:  # every piece may stay unused and none fits
            return Review((Finding("no piece fits in the shape"),), None, None, None)
        _, cover, _ = display_puzzle(problem)
    except PackingError as exc:
        message = str(exc).removeprefix(f"{draft.name}: ")
        return Review((Finding(message, _item_named(draft, message)),), None, None, None)
    rows = [0] * cover.n_kinds
    coloured = {i for i, k in enumerate(problem.kinds) if k.colours}
    for row, kind in enumerate(cover.row_kind.tolist()):
        rows[kind] += kind not in coloured and not is_absent(cover, row)
    for kind, *_ in cover.derived.get(COLOUR_ROWS, {}):  # a coloured piece: only the colourings allowed
        rows[kind] += 1
    letters = {k.letter: i for i, k in enumerate(problem.kinds)}
    placements = tuple(rows[letters[p.name]] if p.name in letters else 0 for p in draft.pieces)
    # a piece that may stay unused may fit nowhere: BurrTools leaves it out
    nowhere = [Finding(f"piece {p.name!r} fits nowhere in the shape", i) for i, p in enumerate(draft.pieces)
               if not placements[i] and p.least]  # fmt: skip
    return Review(tuple(nowhere), placements, None, None, None if nowhere else (file, problem))


def _shape_problems(draft: PuzzleDraft, limit: int = MAX_TARGET_CELLS):
    if not draft.target:
        yield Finding("the shape has no cells: paint some", TARGET)
    elif len(draft.target) > limit:
        yield Finding(f"the shape has {len(draft.target)} cells, more than the {limit} allowed", TARGET)
    if not draft.pieces:
        yield Finding("there are no pieces yet: add one")
    for index, piece in enumerate(draft.pieces):
        if not piece.cells:
            yield Finding(f"piece {piece.name!r} has no cells", index)
        elif not is_connected(list(piece.cells)):
            yield Finding(f"piece {piece.name!r} is in more than one part: its cells must touch face to face", index)


def _constrained_volume_problems(draft: PuzzleDraft):
    """The volumes of a BurrTools design: the copies every assembly uses must fit in the shape, and all the copies
    must fill its fixed cells (variable cells may stay empty, a piece with a range may leave copies unused)."""
    if not draft.pieces or not draft.target:
        return
    least, most = draft.least_volume, draft.piece_volume
    required, room = len(draft.target) - len(draft.variable), len(draft.target)
    empty = " (variable cells may stay empty)" if draft.variable else ""
    if not draft.ranged:
        if not required <= most <= room:
            need = f"{required}" if required == room else f"{required} to {room}"
            yield Finding(f"the pieces hold {most} cells and the shape needs {need}{empty}")
        return
    if least > room:
        yield Finding(f"the fewest copies (each piece at its min) hold {least} cells and the shape has only {room}")
    if most < required:
        yield Finding(
            f"the most copies (each piece at its max) hold {most} cells and the shape needs {required}{empty}"
        )


def _group_problems(draft: PuzzleDraft):
    """Piece groups as BurrTools reads them: numbered from 1, and a group holds at most as many copies of a piece as
    the piece has (its max with a range)."""
    for index, piece in enumerate(draft.pieces):
        for group, copies in piece.groups:
            if group < 1:
                yield Finding(f"piece {piece.name!r} is in group {group}: groups are numbered from 1", index)
            elif copies > piece.count or copies < 0:
                most = f"{piece.count} cop{'y' if piece.count == 1 else 'ies'}"
                yield Finding(f"piece {piece.name!r} has {copies} copies in group {group} but only {most}", index)


def _hole_problems(draft: PuzzleDraft):
    """``maxHoles``: no negative number, and (where it applies: variable cells and a count range) the most copies
    must fill all but that many cells of the shape."""
    holes = draft.max_holes
    if holes is None:
        return
    if holes < 0:
        yield Finding(f"maxHoles {holes} is negative: leave it empty for no limit")
    elif draft.variable and draft.ranged and draft.pieces:
        need = len(draft.target) - holes
        if draft.piece_volume < need:
            yield Finding(
                f"with at most {holes} empty cell{'' if holes == 1 else 's'} (maxHoles) the pieces must fill {need} "
                f"cells and the most copies hold {draft.piece_volume}"
            )


def hole_note(draft: PuzzleDraft) -> str:
    """Whether ``maxHoles`` changes the count of this draft, in words: only variable (+) cells can stay empty, and
    with fixed counts the number of empty cells is fixed, so BurrTools then ignores the bound."""
    if not draft.variable:
        return "No effect here: only variable (+) cells of the shape can stay empty, and this shape has none."
    if not draft.ranged:
        return ("No effect here: with fixed counts every assembly leaves as many cells empty (BurrTools ignores "
                "it); it counts once a piece has a count range.")  # fmt: skip
    return f"The most of the {len(draft.variable)} variable (+) cells an assembly may leave empty; empty: no limit."


def _volume_problems(draft: PuzzleDraft):
    volume, cells = draft.piece_volume, len(draft.target)
    if draft.pieces and cells and volume != cells:
        gap = f"{cells - volume} short" if volume < cells else f"{volume - cells} too many"
        yield Finding(f"the pieces hold {volume} cells and the shape has {cells}: {gap}")


def _placements(draft: PuzzleDraft) -> tuple[int, ...]:
    """Placements of each piece in the shape (the rows the search would use), each piece on its own: the search
    refuses a puzzle with a piece that fits nowhere, and here that piece's zero is the point."""
    target = file_order(list(draft.target))
    dims = tuple(max(c[axis] for c in target) + 1 for axis in range(3))
    counts = []
    for p in draft.pieces:
        piece = Piece(p.name, tuple(sorted(p.cells)), p.colour)
        alone = Puzzle("design", (piece,), target, dims, mirrors_same_piece=draft.mirrors_same_piece)
        try:
            counts.append(build_cover(alone).n_rows)
        except PackingError:
            counts.append(0)
    return tuple(counts)


def _item_named(draft: PuzzleDraft, message: str) -> int | None:
    """The piece a reader's message names ("piece 'c'"), so the designer can select it."""
    for index, piece in enumerate(draft.pieces):
        if f"piece {piece.name!r}" in message:
            return index
    return None
