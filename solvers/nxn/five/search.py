"""The numba IDA* kernel of the 5x5x5 centre phases: two 24-bit masks (one per centre orbit), a wing parity bit.

The kernel lists move sequences of exactly `bound` moves that the larger of the two orbits' table values allows
and records up to `limit` reaching both goals (table values 0, and an even wing permutation when `need_even`).
Moves about one axis commute, so of two in a row about one axis only the lower-ranked first is tried. `budget`
caps the nodes and `stop[0] != 0` ends the search early.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.nxn.four.prune import apply_mask


@nb.njit(cache=True, nogil=True)
def pair_search(
    mask_a,
    mask_b,
    parity,
    need_even,
    bound,
    luts_a,
    luts_b,
    wing_odd,
    axis,
    rank,
    prune_a,
    prune_b,
    limit,
    budget,
    out,
    stop,
):
    """Fill out[:count, :bound] with solutions; returns (count, nodes)."""
    a = np.zeros(bound + 1, dtype=np.int64)
    b = np.zeros(bound + 1, dtype=np.int64)
    parities = np.zeros(bound + 1, dtype=np.int64)
    path = np.full(bound + 1, -1, dtype=np.int64)
    nxt = np.zeros(bound + 1, dtype=np.int64)
    a[0], b[0], parities[0] = mask_a, mask_b, parity
    depth, count, nodes = 0, 0, 0
    n_moves = axis.size
    if max(prune_a[mask_a], prune_b[mask_b]) > bound:
        return 0, 0
    while depth >= 0:
        if depth == bound:
            if prune_a[a[depth]] == 0 and prune_b[b[depth]] == 0 and (need_even == 0 or parities[depth] == 0):
                out[count, :bound] = path[:bound]
                count += 1
                if count == limit:
                    return count, nodes
            depth -= 1
            continue
        m = nxt[depth]
        moved = False
        previous = path[depth - 1] if depth > 0 else -1
        while m < n_moves:
            if previous < 0 or axis[m] != axis[previous] or rank[m] > rank[previous]:
                image_a = apply_mask(luts_a, m, a[depth])
                if prune_a[image_a] + depth + 1 <= bound:
                    image_b = apply_mask(luts_b, m, b[depth])
                    if prune_b[image_b] + depth + 1 <= bound:
                        nodes += 1
                        path[depth] = m
                        nxt[depth] = m + 1
                        a[depth + 1] = image_a
                        b[depth + 1] = image_b
                        parities[depth + 1] = parities[depth] ^ wing_odd[m]
                        nxt[depth + 1] = 0
                        depth += 1
                        moved = True
                        break
            m += 1
        if not moved:
            nxt[depth] = 0
            depth -= 1
        if nodes > budget or (nodes & 1023 == 0 and stop[0] != 0):
            return count, nodes
    return count, nodes
