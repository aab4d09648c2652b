"""Disassembly of an assembly of voxel pieces, in the sense BurrTools uses: how many moves it takes to get the
first piece (or group of pieces) out, and whether the whole thing comes apart at all.

Model. Pieces are pairwise disjoint sets of integer voxels. A *move* translates one group of pieces by ``k >= 1``
whole cells along one of the six axis directions, and is legal when no moved cell meets an unmoved cell at any
offset ``1..k`` (pieces slide, they do not jump). A group is *removed* (the assembly separates) when it could move
on forever; both parts are then taken apart on their own, recursively, until every part is a single piece.

The *level* is the number of moves of a shortest sequence up to and including the first separation, so an
assembly in which something slides straight out has level 1. Puzzles of the burr family are rated this way.

Search. A breadth-first search per part over states = the pieces' offsets from their start, taken up to a common
translation (the part's lowest-indexed piece is pinned at the origin, so moving a group one way and the rest the
other way are one state). At a state, for each direction, the candidate groups are the *closures* of single
pieces: the pieces that must come along with piece ``i`` because the moving group would hit them one step on.
Every group that can move is a union of closures, and its move can be played as one closure after the other, so
closures reach every reachable state (what BurrTools does too); a union moved at once could only count as fewer
moves. Each candidate is tried at every distance up to its first collision, or removed when nothing is in its way.

Collisions are answered from a cache, as in BurrTools: how far piece ``m`` can go along a direction before it
hits piece ``j`` depends only on their relative offset, so it is worked out once per (pair, offset, direction)
from the pair's voxel differences and then looked up; states are plain tuples. The searches are bounded by
``max_states`` so that a hard puzzle reports "unknown" instead of running on.
"""

from __future__ import annotations

import time
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from solvers.engine import StopFlag

if TYPE_CHECKING:  # numpy is imported where it is used: a tiny count in Python never needs it
    import numpy as np

    from solvers.packing.cover import CoverProblem

Direction = tuple[int, int, int]
Offset = tuple[int, int, int]
MAX_STATES = 100_000  # states per breadth-first search before the answer is "unknown"
MAX_FAST_PIECES = 62  # the compiled search keeps groups as bit masks in an int64
FREE = 1 << 40  # "never collides" as a distance (bigger than any real one, still an int for min())

# The six directions as (axis, sign); the order fixes which of several equally short answers is returned.
_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (0, -1), (1, 1), (1, -1), (2, 1), (2, -1))


def _unit(axis: int, sign: int) -> Direction:
    d = [0, 0, 0]
    d[axis] = sign
    return (d[0], d[1], d[2])


@dataclass(frozen=True)
class Move:
    """Pieces ``pieces`` (indices into the pieces given, sorted) translate together by ``distance`` cells along
    ``direction``. When ``separates`` is set the group leaves the rest of its part for good: ``distance`` is then
    how far it must go to be clear of the rest's extent along that axis, and from there it could go on forever."""

    pieces: tuple[int, ...]
    direction: Direction
    distance: int
    separates: bool


@dataclass(frozen=True)
class Disassembly:
    """The outcome of :func:`disassemble`.

    ``level`` is the length of a shortest move sequence up to the first separation (0 for fewer than two pieces,
    None when no separation was found). ``moves`` is the whole play: that shortest sequence, then the part that
    stayed in place taken apart, then the removed group taken apart (each recursively in the same order); piece
    indices always refer to the pieces given. ``levels`` has the move count of every separation in that play order
    (BurrTools writes it as "3.1.1"). ``can_take_apart`` is True only when every part came down to single pieces.
    ``complete`` is False when some search hit ``max_states``: then a missing separation means "unknown" rather
    than "impossible". ``states`` counts the states visited by all searches.
    """

    level: int | None
    moves: tuple[Move, ...]
    can_take_apart: bool
    levels: tuple[int, ...] = ()
    complete: bool = True
    states: int = 0

    @property
    def level_string(self) -> str:
        """The BurrTools-style rating, separations' move counts joined by dots ("" when nothing separated)."""
        return ".".join(str(n) for n in self.levels)


