"""Cubies as separately drawable pieces, so a frame only rasterises surfaces that can be seen.

Why: on Mesa's software renderer the cost of a frame is the area rasterised (times 4 with multisampling), and a
cube of 26 closed boxes rasterises each visible face about three times over (hidden inner faces, plastic under
stickers). Here each cubie face is its own piece, tagged with the (cubie, direction) face it belongs to:

* an outer face is a plastic *frame* around a hole that its sticker fills exactly (shared outline, no overlap);
* an inner face is a plain square, drawn only when a turn opens the cut it lies on;
* bevel strips and corners are always drawn: where four cubies meet, their chamfered edges leave a thin square
  tunnel right through the cube, and the strips are its walls (without them the background would show through
  the pits where the tunnels open). They are thin, so this costs little.

Cubies touch (no gap), so at rest the outer faces and the bevels close the surface and nothing inside shows.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from cubeviz.views.gl.mesh import AXES, MeshBuilder, chamfers, face_tangents

DIRECTIONS = 6  # face direction d = 2 * axis + (1 if the normal points along +axis else 0)
ALWAYS, NONE = -2, -1  # face ids of a piece that is always drawn / of an unused slot (see PieceTable)


def direction_index(axis: int, sign: float) -> int:
    return 2 * axis + (1 if sign > 0 else 0)


def add_frame(builder: MeshBuilder, centre, normal, outer: float, outline: np.ndarray, group: int, slot: int) -> None:
    """The flat square of half-size `outer` minus the rounded hole `outline` (from `rounded_outline`).

    Per corner of the square: a fan from the corner to its arc, and the trapezoid from the corner along the side
    to the next corner (its inner edge is the sticker's straight edge). 4 * (segments + 2) triangles.
    """
    centre, normal = np.asarray(centre, dtype=float), np.asarray(normal, dtype=float)
    u, v = face_tangents(normal)
    per_corner = len(outline) // 4
    signs = ((1, 1), (-1, 1), (-1, -1), (1, -1))
    square = [centre + outer * (su * u + sv * v) for su, sv in signs]
    for k in range(4):
        arc = outline[k * per_corner : (k + 1) * per_corner]
        for a, b in zip(arc[:-1], arc[1:], strict=True):
            builder.triangle(square[k], a, b, normal, group, slot)
        following = outline[((k + 1) % 4) * per_corner]  # where the next corner's arc starts
        builder.triangle(square[k], arc[-1], following, normal, group, slot)
        builder.triangle(square[k], following, square[(k + 1) % 4], normal, group, slot)


@dataclass
class PieceTable:
    """Vertex ranges of drawable pieces and the faces each belongs to (`faces[p]`: up to 3 flat face ids).

    A flat face id is `group * DIRECTIONS + direction`; ALWAYS marks a piece drawn every frame, NONE pads. Look-ups
    append [True, False] to the flat per-face flags, so index -2 reads True and -1 reads False.
    """

    first: list[int] = field(default_factory=list)
    count: list[int] = field(default_factory=list)
    faces: list[tuple[int, int, int]] = field(default_factory=list)

    def add(self, builder: MeshBuilder, start: int, *face_ids: int) -> None:
        if builder.vertex_count > start:
            self.first.append(start)
            self.count.append(builder.vertex_count - start)
            self.faces.append(tuple(face_ids) + (NONE,) * (3 - len(face_ids)))


def add_cubie(
    builder: MeshBuilder,
    pieces: PieceTable,
    centre: np.ndarray,
    half: float,
    bevel: float,
    group: int,
    slot: int,
    holes: dict[int, np.ndarray],
) -> None:
    """One black cubie as pieces: 6 faces (framed where `holes[direction]` gives a sticker outline), 12 bevel
    strips and 8 corner triangles."""
    inner = half - bevel
    base = group * DIRECTIONS
    for axis in range(3):
        for sign in (-1.0, 1.0):
            normal = AXES[axis] * sign
            d = direction_index(axis, sign)
            start = builder.vertex_count
            if d in holes:
                add_frame(builder, centre + normal * half, normal, inner, holes[d], group, slot)
            else:
                u, v = face_tangents(normal)
                corners = ((-1, -1), (1, -1), (1, 1), (-1, 1))
                square = [centre + normal * half + inner * (su * u + sv * v) for su, sv in corners]
                builder.triangle(square[0], square[1], square[2], normal, group, slot)
                builder.triangle(square[0], square[2], square[3], normal, group, slot)
            pieces.add(builder, start, base + d)
    for triangles, normal in chamfers(centre, half, inner):
        start = builder.vertex_count
        for corners in triangles:
            builder.triangle(*corners, normal, group, slot)
        pieces.add(builder, start, ALWAYS)
