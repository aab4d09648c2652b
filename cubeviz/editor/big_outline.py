"""The editor preview's outline frames for a big cube: a thin square frame just above every sticker, in the grouped
mesh's vertex layout, so the preview draws the frames of the stickers a verdict names as it does on the 3x3x3.

Why its own mesh and not the big cube's buffer: that buffer colours stickers, it has no frames; the frames are
drawn over it by the grouped-mesh renderer, one vertex range per sticker (`FRAME_VERTICES` each, facelet order),
built with numpy (a 50x50x50's 15,000 frames in about 30 ms) and uploaded once per size, the first time a big
cube of that size has something outlined. The preview never turns a layer, so every frame sits in group 0.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from cubeviz.views.gl.big_cube_mesh import big_cube_geometry
from cubeviz.views.gl.cube_geometry import FIRST_STICKER_SLOT
from cubeviz.views.gl.mesh import AXES, FLOATS_PER_VERTEX, GROUP_OFFSET, NORMAL_OFFSET, POSITION_OFFSET, SLOT_OFFSET

FRAME_OUTER, FRAME_INNER = 0.49, 0.37  # of a cubie, as on the 3x3x3: over the sticker's rim and the plastic round it
WIDE_FRAME_INNER = 0.25  # from WIDE_FRAME_SIZE up the bars are twice as wide: a 3x3x3-wide bar is a pixel or two there
WIDE_FRAME_SIZE = 10  # where the big cube's stickers turn square and small (big_cube_mesh.SQUARE_FROM_SIZE)
FRAME_LIFT = 0.012  # world units above the face: in front of the sticker without depth fighting
FRAME_VERTICES = 4 * 2 * 3  # four bars of two triangles
FRAME_SLOT = FIRST_STICKER_SLOT  # a sticker's slot: matte, so the outline's colour reads true


def big_outline_key(size: int) -> str:
    return f"editor-outline-big{size}"


def frame_inner(size: int) -> float:
    """The inner edge of a frame's bars, in cubies from the sticker's centre (the outer edge is FRAME_OUTER)."""
    return WIDE_FRAME_INNER if size >= WIDE_FRAME_SIZE else FRAME_INNER


def sticker_bases(normals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(u, v) per sticker: unit vectors in its face's plane with u x v = its outward normal."""
    axis = np.argmax(np.abs(normals), axis=1)
    u, v = AXES[(axis + 1) % 3], AXES[(axis + 2) % 3]
    flipped = np.einsum("ij,ij->i", np.cross(u, v), normals) < 0
    u[flipped], v[flipped] = v[flipped].copy(), u[flipped].copy()
    return u, v


@cache
def big_outline_frames(size: int) -> np.ndarray:
    """(6N^2 * FRAME_VERTICES, FLOATS_PER_VERTEX) float32: sticker i's frame is rows i*FRAME_VERTICES onwards."""
    geometry = big_cube_geometry(size)
    normals = geometry.sticker_normals
    centres = geometry.sticker_centres + FRAME_LIFT * normals
    u, v = sticker_bases(normals)
    outer, inner = FRAME_OUTER * geometry.cubie_width, frame_inner(size) * geometry.cubie_width
    triangles = []
    for a, b in ((u, v), (v, -u), (-u, -v), (-v, u)):  # four bars; a x b = u x v, so each quad winds outward
        p0, p1 = centres + outer * (a - b), centres + outer * (a + b)
        p2, p3 = centres + inner * (a + b), centres + inner * (a - b)
        triangles += [p0, p1, p2, p0, p2, p3]
    points = np.stack(triangles, axis=1)  # (stickers, FRAME_VERTICES, 3)
    vertices = np.zeros((len(centres), FRAME_VERTICES, FLOATS_PER_VERTEX), dtype=np.float32)
    vertices[:, :, POSITION_OFFSET : POSITION_OFFSET + 3] = points
    vertices[:, :, NORMAL_OFFSET : NORMAL_OFFSET + 3] = normals[:, None, :]
    vertices[:, :, GROUP_OFFSET] = 0
    vertices[:, :, SLOT_OFFSET] = FRAME_SLOT
    frames = vertices.reshape(-1, FLOATS_PER_VERTEX)
    frames.setflags(write=False)
    return frames
