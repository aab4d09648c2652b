"""The breadth-first separation search of :mod:`solvers.packing.disassembly` compiled with numba.

It explores exactly the states the Python search explores, in the same order (the same candidate groups, sorted
lightest first, tried at every distance; see ``_Disassembler.separate``), and stops at the same first separation,
so the two give the same answers; this one runs a few hundred times faster, which the BurrTools counts need (they
take thousands of assemblies apart). It reports the separation (which pieces leave, in which direction, at which
state, after how many moves) but not the moves themselves.

States are rows of an int32 array (the part's offsets, its first piece at the origin) with an open-addressing hash
table of row numbers; the queue is the rows in order. How far piece ``a`` can slide towards piece ``b`` is worked
out from their cells at each state (pieces of a part are few and small), with a bounding-box test first.
"""

from __future__ import annotations

import numpy as np
from numba import njit

FREE = 1 << 40  # as in disassembly: "never collides"
FOUND, NONE, LIMIT = 0, 1, 2  # search outcomes


@njit(cache=True, nogil=True)
def _hash(row: np.ndarray) -> np.uint64:
    h = np.uint64(1469598103934665603)
    for v in row:
        h = (h ^ np.uint64(v & 0xFFFFFFFF)) * np.uint64(1099511628211)
    return h


@njit(cache=True, nogil=True)
def _far(cells, starts, a, b, rx, ry, rz, out) -> None:
    """out[d]: how many steps piece a can slide along direction d (+x, -x, +y, -y, +z, -z) before meeting piece b,
    whose offset minus a's is (rx, ry, rz); FREE when it never meets it."""
    for d in range(6):
        out[d] = FREE
    for i in range(starts[a], starts[a + 1]):
        ax, ay, az = cells[i, 0], cells[i, 1], cells[i, 2]
        for j in range(starts[b], starts[b + 1]):
            vx = cells[j, 0] + rx - ax
            vy = cells[j, 1] + ry - ay
            vz = cells[j, 2] + rz - az
            if vy == 0 and vz == 0:
                if vx > 0:
                    if vx - 1 < out[0]:
                        out[0] = vx - 1
                elif -vx - 1 < out[1]:
                    out[1] = -vx - 1
            elif vx == 0 and vz == 0:
                if vy > 0:
                    if vy - 1 < out[2]:
                        out[2] = vy - 1
                elif -vy - 1 < out[3]:
                    out[3] = -vy - 1
            elif vx == 0 and vy == 0:
                if vz > 0:
                    if vz - 1 < out[4]:
                        out[4] = vz - 1
                elif -vz - 1 < out[5]:
                    out[5] = -vz - 1


CACHE_SPAN = 1 << 10  # relative offsets within +-512 are cached per (pair, offset); farther ones are worked out


@njit(cache=True, nogil=True)
def _cached_far(cells, starts, a, b, n, rx, ry, rz, out, cache_keys, cache_values, used) -> int:
    """:func:`_far` through a per-search cache keyed by (pair, relative offset); returns the entries in use (the
    caller grows the table when it is half full)."""
    half = CACHE_SPAN // 2
    if not (-half <= rx < half and -half <= ry < half and -half <= rz < half):
        _far(cells, starts, a, b, rx, ry, rz, out)
        return used
    key = (((a * n + b) * CACHE_SPAN + rx + half) * CACHE_SPAN + ry + half) * CACHE_SPAN + rz + half
    mask = len(cache_keys) - 1
    at = (key * 0x9E3779B97F4A7C15) & mask
    while cache_keys[at] >= 0:
        if cache_keys[at] == key:
            for d in range(6):
                out[d] = cache_values[at, d]
            return used
        at = (at + 1) & mask
    _far(cells, starts, a, b, rx, ry, rz, out)
    cache_keys[at] = key
    for d in range(6):
        cache_values[at, d] = out[d]
    return used + 1


