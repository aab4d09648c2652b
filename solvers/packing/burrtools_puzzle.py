"""One problem of a BurrTools file as the engine sees it, and conversion between BurrTools files and puzzles.

:func:`burr_problem` checks a problem for what the engine supports (the cube grid, no ``+`` cell in a piece) and
gives a :class:`BurrProblem`: the result's required (``#``) and optional (``+``) cells and the kinds of piece with
their count ranges, groups and colours (see :mod:`solvers.packing.burrtools_colour`), plus BurrTools' pairing of
one-handed piece copies with their mirror images (see :mod:`solvers.packing.burrtools_count`). A *plain* problem
(fixed counts, no ``+`` cells, no colours, the pieces fill the result) is an engine
:class:`~solvers.packing.puzzle.Puzzle` (:func:`to_puzzle`); :func:`from_puzzle` goes the other way.
:func:`burrtools_transformation` and :func:`assembly_cells` read BurrTools' stored assemblies.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from solvers.packing.burrtools_colour import (
    ColouredShape,
    coloured_chiral,
    coloured_mirror,
    coloured_same,
    kind_shape,
)
from solvers.packing.burrtools_io import (
    BurrToolsFileError,
    BurrToolsPuzzle,
    Part,
    Problem,
    Shape,
    shape_from_cells,
)
from solvers.packing.puzzle import Piece, Puzzle, SymmetryMode
from solvers.packing.tiny_shapes import fits_in, is_rotation, is_tiny, rotation_codes
from solvers.packing.tiny_shapes import is_chiral as small_chiral
from solvers.packing.voxels import (
    Matrix,
    Voxel,
    apply,
    is_chiral,
    mirror_image,
    normalise,
)

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
PALETTE = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
           "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3")  # fmt: skip
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_LABELLED = re.compile(r"^(\S): (.*)$", re.DOTALL)
MAX_RESULT_CELLS = 4096


def _matmul(a: Matrix, b: Matrix) -> Matrix:
    rows = tuple(tuple(sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)) for i in range(3))
    return (rows[0], rows[1], rows[2])  # type: ignore[return-value]


def burrtools_transformation(t: int) -> Matrix:
    """The matrix of BurrTools' orientation number ``t`` (0..47) of the cube grid.

    BurrTools numbers the rotations ``4 * a + b``: first ``b`` quarter turns about x (y towards z), then one of six
    base turns ``a`` (0-3: quarter turns about y taking x towards -z, 4 and 5: a quarter turn about z either way);
    ``t + 24`` is orientation ``t`` applied to the shape mirrored in x.
    """
    if not 0 <= t < 48:
        raise ValueError(f"orientation {t} is not 0..47")
    quarter_x: Matrix = ((1, 0, 0), (0, 0, -1), (0, 1, 0))
    quarter_y: Matrix = ((0, 0, -1), (0, 1, 0), (1, 0, 0))
    quarter_z: Matrix = ((0, -1, 0), (1, 0, 0), (0, 0, 1))
    identity: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    mirror, rotation = divmod(t, 24)
    a, b = divmod(rotation, 4)
    base = identity
    if a < 4:
        for _ in range(a):
            base = _matmul(base, quarter_y)
    else:
        base = quarter_z if a == 4 else _matmul(_matmul(quarter_z, quarter_z), quarter_z)
    out = base
    for _ in range(b):
        out = _matmul(out, quarter_x)
    if mirror:
        out = _matmul(out, ((-1, 0, 0), (0, 1, 0), (0, 0, 1)))
    return out


@dataclass(frozen=True)
class Kind:
    """A part of the problem: a piece shape (its filled cells, normalised) used ``minimum``..``maximum`` times."""

    letter: str
    label: str
    cells: tuple[Voxel, ...]
    minimum: int
    maximum: int
    groups: tuple[tuple[int, int], ...] = ()
    shape: int = 0
    weight: int = 1
    colours: tuple[tuple[Voxel, int], ...] = ()  # coloured cells (in ``cells``' coordinates) and their colours
    display_colour: str = ""  # the colour to draw it in, when the file gives one (``Shape.display_colour``)

    def colour(self, index: int) -> str:
        """The colour to draw the piece in: the file's, else the palette's for the kind's place ``index``."""
        return self.display_colour or PALETTE[index % len(PALETTE)]

    def coloured(self) -> ColouredShape:
        """The piece with its colours, for the colour-aware shape comparisons."""
        return kind_shape(self.cells, self.colours)


