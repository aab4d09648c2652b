"""The assembly searches of a BurrTools count: the kernel's solutions as one array of rows, searched on this thread
while the search is short and on every core once it is not.

Most BurrTools files are small puzzles whose whole search takes a few milliseconds, less than starting the search
threads and handing solutions from them one at a time. So the chunks are first searched here, in order, for at
most ``SERIAL_NODES`` nodes, each kernel batch kept as the array it comes in; a search still running then is
started again on every core (``parallel``), the nodes spent on the first try being a small share of such a search.
Either way the rows are the same, in the same order.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from solvers.engine import StopFlag
from solvers.packing.chunks import FIRST_BUDGET, Chunk, ChunkRunner, CoverSolution
from solvers.packing.cover import CoverProblem

SERIAL_NODES = 1 << 22  # nodes searched on this thread before the search moves to every core (tens of milliseconds)


class TooManyAssemblies(Exception):
    """More solutions than the caller may hold."""


def assembly_rows(
    problem: CoverProblem,
    chunks: Sequence[Chunk],
    enabled: np.ndarray,
    stop: StopFlag | None,
    *,
    limit: int,
    serial_nodes: int = SERIAL_NODES,
    threads: int | None = None,
) -> np.ndarray:
    """Every solution of ``chunks`` (in their order) as an (N, pieces) array of rows, -1 padded. Raises
    TooManyAssemblies past ``limit`` solutions; a set ``stop`` ends the search early (the caller checks it)."""
    enabled = np.ascontiguousarray(enabled, dtype=np.uint8)
    rows = _serial(problem, chunks, enabled, stop, limit, serial_nodes)
    if rows is not None:
        return rows
    from solvers.packing.parallel import default_threads, enumerate_in_threads

    n_threads = default_threads() if threads is None else threads
    found: list[tuple[int, ...]] = []
    if n_threads > 1:
        events = enumerate_in_threads(problem, list(chunks), enabled, count_only=False, stop=stop,
                                      progress_interval=1.0, threads=n_threads)  # fmt: skip
        for event in events:
            if isinstance(event, CoverSolution):
                if len(found) == limit:
                    raise TooManyAssemblies
                found.append(event.rows)
        return np.asarray(found, dtype=np.int64).reshape(len(found), problem.n_instances)
    rows = _serial(problem, chunks, enabled, stop, limit, None)
    assert rows is not None  # no node bound: the search ran to its end
    return rows


def _serial(
    problem: CoverProblem,
    chunks: Sequence[Chunk],
    enabled: np.ndarray,
    stop: StopFlag | None,
    limit: int,
    max_nodes: int | None,
) -> np.ndarray | None:
    """The solutions of every chunk searched on this thread, or None when that takes more than ``max_nodes``."""
    batches = []
    held = nodes = 0
    budget = FIRST_BUDGET
    for chunk in chunks:
        runner = ChunkRunner(problem, chunk, enabled, False)
        while not runner.finished:
            if stop is not None and stop.is_set():
                return np.zeros((0, problem.n_instances), dtype=np.int64)
            step = budget if max_nodes is None else min(budget, max(max_nodes - nodes, 1))
            batch, _found, n_nodes = runner.step(step)
            nodes += n_nodes
            budget = min(2 * budget, 1 << 26)
            if len(batch):
                held += len(batch)
                if held > limit:
                    raise TooManyAssemblies
                batches.append(batch.copy())
            if max_nodes is not None and nodes >= max_nodes and not runner.finished:
                return None
    if not batches:
        return np.zeros((0, problem.n_instances), dtype=np.int64)
    return np.concatenate(batches)
