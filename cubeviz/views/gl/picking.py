"""Ray-cast picking of stickers and the turn a click or a drag asks for. Qt-free: rays in, `Turn`s out."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cubeviz.views.gl.cube_geometry import CubeGeometry
from cubeviz.views.gl.turn_geometry import Axis, turn_of_layer
from solvers.cube.geometry import Face, facelets_per_face
from solvers.cube.notation import Turn

CLOCKWISE, ANTICLOCKWISE = 1, 3  # Turn amounts
FACING_EPSILON = 1e-6


@dataclass(frozen=True)
class StickerHit:
    facelet: int
    point: np.ndarray  # where the ray met the sticker's plane, world
    distance: float


def pick_sticker(geometry: CubeGeometry, origin: np.ndarray, direction: np.ndarray) -> StickerHit | None:
    """The front-most sticker cell hit by the ray (a cell includes its black border, so seams are clickable)."""
    normals, centres = geometry.sticker_normals, geometry.sticker_centres
    facing = normals @ direction
    front = facing < -FACING_EPSILON
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.einsum("ij,ij->i", centres - origin, normals) / facing
    hits = origin + t[:, None] * direction
    local = hits - centres
    cell_half = geometry.cubie_width / 2.0  # the whole cubie face, black border included
    inside = front & (t > 0)
    for axis in range(3):
        in_plane = np.abs(normals[:, axis]) < 0.5
        inside &= ~in_plane | (np.abs(local[:, axis]) <= cell_half)
    if not inside.any():
        return None
    candidates = np.flatnonzero(inside)
    best = candidates[np.argmin(t[candidates])]
    return StickerHit(int(best), hits[best], float(t[best]))


def plane_point(geometry: CubeGeometry, facelet: int, origin: np.ndarray, direction: np.ndarray) -> np.ndarray | None:
    """Where a ray meets the plane of a sticker (for following a drag), or None if it runs parallel or away."""
    normal, centre = geometry.sticker_normals[facelet], geometry.sticker_centres[facelet]
    facing = float(normal @ direction)
    if abs(facing) < FACING_EPSILON:
        return None
    t = float((centre - origin) @ normal) / facing
    return origin + t * direction if t > 0 else None


def click_turn(geometry: CubeGeometry, facelet: int, clockwise: bool) -> Turn:
    """Clicking a sticker turns the face it shows: clockwise for the left button, anticlockwise for the right."""
    face = Face(facelet // facelets_per_face(geometry.size))
    return Turn(face.name, CLOCKWISE if clockwise else ANTICLOCKWISE)


def drag_turn(geometry: CubeGeometry, facelet: int, drag: np.ndarray) -> Turn:
    """The quarter turn that moves the dragged sticker along the drag (its dominant in-plane direction).

    Turning CCW about axis a = n x d moves a point on the face with normal n in direction d, so the axis is
    perpendicular to both the sticker's normal and the drag, and the layer is the sticker's own along that axis.
    """
    normal = geometry.sticker_normals[facelet]
    in_plane = drag - (drag @ normal) * normal
    along = int(np.argmax(np.abs(in_plane)))
    direction = np.zeros(3)
    direction[along] = np.sign(in_plane[along])
    rotation_axis = np.cross(normal, direction)
    axis = Axis(int(np.argmax(np.abs(rotation_axis))))
    quarters_ccw = int(np.sign(rotation_axis[axis]))
    cubie = geometry.cubie_coords[geometry.sticker_group[facelet]]
    return turn_of_layer(axis, int(cubie[axis]), quarters_ccw, geometry.size)
