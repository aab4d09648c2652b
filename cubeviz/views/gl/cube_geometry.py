"""The cube item's geometry: black bevelled cubies with a rounded sticker in each outer face, split into pieces so
a frame draws only what can be seen (see cubie_mesh.py), and the sticker frames that picking and tests use.
Both cube sizes span the same box (-1.5..1.5) so the camera suits either.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from cubeviz.views.gl.cubie_mesh import DIRECTIONS, PieceTable, add_cubie, direction_index
from cubeviz.views.gl.mesh import FLOATS_PER_VERTEX, MeshBuilder, face_tangents, rounded_outline
from solvers.cube.geometry import sticker_geometry

CUBE_HALF_EXTENT = 1.5  # world units from the centre to a face, whatever the size
PLASTIC_SLOT = 0  # colour slot of the black plastic; facelet i uses slot FIRST_STICKER_SLOT + i
FIRST_STICKER_SLOT = 1
BEVEL = 0.07  # fraction of a cubie
STICKER_HALF = 0.40  # fraction of a cubie: sticker half-size (inside the flat part of the face, 0.5 - BEVEL)
STICKER_RADIUS = 0.08  # fraction of a cubie: corner rounding
STICKER_SEGMENTS = 2  # per rounded corner: 45-degree steps are under a pixel off the arc at any usual zoom


@dataclass(frozen=True)
class CubeGeometry:
    """Everything static about one cube size: the vertex array, the cubie grid, the pieces and sticker frames.

    `cubie_coords[g]` is group g's cubie in {-1,0,1}^3 (3x3, the hidden core included) or {-1,1}^3;
    `sticker_group[i]` the group of facelet i; `sticker_centres/normals` the rest-pose world frame of each sticker;
    `sticker_half` its half-size (world). Pieces `piece_first/piece_count` are vertex ranges, `piece_faces` the
    flat face ids each belongs to (see cubie_mesh.PieceTable); the first `outer_vertices` vertices are the pieces
    every frame draws (outer faces, stickers, bevels).
    """

    size: int
    vertices: np.ndarray
    cubie_coords: np.ndarray
    sticker_group: np.ndarray
    sticker_centres: np.ndarray
    sticker_normals: np.ndarray
    sticker_half: float
    spacing: float
    outer_faces: np.ndarray  # (n_groups, 6) bool: the face lies on the cube's surface
    piece_first: np.ndarray
    piece_count: np.ndarray
    piece_faces: np.ndarray
    outer_vertices: int

    @property
    def n_groups(self) -> int:
        return len(self.cubie_coords)

    @property
    def n_slots(self) -> int:
        return FIRST_STICKER_SLOT + len(self.sticker_group)

    @property
    def cubie_width(self) -> float:
        return 2.0 * CUBE_HALF_EXTENT / self.size

    @property
    def layer_step(self) -> int:
        """Coordinate difference between neighbouring layers (1 on the 3x3, 2 on the 2x2's {-1, 1})."""
        return 1 if self.size == 3 else 2

    def world_of_coordinate(self, coordinate: np.ndarray) -> np.ndarray:
        return np.asarray(coordinate, dtype=float) * self.spacing

    def sticker_tangents(self, index: int) -> tuple[np.ndarray, np.ndarray]:
        return face_tangents(self.sticker_normals[index])

    def visible_faces(self, axis: int | None = None, layers: frozenset[int] = frozenset()) -> np.ndarray:
        """(n_groups, 6) bool: faces that can be seen while `layers` along `axis` turn (None: at rest).

        The outer faces, plus the inner faces on each cut between a turning and a still layer.
        """
        faces = self.outer_faces.copy()
        if axis is not None:
            coords = self.cubie_coords[:, axis].astype(int)
            moving = np.isin(coords, list(layers))
            for sign in (-1, 1):
                neighbour = coords + sign * self.layer_step
                cut = (np.abs(neighbour) <= 1) & (np.isin(neighbour, list(layers)) != moving)
                faces[:, direction_index(axis, sign)] |= cut
        return faces

    def draw_ranges(self, axis: int | None = None, layers: frozenset[int] = frozenset()) -> tuple[np.ndarray, ...]:
        """(first, count) int32 vertex ranges to draw for a turn of `layers` about `axis` (None: at rest)."""
        return _draw_ranges(self.size, axis, layers)


def _grid(size: int) -> list[int]:
    return [-1, 0, 1] if size == 3 else [-1, 1]


@cache
def _draw_ranges(size: int, axis: int | None, layers: frozenset[int]) -> tuple[np.ndarray, np.ndarray]:
    geometry = cube_geometry(size)
    if axis is None or len(layers) == len(_grid(size)):  # at rest, or the whole cube turns: no cut is open
        return np.array([0], dtype=np.int32), np.array([geometry.outer_vertices], dtype=np.int32)
    flat = np.append(geometry.visible_faces(axis, layers).ravel(), [True, False])  # ALWAYS, NONE (cubie_mesh)
    drawn = np.flatnonzero(flat[geometry.piece_faces].any(axis=1))
    breaks = np.flatnonzero(np.diff(drawn) != 1) + 1
    starts, ends = drawn[np.r_[0, breaks]], drawn[np.r_[breaks - 1, len(drawn) - 1]]
    first = geometry.piece_first[starts]
    count = geometry.piece_first[ends] + geometry.piece_count[ends] - first
    return first.astype(np.int32), count.astype(np.int32)


@cache
def cube_geometry(size: int) -> CubeGeometry:
    cubie = 2.0 * CUBE_HALF_EXTENT / size  # edge length of one cubie
    spacing = cubie if size == 3 else cubie / 2.0  # world distance per unit of the {-1,0,1} / {-1,1} coordinates
    half = cubie / 2.0  # cubies touch: no seam to see through into the (undrawn) inside
    coords = [(x, y, z) for x in _grid(size) for y in _grid(size) for z in _grid(size)]
    group_of = {c: g for g, c in enumerate(coords)}
    positions, normals = sticker_geometry(size)
    outlines: dict[tuple[int, int], np.ndarray] = {}
    groups, centres = [], []
    for p, n in zip(positions.tolist(), normals.tolist(), strict=True):
        g = group_of[tuple(p)]
        centre = np.array(p) * spacing + np.array(n) * half
        axis = int(np.argmax(np.abs(n)))
        outline = rounded_outline(centre, n, STICKER_HALF * cubie, STICKER_RADIUS * cubie, STICKER_SEGMENTS)
        outlines[(g, direction_index(axis, n[axis]))] = outline
        groups.append(g)
        centres.append(centre)
    builder, pieces = MeshBuilder(), PieceTable()
    for g, c in enumerate(coords):
        holes = {d: outline for (group, d), outline in outlines.items() if group == g}
        add_cubie(builder, pieces, np.array(c) * spacing, half, BEVEL * cubie, g, PLASTIC_SLOT, holes)
    for i, ((g, d), outline) in enumerate(outlines.items()):
        start = builder.vertex_count
        builder.polygon(outline, normals[i].astype(float), g, FIRST_STICKER_SLOT + i)
        pieces.add(builder, start, g * DIRECTIONS + d)
    outer = np.zeros((len(coords), DIRECTIONS), dtype=bool)
    for group, d in outlines:
        outer[group, d] = True
    return _assemble(size, builder.array(), pieces, outer, coords, groups, centres, normals, spacing, cubie)


def _assemble(size, vertices, pieces, outer, coords, groups, centres, normals, spacing, cubie) -> CubeGeometry:
    """Reorder the pieces so those on the surface come first (drawn at rest as one range) and freeze the arrays."""
    faces = np.array(pieces.faces, dtype=np.int32)
    flat_outer = np.append(outer.ravel(), [True, False])  # ALWAYS, NONE (cubie_mesh)
    on_surface = flat_outer[faces].any(axis=1)
    order = np.argsort(~on_surface, kind="stable")
    first, count = np.array(pieces.first), np.array(pieces.count)
    blocks = [vertices[first[p] : first[p] + count[p]] for p in order]
    new_count = count[order]
    new_first = np.concatenate([[0], np.cumsum(new_count)[:-1]])
    vertices = np.concatenate(blocks).reshape(-1, FLOATS_PER_VERTEX)
    arrays = [vertices, new_first, new_count, faces[order]]
    for array in arrays:
        array.setflags(write=False)
    return CubeGeometry(
        size=size,
        vertices=vertices,
        cubie_coords=np.array(coords, dtype=np.int8),
        sticker_group=np.array(groups, dtype=np.int16),
        sticker_centres=np.array(centres),
        sticker_normals=normals.astype(float),
        sticker_half=STICKER_HALF * cubie,
        spacing=spacing,
        outer_faces=outer,
        piece_first=new_first,
        piece_count=new_count,
        piece_faces=faces[order],
        outer_vertices=int(new_count[on_surface[order]].sum()),
    )
