"""Enumeration on several threads: the chunks of one search run side by side, their solutions merged in chunk order.

Why threads and not processes: the kernel releases the GIL (``nogil``), so N threads walk N chunks at once in one
process and share the placement matrix; each thread builds its own kernel state per chunk (a ``ChunkRunner``), so no
scratch array is shared. The generator is the only consumer. It yields the solutions of the *front* chunk (the
lowest one not yet fully yielded) as they arrive, so the stream, its order and every ``--out`` file are exactly
the serial search's. Solutions of later chunks wait in a buffer: a thread whose chunk is not at the front pauses
while ``buffer_rows`` rows are held, and the front chunk's thread pauses while the consumer has that many of its
rows still to take, so at most twice ``buffer_rows`` rows (and one kernel batch per thread) are held however many
solutions a search streams. Counting needs no buffer: the threads only add up.

The chunks of :func:`~solvers.packing.search.plan_chunks` can be few and very uneven (Bedlam up to rotation: two
pinned placements, one holding four fifths of the work), so :func:`finer_chunks` splits them further by the
kernel's own next choices before the threads start. Each thread checks the caller's stop flag between kernel
calls (a call takes about ``CALL_SECONDS``), so a cancel ends every thread within a fraction of a second.
"""

from __future__ import annotations

import heapq
import os
import threading
import time
from collections import deque
from collections.abc import Generator, Iterator, Sequence
from dataclasses import dataclass, field

import numpy as np

from solvers.engine import StopFlag
from solvers.packing.chunks import (
    CALL_SECONDS,
    FIRST_BUDGET,
    MAX_BUDGET,
    OUT_CAPACITY,
    Chunk,
    ChunkRunner,
    CoverProgress,
    CoverSolution,
)
from solvers.packing.cover import CoverProblem
from solvers.packing.estimate import _masks_from_words

CHUNKS_PER_THREAD = 64  # enough pieces that the last one running leaves the other threads little idle time
MAX_CHUNKS_FACTOR = 8  # the split stops at this many times the chunks asked for, however uneven they look
MAX_CHUNKS = 8192  # at most this many asked for, whatever the number of threads: the split itself costs time
BUFFER_ROWS = OUT_CAPACITY  # solutions held for later chunks (and for the front one): one kernel batch each
_POLL_SECONDS = 0.05  # how often a waiting thread or the consumer looks at the stop flag


def default_threads() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return max(len(os.sched_getaffinity(0)), 1)
    return os.cpu_count() or 1


def finer_chunks(
    problem: CoverProblem, chunks: list[Chunk], enabled: np.ndarray, at_least: int
) -> list[tuple[Chunk, float]]:
    """The chunks split by the kernel's next choices until there are ``at_least`` and none has a share above
    ``2 / at_least`` (or none can be split; never past ``MAX_CHUNKS_FACTOR * at_least`` chunks), each
    with its estimated share of the search (weights sum to 1), in the order whose concatenated solutions are the
    unsplit chunks' solutions.

    A chunk's children are exactly the rows the kernel would try next under its prefix: the rows whose lowest cell
    is the prefix's lowest empty cell, kinds with copies left, enabled, not overlapping the prefix, in row order.
    The kernel walks those subtrees one after the other, so the split keeps every count and the order. The largest
    share is split first; a chunk's share is divided evenly among its children (a rough guess, but a subtree is
    never guessed empty). A chunk without children holds no solution and is left out; a full or invalid prefix is
    kept as it is (the kernel then yields the cover, or raises the prefix's error).
    """
    if not chunks:
        return []
    masks = problem.placement_rows.masks if problem.placement_rows is not None else _masks_from_words(problem)
    roots = [_Split(chunk, 1.0 / len(chunks)) for chunk in chunks]
    largest = [(-node.weight, i, node) for i, node in enumerate(roots)]  # a heap: the largest share first
    heapq.heapify(largest)
    count, made = len(roots), len(roots)
    while largest and count < MAX_CHUNKS_FACTOR * at_least:
        if count >= at_least and -largest[0][0] <= 2.0 / at_least:
            break
        node = heapq.heappop(largest)[2]
        rows = _next_rows(problem, masks, node.chunk.prefix, enabled)
        if rows is None:
            continue
        node.children = [
            _Split(Chunk((*node.chunk.prefix, row), node.chunk.stab), node.weight / len(rows)) for row in rows
        ]
        for child in node.children:
            heapq.heappush(largest, (-child.weight, made, child))
            made += 1
        count += len(rows) - 1
    leaves = [node for root in roots for node in root.leaves()]
    total = sum(node.weight for node in leaves)
    return [(node.chunk, node.weight / total) for node in leaves]


