"""A BurrTools problem as the engine sees it, counted the way BurrTools counts, and converted to and from puzzles.

BurrTools' rules, as this module implements them:

* The result shape's ``#`` cells must be filled and its ``+`` cells may stay empty; a piece is placed in any of the
  24 rotations (never reflected) so that its cells lie on result cells. Each part is used between its ``min`` and
  ``max`` times; a problem's ``maxHoles`` bounds the empty ``+`` cells.
* Assemblies that are rotations of one another count once, where a rotation counts only if it maps the result
  shape onto itself cell for cell (``#`` on ``#``, ``+`` on ``+``). Mirror images count once as well when the
  result shape has a mirror symmetry and every one-handed piece of an assembly has a partner: BurrTools pairs the
  copies of the pieces, in problem order, each one-handed copy with the next unpaired copy of its mirror shape.
  Without count ranges, one unpaired copy switches mirror identification off for the whole problem; with ranges
  pairing stops at the first unpaired copy and only assemblies whose one-handed copies are all paired are
  identified with their mirror images.

A *plain* problem (fixed counts, no ``+`` cells, no colour) is a :class:`~solvers.packing.puzzle.Puzzle` with the
pieces' mirror twins filled in, and its BurrTools count is the engine's count up to ``mirror`` where that level is
defined and up to ``rotation`` otherwise (the numba kernel and its symmetry reduction do the work). Other problems
go through :func:`assemblies`, a plain-Python search over required and optional cells with count ranges, whose
assemblies are then sorted into classes with the images above.

Colour constraints are not supported: a problem whose result or pieces carry colours is refused.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from solvers.packing.burrtools_io import (
    BurrToolsFileError,
    BurrToolsPuzzle,
    Part,
    Problem,
    Shape,
    shape_from_cells,
)
from solvers.packing.puzzle import Piece, Puzzle, SymmetryMode
from solvers.packing.voxels import (
    Matrix,
    Voxel,
    apply,
    is_chiral,
    isometry_matrices,
    mirror_image,
    normalise,
    orientations,
    same_shape,
    translations,
)

LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
PALETTE = ("#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#bfef45",
           "#fabed4", "#469990", "#dcbeff", "#9a6324", "#fffac8", "#800000", "#aaffc3")  # fmt: skip
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_LABELLED = re.compile(r"^(\S): (.*)$", re.DOTALL)
MAX_RESULT_CELLS = 4096
MAX_LISTED = 2_000_000  # assemblies held (before symmetry) to sort into classes


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

    @property
    def cells(self) -> tuple[Voxel, ...]:
        return self.required + self.optional

    @property
    def has_ranges(self) -> bool:
        return any(k.minimum != k.maximum for k in self.kinds)

    @property
    def plain(self) -> bool:
        """Fixed counts, no optional cell and the volumes match: the engine's exact-cover puzzle."""
        volume = sum(len(k.cells) * k.maximum for k in self.kinds)
        return not self.optional and not self.has_ranges and volume == len(self.required)

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
    return [(w[0], w[1]) for w in wanted]  # type: ignore[misc]


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
    for shape_id in [problem.result] + [p.shape for p in problem.parts]:
        if puzzle.shapes[shape_id].colours:
            raise BurrToolsFileError(
                f"shape {shape_id + 1} has coloured cells: colour constraints are not supported", loc
            )
    if not result.cells:
        raise BurrToolsFileError(f"the result shape {problem.result + 1} is empty", loc)
    kinds = []
    for part, (letter, text) in zip(problem.parts, _letters_and_labels(puzzle.shapes, problem.parts), strict=True):
        shape = puzzle.shapes[part.shape]
        if shape.variable():
            raise BurrToolsFileError(f"piece shape {part.shape + 1} has variable (+) cells; only a result may", loc)
        if not shape.filled():
            raise BurrToolsFileError(f"piece shape {part.shape + 1} has no filled cell", loc)
        kinds.append(Kind(letter, text, normalise(shape.filled()), part.minimum, part.maximum, part.groups,
                          part.shape, shape.weight))  # fmt: skip
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
    index = {c: i for i, c in enumerate(room)}
    placeable = []
    for kind in kinds:
        if any(next(translations(shape, room, index), None) is not None for shape in orientations(kind.cells)):
            placeable.append(kind)
        elif kind.minimum:
            raise BurrToolsFileError(f"piece shape {kind.shape + 1} fits nowhere in the result", loc)
    kinds = placeable  # a piece that may stay unused and fits nowhere changes nothing
    title = problem.name or result.name or "BurrTools problem"
    base = BurrProblem(label, title, puzzle.comment, required, optional, tuple(kinds), problem.max_holes,
                       result.name if _NAME_RE.match(result.name) else "")  # fmt: skip
    pairing, mirror_ok = _pair_copies(base)
    return BurrProblem(**{**base.__dict__, "pairing": pairing, "mirror_ok": mirror_ok})


