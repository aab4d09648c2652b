"""BurrTools problems that are no exact cover (``+`` cells, count ranges, colours) in a form a viewer can list.

Such a problem's assemblies use different numbers of pieces and may leave cells empty, while a viewer's solution
rows have one entry per piece copy. So the *display puzzle* is every result cell with every piece kind at its
maximum count, and its cover gets one extra *absent* row per kind: a placement with no cells, which stands for a
copy an assembly does not use (a viewer hides it). The assemblies themselves are BurrTools' (one per class, from
:func:`solvers.packing.burrtools_count.count`), each turned into one row per copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from solvers.packing.burrtools_colour import PlacementColours
from solvers.packing.burrtools_puzzle import BurrProblem, identifier_for
from solvers.packing.cover import CoverProblem, build_cover
from solvers.packing.puzzle import Piece, Puzzle
from solvers.packing.voxels import N_ROTATIONS, Matrix, Voxel, apply, isometry_matrices

COLOUR_ROWS = "burrtools colour rows"  # cover.derived key: (kind, cells, colouring) -> row


def display_puzzle(problem: BurrProblem) -> tuple[Puzzle, CoverProblem, Voxel]:
    """The display puzzle, its cover with the absent rows, and the shift from result to puzzle coordinates."""
    every = problem.cells
    low = (min(v[0] for v in every), min(v[1] for v in every), min(v[2] for v in every))
    target = tuple(
        sorted(((x - low[0], y - low[1], z - low[2]) for x, y, z in every), key=lambda v: (v[2], v[1], v[0]))
    )
    dims = (max(v[0] for v in target) + 1, max(v[1] for v in target) + 1, max(v[2] for v in target) + 1)
    pieces = tuple(Piece(k.letter, k.cells, k.colour(i), k.maximum, None, k.label)
                   for i, k in enumerate(problem.kinds))  # fmt: skip
    puzzle = Puzzle(
        name=problem.puzzle_name or identifier_for(problem.title),
        pieces=pieces,
        target=target,
        dims=dims,
        title=problem.title,
        description=problem.description,
        is_box=False,
    )
    cover = build_cover(puzzle)
    colour_rows: dict[tuple, int] = {}
    if problem.coloured:
        cover, colour_rows = _coloured_rows(problem, cover, low)
    n_kinds = cover.n_kinds
    absent_cells = np.full((n_kinds, cover.row_cells.shape[1]), -1, dtype=np.int64)
    turns = cover.row_turn
    cover = replace(
        cover,
        row_kind=np.concatenate([cover.row_kind, np.arange(n_kinds, dtype=np.int64)]),
        row_orient=np.concatenate([cover.row_orient, np.zeros(n_kinds, dtype=np.int64)]),
        row_cells=np.concatenate([cover.row_cells, absent_cells]),
        row_masks=np.concatenate([cover.row_masks, np.zeros((n_kinds, cover.n_words), dtype=np.uint64)]),
        row_turn=None if turns is None else np.concatenate([turns, np.zeros((n_kinds, 3, 3), dtype=np.int64)]),
        placement_rows=None,
        _lookup=dict(cover._lookup),
    )
    cover.derived[COLOUR_ROWS] = colour_rows
    return puzzle, cover, low


def _coloured_rows(problem: BurrProblem, cover: CoverProblem, low: Voxel) -> tuple[CoverProblem, dict[tuple, int]]:
    """The cover with a row per allowed colouring of a coloured piece on its cells (a domino coloured at one end
    lies two ways on the same two cells), each with the turn that carries the piece's colours there; and the row of
    each (kind, cells, colouring)."""
    target = cover.puzzle.target
    result_colours = dict(problem.result_colours)
    keys: dict[tuple, int] = {}
    turns: dict[int, Matrix] = {}
    copied: list[int] = []  # the row each added row copies
    for kind_index, kind in enumerate(problem.kinds):
        if not kind.colours:
            continue
        checker = PlacementColours(kind.coloured(), result_colours, problem.colour_pairs)
        piece_colours = dict(kind.colours)
        for r in cover.rows_of_kind(kind_index).tolist():
            ids = [int(c) for c in cover.row_cells[r] if c >= 0]
            if not ids:
                continue
            cells = [(target[c][0] + low[0], target[c][1] + low[1], target[c][2] + low[2]) for c in ids]
            for n, colouring in enumerate(checker.colourings(cells)):
                row = r if n == 0 else cover.n_rows + len(copied)
                if n:
                    copied.append(r)
                keys[(kind_index, frozenset(ids), frozenset(colouring))] = row
                turns[row] = _turn_onto(kind.cells, piece_colours, cells, dict(colouring))
    source = np.asarray(copied, dtype=np.int64)
    row_turn = np.zeros((cover.n_rows + len(copied), 3, 3), dtype=np.int64)
    for row, m in turns.items():
        row_turn[row] = m
    out = replace(
        cover,
        row_kind=np.concatenate([cover.row_kind, cover.row_kind[source]]),
        row_orient=np.concatenate([cover.row_orient, cover.row_orient[source]]),
        row_cells=np.concatenate([cover.row_cells, cover.row_cells[source]]),
        row_masks=np.concatenate([cover.row_masks, cover.row_masks[source]]),
        row_turn=row_turn,
        placement_rows=None,
        _lookup=dict(cover._lookup),
    )
    return out, keys


def _turn_onto(piece: tuple[Voxel, ...], colours: dict[Voxel, int], cells: list[Voxel], colouring: dict) -> Matrix:
    """The rotation that puts the piece's cells on ``cells`` with its coloured cells where ``colouring`` says."""
    wanted = set(cells)
    corner = [min(v[a] for v in cells) for a in range(3)]
    for m in isometry_matrices()[:N_ROTATIONS]:
        moved = apply(m, piece)
        shift = [corner[a] - min(v[a] for v in moved) for a in range(3)]
        placed = [(x + shift[0], y + shift[1], z + shift[2]) for x, y, z in moved]
        if set(placed) == wanted and all(
            colouring.get(p, 0) == colours.get(v, 0) for v, p in zip(piece, placed, strict=True)
        ):
            return m
    raise AssertionError("no rotation gives that colouring")  # pragma: no cover - colourings are rotations