@dataclass
class _Split:
    """A chunk of `finer_chunks` and, once split, its children in the kernel's order."""

    chunk: Chunk
    weight: float
    children: list[_Split] | None = None

    def leaves(self) -> Iterator[_Split]:
        """The chunks to search under this one, in order (none for a chunk split into no children)."""
        stack = [self]
        while stack:
            node = stack.pop()
            if node.children is None:
                yield node
            else:
                stack.extend(reversed(node.children))


def _next_rows(
    problem: CoverProblem, masks: Sequence[int], prefix: tuple[int, ...], enabled: np.ndarray
) -> list | None:
    """The kernel's candidate rows after ``prefix`` (see `finer_chunks`), or None for a full or invalid prefix."""
    remaining = [int(c) for c in problem.kind_count]
    occupied = 0
    for row in prefix:
        kind = int(problem.row_kind[row])
        if remaining[kind] == 0 or masks[row] & occupied:
            return None
        remaining[kind] -= 1
        occupied |= masks[row]
    cell = (~occupied & (occupied + 1)).bit_length() - 1
    if cell >= problem.n_cells:
        return None
    n_kinds = problem.n_kinds
    lo, hi = int(problem.start[cell * n_kinds]), int(problem.start[cell * n_kinds + n_kinds])
    kinds = problem.row_kind
    return [r for r in range(lo, hi) if remaining[kinds[r]] and enabled[r] and not masks[r] & occupied]


@dataclass
class _ChunkState:
    """What one chunk has produced so far (guarded by the pool's condition)."""

    weight: float
    batches: deque = field(default_factory=deque)  # solution rows not yet yielded, oldest first
    held: int = 0  # rows in ``batches``
    found: int = 0  # solutions found (yielded or not)
    fraction: float = 0.0  # share of the chunk's tree walked
    finished: bool = False


