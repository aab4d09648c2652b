"""The cube item's geometry: black bevelled cubies plus one rounded sticker per facelet, and the sticker frames
that picking and tests use. Both cube sizes span the same box (-1.5..1.5) so the camera suits either.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from cubeviz.views.gl.mesh import MeshBuilder, bevelled_box, face_tangents, rounded_square
from solvers.cube.geometry import sticker_geometry

CUBE_HALF_EXTENT = 1.5  # world units from the centre to a face, whatever the size
PLASTIC_SLOT = 0  # colour slot of the black plastic; facelet i uses slot FIRST_STICKER_SLOT + i
FIRST_STICKER_SLOT = 1
CUBIE_GAP = 0.015  # fraction of a cubie left as a dark seam between neighbours
BEVEL = 0.08  # fraction of a cubie
STICKER_HALF = 0.42  # fraction of a cubie: sticker half-size
STICKER_RADIUS = 0.09  # fraction of a cubie: corner rounding
STICKER_LIFT = 0.004  # world units the sticker floats above the plastic (no depth fighting)


@dataclass(frozen=True)
class CubeGeometry:
    """Everything static about one cube size: the vertex array, the cubie grid and the sticker frames.

    `cubie_coords[g]` is group g's cubie in {-1,0,1}^3 (or {-1,1}^3); `sticker_group[i]` the group of facelet i;
    `sticker_centres/normals` the rest-pose world frame of each sticker; `sticker_half` its half-size (world).
    """

    size: int
    vertices: np.ndarray
    cubie_coords: np.ndarray
    sticker_group: np.ndarray
    sticker_centres: np.ndarray
    sticker_normals: np.ndarray
    sticker_half: float
    spacing: float

    @property
    def n_groups(self) -> int:
        return len(self.cubie_coords)

    @property
    def n_slots(self) -> int:
        return FIRST_STICKER_SLOT + len(self.sticker_group)

    @property
    def cubie_width(self) -> float:
        return 2.0 * CUBE_HALF_EXTENT / self.size

    def world_of_coordinate(self, coordinate: np.ndarray) -> np.ndarray:
        return np.asarray(coordinate, dtype=float) * self.spacing

    def sticker_tangents(self, index: int) -> tuple[np.ndarray, np.ndarray]:
        return face_tangents(self.sticker_normals[index])


def _grid(size: int) -> list[int]:
    return [-1, 0, 1] if size == 3 else [-1, 1]


@cache
def cube_geometry(size: int) -> CubeGeometry:
    cubie = 2.0 * CUBE_HALF_EXTENT / size  # edge length of one cubie
    spacing = cubie if size == 3 else cubie / 2.0  # world distance per unit of the {-1,0,1} / {-1,1} coordinates
    half = cubie / 2.0 * (1.0 - CUBIE_GAP)
    coords = [(x, y, z) for x in _grid(size) for y in _grid(size) for z in _grid(size) if (x, y, z) != (0, 0, 0)]
    group_of = {c: g for g, c in enumerate(coords)}
    positions, normals = sticker_geometry(size)
    builder = MeshBuilder()
    for g, c in enumerate(coords):
        bevelled_box(builder, np.array(c) * spacing, half, BEVEL * cubie, g, PLASTIC_SLOT, PLASTIC_SLOT)
    groups, centres = [], []
    for i, (p, n) in enumerate(zip(positions.tolist(), normals.tolist(), strict=True)):
        g = group_of[tuple(p)]
        centre = np.array(p) * spacing + np.array(n) * (half + STICKER_LIFT)
        rounded_square(builder, centre, n, STICKER_HALF * cubie, STICKER_RADIUS * cubie, g, FIRST_STICKER_SLOT + i)
        groups.append(g)
        centres.append(centre)
    vertices = builder.array()
    vertices.setflags(write=False)
    return CubeGeometry(
        size=size,
        vertices=vertices,
        cubie_coords=np.array(coords, dtype=np.int8),
        sticker_group=np.array(groups, dtype=np.int16),
        sticker_centres=np.array(centres),
        sticker_normals=normals.astype(float),
        sticker_half=STICKER_HALF * cubie,
        spacing=spacing,
    )