def _pair_copies(problem: BurrProblem) -> tuple[tuple[int | None, ...], bool]:
    """Pair each one-handed piece copy with the next unpaired copy of its mirror shape (see module docstring).
    Returns the partner of every copy (None: achiral or unpaired) and whether mirror identification applies."""
    kinds = problem.copies()
    chiral = [is_chiral(k.cells) for k in problem.kinds]
    partner: list[int | None] = [None] * len(kinds)
    complete = True
    for i, kind in enumerate(kinds):
        if partner[i] is not None or not chiral[kind]:
            continue
        mirrored = mirror_image(problem.kinds[kind].cells)
        for j in range(i + 1, len(kinds)):
            if partner[j] is None and chiral[kinds[j]] and same_shape(problem.kinds[kinds[j]].cells, mirrored):
                partner[i], partner[j] = j, i
                break
        else:
            complete = False
            break
    return tuple(partner), complete or problem.has_ranges


# ---------------------------------------------------------------------------------------------- plain puzzles


def _twins(problem: BurrProblem) -> dict[int, int] | None:
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
    if problem.has_ranges:
        raise BurrToolsFileError("some piece has a count range (min/max), which a cubeviz puzzle cannot express",
                                 problem.name)  # fmt: skip
    volume = sum(len(k.cells) * k.maximum for k in problem.kinds)
    if volume != len(problem.required):
        raise BurrToolsFileError(f"the pieces have {volume} cells but the result {len(problem.required)}", problem.name)
    twins = (_twins(problem) or {}) if problem.mirror_ok else {}
    pieces = tuple(
        Piece(
            k.letter,
            k.cells,
            PALETTE[i % len(PALETTE)],
            k.maximum,
            problem.kinds[twins[i]].letter if i in twins else None,
            k.label,
        )  # fmt: skip
        for i, k in enumerate(problem.kinds)
    )
    target = tuple(sorted(normalise(problem.required), key=lambda v: (v[2], v[1], v[0])))
    dims = (max(v[0] for v in target) + 1, max(v[1] for v in target) + 1, max(v[2] for v in target) + 1)
    ident = name or problem.puzzle_name or _slug(problem.title)
    return Puzzle(
        name=ident,
        pieces=pieces,
        target=target,
        dims=dims,
        title=problem.title,
        description=problem.description,
        is_box=len(target) == dims[0] * dims[1] * dims[2],
    )


def _slug(text: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64] or "burrtools"
    return slug if _NAME_RE.match(slug) else "burrtools"


def plain_mode(problem: BurrProblem) -> SymmetryMode:
    """The engine's symmetry level that BurrTools' count of a plain problem is."""
    if problem.mirror_ok and _twins(problem) is not None:
        return SymmetryMode.MIRROR
    return SymmetryMode.ROTATION


def from_puzzle(puzzle: Puzzle) -> BurrToolsPuzzle:
    """A BurrTools file of one problem for an engine puzzle: one shape per piece (named ``letter: label`` or by its
    letter), then the result shape named after the puzzle. Colours are display colours here and constraints in
    BurrTools, so they are not written. Free pieces (``mirrors_same_piece``) have no BurrTools equivalent unless
    every piece is achiral (then turning one over is a rotation)."""
    if puzzle.mirrors_same_piece and any(is_chiral(p.cells) for p in puzzle.pieces):
        chiral = next(p.name for p in puzzle.pieces if is_chiral(p.cells))
        raise BurrToolsFileError(
            f"pieces may be reflected (mirrors_same_piece) and piece {chiral!r} is one-handed: BurrTools only "
            "rotates pieces", puzzle.name)  # fmt: skip
    shapes = [shape_from_cells(p.cells, name=f"{p.name}: {p.label}" if p.label else p.name) for p in puzzle.pieces]
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


# ------------------------------------------------------------------------------------------ counting


