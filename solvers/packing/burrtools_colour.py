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

from solvers.packing.voxels import Voxel, normalise

ColouredShape = tuple[tuple[int, int, int, int], ...]
Colouring = tuple[tuple[Voxel, int], ...]  # the coloured cells (colour > 0) of a placed piece, sorted


def coloured_shape(cells: Iterable[Sequence[int]], colours: Mapping[Voxel, int]) -> ColouredShape:
    """The normal form (moved to the origin, sorted) of cells with their colours (0 where none is given)."""
    voxels = [(int(v[0]), int(v[1]), int(v[2])) for v in cells]
    if not voxels:
        return ()
    low = [min(v[a] for v in voxels) for a in range(3)]
    return tuple(sorted((x - low[0], y - low[1], z - low[2], colours.get((x, y, z), 0)) for x, y, z in voxels))


class _Turns:
    """The 24 rotations of one coloured shape as arrays, worked out once per shape: every check of a count (mirror
    partners, chirality, which colourings a placement allows) reads them instead of turning 150-cell pieces one
    tuple at a time.

    ``coords[m]``: the shape's cells (in the shape's order) turned by rotation ``m`` and moved to the origin;
    ``colours``: each cell's colour; each turned shape as one sorted row of integer codes (``(x, y, z)`` in base
    ``span``, times ``tones``, plus the colour), so that equal coloured shapes have equal rows; ``distinct``: the
    rotations that make each distinct coloured shape, first in rotation order; ``placement[m]``: the number of the
    uncoloured normal form rotation ``m`` makes, numbered in order of first appearance (as ``voxels.orientations``
    and the cover number a piece's orientations)."""

    def __init__(self, shape: ColouredShape) -> None:
        import numpy as np

        from solvers.packing.placement_arrays import isometry_arrays, lowest_turned

        table = np.asarray(shape, dtype=np.int64).reshape(-1, 4)
        mats = isometry_arrays(False)[0]
        coords = np.matmul(table[None, :, :3], mats.transpose(0, 2, 1))  # (24, cells, 3); einsum: ten times longer
        if len(table):
            coords -= lowest_turned(False, table[:, :3])[:, None, :]
        self.coords = coords
        self.colours = table[:, 3]
        self._layouts: tuple | None = None
        self.span = int((table[:, :3].max(axis=0) - table[:, :3].min(axis=0)).max()) + 1 if len(table) else 1
        self.tones = int(self.colours.max(initial=0)) + 1
        self.codes = np.sort(self._code(coords) * self.tones + self.colours, axis=1)
        self.code_set: set[bytes] = set()
        self.distinct: list[int] = []
        for m in range(len(mats)):
            row = self.codes[m].tobytes()
            if row not in self.code_set:
                self.code_set.add(row)
                self.distinct.append(m)
        placed = np.sort(self._code(coords), axis=1)
        numbers: dict[bytes, int] = {}
        self.placement = [numbers.setdefault(placed[m].tobytes(), len(numbers)) for m in range(len(mats))]

    def _code(self, cells):
        return (cells[..., 0] * self.span + cells[..., 1]) * self.span + cells[..., 2]

    def holds(self, other: ColouredShape) -> bool:
        """Whether some rotation makes the coloured shape ``other`` (a normal form) of this one."""
        import numpy as np

        if len(other) != len(self.colours):
            return False
        if not other:
            return True
        table = np.asarray(other, dtype=np.int64).reshape(-1, 4)
        if table[:, :3].max() >= self.span or table[:, 3].max() >= self.tones or table.min() < 0:
            return False
        return np.sort(self._code(table[:, :3]) * self.tones + table[:, 3]).tobytes() in self.code_set

    def layouts(self):
        """The coloured cells of every rotation in coordinate order: (cells (24, C, 3), colours (24, C)), made
        once."""
        import numpy as np

        if self._layouts is None:
            coloured = np.flatnonzero(self.colours)
            cells = self.coords[:, coloured]
            order = np.argsort(self._code(cells), axis=1)
            self._layouts = (np.take_along_axis(cells, order[:, :, None], axis=1), self.colours[coloured][order])
        return self._layouts


