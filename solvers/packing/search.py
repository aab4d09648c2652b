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
from dataclasses import dataclass

import numpy as np

from solvers.engine import Progress, Solution, StopFlag
from solvers.packing.cover import CoverProblem, Placement
from solvers.packing.errors import ConstraintError
from solvers.packing.puzzle import SymmetryMode
from solvers.packing.symmetry import anchor_kind, orbit_representatives, row_group, stabiliser

DEFAULT_PROGRESS_INTERVAL = 0.25  # seconds between CoverProgress events: smooth for a GUI, cheap for the CLI
_FIRST_BUDGET = 1 << 14  # nodes per kernel call at first; doubled until a call takes ~_CALL_SECONDS
_MAX_BUDGET = 1 << 26
_CALL_SECONDS = 0.05
_OUT_CAPACITY = 4096


@dataclass(frozen=True)
class CoverProgress(Progress):
    """fraction of the search tree done (estimate), solutions so far, seconds elapsed, seconds left (or None)."""

    fraction: float
    solutions: int
    elapsed: float
    eta: float | None
    nodes: int
    done: bool = False


@dataclass(frozen=True)
class CoverSolution(Solution):
    """One solution as row ids of the problem's placement matrix (see ``CoverProblem.labels``)."""

    rows: tuple[int, ...]
    index: int


@dataclass(frozen=True)
class Chunk:
    prefix: tuple[int, ...]
    stab: np.ndarray  # (S, R) row permutations to filter by


def plan_chunks(
    problem: CoverProblem, up_to: SymmetryMode, pins: Sequence[int] = (), forbids: Sequence[int] = ()
) -> list[Chunk]:
    """Split the search into independent chunks (see module docstring)."""
    empty = np.zeros((0, problem.n_rows), dtype=np.int64)
    if pins or forbids:
        if up_to is not SymmetryMode.NONE:
            raise ConstraintError("pins and forbids select solutions, not classes: use up_to='none'")
        return [Chunk(tuple(pins), empty)]
    if up_to is SymmetryMode.NONE:
        return [Chunk((), empty)]
    group = row_group(problem, up_to)
    if group.order == 1:
        return [Chunk((), empty)]
    kind = anchor_kind(problem, group)
    if kind is None:
        return [Chunk((), group.perms[1:])]
    reps = orbit_representatives(problem.rows_of_kind(kind), group)
    return [Chunk((r,), stabiliser(r, group)) for r in reps]


def split_chunks(problem: CoverProblem, up_to: SymmetryMode | str) -> list[Chunk]:
    """The search as independent tasks for a batch or a cluster: the chunks `plan_chunks` makes, and a chunk with
    nothing pinned split further by the placements that cover the first cell (every solution covers it exactly
    once, so the pieces partition the solutions). In order: their solutions, concatenated, come in the same
    order as one search's."""
    chunks = []
    for chunk in plan_chunks(problem, SymmetryMode(up_to)):
        if chunk.prefix:
            chunks.append(chunk)
            continue
        first_cell = np.flatnonzero(problem.row_masks[:, 0] & np.uint64(1))
        chunks.extend(Chunk((int(row),), chunk.stab) for row in first_cell)
    return chunks


def run_chunk(problem: CoverProblem, chunk: Chunk, count_only: bool) -> tuple[int, np.ndarray]:
    """(number of solutions, their rows (empty when `count_only`)) of one chunk, searched to the end."""
    runner = _Runner(problem, chunk, np.ones(problem.n_rows, dtype=np.uint8), count_only)
    found, batches = 0, []
    while not runner.finished:
        batch, n_found, _nodes = runner.step(_MAX_BUDGET)
        if count_only:
            found += n_found
        else:
            batches.append(batch.copy())
            found += len(batch)
    width = problem.n_instances
    rows = np.concatenate(batches) if batches else np.zeros((0, width), dtype=np.int64)
    return found, rows


