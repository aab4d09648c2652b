"""The breadth-first separation search of :mod:`solvers.packing.disassembly` compiled with numba.

It explores exactly the states the Python search explores, in the same order (the same candidate groups, sorted
lightest first, tried at every distance; see ``DisassemblySearch.separate``), and stops at the same first separation,
so the two give the same answers; this one runs a few hundred times faster, which the BurrTools counts need (they
take thousands of assemblies apart). It reports the separation (which pieces leave, in which direction, at which
state, after how many moves) but not the moves themselves.

Pieces are described once per batch as shapes and corners (``disassembly_shapes``): how far one piece can slide
towards another depends only on the two shapes and their relative offset, so it is cached under that key for the
whole batch, and the thousands of assemblies of a BurrTools count (the same pieces in a few orientations) share
their answers. States are rows of a flat int64 array with an open-addressing hash table of
row numbers (slots marked with the number of the search that filled them, so nothing is cleared between
searches); the queue is the rows in order. Every array is allocated once per batch and grown when needed.

numba caches these functions keyed on this file alone: a change to the compiled helpers imported from
``disassembly_shapes`` reaches them only once this file changes too (last: the shape codes sorted in place).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from solvers.packing.bits import lowest_bit_index
from solvers.packing.disassembly_shapes import FREE, _far, _shapes, _slot

__all__ = ["FOUND", "FREE", "LIMIT", "NONE", "separate", "take_apart_all", "take_apart_grouped"]

FOUND, NONE, LIMIT = 0, 1, 2  # search outcomes
CACHE_SPAN = 1 << 10  # relative offsets within +-512 are cached per (shape pair, offset); farther ones worked out
MAX_CACHE = 1 << 20  # cache entries at most; a full cache starts afresh


@njit(cache=True, nogil=True)
def _grown(keys, values):
    """The distance cache at twice its size with every entry (or afresh at ``MAX_CACHE``): (keys, values, used)."""
    size = 2 * len(keys) if 2 * len(keys) <= MAX_CACHE else len(keys)
    grown_keys = np.full(size, -1, dtype=np.int64)
    grown_values = np.empty((size, 6), dtype=np.int64)
    used = 0
    if size > len(keys):
        mask = size - 1
        for old in range(len(keys)):
            if keys[old] >= 0:
                at = _slot(keys[old], mask)
                while grown_keys[at] >= 0:
                    at = (at + 1) & mask
                grown_keys[at] = keys[old]
                grown_values[at] = values[old]
                used += 1
    return grown_keys, grown_values, used


@njit(cache=True, nogil=True)
def _groups(sid, corner, key, n, dims, line_base, line_ptr, line_pos, n_shapes, sizes, keys, values, used,
            far, out_group, out_dir, out_limit, out_w0, out_w1, blocks, closures, tmp):  # fmt: skip
    """The candidate groups at state ``key`` (as ``DisassemblySearch._candidates``), lightest first, into the ``out_``
    arrays: (how many, cache entries in use, -1). When some group can move away for good, the search needs only
    the first such group of that list, so the list is left unsorted and (how many, cache entries in use, that
    group's place) returned instead: most states of a count (thousands of one-state searches) end there. How far
    one piece can slide towards another is looked up in the cache (``keys``, ``values``: (shape pair, relative
    offset) -> six distances) and worked out on a miss.

    ``far[(d * n + a) * n + b]`` is how far piece a can slide along direction d before it meets piece b, and bit b
    of ``blocks[d * n + a]`` is set when it cannot move at all (b is in the way at once)."""
    full = (np.int64(1) << n) - 1
    half = CACHE_SPAN // 2
    mask = len(keys) - 1
    nn = n * n
    total = 0
    for a in range(n):
        total += sizes[sid[a]]
    for i in range(6 * n):
        blocks[i] = 0
    for a in range(n):
        sa = sid[a]
        xa, ya, za = corner[a, 0] + key[3 * a], corner[a, 1] + key[3 * a + 1], corner[a, 2] + key[3 * a + 2]
        for b in range(a + 1, n):
            sb = sid[b]
            rx = corner[b, 0] + key[3 * b] - xa
            ry = corner[b, 1] + key[3 * b + 1] - ya
            rz = corner[b, 2] + key[3 * b + 2] - za
            apart = 0  # axes in which the boxes lie apart: in two of them no slide along one axis meets
            apart += rx >= dims[sa, 0] or rx + dims[sb, 0] <= 0
            apart += ry >= dims[sa, 1] or ry + dims[sb, 1] <= 0
            apart += rz >= dims[sa, 2] or rz + dims[sb, 2] <= 0
            if apart >= 2:
                for d in range(6):
                    tmp[d] = FREE
            elif not (-half <= rx < half and -half <= ry < half and -half <= rz < half):
                _far(sa, sb, rx, ry, rz, dims, line_base, line_ptr, line_pos, tmp)
            else:
                code = (((sa * n_shapes + sb) * CACHE_SPAN + rx + half) * CACHE_SPAN + ry + half) * CACHE_SPAN
                code += rz + half
                at = _slot(code, mask)
                while keys[at] >= 0 and keys[at] != code:
                    at = (at + 1) & mask
                if keys[at] < 0:
                    _far(sa, sb, rx, ry, rz, dims, line_base, line_ptr, line_pos, values[at])
                    keys[at] = code
                    used += 1
                for d in range(6):
                    tmp[d] = values[at, d]
            for d in range(6):
                v = tmp[d]
                far[d * nn + a * n + b] = v
                far[(d ^ 1) * nn + b * n + a] = v
                if v == 0:
                    blocks[d * n + a] |= np.int64(1) << b
                    blocks[(d ^ 1) * n + b] |= np.int64(1) << a
    count = 0
    free = -1
    for d in range(6):
        n_closures = 0
        for i in range(n):
            group = np.int64(1) << i
            todo = group
            while todo:
                m = np.int64(lowest_bit_index(np.uint64(todo)))
                todo &= todo - 1
                add = blocks[d * n + m] & ~group
                group |= add
                todo |= add
            if group == full:
                continue
            seen = False
            for c in range(n_closures):
                if closures[c] == group:
                    seen = True
                    break
            if seen:
                continue
            closures[n_closures] = group
            n_closures += 1
            limit = FREE
            w0 = 0
            w1 = 0
            members = group
            while members:
                m = np.int64(lowest_bit_index(np.uint64(members)))
                members &= members - 1
                w0 += sizes[sid[m]]
                w1 += 1
                row = d * nn + m * n
                others = full & ~group
                while others:
                    o = np.int64(lowest_bit_index(np.uint64(others)))
                    others &= others - 1
                    if far[row + o] < limit:
                        limit = far[row + o]
            told = d
            r0, r1 = total - w0, n - w1
            if r0 < w0 or (r0 == w0 and r1 < w1):
                group, told, w0, w1 = full ^ group, d ^ 1, r0, r1
            out_group[count] = group
            out_dir[count] = told
            out_limit[count] = limit
            out_w0[count] = w0
            out_w1[count] = w1
            if limit >= FREE and (free < 0 or w0 < out_w0[free] or (w0 == out_w0[free] and w1 < out_w1[free])):
                free = count
            count += 1
    if free >= 0:  # the search stops at the first free group of the sorted list: the lightest, first met
        return count, used, free
    # the same group and direction can come from two opposite directions: the first kept, the rest in a stable
    # sort by weight (insertion: a state has a few dozen candidates)
    kept = 0
    for c in range(count):
        group, told, limit, w0, w1 = out_group[c], out_dir[c], out_limit[c], out_w0[c], out_w1[c]
        dup = False
        for k in range(kept):
            if out_group[k] == group and out_dir[k] == told:
                dup = True
                break
        if dup:
            continue
        at = kept
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
        kept += 1
    return kept, used, -1


@njit(cache=True, nogil=True)
def _mix(h):
    """A state's linear hash (see :func:`_search`) spread over all its bits, for the slot."""
    h ^= h >> np.uint64(33)
    h *= np.uint64(0xFF51AFD7ED558CCD)
    return h ^ (h >> np.uint64(33))


@njit(cache=True, nogil=True)
def _linear(row, weights):
    """The linear hash of a state: its offsets times one random weight each, summed (wrapping)."""
    h = np.uint64(0)
    for c in range(len(row)):
        h += np.uint64(row[c] + 0x100000) * weights[c]
    return h


@njit(cache=True, nogil=True)
def _scratch(n_max):
    """Per-state arrays for parts of up to ``n_max`` pieces (see :func:`_groups`)."""
    most = 6 * n_max
    return (np.empty(6 * n_max * n_max, dtype=np.int64), np.empty(most, dtype=np.int64),
            np.empty(most, dtype=np.int64), np.empty(most, dtype=np.int64), np.empty(most, dtype=np.int64),
            np.empty(most, dtype=np.int64), np.empty(most, dtype=np.int64), np.empty(n_max, dtype=np.int64),
            np.empty(6, dtype=np.int64))  # fmt: skip


@njit(cache=True, nogil=True)
def _rows(n_max):
    """Per-search arrays for parts of up to ``n_max`` pieces, made once per batch rather than once per search (a
    count's searches are thousands of one-state searches): the hash weights of the state's columns (the same for
    every width), the state being expanded and the state moved from it."""
    width = 3 * n_max
    weights = np.empty(width, dtype=np.uint64)
    for c in range(width):
        weights[c] = _mix(np.uint64(c + 1) * np.uint64(0x9E3779B97F4A7C15)) | np.uint64(1)
    return weights, np.empty(width, dtype=np.int64), np.empty(width, dtype=np.int64)


@njit(cache=True, nogil=True)
def _workspace(n_max):
    """The search's states (flat rows of ``3 * n_max``), their depths, and the hash slots with the number of the
    search that filled each."""
    capacity = 1024
    return (np.empty(capacity * 3 * n_max, dtype=np.int64), np.empty(capacity, dtype=np.int64),
            np.empty(2 * capacity, dtype=np.int64), np.zeros(2 * capacity, dtype=np.int64))  # fmt: skip


@njit(cache=True, nogil=True)
def _start_groups(sid, corner, key, geo, sizes, keys, values, used, scratch):
    """:func:`_groups` at a part's start state, as (how many, cache entries in use, the free group's place or
    -1): plain numbers back, so that a batch settles the parts that come apart at once (most of a count's) without
    a call of :func:`_search`, which takes and gives back every array of the search."""
    dims, line_base, line_ptr, line_pos, n_shapes = geo
    far, g_group, g_dir, g_limit, g_w0, g_w1, blocks, closures, tmp = scratch
    return _groups(sid, corner, key, len(sid), dims, line_base, line_ptr, line_pos, n_shapes, sizes, keys, values,
                   used, far, g_group, g_dir, g_limit, g_w0, g_w1, blocks, closures, tmp)  # fmt: skip


@njit(cache=True, nogil=True)
def _search(sid, corner, start_key, max_states, geo, sizes, cache, scratch, rows, work, epoch, ready):
    """Breadth-first search for the first separation of a part of ``n`` pieces (their shapes ``sid``, corners,
    and offsets ``start_key``, first piece at the origin). ``ready``: how many candidate groups of the start state
    :func:`_start_groups` left in ``scratch`` (none of them free), or -1 to work them out here. Returns (outcome,
    group mask, direction, row of the separating state in the states array, its depth, states stored, cache,
    work)."""
    n = len(sid)
    width = 3 * n
    states, depth, slots, marks = work
    capacity = len(depth)
    dims, line_base, line_ptr, line_pos, n_shapes = geo
    keys, values, used = cache
    far, g_group, g_dir, g_limit, g_w0, g_w1, blocks, closures, tmp = scratch
    states[0:width] = start_key
    depth[0] = 0
    if ready < 0:  # the start state's groups first, with no state stored or hashed: most parts come apart there
        ready, used, free = _start_groups(sid, corner, start_key, geo, sizes, keys, values, used, scratch)
        if 2 * used > len(keys):
            keys, values, used = _grown(keys, values)
        if free >= 0:
            return FOUND, g_group[free], g_dir[free], 0, np.int64(0), 1, (keys, values, used), work
    free = -1
    # a state's hash is linear in its offsets, so a move changes it by a constant: each state met while sliding a
    # group is hashed in one step rather than over the whole row
    all_weights, all_moved, all_key = rows
    weights, moved, key = all_weights[:width], all_moved[:width], all_key[:width]
    mask = np.uint64(len(slots) - 1)
    at = _mix(_linear(start_key, weights)) & mask
    slots[at] = 0
    marks[at] = epoch
    stored = 1
    head = 0
    while head < stored:
        key[:] = states[head * width : (head + 1) * width]
        key_hash = _linear(key, weights)
        if head == 0:  # its groups are in the scratch arrays already
            count = ready
        else:
            count, used, free = _groups(sid, corner, key, n, dims, line_base, line_ptr, line_pos, n_shapes, sizes,
                                        keys, values, used, far, g_group, g_dir, g_limit, g_w0, g_w1, blocks,
                                        closures, tmp)  # fmt: skip
            if 2 * used > len(keys):
                keys, values, used = _grown(keys, values)
        if free >= 0:
            return (
                FOUND,
                g_group[free],
                g_dir[free],
                head,
                depth[head],
                stored,
                (keys, values, used),
                (states, depth, slots, marks),
            )
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
            step_hash = np.uint64(0)
            for m in range(n):
                if movers >> m & 1:
                    step_hash += weights[3 * m + axis]
            moved_hash = key_hash
            for _step in range(g_limit[g]):
                for m in range(n):
                    if movers >> m & 1:
                        moved[3 * m + axis] += sign
                if sign > 0:
                    moved_hash += step_hash
                else:
                    moved_hash -= step_hash
                mask = np.uint64(len(slots) - 1)
                at = _mix(moved_hash) & mask
                known = False
                while marks[at] == epoch:
                    row = slots[at] * width
                    same = True
                    for c in range(width):
                        if states[row + c] != moved[c]:
                            same = False
                            break
                    if same:
                        known = True
                        break
                    at = (at + np.uint64(1)) & mask
                if known:
                    continue
                if stored >= max_states:
                    return (
                        LIMIT,
                        np.int64(0),
                        np.int64(0),
                        head,
                        depth[head],
                        stored,
                        (keys, values, used),
                        (states, depth, slots, marks),
                    )
                if stored == capacity:
                    capacity *= 2
                    grown = np.empty(capacity * (len(states) // len(depth)), dtype=np.int64)
                    grown[: stored * width] = states[: stored * width]
                    states = grown
                    grown_depth = np.empty(capacity, dtype=np.int64)
                    grown_depth[:stored] = depth[:stored]
                    depth = grown_depth
                    slots = np.empty(2 * capacity, dtype=np.int64)
                    marks = np.zeros(2 * capacity, dtype=np.int64)
                    mask = np.uint64(len(slots) - 1)
                    for s in range(stored):
                        at = _mix(_linear(states[s * width : (s + 1) * width], weights)) & mask
                        while marks[at] == epoch:
                            at = (at + np.uint64(1)) & mask
                        slots[at] = s
                        marks[at] = epoch
                    at = _mix(moved_hash) & mask
                    while marks[at] == epoch:
                        at = (at + np.uint64(1)) & mask
                states[stored * width : (stored + 1) * width] = moved
                depth[stored] = depth[head] + 1
                slots[at] = stored
                marks[at] = epoch
                stored += 1
        head += 1
    work = (states, depth, slots, marks)
    return NONE, np.int64(0), np.int64(0), 0, np.int64(0), stored, (keys, values, used), work


@njit(cache=True, nogil=True)
def separate(cells, starts, start_key, max_states):
    """Breadth-first search for the first separation of a part (see the module docstring).

    ``cells``: the part's pieces' cells (rows, piece after piece, from ``starts``); ``start_key``: their offsets
    (first piece at the origin), flat. Returns (outcome, group mask, direction, state, depth, states stored)."""
    sid, corner, sizes, dims, line_base, line_ptr, line_pos = _shapes(cells, starts)
    n = len(starts) - 1
    geo = (dims, line_base, line_ptr, line_pos, len(sizes))
    cache = (np.full(1 << 12, -1, dtype=np.int64), np.empty((1 << 12, 6), dtype=np.int64), 0)
    found = _search(sid, corner, start_key, max_states, geo, sizes, cache, _scratch(n), _rows(n), _workspace(n), 1, -1)
    outcome, group, direction, row, depth, stored, _cache, work = found
    state = work[0][row * 3 * n : (row + 1) * 3 * n].copy()
    return outcome, group, direction, state, depth, stored


@njit(cache=True, nogil=True)
def _batch_buffers(assembly_starts):
    """What both batch searches (:func:`take_apart_all`, :func:`take_apart_grouped`) allocate once for all their
    assemblies, sized by the largest: (that size, the state cache, the search's scratch, rows and workspace, the
    part keys (shape id, corner, key), and the stacks of parts still to take apart: pieces and their offsets on
    one, (start, size) of each part on another, the pieces held aside while a part is split). A part popped is
    replaced by its two halves, so no stack ever holds more than the assembly's pieces."""
    n_max = 1
    for i in range(len(assembly_starts) - 1):
        n_max = max(n_max, assembly_starts[i + 1] - assembly_starts[i])
    cache = (np.full(1 << 12, -1, dtype=np.int64), np.empty((1 << 12, 6), dtype=np.int64), 0)
    part_arrays = (
        np.empty(n_max, dtype=np.int64),
        np.empty((n_max, 3), dtype=np.int64),
        np.empty(3 * n_max, dtype=np.int64),
    )
    stacks = (
        np.empty(n_max, dtype=np.int64),
        np.empty((n_max, 3), dtype=np.int64),
        np.empty(n_max + 1, dtype=np.int64),
        np.empty(n_max + 1, dtype=np.int64),
        np.empty(n_max, dtype=np.int64),
        np.empty((n_max, 3), dtype=np.int64),
    )
    return n_max, cache, _scratch(n_max), _rows(n_max), _workspace(n_max), part_arrays, stacks


@njit(cache=True, nogil=True, inline="always")
def _split_part(state, row, size, s0, group, stacks, frames):
    """Replace the part of ``size`` pieces at ``s0`` on the stacks (:func:`_batch_buffers`) by its two halves, the
    pieces in ``group`` (a bit per piece) leaving and the rest staying, each piece at its offsets in the search's
    state ``row``: the leaving group first on the stack, the part that stays on top. Returns the new frame count."""
    pieces, offsets, part_start, part_size, held, held_off = stacks
    n_left = 0
    for k in range(size):
        held[k] = pieces[s0 + k]
        for ax in range(3):
            held_off[k, ax] = state[row * 3 * size + 3 * k + ax]
        n_left += group >> k & 1
    a, b = s0, s0 + n_left
    for k in range(size):
        at = a if group >> k & 1 else b
        pieces[at] = held[k]
        offsets[at] = held_off[k]
        if group >> k & 1:
            a += 1
        else:
            b += 1
    part_start[frames], part_size[frames] = s0, n_left
    part_start[frames + 1], part_size[frames + 1] = s0 + n_left, size - n_left
    return frames + 2


@njit(cache=True, nogil=True, inline="always")
def _push_assembly(first, n, stacks):
    """Put the assembly of the ``n`` pieces from ``first`` on the stacks (:func:`_batch_buffers`) as one part, every
    piece in place. Returns the frame count (1)."""
    pieces, offsets, part_start, part_size, _held, _held_off = stacks
    for k in range(n):
        pieces[k] = first + k
        offsets[k] = 0
    part_start[0], part_size[0] = 0, n
    return 1


@njit(cache=True, nogil=True, inline="always")  # called once per part: thousands of times on DemoPieceGenerator
def _separate_part(s0, size, stacks, part_arrays, shape_of, corner_of, geo, sizes, max_states, cache, scratch, rows,
                   work, epoch):  # fmt: skip
    """Search how the part of ``size`` pieces at ``s0`` on the stacks comes apart: its pieces' shapes, corners and
    offsets relative to its first piece as the search's key, a group that can leave from the start state taken at
    once (no search), else the breadth-first search. Returns (outcome, the leaving group, the state row it leaves
    from in ``work[0]``, the distance cache, the workspace): both may have grown."""
    pieces, offsets = stacks[0], stacks[1]
    part_sid, part_corner, part_key = part_arrays
    sid, corner, key = part_sid[:size], part_corner[:size], part_key[: 3 * size]
    for k in range(size):
        p = pieces[s0 + k]
        sid[k] = shape_of[p]
        for ax in range(3):
            corner[k, ax] = corner_of[p, ax]
            key[3 * k + ax] = offsets[s0 + k, ax] - offsets[s0, ax]
    keys, values, used = cache
    ready, used, free = _start_groups(sid, corner, key, geo, sizes, keys, values, used, scratch)
    if 2 * used > len(keys):
        keys, values, used = _grown(keys, values)
    if free >= 0:  # apart at once: the start state is the separating one
        work[0][: 3 * size] = key
        return FOUND, scratch[1][free], 0, (keys, values, used), work
    found = _search(sid, corner, key, max_states, geo, sizes, (keys, values, used), scratch, rows, work, epoch, ready)
    outcome, group, _direction, row, _depth, _stored, cache, work = found
    return outcome, group, row, cache, work


@njit(cache=True, nogil=True)
def take_apart_all(cells, piece_starts, assembly_starts, max_states) -> np.ndarray:
    """For each assembly, 1 when it comes completely apart, 0 when some part cannot, -1 when a search reached
    ``max_states`` first: assembly ``i`` is pieces ``assembly_starts[i]`` up to (not including)
    ``assembly_starts[i + 1]``, piece ``p`` the cells ``piece_starts[p]`` up to ``piece_starts[p + 1]``, all
    in place. Parts are taken apart depth first, the part that stays before the part that left, and the first part
    that cannot be separated decides (as the Python recursion without piece groups does)."""
    shape_of, corner_of, sizes, dims, line_base, line_ptr, line_pos = _shapes(cells, piece_starts)
    geo = (dims, line_base, line_ptr, line_pos, len(sizes))
    n_assemblies = len(assembly_starts) - 1
    n_max, cache, scratch, rows, work, part_arrays, stacks = _batch_buffers(assembly_starts)
    pieces, _offsets, part_start, part_size, _held, _held_off = stacks
    epoch = 0
    out = np.empty(n_assemblies, dtype=np.int64)
    for i in range(n_assemblies):
        first, last = assembly_starts[i], assembly_starts[i + 1]
        n = last - first
        if n < 2:
            out[i] = 0
            continue
        frames = _push_assembly(first, n, stacks)
        verdict = 1
        while frames:
            frames -= 1
            s0, size = part_start[frames], part_size[frames]
            if size < 2:
                continue
            epoch += 1
            outcome, group, row, cache, work = _separate_part(
                s0, size, stacks, part_arrays, shape_of, corner_of, geo, sizes, max_states, cache, scratch, rows,
                work, epoch,
            )  # fmt: skip
            if outcome == LIMIT:
                verdict = -1
                break
            if outcome != FOUND:
                verdict = 0
                break
            frames = _split_part(work[0], row, size, s0, group, stacks, frames)
        out[i] = verdict
    return out


@njit(cache=True, nogil=True)
def take_apart_grouped(cells, piece_starts, assembly_starts, group_of, max_states):
    """:func:`take_apart_all` under BurrTools' piece groups, for many assemblies in one call. ``group_of[p]``:
    the one group piece ``p`` belongs to, or -1 (none, or several). Parts below the whole assembly whose pieces
    all have the same group (not -1) count as apart without a search; a part below the whole that does not come
    apart is a *stuck* part, which counts as apart only when its pieces can still be given groups. That depends
    on every stuck part met before it, so it is left to the caller: the search goes on as if it were accepted and
    reports each stuck part in the order the recursion meets it, the first rejected one ending the assembly (the
    parts after it, met here all the same, are not the caller's concern).

    Returns (verdict per assembly: 1 apart with no stuck part, 0 the whole assembly does not come apart, -1 its
    search reached ``max_states``, 2 apart if the stuck parts are accepted; per stuck part its assembly, 1 when
    its search reached ``max_states`` (else 0), and the start of its pieces in the last array; the stuck parts'
    pieces, as positions within their assembly in part order)."""
    shape_of, corner_of, sizes, dims, line_base, line_ptr, line_pos = _shapes(cells, piece_starts)
    geo = (dims, line_base, line_ptr, line_pos, len(sizes))
    n_assemblies = len(assembly_starts) - 1
    n_max, cache, scratch, rows, work, part_arrays, stacks = _batch_buffers(assembly_starts)
    pieces, _offsets, part_start, part_size, _held, _held_off = stacks
    epoch = 0
    out = np.empty(n_assemblies, dtype=np.int64)
    n_pieces = len(piece_starts) - 1
    stuck_assembly = np.empty(n_pieces + 1, dtype=np.int64)  # stuck parts are disjoint: at most half the pieces
    stuck_limit = np.empty(n_pieces + 1, dtype=np.int64)
    stuck_start = np.zeros(n_pieces + 2, dtype=np.int64)
    stuck_pieces = np.empty(n_pieces + 1, dtype=np.int64)
    n_stuck = 0
    for i in range(n_assemblies):
        first, last = assembly_starts[i], assembly_starts[i + 1]
        n = last - first
        if n < 2:
            out[i] = 0
            continue
        frames = _push_assembly(first, n, stacks)
        verdict = 1
        top = True  # the first part popped is the whole assembly
        while frames:
            frames -= 1
            s0, size = part_start[frames], part_size[frames]
            if size < 2:
                continue
            if not top:
                g = group_of[pieces[s0]]
                same = g >= 0
                for k in range(1, size):
                    if group_of[pieces[s0 + k]] != g:
                        same = False
                        break
                if same:
                    continue
            epoch += 1
            outcome, group, row, cache, work = _separate_part(
                s0, size, stacks, part_arrays, shape_of, corner_of, geo, sizes, max_states, cache, scratch, rows,
                work, epoch,
            )  # fmt: skip
            if outcome != FOUND:
                if top:
                    verdict = -1 if outcome == LIMIT else 0
                    break
                stuck_assembly[n_stuck] = i
                stuck_limit[n_stuck] = 1 if outcome == LIMIT else 0
                at = stuck_start[n_stuck]
                for k in range(size):
                    stuck_pieces[at + k] = pieces[s0 + k] - first
                stuck_start[n_stuck + 1] = at + size
                n_stuck += 1
                verdict = 2
                continue
            top = False
            frames = _split_part(work[0], row, size, s0, group, stacks, frames)
        out[i] = verdict
    return (out, stuck_assembly[:n_stuck].copy(), stuck_limit[:n_stuck].copy(), stuck_start[: n_stuck + 1].copy(),
            stuck_pieces[: stuck_start[n_stuck]].copy())  # fmt: skip
