"""The 5x5x5's last centre phase on joint tables: both centre orbits on two pairs of opposite faces at once.

Why: phase 3 (every centre home with outer turns and inner half turns) searched with the larger of two per-orbit
distances ran past any budget on about one scramble in five: with the x-centres 6 turns from home and the
+-centres 5, the two together often need 11 or 12, and the search goes through every bound in between. Under
phase 3's turns each piece stays on its pair of opposite faces, so the centres are six small coordinates: per
orbit and pair, which 4 of the pair's 8 positions hold the pair's first colour (C(8,4) = 70 ways). A table over
four of them, both orbits on two pairs (70^4 = 24,010,000 entries, a byte each), is exact for what it sees; the
search takes the largest of the three such tables (U/D with F/B, U/D with R/L, F/B with R/L), and the cube is
solved when all three read 0.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import numba as nb
import numpy as np

from solvers.engine import ProgressFn
from solvers.nxn.five.layout import face_of, layout, phase3_moves
from solvers.nxn.geometry import Face
from solvers.tables import load_or_build

TABLE_VERSION = 1
UNREACHED = 255
PAIRS = ((Face.U, Face.D), (Face.F, Face.B), (Face.R, Face.L))
TABLE_PAIRS = ((0, 1), (0, 2), (1, 2))  # the pairs of face pairs each joint table covers
TABLE_NAMES = ("five-joint-ud-fb", "five-joint-ud-rl", "five-joint-fb-rl")
RANKS = 70  # C(8, 4): the placements of a pair's four first-colour pieces among its eight positions
GOAL_RANK = 0  # the four positions on the pair's first face come first, so the goal is the mask 0b1111


@cache
def _ranks() -> tuple[np.ndarray, np.ndarray]:
    """(8-bit mask -> its rank among the masks with four bits, -1 for the others; rank -> mask)."""
    masks = np.array([m for m in range(256) if bin(m).count("1") == 4], dtype=np.int64)
    rank = np.full(256, -1, dtype=np.int64)
    rank[masks] = np.arange(len(masks))
    return rank, masks


@cache
def pair_positions() -> np.ndarray:
    """(orbit, pair, 8): the orbit's positions (indices into layout().centres[orbit]) on the pair's two faces,
    those on the first face first."""
    out = np.zeros((2, 3, 8), dtype=np.int64)
    for orbit, stickers in enumerate(layout().centres):
        faces = [face_of(int(s)) for s in stickers]
        for p, (first, second) in enumerate(PAIRS):
            out[orbit, p] = [i for i, f in enumerate(faces) if f is first] + [
                i for i, f in enumerate(faces) if f is second
            ]
    return out


@cache
def transitions() -> np.ndarray:
    """(6 coordinates, move, rank) -> rank: coordinate 3 * orbit + pair under each of phase 3's turns."""
    moves = phase3_moves()
    rank, masks = _ranks()
    positions = pair_positions()
    out = np.zeros((6, len(moves.turns), RANKS), dtype=np.int64)
    for orbit in range(2):
        for p in range(3):
            where = {int(pos): i for i, pos in enumerate(positions[orbit, p])}
            for m in range(len(moves.turns)):
                to = moves.to[orbit][m]
                moved = [where[int(to[pos])] for pos in positions[orbit, p]]  # phase 3 keeps pieces on the pair
                for r in range(RANKS):
                    image = sum(1 << moved[bit] for bit in range(8) if int(masks[r]) >> bit & 1)
                    out[3 * orbit + p, m, r] = rank[image]
    return out


def coordinates(colours: np.ndarray) -> np.ndarray:
    """The six coordinates of a colouring (relative to the fixed centres) whose centres are on their axes."""
    rank, _ = _ranks()
    positions = pair_positions()
    out = np.zeros(6, dtype=np.int64)
    for orbit, stickers in enumerate(layout().centres):
        for p, (first, _) in enumerate(PAIRS):
            bits = colours[stickers[positions[orbit, p]]] == int(first)
            value = int(rank[int(sum(1 << i for i in np.flatnonzero(bits)))])
            if value < 0:
                raise ValueError("the centres are not on their axes (phase 2 unfinished)")
            out[3 * orbit + p] = value
    return out


def _table_coordinates(table_index: int) -> tuple[int, int, int, int]:
    """The four of the six coordinates a joint table reads: x-centres on its two pairs, then +-centres."""
    p, q = TABLE_PAIRS[table_index]
    return p, q, 3 + p, 3 + q