class PairCache:
    """How far one piece can slide towards another, shared by every assembly of a batch: the answer depends only
    on the two pieces' shapes (their cells moved to the origin) and their relative offset, and the assemblies of a
    count are the same few pieces in a few orientations. With ``deadline`` (``time.process_time``) a search that
    runs past it raises :class:`OutOfTime`."""

    def __init__(self, deadline: float | None = None) -> None:
        self.shape_ids: dict[tuple[tuple[int, int, int], ...], int] = {}
        self.shapes: list[tuple[tuple[int, int, int], ...]] = []
        self.tables: dict[tuple[int, int], list[dict[tuple[int, int], list[int]]]] = {}
        self.cache: dict[tuple[int, int, int, int, int], tuple[int, ...]] = {}
        self.deadline = deadline

    def shape(self, cells) -> tuple[int, tuple[int, int, int]]:
        """(shape id, corner) of a piece's cells (an array or (x, y, z) triples): the shape is the cells less
        their lowest corner, kept as sorted triples."""
        rows = cells.tolist() if hasattr(cells, "tolist") else cells
        corner = (min(v[0] for v in rows), min(v[1] for v in rows), min(v[2] for v in rows))
        lx, ly, lz = corner
        key = tuple(sorted((int(x) - lx, int(y) - ly, int(z) - lz) for x, y, z in rows))
        sid = self.shape_ids.get(key)
        if sid is None:
            sid = self.shape_ids[key] = len(self.shapes)
            self.shapes.append(key)
        return sid, (int(lx), int(ly), int(lz))


PYTHON_PAIRS = 4096  # cell pairs of two shapes at most for their slide tables in plain Python (numpy beyond)


def _tables_np(first, second) -> list[dict[tuple[int, int], list[int]]]:
    """:meth:`_Pairs._tables` with numpy, for large shapes: the differences of every cell pair grouped per axis
    by their two other coordinates, each group's values sorted."""
    import numpy as np

    a, b = np.asarray(first, dtype=np.int64), np.asarray(second, dtype=np.int64)
    diffs = (b[None, :, :] - a[:, None, :]).reshape(-1, 3)
    tables = []
    for axis in range(3):
        o1, o2 = [x for x in range(3) if x != axis]
        order = np.lexsort((diffs[:, axis], diffs[:, o2], diffs[:, o1]))
        line = diffs[order]
        cut = np.flatnonzero((line[1:, o1] != line[:-1, o1]) | (line[1:, o2] != line[:-1, o2])) + 1
        starts = [0, *cut.tolist()]
        ends = [*cut.tolist(), len(line)]
        one, two, values = line[:, o1].tolist(), line[:, o2].tolist(), line[:, axis].tolist()
        tables.append({(one[i], two[i]): values[i:j] for i, j in zip(starts, ends, strict=True)})
    return tables


class OutOfTime(Exception):
    """A disassembly search ran past its cache's deadline."""


