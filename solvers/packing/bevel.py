"""Chamfered voxel meshes: the outer edges of a piece cut at 45 degrees, exactly, as a closed 2-manifold.

The chamfered piece is ``(cells shrunk by gap + bevel) + octahedron(bevel)`` (a Minkowski sum): the core shrunk by
the gap and the bevel, grown back by the bevel in the L1 sense. Flat faces land where the gap alone puts them,
concave edges stay sharp, convex edges get a 45-degree strip whose legs are ``bevel``, convex corners a triangle.

How. The core is a union of fine boxes (``mesh._fine_grid`` with half width ``h = gap + bevel``). Splitting each of
its thin intervals into a bevel-wide band on either side (and the ``2 * gap`` middle) gives a grid on which every
box holds a simple piece of the result: nothing, everything, or, in a box within a bevel of the core on two or three
axes, a prism ``t_u + t_v <= bevel``, a union of such prisms, or the corner simplex, where ``t`` is the distance to
the core along each such axis. The surface is the slanted faces inside boxes plus, on each grid face, the
difference of what the two boxes beside it hold there (nothing, a triangle or the whole face). All corners are grid
points or box centres, so neighbouring polygons share their corners exactly and the mesh closes up.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from solvers.packing.mesh import Mesh, _cell_grid, _fine_grid

M, BELOW, MIDDLE, ABOVE = 2, -1, 0, 1  # interval kinds: inside a cell; bands below/above a core face; 2 * gap
PAIRS = ((0, 1), (0, 2), (1, 2))  # the pairs of axes a prism can slant across


def bevelled_mesh(voxels: np.ndarray, unit: float, gap: float, bevel: float) -> Mesh:
    """``voxels`` (N, 3) int; lengths in the same unit as ``unit``; ``bevel > 0`` (checked by the caller)."""
    low = voxels.min(axis=0)
    g, b = gap / unit, bevel / unit
    core = _fine_grid(_cell_grid(voxels - low + 1))
    axes = [_intervals(core.shape[a], g, b) for a in range(3)]
    boxes = _classify(core, axes)
    polygons = _slanted(boxes, axes) + _flat(boxes, axes)
    mesh = _assemble(polygons, axes)
    return mesh.moved(shift=(low - 1).astype(np.float64)).scaled(unit)


class _Axis:
    """The grid along one axis: per interval its core (fine) index, its kind, and the lines between intervals."""

    def __init__(self, parent: list[int], kind: list[int], lines: list[float]) -> None:
        self.parent = np.array(parent)
        self.kind = np.array(kind)
        self.lines = np.array(lines)
        n = len(parent)
        index = np.arange(n)
        # the line (index) where t = 0 (the core side) and t = bevel (the far side) for band intervals
        self.zero = np.where(self.kind == ABOVE, index + 1, index)
        self.far = np.where(self.kind == ABOVE, index, index + 1)
        self.step = np.where(self.kind == ABOVE, -1, 1)  # world direction in which t grows


def _intervals(n_fine: int, g: float, b: float) -> _Axis:
    h = g + b
    parent, kind, lines = [], [], [-h]
    for f in range(n_fine):
        k = f // 2
        if f % 2 == 0:
            parts = [(BELOW, k - g)] + ([(MIDDLE, k + g)] if g > 0 else []) + [(ABOVE, k + h)]
        else:
            parts = [(M, k + 1 - h)]
        for what, end in parts:
            parent.append(f)
            kind.append(what)
            lines.append(end)
    return _Axis(parent, kind, lines)


class _Boxes:
    """Per grid box: full, the prisms present (one mask per pair of axes) and the corner simplex."""

    def __init__(self, full: np.ndarray, prisms: dict, simplex: np.ndarray, band: list[np.ndarray]) -> None:
        self.full, self.prisms, self.simplex, self.band = full, prisms, simplex, band


def _classify(core: np.ndarray, axes: Sequence[_Axis]) -> _Boxes:
    grids = np.meshgrid(*(np.arange(len(ax.parent)) for ax in axes), indexing="ij")
    parent = [axes[a].parent[grids[a]] for a in range(3)]
    kind = [axes[a].kind[grids[a]] for a in range(3)]
    band = [(k == BELOW) | (k == ABOVE) for k in kind]
    neighbour = [parent[a] + np.where(kind[a] == ABOVE, 1, -1) for a in range(3)]

    def occupied(subset: tuple[int, ...]) -> np.ndarray:
        index = [neighbour[a] if a in subset else parent[a] for a in range(3)]
        valid = np.ones(grids[0].shape, dtype=bool)
        for a in subset:
            valid &= band[a]
        inside = valid.copy()
        for a in range(3):
            inside &= (index[a] >= 0) & (index[a] < core.shape[a])
        clipped = [np.clip(index[a], 0, core.shape[a] - 1) for a in range(3)]
        return inside & core[tuple(clipped)]

    full = core[tuple(parent)] | occupied((0,)) | occupied((1,)) | occupied((2,))
    prisms = {pair: occupied(pair) & ~full for pair in PAIRS}
    any_prism = prisms[PAIRS[0]] | prisms[PAIRS[1]] | prisms[PAIRS[2]]
    simplex = occupied((0, 1, 2)) & ~full & ~any_prism
    return _Boxes(full, prisms, simplex, band)


Polygon = tuple[list[tuple[int, int, int]], tuple[int, int, int]]  # corner keys, outward direction


def _key(ax: _Axis, j: int, where: str) -> int:
    """A corner's key along one axis: 2 * line index, or 2 * box index + 1 for the box's middle."""
    if where == "0":
        return 2 * int(ax.zero[j])
    if where == "b":
        return 2 * int(ax.far[j])
    if where == "h":
        return 2 * j + 1
    return 2 * j if where == "lo" else 2 * j + 2


class _Corners:
    """Corner keys of one box from where each axis sits: "0" (on the core side), "b" (a bevel away), "h" (half
    way), "lo"/"hi" (the box's lower/upper line, for an axis that is not a band)."""

    def __init__(self, axes: Sequence[_Axis], box: Sequence[int] | np.ndarray) -> None:
        self.axes, self.box = axes, [int(v) for v in box]
        self.step = [int(axes[a].step[self.box[a]]) for a in range(3)]

    def at(self, where: dict[int, str]) -> tuple[int, int, int]:
        x, y, z = (_key(self.axes[a], self.box[a], where[a]) for a in range(3))
        return x, y, z

    def outward(self, *along: int) -> tuple[int, int, int]:
        """The direction in which the distance to the core grows along the given axes."""
        x, y, z = (self.step[a] if a in along else 0 for a in range(3))
        return x, y, z


def _slanted(boxes: _Boxes, axes: Sequence[_Axis]) -> list[Polygon]:
    """The 45-degree faces inside boxes, as corner keys with the outward direction."""
    out: list[Polygon] = []
    shaped = boxes.simplex | boxes.prisms[PAIRS[0]] | boxes.prisms[PAIRS[1]] | boxes.prisms[PAIRS[2]]
    for box in np.argwhere(shaped):
        out.extend(_box_polygons(boxes, _Corners(axes, box)))
    return out


def _box_polygons(boxes: _Boxes, c: _Corners) -> list[Polygon]:
    """The slanted faces of one box: the simplex's triangle, one prism's rectangle, two prisms' two triangles
    (meeting where the two distances are equal), or three prisms' three triangles (meeting at the box centre)."""
    j = tuple(c.box)
    if boxes.simplex[j]:
        return [([c.at({0: "b", 1: "0", 2: "0"}), c.at({0: "0", 1: "b", 2: "0"}), c.at({0: "0", 1: "0", 2: "b"})],
                 c.outward(0, 1, 2))]  # fmt: skip
    pairs = [p for p in PAIRS if boxes.prisms[p][j]]
    if len(pairs) == 1:
        u, v = pairs[0]
        w = 3 - u - v
        ends = ("0", "b") if boxes.band[w][j] else ("lo", "hi")
        quad = [c.at({u: "b", v: "0", w: ends[0]}), c.at({u: "0", v: "b", w: ends[0]}),
                c.at({u: "0", v: "b", w: ends[1]}), c.at({u: "b", v: "0", w: ends[1]})]  # fmt: skip
        return [(quad, c.outward(u, v))]
    if len(pairs) == 2:
        x = (set(pairs[0]) & set(pairs[1])).pop()
        y, z = (a for a in range(3) if a != x)
        # the part on the plane t_x + t_first = b lies where t_first <= t_second
        return [([c.at({x: "b", first: "0", second: "0"}), c.at({x: "b", first: "0", second: "b"}),
                  c.at({x: "0", first: "b", second: "b"})], c.outward(x, first))
                for first, second in ((y, z), (z, y))]  # fmt: skip
    return [([c.at({u: "0", v: "b", 3 - u - v: "b"}), c.at({u: "b", v: "0", 3 - u - v: "b"}),
              c.at({0: "h", 1: "h", 2: "h"})], c.outward(u, v)) for u, v in PAIRS]  # fmt: skip


def _traces(boxes: _Boxes, axes: Sequence[_Axis], a: int) -> tuple[np.ndarray, np.ndarray]:
    """What each box holds on its lower and its upper face across axis ``a``: 0 nothing, 1 the triangle
    ``t_u + t_v <= bevel`` of the two other axes, 2 the whole face."""
    u, v = (c for c in range(3) if c != a)
    kind = axes[a].kind[np.arange(len(axes[a].kind))]
    shape = [1, 1, 1]
    shape[a] = len(kind)
    kind = kind.reshape(shape)
    across = boxes.prisms[tuple(sorted((u, v)))]
    along = boxes.prisms[tuple(sorted((a, u)))] | boxes.prisms[tuple(sorted((a, v)))]
    result = []
    for zero_side in (kind == BELOW, kind == ABOVE):  # the lower face is the core side of a band below, and so on
        code = np.where(across, 1, 0)
        code = np.maximum(code, np.where(boxes.simplex & zero_side, 1, 0))
        code = np.maximum(code, np.where(along & zero_side, 2, 0))
        result.append(np.where(boxes.full, 2, code))
    return result[0], result[1]


def _flat(boxes: _Boxes, axes: Sequence[_Axis]) -> list[Polygon]:
    """Faces on grid planes: where the boxes on the two sides hold different parts of the face (the whole face
    against nothing, the triangle against nothing, or the whole face against the triangle: the other half)."""
    out: list[Polygon] = []
    for a in range(3):
        u, v = (c for c in range(3) if c != a)
        lower_face, upper_face = _traces(boxes, axes, a)
        below = np.take(upper_face, range(upper_face.shape[a] - 1), axis=a)
        above = np.take(lower_face, range(1, lower_face.shape[a]), axis=a)
        for box in np.argwhere(below != above):
            low_code, high_code = int(below[tuple(box)]), int(above[tuple(box)])
            corner = _Corners(axes, box)
            plane = 2 * (corner.box[a] + 1)
            codes = {low_code, high_code}
            spots: tuple[tuple[str, str], ...]
            if codes == {0, 2}:
                spots = (("lo", "lo"), ("hi", "lo"), ("hi", "hi"), ("lo", "hi"))
            elif codes == {0, 1}:
                spots = (("0", "0"), ("b", "0"), ("0", "b"))
            else:
                spots = (("b", "b"), ("b", "0"), ("0", "b"))
            corners = [_on_plane(corner, a, plane, {u: su, v: sv}) for su, sv in spots]
            sign = 1 if low_code > high_code else -1
            out.append((corners, (sign if a == 0 else 0, sign if a == 1 else 0, sign if a == 2 else 0)))
    return out


def _on_plane(corner: _Corners, axis: int, plane: int, where: dict[int, str]) -> tuple[int, int, int]:
    """A corner on the grid plane ``plane`` (a key) across ``axis``, placed along the two other axes."""
    keys = list(corner.at({axis: "lo", **where}))
    keys[axis] = plane
    x, y, z = keys
    return x, y, z


def _assemble(polygons: list[Polygon], axes: Sequence[_Axis]) -> Mesh:
    """Triangles over shared corners, each turned to face its outward direction."""
    triangles, directions = [], []
    for corners, direction in polygons:
        for k in range(1, len(corners) - 1):
            triangles.append((corners[0], corners[k], corners[k + 1]))
            directions.append(direction)
    keys = np.array(triangles, dtype=np.int64).reshape(-1, 3)
    unique, inverse = np.unique(keys, axis=0, return_inverse=True)
    coords = np.stack([_coordinate(axes[a], unique[:, a]) for a in range(3)], axis=1)
    tri = inverse.reshape(-1, 3)
    points = coords[tri]
    normal = np.cross(points[:, 1] - points[:, 0], points[:, 2] - points[:, 0])
    flip = np.einsum("ij,ij->i", normal, np.array(directions, dtype=np.float64)) < 0
    tri[flip] = tri[flip][:, [0, 2, 1]]
    return Mesh(coords, tri)


def _coordinate(ax: _Axis, keys: np.ndarray) -> np.ndarray:
    lines = ax.lines
    half = keys // 2
    odd = keys % 2 == 1
    upper = np.clip(half + 1, 0, len(lines) - 1)
    return np.where(odd, (lines[half] + lines[upper]) / 2, lines[np.clip(half, 0, len(lines) - 1)])
