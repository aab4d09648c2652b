"""The assembly searches of a BurrTools count: the kernel's solutions as one array of rows, searched on this thread
while the search is short and on every core once it is not.

Most BurrTools files are small puzzles whose whole search takes a few milliseconds, less than starting the search
threads and handing solutions from them one at a time. So the chunks are first searched here, in order, for at
most ``SERIAL_NODES`` nodes, each kernel batch kept as the array it comes in; a search still running then is
started again on every core (``parallel``), the nodes spent on the first try being a small share of such a search.
Either way the rows are the same, in the same order.

Before any of that, in a process that has not loaded numba yet, the search runs in plain Python
(``fewest_search``) for a bounded time: a small file's whole search there takes less than loading numba and the
kernel would. And a problem with large pieces in a result of moderate size (burrs) is searched compiled the way
BurrTools searches, the cell with the fewest placements first (``fewest_runner``), on this thread: there the
packing kernel's lowest-empty-cell rule walks tens of times more nodes.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np

from solvers.engine import StopFlag
from solvers.packing.chunks import FIRST_BUDGET, Chunk, ChunkRunner, CoverSolution
from solvers.packing.cover import CoverProblem
from solvers.packing.fewest_runner import TooManyRows, fewest_rows
from solvers.packing.fewest_search import SMALL_SECONDS, small_assembly_rows

SERIAL_NODES = 1 << 22  # nodes searched on this thread before the search moves to every core (tens of milliseconds)
# The compiled search of the cell with the fewest placements (``fewest_kernel``) where some piece has at least
# FEWEST_PIECE_CELLS cells and the result at most FEWEST_MAX_CELLS. Measured on the BurrTools examples, compiled
# search alone: AlPackino 12 ms against the packing kernel's 36 (15,822 nodes against 473,680), SolidSixPieceBurrs
# 0.39 s against 1.08, CubeInCage about equal (0.3 ms); the packing kernel keeps the boxes of small pieces, where
# its lowest-empty-cell rule and its sealed-region cut walk fewer nodes (pentomino 6x10 0.16 s against 0.56,
# soma 1.3 ms against 2.1, DemoPieceGenerator 0.2 ms against 1.3), and the large results, where counting every
# empty cell's placements at each node costs more than the nodes it saves (PelikanBurr's 512 cells: 2.9 ms against
# 6.7).
FEWEST_PIECE_CELLS = 16
FEWEST_MAX_CELLS = 256


def numba_loaded() -> bool:
    """Whether this process has numba loaded already: then a compiled search costs a few milliseconds to load and
    is the faster one at every size; before, loading numba and a kernel costs about 0.4 s."""
    return "numba" in sys.modules


class TooManyAssemblies(Exception):
    """More solutions than the caller may hold."""


def prefers_fewest(problem: CoverProblem) -> bool:
    """Whether the compiled search of the cell with the fewest placements is the faster one for ``problem``
    (large pieces in a result of moderate size: see ``FEWEST_PIECE_CELLS``)."""
    if problem.n_cells > FEWEST_MAX_CELLS:
        return False
    return max((len(piece.cells) for piece in problem.puzzle.pieces), default=0) >= FEWEST_PIECE_CELLS


def assembly_rows(
    problem: CoverProblem,
    chunks: Sequence[Chunk],
    enabled: np.ndarray,
    stop: StopFlag | None,
    *,
    limit: int,
    serial_nodes: int = SERIAL_NODES,
    threads: int | None = None,
    small_seconds: float | None = None,
    filler: int | None = None,
) -> np.ndarray:
    """Every solution of ``chunks`` (in their order) as an (N, pieces) array of rows, -1 padded. Raises
    TooManyAssemblies past ``limit`` solutions; a set ``stop`` ends the search early (the caller checks it).

    While numba is not loaded in this process, the search first runs in Python for up to
    ``small_seconds`` (default ``fewest_search.SMALL_SECONDS``; ``filler``: the kind of one-cell rows that stand
    for empty cells), which finishes most small problems sooner than numba and the kernel load; a search that
    takes longer, or any search once numba is loaded, runs compiled: the search of the cell with the fewest
    placements where :func:`prefers_fewest` says so, the packing kernel otherwise. The rows are the same in every
    case."""
    enabled = np.ascontiguousarray(enabled, dtype=np.uint8)
    if small_seconds is None:
        small_seconds = 0.0 if numba_loaded() else SMALL_SECONDS
    if small_seconds > 0:
        small = small_assembly_rows(problem, chunks, enabled, small_seconds, filler)
        if small is not None:
            if len(small) > limit:
                raise TooManyAssemblies
            return small
    if prefers_fewest(problem):
        try:
            return fewest_rows(problem, chunks, enabled, stop, filler=filler, limit=limit)
        except TooManyRows:
            raise TooManyAssemblies from None
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


def rotation_chunks(
    problem: CoverProblem, cell_perms: Sequence[np.ndarray], anchors: Sequence[int], enabled: np.ndarray
) -> list[Chunk] | None:
    """Chunks that list at least one assembly of every class under the rotations ``cell_perms`` (each a
    permutation of the file cells mapping the result onto itself, the identity left out), most classes once: one
    copy of an *anchor* kind (one of ``anchors``: kinds every assembly holds exactly once) pinned at one placement
    per orbit of its placements, as ``chunks.plan_chunks`` does for a puzzle's box. Every assembly is a rotation
    of one with its anchor at such a placement. The kernel is given no filter for the rotations that keep a pinned
    placement (their row permutations cost more to build than the few extra assemblies cost to list), so the
    caller still sorts the listed assemblies into classes. None when no anchor or rotation applies."""
    usable = (problem.row_kind[:, None] == np.asarray(anchors)[None, :]) & (enabled[:, None] != 0)
    counts = usable.sum(axis=0) if len(anchors) else np.zeros(0, dtype=np.int64)
    if not cell_perms or not len(anchors) or not counts.max():
        return None
    kind = anchors[int(np.argmin(np.where(counts > 0, counts, np.iinfo(np.int64).max)))]  # the fewest placements
    rows = np.flatnonzero((problem.row_kind == kind) & (enabled != 0))
    images = _images(problem, kind, rows, np.stack(cell_perms))
    if (images < 0).any():  # not a symmetry of these placements: leave the search whole
        return None
    empty = np.zeros((0, problem.n_rows), dtype=np.int64)
    return [Chunk((int(rep),), empty) for rep in rows[images.min(axis=0) >= rows].tolist()]


def _images(problem: CoverProblem, kind: int, rows: np.ndarray, perms: np.ndarray) -> np.ndarray:
    """(perms, rows): the row of ``kind`` each of ``rows`` becomes under each cell permutation, -1 where none.

    Only the kind's own rows are looked up, at the kind's own width: each placement hashed as a sum of fixed
    random weights of its cells (no sorting needed), found with ``searchsorted`` and checked cell for cell (a row's
    cells are sorted). A collision can only make an image missing, and the caller then keeps the search whole."""
    own = np.flatnonzero(problem.row_kind == kind)
    size = int((problem.row_cells[own[0]] >= 0).sum())
    cells = problem.row_cells[own, :size]
    weights = np.random.default_rng(20261127).integers(1, 2**63, size=problem.n_cells, dtype=np.uint64)
    with np.errstate(over="ignore"):
        hashes = weights[cells].sum(axis=1, dtype=np.uint64)
        moved = perms[:, problem.row_cells[rows, :size]]  # (perms, rows, size)
        wanted = weights[moved].sum(axis=2, dtype=np.uint64)
    order = np.argsort(hashes)
    at = order[np.minimum(np.searchsorted(hashes[order], wanted), len(own) - 1)]
    same = (hashes[at] == wanted) & (cells[at] == np.sort(moved, axis=2)).all(axis=2)
    return np.where(same, own[at], -1)