class _Pairs:
    """How far piece ``m`` can move in each direction before touching piece ``j``, cached per pair of shapes and
    relative offset (:class:`PairCache`).

    With ``r`` = offset(j) - offset(m), cells ``a`` of m and ``b`` of j meet after ``k`` steps along unit ``d``
    when ``k * d = (b - a) + r``. So only the differences ``v = b - a`` matter: for one axis they are grouped by
    their two other coordinates (which must cancel ``r``'s), each group a sorted list of values along the axis.
    m moving along ``d`` towards j is j moving along ``-d`` towards m, so one computation answers both ways.
    """

    def __init__(self, pieces: list, shared: PairCache | None = None) -> None:
        self.pieces = pieces
        self.shared = PairCache() if shared is None else shared
        self.ids: list[int] = []  # each piece's shape and corner, found on the first question (the compiled
        self.corners: list[tuple[int, int, int]] = []  # search never asks)

    def _shapes(self) -> None:
        found = [self.shared.shape(piece) for piece in self.pieces]
        self.ids = [sid for sid, _ in found]
        self.corners = [corner for _, corner in found]

    def _tables(self, a: int, b: int) -> list[dict[tuple[int, int], list[int]]]:
        tables = self.shared.tables.get((a, b))
        if tables is None:
            shapes = self.shared.shapes
            if len(shapes[a]) * len(shapes[b]) > PYTHON_PAIRS:
                tables = _tables_np(shapes[a], shapes[b])
            else:  # few cell pairs: plain Python, the same groups of sorted values
                tables = []
                diffs = [(bx - ax, by - ay, bz - az) for ax, ay, az in shapes[a] for bx, by, bz in shapes[b]]
                for axis in range(3):
                    o1, o2 = [x for x in range(3) if x != axis]
                    groups: dict[tuple[int, int], list[int]] = {}
                    for v in diffs:
                        groups.setdefault((v[o1], v[o2]), []).append(v[axis])
                    for values in groups.values():
                        values.sort()
                    tables.append(groups)
            self.shared.tables[(a, b)] = tables
        return tables

    def distances(self, m: int, j: int, rx: int, ry: int, rz: int) -> tuple[int, ...]:
        """Steps m can take along each of ``_DIRECTIONS`` without meeting j (FREE: never meets it), for
        j's offset minus m's offset = (rx, ry, rz). m < j; the answer for j towards m is the swapped pairs."""
        if not self.ids:
            self._shapes()
        cm, cj = self.corners[m], self.corners[j]
        r = (rx + cj[0] - cm[0], ry + cj[1] - cm[1], rz + cj[2] - cm[2])  # between the two shapes' origins
        a, b = self.ids[m], self.ids[j]
        key = (a, b, r[0], r[1], r[2])
        cache = self.shared.cache
        dist = cache.get(key)
        if dist is not None:
            return dist
        if self.shared.deadline is not None and time.process_time() > self.shared.deadline:
            raise OutOfTime  # a miss may cost a table of two large shapes: the clock is read here too
        tables = self._tables(a, b)
        out = []
        for axis, sign in _DIRECTIONS:
            o1, o2 = [x for x in range(3) if x != axis]
            values = tables[axis].get((-r[o1], -r[o2]))
            d = FREE
            if values:
                ra = r[axis]
                if sign > 0:  # first v with v + ra >= 1
                    i = bisect_left(values, 1 - ra)
                    if i < len(values):
                        d = values[i] + ra - 1
                else:  # last v with v + ra <= -1
                    i = bisect_right(values, -1 - ra)
                    if i > 0:
                        d = -(values[i - 1] + ra) - 1
            out.append(d)
        dist = tuple(out)
        cache[key] = dist
        return dist


_SWAP = tuple(d ^ 1 for d in range(len(_DIRECTIONS)))  # direction indices pair up as 2a, 2a + 1 (opposites)

State = tuple[int, ...]  # a part's offsets, flat (x0, y0, z0, x1, ...), its first piece always at the origin
Group = tuple[tuple[int, ...], int, int]  # (local members, direction index, how far it can go; FREE: comes out)


@dataclass
class _Separation:
    moves: list[Move]  # the shortest sequence, the separating move last (the compiled search: that one only)
    offsets: list[Offset]  # the part's offsets after it (the removed group at its clearing distance)
    removed: tuple[int, ...]  # local indices of the removed group
    level: int = 0  # moves up to and including the separation


PartCheck = Callable[[list[int]], bool]  # a verdict on a part (global piece indices) without moving it


