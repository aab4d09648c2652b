"""Ray picking of polycube voxels, Qt-free: the nearest axis-aligned voxel box a ray enters."""

from __future__ import annotations

import numpy as np


def pick_voxel(centres: np.ndarray, half: float, origin: np.ndarray, direction: np.ndarray) -> int | None:
    """Index (into ``centres``) of the first box of half-size ``half`` hit by the ray, or None (slab test)."""
    if len(centres) == 0:
        return None
    with np.errstate(divide="ignore", invalid="ignore"):
        inverse = 1.0 / np.where(direction == 0.0, 1e-12, direction)
    t0 = (centres - half - origin) * inverse
    t1 = (centres + half - origin) * inverse
    near = np.minimum(t0, t1).max(axis=1)
    far = np.maximum(t0, t1).min(axis=1)
    hit = (far >= near) & (far > 0)
    if not hit.any():
        return None
    candidates = np.flatnonzero(hit)
    return int(candidates[np.argmin(near[candidates])])


def pick_voxel_face(
    centres: np.ndarray, half: float, origin: np.ndarray, direction: np.ndarray
) -> tuple[int, np.ndarray] | None:
    """(index, outward unit normal of the face the ray enters through) of the first box hit, or None.

    The entry face is on the axis whose slab the ray enters last: a voxel editor adds the new cube across it."""
    index = pick_voxel(centres, half, origin, direction)
    if index is None:
        return None
    with np.errstate(divide="ignore", invalid="ignore"):
        inverse = 1.0 / np.where(direction == 0.0, 1e-12, direction)
    t0 = (centres[index] - half - origin) * inverse
    t1 = (centres[index] + half - origin) * inverse
    axis = int(np.argmax(np.minimum(t0, t1)))
    normal = np.zeros(3)
    normal[axis] = -np.sign(direction[axis])
    return index, normal
