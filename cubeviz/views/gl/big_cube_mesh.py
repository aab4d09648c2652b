"""The geometry of a big cube (4x4x4 and up) for the 3D view: one static vertex buffer of the visible shell.

Why not the 2x2x2/3x3x3 mesh: that one moves each cubie by its own matrix (at most 64) and colours each sticker
from a uniform array (at most 128), and draws every cubie's bevels; a 17x17x17 has 1,538 shell cubies and 1,734
stickers. Here only the surface is built, one flat cell per sticker (a plastic frame around a rounded sticker,
square from 10x10x10 up, set into its hole: no overlap, so llvmpipe rasterises each pixel once), and every vertex
carries its cubie's layer along x, y and z: the shader turns the vertices whose layer along the turn's axis lies
in the turning block. So a turn changes a few uniforms, and a landed turn only rewrites the small colour texture.
A frame draws the faces the eye sees, plus, during a turn, the turning block's cells on the faces it does not.

While a block turns, the cuts it opens show the inside of the cube: for each cut between two layers the buffer
holds two black plates spanning the cross-section, back to back, one moving with each side (12 vertices per cut,
drawn only while that cut is open). Vertex layout (float32, `BIG_FLOATS_PER_VERTEX`): position xyz, normal xyz,
layer along x y z (the engine's numbering: 0 = the R, U or F face), colour slot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from cubeviz.views.gl.cube_geometry import CUBE_HALF_EXTENT, FIRST_STICKER_SLOT, PLASTIC_SLOT
from cubeviz.views.gl.cubie_mesh import add_frame
from cubeviz.views.gl.mesh import AXES, FLOATS_PER_VERTEX, MeshBuilder, face_tangents, rounded_outline
from solvers.nxn.geometry import sticker_layers, sticker_positions

BIG_FLOATS_PER_VERTEX = 10
STICKER_HALF = 0.40  # of a cubie, as on the 3x3x3
STICKER_RADIUS = 0.08
STICKER_SEGMENTS = 1  # one chamfer per corner
SQUARE_FROM_SIZE = 10  # from here on a corner's rounding is a pixel or two: square stickers, 10 triangles a cell
VERTICES_PER_CUT = 12  # two plates of two triangles


@dataclass(frozen=True)
class BigCubeGeometry:
    """Static data of one big size. `sticker_centres/normals` (world, at rest) and `cubie_width` serve picking as
    the 3x3x3's CubeGeometry does; `sticker_layer[i]` is sticker i's layer along x, y, z.

    `indices` (uint32, triangles) hold each face's cells twice, sorted by layer along each of the face's two
    in-plane axes, so any block of layers is one contiguous run of a face (`face_run`); then `VERTICES_PER_CUT`
    per (axis, cut) for the plates (`cut_run`).
    """

    size: int
    vertices: np.ndarray
    indices: np.ndarray
    indices_per_cell: int
    plates_start: int
    sticker_centres: np.ndarray
    sticker_normals: np.ndarray
    sticker_layer: np.ndarray

    @property
    def cubie_width(self) -> float:
        return 2.0 * CUBE_HALF_EXTENT / self.size

    @property
    def n_slots(self) -> int:
        return FIRST_STICKER_SLOT + len(self.sticker_centres)

    def face_run(self, face: int, axis: int, first: int, last: int) -> tuple[int, int]:
        """(first index, count) of the cells of `face` in layers first..last along `axis` (one of its in-plane axes)."""
        face_axis = int(np.argmax(np.abs(self.sticker_normals[face * self.size * self.size])))
        order = (axis - face_axis) % 3 - 1  # 0 or 1: which of the face's two orderings
        if order not in (0, 1):
            raise ValueError(f"axis {axis} is not in the plane of face {face}")
        row = self.size * self.indices_per_cell  # one layer crosses a face in a row of N cells
        start = (2 * face + order) * self.size * row
        return start + first * row, (last - first + 1) * row

    def cut_run(self, axis: int, cut: int) -> tuple[int, int]:
        """(first index, count) of the plates of the cut between layers cut-1 and cut (1 <= cut < size)."""
        if not 1 <= cut < self.size:
            raise ValueError(f"a {self.size}x{self.size}x{self.size} has cuts 1..{self.size - 1}, not {cut}")
        return self.plates_start + (axis * (self.size - 1) + cut - 1) * VERTICES_PER_CUT, VERTICES_PER_CUT

    def visible_faces(self, eye: np.ndarray) -> list[int]:
        """The faces (U R F D L B = 0..5) whose outside the eye (model space) sees."""
        normals = self.sticker_normals[:: self.size * self.size]
        return [face for face in range(6) if float(normals[face] @ eye) > CUBE_HALF_EXTENT]

    def draw_runs(self, eye: np.ndarray, axis: int | None, first: int, last: int) -> list[tuple[int, int]]:
        """(first index, count) runs to draw: the faces the eye sees and, while layers first..last turn about
        `axis`, their cells on the faces it does not see (they may turn into view) and the opened cuts' plates."""
        n = self.size
        visible = self.visible_faces(eye)
        normals = self.sticker_normals[:: n * n]
        in_plane = [(int(np.argmax(np.abs(normal))) + 1) % 3 for normal in normals]
        runs = [self.face_run(face, in_plane[face], 0, n - 1) for face in visible]
        if axis is None:
            return runs
        for face in range(6):
            if face not in visible and abs(normals[face][axis]) < 0.5:
                runs.append(self.face_run(face, axis, first, last))
        runs.extend(self.cut_run(axis, cut) for cut in (first, last + 1) if 1 <= cut < n)
        return runs

    def layer_centre(self, layer: int) -> float:
        """World coordinate of a layer's middle along its axis (layer 0 on the positive side)."""
        return (self.size - 1 - 2 * layer) * self.cubie_width / 2.0