class DisassemblySearch:
    """The search that takes one assembly apart: plain, or under rules for parts that may stay together
    (``same_group``, ``stuck_ok``: BurrTools' piece groups), in Python with every move recorded or compiled
    (``fast``) with the separating moves only; ``on_state`` is called at each state the Python search expands
    (a viewer's stop flag and progress), and may raise to end the search."""

    def __init__(
        self,
        pieces: list,  # each piece's cells: an (K, 3) array or (x, y, z) triples (the Python search reads either)
        max_states: int,
        same_group: PartCheck | None = None,
        stuck_ok: PartCheck | None = None,
        fast: bool = False,
        shared: PairCache | None = None,
        on_state: Callable[[], None] | None = None,
    ) -> None:
        self.pieces = pieces
        self.pairs = _Pairs(pieces, shared)
        self.deadline = None if shared is None else shared.deadline
        self.max_states = max_states
        self.states = 0
        self.complete = True
        self.same_group = same_group  # a part that needs no taking apart (its pieces are one group)
        self.stuck_ok = stuck_ok  # a part that may stay together after all (its pieces can form groups)
        self.fast = fast  # the compiled search: the same separations, no moves recorded
        self.on_state = on_state

    def separate(self, part: list[int], start: list[Offset]) -> _Separation | None:
        """Breadth-first search for a shortest sequence ending in a separation of ``part`` (global piece indices,
        increasing) from offsets ``start``. None when there is none or the state limit was hit.

        States keep the part's first piece at the origin without renormalising: a move of a group holding that
        piece is played as the rest moving the opposite way, which is the same state."""
        x0, y0, z0 = start[0]
        start_key = tuple(c for o in start for c in (o[0] - x0, o[1] - y0, o[2] - z0))
        if self.fast and len(part) <= MAX_FAST_PIECES:
            return self._separate_compiled(part, start_key)
        parent: dict[State, tuple[State, Move] | None] = {start_key: None}
        frontier = [start_key]
        n = len(part)
        deadline = self.deadline
        while frontier:
            if deadline is not None and time.process_time() > deadline:
                raise OutOfTime
            following: list[State] = []
            for key in frontier:
                if self.on_state is not None:
                    self.on_state()
                far, candidates = self._candidates(part, key)
                for members, told, moving, direction in candidates:  # the lightest group that comes out, if any
                    if _comes_out(far, moving, direction, n):
                        self.states += len(parent)
                        return self._finish(part, key, parent, members, told)
                groups = [(members, told, _limit(far, moving, direction, n))
                          for members, told, moving, direction in candidates]  # fmt: skip
                for members, direction, limit in groups:
                    movers = members if members[0] != 0 else [m for m in range(n) if m not in members]
                    axis, sign = _DIRECTIONS[direction if members[0] != 0 else _SWAP[direction]]
                    places = [3 * m + axis for m in movers]
                    moved = list(key)
                    pieces, unit = tuple(part[m] for m in members), _unit(*_DIRECTIONS[direction])
                    for k in range(1, limit + 1):
                        for at in places:
                            moved[at] += sign
                        new_key = tuple(moved)
                        if new_key in parent:
                            continue
                        if len(parent) >= self.max_states:
                            self.states += len(parent)
                            self.complete = False
                            return None
                        parent[new_key] = (key, Move(pieces, unit, k, False))
                        following.append(new_key)
            frontier = following
        self.states += len(parent)
        return None

    def _candidates(self, part: list[int], key: State) -> tuple[list[list[tuple[int, ...]]], list[Candidate]]:
        """(how far each piece can go towards each other one, every distinct closure of a single piece that is not
        the whole part as (members, direction told, the closure's bits, its direction)); how far a closure can go
        is left to :func:`_limit` (a state where some group comes out needs it for none of them).

        A group moving one way and the rest moving the other way are the same state, so each move is told as its
        lighter side (fewer voxels, then fewer pieces): a frame stays put while the pieces inside it move, and a
        piece is removed from the cube rather than the cube from it. Lighter moves come first, so that of two
        moves reaching one state the lighter one is kept."""
        n = len(part)
        full = (1 << n) - 1
        distances = self.pairs.distances
        # far[a][b][d]: how far a can move along direction d before it meets b
        far: list[list[tuple[int, ...]]] = [[()] * n for _ in range(n)]
        # touching[d][a]: bit b set when moving piece a one step along direction d hits piece b
        touching = [[0] * n for _ in range(len(_DIRECTIONS))]
        for a in range(n):
            xa, ya, za = key[3 * a], key[3 * a + 1], key[3 * a + 2]
            row = far[a]
            for b in range(a + 1, n):
                t = distances(part[a], part[b], key[3 * b] - xa, key[3 * b + 1] - ya, key[3 * b + 2] - za)
                row[b] = t
                far[b][a] = (t[1], t[0], t[3], t[2], t[5], t[4])
                if 0 in t:
                    for d in range(6):
                        if t[d] == 0:
                            touching[d][a] |= 1 << b
                            touching[d ^ 1][b] |= 1 << a
        voxels = [len(self.pieces[p]) for p in part]
        total = sum(voxels)
        out = []
        seen: set[tuple[int, int]] = set()
        described: dict[int, tuple[tuple[int, int], tuple[int, ...]]] = {}  # bits -> (weight, members), once

        def describe(bits: int) -> tuple[tuple[int, int], tuple[int, ...]]:
            found = described.get(bits)
            if found is None:
                members = tuple(m for m in range(n) if bits >> m & 1)
                found = described[bits] = ((sum(voxels[m] for m in members), len(members)), members)
            return found

        for direction in range(len(_DIRECTIONS)):
            blocks = touching[direction]
            closures: set[int] = set()
            for i in range(n):
                group = 1 << i
                todo = blocks[i]
                while todo:
                    low = todo & -todo
                    todo ^= low
                    if not group & low:
                        group |= low
                        todo |= blocks[low.bit_length() - 1] & ~group
                if group == full or group in closures:
                    continue
                closures.add(group)
                moving = group
                weight, members = describe(group)
                told = direction
                rest = (total - weight[0], n - weight[1])
                if rest < weight:  # the rest going the opposite way
                    group, told, weight = full ^ group, _SWAP[direction], rest
                    members = describe(group)[1]
                if (group, told) in seen:
                    continue
                seen.add((group, told))
                out.append((weight, members, told, moving, direction))
        out.sort(key=lambda g: g[0])  # stable
        return far, [(members, told, moving, direction) for _, members, told, moving, direction in out]

    def _separate_compiled(self, part: list[int], start_key: State) -> _Separation | None:
        """:meth:`separate` by the compiled search (:mod:`solvers.packing.disassembly_kernel`, imported here: numba
        is loaded only when a compiled search is asked for)."""
        import numpy as np

        from solvers.packing.disassembly_kernel import FOUND, LIMIT
        from solvers.packing.disassembly_kernel import separate as separate_compiled

        cells = np.concatenate([self.pieces[p] for p in part]).astype(np.int64)
        starts = np.cumsum([0] + [len(self.pieces[p]) for p in part]).astype(np.int64)
        outcome, group, direction, key, depth, stored = separate_compiled(
            cells, starts, np.asarray(start_key, dtype=np.int64), self.max_states
        )
        self.states += int(stored)
        if outcome == LIMIT:
            self.complete = False
            return None
        if outcome != FOUND:
            return None
        members = tuple(m for m in range(len(part)) if int(group) >> m & 1)
        found = self._clear(part, tuple(int(v) for v in key), [], members, int(direction))
        found.level = int(depth) + 1
        return found

    def _finish(self, part: list[int], key: State, parent, members: tuple[int, ...], direction: int) -> _Separation:
        moves: list[Move] = []
        at = key
        while parent[at] is not None:
            at, move = parent[at]
            moves.append(move)
        moves.reverse()
        found = self._clear(part, key, moves, members, direction)
        found.level = len(found.moves)
        return found

    def _clear(self, part: list[int], key: State, moves: list[Move], members: tuple[int, ...], direction: int
               ) -> _Separation:  # fmt: skip
        """The separation at state ``key``: ``members`` leave along ``direction`` until clear of the rest."""
        axis, sign = _DIRECTIONS[direction]
        unit = _unit(axis, sign)
        offsets = [(key[3 * m], key[3 * m + 1], key[3 * m + 2]) for m in range(len(part))]
        others = [m for m in range(len(part)) if m not in members]

        def extent(local: Sequence[int]) -> tuple[int, int]:
            values = [v + offsets[m][axis] for m in local for v in _column(self.pieces[part[m]], axis)]
            return min(values), max(values)

        g_lo, g_hi = extent(members)
        r_lo, r_hi = extent(others)
        clear = max(r_hi - g_lo + 1 if sign > 0 else g_hi - r_lo + 1, 1)
        moves.append(Move(tuple(part[m] for m in members), unit, clear, True))
        for m in members:
            o = offsets[m]
            offsets[m] = (o[0] + clear * unit[0], o[1] + clear * unit[1], o[2] + clear * unit[2])
        return _Separation(moves, offsets, members)

    def take_apart(self, part: list[int], start: list[Offset], top: bool = False) -> tuple[list[Move], list[int], bool]:
        """(moves, move count per separation, whether it all came apart) for one part, recursively. A part below
        the top that ``same_group`` accepts counts as apart without moving; one that does not come apart counts
        as apart when ``stuck_ok`` accepts it."""
        if len(part) < 2:
            return [], [], True
        if not top and self.same_group is not None and self.same_group(part):
            return [], [], True
        moves, levels, ok = self._take_apart(part, start)
        if not ok and not top and self.stuck_ok is not None and self.stuck_ok(part):
            return moves, levels, True
        return moves, levels, ok

    def _take_apart(self, part: list[int], start: list[Offset]) -> tuple[list[Move], list[int], bool]:
        found = self.separate(part, start)
        if found is None:
            return [], [], False
        removed = set(found.removed)
        stay = [m for m in range(len(part)) if m not in removed]
        moves = list(found.moves)
        levels = [found.level]
        ok = True
        for local in (stay, sorted(removed)):
            sub_moves, sub_levels, sub_ok = self.take_apart([part[m] for m in local], [found.offsets[m] for m in local])
            moves += sub_moves
            levels += sub_levels
            ok = ok and sub_ok
            if not ok and self.stuck_ok is not None:  # group bookkeeping: the second part is never looked at
                break
        return moves, levels, ok


