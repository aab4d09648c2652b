"""A BurrTools count with disassembly for tiny problems in plain Python: the same figures as
:func:`solvers.packing.burrtools_count.count`, without the numpy arrays of the general path.

Why a second path: a problem of a few pieces in a few dozen cells (BurrTools' demonstration files) is counted in a
millisecond or two, and the general path spends that on a hundred numpy calls of a few microseconds each (the
placement arrays, the search's set-up, the symmetries as row permutations). Here the result's box is numbered cell
by cell and every placement is a Python integer of cell bits; the search fills the lowest empty cell, the classes
are the orbits of the assemblies under the result's symmetries (a reflection turns each one-handed kind into its
mirror twin, an image counts only when the kinds' ranges hold), and the first assembly of each class is taken
apart by the same disassembly as the general path. A problem that is not tiny (``tiny_shapes.is_tiny``: a small
box, few piece copies) or outgrows the bounds here (more than ``TINY_PLACEMENTS`` placements, ``TINY_ASSEMBLIES``
assemblies before symmetry or ``TINY_NODES`` search nodes) is left to the general path (None).
"""

from __future__ import annotations

from solvers.packing.burrtools_puzzle import BurrProblem, kind_chirality, kind_twins
from solvers.packing.burrtools_result import Count, check_stop
from solvers.packing.tiny_shapes import is_tiny, isometries, linear, placed_codes
from solvers.packing.voxels import Voxel

# Measured with numba loaded (the count alone, seeded random files of 4-27 cells): up to about a hundred assemblies
# before symmetry this path takes 0.15-0.9 of the general path's time, at 128-250 it takes 1.1-1.8 times as long,
# at a few thousand 5-10 times (each class's images under every symmetry, one at a time).
TINY_PLACEMENTS = 600
TINY_ASSEMBLIES = 100
TINY_NODES = 2000  # search nodes at most: a search past it is left to the general path


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class _Box:
    """The result's bounding box, numbered ``x + X * (y + Y * z)`` from its low corner."""

    def __init__(self, cells: tuple[Voxel, ...]) -> None:
        self.low = (min(v[0] for v in cells), min(v[1] for v in cells), min(v[2] for v in cells))
        high = (max(v[0] for v in cells), max(v[1] for v in cells), max(v[2] for v in cells))
        self.dims = (high[0] - self.low[0] + 1, high[1] - self.low[1] + 1, high[2] - self.low[2] + 1)
        self.size = self.dims[0] * self.dims[1] * self.dims[2]

    def index(self, v: Voxel) -> int:
        x, y, z = v[0] - self.low[0], v[1] - self.low[1], v[2] - self.low[2]
        return x + self.dims[0] * (y + self.dims[1] * z)

    def mask(self, cells) -> int:
        out = 0
        for v in cells:
            out |= 1 << self.index(v)
        return out

    def coordinates(self) -> list[Voxel]:
        """Each box index's cell in result coordinates."""
        (lx, ly, lz), (dx, dy, dz) = self.low, self.dims
        return [(lx + x, ly + y, lz + z) for z in range(dz) for y in range(dy) for x in range(dx)]

    def permutations(self) -> list[tuple[list[int], bool]]:
        """Every isometry that maps the box onto itself, as a permutation of the box indices, with whether it is a
        rotation; in the order of :func:`voxels.isometry_matrices`. An isometry moves an index linearly: the
        cell ``x + X y + X Y z`` goes to ``a x + b y + c z + d``; each is an exchange of axes followed by flips
        of some, so the few of each kind are made that way and the 48 composed (a lookup per cell)."""
        dx, dy, dz = self.dims
        weights = (1, dx, dx * dy)

        def made(cols, signs) -> list[int]:
            a, d = linear(cols, signs, weights, self.dims)
            row = [d + a[0] * x for x in range(dx)]
            plane = [b + a[1] * y for y in range(dy) for b in row]
            return [b + a[2] * z for z in range(dz) for b in plane]

        exchanges: dict[tuple[int, int, int], list[int]] = {}
        flips: dict[tuple[int, int, int], list[int]] = {}
        out = []
        for cols, signs, proper in isometries():
            if self.dims[cols[0]] != dx or self.dims[cols[1]] != dy or self.dims[cols[2]] != dz:
                continue
            exchange = exchanges.get(cols)
            if exchange is None:
                exchange = exchanges[cols] = made(cols, (1, 1, 1))
            flip = flips.get(signs)
            if flip is None:
                flip = flips[signs] = made((0, 1, 2), signs)
            out.append((list(map(flip.__getitem__, exchange)), proper))
        return out


_BIT = (1).__lshift__  # i -> 1 << i, for map(): an image's bits summed in C-level loops


