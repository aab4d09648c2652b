"""Shape questions about small pieces in plain Python, each orientation one integer of cell bits: whether a piece
is one-handed, whether a shape is a rotation of a piece, whether a piece fits somewhere in a small result.

Why: a BurrTools problem of a few small pieces asks these once per kind, and the numpy forms
(``placement_arrays``) cost a dozen array calls of a few microseconds each per question, more than the arithmetic
of a handful of cells. An isometry followed by the shift back to the origin moves a cell index
``x + X y + X Y z`` linearly, so each orientation's bits come from three weights per isometry.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache

from solvers.packing.voxels import N_ROTATIONS, Voxel, isometry_matrices

# A problem is *tiny* when its result's box has at most TINY_BOX cells and it has at most TINY_COPIES piece copies:
# then its count goes the plain-Python way (``burrtools_tiny``) and so do its shape questions. Measured, numba
# loaded: up to about a hundred assemblies before symmetry the plain-Python count takes 0.15-0.9 of the general
# path's time, past that more than the general path. The number of copies says how many assemblies to expect:
# among seeded random files and hand-made cases of at most 64 cells, with at most 3 copies all had at most 100
# assemblies, with 4 copies 61%, with 5 16%, with 6 7% (median 8,192), and the Soma cube, crystal and staircase
# (7 copies) have 2,346-11,520. A problem that is tried here and outgrows the bounds costs the search until then
# and the numpy orientations its shape questions would have made for the general path (DemoPieceGenerator: 0.6 ms
# of 9).
TINY_BOX = 64
TINY_COPIES = 5  # DemoMirrorParadox's problems have 4 and 5


@lru_cache(maxsize=1)
def isometries() -> list[tuple[tuple[int, int, int], tuple[int, int, int], bool]]:
    """The 48 isometries of :func:`voxels.isometry_matrices` as (the source axis of each new axis, its sign,
    whether it is a rotation), in that order."""
    out: list[tuple[tuple[int, int, int], tuple[int, int, int], bool]] = []
    for n, m in enumerate(isometry_matrices()):
        c0, c1, c2 = (next(c for c in range(3) if m[r][c]) for r in range(3))
        out.append(((c0, c1, c2), (m[0][c0], m[1][c1], m[2][c2]), n < N_ROTATIONS))
    return out


def linear(cols: Sequence[int], signs: Sequence[int], weights: Sequence[int], extents: Sequence[int]):
    """The isometry (``cols``, ``signs``) followed by the shift that brings the turned box ``extents`` (cells per
    axis, lowest corner at the origin) back to the origin, as the index ``weights . v'`` of the moved cell ``v'``:
    (the weight of each source axis, the constant)."""
    a = [0, 0, 0]
    d = 0
    for r in range(3):
        a[cols[r]] = weights[r] * signs[r]
        if signs[r] < 0:
            d += weights[r] * (extents[cols[r]] - 1)
    return a, d


def box_volume(cells: Sequence[Voxel]) -> int:
    """The number of cells of the bounding box of ``cells``."""
    volume = 1
    for a in range(3):
        volume *= max(v[a] for v in cells) - min(v[a] for v in cells) + 1
    return volume


def is_tiny(cells: Sequence[Voxel], copies: int) -> bool:
    """Whether a problem with result ``cells`` and ``copies`` piece copies is tiny (see ``TINY_BOX``)."""
    return copies <= TINY_COPIES and len(cells) <= TINY_BOX and box_volume(cells) <= TINY_BOX


def _extents(cells: Sequence[Voxel]) -> tuple[int, int, int]:
    return (max(v[0] for v in cells) + 1, max(v[1] for v in cells) + 1, max(v[2] for v in cells) + 1)


def _code(cells: Sequence[Voxel], a: Sequence[int], d: int) -> int:
    out = 0
    a0, a1, a2 = a
    for x, y, z in cells:
        out |= 1 << (a0 * x + a1 * y + a2 * z + d)
    return out


def rotation_codes(cells: Sequence[Voxel]) -> tuple[int, frozenset[int]]:
    """(the cube side ``span`` of the piece's codes, the codes of its rotations): a shape at the origin is coded as
    the bits ``x + span y + span^2 z`` of its cells. ``cells`` in normal form (lowest corner at the origin)."""
    extents = _extents(cells)
    span = max(extents)
    weights = (1, span, span * span)
    codes = set()
    for cols, signs, proper in isometries():
        if not proper:
            break
        a, d = linear(cols, signs, weights, extents)
        codes.add(_code(cells, a, d))
    return span, frozenset(codes)


def is_rotation(
    cells: Sequence[Voxel], shape: Sequence[Voxel], codes: tuple[int, frozenset[int]] | None = None
) -> bool:
    """Whether ``shape`` (normal form) is a rotation of the piece ``cells`` (normal form); ``codes`` its
    :func:`rotation_codes` when known."""
    if len(shape) != len(cells):
        return False
    span, known = codes or rotation_codes(cells)
    if any(c < 0 or c >= span for v in shape for c in v):
        return False
    return _code(shape, (1, span, span * span), 0) in known


def is_chiral(cells: Sequence[Voxel], codes: tuple[int, frozenset[int]] | None = None) -> bool:
    """True when no rotation maps the piece (normal form) onto its mirror image; ``codes`` its
    :func:`rotation_codes` when known."""
    top = max(v[0] for v in cells)
    mirrored = [(top - x, y, z) for x, y, z in cells]  # x -> -x, back at the origin
    return not is_rotation(cells, mirrored, codes)


def placed_codes(cells: Sequence[Voxel], dims: Sequence[int]) -> Iterator[int]:
    """Every rotation of the piece ``cells`` (normal form) at every shift inside a box of ``dims`` cells per axis,
    as the bits of its cells (index ``x + X y + X Y z``); a rotation that looks the same as an earlier one is given
    once. The one loop behind the fit question and the tiny count's placements."""
    dx, dy, dz = dims
    weights = (1, dx, dx * dy)
    extents = _extents(cells)
    seen: set[int] = set()
    for cols, signs, proper in isometries():
        if not proper:
            break
        ex, ey, ez = extents[cols[0]], extents[cols[1]], extents[cols[2]]
        if ex > dx or ey > dy or ez > dz:
            continue
        a, d = linear(cols, signs, weights, extents)
        base = _code(cells, a, d)
        if base in seen:  # the same orientation again
            continue
        seen.add(base)
        for tz in range(dz - ez + 1):
            for ty in range(dy - ey + 1):
                for tx in range(dx - ex + 1):
                    yield base << (tx + dx * (ty + dy * tz))


def fits_in(cells: Sequence[Voxel], room: Sequence[Voxel]) -> bool:
    """Whether some rotation of the piece ``cells`` (normal form) lies on cells of ``room``."""
    low = (min(v[0] for v in room), min(v[1] for v in room), min(v[2] for v in room))
    dims = (max(v[0] for v in room) - low[0] + 1, max(v[1] for v in room) - low[1] + 1,
            max(v[2] for v in room) - low[2] + 1)  # fmt: skip
    dx, dy = dims[0], dims[1]
    free = 0
    for x, y, z in room:
        free |= 1 << (x - low[0] + dx * (y - low[1] + dy * (z - low[2])))
    blocked = ~free
    return any(not placed & blocked for placed in placed_codes(cells, dims))