def _column(piece, axis: int) -> list[int]:
    """One coordinate of a piece's cells, from an (K, 3) array or from (x, y, z) triples."""
    if hasattr(piece, "tolist"):
        return piece[:, axis].tolist()
    return [v[axis] for v in piece]


Candidate = tuple[tuple[int, ...], int, int, int]  # (members, direction told, moving closure's bits, its direction)


def _limit(far: list[list[tuple[int, ...]]], moving: int, direction: int, n: int) -> int:
    """How far the closure ``moving`` (bits of local pieces) can go along ``direction`` (FREE: it comes out)."""
    others = [o for o in range(n) if not moving >> o & 1]
    return min(far[m][o][direction] for m in range(n) if moving >> m & 1 for o in others)


def _comes_out(far: list[list[tuple[int, ...]]], moving: int, direction: int, n: int) -> bool:
    """Whether nothing stops the closure ``moving`` along ``direction`` (stops at the first piece that does)."""
    others = [o for o in range(n) if not moving >> o & 1]
    for m in range(n):
        if moving >> m & 1:
            row = far[m]
            for o in others:
                if row[o][direction] < FREE:
                    return False
    return True


def _as_pieces(pieces: Sequence[np.ndarray | Sequence[tuple[int, int, int]]]) -> list[np.ndarray]:
    import numpy as np

    out = []
    seen: dict[tuple[int, int, int], int] = {}
    for index, piece in enumerate(pieces):
        cells = np.asarray(piece, dtype=np.int64).reshape(-1, 3)
        if len(cells) == 0:
            raise ValueError(f"piece {index} has no voxels")
        for x, y, z in cells.tolist():
            v = (x, y, z)
            if v in seen and seen[v] != index:
                raise ValueError(f"pieces {seen[v]} and {index} both hold voxel {v}")
            seen[v] = index
        out.append(np.unique(cells, axis=0))
    return out


