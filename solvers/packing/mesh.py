"""Closed triangle meshes of voxel sets: the boundary of a union of unit cells, shrunk by a gap, always a
2-manifold, even where two cells touch only along an edge or at a corner.

How (the "fine grid"). Shrinking a union of cubes by a gap ``g`` (every outer face moved inward by ``g``) is the
erosion by a cube of half-side ``g``. Cut each axis into intervals: a thin one of width ``2g`` around every grid
line (B) and a wide one inside every cell (M). A point of a B interval sees both cells beside its line, a point
of an M interval only its own cell, so the eroded solid is exactly the union of the fine boxes whose cells are all
filled: no geometry beyond boxes is needed. Its surface is the set of fine faces between a filled and an empty
fine box. Along every axis B and M intervals alternate and a B box is filled only when both its M neighbours are,
which rules out the diagonal patterns of a non-manifold edge or corner: the surface is a closed 2-manifold.

Without a gap the same mesh is built and then contracted: every vertex goes to the grid point it surrounds and
the thin faces, now of no width, are dropped, which leaves the plain boundary of the cells (unit squares with
corners on the grid). Only at singular grid points, where cells meet along an edge or at a corner alone (and so
do empty cells, the dual case), the fine geometry is kept with a half width of ``SEPARATION`` units: the sheets
that touch there stay a hair apart and the mesh stays a 2-manifold that a slicer reads as one solid.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

SEPARATION = 1e-3  # units (cell sizes) between sheets that touch only along an edge or at a corner, without a gap
MAX_GAP = 0.25  # units: gap plus bevel; more would leave a cell's flat faces less than half its size


@dataclass(frozen=True)
class Mesh:
    """Triangles over shared vertices; each triangle runs counter-clockwise seen from outside the solid."""

    vertices: np.ndarray  # (V, 3) float64
    triangles: np.ndarray  # (T, 3) int64 indices into vertices

    def moved(self, matrix: np.ndarray | None = None, shift: Sequence[float] | np.ndarray = (0.0, 0.0, 0.0)) -> Mesh:
        """The mesh under ``v -> matrix @ v + shift`` (a rotation keeps the winding; a reflection would not, so
        it is refused)."""
        vertices = self.vertices
        if matrix is not None:
            matrix = np.asarray(matrix, dtype=np.float64)
            if np.linalg.det(matrix) <= 0:
                raise ValueError("a mesh may only be rotated, not reflected")
            vertices = vertices @ matrix.T
        return Mesh(vertices + np.asarray(shift, dtype=np.float64), self.triangles)

    def scaled(self, factor: float) -> Mesh:
        return Mesh(self.vertices * factor, self.triangles)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """The smallest and largest corner of the axis-aligned bounding box."""
        return self.vertices.min(axis=0), self.vertices.max(axis=0)

    def volume(self) -> float:
        """Signed volume (positive for outward-facing triangles), by the divergence theorem."""
        a, b, c = (self.vertices[self.triangles[:, i]] for i in range(3))
        return float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6.0)

    @staticmethod
    def join(meshes: Iterable[Mesh]) -> Mesh:
        """One mesh holding every given mesh as a separate shell."""
        vertices, triangles, offset = [], [], 0
        for mesh in meshes:
            vertices.append(mesh.vertices)
            triangles.append(mesh.triangles + offset)
            offset += len(mesh.vertices)
        if not vertices:
            return Mesh(np.zeros((0, 3)), np.zeros((0, 3), dtype=np.int64))
        return Mesh(np.concatenate(vertices), np.concatenate(triangles))


def _cell_grid(padded: np.ndarray) -> np.ndarray:
    grid = np.zeros(tuple(padded.max(axis=0) + 2), dtype=bool)
    grid[tuple(padded.T)] = True
    return grid


def _fine_grid(grid: np.ndarray) -> np.ndarray:
    """Filled fine boxes: fine index ``2k`` is the thin interval around grid line ``k``, ``2i + 1`` the inside of
    cell ``i``; a thin interval is filled where the cells on both sides are (erosion is separable by axis)."""
    for axis in range(3):
        grid = np.moveaxis(grid, axis, 0)
        fine = np.zeros((2 * grid.shape[0] + 1, *grid.shape[1:]), dtype=bool)
        fine[1::2] = grid
        fine[2:-1:2] = grid[:-1] & grid[1:]
        grid = np.moveaxis(fine, 0, axis)
    return grid


def _fine_faces(filled: np.ndarray) -> np.ndarray:
    """Every fine face between a filled and an empty fine box, as 4 corners (fine boundary indices ``t``, the
    boundary between fine intervals ``t - 1`` and ``t``), counter-clockwise seen from the empty side."""
    all_quads = []
    for axis in range(3):
        b, c = (axis + 1) % 3, (axis + 2) % 3
        low_side = np.take(filled, range(filled.shape[axis] - 1), axis=axis)
        high_side = np.take(filled, range(1, filled.shape[axis]), axis=axis)
        for sign, where in ((1, low_side & ~high_side), (-1, high_side & ~low_side)):
            index = np.argwhere(where)  # (n, 3): the low fine box's index; the face lies at boundary index + 1
            if len(index) == 0:
                continue
            corners = np.repeat(index[:, None, :], 4, axis=1)
            corners[:, :, axis] += 1
            order = ((0, 0), (1, 0), (1, 1), (0, 1)) if sign > 0 else ((0, 0), (0, 1), (1, 1), (1, 0))
            for k, (db, dc) in enumerate(order):
                corners[:, k, b] += db
                corners[:, k, c] += dc
            all_quads.append(corners)
    return np.concatenate(all_quads)


def _positions(fine_index: np.ndarray, half_width: float) -> np.ndarray:
    """Coordinates (grid units, padded frame) of fine boundary indices: ``t // 2`` plus or minus the half width
    of the thin intervals (plus after a thin interval, minus before one)."""
    sign = np.where(fine_index % 2 == 1, 1.0, -1.0)
    return fine_index // 2 + sign * half_width


def _triangles(quads: np.ndarray) -> np.ndarray:
    return np.concatenate([quads[:, [0, 1, 2]], quads[:, [0, 2, 3]]])


def _realise(quads: np.ndarray, half_width: float) -> Mesh:
    """The fine faces as triangles with the gap as the thin intervals' half width."""
    corners = quads.reshape(-1, 3)
    unique, inverse = np.unique(corners, axis=0, return_inverse=True)
    return Mesh(_positions(unique, half_width), _triangles(inverse.reshape(-1, 4)))


