"""The numba IDA* kernel of the 4x4x4 centre phases: one 24-bit centre mask, an exact table, a wing parity bit.

The kernel lists move sequences of exactly `bound` moves whose table value allows them and records up to `limit`
that reach the goal (table value 0, and an even wing permutation when `need_even`: the second phase is where the
wings' parity is fixed, since its inner quarter turns change it and the last phase's turns do not). With an
exact table the search walks straight down to the goal, so listing several solutions costs little. Moves about one
axis commute, so of two in a row about one axis only the lower-ranked first is tried. `budget` caps the nodes and
`stop[0] != 0` ends the search early.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.nxn.four.prune import apply_mask


@nb.njit(cache=True, nogil=True)
def mask_search(mask, parity, need_even, bound, luts, wing_odd, axis, rank, prune, limit, budget, out, stop):
    """Fill out[:count, :bound] with solutions; returns (count, nodes)."""
    masks = np.zeros(bound + 1, dtype=np.int64)
    parities = np.zeros(bound + 1, dtype=np.int64)
    path = np.full(bound + 1, -1, dtype=np.int64)
    nxt = np.zeros(bound + 1, dtype=np.int64)
    masks[0] = mask
    parities[0] = parity
    depth = 0
    count = 0
    nodes = 0
    n_moves = axis.size
    if prune[mask] > bound:
        return 0, 0
    while depth >= 0:
        if depth == bound:
            if prune[masks[depth]] == 0 and (need_even == 0 or parities[depth] == 0):
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
                image = apply_mask(luts, m, masks[depth])
                if prune[image] + depth + 1 <= bound:
                    nodes += 1
                    path[depth] = m
                    nxt[depth] = m + 1
                    masks[depth + 1] = image
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
