"""Chunks of a packing search and the runner that drives the compiled kernel through one of them.

A search is split into chunks (one pre-placed anchor per symmetry orbit, see ``search``); a ``ChunkRunner`` holds
the kernel's state for one chunk and runs it a budget of nodes at a time, so its caller can report progress, stop,
or hand the untried tail of the chunk to another thread (``parallel``). Apart from ``search`` so that the serial
search and the threaded one both build on it without importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from solvers.engine import Progress, Solution
from solvers.packing.cover import CoverProblem
from solvers.packing.errors import ConstraintError
from solvers.packing.puzzle import SymmetryMode
from solvers.packing.symmetry import anchor_kind, orbit_representatives, row_group, stabiliser

DEFAULT_PROGRESS_INTERVAL = 0.25  # seconds between CoverProgress events: smooth for a GUI, cheap for the CLI
FIRST_BUDGET = 1 << 14  # nodes per kernel call at first; doubled until a call takes ~CALL_SECONDS
MAX_BUDGET = 1 << 26
CALL_SECONDS = 0.05
OUT_CAPACITY = 4096


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
    runner = ChunkRunner(problem, chunk, np.ones(problem.n_rows, dtype=np.uint8), count_only)
    found, batches = 0, []
    while not runner.finished:
        batch, n_found, _nodes = runner.step(MAX_BUDGET)
        if count_only:
            found += n_found
        else:
            batches.append(batch.copy())
            found += len(batch)
    width = problem.n_instances
    rows = np.concatenate(batches) if batches else np.zeros((0, width), dtype=np.int64)
    return found, rows


class ChunkRunner:
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
        self.out = np.zeros((1 if count_only else OUT_CAPACITY, depth_max), dtype=np.int64)
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
