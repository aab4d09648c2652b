"""Pure-Python exact-cover backend over the same placement matrix: no numba, no compile, Python ints as bitsets.

Two uses: (1) small searches where importing numba (about a third of a second) costs more than the search itself,
such as one case of the Soma command; (2) an independent second implementation that tests compare with the
numba kernel. Same strategy as ``kernel``: fill the lowest empty search cell, candidates grouped by kind.

It reads the placement rows as Python lists (``placements.PlacementRows``, also kept by every ``CoverProblem``)
and never imports numpy, so the Soma command runs without numpy's import time.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from solvers.packing.placements import PlacementRows

if TYPE_CHECKING:  # pragma: no cover
    from solvers.packing.cover import CoverProblem


def _rows_of(source: PlacementRows | CoverProblem) -> PlacementRows:
    if isinstance(source, PlacementRows):
        return source
    if source.placement_rows is None:  # pragma: no cover - build_cover always fills it
        raise ValueError("this CoverProblem has no placement rows; make it with build_cover")
    return source.placement_rows


class PySearch:
    """Candidate tables built once for a problem and a row filter; ``solutions(prefix)`` walks from a prefix."""

    def __init__(self, source: PlacementRows | CoverProblem, enabled: Iterable | None = None) -> None:
        rows = _rows_of(source)
        self.rows = rows
        self.masks = rows.masks
        n_kinds = rows.n_kinds
        start = rows.start
        ok = [True] * rows.n_rows if enabled is None else [bool(e) for e in enabled]
        # per cell: (kind, usable (row, mask) pairs) for the kinds that have any, in kind order
        self.table: list[list[tuple[int, list[tuple[int, int]]]]] = []
        for c in range(rows.n_cells):
            per_kind = []
            for k in range(n_kinds):
                slot = range(start[c * n_kinds + k], start[c * n_kinds + k + 1])
                candidates = [(r, self.masks[r]) for r in slot if ok[r]]
                if candidates:
                    per_kind.append((k, candidates))
            self.table.append(per_kind)
        self.full = (1 << rows.n_cells) - 1

    def solutions(self, prefix: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
        """Yield every exact cover extending ``prefix`` as a tuple of row ids (prefix first).

        The walk collects the subtree's covers into a list before yielding them: a plain recursive function is
        about 1.6x faster in CPython than a chain of nested generators, and the searches this backend serves are
        small (the Soma command's 480 covers, the tests' cross-checks).
        """
        remaining = self.rows.kind_count
        chosen: list[int] = list(prefix)
        occ0 = 0
        for row in prefix:
            remaining[self.rows.kinds[row]] -= 1
            if occ0 & self.masks[row]:
                return
            occ0 |= self.masks[row]
        if min(remaining, default=0) < 0:
            return
        table, full = self.table, self.full
        found: list[tuple[int, ...]] = []

        def walk(occ: int) -> None:
            free = full & ~occ
            cell = (free & -free).bit_length() - 1  # lowest empty search cell
            for kind, candidates in table[cell]:
                if not remaining[kind]:
                    continue
                remaining[kind] -= 1
                for row, mask in candidates:
                    if not occ & mask:
                        chosen.append(row)
                        nxt = occ | mask
                        if nxt == full:
                            found.append(tuple(chosen))
                        else:
                            walk(nxt)
                        chosen.pop()
                remaining[kind] += 1

        if occ0 == full:
            found.append(tuple(chosen))
        else:
            walk(occ0)
        yield from found


def iter_solutions(problem: PlacementRows | CoverProblem, enabled: Iterable | None = None) -> Iterator[tuple[int, ...]]:
    """Every exact cover using enabled rows, as tuples of row ids."""
    yield from PySearch(problem, enabled).solutions()
