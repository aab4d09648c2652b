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
        enabled = np.ascontiguousarray(enabled, dtype=np.uint8)
        filler_kind = -1 if filler is None else int(filler)
        row_ptr, row_cell, col_bits, col_lo, col_hi, kind_bits, filler_at, on = fewest_kernel.build_tables(
            problem.row_cells, problem.row_kind, enabled, problem.n_cells, problem.n_kinds, filler_kind
        )
        slack = np.zeros(problem.n_kinds, dtype=np.int64) if problem.kind_slack is None else problem.kind_slack
        self.rows = fewest_kernel.FewestRows(
            row_ptr, row_cell, col_bits, col_lo, col_hi, kind_bits, problem.row_kind,
            np.ascontiguousarray(slack, dtype=np.int64), filler_at, filler_kind, _NO_ROWS, _no_stab(problem.n_rows),
        )  # fmt: skip
        self._on = on
        self._needed = int((filler_at < 0).sum())

    def chunk_rows(self, chunk: Chunk, stop: StopFlag | None, limit: int | None) -> tuple[np.ndarray, int]:
        """(the chunk's solutions as rows in the packing kernel's order, nodes walked). TooManyRows past ``limit``
        solutions; a set ``stop`` ends the walk early (the caller checks it)."""
        kernel = self._kernel
        problem = self.problem
        width = problem.n_instances
        state = kernel.start_state(self._on, problem.kind_count, problem.n_cells, self._needed)
        rows = self.rows
        if chunk.prefix or len(chunk.stab):
            stab = np.ascontiguousarray(chunk.stab, dtype=np.int64) if len(chunk.stab) else rows.stab
            rows = rows._replace(prefix=np.asarray(chunk.prefix, dtype=np.int64), stab=stab)
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
