"""Where the pieces lie before there is a solution to show: side by side, apart, facing the camera.

Why: with no solution every piece sat at its file coordinates, all overlapping near the origin, and the faces of
different pieces drawn in the same place fought in the depth buffer (striped, flickering faces): the Packings tab
opened on a picture that looked broken. Laid out with a free unit between any two pieces, no face of one piece
shares a plane and an area with a face of another, and spreading them (the exploded view) only widens the gaps.
"""

from __future__ import annotations

import math

import numpy as np

GAP = 1  # free cells between neighbouring pieces, across and between rows


def laid_out_poses(shapes: list[np.ndarray], box_centre: np.ndarray) -> np.ndarray:
    """(n, 4, 4) translations putting each shape (its cells, (k, 3) ints) in rows in the x-y plane, left to right
    and row under row, with GAP cells between them, the whole centred (to a whole cell) on `box_centre`.

    Each piece keeps its file orientation. Every later piece in a row lies wholly right of the earlier ones and
    every later row wholly below (puzzle y grows downwards), so the exploded view, which pushes each piece away
    from the centre in proportion to where its centre is, never closes a gap."""
    lows = [np.min(cells, axis=0) for cells in shapes]
    sizes = [np.max(cells, axis=0) - low + 1 for cells, low in zip(shapes, lows, strict=True)]
    area = sum(int((size[0] + GAP) * (size[1] + GAP)) for size in sizes)
    row_width = max(max(int(size[0]) for size in sizes), math.ceil(math.sqrt(area * 1.5)))  # a little wider than tall
    corners, x, y, row_height = [], 0, 0, 0
    for size in sizes:
        if x > 0 and x + size[0] > row_width:
            x, y, row_height = 0, y + row_height + GAP, 0
        corners.append(np.array([x, y, 0]))
        x += int(size[0]) + GAP
        row_height = max(row_height, int(size[1]))
    ends = [corner + size for corner, size in zip(corners, sizes, strict=True)]
    extent = np.max(ends, axis=0)
    shift = np.rint(np.asarray(box_centre, dtype=float) + 0.5 - extent / 2.0).astype(int)
    poses = np.repeat(np.identity(4)[None], len(shapes), axis=0)
    for pose, corner, low in zip(poses, corners, lows, strict=True):
        pose[:3, 3] = corner + shift - low
    return poses