class _Pool:
    """The worker threads of one enumeration and the state they share with the consumer."""

    def __init__(self, problem: CoverProblem, chunks: list[tuple[Chunk, float]], enabled: np.ndarray,
                 count_only: bool, stop: StopFlag | None, buffer_rows: int) -> None:  # fmt: skip
        self.problem = problem
        self.chunks = [chunk for chunk, _ in chunks]  # by chunk id; chunks split off later are appended
        self.states = [_ChunkState(weight) for _, weight in chunks]
        self.order = list(range(len(self.chunks)))  # chunk ids in the order of their solutions
        self.queue = deque(self.order)  # chunk ids no thread has taken yet, in order
        self.enabled = enabled
        self.count_only = count_only
        self.stop = stop
        self.buffer_rows = buffer_rows
        self.cv = threading.Condition()
        self.abort = threading.Event()
        self.running = 0  # threads searching a chunk
        self.hungry = 0  # threads waiting for a chunk while others still search
        self.front = 0  # position in ``order`` of the first chunk not yet fully yielded
        self.held = 0  # rows buffered over all chunks
        self.peak_held = 0
        self.nodes = 0
        self.steps = 0  # kernel calls returned, over all threads
        self.reported_steps = 0  # ``steps`` when the consumer last reported progress
        self.splits = 0  # chunks split for hungry threads
        self.error: BaseException | None = None
        self.threads: list[threading.Thread] = []

    def stopped(self) -> bool:
        return self.abort.is_set() or (self.stop is not None and self.stop.is_set())

    def start(self, n_threads: int) -> None:
        for i in range(n_threads if self.chunks else 0):  # fewer chunks than threads: the others split them
            thread = threading.Thread(target=self._work, name=f"cover-search-{i}", daemon=True)
            thread.start()
            self.threads.append(thread)

    def close(self) -> None:
        """Stop every thread and wait for it (each returns after at most one kernel call)."""
        self.abort.set()
        with self.cv:
            self.cv.notify_all()
        for thread in self.threads:
            thread.join()

    def _work(self) -> None:
        budget = FIRST_BUDGET
        try:
            while not self.stopped():
                index = self._take()
                if index is None:
                    return
                try:
                    budget = self._run(index, budget)
                finally:
                    with self.cv:
                        self.running -= 1
                        self.cv.notify_all()
        except BaseException as exc:  # noqa: BLE001 - handed to the consumer, which raises it
            with self.cv:
                self.error = self.error or exc
                self.abort.set()
                self.cv.notify_all()

    def _take(self) -> int | None:
        """The next chunk to search, waiting (as ``hungry``) while the queue is empty but some thread still
        searches and may split its chunk; None when everything is taken and done, or on a stop."""
        with self.cv:
            while not self.stopped():
                if self.queue:
                    self.running += 1
                    return self.queue.popleft()
                if self.running == 0:
                    return None
                self.hungry += 1
                self.cv.wait(_POLL_SECONDS)
                self.hungry -= 1
            return None

    def _share_out(self, index: int, runner: ChunkRunner) -> None:
        """Split the tail of chunk ``index`` off as new chunks for the hungry threads (called with the lock held,
        between kernel calls). They come right after it in the order, so the solutions keep the serial order."""
        prefixes, share = runner.split_tail()
        if not prefixes:
            return
        parent = self.states[index]
        weight = parent.weight * share / len(prefixes)
        parent.weight -= parent.weight * share
        stab = self.chunks[index].stab
        ids = list(range(len(self.chunks), len(self.chunks) + len(prefixes)))
        self.chunks.extend(Chunk(prefix, stab) for prefix in prefixes)
        self.states.extend(_ChunkState(weight) for _ in prefixes)
        at = self.order.index(index, self.front) + 1
        self.order[at:at] = ids
        self.queue.extendleft(reversed(ids))
        self.splits += 1
        self.cv.notify_all()

    def _run(self, index: int, budget: int) -> int:
        """Search chunk ``index`` to its end (or until stopped); returns the node budget reached."""
        state = self.states[index]
        runner = ChunkRunner(self.problem, self.chunks[index], self.enabled, self.count_only)
        while not runner.finished:
            if self.stopped():
                return budget
            started = time.perf_counter()
            batch, n_found, n_nodes = runner.step(budget)
            if time.perf_counter() - started < CALL_SECONDS and budget < MAX_BUDGET:
                budget *= 2
            rows = batch.copy() if len(batch) else None
            fraction = runner.fraction()
            with self.cv:
                self.nodes += n_nodes
                self.steps += 1
                state.found += n_found if self.count_only else len(batch)
                if rows is not None:
                    state.batches.append(rows)
                    state.held += len(rows)
                    self.held += len(rows)
                    self.peak_held = max(self.peak_held, self.held)
                state.fraction = fraction
                state.finished = runner.finished
                if self.hungry and not self.queue and not runner.finished:
                    self._share_out(index, runner)
                    state.fraction = runner.fraction()
                if index == self._front_id():  # only the front chunk's news wakes the consumer (a later one's waits)
                    self.cv.notify_all()
                while self._must_wait(index):
                    self.cv.wait(_POLL_SECONDS)
        return budget

    def _front_id(self) -> int:
        """The chunk whose solutions the consumer yields now (-1 when every chunk is done)."""
        return self.order[self.front] if self.front < len(self.order) else -1

    def _must_wait(self, index: int) -> bool:
        """A thread pauses while the buffer is full: the front chunk's own rows, or all rows for a later chunk.
        A thread whose chunk is done goes on when the front chunk waits in the queue (split off after the others
        were taken): it is the one to search it, or the consumer would wait for ever."""
        if self.stopped():
            return False
        front = self._front_id()
        if index == front:
            return self.states[index].held > self.buffer_rows
        if self.states[index].finished and self.queue and self.queue[0] == front:
            return False
        return self.held > self.buffer_rows

    def take_front(self, deadline: float) -> tuple[list[np.ndarray], bool]:
        """(batches of the front chunk, all chunks done), waiting until there are some, the search ends, it is
        stopped or ``deadline`` (perf_counter) has passed and some kernel call has returned since the last report
        (so a zero interval reports once per call, as the serial search does). Raises a thread's error."""
        with self.cv:
            while True:
                if self.error is not None:
                    raise self.error
                if self.stopped():
                    return [], False
                if self.front == len(self.order):
                    return [], True
                state = self.states[self.order[self.front]]
                if state.batches:
                    batches = list(state.batches)
                    state.batches.clear()
                    self.held -= state.held
                    state.held = 0
                    self.cv.notify_all()
                    return batches, False
                if state.finished:
                    self.front += 1
                    self.cv.notify_all()
                    continue
                left = deadline - time.perf_counter()
                if left <= 0 and self.steps != self.reported_steps:
                    return [], False
                self.cv.wait(_POLL_SECONDS if left <= 0 else min(left, _POLL_SECONDS))

    def progress(self) -> tuple[float, int]:
        """(share of the search done, solutions found) over every chunk."""
        with self.cv:
            self.reported_steps = self.steps
            fraction = sum(s.weight * (1.0 if s.finished else s.fraction) for s in self.states)
            return min(fraction, 1.0), sum(s.found for s in self.states)