@dataclass(frozen=True)
class Count:
    """BurrTools' figures for one problem: assemblies up to its symmetry and, when asked, how many of them come
    apart (``solutions``; None when not asked) and how many could not be decided within the state bound."""

    assemblies: int
    solutions: int | None = None
    undecided: int = 0
    representatives: tuple[tuple[tuple[int, tuple[Voxel, ...]], ...], ...] = ()  # (kind, cells) per piece


def _engine_puzzle(problem: BurrProblem) -> tuple[Puzzle, int | None]:
    """An engine puzzle over every result cell, with a one-cell *hole* kind (index returned, None without ``+``
    cells) standing for the ``+`` cells left empty; counts are the kinds' maxima (the hole kind's: how many may
    stay empty)."""
    used = {k.letter for k in problem.kinds}
    pieces = [Piece(k.letter, k.cells, PALETTE[i % len(PALETTE)], k.maximum, None, k.label)
              for i, k in enumerate(problem.kinds)]  # fmt: skip
    hole = None
    if problem.optional:
        low = sum(len(k.cells) * k.minimum for k in problem.kinds)
        high = sum(len(k.cells) * k.maximum for k in problem.kinds)
        n_cells = len(problem.required) + len(problem.optional)
        budget = len(problem.optional) if low != high else n_cells - low
        if problem.max_holes is not None and low != high:
            budget = min(budget, problem.max_holes)
        if budget > 0:
            hole = len(pieces)
            letter = next(c for c in "~^*=" + LETTERS if c not in used)
            pieces.append(Piece(letter, ((0, 0, 0),), "#000000", budget, None, "empty cell"))
    target = tuple(sorted(problem.cells, key=lambda v: (v[2], v[1], v[0])))
    low_corner = [min(v[a] for v in target) for a in range(3)]
    target = tuple((x - low_corner[0], y - low_corner[1], z - low_corner[2]) for x, y, z in target)
    dims = (max(v[0] for v in target) + 1, max(v[1] for v in target) + 1, max(v[2] for v in target) + 1)
    puzzle = Puzzle(name=problem.puzzle_name or _slug(problem.title), pieces=tuple(pieces), target=target, dims=dims,
                    title=problem.title, is_box=False)  # fmt: skip
    return puzzle, hole


def _offset(problem: BurrProblem) -> Voxel:
    every = problem.cells
    return (min(v[0] for v in every), min(v[1] for v in every), min(v[2] for v in every))


def count(problem: BurrProblem, *, disassemble: bool = False, max_states: int = 2_000_000, stop=None) -> Count:
    """Count ``problem`` the way BurrTools does (see the module docstring); with ``disassemble`` also take every
    counted assembly apart by BurrTools' rules (:mod:`solvers.packing.burrtools_disassembly`). A ``stop`` flag
    (``threading.Event``) that gets set ends the work with KeyboardInterrupt."""
    if not problem.kinds:  # no piece fits: only an empty result has its (empty) assembly, never a solution
        return Count(0 if problem.required else 1, 0 if disassemble else None)
    if problem.plain and (not problem.mirror_ok or _twins(problem) is not None):
        return _count_plain(problem, disassemble, max_states, stop)
    return _count_general(problem, disassemble, max_states, stop)


def _count_plain(problem: BurrProblem, disassemble: bool, max_states: int, stop) -> Count:
    """The engine's classes at the level :func:`plain_mode` names, with its symmetry reduction."""
    from solvers.packing.cover import build_cover
    from solvers.packing.search import all_solutions, count_solutions

    puzzle = to_puzzle(problem)
    cover = build_cover(puzzle)
    mode = plain_mode(problem)
    if not disassemble:
        total = count_solutions(cover, up_to=mode, stop=stop)
        _check_stop(stop)
        return Count(total)
    rows = all_solutions(cover, up_to=mode, stop=stop)
    _check_stop(stop)
    target = _result_coordinates(problem, puzzle)
    reps = tuple(tuple((int(cover.row_kind[r]), tuple(target[c] for c in cover.row_cells[r] if c >= 0))
                       for r in sol) for sol in rows.tolist())  # fmt: skip
    return _with_disassembly(problem, reps, max_states, stop)


