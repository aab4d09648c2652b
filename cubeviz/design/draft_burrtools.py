"""Drafts and BurrTools puzzles, both ways, Qt-free: one problem of a file becomes a draft with its constraint
colours, colour pairs, variable cells, count ranges, piece groups and ``maxHoles``, and a draft becomes a file of
one problem that BurrTools opens with the same pieces, counts (``min``/``max`` where a piece has a range), groups,
colours, pairs and ``maxHoles``.

A plain draft (no colours, no variable cell, fixed counts) is written through the engine puzzle (``from_puzzle``);
a constrained one is written shape by shape here, since the engine puzzle holds neither colours nor ranges.
"""

from __future__ import annotations

from cubeviz.design.draft import PALETTE, PieceDraft, PuzzleDraft
from solvers.packing.burrtools_colour import coloured_chiral, coloured_shape
from solvers.packing.burrtools_io import FILLED, VARIABLE, BurrToolsFileError, BurrToolsPuzzle, Part, Problem, Shape
from solvers.packing.burrtools_puzzle import BurrProblem, burr_problem, from_puzzle, identifier_for, kind_twins
from solvers.packing.puzzle_io import parse_puzzle
from solvers.packing.voxels import Voxel


def draft_from_problem(problem: BurrProblem, parts: tuple[Part, ...] = ()) -> PuzzleDraft:
    """The draft of one problem: its pieces (letters, labels, counts and count ranges, constraint colours; mirror
    twins where BurrTools pairs one-handed pieces kind by kind; piece groups), its result as the shape (``+`` cells
    variable, colours kept), the file's colour list, the problem's colour pairs and ``maxHoles``. ``parts``, the
    problem as the file stores it, gives each piece's counts as written (the engine's problem lowers a maximum to
    the copies that fit)."""
    written = {part.shape: (part.minimum, part.maximum) for part in parts}
    twins = (kind_twins(problem) or {}) if problem.mirror_ok else {}
    pieces = tuple(
        PieceDraft(
            k.letter,
            frozenset(k.cells),
            k.display_colour or PALETTE[i % len(PALETTE)],
            written.get(k.shape, (k.minimum, k.maximum))[1],
            k.label,
            problem.kinds[twins[i]].letter if i in twins else None,
            frozenset(k.colours),
            written.get(k.shape, (k.minimum, k.maximum))[0],
            k.groups,
        )
        for i, k in enumerate(problem.kinds)
    )
    every = problem.cells
    low = [min(v[a] for v in every) for a in range(3)]

    def home(v: Voxel) -> Voxel:
        return (v[0] - low[0], v[1] - low[1], v[2] - low[2])

    return PuzzleDraft(
        problem.puzzle_name or identifier_for(problem.title),
        problem.title,
        problem.description,
        frozenset(home(v) for v in every),
        pieces,
        target_colours=frozenset((home(v), c) for v, c in problem.result_colours),
        variable=frozenset(home(v) for v in problem.optional),
        palette=problem.palette,
        colour_pairs=problem.colour_pairs,
        max_holes=problem.max_holes,
    )


def _shape(cells: frozenset[Voxel], colours, name: str, variable: frozenset[Voxel] = frozenset(),
           display_colour: str = "") -> Shape:  # fmt: skip
    size = tuple(max(c[a] for c in cells) + 1 for a in range(3))
    states = {c: VARIABLE if c in variable else FILLED for c in cells}
    return Shape((size[0], size[1], size[2]), states, dict(colours), name, display_colour=display_colour)


def burrtools_file(draft: PuzzleDraft) -> BurrToolsPuzzle:
    """The design as a BurrTools file of one problem: a shape per piece (named ``letter: label`` or by its letter,
    with its constraint colours and its display colour in our own attribute), then the shape to fill named after the
    design, the colour list, the allowed pairs, each piece's groups and ``maxHoles``. PackingError when the design
    is no valid puzzle or has no BurrTools equivalent (one-handed pieces that may be reflected)."""
    if not draft.constrained:
        return from_puzzle(parse_puzzle(draft.to_dict(), where=draft.name))
    if not draft.target or not draft.pieces or not all(p.cells for p in draft.pieces):
        raise BurrToolsFileError("the shape and every piece need cells", draft.name)
    if draft.mirrors_same_piece:
        chiral = [p.name for p in draft.pieces if coloured_chiral(coloured_shape(p.cells, dict(p.colours)))]
        if chiral:
            raise BurrToolsFileError(f"pieces may be reflected and piece {chiral[0]!r} is one-handed: BurrTools only "
                                     "rotates pieces", draft.name)  # fmt: skip
    shapes = [
        _shape(p.cells, p.colours, f"{p.name}: {p.label}" if p.label else p.name, display_colour=p.colour)
        for p in draft.pieces
    ]
    shapes.append(_shape(draft.target, draft.target_colours, draft.name, draft.variable))
    parts = tuple(Part(i, p.least, p.count, p.groups) for i, p in enumerate(draft.pieces))
    problem = Problem(draft.title or draft.name, parts, len(draft.pieces), draft.colour_pairs, draft.max_holes)
    return BurrToolsPuzzle(tuple(shapes), (problem,), draft.palette, draft.description)


def checked_problem(draft: PuzzleDraft) -> tuple[BurrToolsPuzzle, BurrProblem]:
    """The file of a constrained draft and its problem as the engine counts it, checked by the engine's own reader
    of problems (pieces that fit nowhere, volumes that cannot add up). PackingError names what is wrong."""
    file = burrtools_file(draft)
    return file, burr_problem(file, 1, where=draft.name)