def enumerate_in_threads(
    problem: CoverProblem,
    chunks: list[Chunk],
    enabled: np.ndarray,
    *,
    count_only: bool,
    stop: StopFlag | None,
    progress_interval: float,
    threads: int,
    buffer_rows: int = BUFFER_ROWS,
) -> Generator[CoverProgress | CoverSolution, None, None]:
    """The events of `enumerate_solutions` for these chunks, searched on ``threads`` threads: the same solutions
    in the same order, then a final CoverProgress with ``done=True`` (nothing more when ``stop`` is set)."""
    fine = finer_chunks(problem, chunks, enabled, min(threads * CHUNKS_PER_THREAD, MAX_CHUNKS))
    pool = _Pool(problem, fine, enabled, count_only, stop, buffer_rows)
    t0 = time.perf_counter()
    next_report = t0 + progress_interval
    yielded = 0
    last_fraction = 0.0
    pool.start(threads)
    try:
        while True:
            batches, done = pool.take_front(next_report)
            if pool.stopped():
                return
            for batch in batches:
                for rows in batch:
                    yield CoverSolution(tuple(int(r) for r in rows), yielded)
                    yielded += 1
            if done:
                break
            now = time.perf_counter()
            if now >= next_report:
                next_report = now + progress_interval
                fraction, found = pool.progress()
                last_fraction = max(last_fraction, fraction)  # an estimate: never shown going back
                elapsed = now - t0
                eta = elapsed * (1 - last_fraction) / last_fraction if last_fraction > 0 else None
                yield CoverProgress(last_fraction, found if count_only else yielded, elapsed, eta, pool.nodes)
        total = pool.progress()[1] if count_only else yielded
        yield CoverProgress(1.0, total, time.perf_counter() - t0, 0.0, pool.nodes, done=True)
    finally:
        pool.close()
