"""An STL reader and mesh checks for the tests, written from the file format alone (nothing from the writer): the
triangles as float32 corners, the edges they share, the shells they form, volumes, and cells inside a shell."""

from __future__ import annotations

import struct
from collections import Counter
from dataclasses import dataclass

import numpy as np

RECORD = struct.Struct("<12fH")  # normal, three corners, attribute: 50 bytes


@dataclass
class StlFile:
    header: bytes
    normals: np.ndarray  # (T, 3)
    corners: np.ndarray  # (T, 3, 3)


def read_stl(data: bytes) -> StlFile:
    assert len(data) >= 84, "shorter than a binary STL header"
    (count,) = struct.unpack_from("<I", data, 80)
    assert len(data) == 84 + RECORD.size * count, "the size does not match the triangle count"
    values = [RECORD.unpack_from(data, 84 + RECORD.size * i) for i in range(count)]
    assert all(v[12] == 0 for v in values)
    floats = np.array([v[:12] for v in values], dtype=np.float64).reshape(-1, 4, 3)
    return StlFile(data[:80], floats[:, 0], floats[:, 1:])


def _keys(stl: StlFile) -> list[list[tuple[float, float, float]]]:
    return [[tuple(map(float, corner)) for corner in tri] for tri in stl.corners]


def edge_problems(stl: StlFile) -> list:
    """Edges not shared by exactly two triangles running through them in opposite directions (a closed,
    consistently oriented 2-manifold has none). Corners are compared exactly, as a slicer joins them."""
    directed = Counter()
    for tri in _keys(stl):
        for i in range(3):
            directed[(tri[i], tri[(i + 1) % 3])] += 1
    return [edge for edge, n in directed.items() if n != 1 or directed.get((edge[1], edge[0])) != 1]


def shells(stl: StlFile) -> list[np.ndarray]:
    """Triangle indices of each connected shell (triangles sharing a corner point belong together)."""
    parent = list(range(len(stl.corners)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    first: dict[tuple, int] = {}
    for t, tri in enumerate(_keys(stl)):
        for corner in tri:
            other = first.setdefault(corner, t)
            parent[root(t)] = root(other)
    groups: dict[int, list[int]] = {}
    for t in range(len(parent)):
        groups.setdefault(root(t), []).append(t)
    return [np.array(g) for g in groups.values()]


def volume(corners: np.ndarray) -> float:
    a, b, c = corners[:, 0], corners[:, 1], corners[:, 2]
    return float(np.einsum("ij,ij->i", a, np.cross(b, c)).sum() / 6.0)


def winding_normals(corners: np.ndarray) -> np.ndarray:
    n = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
    return n / np.linalg.norm(n, axis=1, keepdims=True)


def inside(corners: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Whether each point lies inside the closed shell: the parity of crossings of a ray in a slightly skewed
    direction (so it misses every edge and corner of a grid-aligned mesh)."""
    direction = np.array([0.0123, 0.0371, 1.0])
    a, b, c = corners[:, 0], corners[:, 1], corners[:, 2]
    e1, e2 = b - a, c - a
    result = []
    for p in points:
        h = np.cross(direction, e2)
        det = np.einsum("ij,ij->i", e1, h)
        ok = np.abs(det) > 1e-12
        inv = np.where(ok, 1.0 / np.where(ok, det, 1.0), 0.0)
        s = p - a
        u = inv * np.einsum("ij,ij->i", s, h)
        q = np.cross(s, e1)
        v = inv * (q @ direction)
        t = inv * np.einsum("ij,ij->i", e2, q)
        hit = ok & (u >= 0) & (v >= 0) & (u + v <= 1) & (t > 0)
        result.append(int(hit.sum()) % 2 == 1)
    return np.array(result)