@lru_cache(maxsize=256)
def _turns(shape: ColouredShape) -> _Turns:
    return _Turns(shape)


@lru_cache(maxsize=256)
def coloured_orientations(shape: ColouredShape) -> list[ColouredShape]:
    """The distinct coloured shapes the 24 rotations make, in rotation order (BurrTools keeps each once). All 24
    turned at once with numpy (a piece of a colour puzzle has a hundred cells or more), and kept per shape: the
    pairing of mirror partners, the chirality test and the placements all ask for the same ones."""
    import numpy as np

    if not shape:
        return [shape]
    turns = _turns(shape)
    out = []
    for m in turns.distinct:
        rest, colour = np.divmod(turns.codes[m], turns.tones)
        rest, z = np.divmod(rest, turns.span)
        x, y = np.divmod(rest, turns.span)
        out.append(tuple(zip(x.tolist(), y.tolist(), z.tolist(), colour.tolist(), strict=True)))
    return out


def coloured_mirror(shape: ColouredShape) -> ColouredShape:
    """The reflection x -> -x of a coloured shape."""
    import numpy as np

    if not shape:
        return shape
    table = np.asarray(shape, dtype=np.int64).reshape(-1, 4)
    table[:, 0] = -table[:, 0]
    table[:, :3] -= table[:, :3].min(axis=0)
    table = table[np.lexsort(table.T[::-1])]
    return tuple(zip(*(table[:, a].tolist() for a in range(4)), strict=True))


def coloured_chiral(shape: ColouredShape) -> bool:
    """True when no rotation maps the coloured shape onto its mirror image, colours included."""
    return not _turns(shape).holds(coloured_mirror(shape))


def coloured_same(a: ColouredShape, b: ColouredShape) -> bool:
    """Whether a rotation maps coloured shape ``a`` onto ``b``, colours included."""
    return _turns(a).holds(b)


