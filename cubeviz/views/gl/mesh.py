"""Numpy geometry for the renderer: triangles whose vertices carry a transform group and a colour slot.

Vertex layout (float32, `FLOATS_PER_VERTEX` per vertex): position xyz, normal xyz, group, slot. A *group* is a
rigid part moved by one model matrix (a cubie, a polycube piece); a *slot* picks a colour from the palette (the
plastic, one sticker, one piece). Turning a layer or recolouring a sticker therefore never touches the buffer.
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np

FLOATS_PER_VERTEX = 8
POSITION_OFFSET, NORMAL_OFFSET, GROUP_OFFSET, SLOT_OFFSET = 0, 3, 6, 7
AXES = np.identity(3)


class MeshBuilder:
    """Collects triangles; `array()` returns the (n_vertices, FLOATS_PER_VERTEX) float32 vertex array."""

    def __init__(self) -> None:
        self._triangles: list[np.ndarray] = []

    @property
    def vertex_count(self) -> int:
        """Vertices so far: the first vertex of whatever is added next (for recording drawable ranges)."""
        return 3 * len(self._triangles)

    def triangle(self, a, b, c, normal, group: int, slot: int) -> None:
        a, b, c, normal = (np.asarray(v, dtype=float) for v in (a, b, c, normal))
        if np.dot(np.cross(b - a, c - a), normal) < 0:  # counter-clockwise seen from outside
            b, c = c, b
        rows = [np.concatenate([p, normal, [group, slot]]) for p in (a, b, c)]
        self._triangles.append(np.array(rows))

    def polygon(self, points, normal, group: int, slot: int) -> None:
        """A convex polygon as a fan around its centroid (keeps thin rounded corners well shaped)."""
        points = np.asarray(points, dtype=float)
        centre = points.mean(axis=0)
        for i in range(len(points)):
            self.triangle(centre, points[i], points[(i + 1) % len(points)], normal, group, slot)

    def array(self) -> np.ndarray:
        if not self._triangles:
            return np.zeros((0, FLOATS_PER_VERTEX), dtype=np.float32)
        return np.concatenate(self._triangles).astype(np.float32)


def face_tangents(normal: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit vectors spanning the plane of an axis-aligned face."""
    axis = int(np.argmax(np.abs(normal)))
    return AXES[(axis + 1) % 3], AXES[(axis + 2) % 3]


def bevelled_box(
    builder: MeshBuilder, centre, half: float, bevel: float, group: int, face_slot: int, bevel_slot: int
) -> None:
    """A cube with chamfered edges and corners: 6 faces, 12 edge strips, 8 corner triangles (44 triangles).

    Faces take `face_slot`, chamfers `bevel_slot`: black plastic for a cubie, or a coloured voxel with dark edges.
    """
    centre = np.asarray(centre, dtype=float)
    inner = half - bevel
    for axis in range(3):
        for sign in (-1.0, 1.0):
            n = AXES[axis] * sign
            u, v = face_tangents(n)
            square = ((-1, -1), (1, -1), (1, 1), (-1, 1))
            corners = [centre + n * half + su * inner * u + sv * inner * v for su, sv in square]
            builder.polygon(corners, n, group, face_slot)
    for triangles, normal in chamfers(centre, half, inner):
        for corners in triangles:
            builder.triangle(*corners, normal, group, bevel_slot)


Triangle = tuple[np.ndarray, np.ndarray, np.ndarray]


def chamfers(centre: np.ndarray, half: float, inner: float) -> Iterator[tuple[list[Triangle], np.ndarray]]:
    """The chamfers of a box of half-size `half` whose flat faces stop at `inner`: its 12 edge strips (two
    triangles each) and 8 corner triangles, each with its outward normal. One shape for every bevelled box drawn
    (cubies, voxels), so they all catch the light alike."""
    for a in range(3):
        for b in range(a + 1, 3):
            t = AXES[3 - a - b]
            for sa in (-1.0, 1.0):
                for sb in (-1.0, 1.0):
                    na, nb = AXES[a] * sa, AXES[b] * sb
                    p = [centre + na * half + nb * inner + st * inner * t for st in (-1.0, 1.0)]
                    q = [centre + nb * half + na * inner + st * inner * t for st in (-1.0, 1.0)]
                    yield [(p[0], p[1], q[1]), (p[0], q[1], q[0])], (na + nb) / math.sqrt(2.0)
    for sx in (-1.0, 1.0):
        for sy in (-1.0, 1.0):
            for sz in (-1.0, 1.0):
                s = np.array([sx, sy, sz])
                points = []
                for axis in range(3):
                    p = s * inner
                    p[axis] = s[axis] * half
                    points.append(centre + p)
                yield [(points[0], points[1], points[2])], s / math.sqrt(3.0)


def rounded_outline(centre, normal, half: float, radius: float, segments: int) -> np.ndarray:
    """The outline of a rounded square, counter-clockwise about `normal`: 4 arcs of `segments + 1` points each.

    Corner k runs from angle 90k to 90(k+1) degrees in the face's (u, v) frame; with an even `segments` each arc's
    middle point lies on the diagonal, which `frame_polygons` relies on.
    """
    centre, normal = np.asarray(centre, dtype=float), np.asarray(normal, dtype=float)
    u, v = face_tangents(normal)
    inner = half - radius
    points = []
    for k, (su, sv) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
        corner = centre + su * inner * u + sv * inner * v
        for step in range(segments + 1):
            angle = math.pi / 2 * (k + step / segments)
            points.append(corner + radius * (math.cos(angle) * u + math.sin(angle) * v))
    return np.array(points)


def rounded_square(
    builder: MeshBuilder, centre, normal, half: float, radius: float, group: int, slot: int, segments: int = 4
) -> None:
    """A flat square with rounded corners facing `normal` (a sticker): 4 * (segments + 1) triangles."""
    builder.polygon(rounded_outline(centre, normal, half, radius, segments), normal, group, slot)
