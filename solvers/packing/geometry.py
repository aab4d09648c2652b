"""Voxel geometry: the 48 axis-preserving isometries, normal forms, orientations and connectivity of polycubes.

A polycube is a set of integer voxels ``(x, y, z)``. Orientations are compared in *normal form*: translated so the
minimum of each axis is 0, then sorted, as a tuple of tuples. That makes "same shape up to translation" a plain
equality test and lets sets/dicts deduplicate orientations.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from functools import cache

import numpy as np

Voxel = tuple[int, int, int]
Shape = tuple[Voxel, ...]
"""A polycube in normal form: min corner at the origin, voxels sorted."""

N_AXES = 3
N_ROTATIONS = 24  # proper rotations of the cube: 6 choices for where +x goes times 4 for +y
N_ISOMETRIES = 48  # signed 3x3 permutation matrices: 3! * 2**3, half of them reflections
FACE_NEIGHBOURS: tuple[Voxel, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))


@cache
def isometries() -> np.ndarray:
    """All 48 signed permutation matrices, shape (48, 3, 3), proper rotations first (identity at index 0).

    Ordered rotations-then-reflections so ``isometries()[:N_ROTATIONS]`` is the rotation group and index 0 is the
    identity; callers rely on both.
    """
    mats: list[np.ndarray] = []
    for perm in itertools.permutations(range(N_AXES)):
        for signs in itertools.product((1, -1), repeat=N_AXES):
            m = np.zeros((N_AXES, N_AXES), dtype=np.int64)
            for row, (col, sign) in enumerate(zip(perm, signs, strict=True)):
                m[row, col] = sign
            mats.append(m)
    ident = np.eye(N_AXES, dtype=np.int64)
    mats.sort(key=lambda m: (round(np.linalg.det(m)) < 0, not np.array_equal(m, ident), m.tobytes()))
    out = np.stack(mats)
    out.setflags(write=False)
    return out


def is_rotation(matrix: np.ndarray) -> bool:
    return round(float(np.linalg.det(matrix))) == 1


def normalise(voxels: Iterable[Sequence[int]]) -> Shape:
    """Translate to the origin and sort: the key that identifies a shape up to translation."""
    arr = np.asarray(list(voxels), dtype=np.int64).reshape(-1, N_AXES)
    if len(arr) == 0:
        return ()
    arr = arr - arr.min(axis=0)
    return tuple(sorted(tuple(int(v) for v in row) for row in arr))


def transform(voxels: Iterable[Sequence[int]], matrix: np.ndarray) -> np.ndarray:
    """Apply a 3x3 matrix to voxels (rows); no translation."""
    arr = np.asarray(list(voxels), dtype=np.int64).reshape(-1, N_AXES)
    return arr @ np.asarray(matrix, dtype=np.int64).T


def orientations(shape: Iterable[Sequence[int]], *, with_mirrors: bool = False) -> list[Shape]:
    """Distinct orientations (normal forms) of a polycube under rotations, plus reflections if asked.

    Order is deterministic (first occurrence along ``isometries()``), so placement ids are stable across runs.
    """
    voxels = list(shape)
    mats = isometries() if with_mirrors else isometries()[:N_ROTATIONS]
    seen: dict[Shape, None] = {}
    for m in mats:
        seen.setdefault(normalise(transform(voxels, m)), None)
    return list(seen)


def mirror_image(shape: Iterable[Sequence[int]]) -> Shape:
    """Normal form of the reflection x -> -x of a shape."""
    return normalise(transform(shape, np.diag([-1, 1, 1])))


def is_chiral(shape: Iterable[Sequence[int]]) -> bool:
    """True when no rotation maps the shape onto its mirror image (it has a distinct left and right hand)."""
    voxels = list(shape)
    return mirror_image(voxels) not in set(orientations(voxels))


def same_shape(a: Iterable[Sequence[int]], b: Iterable[Sequence[int]], *, with_mirrors: bool = False) -> bool:
    """Whether two polycubes are congruent by a rotation (or any isometry)."""
    return normalise(b) in set(orientations(a, with_mirrors=with_mirrors))


def is_connected(voxels: Iterable[Sequence[int]]) -> bool:
    """Face-connectivity by flood fill; the empty set counts as disconnected (a piece must have a cell)."""
    cells = {tuple(int(c) for c in v) for v in voxels}
    if not cells:
        return False
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        x, y, z = todo.pop()
        for dx, dy, dz in FACE_NEIGHBOURS:
            nxt = (x + dx, y + dy, z + dz)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cells)


def shape_symmetries(voxels: Iterable[Sequence[int]], *, with_mirrors: bool) -> list[tuple[np.ndarray, np.ndarray]]:
    """Isometries ``v -> M v + t`` that map a voxel set onto itself (in place, not up to translation).

    For a box these are the box's rotation group (24 for a cube, 8 for a square prism, 4 for a brick) or, with
    mirrors, its full symmetry group. Returned as (matrix, translation) pairs, identity first.
    """
    arr = np.asarray(list(voxels), dtype=np.int64).reshape(-1, N_AXES)
    target = {tuple(v) for v in arr.tolist()}
    lo = arr.min(axis=0)
    mats = isometries() if with_mirrors else isometries()[:N_ROTATIONS]
    found = []
    for m in mats:
        moved = arr @ m.T
        shift = lo - moved.min(axis=0)
        if {tuple(v) for v in (moved + shift).tolist()} == target:
            found.append((m, shift))
    return found