@njit(cache=True, nogil=True)
def _groups(cells, starts, low, high, voxels, key, n, far, out_group, out_dir, out_limit, out_w0, out_w1,
            cache_keys, cache_values, used) -> tuple[int, int]:  # fmt: skip
    """The candidate groups at state ``key`` (as ``_Disassembler._groups``), lightest first: (how many, cache
    entries in use)."""
    full = (np.int64(1) << n) - 1
    total = 0
    for a in range(n):
        total += voxels[a]
    tmp = np.empty(6, dtype=np.int64)
    for a in range(n):
        xa, ya, za = key[3 * a], key[3 * a + 1], key[3 * a + 2]
        for b in range(a + 1, n):
            rx, ry, rz = key[3 * b] - xa, key[3 * b + 1] - ya, key[3 * b + 2] - za
            apart = 0  # axes in which the boxes lie apart: in two of them no slide along one axis meets
            apart += low[b, 0] + rx > high[a, 0] or high[b, 0] + rx < low[a, 0]
            apart += low[b, 1] + ry > high[a, 1] or high[b, 1] + ry < low[a, 1]
            apart += low[b, 2] + rz > high[a, 2] or high[b, 2] + rz < low[a, 2]
            if apart >= 2:
                for d in range(6):
                    tmp[d] = FREE
            else:
                used = _cached_far(cells, starts, a, b, n, rx, ry, rz, tmp, cache_keys, cache_values, used)
            for d in range(6):
                far[a, b, d] = tmp[d]
                far[b, a, d ^ 1] = tmp[d]
    count = 0
    blocks = np.empty(n, dtype=np.int64)
    closures = np.empty(n, dtype=np.int64)
    for d in range(6):
        for a in range(n):
            bits = np.int64(0)
            for b in range(n):
                if b != a and far[a, b, d] == 0:
                    bits |= np.int64(1) << b
            blocks[a] = bits
        n_closures = 0
        for i in range(n):
            group = np.int64(1) << i
            todo = group
            while todo:
                lowbit = todo & -todo
                todo ^= lowbit
                m = 0
                while (lowbit >> m) != 1:
                    m += 1
                add = blocks[m] & ~group
                group |= add
                todo |= add
            if group == full:
                continue
            seen = False
            for c in range(n_closures):
                if closures[c] == group:
                    seen = True
            if seen:
                continue
            closures[n_closures] = group
            n_closures += 1
            limit = FREE
            w0 = 0
            w1 = 0
            for m in range(n):
                if group >> m & 1:
                    w0 += voxels[m]
                    w1 += 1
                    for o in range(n):
                        if not (group >> o & 1) and far[m, o, d] < limit:
                            limit = far[m, o, d]
            told = d
            r0, r1 = total - w0, n - w1
            if r0 < w0 or (r0 == w0 and r1 < w1):
                group, told, w0, w1 = full ^ group, d ^ 1, r0, r1
            dup = False
            for c in range(count):
                if out_group[c] == group and out_dir[c] == told:
                    dup = True
            if dup:
                continue
            # insert keeping (w0, w1) order, after equal ones (a stable sort)
            at = count
            while at > 0 and (out_w0[at - 1] > w0 or (out_w0[at - 1] == w0 and out_w1[at - 1] > w1)):
                out_group[at] = out_group[at - 1]
                out_dir[at] = out_dir[at - 1]
                out_limit[at] = out_limit[at - 1]
                out_w0[at] = out_w0[at - 1]
                out_w1[at] = out_w1[at - 1]
                at -= 1
            out_group[at] = group
            out_dir[at] = told
            out_limit[at] = limit
            out_w0[at] = w0
            out_w1[at] = w1
            count += 1
    return count, used


@njit(cache=True, nogil=True)
def separate(cells, starts, start_key, max_states):
    """Breadth-first search for the first separation of a part (see the module docstring).

    ``cells``: the part's pieces' cells (rows, piece after piece, from ``starts``); ``start_key``: their offsets
    (first piece at the origin), flat. Returns (outcome, group mask, direction, state, depth, states stored)."""
    n = len(starts) - 1
    width = 3 * n
    low = np.empty((n, 3), dtype=np.int64)
    high = np.empty((n, 3), dtype=np.int64)
    voxels = np.empty(n, dtype=np.int64)
    for a in range(n):
        voxels[a] = starts[a + 1] - starts[a]
        for ax in range(3):
            low[a, ax] = cells[starts[a], ax]
            high[a, ax] = cells[starts[a], ax]
            for i in range(starts[a], starts[a + 1]):
                low[a, ax] = min(low[a, ax], cells[i, ax])
                high[a, ax] = max(high[a, ax], cells[i, ax])
    capacity = 1024
    states = np.empty((capacity, width), dtype=np.int64)
    depth = np.empty(capacity, dtype=np.int64)
    slots = np.full(2 * capacity, -1, dtype=np.int64)
    states[0] = start_key
    depth[0] = 0
    slots[_hash(start_key) & np.uint64(len(slots) - 1)] = 0
    stored = 1
    far = np.empty((n, n, 6), dtype=np.int64)
    most = 6 * n
    g_group = np.empty(most, dtype=np.int64)
    g_dir = np.empty(most, dtype=np.int64)
    g_limit = np.empty(most, dtype=np.int64)
    g_w0 = np.empty(most, dtype=np.int64)
    g_w1 = np.empty(most, dtype=np.int64)
    moved = np.empty(width, dtype=np.int64)
    cache_keys = np.full(1 << 12, -1, dtype=np.int64)
    cache_values = np.empty((1 << 12, 6), dtype=np.int64)
    used = 0
    head = 0
    while head < stored:
        key = states[head].copy()
        count, used = _groups(cells, starts, low, high, voxels, key, n, far, g_group, g_dir, g_limit, g_w0, g_w1,
                              cache_keys, cache_values, used)  # fmt: skip
        if 2 * used > len(cache_keys):  # half full: start afresh twice the size
            cache_keys = np.full(2 * len(cache_keys), -1, dtype=np.int64)
            cache_values = np.empty((len(cache_keys), 6), dtype=np.int64)
            used = 0
        for g in range(count):
            if g_limit[g] >= FREE:
                return FOUND, g_group[g], g_dir[g], key, depth[head], stored
        for g in range(count):
            group = g_group[g]
            if group & 1:  # holds the pinned first piece: the rest moves the other way
                movers = ~group & ((np.int64(1) << n) - 1)
                direction = g_dir[g] ^ 1
            else:
                movers = group
                direction = g_dir[g]
            axis = direction >> 1
            sign = 1 if direction & 1 == 0 else -1
            moved[:] = key
            for _step in range(g_limit[g]):
                for m in range(n):
                    if movers >> m & 1:
                        moved[3 * m + axis] += sign
                mask = np.uint64(len(slots) - 1)
                at = _hash(moved) & mask
                known = False
                while slots[at] >= 0:
                    row = states[slots[at]]
                    same = True
                    for c in range(width):
                        if row[c] != moved[c]:
                            same = False
                            break
                    if same:
                        known = True
                        break
                    at = (at + np.uint64(1)) & mask
                if known:
                    continue
                if stored >= max_states:
                    return LIMIT, np.int64(0), np.int64(0), key, depth[head], stored
                if stored == capacity:
                    capacity *= 2
                    grown = np.empty((capacity, width), dtype=np.int64)
                    grown[:stored] = states[:stored]
                    states = grown
                    grown_depth = np.empty(capacity, dtype=np.int64)
                    grown_depth[:stored] = depth[:stored]
                    depth = grown_depth
                    slots = np.full(2 * capacity, -1, dtype=np.int64)
                    mask = np.uint64(len(slots) - 1)
                    for s in range(stored):
                        at = _hash(states[s]) & mask
                        while slots[at] >= 0:
                            at = (at + np.uint64(1)) & mask
                        slots[at] = s
                    at = _hash(moved) & mask
                    while slots[at] >= 0:
                        at = (at + np.uint64(1)) & mask
                states[stored] = moved
                depth[stored] = depth[head] + 1
                slots[at] = stored
                stored += 1
        head += 1
    return NONE, np.int64(0), np.int64(0), states[0].copy(), np.int64(0), stored