def _image(mask: int, perm: list[int]) -> int:
    """The cells of ``mask`` moved by the box permutation ``perm``."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << perm[low.bit_length() - 1]
        mask ^= low
    return out


def _placements(problem: BurrProblem, box: _Box, room: int) -> list[list[tuple[int, list[int]]]] | None:
    """Per box index, the placements whose lowest cell it is, as (kind, masks) in kind order; None past
    ``TINY_PLACEMENTS``."""
    table: list[list[tuple[int, list[int]]]] = [[] for _ in range(box.size)]
    total = 0
    for k, kind in enumerate(problem.kinds):
        per_cell: dict[int, list[int]] = {}
        for placed in placed_codes(kind.cells, box.dims):
            if not placed & ~room:
                per_cell.setdefault((placed & -placed).bit_length() - 1, []).append(placed)
                total += 1
        if total > TINY_PLACEMENTS:
            return None
        for cell, masks in per_cell.items():
            table[cell].append((k, masks))
    return table


def _assemblies(problem: BurrProblem, box: _Box, stop) -> list[tuple[tuple[int, int], ...]] | None:
    """Every assembly (the pieces as (kind, mask), holes left out), or None past the bounds."""
    room = box.mask(problem.cells)
    optional = box.mask(problem.optional)
    table = _placements(problem, box, room)
    if table is None:
        return None
    holes = 0
    if problem.optional:  # as many + cells may stay empty as the volumes allow (the engine's hole kind)
        low = sum(len(k.cells) * k.minimum for k in problem.kinds)
        high = sum(len(k.cells) * k.maximum for k in problem.kinds)
        holes = len(problem.optional) if low != high else len(problem.cells) - low
        if problem.max_holes is not None and low != high:
            holes = min(holes, problem.max_holes)
    left = [k.maximum for k in problem.kinds]
    slack = [k.maximum - k.minimum for k in problem.kinds]  # a full cover is an assembly when no more are left
    n_kinds = len(left)
    chosen: list[tuple[int, int]] = []
    found: list[tuple[tuple[int, int], ...]] = []
    spare = max(holes, 0)
    nodes = 0

    class _Full(Exception):
        pass

    def full() -> None:
        for k in range(n_kinds):
            if left[k] > slack[k]:
                return
        found.append(tuple(chosen))
        if len(found) > TINY_ASSEMBLIES:
            raise _Full

    def walk(occ: int) -> None:
        nonlocal nodes, spare
        nodes += 1
        if nodes > TINY_NODES:
            raise _Full
        free = room ^ occ
        low_bit = free & -free
        for kind, masks in table[low_bit.bit_length() - 1]:
            if not left[kind]:
                continue
            left[kind] -= 1
            for mask in masks:
                if not occ & mask:
                    chosen.append((kind, mask))
                    if occ | mask == room:
                        full()
                    else:
                        walk(occ | mask)
                    chosen.pop()
            left[kind] += 1
        if spare and optional & low_bit:
            spare -= 1
            if occ | low_bit == room:
                full()
            else:
                walk(occ | low_bit)
            spare += 1

    try:
        walk(0)
    except _Full:
        return None
    return found


def _class_firsts(problem: BurrProblem, box: _Box, found: list[tuple[tuple[int, int], ...]]) -> list[int]:
    """The index of the first assembly of each class (orbits under the result's symmetries, see the module
    docstring)."""
    if len(found) <= 1:
        return list(range(len(found)))
    twins = kind_twins(problem) if problem.mirror_ok else {}
    assert twins is not None  # tiny_count checked
    chiral = kind_chirality(problem)
    n_kinds = len(problem.kinds)
    mirrored = [twins.get(k, -1) if chiral[k] else k for k in range(n_kinds)]
    room, required = box.mask(problem.cells), box.mask(problem.required)
    every = box.size == len(problem.required)  # the whole box, all required: every isometry of it is a symmetry
    symmetries = []
    for perm, proper in box.permutations():
        if not proper and not problem.mirror_ok:
            continue
        if not every and (_image(room, perm) != room or _image(required, perm) != required):
            continue
        symmetries.append((perm, proper))
    low = [k.minimum for k in problem.kinds]
    high = [k.maximum for k in problem.kinds]
    seen: set[frozenset[tuple[int, int]]] = set()
    firsts = []
    for n, pieces in enumerate(found):
        key = frozenset(pieces)
        if key in seen:
            continue
        firsts.append(n)
        seen.add(key)
        cells = [_bits(m) for _, m in pieces]
        kinds = [mirrored[k] for k, _ in pieces]
        counts = [0] * n_kinds
        for k in kinds:
            counts[k] += 1 if k >= 0 else 0
        # a reflection's image is an assembly when every one-handed kind has a twin and the ranges hold
        mirror_ok = -1 not in kinds and all(low[k] <= counts[k] <= high[k] for k in range(n_kinds))
        own = [k for k, _ in pieces]
        for perm, proper in symmetries:
            if proper or mirror_ok:
                at = perm.__getitem__
                moved = [sum(map(_BIT, map(at, c))) for c in cells]  # distinct bits: a sum is the union
                seen.add(frozenset(zip(own if proper else kinds, moved, strict=True)))
    return firsts


def tiny_count(problem: BurrProblem, max_states: int, stop=None, python_seconds: float | None = None) -> Count | None:
    """:func:`burrtools_count.count` with ``disassemble`` for a tiny problem, or None when the problem is outside
    the bounds or needs a rule this path leaves out (colours; copies that pair up across kinds)."""
    from solvers.packing.burrtools_disassembly import takes_apart_many

    if not is_tiny(problem.cells, sum(k.maximum for k in problem.kinds)):
        return None
    if problem.coloured or (problem.mirror_ok and kind_twins(problem) is None):
        return None
    box = _Box(problem.cells)
    found = _assemblies(problem, box, stop)
    if found is None:
        return None
    check_stop(stop)
    firsts = _class_firsts(problem, box, found)
    if not firsts:
        return Count(0, 0, 0)
    where = box.coordinates()
    reps = [tuple((k, tuple(where[i] for i in _bits(m))) for k, m in found[n]) for n in firsts]
    check_stop(stop)
    verdicts = takes_apart_many(problem, reps, max_states=max_states, python_seconds=python_seconds)
    solutions = sum(1 for v in verdicts if v)
    undecided = sum(1 for v in verdicts if v is None)
    return Count(len(reps), solutions, undecided)
