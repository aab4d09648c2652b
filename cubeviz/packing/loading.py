"""Work the packing browser runs off the GUI thread: enumerating a puzzle and reading a solution file, each ending
in a labelled SolutionSet. Plain generators and functions (no Qt), wrapped by cubeviz.workers in the browser.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from solvers.packing.burrtools_puzzle import BurrProblem
from solvers.packing.cover import CoverProblem
from solvers.packing.errors import SymmetryError
from solvers.packing.puzzle import Puzzle, SymmetryMode
from solvers.packing.queries import SolutionSet, with_classes
from solvers.packing.search import CoverProgress, CoverSolution, enumerate_solutions
from solvers.packing.solution_io import read_solutions

EXPAND_LIMIT = 200_000  # a file of classes is expanded to every placement when that many or fewer result
BROWSE_ALL_LIMIT = 100_000  # enumerate every placement by default only when the known count is at most this


@dataclass(frozen=True)
class Loaded:
    """The end of a load: the labelled set and a line saying where it came from."""

    solutions: SolutionSet
    source: str


def default_level(puzzle: Puzzle) -> SymmetryMode:
    """Every placement for small sets (Soma: 11,520), one per rotation class for big ones (Bedlam: 460,464)."""
    known = puzzle.known_counts.get(SymmetryMode.NONE.value)
    return SymmetryMode.NONE if known is None or known <= BROWSE_ALL_LIMIT else SymmetryMode.ROTATION


class RowCollector:
    """Solutions as they come, in numpy chunks rather than a list of tuples: a tuple of Python ints costs about ten
    times the row's bytes (Bedlam's 460,464 classes: some 230 MB as tuples, 24 MB here)."""

    CHUNK = 65_536

    def __init__(self, width: int) -> None:
        self.width = width
        self.chunks: list[np.ndarray] = []
        self.filled = 0

    def add(self, row) -> None:
        if not self.chunks or self.filled == self.CHUNK:
            self.chunks.append(np.empty((self.CHUNK, self.width), dtype=np.int64))
            self.filled = 0
        self.chunks[-1][self.filled] = row
        self.filled += 1

    def array(self) -> np.ndarray:
        """Every row added, in order, as one (n, width) array."""
        if not self.chunks:
            return np.zeros((0, self.width), dtype=np.int64)
        self.chunks[-1] = self.chunks[-1][: self.filled]
        whole = np.concatenate(self.chunks) if len(self.chunks) > 1 else self.chunks[0].copy()
        self.chunks = []
        return whole


def enumeration(
    problem: CoverProblem, up_to: SymmetryMode
) -> Callable[[threading.Event, Callable], Iterator[CoverProgress | Loaded]]:
    """A GeneratorWorker factory: yields the engine's CoverProgress, then one Loaded (nothing if cancelled)."""

    def run(stop: threading.Event, _report: Callable) -> Iterator[CoverProgress | Loaded]:
        rows = RowCollector(problem.n_instances)
        for event in enumerate_solutions(problem, up_to=up_to, stop=stop):
            if isinstance(event, CoverSolution):
                rows.add(event.rows)
            else:
                yield event
        if stop.is_set():
            return
        array = rows.array()
        del rows  # the chunks go before the solution set is built: the solutions are held once
        yield Loaded(with_classes(problem, array, up_to), f"{problem.puzzle.title}: enumerated")

    return run


def burrtools_enumeration(
    problem: BurrProblem, cover: CoverProblem, shift: tuple[int, int, int]
) -> Callable[[threading.Event, Callable], Iterator[CoverProgress | Loaded]]:
    """A GeneratorWorker factory for a BurrTools problem that is no exact cover: every assembly as rows of the
    display puzzle's cover (unused copies absent, a colouring its own row), labelled with its classes at every
    level that is defined (:mod:`solvers.packing.burrtools_levels`); the count at BurrTools' level is its own."""
    from solvers.packing.burrtools_display import assembly_rows
    from solvers.packing.burrtools_levels import burrtools_levels

    def run(stop: threading.Event, _report: Callable) -> Iterator[CoverProgress | Loaded]:
        try:
            levels = burrtools_levels(problem, stop=stop)
        except KeyboardInterrupt:  # the stop flag was set: the worker reports the cancel
            return
        if stop.is_set():
            return
        rows = assembly_rows(cover, shift, levels.assemblies)
        counted = levels.count(levels.burrtools)
        source = f"{problem.title}: {counted:,} assemblies as BurrTools counts them ({levels.burrtools.value} level)"
        yield Loaded(SolutionSet(cover, rows, SymmetryMode.NONE, dict(levels.classes)), source)

    return run


def cluster_enumeration(
    problem: CoverProblem, up_to: SymmetryMode, address: str
) -> Callable[[threading.Event, Callable], Iterator[CoverProgress | Loaded]]:
    """Like `enumeration`, but the search's chunks run on the Dask cluster at `address` (one task each, the puzzle
    sent as its JSON text): progress after each chunk, cancel between chunks, the same solutions in the same order."""
    import json

    from solvers.cluster.batch import Where, run_tasks
    from solvers.cluster.tasks import pack_chunk_task
    from solvers.packing.puzzle_io import puzzle_to_dict
    from solvers.packing.search import split_chunks

    def run(stop: threading.Event, _report: Callable) -> Iterator[CoverProgress | Loaded]:
        text = json.dumps(puzzle_to_dict(problem.puzzle))
        n_chunks = len(split_chunks(problem, up_to))
        payloads = [(text, up_to.value, index, False) for index in range(n_chunks)]
        rows = RowCollector(problem.n_instances)
        started, found = time.perf_counter(), 0
        results = run_tasks(pack_chunk_task, payloads, Where(scheduler=address))
        try:
            for done, (count, chunk_rows) in enumerate(results, start=1):
                if stop.is_set():
                    return
                for row in chunk_rows:
                    rows.add(row)
                found += count
                elapsed = time.perf_counter() - started
                fraction = done / n_chunks
                yield CoverProgress(fraction, found, elapsed, elapsed * (1 - fraction) / fraction, 0)
        finally:
            results.close()  # closes the cluster client, also when cancelled
        array = rows.array()
        del rows
        yield Loaded(with_classes(problem, array, up_to), f"{problem.puzzle.title}: enumerated on {address}")

    return run


def load_solution_file(path: str | Path, stop: threading.Event) -> Loaded:
    """Read a solution file (SolutionFileError when malformed); a file of classes is expanded to every placement
    when small enough, so every level can be browsed."""
    solutions = read_solutions(path)
    if solutions.up_to is not SymmetryMode.NONE and not stop.is_set():
        solutions = expand_to_all(solutions) or solutions
    return Loaded(solutions, f"{solutions.problem.puzzle.title}: {Path(path).name}")


def expand_to_all(solutions: SolutionSet) -> SolutionSet | None:
    """Every placement of a set of class representatives: their images under the symmetry group, deduplicated."""
    from solvers.packing.symmetry import row_group

    try:
        group = row_group(solutions.problem, solutions.up_to)
    except SymmetryError:
        return None
    if len(solutions) * group.order > EXPAND_LIMIT:
        return None
    images = np.concatenate([np.sort(group.perms[g][solutions.rows], axis=1) for g in range(group.order)])
    unique = np.unique(images, axis=0)
    return with_classes(solutions.problem, unique, SymmetryMode.NONE)