def disassemble(
    pieces: Sequence[np.ndarray | Sequence[tuple[int, int, int]]],
    *,
    max_states: int = MAX_STATES,
    on_state: Callable[[], None] | None = None,
) -> Disassembly:
    """Take an assembly apart (see the module docstring): pieces are voxel lists in their assembled places,
    pairwise disjoint. ``max_states`` bounds each breadth-first search (one per separation); ``on_state`` is
    called at each state searched and may raise to stop (a viewer's :class:`solvers.packing.watch.Watch`)."""
    cells = _as_pieces(pieces)
    if len(cells) < 2:
        return Disassembly(level=0, moves=(), can_take_apart=True)
    solver = DisassemblySearch(cells, max_states, on_state=on_state)
    part = list(range(len(cells)))
    moves, levels, ok = solver.take_apart(part, [(0, 0, 0)] * len(cells), top=True)
    return Disassembly(
        level=levels[0] if levels else None,
        moves=tuple(moves),
        can_take_apart=ok,
        levels=tuple(levels),
        complete=solver.complete,
        states=solver.states,
    )


def disassemble_solution(problem: CoverProblem, rows: Sequence[int], **kw) -> Disassembly:
    """:func:`disassemble` for one packing solution (row ids of ``problem``); piece ``i`` of the result is
    ``rows[i]``'s placement, in the puzzle file's coordinates. Rows without cells (copies a BurrTools assembly
    leaves unused) take no part; the moves still number the pieces by their place in ``rows``."""
    import numpy as np

    target = np.asarray(problem.puzzle.target, dtype=np.int64)
    pieces, present = [], []
    for i, r in enumerate(rows):
        cells = problem.row_cells[int(r)]
        if (cells >= 0).any():
            pieces.append(target[cells[cells >= 0]])
            present.append(i)
    found = disassemble(pieces, **kw)
    if len(present) == len(rows):
        return found
    moves = tuple(replace(m, pieces=tuple(present[p] for p in m.pieces)) for m in found.moves)
    return replace(found, moves=moves)