def _count_general(problem: BurrProblem, disassemble: bool, max_states: int, stop) -> Count:
    """Every assembly from the kernel (``+`` cells coverable by the empty kind, ranges checked at full covers),
    then one per class."""
    import numpy as np

    from solvers.packing.cover import build_cover

    puzzle, hole = _engine_puzzle(problem)
    cover = build_cover(puzzle)
    target = _result_coordinates(problem, puzzle)
    required = set(problem.required)
    enabled = np.ones(cover.n_rows, dtype=np.uint8)
    if hole is not None:  # the empty kind only on + cells
        for r in cover.rows_of_kind(hole):
            if target[int(cover.row_cells[r][0])] in required:
                enabled[r] = 0
    slack = [k.maximum - k.minimum for k in problem.kinds]
    if hole is not None:
        slack.append(int(cover.kind_count[hole]))
    cover.kind_slack = np.asarray(slack, dtype=np.int64)
    rows = _every_assembly(cover, enabled, stop)
    _check_stop(stop)

    def pieces(sol: list[int]) -> tuple:
        return tuple((int(cover.row_kind[r]), tuple(target[c] for c in cover.row_cells[r] if c >= 0))
                     for r in sol if r >= 0 and int(cover.row_kind[r]) != hole)  # fmt: skip

    keep = _fast_classes(problem, cover, puzzle, rows)
    if keep is None:  # copies pair up across kinds: the per-assembly rule
        found = [pieces(sol) for sol in rows.tolist()]
        reps = tuple(found[i] for i in classes(problem, found))
    else:
        reps = tuple(pieces(rows[i].tolist()) for i in keep)
    if not disassemble:
        return Count(len(reps), representatives=reps)
    return _with_disassembly(problem, reps, max_states, stop)


def _result_coordinates(problem: BurrProblem, puzzle: Puzzle) -> list[Voxel]:
    """The engine puzzle's target cells (moved to the origin) back in the result shape's coordinates."""
    shift = _offset(problem)
    return [(x + shift[0], y + shift[1], z + shift[2]) for x, y, z in puzzle.target]


def _check_stop(stop) -> None:
    """A set ``stop`` flag ends the count as an interruption (the CLI reports it and exits with 130)."""
    if stop is not None and stop.is_set():
        raise KeyboardInterrupt


def _every_assembly(cover, enabled, stop):
    """Every assembly as kernel rows (-1 padded), at most ``MAX_LISTED`` of them."""
    import numpy as np

    from solvers.packing.search import CoverSolution, enumerate_solutions

    found = []
    for event in enumerate_solutions(cover, enabled=enabled, stop=stop, progress_interval=1.0):
        if isinstance(event, CoverSolution):
            if len(found) == MAX_LISTED:
                raise BurrToolsFileError(
                    f"more than {MAX_LISTED:,} assemblies before symmetry: too many to sort into classes here",
                    cover.puzzle.title,
                )
            found.append(event.rows)
    return np.asarray(found, dtype=np.int64).reshape(len(found), cover.n_instances)


def _fast_classes(problem: BurrProblem, cover, puzzle: Puzzle, rows) -> list[int] | None:
    """:func:`classes` on the kernel's row arrays, vectorised: the result's symmetries as row permutations (a
    reflection also swaps each one-handed kind for its twin), an image counted only where every row has one and
    the kinds' ranges hold; the first solution of each class by index. None when the copies do not pair up kind
    by kind (then the per-assembly rule applies)."""
    import numpy as np

    from solvers.packing.symmetry import _RowLookup

    twins = _twins(problem) if problem.mirror_ok else {}
    if twins is None:
        return None
    symmetries = [s for s in _result_symmetries(problem) if s[2] or problem.mirror_ok]
    shift = _offset(problem)
    index = puzzle.cell_index()
    n_kinds = cover.n_kinds
    chiral = [is_chiral(k.cells) for k in problem.kinds]
    lookup = _RowLookup(cover)
    sols = np.asarray(rows, dtype=np.int64)
    n_rows = cover.n_rows
    row_kind = np.append(cover.row_kind, -1)  # index -1 (padding) has no kind
    best = None
    for m, t, proper in symmetries:
        moved = apply(m, [(x + shift[0], y + shift[1], z + shift[2]) for x, y, z in puzzle.target])
        cell_perm = np.array([index[(x + t[0] - shift[0], y + t[1] - shift[1], z + t[2] - shift[2])]
                              for x, y, z in moved], dtype=np.int64)  # fmt: skip
        kind_map = np.arange(n_kinds, dtype=np.int64)
        if not proper:
            for k in range(len(problem.kinds)):
                if chiral[k]:
                    kind_map[k] = twins.get(k, -1)
        cells = np.where(cover.row_cells >= 0, cell_perm[cover.row_cells], -1)
        perm = np.append(lookup.find(kind_map[cover.row_kind], cells), -1)
        image = perm[sols]
        valid = ~((image < 0) & (sols >= 0)).any(axis=1)
        if not proper:
            kinds = row_kind[image]
            for k, kind in enumerate(problem.kinds):
                used = (kinds == k).sum(axis=1)
                valid &= (used >= kind.minimum) & (used <= kind.maximum)
        key = np.sort(np.where(image < 0, n_rows, image), axis=1)
        if best is None:
            best = key
            continue
        diff = key != best
        first = diff.argmax(axis=1)
        at = np.arange(len(sols))
        smaller = valid & diff.any(axis=1) & (key[at, first] < best[at, first])
        best[smaller] = key[smaller]
    if best is None or not len(sols):
        return []
    _, first_index = np.unique(best, axis=0, return_index=True)
    return sorted(int(i) for i in first_index)


