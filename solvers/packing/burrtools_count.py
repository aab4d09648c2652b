"""Counting a BurrTools problem the way BurrTools counts it, and taking its assemblies apart by its rules.

BurrTools' rules, as implemented here:

* The result shape's ``#`` cells must be filled and its ``+`` cells may stay empty; a piece is placed in any of the
  24 rotations (never reflected) so that its cells lie on result cells. Each part is used between its ``min`` and
  ``max`` times; a problem's ``maxHoles`` bounds the empty ``+`` cells (with count ranges).
* Assemblies that are rotations of one another count once, where a rotation counts only if it maps the result
  shape onto itself cell for cell (``#`` on ``#``, ``+`` on ``+``). Mirror images count once as well when the
  result shape has a mirror symmetry and every one-handed piece of an assembly has a partner: BurrTools pairs the
  copies of the pieces, in problem order, each one-handed copy with the next unpaired copy of its mirror shape.
  Without count ranges, one unpaired copy switches mirror identification off for the whole problem; with ranges
  pairing stops at the first unpaired copy and only assemblies whose one-handed copies are all paired are
  identified with their mirror images.
* Colours (:mod:`solvers.packing.burrtools_colour`): a placement is allowed only where each coloured piece cell
  may sit on the result cell under it; orientations of a piece that differ only in colours are different
  placements; shapes, mirror partners and the result's symmetries are compared colours included.

A plain problem is counted by the engine up to ``mirror`` where that level is defined and up to ``rotation``
otherwise (the numba kernel with its symmetry reduction). Any other problem is searched by the same kernel over
every result cell, a ``+`` cell also coverable by a one-cell *empty* piece (as many as may stay empty) and the
count ranges checked at each full cover; every assembly is listed (with colours: once per allowed colouring of its
pieces) and sorted into classes by the images above.
"""

from __future__ import annotations

import itertools

from solvers.packing.burrtools_colour import row_colourings
from solvers.packing.burrtools_io import MAX_COLOURS, BurrToolsFileError
from solvers.packing.burrtools_puzzle import (
    LETTERS,
    BurrProblem,
    identifier_for,
    kind_chirality,
    kind_twins,
    plain_mode,
    to_puzzle,
)
from solvers.packing.burrtools_result import Count, check_stop
from solvers.packing.puzzle import Piece, Puzzle
from solvers.packing.voxels import Matrix, Voxel, apply, isometry_matrices

MAX_LISTED = 2_000_000  # assemblies held (before symmetry) to sort into classes
DISASSEMBLY_BATCH = 256  # assemblies taken apart per compiled call
# Results of at most this many cells are counted in Python while numba is not loaded. Measured on the BurrTools
# examples: the Python disassembly takes AlPackino's 180 cells apart in 0.01 s of CPU and CubeInCage's 99-cell
# assemblies in 0.17 s, but PelikanBurr's 512-cell result takes 3 s and DraculasDentalDesaster's 1,656 cells 8 s
# (numba and the compiled searches load in about 0.45 s).
SMALL_CELLS = 256