@dataclass(frozen=True)
class BurrProblem:
    """One problem of a BurrTools file ready for the engine: result cells (required ``#`` and optional ``+``, in
    the result shape's own coordinates) and the kinds of piece."""

    name: str
    title: str
    description: str
    required: tuple[Voxel, ...]
    optional: tuple[Voxel, ...]
    kinds: tuple[Kind, ...]
    max_holes: int | None = None
    puzzle_name: str = ""
    pairing: tuple[int | None, ...] = field(default=(), repr=False)  # per piece copy: its mirror partner copy
    mirror_ok: bool = False  # some mirror identification applies (see the module docstring)
    result_colours: tuple[tuple[Voxel, int], ...] = ()  # coloured result cells (result coordinates)
    colour_pairs: frozenset[tuple[int, int]] = frozenset()  # allowed (piece colour, result colour)
    palette: tuple[tuple[int, int, int], ...] = ()  # the file's colours as (red, green, blue): colour n is [n - 1]

    @property
    def coloured(self) -> bool:
        """Some piece or result cell has a colour: placements are checked and shapes compared with colours."""
        return bool(self.result_colours) or any(k.colours for k in self.kinds)

    @property
    def cells(self) -> tuple[Voxel, ...]:
        return self.required + self.optional

    @property
    def has_ranges(self) -> bool:
        return any(k.minimum != k.maximum for k in self.kinds)

    @property
    def plain(self) -> bool:
        """Fixed counts, no optional cell, no colour and the volumes match: the engine's exact-cover puzzle."""
        volume = sum(len(k.cells) * k.maximum for k in self.kinds)
        return not self.optional and not self.has_ranges and not self.coloured and volume == len(self.required)

    def copies(self) -> list[int]:
        """The kind of every piece copy, in problem order."""
        return [i for i, k in enumerate(self.kinds) for _ in range(k.maximum)]


def _letters_and_labels(shapes: tuple[Shape, ...], parts: tuple[Part, ...]) -> list[tuple[str, str]]:
    """A one-character name per part: the shape's own name when it is ``x`` or ``x: label`` (as the writer puts
    them) and unique, letters in order otherwise; the rest of the shape name is the label."""
    names = [shapes[p.shape].name for p in parts]
    wanted = []
    for name in names:
        m = _LABELLED.match(name)
        if m and m.group(1) not in ".#":
            wanted.append((m.group(1), m.group(2)))
        elif len(name) == 1 and name.isprintable() and name not in ".# ":
            wanted.append((name, ""))
        else:
            wanted.append((None, name))
    letters = [w[0] for w in wanted]
    if len(set(letters)) != len(letters) or None in letters:
        spare = iter(LETTERS)
        return [(next(spare), name) for name in names]
    return [(w[0], w[1]) for w in wanted]


