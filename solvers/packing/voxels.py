"""Voxel geometry in plain Python: the 48 isometries as tuples, normal forms, orientations, symmetries, translates.

Why plain Python: these functions work on pieces of a handful of voxels, where a numpy call costs more than the
arithmetic, and without numpy a puzzle can be loaded and its placements listed before numpy is imported at all.
That keeps `cubeviz-solve soma` (a pure-Python search) free of numpy's import time, which is most of its run.
``geometry`` re-exports these and adds the numpy forms (`isometries()` as an array, `transform`).

A polycube is a set of integer voxels ``(x, y, z)``; its *normal form* is translated so the minimum of each axis
is 0, then sorted, as a tuple of tuples, so "same shape up to translation" is a plain equality test.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache

Voxel = tuple[int, int, int]
Shape = tuple[Voxel, ...]
"""A polycube in normal form: min corner at the origin, voxels sorted."""
Matrix = tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]

N_AXES = 3
N_ROTATIONS = 24  # proper rotations of the cube: 6 choices for where +x goes times 4 for +y
N_ISOMETRIES = 48  # signed 3x3 permutation matrices: 3! * 2**3, half of them reflections
FACE_NEIGHBOURS: tuple[Voxel, ...] = ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1))
_IDENTITY: Matrix = ((1, 0, 0), (0, 1, 0), (0, 0, 1))


def _determinant(m: Matrix) -> int:
    return (
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    )


def _order_key(m: Matrix) -> tuple[bool, bool, bytes]:
    """Rotations first, identity first among them, then by the bytes of the int64 entries (a stable order that
    placement ids and orientation numbers depend on)."""
    raw = b"".join(v.to_bytes(8, "little", signed=True) for row in m for v in row)
    return (_determinant(m) < 0, m != _IDENTITY, raw)


@cache
def isometry_matrices() -> tuple[Matrix, ...]:
    """All 48 signed permutation matrices, proper rotations first, identity at index 0."""
    mats: list[Matrix] = []
    for perm in itertools.permutations(range(N_AXES)):
        for signs in itertools.product((1, -1), repeat=N_AXES):
            rows = [[0, 0, 0] for _ in range(N_AXES)]
            for row, (col, sign) in enumerate(zip(perm, signs, strict=True)):
                rows[row][col] = sign
            (a, b, c), (d, e, f), (g, h, i) = rows
            mats.append(((a, b, c), (d, e, f), (g, h, i)))
    return tuple(sorted(mats, key=_order_key))


def is_proper(m: Matrix) -> bool:
    """True for a rotation, False for a reflection."""
    return _determinant(m) == 1


def apply(m: Matrix, voxels: Iterable[Sequence[int]]) -> list[Voxel]:
    """Voxels multiplied by matrix `m` (no translation)."""
    (a, b, c), (d, e, f), (g, h, i) = m
    return [(a * x + b * y + c * z, d * x + e * y + f * z, g * x + h * y + i * z) for x, y, z in voxels]


def normalise(voxels: Iterable[Sequence[int]]) -> Shape:
    """Translate to the origin and sort: the key that identifies a shape up to translation."""
    cells = [(int(v[0]), int(v[1]), int(v[2])) for v in voxels]
    if not cells:
        return ()
    lx = min(v[0] for v in cells)
    ly = min(v[1] for v in cells)
    lz = min(v[2] for v in cells)
    return tuple(sorted((x - lx, y - ly, z - lz) for x, y, z in cells))


def orientations(shape: Iterable[Sequence[int]], *, with_mirrors: bool = False) -> list[Shape]:
    """Distinct orientations (normal forms) under rotations, plus reflections if asked, in isometry order."""
    voxels = [tuple(v) for v in shape]
    mats = isometry_matrices() if with_mirrors else isometry_matrices()[:N_ROTATIONS]
    seen: dict[Shape, None] = {}
    for m in mats:
        seen.setdefault(normalise(apply(m, voxels)), None)
    return list(seen)


def mirror_image(shape: Iterable[Sequence[int]]) -> Shape:
    """Normal form of the reflection x -> -x of a shape."""
    return normalise((-v[0], v[1], v[2]) for v in shape)


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


def symmetries(voxels: Iterable[Sequence[int]], *, with_mirrors: bool) -> list[tuple[Matrix, Voxel]]:
    """Isometries ``v -> M v + t`` mapping a voxel set onto itself in place, as (matrix, shift), identity first.

    For a box: its rotation group (24 for a cube, 8 for a square prism, 4 for a brick) or, with mirrors, its full
    symmetry group.
    """
    cells = [tuple(int(c) for c in v) for v in voxels]
    target = set(cells)
    low = tuple(min(v[a] for v in cells) for a in range(N_AXES))
    mats = isometry_matrices() if with_mirrors else isometry_matrices()[:N_ROTATIONS]
    found: list[tuple[Matrix, Voxel]] = []
    for m in mats:
        moved = apply(m, cells)
        shift = (
            low[0] - min(v[0] for v in moved),
            low[1] - min(v[1] for v in moved),
            low[2] - min(v[2] for v in moved),
        )
        if {(x + shift[0], y + shift[1], z + shift[2]) for x, y, z in moved} == target:
            found.append((m, shift))
    return found


@lru_cache(maxsize=8)
def _bounds(target: tuple) -> tuple[Voxel, Voxel]:
    """The lowest and highest coordinate of a target along each axis (kept for the few targets in use)."""
    low = (min(v[0] for v in target), min(v[1] for v in target), min(v[2] for v in target))
    high = (max(v[0] for v in target), max(v[1] for v in target), max(v[2] for v in target))
    return low, high


def translations(shape: Shape, target: Sequence[Sequence[int]], index: dict) -> Iterator[tuple[int, ...]]:
    """Every translate of a normal-form shape lying inside the target, as sorted tuples of target indices.

    A translate whose bounding box leaves the target's is skipped at once, and the cells are tried farthest from
    the shape's first voxel first: a large piece in a large target (BurrTools' burrs and colour puzzles) fails at
    most translates, usually at one of those cells."""
    anchor = shape[0]
    try:
        low, high = _bounds(target if isinstance(target, tuple) else tuple(target))
    except TypeError:  # voxels given as lists: not hashable, so not kept
        low, high = _bounds.__wrapped__(tuple(target))
    lo = [min(v[a] for v in shape) - anchor[a] + low[a] for a in range(N_AXES)]  # lowest allowed anchor place
    hi = [high[a] - (max(v[a] for v in shape) - anchor[a]) for a in range(N_AXES)]  # highest
    far_first = sorted(shape, key=lambda v: -(abs(v[0] - anchor[0]) + abs(v[1] - anchor[1]) + abs(v[2] - anchor[2])))
    seen: set[tuple[int, ...]] = set()
    for tx, ty, tz in target:
        if not (lo[0] <= tx <= hi[0] and lo[1] <= ty <= hi[1] and lo[2] <= tz <= hi[2]):
            continue
        dx, dy, dz = tx - anchor[0], ty - anchor[1], tz - anchor[2]
        cells = []
        for x, y, z in far_first:
            c = index.get((x + dx, y + dy, z + dz))
            if c is None:
                break
            cells.append(c)
        else:
            key = tuple(sorted(cells))
            if key not in seen:
                seen.add(key)
                yield key