class _Runner:
    """Kernel state for one chunk; ``step`` runs one budgeted call."""

    def __init__(self, problem: CoverProblem, chunk: Chunk, enabled: np.ndarray, count_only: bool) -> None:
        from solvers.packing import kernel  # numba import deferred: module import stays light
        from solvers.packing.regions import regions

        self.problem = problem
        depth_max = problem.n_instances
        one_word = problem.n_words == 1
        self.fn = kernel.search
        remaining = problem.kind_count.copy()
        slack = np.zeros(problem.n_kinds, dtype=np.int64) if problem.kind_slack is None else problem.kind_slack
        occ_shape = (depth_max + 1,) if one_word else (depth_max + 1, problem.n_words)
        self.st_occ = np.zeros(occ_shape, dtype=np.uint64)
        self.st_cell = np.zeros(depth_max + 1, dtype=np.int64)
        self.st_ptr = np.zeros(depth_max + 1, dtype=np.int64)
        self.st_hi = np.zeros(depth_max + 1, dtype=np.int64)
        chosen = np.zeros(depth_max, dtype=np.int64)
        occ = np.zeros(problem.n_words, dtype=np.uint64)
        for d, row in enumerate(chunk.prefix):
            kind = int(problem.row_kind[row])
            if remaining[kind] == 0:
                raise ConstraintError(f"piece {problem.puzzle.pieces[kind].name!r} pinned more often than it exists")
            if np.any(occ & problem.row_masks[row]):
                raise ConstraintError("pinned placements overlap")
            remaining[kind] -= 1
            chosen[d] = row
            occ |= problem.row_masks[row]
        self.min_depth = len(chunk.prefix)
        self.st_occ[self.min_depth] = occ[0] if one_word else occ
        self.ctl = np.array([self.min_depth, 1], dtype=np.int64)
        masks = np.ascontiguousarray(problem.row_masks[:, 0]) if one_word else problem.row_masks
        stab = np.ascontiguousarray(chunk.stab, dtype=np.int64)
        self.rows = kernel.Rows(
            masks, problem.row_kind, enabled, problem.start, problem.n_kinds, problem.n_cells, slack, stab
        )
        self.regions = regions(problem)
        self.state = kernel.State(remaining, self.st_occ, self.st_cell, self.st_ptr, self.st_hi, chosen, self.ctl)
        self.count_only = count_only
        self.out = np.zeros((1 if count_only else _OUT_CAPACITY, depth_max), dtype=np.int64)
        self.finished = False

    def step(self, budget: int) -> tuple[np.ndarray, int, int]:
        status, n_out, n_found, nodes = self.fn(
            self.rows, self.regions, self.state, self.min_depth, budget, self.out, self.count_only
        )
        self.finished = status == 0
        return self.out[:n_out], int(n_found), int(nodes)

    def split_tail(self) -> tuple[list[tuple[int, ...]], float]:
        """Hand over the last part of this chunk's remaining search: the untried rows at the shallowest level that
        has any, each as the prefix of a new chunk (in the kernel's order), with their estimated share of this
        chunk. This chunk then stops before them, so its solutions followed by theirs are the unsplit order.
        Between calls only; ([], 0.0) when nothing is left to hand over."""
        if self.finished:
            return [], 0.0
        p = self.problem
        chosen = self.state.chosen
        share = 1.0
        for level in range(self.min_depth, int(self.ctl[0])):
            lo, ptr, hi = int(p.start[self.st_cell[level] * p.n_kinds]), int(self.st_ptr[level]), int(self.st_hi[level])
            if ptr < hi:
                rows = np.arange(ptr, hi)
                used = np.bincount(p.row_kind[chosen[:level]], minlength=p.n_kinds)
                overlap = (self.rows.masks[rows] & self.st_occ[level]) != 0
                if overlap.ndim == 2:
                    overlap = overlap.any(axis=1)
                left = (p.kind_count - used)[p.row_kind[rows]] > 0
                usable = rows[left & (self.rows.enabled[rows] != 0) & ~overlap]
                self.st_hi[level] = ptr  # the kernel meets this level's end here and backtracks
                if len(usable):
                    prefix = tuple(int(r) for r in chosen[:level])
                    return [(*prefix, int(row)) for row in usable], share * (hi - ptr) / max(hi - lo, 1)
            share /= max(hi - lo, 1)
        return [], 0.0

    def fraction(self) -> float:
        """Share of this chunk's tree already walked: sum of sibling positions weighted by depth."""
        if self.finished:
            return 1.0
        p = self.problem
        frac, weight = 0.0, 1.0
        for d in range(self.min_depth, int(self.ctl[0])):
            lo = p.start[self.st_cell[d] * p.n_kinds]
            width = max(int(self.st_hi[d] - lo), 1)
            frac += weight * (int(self.st_ptr[d]) - 1 - int(lo)) / width
            weight /= width
        return min(max(frac, 0.0), 1.0)


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
    budget = _FIRST_BUDGET
    for i, chunk in enumerate(chunks):
        runner = _Runner(problem, chunk, row_enabled, count_only)
        while not runner.finished:
            if stop is not None and stop.is_set():
                return
            call_start = time.perf_counter()
            batch, n_found, n_nodes = runner.step(budget)
            if time.perf_counter() - call_start < _CALL_SECONDS and budget < _MAX_BUDGET:
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
