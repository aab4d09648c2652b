"""BurrTools' colour constraints on the cube grid: coloured piece shapes and where their coloured cells may go.

A cell of a piece or of the result may carry a colour (1..63; 0 is *neutral*). A placement is allowed only when
each coloured piece cell lands on a neutral result cell or on one whose colour the problem pairs with the piece
cell's colour (``<bitmap><pair piece=.. result=../></bitmap>``). Colours also make shapes different: two
orientations of a piece with the same cells but differently coloured are different placements, a shape's
symmetries and its mirror partner must keep the colours, and so must the result's symmetries that identify
assemblies. A coloured shape here is the sorted tuple of ``(x, y, z, colour)`` of its cells moved to the origin.
:func:`row_colourings` applies the rules to every placement of a count at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from solvers.packing.voxels import N_ROTATIONS, Matrix, Voxel, apply, isometry_matrices, normalise

ColouredShape = tuple[tuple[int, int, int, int], ...]
Colouring = tuple[tuple[Voxel, int], ...]  # the coloured cells (colour > 0) of a placed piece, sorted


def coloured_shape(cells: Iterable[Sequence[int]], colours: Mapping[Voxel, int]) -> ColouredShape:
    """The normal form (moved to the origin, sorted) of cells with their colours (0 where none is given)."""
    voxels = [(int(v[0]), int(v[1]), int(v[2])) for v in cells]
    if not voxels:
        return ()
    low = [min(v[a] for v in voxels) for a in range(3)]
    return tuple(sorted((x - low[0], y - low[1], z - low[2], colours.get((x, y, z), 0)) for x, y, z in voxels))


def transformed(m: Matrix, shape: ColouredShape) -> ColouredShape:
    """The normal form of a coloured shape turned (or reflected) by ``m``; the colours travel with the cells."""
    moved = apply(m, [(x, y, z) for x, y, z, _ in shape])
    return coloured_shape(moved, {v: s[3] for v, s in zip(moved, shape, strict=True)})


@lru_cache(maxsize=256)
def coloured_orientations(shape: ColouredShape) -> list[ColouredShape]:
    """The distinct coloured shapes the 24 rotations make, in rotation order (BurrTools keeps each once). All 24
    turned at once with numpy (a piece of a colour puzzle has a hundred cells or more), and kept per shape: the
    pairing of mirror partners, the chirality test and the placements all ask for the same ones."""
    import numpy as np

    if not shape:
        return [shape]
    table = np.asarray(shape, dtype=np.int64)
    mats = np.asarray(isometry_matrices()[:N_ROTATIONS], dtype=np.int64)
    moved = np.einsum("mij,cj->mci", mats, table[:, :3])
    moved -= moved.min(axis=1, keepdims=True)
    span = int(moved.max()) + 1
    tones = int(table[:, 3].max()) + 1
    codes = np.sort(((moved[..., 0] * span + moved[..., 1]) * span + moved[..., 2]) * tones + table[:, 3], axis=1)
    seen: dict[bytes, int] = {}
    for m in range(len(mats)):
        seen.setdefault(codes[m].tobytes(), m)
    out = []
    for m in seen.values():
        rest, colour = np.divmod(codes[m], tones)
        rest, z = np.divmod(rest, span)
        x, y = np.divmod(rest, span)
        out.append(tuple(zip(x.tolist(), y.tolist(), z.tolist(), colour.tolist(), strict=True)))
    return out


def coloured_mirror(shape: ColouredShape) -> ColouredShape:
    """The reflection x -> -x of a coloured shape."""
    return transformed(((-1, 0, 0), (0, 1, 0), (0, 0, 1)), shape)


def coloured_chiral(shape: ColouredShape) -> bool:
    """True when no rotation maps the coloured shape onto its mirror image, colours included."""
    return coloured_mirror(shape) not in set(coloured_orientations(shape))


def coloured_same(a: ColouredShape, b: ColouredShape) -> bool:
    """Whether a rotation maps coloured shape ``a`` onto ``b``, colours included."""
    return b in set(coloured_orientations(a))


def allowed(piece_colour: int, result_colour: int, pairs: frozenset[tuple[int, int]]) -> bool:
    """BurrTools' rule for one cell: a neutral cell on either side fits anything, else the pair must be allowed."""
    return piece_colour == 0 or result_colour == 0 or (piece_colour, result_colour) in pairs


