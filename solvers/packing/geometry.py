"""Voxel geometry with numpy: the 48 axis-preserving isometries as an array, transforms, the symmetries of a shape.

The shape functions themselves (normal forms, orientations, chirality, connectivity) are plain Python in
``voxels`` (so a puzzle loads without numpy) and are re-exported here, so callers keep one import.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import numpy as np

from solvers.packing.voxels import (
    FACE_NEIGHBOURS,
    N_AXES,
    N_ISOMETRIES,
    N_ROTATIONS,
    Shape,
    Voxel,
    is_chiral,
    is_connected,
    isometry_matrices,
    mirror_image,
    normalise,
    orientations,
    same_shape,
    symmetries,
)

__all__ = [
    "FACE_NEIGHBOURS",
    "N_AXES",
    "N_ISOMETRIES",
    "N_ROTATIONS",
    "Shape",
    "Voxel",
    "is_chiral",
    "is_connected",
    "is_rotation",
    "isometries",
    "mirror_image",
    "normalise",
    "orientations",
    "same_shape",
    "shape_symmetries",
    "transform",
]


@cache
def isometries() -> np.ndarray:
    """All 48 signed permutation matrices, shape (48, 3, 3), proper rotations first (identity at index 0).

    Ordered rotations-then-reflections so ``isometries()[:N_ROTATIONS]`` is the rotation group and index 0 is the
    identity; callers rely on both. Same order as ``voxels.isometry_matrices()``.
    """
    out = np.array(isometry_matrices(), dtype=np.int64)
    out.setflags(write=False)
    return out


def is_rotation(matrix: np.ndarray) -> bool:
    return round(float(np.linalg.det(matrix))) == 1


def transform(voxels: Iterable[Sequence[int]], matrix: np.ndarray) -> np.ndarray:
    """Apply a 3x3 matrix to voxels (rows); no translation."""
    arr = np.asarray(list(voxels), dtype=np.int64).reshape(-1, N_AXES)
    return arr @ np.asarray(matrix, dtype=np.int64).T


def shape_symmetries(voxels: Iterable[Sequence[int]], *, with_mirrors: bool) -> list[tuple[np.ndarray, np.ndarray]]:
    """Isometries ``v -> M v + t`` that map a voxel set onto itself (in place, not up to translation).

    For a box these are the box's rotation group (24 for a cube, 8 for a square prism, 4 for a brick) or, with
    mirrors, its full symmetry group. Returned as (matrix, translation) numpy pairs, identity first.
    """
    return [
        (np.array(m, dtype=np.int64), np.array(shift, dtype=np.int64))
        for m, shift in symmetries(voxels, with_mirrors=with_mirrors)
    ]
