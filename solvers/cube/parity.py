"""The parity of a permutation, which every cube engine asks: turns change corner and edge parity together, so an
odd one alone is a cube no turns can solve (and on big cubes it says which inner turn a wing orbit needs)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def permutation_parity(permutation: Sequence[int] | np.ndarray) -> int:
    """0 for an even permutation, 1 for an odd one (from its cycle lengths: a cycle of length k is k - 1 swaps)."""
    seen = [False] * len(permutation)
    odd = 0
    for start in range(len(permutation)):
        i, length = start, 0
        while not seen[i]:
            seen[i] = True
            i = int(permutation[i])
            length += 1
        odd ^= max(length - 1, 0) & 1
    return odd