def cell_colours(problem: BurrProblem) -> tuple[dict[Voxel, str], ...]:
    """Per kind, the colour (``#rrggbb``, the file's own) of each coloured cell of the piece (``Kind.cells``
    coordinates); empty when the problem has no colours."""

    def hex_of(colour: int) -> str:
        red, green, blue = problem.palette[colour - 1]
        return f"#{red:02x}{green:02x}{blue:02x}"

    return tuple({v: hex_of(c) for v, c in kind.colours} for kind in problem.kinds)


def absent_row(cover: CoverProblem, kind: int) -> int:
    """The row that stands for an unused copy of ``kind`` (the absent rows come last, one per kind)."""
    return cover.n_rows - cover.n_kinds + kind


def is_absent(cover: CoverProblem, row: int) -> bool:
    return bool((cover.row_cells[int(row)] < 0).all())


def assembly_rows(cover: CoverProblem, shift: Voxel, assemblies: Sequence) -> np.ndarray:
    """Rows (one per piece copy, sorted) of assemblies given as (kind, cells in result coordinates) per piece, or
    (kind, cells, colouring) for a coloured problem (the row of that colouring)."""
    coloured: dict = cover.derived.get(COLOUR_ROWS, {})  # type: ignore[assignment]
    index = cover.puzzle.cell_index()
    width = cover.n_instances
    out = np.empty((len(assemblies), width), dtype=np.int64)
    for n, assembly in enumerate(assemblies):
        rows = []
        used = np.zeros(cover.n_kinds, dtype=np.int64)
        for kind, cells, *colouring in assembly:
            ids = [index[(x - shift[0], y - shift[1], z - shift[2])] for x, y, z in cells]
            row = coloured.get((int(kind), frozenset(ids), frozenset(colouring[0]))) if colouring else None
            row = cover.row_id(int(kind), ids) if row is None else row
            if row is None:  # pragma: no cover - every counted placement is a row of the same cells
                raise AssertionError(f"no row of kind {kind} at {sorted(ids)}")
            rows.append(row)
            used[int(kind)] += 1
        for kind in range(cover.n_kinds):
            rows += [absent_row(cover, kind)] * int(cover.kind_count[kind] - used[kind])
        out[n] = sorted(rows)
    return out
