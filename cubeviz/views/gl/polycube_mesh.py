"""Geometry of polycube pieces for the grouped-mesh renderer: each piece drawn once in its own file shape, with a
thin dark band wherever its surface folds (so touching pieces read apart), split into per-voxel vertex ranges.

Why per-voxel ranges: the layer view draws only the voxels in some planes of the box, and hidden parts of a piece
must not leave holes, so each voxel also carries *cut* faces (towards a neighbour of the same piece) that a frame
draws only when that neighbour is not drawn -- the same idea as the cube's inner faces in cubie_mesh.py.

Why per-face ranges too: an assembled puzzle at rest hides every face that touches another piece (about three
quarters of a big puzzle's faces), and a software rasteriser pays for each hidden face it draws, so a frame at rest
leaves those out (`PolycubeMesh.ranges` with ``covered``).

Why draw chunks: the renderer takes at most ``MAX_GROUPS`` model matrices and ``MAX_SLOTS`` colours per draw (uniform
arrays: cheap to update every frame), and a BurrTools problem may have 150 piece copies. So the instances are cut
into consecutive *chunks* that each fit (`DrawChunk`); a frame draws chunk by chunk with that chunk's matrices and
colours. Most puzzles are one chunk, drawn exactly as before.

Within a chunk, slot 0 is the dark edge colour, ``1 + i`` the face colour of the chunk's instance ``i``, and group
``i`` is that instance. Cells a file colours on their own (BurrTools' constraint colours) get a slot per instance
and colour after those (``DrawChunk.cell_slots``), so a highlight still dims them with their piece; one slot per
colour when that would pass the renderer's limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from cubeviz.views.gl.mesh import GROUP_OFFSET, SLOT_OFFSET, MeshBuilder, face_tangents
from cubeviz.views.gl.shaders import MAX_GROUPS, MAX_SLOTS
from solvers.packing.geometry import FACE_NEIGHBOURS, Shape

EDGE_SLOT = 0
FIRST_PIECE_SLOT = 1
EDGE_BAND = 0.055  # fraction of a voxel each side of a fold drawn dark: two bands make a thin outline
_FACE_MARK = 1  # slot of face colour while a kind is built alone; becomes FIRST_PIECE_SLOT + instance


@dataclass(frozen=True)
class KindMesh:
    """One piece kind in its own coordinates: vertices, and per voxel the range of its outer surface (all of it, and
    per face direction), and per face direction the range of the cut face towards a same-piece neighbour (count 0
    where there is none)."""

    vertices: np.ndarray  # (n, 8) float32, group 0, slots EDGE_SLOT / _FACE_MARK
    cells: np.ndarray  # (V, 3) int64 voxel coordinates, the piece's file shape
    outer: np.ndarray  # (V, 2) int64: first vertex, count
    outer_face: np.ndarray  # (V, 6, 2) int64: first vertex, count of the outer face in direction FACE_NEIGHBOURS[d]
    cut: np.ndarray  # (V, 6, 2) int64: first vertex, count per direction FACE_NEIGHBOURS[d]


def _grid_square(builder: MeshBuilder, centre, normal, u, v, lo: float, hi: float, lo2: float, hi2: float, slot):
    a = centre + lo * u + lo2 * v
    b = centre + hi * u + lo2 * v
    c = centre + hi * u + hi2 * v
    d = centre + lo * u + hi2 * v
    builder.triangle(a, b, c, normal, 0, slot)
    builder.triangle(a, c, d, normal, 0, slot)


def _face(builder: MeshBuilder, voxel: np.ndarray, normal: np.ndarray, cells: set, cut: bool) -> None:
    """One unit face as a 3x3 grid: face colour in the middle, dark bands on sides and corners where it folds."""
    u, v = face_tangents(normal)
    centre = voxel + 0.5 * normal
    inner = 0.5 - EDGE_BAND

    def filled(offset: np.ndarray) -> bool:
        return tuple(int(c) for c in voxel + offset) in cells

    def flat(offset: np.ndarray) -> bool:  # the face runs on, level, onto the neighbour at `offset`
        return not cut and filled(offset) and not filled(offset + normal)

    bands = ((-0.5, -inner), (-inner, inner), (inner, 0.5))
    slots = [[EDGE_SLOT] * 3 for _ in range(3)]  # slots[k][i]: the square in v-band k, u-band i
    for i in range(3):
        for k in range(3):
            du, dv = i - 1, k - 1
            if du == 0 and dv == 0:
                coloured = True
            elif du == 0 or dv == 0:
                coloured = flat(du * u + dv * v)
            else:
                coloured = flat(du * u) and flat(dv * v) and flat(du * u + dv * v)
            slots[k][i] = _FACE_MARK if coloured else EDGE_SLOT
    # Fewer, larger triangles where neighbouring squares share a colour: a face with no fold at all is one quad,
    # otherwise each band is cut into runs of one colour. A big puzzle's mesh shrinks by about half.
    if all(slot == slots[0][0] for row in slots for slot in row):
        _grid_square(builder, centre, normal, u, v, -0.5, 0.5, -0.5, 0.5, slots[0][0])
        return
    for k, (lo2, hi2) in enumerate(bands):
        i = 0
        while i < 3:
            end = i
            while end + 1 < 3 and slots[k][end + 1] == slots[k][i]:
                end += 1
            _grid_square(builder, centre, normal, u, v, bands[i][0], bands[end][1], lo2, hi2, slots[k][i])
            i = end + 1


def kind_mesh(shape: Shape) -> KindMesh:
    """Build the mesh of one piece shape (see module docstring)."""
    cells = {tuple(c) for c in shape}
    builder = MeshBuilder()
    outer = np.zeros((len(shape), 2), dtype=np.int64)
    outer_face = np.zeros((len(shape), len(FACE_NEIGHBOURS), 2), dtype=np.int64)
    cut = np.zeros((len(shape), len(FACE_NEIGHBOURS), 2), dtype=np.int64)
    for index, cell in enumerate(shape):
        voxel = np.asarray(cell, dtype=float)
        start = builder.vertex_count
        for d, offset in enumerate(FACE_NEIGHBOURS):
            if tuple(c + o for c, o in zip(cell, offset, strict=True)) not in cells:
                face_start = builder.vertex_count
                _face(builder, voxel, np.asarray(offset, dtype=float), cells, cut=False)
                outer_face[index, d] = (face_start, builder.vertex_count - face_start)
        outer[index] = (start, builder.vertex_count - start)
        for d, offset in enumerate(FACE_NEIGHBOURS):
            if tuple(c + o for c, o in zip(cell, offset, strict=True)) in cells:
                start = builder.vertex_count
                _face(builder, voxel, np.asarray(offset, dtype=float), cells, cut=True)
                cut[index, d] = (start, builder.vertex_count - start)
    return KindMesh(builder.array(), np.asarray(shape, dtype=np.int64), outer, outer_face, cut)


@dataclass(frozen=True)
class DrawChunk:
    """Consecutive instances drawn with one set of uniforms: instances ``first .. first + count - 1`` are groups
    ``0 .. count - 1``, and their vertices are ``vertex_start .. vertex_end - 1`` of the mesh."""

    first: int
    count: int
    vertex_start: int
    vertex_end: int
    cell_slots: tuple[tuple[int, str], ...] = ()  # slot FIRST_PIECE_SLOT + count + i: (chunk instance or -1, colour)

    @property
    def n_slots(self) -> int:
        return FIRST_PIECE_SLOT + self.count + len(self.cell_slots)


@dataclass(frozen=True)
class PolycubeMesh:
    """All instances of a puzzle's pieces in one vertex array; ranges are per instance and voxel."""

    vertices: np.ndarray
    instance_kind: np.ndarray  # (n_instances,)
    voxel_instance: np.ndarray  # (N,) instance of each instance-voxel
    voxel_cell: np.ndarray  # (N, 3) the voxel in its piece's own coordinates
    outer: np.ndarray  # (N, 2)
    outer_face: np.ndarray  # (N, 6, 2)
    cut: np.ndarray  # (N, 6, 2)
    chunks: tuple[DrawChunk, ...] = ()  # the instances in drawing chunks, in order (see the module docstring)

    @property
    def n_instances(self) -> int:
        return len(self.instance_kind)

    def ranges(
        self, shown: np.ndarray, covered: np.ndarray | None = None, depth: np.ndarray | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """(first, count) int32 arrays drawing the voxels flagged in ``shown`` (N bools), with cut faces where a
        same-piece neighbour is not shown, and without the outer faces flagged in ``covered`` ((N, 6) bools: faces
        against another piece's shown voxel, which cannot be seen while the pieces rest there). With ``depth`` (N
        distances from the eye) the voxels come nearest first, so the rasteriser's depth test rejects what lies
        behind them before shading it."""
        voxels = np.flatnonzero(shown)
        if depth is not None:
            voxels = voxels[np.argsort(depth[voxels], kind="stable")]
        if covered is None:
            parts = [self.outer[voxels]]
        else:
            faces = self.outer_face[voxels]
            parts = [faces[~covered[voxels] & (faces[:, :, 1] > 0)]]
        if not shown.all():
            cut = self.cut[voxels]
            neighbour = self._neighbours[voxels]
            neighbour_shown = (neighbour >= 0) & shown[np.maximum(neighbour, 0)]
            open_cut = (cut[:, :, 1] > 0) & ~neighbour_shown
            parts.append(cut[open_cut])
        ranges = np.concatenate(parts)
        ranges = ranges[ranges[:, 1] > 0]
        return ranges[:, 0].astype(np.int32), ranges[:, 1].astype(np.int32)

    def by_chunk(self, first: np.ndarray, count: np.ndarray) -> list[tuple[int, np.ndarray, np.ndarray]]:
        """Vertex ranges (as `ranges` gives them) sorted into their drawing chunks: (chunk index, first, count) for
        each chunk with something to draw, each chunk's ranges in the order given."""
        if len(self.chunks) <= 1:
            return [(0, first, count)] if len(first) else []
        starts = np.array([chunk.vertex_start for chunk in self.chunks])
        owner = np.searchsorted(starts, first, side="right") - 1
        return [(int(k), first[owner == k], count[owner == k]) for k in np.unique(owner)]

    @cached_property
    def _neighbours(self) -> np.ndarray:
        """(N, 6): index of the same-piece neighbour voxel in each direction, -1 when there is none."""
        out = np.full((len(self.voxel_cell), len(FACE_NEIGHBOURS)), -1, dtype=np.int64)
        cells = zip(self.voxel_instance.tolist(), self.voxel_cell.tolist(), strict=True)
        lookup = {(i, *c): n for n, (i, c) in enumerate(cells)}
        for (i, *c), n in lookup.items():
            for d, off in enumerate(FACE_NEIGHBOURS):
                out[n, d] = lookup.get((i, c[0] + off[0], c[1] + off[1], c[2] + off[2]), -1)
        return out


def _cell_slot_keys(
    instance_kind: list[int], cell_colours: tuple[dict[tuple[int, int, int], str], ...]
) -> dict[tuple[int, str], int]:
    """The extra slot of each (instance, colour) that colours some cell, or of each colour alone (instance -1)
    when a slot per instance and colour would not fit (instances numbered within their chunk)."""
    wanted = [(j, colour) for j, kind in enumerate(instance_kind) if kind < len(cell_colours)
              for colour in sorted(set(cell_colours[kind].values()))]  # fmt: skip
    first = FIRST_PIECE_SLOT + len(instance_kind)
    if first + len(wanted) > MAX_SLOTS:
        wanted = [(-1, colour) for colour in sorted({c for j, c in wanted})][: max(MAX_SLOTS - first, 0)]
    return {key: first + i for i, key in enumerate(wanted)}


def chunk_bounds(
    instance_kind: list[int], cell_colours: tuple[dict[tuple[int, int, int], str], ...] = ()
) -> list[tuple[int, int]]:
    """(first, end) instances of each drawing chunk: as many consecutive instances as fit in the renderer's
    groups and colour slots (their own cell colours included), at least one each."""
    n_colours = [len(set(cell_colours[k].values())) if k < len(cell_colours) else 0 for k in instance_kind]
    bounds, start, extra = [], 0, 0
    for j, colours in enumerate(n_colours):
        size = j - start
        if size and (size + 1 > MAX_GROUPS or FIRST_PIECE_SLOT + size + 1 + extra + colours > MAX_SLOTS):
            bounds.append((start, j))
            start, extra = j, 0
        extra += colours
    bounds.append((start, len(instance_kind)))
    return bounds


def polycube_mesh(
    shapes: list[Shape], instance_kind: list[int], cell_colours: tuple[dict[tuple[int, int, int], str], ...] = ()
) -> PolycubeMesh:
    """Stamp each kind's mesh once per instance with that instance's group and colour slot in its chunk; cells
    with a colour of their own (``cell_colours``: per kind, cell -> ``#rrggbb``) get its slot (see the module
    docstring)."""
    kinds = [kind_mesh(shape) for shape in shapes]
    arrays, voxel_instance, voxel_cell, outer, outer_face, cut = [], [], [], [], [], []
    chunks = []
    base = 0
    for start, end in chunk_bounds(instance_kind, cell_colours):
        slots = _cell_slot_keys(instance_kind[start:end], cell_colours)
        vertex_start = base
        for j in range(start, end):
            kind, local = instance_kind[j], j - start
            km = kinds[kind]
            verts = km.vertices.copy()
            verts[:, GROUP_OFFSET] = local
            face = verts[:, SLOT_OFFSET] == _FACE_MARK
            verts[:, SLOT_OFFSET] = np.where(face, FIRST_PIECE_SLOT + local, EDGE_SLOT)
            own = cell_colours[kind] if kind < len(cell_colours) else {}
            for v, cell in enumerate(map(tuple, km.cells.tolist())) if own else ():
                slot = slots.get((local, own.get(cell, "")), slots.get((-1, own.get(cell, ""))))
                if slot is None:
                    continue
                for first, count in [km.outer[v], *km.cut[v]]:
                    span = slice(int(first), int(first + count))
                    verts[span, SLOT_OFFSET] = np.where(face[span], slot, verts[span, SLOT_OFFSET])
            arrays.append(verts)
            voxel_instance.extend([j] * len(km.cells))
            voxel_cell.append(km.cells)
            shifted_outer = km.outer.copy()
            shifted_outer[:, 0] += base
            outer.append(shifted_outer)
            shifted_faces = km.outer_face.copy()
            shifted_faces[:, :, 0] += base
            outer_face.append(shifted_faces)
            shifted_cut = km.cut.copy()
            shifted_cut[:, :, 0] += base
            cut.append(shifted_cut)
            base += len(verts)
        chunks.append(DrawChunk(start, end - start, vertex_start, base, tuple(slots)))
    return PolycubeMesh(
        vertices=np.concatenate(arrays).astype(np.float32),
        instance_kind=np.asarray(instance_kind, dtype=np.int64),
        voxel_instance=np.asarray(voxel_instance, dtype=np.int64),
        voxel_cell=np.concatenate(voxel_cell),
        outer=np.concatenate(outer),
        outer_face=np.concatenate(outer_face),
        cut=np.concatenate(cut),
        chunks=tuple(chunks),
    )