@lru_cache(maxsize=256)
def kind_shape(cells: tuple[Voxel, ...], colours: tuple[tuple[Voxel, int], ...]) -> ColouredShape:
    """:func:`coloured_shape` of a piece given as its cells and its (cell, colour) pairs, made once per piece (a
    count asks for it for every chirality, pairing and placement check). A kind's cells are already a normal
    form (at the origin, sorted), which then only needs its colours added."""
    colour = dict(colours)
    out = tuple((x, y, z, colour.get((x, y, z), 0)) for x, y, z in cells)
    at_origin = all(min(c[a] for c in out) == 0 for a in range(3)) if out else True
    if at_origin and all(a < b for a, b in zip(out, out[1:], strict=False)):
        return out
    return coloured_shape(cells, colour)


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
    the ``hole`` kind, empty cells, left alone), its allowed colourings (those :class:`PlacementColours` gives); a
    row with none is disabled in ``enabled``.

    Whether each colouring of a row is allowed is decided with numpy, for all the rows of a kind at once: each
    row paired with every coloured orientation of its kind that has the row's cells (the rotations that make the
    row's orientation), its coloured cells looked up in a result colour grid and a table of allowed pairs. The
    colourings themselves are made only for the rows an assembly uses, when asked for."""
    import numpy as np

    where = np.asarray(target, dtype=np.int64).reshape(-1, 3)
    low = where.min(axis=0)
    grid = np.zeros(tuple(int(v) + 1 for v in where.max(axis=0) - low), dtype=np.int64)
    if problem.result_colours:
        spots = np.asarray([v for v, _ in problem.result_colours], dtype=np.int64) - low
        inside = ((spots >= 0) & (spots < np.asarray(grid.shape))).all(axis=1)
        spots = spots[inside]
        grid[spots[:, 0], spots[:, 1], spots[:, 2]] = np.asarray([c for _, c in problem.result_colours])[inside]
    tones = max([int(grid.max()), *(c for pair in problem.colour_pairs for c in pair)] +
                [c for k in problem.kinds for _, c in k.colours]) + 1  # fmt: skip
    ok = np.zeros((tones, tones), dtype=bool)
    ok[0, :] = ok[:, 0] = True
    for a, b in problem.colour_pairs:
        ok[a, b] = True
    # each row's cells are an orientation of its kind (the cover's own normal form) moved to its lowest corner
    # (one axis at a time, the padding -1 reading a last entry larger than any coordinate: a gather of every
    # row's cells as triples costs ten times more for 150-cell pieces)
    corners = np.empty((cover.n_rows, 3), dtype=np.int64)
    for axis in range(3):
        along = np.append(where[:, axis], np.iinfo(np.int64).max)
        corners[:, axis] = along[cover.row_cells].min(axis=1)
    live = np.asarray(enabled) != 0
    if hole is not None:
        live &= cover.row_kind != hole
    tables = []
    allowed_layouts = np.zeros(cover.n_rows, dtype=np.int64)  # per row: bit i set when its layout i is allowed
    for kind_index, kind in enumerate(problem.kinds):
        turns = _turns(kind_shape(kind.cells, kind.colours))
        orientations = cover.orientations[kind_index]
        if len(orientations) != max(turns.placement) + 1:
            raise AssertionError(f"kind {kind.letter}: the cover's orientations are not the piece's rotations")
        # per orientation of the cover: the rotations making its distinct coloured shapes, in rotation order
        layouts: list[list[int]] = [[] for _ in range(len(orientations))]
        for m in turns.distinct:
            layouts[turns.placement[m]].append(m)
        tables.append((turns, layouts))
        rows = np.flatnonzero(live & (cover.row_kind == kind_index))
        if not len(rows):
            continue
        if not kind.colours:  # one colouring, the empty one, allowed everywhere
            allowed_layouts[rows] = 1
            continue
        orient = cover.row_orient[rows]
        n_layouts = np.asarray([len(found) for found in layouts], dtype=np.int64)
        most = int(n_layouts.max())
        if most > 62:
            raise AssertionError("more coloured orientations than rotations")
        cells, colours = (part[turns.distinct] for part in turns.layouts())  # (layouts, coloured cells, ...)
        number = {m: i for i, m in enumerate(turns.distinct)}
        slot = np.full((len(orientations), most), -1, dtype=np.int64)  # (orientation, i) -> layout number
        for o, found in enumerate(layouts):
            slot[o, : len(found)] = [number[m] for m in found]
        for i in range(most):
            has = slot[orient, i] >= 0
            if not has.any():
                continue
            chosen = slot[orient[has], i]
            at = corners[rows[has]][:, None, :] + cells[chosen] - low  # (rows, cells, 3)
            fits = ok[colours[chosen], grid[at[..., 0], at[..., 1], at[..., 2]]].all(axis=1)
            allowed_layouts[rows[has][fits]] |= 1 << i
    enabled[live & (allowed_layouts == 0)] = 0
    return RowColourings(tables, cover, corners, allowed_layouts)


class RowColourings:
    """The allowed colourings of a row (see :func:`row_colourings`), made when first asked for: each a tuple of
    ((x, y, z), colour) of the piece's coloured cells in result coordinates, in coordinate order."""

    def __init__(self, tables: list, cover, corners, allowed_layouts) -> None:
        self.tables, self.cover, self.corners, self.allowed_layouts = tables, cover, corners, allowed_layouts
        self.made: dict[int, list] = {}

    def __getitem__(self, row: int) -> list:
        found = self.made.get(row)
        if found is None:
            kind, orient = int(self.cover.row_kind[row]), int(self.cover.row_orient[row])
            turns, layouts = self.tables[kind]
            bits = int(self.allowed_layouts[row])
            found = []
            for i, m in enumerate(layouts[orient]):
                if bits >> i & 1:
                    cells, colours = (part[m] for part in turns.layouts())
                    cells = cells + self.corners[row]
                    x, y, z = (cells[:, a].tolist() for a in range(3))
                    found.append(tuple(zip(zip(x, y, z, strict=True), colours.tolist(), strict=True)))
            self.made[row] = found
        return found
