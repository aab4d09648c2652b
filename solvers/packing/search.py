"""The enumeration generator: plans symmetry-broken chunks, drives the kernel, yields solutions and progress.

Usage::

    problem = build_cover(load_puzzle("soma"))
    for event in enumerate_solutions(problem, up_to=SymmetryMode.ROTATION, stop=my_event):
        if isinstance(event, CoverSolution): ...
        else: ...  # CoverProgress(fraction, solutions, elapsed, eta, nodes)

Symmetry reduction (``up_to`` rotation/mirror) pre-places one *anchor* piece at one placement per orbit of the
symmetry group; each such placement is a chunk searched to the end. The kernel then keeps a solution only if it is
the smallest image under the anchor placement's stabiliser, so every class is yielded exactly once. Progress is the
fraction of chunks done plus the position inside the current chunk's tree (sibling index weighted by depth).
"""

from __future__ import annotations

import time
from collections.abc import Generator, Sequence

import numpy as np

from solvers.engine import StopFlag
from solvers.packing.chunks import (
    CALL_SECONDS,
    DEFAULT_PROGRESS_INTERVAL,
    FIRST_BUDGET,
    MAX_BUDGET,
    Chunk,
    ChunkRunner,
    CoverProgress,
    CoverSolution,
    plan_chunks,
    run_chunk,
    split_chunks,
)
from solvers.packing.cover import CoverProblem, Placement
from solvers.packing.puzzle import SymmetryMode

__all__ = [
    "DEFAULT_PROGRESS_INTERVAL",
    "Chunk",
    "CoverProgress",
    "CoverSolution",
    "all_solutions",
    "count_solutions",
    "enumerate_solutions",
    "plan_chunks",
    "run_chunk",
    "split_chunks",
]


def enumerate_solutions(
    problem: CoverProblem,
    *,
    up_to: SymmetryMode | str = SymmetryMode.NONE,
    pins: Sequence[Placement | int] = (),
    forbids: Sequence[Placement | int] = (),
    count_only: bool = False,
    stop: StopFlag | None = None,
    progress_interval: float = DEFAULT_PROGRESS_INTERVAL,
    enabled: np.ndarray | None = None,
    threads: int | None = None,
) -> Generator[CoverProgress | CoverSolution, None, None]:
    """Yield :class:`CoverSolution` (unless ``count_only``) and :class:`CoverProgress` events; the last event is
    a CoverProgress with ``done=True`` (or the generator just ends early when ``stop`` was set).

    ``pins`` pre-place pieces, ``forbids`` remove placements; ``enabled`` (bool per row) restricts rows further
    (e.g. to fix one orientation of a piece, as the tests do to check the Soma command). ``threads`` searches
    chunks side by side (default: every core this process may use; 1: this thread alone); the events are the
    same whatever the number, solutions in the same order (see ``parallel``).
    """
    mode = SymmetryMode(up_to)
    pin_rows = tuple(r if isinstance(r, int) else problem.resolve(r) for r in pins)
    forbid_rows = tuple(r if isinstance(r, int) else problem.resolve(r) for r in forbids)
    row_enabled = np.ones(problem.n_rows, dtype=np.uint8) if enabled is None else enabled.astype(np.uint8)
    row_enabled[list(forbid_rows)] = 0
    chunks = plan_chunks(problem, mode, pin_rows, forbid_rows)
    if threads is None:
        from solvers.packing.parallel import default_threads

        threads = default_threads()
    if threads < 1:
        raise ValueError(f"threads must be 1 or more, not {threads}")
    if threads > 1:
        from solvers.packing.parallel import enumerate_in_threads

        yield from enumerate_in_threads(
            problem, chunks, row_enabled, count_only=count_only, stop=stop, progress_interval=progress_interval,
            threads=threads,
        )  # fmt: skip
        return
    t0 = time.perf_counter()
    last_report = t0
    found = nodes = 0
    budget = FIRST_BUDGET
    for i, chunk in enumerate(chunks):
        runner = ChunkRunner(problem, chunk, row_enabled, count_only)
        while not runner.finished:
            if stop is not None and stop.is_set():
                return
            call_start = time.perf_counter()
            batch, n_found, n_nodes = runner.step(budget)
            if time.perf_counter() - call_start < CALL_SECONDS and budget < MAX_BUDGET:
                budget *= 2
            nodes += n_nodes
            for rows in batch:
                yield CoverSolution(tuple(int(r) for r in rows), found)
                found += 1
            if count_only:
                found += n_found
            now = time.perf_counter()
            if now - last_report >= progress_interval:
                last_report = now
                fraction = (i + runner.fraction()) / len(chunks)
                elapsed = now - t0
                eta = elapsed * (1 - fraction) / fraction if fraction > 0 else None
                yield CoverProgress(fraction, found, elapsed, eta, nodes)
    yield CoverProgress(1.0, found, time.perf_counter() - t0, 0.0, nodes, done=True)


def count_solutions(problem: CoverProblem, **kwargs) -> int:
    """Number of solutions (or classes, with ``up_to``) without storing them."""
    total = 0
    for event in enumerate_solutions(problem, count_only=True, **kwargs):
        if isinstance(event, CoverProgress) and event.done:
            total = event.solutions
    return total


def all_solutions(problem: CoverProblem, **kwargs) -> np.ndarray:
    """Every solution as an (N, K) array of row ids (K pieces placed per solution)."""
    rows = [ev.rows for ev in enumerate_solutions(problem, **kwargs) if isinstance(ev, CoverSolution)]
    return np.asarray(rows, dtype=np.int64).reshape(len(rows), problem.n_instances)