def _engine_puzzle(problem: BurrProblem) -> tuple[Puzzle, int | None]:
    """An engine puzzle over every result cell, with a one-cell *hole* kind (index returned, None without ``+``
    cells) standing for the ``+`` cells left empty; counts are the kinds' maxima (the hole kind's: how many may
    stay empty)."""
    used = {k.letter for k in problem.kinds}
    pieces = [Piece(k.letter, k.cells, k.colour(i), k.maximum, None, k.label)
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
    name = problem.puzzle_name or identifier_for(problem.title)
    puzzle = Puzzle(name=name, pieces=tuple(pieces), target=target, dims=dims, title=problem.title, is_box=False)
    return puzzle, hole


def _python_first(problem: BurrProblem) -> float | None:
    """How long the searches may run in Python before the compiled ones: None lets them decide (in Python first
    while numba is not loaded, see ``burrtools_search``), 0 sends a result of more than ``SMALL_CELLS`` cells to
    the compiled searches at once."""
    return None if len(problem.required) + len(problem.optional) <= SMALL_CELLS else 0.0


def _offset(problem: BurrProblem) -> Voxel:
    every = problem.cells
    return (min(v[0] for v in every), min(v[1] for v in every), min(v[2] for v in every))


def count(problem: BurrProblem, *, disassemble: bool = False, max_states: int = 2_000_000, stop=None) -> Count:
    """Count ``problem`` the way BurrTools does (see the module docstring); with ``disassemble`` also take every
    counted assembly apart by BurrTools' rules (:mod:`solvers.packing.burrtools_disassembly`). A ``stop`` flag
    (``threading.Event``) that gets set ends the work with KeyboardInterrupt."""
    if not problem.kinds:  # no piece fits: only an empty result has its (empty) assembly, never a solution
        return Count(0 if problem.required else 1, 0 if disassemble else None)
    if disassemble:  # a tiny problem in plain Python, without the general path's arrays
        from solvers.packing.burrtools_tiny import tiny_count

        tiny = tiny_count(problem, max_states, stop, _python_first(problem))
        if tiny is not None:
            return tiny
    if problem.plain and (not problem.mirror_ok or kind_twins(problem) is not None):
        return _count_plain(problem, disassemble, max_states, stop)
    return _count_general(problem, disassemble, max_states, stop)


def _count_plain(problem: BurrProblem, disassemble: bool, max_states: int, stop) -> Count:
    """The engine's classes at the level :func:`plain_mode` names, with its symmetry reduction."""
    import numpy as np

    from solvers.packing.chunks import plan_chunks
    from solvers.packing.cover import build_cover
    from solvers.packing.search import count_solutions

    puzzle = to_puzzle(problem)
    cover = build_cover(puzzle)
    mode = plain_mode(problem)
    if not disassemble:
        total = count_solutions(cover, up_to=mode, stop=stop)
        check_stop(stop)
        return Count(total)
    from solvers.packing.symmetry import row_lookup

    enabled = np.ones(cover.n_rows, dtype=np.uint8)
    # pieces too wide for one integer key make the whole group's row permutations costly (AlPackino: most of the
    # count): then one listing per orbit of an anchor's placements, the classes taken afterwards
    anchored = None if row_lookup(cover).vectorised else _rotation_chunks(problem, cover, puzzle, enabled, None)
    rows = _search_rows(cover, anchored or plan_chunks(cover, mode), enabled, stop, puzzle.title,
                        small_seconds=_python_first(problem))  # fmt: skip
    check_stop(stop)
    if anchored is not None:
        keep = _fast_classes(problem, cover, puzzle, rows)
        assert keep is not None  # a plain problem's copies pair up kind by kind (see count)
        rows = rows[keep]
    target = _result_coordinates(problem, puzzle)
    fast = _disassemble_rows(problem, cover, target, rows, None, max_states, stop)
    if fast is not None:
        return fast
    piece = _row_pieces(cover, target)
    reps = tuple(tuple(piece(r) for r in sol) for sol in rows.tolist())
    return _with_disassembly(problem, reps, max_states, stop)


def _general_search(problem: BurrProblem, stop, *, one_per_rotation: bool) -> tuple:
    """The kernel's search over every result cell (``+`` cells coverable by the empty kind, ranges checked at full
    covers): (cover, target coordinates, hole kind, the assemblies as kernel rows, allowed colourings per row or
    None without colours). Every assembly, or with ``one_per_rotation`` at least one of each class under the
    result's rotations where an anchor piece allows it (enough for classes; see :func:`_rotation_chunks`)."""
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
    colourings = row_colourings(problem, cover, target, enabled, hole) if problem.coloured else None
    chunks = _rotation_chunks(problem, cover, puzzle, enabled, hole) if one_per_rotation else None
    rows = _every_assembly(cover, enabled, stop, chunks, hole, _python_first(problem))
    check_stop(stop)
    return puzzle, cover, target, hole, rows, colourings


def _listed(problem: BurrProblem, cover, target: list[Voxel], hole: int | None, rows, colourings) -> list[tuple]:
    """Every assembly as (kind, cells) per piece, with colours (kind, cells, colouring): once per allowed colouring
    of its pieces, as BurrTools lists them."""
    out: list[tuple] = []
    piece = _row_pieces(cover, target)
    kinds = cover.row_kind.tolist()
    coloured: dict[tuple[int, int], tuple] = {}  # (row, colouring) -> the piece with it, one tuple shared by all
    for sol in rows.tolist():
        used = [r for r in sol if r >= 0 and kinds[r] != hole]
        pieces = [piece(r) for r in used]
        if colourings is None:
            out.append(tuple(pieces))
            continue
        options = [[coloured.setdefault((r, i), (*p, c)) for i, c in enumerate(colourings[r])]
                   for r, p in zip(used, pieces, strict=True)]  # fmt: skip
        for choice in itertools.product(*options):
            out.append(choice)
            if len(out) > MAX_LISTED:
                raise BurrToolsFileError(f"more than {MAX_LISTED:,} assemblies before symmetry: too many to "
                                         "sort into classes here", problem.title)  # fmt: skip
    return out


def _row_pieces(cover, target: list[Voxel]):
    """A function giving a row's piece as (kind, cells in result coordinates), each row's made once (the
    assemblies of a count share most of their pieces, a piece of a burr has a hundred cells or more)."""
    made: dict[int, tuple[int, tuple[Voxel, ...]]] = {}

    def piece(row: int) -> tuple[int, tuple[Voxel, ...]]:
        found = made.get(row)
        if found is None:
            cells = cover.row_cells[row]
            found = made[row] = (int(cover.row_kind[row]), tuple(target[c] for c in cells[cells >= 0].tolist()))
        return found

    return piece


def every_assembly(problem: BurrProblem, stop=None) -> list[tuple]:
    """Every assembly of a problem, before any symmetry: (kind, cells in result coordinates) per piece, and its
    colouring as a third item when the problem has colours (an assembly per allowed colouring of its pieces). A
    set ``stop`` flag ends the search with KeyboardInterrupt."""
    if not problem.kinds:
        return [] if problem.required else [()]
    _puzzle, cover, target, hole, rows, colourings = _general_search(problem, stop, one_per_rotation=False)
    return _listed(problem, cover, target, hole, rows, colourings)


def _count_general(problem: BurrProblem, disassemble: bool, max_states: int, stop) -> Count:
    """Every assembly from the kernel (``+`` cells coverable by the empty kind, ranges checked at full covers),
    then one per class."""
    puzzle, cover, target, hole, rows, colourings = _general_search(problem, stop, one_per_rotation=True)

    piece = _row_pieces(cover, target)
    kinds = cover.row_kind.tolist()

    def pieces(sol: list[int]) -> tuple:
        return tuple(piece(r) for r in sol if r >= 0 and kinds[r] != hole)

    if colourings is not None:  # every allowed colouring of every piece: the assemblies BurrTools lists
        listed = _listed(problem, cover, target, hole, rows, colourings)
        reps = tuple(tuple(piece[:2] for piece in listed[i]) for i in classes(problem, listed))
        if not disassemble:
            return Count(len(reps), representatives=reps)
        return _with_disassembly(problem, reps, max_states, stop)
    keep = _fast_classes(problem, cover, puzzle, rows, hole)
    if keep is not None and disassemble:
        fast = _disassemble_rows(problem, cover, target, rows[keep], hole, max_states, stop)
        if fast is not None:
            return fast
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


def _every_assembly(cover, enabled, stop, chunks=None, hole: int | None = None, small_seconds: float | None = None):
    """Every assembly as kernel rows (-1 padded), at most ``MAX_LISTED`` of them; with ``chunks`` (see
    :func:`_rotation_chunks`) at least one of every class instead."""
    from solvers.packing.chunks import plan_chunks
    from solvers.packing.puzzle import SymmetryMode

    if chunks is None:
        chunks = plan_chunks(cover, SymmetryMode.NONE)
    return _search_rows(cover, chunks, enabled, stop, cover.puzzle.title, hole, small_seconds)


def _rotation_chunks(problem: BurrProblem, cover, puzzle: Puzzle, enabled, hole: int | None):
    """The search split so that it lists one assembly per class under the result's rotations (see
    :func:`solvers.packing.burrtools_search.rotation_chunks`); the classes are then taken among those. None when
    the result has no rotation or no kind is used exactly once in every assembly."""

    from solvers.packing.burrtools_search import rotation_chunks

    identity = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    rotations = [n for n, s in enumerate(_result_symmetries(problem)) if s[2] and s[0] != identity]
    anchors = [k for k, kind in enumerate(problem.kinds) if kind.minimum == kind.maximum == 1 and k != hole]
    if not rotations or not anchors:
        return None
    return rotation_chunks(cover, list(_symmetry_cell_perms(problem, puzzle)[rotations]), anchors, enabled)


def _symmetry_cell_perms(problem: BurrProblem, puzzle: Puzzle):
    """:func:`_cell_perms` of every symmetry of :func:`_result_symmetries` as one array (S, cells), worked out once
    per problem and puzzle (the search's split and the classes both ask)."""
    import numpy as np

    found = _CELL_PERMS.get((id(problem), id(puzzle)))
    if found is None or found[0] is not problem or found[1] is not puzzle:
        perms = _cell_perms(problem, puzzle, _result_symmetries(problem))
        array = np.stack(perms) if perms else np.zeros((0, len(puzzle.target)), dtype=np.int64)
        found = _CELL_PERMS[(id(problem), id(puzzle))] = (problem, puzzle, array)
        while len(_CELL_PERMS) > 8:
            del _CELL_PERMS[next(iter(_CELL_PERMS))]
    return found[2]


_CELL_PERMS: dict[tuple[int, int], tuple[BurrProblem, Puzzle, object]] = {}


def _cell_perms(problem: BurrProblem, puzzle: Puzzle, symmetries) -> list:
    """Each symmetry of the result (matrix, shift, proper) as a permutation of the engine puzzle's cells."""
    import numpy as np

    shift = np.asarray(_offset(problem), dtype=np.int64)
    target = np.asarray(puzzle.target, dtype=np.int64).reshape(-1, 3)
    dims = target.max(axis=0) + 1
    index = np.full(tuple(int(d) for d in dims), -1, dtype=np.int64)
    index[target[:, 0], target[:, 1], target[:, 2]] = np.arange(len(target))
    if not symmetries:
        return []
    mats = np.asarray([m for m, _, _ in symmetries], dtype=np.int64).reshape(-1, 3, 3)
    shifts = np.asarray([t for _, t, _ in symmetries], dtype=np.int64).reshape(-1, 1, 3)
    moved = np.matmul((target + shift)[None], mats.transpose(0, 2, 1)) + shifts - shift  # every symmetry at once
    return list(index[moved[..., 0], moved[..., 1], moved[..., 2]])


def _search_rows(cover, chunks, enabled, stop, title: str, hole: int | None = None,
                 small_seconds: float | None = None):  # fmt: skip
    """The solutions of ``chunks`` as kernel rows (see :mod:`solvers.packing.burrtools_search`), at most
    ``MAX_LISTED`` of them."""
    from solvers.packing.burrtools_search import TooManyAssemblies, assembly_rows

    try:
        return assembly_rows(cover, chunks, enabled, stop, limit=MAX_LISTED, filler=hole,
                             small_seconds=small_seconds)  # fmt: skip
    except TooManyAssemblies:
        raise BurrToolsFileError(
            f"more than {MAX_LISTED:,} assemblies before symmetry: too many to sort into classes here", title
        ) from None


def _fast_classes(problem: BurrProblem, cover, puzzle: Puzzle, rows, hole: int | None = None) -> list[int] | None:
    """:func:`classes` on the kernel's row arrays, vectorised: the result's symmetries as row permutations (a
    reflection also swaps each one-handed kind for its twin), an image counted only where every row has one and
    the kinds' ranges hold; the first solution of each class by index. None when the copies do not pair up kind
    by kind (then the per-assembly rule applies). Rows of the ``hole`` kind (empty cells) are left out: an
    assembly's pieces decide it.

    Every symmetry is handled at once: the rows the assemblies use are looked up under all of them in one call,
    and each assembly's smallest valid image (its rows sorted, compared as sequences) is found column by column
    over all images together; assemblies with the same smallest image form a class."""
    if len(rows) <= 1:  # no assembly, or one: its own class (no symmetry to work out)
        return list(range(len(rows)))
    import numpy as np

    from solvers.packing.symmetry import row_lookup

    twins = kind_twins(problem) if problem.mirror_ok else {}
    if twins is None or problem.coloured:
        return None
    sols = np.asarray(rows, dtype=np.int64)
    if hole is not None:  # the empty cells follow from the pieces (and a symmetry keeps them empty cells)
        pieces = (sols >= 0) & (np.append(cover.row_kind, -1)[sols] != hole)
        packed = np.full((len(sols), max(int(pieces.sum(axis=1).max()), 1)), -1, dtype=np.int64)
        packed[np.nonzero(pieces)[0], (np.cumsum(pieces, axis=1) - 1)[pieces]] = sols[pieces]  # pieces first
        sols = packed
    every = _result_symmetries(problem)
    kept = [n for n, s in enumerate(every) if s[2] or problem.mirror_ok]
    symmetries = [every[n] for n in kept]
    n_kinds, n_rows = cover.n_kinds, cover.n_rows
    chiral = kind_chirality(problem)
    lookup = row_lookup(cover)
    marked = np.zeros(n_rows + 1, dtype=bool)
    marked[sols] = True  # the padding -1 marks the last entry, no row
    used_rows = np.flatnonzero(marked[:n_rows])
    used_cells = cover.row_cells[used_rows]
    proper = np.asarray([s[2] for s in symmetries])
    kind_maps = np.tile(np.arange(n_kinds, dtype=np.int64), (len(symmetries), 1))
    for k in range(len(problem.kinds)):
        if chiral[k]:
            kind_maps[~proper, k] = twins.get(k, -1)
    keeps_kinds = (kind_maps == np.arange(n_kinds)).all(axis=1)  # no range to check: the counts stay the same
    cell_perms = _symmetry_cell_perms(problem, puzzle)[kept]  # (S, cells)
    perm = np.full((len(symmetries), n_rows + 1), -1, dtype=np.int64)  # only the rows some assembly uses
    perm[:, n_rows] = n_rows  # the padding stays padding
    sizes = (used_cells >= 0).sum(axis=1)
    # the rows as their own number of cells (one-cell empty rows beside pieces of hundreds), where the lookup
    # takes any width; its integer keys take the full width
    widths = [used_cells.shape[1]] if lookup.vectorised else sorted(set(sizes.tolist()))
    for width in widths:
        group = np.flatnonzero(sizes == width) if not lookup.vectorised else np.arange(len(used_rows))
        narrow = used_cells[group]
        if not lookup.vectorised:
            narrow = narrow[narrow >= 0].reshape(len(group), width)
        step = max(1, (1 << 22) // max(narrow.size, 1))  # symmetries per lookup: bounded memory
        for at in range(0, len(symmetries), step):
            part = cell_perms[at : at + step]
            cells = np.where(narrow[None] >= 0, part[:, np.maximum(narrow, 0)], -1)  # (s, rows, width)
            kinds = kind_maps[at : at + step, cover.row_kind[used_rows[group]]]  # (s, rows)
            found = lookup.find(kinds.reshape(-1), cells.reshape(-1, narrow.shape[1]))
            perm[at : at + step, used_rows[group]] = found.reshape(len(part), -1)
    block = max(1, (1 << 22) // (len(symmetries) * sols.shape[1]))  # assemblies at a time: bounded memory
    ranks = _row_ranks(perm, used_rows, n_rows, sols.shape[1])
    if ranks is not None:  # each image one integer: the smallest per assembly is a minimum, a class a value
        codes = np.concatenate([_smallest_codes(problem, cover, perm, keeps_kinds, sols[at : at + block], ranks)
                                for at in range(0, len(sols), block)])  # fmt: skip
        return sorted(np.unique(codes, return_index=True)[1].tolist())
    best = np.concatenate([_smallest_images(problem, cover, perm, keeps_kinds, sols[at : at + block])
                           for at in range(0, len(sols), block)])  # fmt: skip
    order = np.lexsort(best.T[::-1])  # rows sorted as sequences; equal rows keep their order
    ordered = best[order]
    first = np.ones(len(ordered), dtype=bool)
    first[1:] = (ordered[1:] != ordered[:-1]).any(axis=1)
    return sorted(order[first].tolist())


def _row_ranks(perm, used_rows, n_rows: int, width: int):
    """How an image (``width`` rows) becomes one integer, from the rows images can hold (the images of
    ``used_rows`` under ``perm``): (a table over ``0..n_rows`` (``n_rows``: no row), bits per row or None), or
    None when no integer holds an image. Up to 63 such rows an image is the set of its rows' bits (the table gives
    each row its bit, no row 0), which needs no sorting; else, when ``width`` ranks fit 63 bits, its sorted rows'
    ranks packed most significant first (the table gives the ranks, no row the highest), which compare as the
    rows do. Either way equal images give equal integers and different ones different integers."""
    import numpy as np

    seen = np.zeros(n_rows + 1, dtype=np.int64)
    seen[perm[:, used_rows].ravel()] = 1  # a row without image (-1) marks the last entry
    seen[n_rows] = 0
    n_seen = int(seen.sum())
    ranks = np.cumsum(seen) - 1
    if n_seen <= 63:
        return np.where(seen > 0, np.left_shift(1, np.maximum(ranks, 0)), 0), None
    bits = n_seen.bit_length()  # ranks 0..n_seen - 1, and n_seen for no row
    if bits * width > 63:
        return None
    ranks[n_rows] = n_seen
    return ranks, bits


def _smallest_codes(problem: BurrProblem, cover, perm, keeps_kinds, sols, ranks):
    """Per assembly, the smallest integer (see :func:`_row_ranks`) among its images that are assemblies: equal
    for two assemblies exactly when their smallest images are equal, as the images compared row by row."""
    import numpy as np

    table, bits = ranks
    image, valid = _images(problem, cover, perm, keeps_kinds, sols)
    if bits is None:
        codes = table[image] @ np.ones(image.shape[2], dtype=np.int64)  # (S, N): the bits summed
    else:
        weights = np.left_shift(1, bits * np.arange(image.shape[2] - 1, -1, -1, dtype=np.int64))
        codes = table[np.sort(image, axis=2)] @ weights
    codes[~valid] = np.iinfo(np.int64).max
    return codes.min(axis=0)


def _images(problem: BurrProblem, cover, perm, keeps_kinds, sols):
    """Every image of each assembly (kernel rows) under the symmetries whose row permutations are ``perm`` ((S, N,
    P): -1 where a row has none, ``n_rows`` for the padding, which ``perm`` maps onto itself), and whether it is an
    assembly ((S, N): every row has an image and, under a symmetry that turns some kind into another (a
    reflection: ``keeps_kinds`` false), the kinds stay within their ranges)."""
    import numpy as np

    n_kinds = cover.n_kinds
    image = perm[:, sols]  # (S, N, P); the padding -1 indexes the last column
    valid = (image >= 0).all(axis=2)
    if not keeps_kinds.all():  # each kind must stay within its range: copies counted per assembly
        row_kind = np.append(cover.row_kind, -1)
        low = np.asarray([k.minimum for k in problem.kinds], dtype=np.int64)
        high = np.asarray([k.maximum for k in problem.kinds], dtype=np.int64)
        mirrors = np.flatnonzero(~keeps_kinds)
        per_image = len(sols) * (n_kinds + 1)  # a count per assembly and kind (0: no piece)
        step = max(1, (1 << 22) // per_image)  # reflections counted in one step: bounded memory
        for at in range(0, len(mirrors), step):
            some = mirrors[at : at + step]
            kinds_of = row_kind[image[some]] + 1  # (reflections, N, P)
            base = np.arange(len(some) * len(sols), dtype=np.int64).reshape(len(some), len(sols), 1)
            slots = (base * (n_kinds + 1) + kinds_of).ravel()
            used = np.bincount(slots, minlength=len(some) * per_image).reshape(len(some), len(sols), n_kinds + 1)
            used = used[:, :, 1 : len(problem.kinds) + 1]
            valid[some] &= ((used >= low) & (used <= high)).all(axis=2)
    return image, valid


def _smallest_images(problem: BurrProblem, cover, perm, keeps_kinds, sols):
    """Per assembly (kernel rows), its smallest image under the symmetries whose row permutations are ``perm``
    (rows sorted, compared as sequences) among the images that are assemblies."""
    import numpy as np

    n_rows = cover.n_rows
    image, valid = _images(problem, cover, perm, keeps_kinds, sols)
    key = np.sort(np.where(image < 0, n_rows, image), axis=2)
    candidate = valid  # images still tied for the smallest, per assembly (the identity always valid)
    open_ = np.arange(len(sols))  # assemblies with more than one image still tied
    for column in range(key.shape[2]):
        tied = candidate[:, open_]
        values = np.where(tied, key[:, open_, column], n_rows + 1)
        tied &= values == values.min(axis=0)
        candidate[:, open_] = tied
        open_ = open_[tied.sum(axis=0) > 1]
        if not len(open_):
            break
    return key[candidate.argmax(axis=0), np.arange(len(sols))]


def _disassemble_rows(problem: BurrProblem, cover, target: list[Voxel], rows, hole: int | None, max_states: int,
                      stop) -> Count | None:  # fmt: skip
    """The count with solutions, the assemblies taken apart straight from their kernel rows (without listing them
    as Python tuples); None when that does not apply (piece groups, or too many pieces)."""
    import numpy as np

    from solvers.packing.burrtools_disassembly import verdicts_from_rows

    coordinates = np.asarray(target, dtype=np.int64)
    rows = np.asarray(rows, dtype=np.int64)
    if not len(rows):
        return Count(0, 0, 0)
    solutions = undecided = 0
    for start in range(0, len(rows), DISASSEMBLY_BATCH * 16):  # batches: a stop request is seen between them
        check_stop(stop)
        verdicts = verdicts_from_rows(problem, cover, coordinates, rows[start : start + DISASSEMBLY_BATCH * 16],
                                      hole, max_states, _python_first(problem))  # fmt: skip
        if verdicts is None:
            return None
        solutions += int((verdicts == 1).sum())
        undecided += int((verdicts == -1).sum())
    return Count(len(rows), solutions, undecided)


def _with_disassembly(problem: BurrProblem, reps, max_states: int, stop) -> Count:
    from solvers.packing.burrtools_disassembly import takes_apart_many

    solutions = undecided = 0
    for start in range(0, len(reps), DISASSEMBLY_BATCH):  # batches: a stop request is seen between them
        check_stop(stop)
        batch = reps[start : start + DISASSEMBLY_BATCH]
        for verdict in takes_apart_many(problem, batch, max_states=max_states, python_seconds=_python_first(problem)):
            if verdict is None:
                undecided += 1
            elif verdict:
                solutions += 1
    return Count(len(reps), solutions, undecided, reps)


def classes(problem: BurrProblem, found: list) -> list[int]:
    """Indices into ``found`` (assemblies as (kind, cells) pairs) of the first assembly of each BurrTools class."""
    ids = class_ids(problem, found, mirror=problem.mirror_ok)
    keep, seen = [], set()
    for n, c in enumerate(ids):
        if c not in seen:
            seen.add(c)
            keep.append(n)
    return keep


def class_ids(problem: BurrProblem, found: list, *, mirror: bool, stop=None) -> list[int]:
    """A class number per assembly of ``found`` (numbered in order of first appearance): classes under the
    rotations of the result that keep it (``#``, ``+`` and colours), and with ``mirror`` also under its
    reflections, an assembly being identified with its mirror image where BurrTools' pairing of one-handed copies
    makes that image an assembly (see the module docstring). ``mirror`` needs ``problem.mirror_ok``. A set
    ``stop`` flag ends the work with KeyboardInterrupt (checked every thousand assemblies)."""
    if mirror and not problem.mirror_ok:
        raise ValueError("mirror images are no assemblies of this problem: some one-handed piece has no partner")
    symmetries = _result_symmetries(problem)
    if not mirror:
        symmetries = [s for s in symmetries if s[2]]
    copies = problem.copies()
    first_copy: dict[int, int] = {}
    for i, k in enumerate(copies):
        first_copy.setdefault(k, i)
    chiral = kind_chirality(problem)
    ids: dict[tuple, int] = {}
    out = []
    # each piece's images under every symmetry are worked out once, all symmetries in one numpy step: assemblies
    # share most of their pieces, and a piece of a burr or a colour puzzle has a hundred cells. An image is
    # known by its kind and the number of its moved cells (and colouring), equal numbers for equal images
    import numpy as np

    turns = np.asarray([m for m, _, _ in symmetries], dtype=np.int64).reshape(-1, 3, 3).transpose(0, 2, 1)
    shifts = np.asarray([t for _, t, _ in symmetries], dtype=np.int64).reshape(-1, 1, 3)
    every = np.asarray(problem.cells, dtype=np.int64).reshape(-1, 3)
    low = every.min(axis=0)
    span = int((every - low).max()) + 1  # the images of result cells are result cells
    shapes: dict[tuple[bytes, bytes], int] = {}
    moved_of: dict[int, list[int]] = {}  # by the identity of a piece's tuple (shared by the assemblies that hold
    # it; ``found`` keeps them all alive), so that a long tuple is neither hashed nor turned twice

    def codes(cells: np.ndarray) -> np.ndarray:
        moved = np.matmul(cells[None], turns) + shifts - low  # (symmetries, cells, 3)
        return (moved[..., 0] * span + moved[..., 1]) * span + moved[..., 2]

    def moved_shapes(piece: tuple) -> list[int]:
        found_shapes = moved_of.get(id(piece))
        if found_shapes is None:
            cells = np.sort(codes(np.asarray(piece[1], dtype=np.int64).reshape(-1, 3)), axis=1)
            painted = np.zeros((len(symmetries), 0), dtype=np.int64)
            if len(piece) > 2:  # its colouring moves along
                spots = np.asarray([v for v, _ in piece[2]], dtype=np.int64).reshape(-1, 3)
                tones = np.asarray([c for _, c in piece[2]], dtype=np.int64)
                painted = np.sort(codes(spots) * (MAX_COLOURS + 1) + tones, axis=1)
            found_shapes = moved_of[id(piece)] = [
                shapes.setdefault((cells[s].tobytes(), painted[s].tobytes()), len(shapes))
                for s in range(len(symmetries))
            ]
        return found_shapes

    def image_of(s: int, piece: tuple, kind: int) -> tuple[int, int]:
        return kind, moved_shapes(piece)[s]

    for n, placed in enumerate(found):
        if n % 1024 == 0:
            check_stop(stop)
        mirror_kinds = _mirror_kinds(problem, placed, copies, first_copy, chiral) if mirror else None
        best: tuple = ()
        for s, (_m, _shift, proper) in enumerate(symmetries):
            if not proper and mirror_kinds is None:
                continue
            key = tuple(sorted(image_of(s, piece, piece[0] if proper or mirror_kinds is None else mirror_kinds[slot])
                               for slot, piece in enumerate(placed)))  # fmt: skip
            if s == 0 or key < best:
                best = key
        out.append(ids.setdefault(best, len(ids)))
    return out


def _result_symmetries(problem: BurrProblem) -> list[tuple[Matrix, Voxel, bool]]:
    """Isometries (matrix, shift, proper) mapping the result onto itself, ``#`` onto ``#`` and ``+`` onto ``+``,
    each coloured cell onto a cell of its colour; worked out once per problem (a count asks several times)."""
    found = _SYMMETRIES.get(id(problem))
    if found is None or found[0] is not problem:
        found = _SYMMETRIES[id(problem)] = (problem, _symmetries_of(problem))
        while len(_SYMMETRIES) > 8:
            del _SYMMETRIES[next(iter(_SYMMETRIES))]
    return found[1]


_SYMMETRIES: dict[int, tuple[BurrProblem, list[tuple[Matrix, Voxel, bool]]]] = {}


def _symmetries_of(problem: BurrProblem) -> list[tuple[Matrix, Voxel, bool]]:
    """:func:`_result_symmetries`, all 48 isometries tried at once: the result as a grid of labels (required,
    optional, or the colour of a coloured cell; 0 outside it), and an isometry kept when it maps the result's box
    onto itself and every moved cell lands on a cell of its own label (the images are distinct and as many as
    the cells, so they are then the result's cells exactly). An isometry is a signed permutation: where a cell
    lands in the box, as a flat grid index, is one linear function of its coordinates, for all cells at once."""
    import numpy as np

    from solvers.packing.placement_arrays import isometry_arrays

    colours = dict(problem.result_colours)
    cells = np.asarray(problem.required + problem.optional, dtype=np.int64).reshape(-1, 3)
    labels = np.asarray([colours.get(v, 0) * 2 + (i >= len(problem.required))
                         for i, v in enumerate(problem.required + problem.optional)], dtype=np.int64) + 1  # fmt: skip
    low = cells.min(axis=0)
    local = cells - low
    top = local.max(axis=0)  # the box's last cell
    grid = np.zeros(tuple(int(d) + 1 for d in top), dtype=np.int64)
    grid[local[:, 0], local[:, 1], local[:, 2]] = labels
    mats = isometry_arrays(True)[0]  # (48, 3, 3)
    boxed = (np.abs(mats) @ top == top).all(axis=1)  # the box onto itself
    lowest = np.minimum(mats, 0) @ top  # (48, 3): the lowest moved coordinates, m (local) >= lowest
    strides = np.asarray(grid.strides, dtype=np.int64) // grid.itemsize
    coefficients = strides @ mats  # (48, 3): flat index of m (local) - lowest = local . coefficient + constant
    constants = -(lowest @ strides)
    found = local @ coefficients[boxed].T + constants[boxed]  # (cells, boxed isometries)
    same = np.zeros(len(mats), dtype=bool)
    same[boxed] = (grid.ravel()[found] == labels[:, None]).all(axis=0)
    shift = low[None, :] - mats @ low - lowest  # v -> m v + shift maps the result onto itself
    matrices, shifts = isometry_matrices(), shift.tolist()
    return [(matrices[n], (shifts[n][0], shifts[n][1], shifts[n][2]), n < 24) for n in np.flatnonzero(same).tolist()]


def image_list(cells: list[Voxel], m: Matrix, shift) -> list[Voxel]:
    """``cells`` moved by the isometry ``v -> m v + shift``, in order."""
    return [(x + shift[0], y + shift[1], z + shift[2]) for x, y, z in apply(m, cells)]


def _mirror_kinds(problem: BurrProblem, placed, copies, first_copy, chiral) -> list[int] | None:
    """The kind each placed piece becomes in the mirror image, or None when the image is no assembly."""
    used: dict[int, int] = {}
    out = []
    for k, *_ in placed:
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
