"""Colour checks for framebuffer grabs: lighting scales colours, so a sticker is identified by the nearest
scheme colour after normalising brightness, and only when it is clearly nearer than any other."""

from __future__ import annotations

import numpy as np
from PyQt6.QtGui import QImage

from solvers.cube.geometry import Face
from solvers.cube.schemes import ColourScheme


def pixel(image: QImage, x: float, y: float) -> tuple[int, int, int]:
    colour = image.pixelColor(int(round(x)), int(round(y)))
    return colour.red(), colour.green(), colour.blue()


def classify(rgb: tuple[int, int, int], scheme: ColourScheme) -> Face | None:
    """The face colour a lit pixel shows, or None if ambiguous (e.g. background or plastic)."""
    seen = np.array(rgb, dtype=float)
    best: list[tuple[float, Face]] = []
    for face in Face:
        reference = np.array(scheme.rgb[face], dtype=float)
        # Fit a brightness factor (lighting) before comparing; penalise factors far from the lit range.
        factor = float(seen @ reference / max(reference @ reference, 1.0))
        if not 0.45 <= factor <= 1.35:
            continue
        best.append((float(np.linalg.norm(seen - factor * reference)), face))
    if not best:
        return None
    best.sort()
    if len(best) > 1 and best[0][0] * 2.0 > best[1][0]:
        return None
    return best[0][1]


def visible_stickers(view) -> tuple[np.ndarray, np.ndarray]:
    """(facelet indices facing the camera squarely, their centres in widget pixels)."""
    centres, normals = view.item.sticker_frames()
    eye = view.camera.eye()
    to_eye = eye - centres
    facing = np.einsum("ij,ij->i", normals, to_eye) / np.linalg.norm(to_eye, axis=1)
    indices = np.flatnonzero(facing > 0.2)
    pixels = view.camera.project(centres[indices], view.width(), view.height())
    return indices, pixels