class PlacementColours:
    """The allowed colourings of a piece placed on given result cells: every coloured orientation of the piece
    whose cells are those cells, kept when each of its coloured cells may sit on the result cell under it."""

    def __init__(self, shape: ColouredShape, result_colours: Mapping[Voxel, int], pairs: frozenset[tuple[int, int]]):
        self.result_colours = result_colours
        self.pairs = pairs
        self.layouts: dict[tuple[Voxel, ...], list[Colouring]] = {}
        for turned in coloured_orientations(shape):
            cells = tuple((x, y, z) for x, y, z, _ in turned)
            self.layouts.setdefault(cells, []).append(tuple(((x, y, z), c) for x, y, z, c in turned if c))

    def colourings(
        self, cells: Iterable[Voxel], placed: tuple[Voxel, ...] | None = None, low: Voxel | None = None
    ) -> list[Colouring]:
        """The allowed colourings (result coordinates) of the piece on ``cells``; empty when none is allowed.
        A caller that knows the cells' normal form and lowest corner passes them (``placed``, ``low``)."""
        if placed is None or low is None:
            absolute = list(cells)
            placed = normalise(absolute)
            low = (min(v[0] for v in absolute), min(v[1] for v in absolute), min(v[2] for v in absolute))
        out = []
        for layout in self.layouts.get(placed, ()):
            moved = tuple(((x + low[0], y + low[1], z + low[2]), c) for (x, y, z), c in layout)
            if all(allowed(c, self.result_colours.get(v, 0), self.pairs) for v, c in moved):
                out.append(moved)
        return out


def row_colourings(problem, cover, target: list[Voxel], enabled, hole: int | None) -> RowColourings:
    """Per enabled piece row of a BurrTools problem's cover (``target``: its cells in result coordinates; rows of
    the ``hole`` kind, empty cells, left alone), its allowed colourings (see :class:`PlacementColours`); a row with
    none is disabled in ``enabled``.

    Whether a row has any is decided with numpy, per orientation of a kind and colouring of it at once (a result
    colour grid and a table of allowed pairs); the colourings themselves are made only for the rows an assembly
    uses, when asked for."""
    import numpy as np

    result_colours = dict(problem.result_colours)
    checkers = [PlacementColours(k.coloured(), result_colours, problem.colour_pairs) for k in problem.kinds]
    where = np.asarray(target, dtype=np.int64)
    low = where.min(axis=0)
    grid = np.zeros(tuple(int(v) + 1 for v in where.max(axis=0) - low), dtype=np.int64)
    for (x, y, z), colour in result_colours.items():
        if all(0 <= c < n for c, n in zip((x - low[0], y - low[1], z - low[2]), grid.shape, strict=True)):
            grid[x - low[0], y - low[1], z - low[2]] = colour
    tones = max([int(grid.max()), *(c for pair in problem.colour_pairs for c in pair)] +
                [c for k in problem.kinds for _, c in k.colours]) + 1  # fmt: skip
    ok = np.zeros((tones, tones), dtype=bool)
    ok[0, :] = ok[:, 0] = True
    for a, b in problem.colour_pairs:
        ok[a, b] = True
    # each row's cells are an orientation of its kind (the cover's own normal form) moved to its lowest corner
    corners = where[cover.row_cells]
    corners = np.where((cover.row_cells >= 0)[:, :, None], corners, np.iinfo(np.int64).max).min(axis=1)
    live = np.asarray(enabled) != 0
    if hole is not None:
        live &= cover.row_kind != hole
    pairs = cover.row_kind * (1 + int(cover.row_orient.max(initial=0))) + cover.row_orient
    for code in np.unique(pairs[live]).tolist():
        rows = np.flatnonzero(live & (pairs == code))
        kind, orient = int(cover.row_kind[rows[0]]), int(cover.row_orient[rows[0]])
        layouts = checkers[kind].layouts.get(cover.orientations[kind][orient], [])
        fits = np.zeros(len(rows), dtype=bool)
        for layout in layouts:
            if not layout:
                fits[:] = True
                break
            cells = np.asarray([v for v, _ in layout], dtype=np.int64)
            colours = np.asarray([c for _, c in layout], dtype=np.int64)
            at = corners[rows][:, None, :] + cells[None, :, :] - low
            fits |= ok[colours[None, :], grid[at[..., 0], at[..., 1], at[..., 2]]].all(axis=1)
        enabled[rows[~fits]] = 0
    return RowColourings(checkers, cover, corners.tolist())


class RowColourings:
    """The allowed colourings of a row (:meth:`PlacementColours.colourings`), made when first asked for."""

    def __init__(self, checkers: list[PlacementColours], cover, corners: list[list[int]]) -> None:
        self.checkers, self.cover, self.corners = checkers, cover, corners
        self.made: dict[int, list] = {}

    def __getitem__(self, row: int) -> list:
        found = self.made.get(row)
        if found is None:
            kind, orient = int(self.cover.row_kind[row]), int(self.cover.row_orient[row])
            x, y, z = self.corners[row]
            placed = self.cover.orientations[kind][orient]
            found = self.made[row] = self.checkers[kind].colourings((), placed, (x, y, z))
        return found
