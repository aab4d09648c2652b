"""Pure-Python exact-cover backend over the same placement matrix: no numba, no compile, Python ints as bitsets.

Two uses: (1) small searches where importing numba (about a third of a second) costs more than the search itself,
such as one case of the Soma command; (2) an independent second implementation that tests compare with the
numba kernel. Same strategy as ``kernel``: fill the lowest empty search cell, candidates grouped by kind.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from solvers.packing.cover import CoverProblem


def python_masks(problem: CoverProblem) -> list[int]:
    """Row masks as Python ints (all words joined), search-order bits."""
    masks = []
    for words in problem.row_masks:
        value = 0
        for w, word in enumerate(words.tolist()):
            value |= int(word) << (64 * w)
        masks.append(value)
    return masks


class PySearch:
    """Candidate tables built once for a problem and a row filter; ``solutions(prefix)`` walks from a prefix."""

    def __init__(self, problem: CoverProblem, enabled: np.ndarray | None = None) -> None:
        self.problem = problem
        self.masks = python_masks(problem)
        n_kinds = problem.n_kinds
        start = problem.start.tolist()
        ok = [True] * problem.n_rows if enabled is None else [bool(e) for e in enabled]
        # per cell, per kind: the usable (row, mask) pairs
        self.table = [
            [
                [(r, self.masks[r]) for r in range(start[c * n_kinds + k], start[c * n_kinds + k + 1]) if ok[r]]
                for k in range(n_kinds)
            ]
            for c in range(problem.n_cells)
        ]
        self.full = (1 << problem.n_cells) - 1

    def solutions(self, prefix: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
        """Yield every exact cover extending ``prefix`` as a tuple of row ids (prefix first)."""
        remaining = self.problem.kind_count.tolist()
        chosen: list[int] = list(prefix)
        occ0 = 0
        for row in prefix:
            remaining[int(self.problem.row_kind[row])] -= 1
            if occ0 & self.masks[row]:
                return
            occ0 |= self.masks[row]
        if min(remaining, default=0) < 0:
            return
        table, full = self.table, self.full

        def walk(occ: int, cell: int) -> Iterator[tuple[int, ...]]:
            if occ == full:
                yield tuple(chosen)
                return
            while (occ >> cell) & 1:
                cell += 1
            for kind, candidates in enumerate(table[cell]):
                if not remaining[kind]:
                    continue
                remaining[kind] -= 1
                for row, mask in candidates:
                    if not occ & mask:
                        chosen.append(row)
                        yield from walk(occ | mask, cell)
                        chosen.pop()
                remaining[kind] += 1

        yield from walk(occ0, 0)


def iter_solutions(problem: CoverProblem, enabled: np.ndarray | None = None) -> Iterator[tuple[int, ...]]:
    """Every exact cover using enabled rows, as tuples of row ids."""
    yield from PySearch(problem, enabled).solutions()