def burr_problem(puzzle: BurrToolsPuzzle, choice: str | int | None = None, *, where: str = "") -> BurrProblem:
    """The problem ``choice`` (name or number from 1; the only one when None) of a file, checked for what this
    engine supports."""
    index, problem = puzzle.problem(choice, where)
    label = f"problem {index + 1}" + (f" {problem.name!r}" if problem.name else "")
    loc = f"{where}: {label}" if where else label
    result = puzzle.shapes[problem.result]
    if not problem.parts:
        raise BurrToolsFileError("it has no pieces", loc)
    if len(problem.parts) > len(LETTERS):
        raise BurrToolsFileError(f"more than {len(LETTERS)} kinds of piece", loc)
    if not result.cells:
        raise BurrToolsFileError(f"the result shape {problem.result + 1} is empty", loc)
    kinds = []
    for part, (letter, text) in zip(problem.parts, _letters_and_labels(puzzle.shapes, problem.parts), strict=True):
        shape = puzzle.shapes[part.shape]
        if shape.variable():
            raise BurrToolsFileError(f"piece shape {part.shape + 1} has variable (+) cells; only a result may", loc)
        if not shape.filled():
            raise BurrToolsFileError(f"piece shape {part.shape + 1} has no filled cell", loc)
        filled = shape.filled()
        low = tuple(min(c[a] for c in filled) for a in range(3))
        colours = tuple(
            sorted(
                ((x - low[0], y - low[1], z - low[2]), colour)
                for (x, y, z), colour in shape.colours.items()
                if shape.cells.get((x, y, z)) == "#"
            )
        )
        kinds.append(Kind(letter, text, normalise(filled), part.minimum, part.maximum, part.groups,
                          part.shape, shape.weight, colours, shape.display_colour))  # fmt: skip
    required, optional = tuple(result.filled()), tuple(result.variable())
    room = required + optional
    if len(room) > MAX_RESULT_CELLS:
        raise BurrToolsFileError(f"the result has {len(room)} cells; at most {MAX_RESULT_CELLS} are supported", loc)
    volume_low = sum(len(k.cells) * k.minimum for k in kinds)
    volume_high = sum(len(k.cells) * k.maximum for k in kinds)
    if volume_low > len(room):
        raise BurrToolsFileError(f"the pieces have at least {volume_low} cells but the result only {len(room)}", loc)
    if volume_high < len(required):
        raise BurrToolsFileError(
            f"the pieces have at most {volume_high} cells but the result needs {len(required)}", loc
        )
    # more copies than fit in the result can never be used: the search's stacks stay the size of the result
    kinds = [Kind(**{**k.__dict__, "maximum": min(k.maximum, len(room) // len(k.cells))}) for k in kinds]
    placeable = []
    fits = _fitter(room, is_tiny(room, sum(k.maximum for k in kinds)))
    for kind in kinds:
        if fits(kind.cells):
            placeable.append(kind)
        elif kind.minimum:
            raise BurrToolsFileError(f"piece shape {kind.shape + 1} fits nowhere in the result", loc)
    kinds = placeable  # a piece that may stay unused and fits nowhere changes nothing
    title = problem.name or result.name or "BurrTools problem"
    base = BurrProblem(label, title, puzzle.comment, required, optional, tuple(kinds), problem.max_holes,
                       result.name if _NAME_RE.match(result.name) else "",
                       result_colours=tuple(sorted(result.colours.items())),
                       colour_pairs=problem.colour_pairs, palette=puzzle.colours)  # fmt: skip
    pairing, mirror_ok = _pair_copies(base)
    return BurrProblem(**{**base.__dict__, "pairing": pairing, "mirror_ok": mirror_ok})


def _fitter(room: tuple[Voxel, ...], tiny: bool):
    """Whether some rotation of a piece (its cells) lies on cells of ``room``: in plain Python for a tiny problem
    (see ``tiny_shapes``), else with the placement arrays in one grid (whose orientations the count then reuses)."""
    if tiny:
        return lambda cells: fits_in(cells, room)
    from solvers.packing.placement_arrays import fits_somewhere, room_grid

    grid = room_grid(room)
    return lambda cells: fits_somewhere(cells, grid)


def _tiny(problem: BurrProblem) -> bool:
    return is_tiny(problem.cells, sum(k.maximum for k in problem.kinds))


def _pair_copies(problem: BurrProblem) -> tuple[tuple[int | None, ...], bool]:
    """Pair each one-handed piece copy with the next unpaired copy of its mirror shape (see module docstring).
    Returns the partner of every copy (None: achiral or unpaired) and whether mirror identification applies."""
    kinds = problem.copies()
    chiral = kind_chirality(problem)
    codes = _chirality_entry(problem)[2]
    partner: list[int | None] = [None] * len(kinds)
    complete = True
    mirror_of: dict[int, list[bool]] = {}

    def same(k: int, mirrored) -> bool:
        if problem.coloured:
            return coloured_same(problem.kinds[k].coloured(), mirrored)
        if codes is not None:
            return is_rotation(problem.kinds[k].cells, mirrored, codes[k])
        from solvers.packing.placement_arrays import is_rotation_of

        return is_rotation_of(problem.kinds[k].cells, mirrored)

    for i, kind in enumerate(kinds):
        if partner[i] is not None or not chiral[kind]:
            continue
        matches = mirror_of.get(kind)
        if matches is None:
            mirrored_shape: tuple
            if problem.coloured:
                mirrored_shape = coloured_mirror(problem.kinds[kind].coloured())
            else:
                mirrored_shape = mirror_image(problem.kinds[kind].cells)
            matches = mirror_of[kind] = [same(k, mirrored_shape) for k in range(len(problem.kinds))]
        for j in range(i + 1, len(kinds)):
            if partner[j] is None and chiral[kinds[j]] and matches[kinds[j]]:
                partner[i], partner[j] = j, i
                break
        else:
            complete = False
            break
    return tuple(partner), complete or problem.has_ranges


def kind_chirality(problem: BurrProblem) -> list[bool]:
    """Per kind: one-handed (no rotation maps it onto its mirror image), colours included when there are any;
    worked out once per problem (the pairing of copies and the classes both ask)."""
    return list(_chirality_entry(problem)[1])


def _chirality_entry(problem: BurrProblem):
    """(the kinds, their chirality, for a tiny problem without colours each kind's rotation codes (see
    ``tiny_shapes.rotation_codes``, which the pairing of copies reuses) or None), kept for the last few problems."""
    kinds, coloured = problem.kinds, problem.coloured
    found = _CHIRALITY.get((id(kinds), coloured))
    if found is None or found[0] is not kinds:
        codes = None
        if coloured:
            chirality = [coloured_chiral(k.coloured()) for k in kinds]
        elif _tiny(problem):
            codes = [rotation_codes(k.cells) for k in kinds]
            chirality = [small_chiral(k.cells, c) for k, c in zip(kinds, codes, strict=True)]
        else:
            from solvers.packing.placement_arrays import is_chiral_np

            chirality = [is_chiral_np(k.cells) for k in kinds]
        found = _CHIRALITY[(id(kinds), coloured)] = (kinds, chirality, codes)
        while len(_CHIRALITY) > 8:
            del _CHIRALITY[next(iter(_CHIRALITY))]
    return found


# the kinds (a tuple shared by a problem and the copies made of it), their chirality and rotation codes (tiny
# problems), for the last few problems
_CHIRALITY: dict[tuple[int, bool], tuple[tuple[Kind, ...], list[bool], list | None]] = {}


# ---------------------------------------------------------------------------------------------- plain puzzles


def kind_twins(problem: BurrProblem) -> dict[int, int] | None:
    """Kind-level mirror twins matching BurrTools' pairing, or None when the copies pair up only across kinds."""
    copies = problem.copies()
    twins: dict[int, int] = {}
    for i, j in enumerate(problem.pairing):
        if j is None:
            continue
        a, b = copies[i], copies[j]
        if twins.setdefault(a, b) != b:
            return None
    for a, b in twins.items():
        if twins.get(b) != a or problem.kinds[a].maximum != problem.kinds[b].maximum:
            return None
    return twins


def to_puzzle(problem: BurrProblem, name: str = "") -> Puzzle:
    """The engine's puzzle of a plain problem (see :attr:`BurrProblem.plain`); mirror twins are filled in when the
    copies pair up kind by kind, so counting up to ``mirror`` is defined exactly when BurrTools identifies mirror
    images. Raises BurrToolsFileError for problems that are not plain."""
    if problem.optional:
        raise BurrToolsFileError(
            "the result has variable (+) cells, which a cubeviz puzzle cannot express", problem.name
        )
    if problem.coloured:
        raise BurrToolsFileError("cells have colours (colour constraints), which a cubeviz puzzle cannot express",
                                 problem.name)  # fmt: skip
    if problem.has_ranges:
        raise BurrToolsFileError("some piece has a count range (min/max), which a cubeviz puzzle cannot express",
                                 problem.name)  # fmt: skip
    volume = sum(len(k.cells) * k.maximum for k in problem.kinds)
    if volume != len(problem.required):
        raise BurrToolsFileError(f"the pieces have {volume} cells but the result {len(problem.required)}", problem.name)
    twins = (kind_twins(problem) or {}) if problem.mirror_ok else {}
    pieces = tuple(
        Piece(
            k.letter,
            k.cells,
            k.colour(i),
            k.maximum,
            problem.kinds[twins[i]].letter if i in twins else None,
            k.label,
        )  # fmt: skip
        for i, k in enumerate(problem.kinds)
    )
    target = tuple(sorted(normalise(problem.required), key=lambda v: (v[2], v[1], v[0])))
    dims = (max(v[0] for v in target) + 1, max(v[1] for v in target) + 1, max(v[2] for v in target) + 1)
    ident = name or problem.puzzle_name or identifier_for(problem.title)
    return Puzzle(
        name=ident,
        pieces=pieces,
        target=target,
        dims=dims,
        title=problem.title,
        description=problem.description,
        is_box=len(target) == dims[0] * dims[1] * dims[2],
    )


def identifier_for(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64] or "burrtools"
    return slug if _NAME_RE.match(slug) else "burrtools"


def plain_mode(problem: BurrProblem) -> SymmetryMode:
    """The engine's symmetry level that BurrTools' count of a plain problem is."""
    if problem.mirror_ok and kind_twins(problem) is not None:
        return SymmetryMode.MIRROR
    return SymmetryMode.ROTATION


def from_puzzle(puzzle: Puzzle) -> BurrToolsPuzzle:
    """A BurrTools file of one problem for an engine puzzle: one shape per piece (named ``letter: label`` or by its
    letter, its display colour in our own attribute, which BurrTools skips: colours in BurrTools' sense are
    constraints), then the result shape named after the puzzle. Free pieces (``mirrors_same_piece``) have no
    BurrTools equivalent unless every piece is achiral (then turning one over is a rotation)."""
    if puzzle.mirrors_same_piece and any(is_chiral(p.cells) for p in puzzle.pieces):
        chiral = next(p.name for p in puzzle.pieces if is_chiral(p.cells))
        raise BurrToolsFileError(
            f"pieces may be reflected (mirrors_same_piece) and piece {chiral!r} is one-handed: BurrTools only "
            "rotates pieces", puzzle.name)  # fmt: skip
    shapes = [shape_from_cells(p.cells, name=f"{p.name}: {p.label}" if p.label else p.name, display_colour=p.colour)
              for p in puzzle.pieces]  # fmt: skip
    shapes.append(shape_from_cells(puzzle.target, name=puzzle.name))
    parts = tuple(Part(i, p.count, p.count) for i, p in enumerate(puzzle.pieces))
    problem = Problem(name=puzzle.title or puzzle.name, parts=parts, result=len(puzzle.pieces))
    return BurrToolsPuzzle(tuple(shapes), (problem,), (), puzzle.description)


def assembly_cells(puzzle: BurrToolsPuzzle, problem: Problem, placements) -> list[tuple[int, list[Voxel]] | None]:
    """The cells (result coordinates) of each piece copy of a stored assembly, with its part index; None for an
    unused copy. A placement gives where the piece's hot spot goes and BurrTools' orientation number."""
    out: list[tuple[int, list[Voxel]] | None] = []
    copies = [i for i, p in enumerate(problem.parts) for _ in range(p.maximum)]
    for part, placement in zip(copies, placements, strict=True):
        if placement is None:
            out.append(None)
            continue
        x, y, z, t = placement
        shape = puzzle.shapes[problem.parts[part].shape]
        hx, hy, hz = shape.hotspot
        moved = apply(burrtools_transformation(t), [(a - hx, b - hy, c - hz) for a, b, c in shape.filled()])
        out.append((part, [(a + x, b + y, c + z) for a, b, c in moved]))
    return out