@njit(cache=True, nogil=True)
def _take_apart_one(cells, piece_starts, first, last, max_states) -> int:
    """1 when pieces ``first..last-1`` (assembled in place) come completely apart, 0 when some part cannot, -1
    when a search reached ``max_states`` first. Parts are taken apart depth first, the part that stays before the
    part that left, and the first part that cannot be separated decides (as the Python recursion without piece
    groups does)."""
    n = last - first
    if n < 2:
        return 0
    stack = [np.empty(0, dtype=np.int64)]
    stack.pop()
    top = np.empty(4 * n, dtype=np.int64)
    for i in range(n):
        top[4 * i] = first + i
        top[4 * i + 1] = 0
        top[4 * i + 2] = 0
        top[4 * i + 3] = 0
    stack.append(top)
    while len(stack):
        part = stack.pop()
        size = len(part) // 4
        if size < 2:
            continue
        starts = np.empty(size + 1, dtype=np.int64)
        starts[0] = 0
        for i in range(size):
            p = part[4 * i]
            starts[i + 1] = starts[i] + piece_starts[p + 1] - piece_starts[p]
        local = np.empty((starts[size], 3), dtype=np.int64)
        key = np.empty(3 * size, dtype=np.int64)
        for i in range(size):
            p = part[4 * i]
            local[starts[i] : starts[i + 1]] = cells[piece_starts[p] : piece_starts[p + 1]]
            for ax in range(3):
                key[3 * i + ax] = part[4 * i + 1 + ax] - part[1 + ax]
        outcome, group, _direction, state, _depth, _stored = separate(local, starts, key, max_states)
        if outcome == LIMIT:
            return -1
        if outcome != FOUND:
            return 0
        n_left = 0
        for i in range(size):
            if group >> i & 1:
                n_left += 1
        left = np.empty(4 * n_left, dtype=np.int64)
        stay = np.empty(4 * (size - n_left), dtype=np.int64)
        a = b = 0
        for i in range(size):
            target = left if group >> i & 1 else stay
            at = a if group >> i & 1 else b
            target[4 * at] = part[4 * i]
            for ax in range(3):
                target[4 * at + 1 + ax] = state[3 * i + ax]
            if group >> i & 1:
                a += 1
            else:
                b += 1
        stack.append(left)
        stack.append(stay)
    return 1


@njit(cache=True, nogil=True)
def take_apart_all(cells, piece_starts, assembly_starts, max_states) -> np.ndarray:
    """:func:`_take_apart_one` for each assembly: assembly ``i`` is pieces ``assembly_starts[i]`` up to (not
    including) ``assembly_starts[i + 1]``, piece ``p`` the cells ``piece_starts[p]`` up to ``piece_starts[p + 1]``."""
    out = np.empty(len(assembly_starts) - 1, dtype=np.int64)
    for i in range(len(out)):
        out[i] = _take_apart_one(cells, piece_starts, assembly_starts[i], assembly_starts[i + 1], max_states)
    return out
