"""The numba depth-first kernel of the goal search: every move sequence of exactly `bound` moves within the bound.

Pruning: the heuristic is the maximum over the goal's pattern databases (tables.py); a move never follows a
move of the same face (HTM) or its own inverse / two copies of itself (QTM), and of two opposite faces the
higher-numbered one goes first, so commuting pairs are searched once.
"""

from __future__ import annotations

import numba as nb
import numpy as np

CHECK_EVERY = 1 << 14  # nodes between looks at the stop flag


@nb.njit(cache=True, nogil=True)
def heuristic(coords, group_start, group_len, table_offset, tables) -> int:
    best = 0
    for g in range(group_start.size):
        index = 0
        scale = 1
        for j in range(group_len[g]):
            index += coords[group_start[g] + j] * scale
            scale *= 24
        value = tables[table_offset[g] + index]
        if value > best:
            best = value
    return best


@nb.njit(cache=True, nogil=True)
def may_follow(move, previous, before, faces, quarter) -> bool:
    """Canonical sequences only (see the module docstring); -1 marks "no previous move"."""
    if previous < 0:
        return True
    face, last = faces[move], faces[previous]
    if face == last:
        if not quarter:
            return False
        return move == previous and not (before >= 0 and before == previous)
    return not (face % 3 == last % 3 and face < last)


@nb.njit(cache=True, nogil=True)
def search_bound(start, bound, moves, faces, quarter, group_start, group_len, table_offset, tables, limit, out, stop):
    """Fill `out[:count]` with up to `limit` solutions of exactly `bound` moves; returns (count, nodes).

    `start` holds the tracked pieces' coordinates, `moves[j, coordinate, column]` the j-th tracked piece's move
    table; `stop[0] != 0` ends the search early (count is then what was found so far).
    """
    n = start.size
    coords = np.empty((bound + 1, n), dtype=np.int64)
    coords[0, :] = start
    path = np.full(bound + 1, -1, dtype=np.int64)
    count = 0
    nodes = 0
    depth = 0
    n_moves = faces.size
    next_move = np.zeros(bound + 1, dtype=np.int64)
    if heuristic(coords[0], group_start, group_len, table_offset, tables) > bound:
        return 0, 0
    while depth >= 0:
        if depth == bound:
            if heuristic(coords[depth], group_start, group_len, table_offset, tables) == 0:
                out[count, :bound] = path[:bound]
                count += 1
                if count >= limit:
                    return count, nodes
            depth -= 1
            continue
        move = next_move[depth]
        if move >= n_moves:
            next_move[depth] = 0
            depth -= 1
            continue
        next_move[depth] = move + 1
        previous = path[depth - 1] if depth > 0 else -1
        before = path[depth - 2] if depth > 1 else -1
        if not may_follow(move, previous, before, faces, quarter):
            continue
        nodes += 1
        if nodes % CHECK_EVERY == 0 and stop[0] != 0:
            return count, nodes
        for j in range(n):
            coords[depth + 1, j] = moves[j, coords[depth, j], move]
        h = heuristic(coords[depth + 1], group_start, group_len, table_offset, tables)
        if h + depth + 1 > bound:
            continue
        path[depth] = move
        depth += 1
        next_move[depth] = 0
    return count, nodes
