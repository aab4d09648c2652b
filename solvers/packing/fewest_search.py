"""Exact cover in plain Python for small searches: the empty cell with the fewest fitting placements first.

The compiled kernel (``kernel``) fills the lowest empty cell, which is cheap per node but can walk far more nodes
than needed, and it costs the loading of numba and of its compiled code (about half a second of a process) before
its first node. A small BurrTools problem is searched here instead, as BurrTools itself searches: at each node the
empty cell that the fewest still-usable placements cover is filled next (a cell no placement covers ends the
branch at once). Placements are bits of Python integers: per cell the set of rows that cover it, and one set of
the rows still usable, from which placing a row removes every row that shares a cell with it and a kind with no
copies left removes all of its rows. A count of usable rows per cell is then one ``&`` and one ``bit_count``.

A BurrTools problem's ``+`` cells may stay empty: the count covers them with a one-cell *filler* kind. Those cells
are chosen only once every other cell is full, and once nothing but fillers can still be placed the cells left
are filled with them at once (rather than one node per empty cell).

The search is bounded in CPU time (the process's, so that a busy machine does not cut it short); past the bound
the caller hands the problem to the kernel. Its solutions come back in the kernel's own order (per chunk, the
pinned rows and then the others by increasing row id: the kernel's rows are sorted by their lowest cell, so it
meets every solution's rows in that order, and its walk is lexicographic), so that either search gives the same
array.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

import numpy as np

from solvers.packing.chunks import Chunk
from solvers.packing.cover import CoverProblem

SMALL_SECONDS = 0.12  # CPU seconds searched here at most (AlPackino takes 0.07 s; numba and the kernel load in 0.4 s)
CHECK_WORK = 4096  # the clock is read after this much work (a cell looked at: 1, a placement tried: NODE_WORK)
NODE_WORK = 10


class OutOfTime(Exception):
    """The search reached its time bound before its end."""


class FewestSearch:
    """Tables of one problem and row filter, built once; :meth:`solutions` walks one chunk of it."""

    def __init__(self, problem: CoverProblem, enabled: np.ndarray, filler: int | None = None) -> None:
        self.problem = problem
        n_rows, n_cells = problem.n_rows, problem.n_cells
        cells = problem.row_cells
        usable = np.flatnonzero(np.asarray(enabled) != 0)
        incidence = np.zeros((n_cells, n_rows), dtype=bool)
        filled = cells[usable] >= 0
        incidence[cells[usable][filled], np.repeat(usable, filled.sum(axis=1))] = True
        packed = np.packbits(incidence, axis=1, bitorder="little")
        self.at = [int.from_bytes(line.tobytes(), "little") for line in packed]  # rows covering each cell
        on = np.packbits(np.asarray(enabled) != 0, bitorder="little")
        self.usable = int.from_bytes(on.tobytes(), "little")  # the enabled rows
        kinds = problem.row_kind
        self.kind_rows = [
            int.from_bytes(np.packbits(kinds == k, bitorder="little").tobytes(), "little")
            for k in range(problem.n_kinds)
        ]
        self.row_kind = kinds.tolist()
        self.kind_count = problem.kind_count.tolist()
        slack = problem.kind_slack
        self.slack = [0] * problem.n_kinds if slack is None else slack.tolist()
        self.n_cells = n_cells
        self._conflicts: dict[int, tuple[int, int]] = {}
        # a one-cell kind standing for a cell left empty: once only such rows are usable, the cells still empty
        # are filled with them at once instead of one node each
        self.filler = filler
        self.filler_at = [-1] * n_cells
        if filler is not None:
            for r in np.flatnonzero(kinds == filler).tolist():
                cells_of = self._cells(r)
                if self.usable >> r & 1 and len(cells_of) == 1:
                    self.filler_at[cells_of[0]] = r
        self.required = sum(1 << c for c in range(n_cells) if self.filler_at[c] < 0)

    def _cells(self, row: int) -> list[int]:
        cells = self.problem.row_cells[row]
        return cells[cells >= 0].tolist()

    def _conflict(self, row: int) -> tuple[int, int]:
        """(the rows sharing a cell with ``row``, itself included; its cells as bits), worked out when first
        placed: most rows never are."""
        found = self._conflicts.get(row)
        if found is None:
            rows = bits = 0
            at = self.at
            for c in self._cells(row):
                rows |= at[c]
                bits |= 1 << c
            found = self._conflicts[row] = (rows, bits)
        return found

    def solutions(self, chunk: Chunk, deadline: float) -> list[tuple[int, ...]]:
        """The chunk's solutions as row tuples in the kernel's order; OutOfTime once ``deadline``
        (``time.process_time``) has passed."""
        remaining = list(self.kind_count)
        alive = self.usable
        empty = (1 << self.n_cells) - 1
        for row in chunk.prefix:
            kind = self.row_kind[row]
            if remaining[kind] == 0 or not alive >> row & 1:
                return []
            remaining[kind] -= 1
            rows, bits = self._conflict(row)
            alive &= ~rows
            if remaining[kind] == 0:
                alive &= ~self.kind_rows[kind]
            empty &= ~bits
        stab = [s.tolist() for s in chunk.stab] if len(chunk.stab) else []
        found: list[tuple[int, ...]] = []
        chosen: list[int] = list(chunk.prefix)  # the symmetry filter looks at the pinned rows too
        pinned = len(chosen)
        at, row_kind, kind_rows, slack = self.at, self.row_kind, self.kind_rows, self.slack
        conflict = self._conflict
        work = 0
        check = CHECK_WORK

        filler, filler_at, required = self.filler, self.filler_at, self.required
        others = ~kind_rows[filler] if filler is not None else -1

        def walk(alive: int, empty: int) -> None:
            nonlocal work, check
            if empty and filler is not None and not alive & others:  # only empty cells can still go: fill them
                fill = []
                while empty:
                    low = empty & -empty
                    row = filler_at[low.bit_length() - 1]
                    if row < 0 or not alive >> row & 1:
                        return
                    fill.append(row)
                    empty ^= low
                if len(fill) > remaining[filler]:
                    return
                remaining[filler] -= len(fill)
                chosen.extend(fill)
                walk(0, 0)
                del chosen[len(chosen) - len(fill) :]
                remaining[filler] += len(fill)
                return
            if not empty:
                if all(r <= s for r, s in zip(remaining, slack, strict=True)) and _smallest(chosen, stab):
                    found.append(tuple(sorted(chosen[pinned:])))
                return
            best_cell, best = -1, -1
            todo = (empty & required) or empty  # a cell that may stay empty only once every other one is full
            while todo:
                low = todo & -todo
                c = low.bit_length() - 1
                todo ^= low
                n = (at[c] & alive).bit_count()
                work += 1
                if n < best or best < 0:
                    if n == 0:
                        return
                    best, best_cell = n, c
                    if n == 1:
                        break
            work += NODE_WORK * best
            if work > check:
                if time.process_time() > deadline:
                    raise OutOfTime
                check = work + CHECK_WORK
            options = at[best_cell] & alive
            while options:
                low = options & -options
                row = low.bit_length() - 1
                options ^= low
                kind = row_kind[row]
                remaining[kind] -= 1
                rows, covered = conflict(row)
                after = alive & ~rows
                if remaining[kind] == 0:
                    after &= ~kind_rows[kind]
                chosen.append(row)
                walk(after, empty & ~covered)
                chosen.pop()
                remaining[kind] += 1

        walk(alive, empty)
        found.sort()
        return [tuple(chunk.prefix) + rows for rows in found]


def _smallest(chosen: list[int], stab: list[list[int]]) -> bool:
    """The kernel's symmetry filter: the sorted rows are no larger than their image under every permutation."""
    if not stab:
        return True
    mine = sorted(chosen)
    return all(sorted(perm[r] for r in chosen) >= mine for perm in stab)


def small_assembly_rows(
    problem: CoverProblem,
    chunks: Sequence[Chunk],
    enabled: np.ndarray,
    seconds: float = SMALL_SECONDS,
    filler: int | None = None,
) -> np.ndarray | None:
    """The solutions of ``chunks`` (in their order, each chunk's in the kernel's order) as an (N, pieces) array of
    rows, -1 padded, as ``burrtools_search.assembly_rows`` gives them; None when the search takes more than
    ``seconds`` (then the compiled kernel should run it). ``filler``: the kind of one-cell rows
    that stand for cells left empty, if any."""
    search = FewestSearch(problem, enabled, filler)
    width = problem.n_instances
    out: list[list[int]] = []
    deadline = time.process_time() + seconds
    for chunk in chunks:
        try:
            found = search.solutions(chunk, deadline)
        except OutOfTime:
            return None
        out.extend(list(rows) + [-1] * (width - len(rows)) for rows in found)
    return np.asarray(out, dtype=np.int64).reshape(len(out), width)