@nb.njit(cache=True, nogil=True)
def _bfs(trans, goal):
    """Distances over four coordinates of RANKS values each (index a*R^3 + b*R^2 + c*R + d) from `goal`."""
    r = trans.shape[2]
    dist = np.full(r**4, 255, dtype=np.uint8)
    dist[((goal[0] * r + goal[1]) * r + goal[2]) * r + goal[3]] = 0
    depth = 0
    found = True
    while found:
        found = False
        for index in range(r**4):
            if dist[index] != depth:
                continue
            d = index % r
            c = index // r % r
            b = index // (r * r) % r
            a = index // (r * r * r)
            for m in range(trans.shape[1]):
                image = ((trans[0, m, a] * r + trans[1, m, b]) * r + trans[2, m, c]) * r + trans[3, m, d]
                if dist[image] == 255:
                    dist[image] = depth + 1
                    found = True
        depth += 1
    return dist


def _build(table_index: int) -> np.ndarray:
    trans = transitions()[list(_table_coordinates(table_index))]
    return _bfs(trans, np.full(4, GOAL_RANK, dtype=np.int64))


@cache
def joint_table(table_index: int, progress: ProgressFn | None = None) -> np.ndarray:
    """Joint table `table_index` (0..2, see TABLE_PAIRS), loaded or built once (24 MB)."""
    built = load_or_build(
        TABLE_NAMES[table_index],
        lambda report: _build(table_index),
        version=TABLE_VERSION,
        progress=progress,
    )
    assert isinstance(built, np.ndarray)
    return built


def distance(coords: np.ndarray) -> int:
    """The largest of the three joint tables' distances: a lower bound on phase 3's turns."""
    return max(int(joint_table(t)[_index(coords, t)]) for t in range(3))


def _index(coords: np.ndarray, table_index: int) -> int:
    a, b, c, d = (int(coords[i]) for i in _table_coordinates(table_index))
    return ((a * RANKS + b) * RANKS + c) * RANKS + d


@nb.njit(cache=True, nogil=True)
def _bound(c, t0, t1, t2, r):
    h0 = t0[((c[0] * r + c[1]) * r + c[3]) * r + c[4]]
    h1 = t1[((c[0] * r + c[2]) * r + c[3]) * r + c[5]]
    h2 = t2[((c[1] * r + c[2]) * r + c[4]) * r + c[5]]
    return max(h0, h1, h2)


@nb.njit(cache=True, nogil=True)
def joint_search(start, bound, trans, axis, rank, t0, t1, t2, limit, budget, out, stop):
    """Move sequences of exactly `bound` phase-3 moves solving the six coordinates `start`, into out[:count];
    returns (count, nodes). Of two moves in a row about one axis only the lower-ranked first is tried. Each pass
    of the loop tries one move at the top of the stack, or leaves a finished level."""
    r = trans.shape[2]
    coords = np.zeros((bound + 1, 6), dtype=np.int64)
    path = np.full(bound + 1, -1, dtype=np.int64)
    tried = np.zeros(bound + 1, dtype=np.int64)  # the next move to try at each depth
    coords[0] = start
    depth, count, nodes = 0, 0, 0
    if _bound(coords[0], t0, t1, t2, r) > bound:
        return 0, 0
    while depth >= 0:
        m = tried[depth]
        if depth == bound or m == axis.size:
            if depth == bound and _bound(coords[depth], t0, t1, t2, r) == 0:
                out[count, :bound] = path[:bound]
                count += 1
                if count == limit:
                    break
            depth -= 1
            continue
        tried[depth] = m + 1
        if depth > 0 and axis[m] == axis[path[depth - 1]] and rank[m] <= rank[path[depth - 1]]:
            continue
        for i in range(6):
            coords[depth + 1, i] = trans[i, m, coords[depth, i]]
        if _bound(coords[depth + 1], t0, t1, t2, r) + depth + 1 > bound:
            continue
        path[depth] = m
        depth += 1
        tried[depth] = 0
        nodes += 1
        if nodes > budget or (nodes & 1023 == 0 and stop[0] != 0):
            break
    return count, nodes


def solve_phase3(
    colours: np.ndarray, limit: int, budget: int, max_bound: int, poll: Callable[[], np.ndarray]
) -> list[list[int]]:
    """Up to `limit` shortest phase-3 move sequences (indices into phase3_moves()), [] if none within `budget`
    nodes per bound or when stopped (`poll()` refreshes the stop array the kernel reads)."""
    moves = phase3_moves()
    start = coordinates(colours)
    t0, t1, t2 = (joint_table(t) for t in range(3))
    out = np.zeros((limit, max_bound), dtype=np.int64)
    for bound in range(distance(start), max_bound + 1):
        flag = poll()
        count, nodes = joint_search(
            start, bound, transitions(), moves.axis, moves.rank, t0, t1, t2, limit, budget, out, flag
        )
        if count or flag[0] or nodes > budget:
            return [[int(m) for m in out[i, :bound]] for i in range(count)]
    return []