@cache
def _cell_template(square: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """One sticker cell of unit width facing +z: (u, v, is sticker) of each distinct vertex, and the triangles'
    vertex indices (a plastic frame with the sticker's hole, then the sticker as a fan).

    Built with the 3x3x3's frame and outline helpers, so the look matches; mapped onto every cell below.
    """
    builder = MeshBuilder()
    if square:  # the corners in rounded_outline's order, one point per "arc"
        outline = STICKER_HALF * np.array([[1.0, 1.0, 0.0], [-1.0, 1.0, 0.0], [-1.0, -1.0, 0.0], [1.0, -1.0, 0.0]])
    else:
        outline = rounded_outline((0.0, 0.0, 0.0), (0.0, 0.0, 1.0), STICKER_HALF, STICKER_RADIUS, STICKER_SEGMENTS)
    add_frame(builder, (0.0, 0.0, 0.0), (0.0, 0.0, 1.0), 0.5, outline, 0, PLASTIC_SLOT)
    for a, b in zip(outline[1:-1], outline[2:], strict=True):
        builder.triangle(outline[0], a, b, (0.0, 0.0, 1.0), 0, 1)
    vertices = builder.array().reshape(-1, FLOATS_PER_VERTEX)
    keys = np.round(vertices[:, [0, 1, 7]], 6)  # u, v, slot: a frame and a sticker corner at one point stay apart
    unique, inverse = np.unique(keys, axis=0, return_inverse=True)
    return unique[:, 0], unique[:, 1], unique[:, 2] > 0, inverse.reshape(-1).astype(np.uint32)


def _face_basis(normal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """In-plane unit vectors (u, v) with u x v = normal: the template's counter-clockwise winding stays outward."""
    u, v = face_tangents(normal)
    return (u, v) if np.dot(np.cross(u, v), normal) > 0 else (v, u)


def _shell(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(vertices, each cell's triangle indices, sticker centres, sticker normals, indices per cell)."""
    half_unit = CUBE_HALF_EXTENT / size  # world length of the engine's half-cubie unit
    positions = sticker_positions(size).astype(float)
    normals = np.zeros_like(positions)
    on_face = np.abs(positions) == size
    normals[on_face] = np.sign(positions[on_face])
    centres = positions * half_unit
    us, vs, is_sticker, triangles = _cell_template(size >= SQUARE_FROM_SIZE)
    cubie = 2.0 * half_unit
    n_cell = len(us)
    bases = np.array([_face_basis(n) for n in normals])  # (stickers, 2, 3)
    points = (
        centres[:, None, :]
        + cubie * us[None, :, None] * bases[:, None, 0, :]
        + cubie * vs[None, :, None] * bases[:, None, 1, :]
    )
    vertices = np.empty((len(centres), n_cell, BIG_FLOATS_PER_VERTEX), dtype=np.float32)
    vertices[:, :, 0:3] = points
    vertices[:, :, 3:6] = normals[:, None, :]
    vertices[:, :, 6:9] = sticker_layers(size)[:, None, :]
    slots = FIRST_STICKER_SLOT + np.arange(len(centres))
    vertices[:, :, 9] = np.where(is_sticker[None, :], slots[:, None], PLASTIC_SLOT)
    cell_indices = (np.arange(len(centres), dtype=np.uint32)[:, None] * n_cell + triangles[None, :]).astype(np.uint32)
    return vertices.reshape(-1, BIG_FLOATS_PER_VERTEX), cell_indices, centres, normals, len(triangles)


def _face_orders(size: int, cell_indices: np.ndarray, normals: np.ndarray) -> np.ndarray:
    """Each face's cells sorted by layer along its first, then its second in-plane axis (see `face_run`)."""
    layers = sticker_layers(size)
    per_face = size * size
    runs = []
    for face in range(6):
        cells = np.arange(face * per_face, (face + 1) * per_face)
        face_axis = int(np.argmax(np.abs(normals[cells[0]])))
        for order in (0, 1):
            axis = (face_axis + 1 + order) % 3
            sorted_cells = cells[np.argsort(layers[cells, axis], kind="stable")]
            runs.append(cell_indices[sorted_cells].reshape(-1))
    return np.concatenate(runs)


def _plate(axis: int, offset: float, sign: float, layer: int) -> np.ndarray:
    """A black square spanning the cube's cross-section at `offset` along `axis`, facing `sign`, in `layer`."""
    normal = AXES[axis] * sign
    u, v = _face_basis(normal)
    h = CUBE_HALF_EXTENT
    corners = [normal / sign * offset + h * (su * u + sv * v) for su, sv in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    rows = []
    for a, b, c in ((0, 1, 2), (0, 2, 3)):
        for corner in (corners[a], corners[b], corners[c]):
            rows.append([*corner, *normal, layer, layer, layer, PLASTIC_SLOT])
    return np.array(rows, dtype=np.float32)


def _plates(size: int) -> np.ndarray:
    """Per axis and cut, the plate facing +axis (the side of the higher layer numbers) then the one facing -axis."""
    cubie = 2.0 * CUBE_HALF_EXTENT / size
    blocks = []
    for axis in range(3):
        for cut in range(1, size):
            offset = (size - 2 * cut) * cubie / 2.0  # between layer cut-1 (towards +axis) and layer cut
            blocks.append(_plate(axis, offset, 1.0, cut))
            blocks.append(_plate(axis, offset, -1.0, cut - 1))
    return np.concatenate(blocks)


@cache
def big_cube_geometry(size: int) -> BigCubeGeometry:
    """Built once per size (vectorised: a 17x17x17 takes milliseconds)."""
    shell, cell_indices, centres, normals, per_cell = _shell(size)
    plates = _plates(size)
    vertices = np.concatenate([shell, plates])
    indices = np.concatenate(
        [_face_orders(size, cell_indices, normals), np.arange(len(shell), len(vertices), dtype=np.uint32)]
    ).astype(np.uint32)
    for array in (vertices, indices, centres, normals):
        array.setflags(write=False)
    return BigCubeGeometry(
        size=size,
        vertices=vertices,
        indices=indices,
        indices_per_cell=per_cell,
        plates_start=len(indices) - len(plates),
        sticker_centres=centres,
        sticker_normals=normals,
        sticker_layer=sticker_layers(size),
    )