def _with_disassembly(problem: BurrProblem, reps, max_states: int, stop) -> Count:
    from solvers.packing.burrtools_disassembly import takes_apart

    solutions = undecided = 0
    for assembly in reps:
        _check_stop(stop)
        verdict = takes_apart(problem, assembly, max_states=max_states)
        if verdict is None:
            undecided += 1
        elif verdict:
            solutions += 1
    return Count(len(reps), solutions, undecided, reps)


def classes(problem: BurrProblem, found: list) -> list[int]:
    """Indices into ``found`` (assemblies as (kind, cells) pairs) of the first assembly of each BurrTools class."""
    symmetries = _result_symmetries(problem)
    if not problem.mirror_ok:
        symmetries = [s for s in symmetries if s[2]]
    copies = problem.copies()
    first_copy: dict[int, int] = {}
    for i, k in enumerate(copies):
        first_copy.setdefault(k, i)
    chiral = [is_chiral(k.cells) for k in problem.kinds]
    seen: set[tuple] = set()
    keep = []
    for n, placed in enumerate(found):
        mirror_kinds = _mirror_kinds(problem, placed, copies, first_copy, chiral) if problem.mirror_ok else None
        best = None
        for m, shift, proper in symmetries:
            if not proper and mirror_kinds is None:
                continue
            image = []
            for slot, (k, cells) in enumerate(placed):
                moved = apply(m, cells)
                image.append(
                    (
                        k if proper else mirror_kinds[slot],
                        tuple(sorted((x + shift[0], y + shift[1], z + shift[2]) for x, y, z in moved)),
                    )
                )
            key = tuple(sorted(image))
            if best is None or key < best:
                best = key
        if best not in seen:
            seen.add(best)
            keep.append(n)
    return keep


def _result_symmetries(problem: BurrProblem) -> list[tuple[Matrix, Voxel, bool]]:
    """Isometries (matrix, shift, proper) mapping the result onto itself, ``#`` onto ``#`` and ``+`` onto ``+``."""
    required, optional = set(problem.required), set(problem.optional)
    every = list(required | optional)
    low = tuple(min(v[a] for v in every) for a in range(3))
    out = []
    for n, m in enumerate(isometry_matrices()):
        moved = apply(m, every)
        shift = tuple(low[a] - min(v[a] for v in moved) for a in range(3))

        def image(cells: set[Voxel], m: Matrix = m, shift: tuple = shift) -> set[Voxel]:
            return {(x + shift[0], y + shift[1], z + shift[2]) for x, y, z in apply(m, cells)}

        if image(required) == required and image(optional) == optional:
            out.append((m, (shift[0], shift[1], shift[2]), n < 24))
    return out


def _mirror_kinds(problem: BurrProblem, placed, copies, first_copy, chiral) -> list[int] | None:
    """The kind each placed piece becomes in the mirror image, or None when the image is no assembly."""
    used: dict[int, int] = {}
    out = []
    for k, _ in placed:
        copy = first_copy[k] + used.get(k, 0)
        used[k] = used.get(k, 0) + 1
        if not chiral[k]:
            out.append(k)
            continue
        partner = problem.pairing[copy] if copy < len(problem.pairing) else None
        if partner is None:
            return None
        out.append(copies[partner])
    counts: dict[int, int] = {}
    for k in out:
        counts[k] = counts.get(k, 0) + 1
    for k, kind in enumerate(problem.kinds):
        if not kind.minimum <= counts.get(k, 0) <= kind.maximum:
            return None
    return out