def _contract(quads: np.ndarray, filled_cells: np.ndarray) -> Mesh:
    """The gap-free mesh: the fine mesh with every vertex moved onto its grid point, except at singular points,
    which keep the fine geometry with a half width of ``SEPARATION`` (see the module docstring)."""
    unique, inverse = np.unique(quads.reshape(-1, 3), axis=0, return_inverse=True)
    points = unique // 2
    regular = _regular_points(filled_cells)[tuple(points.T)]
    code = (points[:, 0] * (points[:, 1].max() + 1) + points[:, 1]) * (points[:, 2].max() + 1) + points[:, 2]
    key = np.where(regular, code, code.max() + 1 + np.arange(len(unique)))
    _, first, merged = np.unique(key, return_index=True, return_inverse=True)
    positions = np.where(regular[:, None], points.astype(np.float64), _positions(unique, SEPARATION))[first]
    triangles = merged.reshape(-1)[_triangles(inverse.reshape(-1, 4))]
    keep = (
        (triangles[:, 0] != triangles[:, 1])
        & (triangles[:, 1] != triangles[:, 2])
        & (triangles[:, 0] != triangles[:, 2])
    )
    return _compact(Mesh(positions, triangles[keep]))


def _regular_points(cells: np.ndarray) -> np.ndarray:
    """For every grid point of the padded cell grid, whether the surface there is one plain sheet (its eight
    cells' pattern is regular), so its fine vertices may merge into the point."""
    padded = np.pad(cells, 1)
    pattern = np.zeros(tuple(np.array(cells.shape) + 1), dtype=np.int64)
    for octant in range(8):
        dx, dy, dz = octant & 1, (octant >> 1) & 1, octant >> 2
        block = padded[dx : dx + pattern.shape[0], dy : dy + pattern.shape[1], dz : dz + pattern.shape[2]]
        pattern |= block.astype(np.int64) << octant
    return _REGULAR[pattern]


def _is_regular(pattern: int) -> bool:
    """A pattern of filled octants around a point (bit ``x + 2y + 4z``) is regular when no half-axis from the point
    has two filled octants facing each other across it diagonally, and the filled and the empty octants each hang
    together by faces: then the surface near the point is a single disk."""
    filled = {o for o in range(8) if pattern >> o & 1}
    if len(filled) in (0, 8):
        return True
    for bit in (1, 2, 4):
        for side in (0, bit):
            around = [o for o in range(8) if o & bit == side and o in filled]
            if len(around) == 2 and bin(around[0] ^ around[1]).count("1") == 2:
                return False
    return _connected(filled) and _connected(set(range(8)) - filled)


def _connected(octants: set[int]) -> bool:
    start = next(iter(octants))
    seen, todo = {start}, [start]
    while todo:
        o = todo.pop()
        for bit in (1, 2, 4):
            if o ^ bit in octants and o ^ bit not in seen:
                seen.add(o ^ bit)
                todo.append(o ^ bit)
    return seen == octants


_REGULAR = np.array([_is_regular(p) for p in range(256)])


def _compact(mesh: Mesh) -> Mesh:
    """The mesh without the vertices no triangle uses."""
    used, inverse = np.unique(mesh.triangles, return_inverse=True)
    return Mesh(mesh.vertices[used], inverse.reshape(-1, 3))