UNDECIDED = -2  # solution_levels: the search reached its bound before it could say
STUCK = -1  # solution_levels: cannot be taken apart


def solution_levels(
    problem: CoverProblem,
    solutions: Sequence[Sequence[int]],
    stop: StopFlag | None = None,
    progress: Callable[[int], None] | None = None,
) -> np.ndarray | None:
    """The level of each solution (row ids), STUCK where it cannot be taken apart and UNDECIDED where the search
    hit its bound; ``progress(done)`` every so often; None when ``stop`` was set before the end."""
    return levels_of(solutions, lambda rows: level_of(disassemble_solution(problem, rows)), stop, progress, every=64)


def level_of(found: Disassembly) -> int:
    """One search's answer as a level: its level, STUCK when it ended without taking the solution apart and
    UNDECIDED when it hit its bound first."""
    if found.can_take_apart:
        return found.level or 0
    return STUCK if found.complete else UNDECIDED


def levels_of(
    solutions: Sequence[Sequence[int]],
    level: Callable[[Sequence[int]], int],
    stop: StopFlag | None,
    progress: Callable[[int], None] | None,
    every: int,
) -> np.ndarray | None:
    """``level(rows)`` for each solution, looking at ``stop`` before each and calling ``progress(done)`` every
    ``every`` solutions: the loop every rule of taking apart shares. None when ``stop`` was set before the end."""
    import numpy as np

    levels = np.full(len(solutions), UNDECIDED, dtype=np.int64)
    for index, rows in enumerate(solutions):
        if stop is not None and stop.is_set():
            return None
        levels[index] = level(rows)
        if progress is not None and index % every == every - 1:
            progress(index + 1)
    return levels
