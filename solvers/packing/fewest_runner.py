"""The compiled fewest-placements search (``fewest_kernel``) run over a list of chunks: its tables built from a
cover problem with numpy, each chunk's solutions sorted into the packing kernel's order.

The packing kernel lists a chunk's solutions with the pinned rows first and the others in increasing order, the
solutions in lexicographic order of those rows; this search meets them in another order, so each chunk's are
sorted once it is done. Either search then gives the same array, and a caller cannot tell which one ran.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from solvers.engine import StopFlag
from solvers.packing.chunks import Chunk
from solvers.packing.cover import CoverProblem

OUT_ROWS = 1024  # solutions written per kernel call
FIRST_NODES = 1 << 14  # nodes per call at first (a stop request is seen between calls), doubled up to MAX_NODES
MAX_NODES = 1 << 22


class TooManyRows(Exception):
    """More solutions than the caller may hold."""


class FewestSearch:
    """The search tables of one problem, row filter and filler kind, built once for every chunk."""

    def __init__(self, problem: CoverProblem, enabled: np.ndarray, filler: int | None = None) -> None:
        from solvers.packing import fewest_kernel

        self.problem = problem
        self._kernel = fewest_kernel
        self._filler = -1 if filler is None else int(filler)
        slack = np.zeros(problem.n_kinds, dtype=np.int64) if problem.kind_slack is None else problem.kind_slack
        self._slack = np.ascontiguousarray(slack, dtype=np.int64)
        enabled = np.ascontiguousarray(enabled, dtype=np.uint8)
        self.rows, self._on, self._needed = self._tables(problem.row_cells, problem.row_kind, enabled)

    def _tables(self, row_cells: np.ndarray, row_kind: np.ndarray, enabled: np.ndarray) -> tuple:
        """(the kernel's rows, the enabled rows' bits, the cells to be filled) for these rows."""
        p = self.problem
        row_ptr, row_cell, col_bits, col_lo, col_hi, kind_bits, filler_at, on = self._kernel.build_tables(
            row_cells, row_kind, enabled, p.n_cells, p.n_kinds, self._filler
        )
        rows = self._kernel.FewestRows(
            row_ptr, row_cell, col_bits, col_lo, col_hi, kind_bits, row_kind, self._slack, filler_at, self._filler,
            _NO_ROWS, _no_stab(len(row_kind)),
        )  # fmt: skip
        return rows, on, int((filler_at < 0).sum())

    def _pinned(self, prefix: tuple[int, ...]) -> tuple:
        """The tables of the rows that share no cell with the pinned ``prefix`` (and the pinned rows), renumbered
        in their order, with the new numbers' old ones: a count pins a burr's largest piece, which leaves a few
        hundred of its thousands of rows, and every node's work is per word of rows."""
        p, full = self.problem, self.rows
        cells = p.row_cells[list(prefix)]
        blocked = np.bitwise_or.reduce(full.col_bits[cells[cells >= 0]], axis=0)
        bits = np.unpackbits((self._on & ~blocked).view(np.uint8), bitorder="little")[: p.n_rows]
        keep = np.union1d(np.flatnonzero(bits), np.asarray(prefix, dtype=np.int64))
        rows, on, needed = self._tables(p.row_cells[keep], p.row_kind[keep], np.ones(len(keep), dtype=np.uint8))
        return rows._replace(prefix=np.searchsorted(keep, prefix).astype(np.int64)), on, needed, keep

    def chunk_rows(self, chunk: Chunk, stop: StopFlag | None, limit: int | None) -> tuple[np.ndarray, int]:
        """(the chunk's solutions as rows in the packing kernel's order, nodes walked). TooManyRows past ``limit``
        solutions; a set ``stop`` ends the walk early (the caller checks it)."""
        kernel = self._kernel
        problem = self.problem
        width = problem.n_instances
        rows, on, needed, keep = self.rows, self._on, self._needed, None
        if chunk.prefix and not len(chunk.stab):
            rows, on, needed, keep = self._pinned(chunk.prefix)
        elif chunk.prefix or len(chunk.stab):
            stab = np.ascontiguousarray(chunk.stab, dtype=np.int64) if len(chunk.stab) else rows.stab
            rows = rows._replace(prefix=np.asarray(chunk.prefix, dtype=np.int64), stab=stab)
        state = kernel.start_state(on, problem.kind_count, problem.n_cells, needed)
        out = np.empty((OUT_ROWS, width), dtype=np.int64)
        batches = []
        nodes = held = 0
        budget = FIRST_NODES
        while True:
            status, n_out, _found, n_nodes = kernel.search(rows, state, budget, out, False)
            nodes += n_nodes
            if n_out:
                held += n_out
                if limit is not None and held > limit:
                    raise TooManyRows
                batches.append(out[:n_out].copy())
            if status == 0:
                break
            if stop is not None and stop.is_set():
                break
            budget = min(2 * budget, MAX_NODES)
        if not batches:
            return np.zeros((0, width), dtype=np.int64), nodes
        found = np.concatenate(batches) if len(batches) > 1 else batches[0]
        if keep is not None:  # back to the problem's rows (in the same order)
            found = np.where(found >= 0, keep[np.maximum(found, 0)], -1)
        if len(found) > 1:
            key = np.where(found < 0, np.iinfo(np.int64).max, found)
            found = found[np.lexsort(key.T[::-1])]
        return found, nodes


_NO_ROWS = np.zeros(0, dtype=np.int64)


def _no_stab(n_rows: int) -> np.ndarray:
    return np.zeros((0, n_rows), dtype=np.int64)


def fewest_rows(
    problem: CoverProblem,
    chunks: Sequence[Chunk],
    enabled: np.ndarray,
    stop: StopFlag | None = None,
    *,
    filler: int | None = None,
    limit: int | None = None,
) -> np.ndarray:
    """The solutions of ``chunks`` (in their order) as an (N, pieces) array of rows, -1 padded, in the packing
    kernel's order. ``filler``: the kind of the one-cell rows that stand for cells left empty, if any.
    TooManyRows past ``limit`` solutions; a set ``stop`` ends the search early (the caller checks it)."""
    search = FewestSearch(problem, enabled, filler)
    parts = []
    held = 0
    for chunk in chunks:
        rows, _nodes = search.chunk_rows(chunk, stop, None if limit is None else limit - held)
        held += len(rows)
        if len(rows):
            parts.append(rows)
        if stop is not None and stop.is_set():
            break
    if not parts:
        return np.zeros((0, problem.n_instances), dtype=np.int64)
    return np.concatenate(parts) if len(parts) > 1 else parts[0]
