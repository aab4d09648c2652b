"""The breadth-first driver of the symmetry-class tables (`class_fill`): levels run on a worker thread, each in
the direction a cost model finds cheaper, with progress reported (and cancellation seen) while a level runs.

Two storages: packed 2-bit residues (`packed_residues`; the optimal solver's tables) and exact distances, one byte
an entry (the two-phase solver's phase-1 table).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import NamedTuple

import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik.packed_residues import store

POLL_SECONDS = 0.25  # how often a build reports its progress (and can be cancelled) while a level runs
UNKNOWN = 255  # an exact table's entry not reached yet

# The cost model that picks each level's direction and paces the progress it reports: CPU nanoseconds, measured on
# the split table's build (two cores, numba's code cached). A forward look costs more than a backward one (a claim
# is an atomic write, and it misses the branch predictor); a look also misses the cache when the level's looks are
# too few to use each line of the rows they read more than once (the early, sparse levels).
LOOKS_PER_MOVE = 18
WORD_NS = 1.05  # one word of 32 entries read while gathering a row's entries
FORWARD_LOOK_NS = 6.9
BACKWARD_LOOK_NS = 4.2
MISS_NS = 11.7  # a cache line of a neighbour row read for the first time in the level
# Neighbours a backward level looks at, on average, before it finds one at the level's depth (measured: 3.85 on
# the split table's largest level).
LOOKS_TO_FIND = 3.85
PAD_BYTES = 8  # a table's buffer runs this far past its last row, so a row's last word can be read whole


class TableShape(NamedTuple):
    """What the cost model needs to know of a table: its entries, the words a level reads to gather every row's
    entries, and the cache lines of the rows a level's 18 moves can lead to."""

    size: int
    words: int
    lines: int
    exact: bool = False  # one byte an entry (a level's frontier is its own depth) rather than residues

    @classmethod
    def of(cls, n_rows: int, row_stride: int, size: int, exact: bool = False) -> TableShape:
        per_word, per_line = (8, 64) if exact else (32, 256)
        lines = LOOKS_PER_MOVE * n_rows * -(-row_stride // per_line)
        return cls(size, n_rows * -(-row_stride // per_word), lines, exact)

    def frontier(self, histogram: Sequence[int], depth: int) -> int:
        """Entries a forward level from `depth` expands: those at that depth, or with residues those at any depth
        of the same residue."""
        return histogram[depth] if self.exact else sum(histogram[depth::-3])


def _level_cost(shape: TableShape, backward: bool, frontier: float, unreached: float, reach: float) -> float:
    """Nanoseconds of a level that starts from `frontier` entries (the level's residue), with `unreached` entries
    left, of which it reaches `reach`."""
    if backward:
        looks, look_ns = reach * LOOKS_TO_FIND + (unreached - reach) * LOOKS_PER_MOVE, BACKWARD_LOOK_NS
    else:
        looks, look_ns = LOOKS_PER_MOVE * frontier, FORWARD_LOOK_NS
    return WORD_NS * shape.words + look_ns * looks + MISS_NS * min(looks, shape.lines)


def _level_plan(histogram: list[int], shape: TableShape) -> tuple[bool, float]:
    """(whether the next level should run backward, its cost) from the histogram so far, guessing how many
    entries the level will reach from the last level's growth. Why a model: a backward level stops looking at an
    entry once it finds a neighbour, so it wins as soon as most unreached entries will be found, long before
    they are fewer than the frontier."""
    depth = len(histogram) - 1
    frontier = shape.frontier(histogram, depth)
    unreached = shape.size - sum(histogram)
    growth = histogram[depth] / histogram[depth - 1] if depth >= 1 and histogram[depth - 1] else LOOKS_PER_MOVE
    reach = min(unreached, histogram[depth] * growth)
    forward_cost = _level_cost(shape, False, frontier, unreached, reach)
    backward_cost = _level_cost(shape, True, frontier, unreached, reach)
    return (True, backward_cost) if backward_cost < forward_cost else (False, forward_cost)


def _planned_costs(expected: Sequence[int], shape: TableShape, last_depth: int | None) -> list[float]:
    """The cost of each level of a table whose histogram is known, in the direction the builder will choose (a
    level's real count in place of the growth guess)."""
    costs = []
    for depth in range(len(expected) - 1):
        if last_depth is not None and depth >= last_depth:
            break
        backward, _ = _level_plan(list(expected[: depth + 1]), shape)
        unreached = shape.size - sum(expected[: depth + 1])
        costs.append(_level_cost(shape, backward, shape.frontier(expected, depth), unreached, expected[depth + 1]))
    return costs


def size_text(n_bytes: int) -> str:
    """A table's size as a user reads it: 1.23 GB, 834 MB."""
    return f"{n_bytes / 1e9:.2f} GB" if n_bytes >= 1e9 else f"{n_bytes / 1e6:.0f} MB"


def _run_level(level, table: np.ndarray, depth: int, n_rows: int, report) -> tuple[int, int]:
    """Run one level over every row on a worker thread, calling report(rows taken) every POLL_SECONDS from this
    one; returns the level's (entries reached, neighbours looked at). Why a thread: a level is one call of a
    parallel kernel, so its threads meet once per level rather than once per progress report, which on a loaded
    machine cost seconds per level (each meeting waits for the slowest thread to be scheduled). When report
    raises (a cancelled build), the kernel is told to stop, and the error goes on once it has."""
    rows_taken = np.zeros(1, dtype=np.int64)  # the kernel takes rows from this counter
    stop = np.zeros(1, dtype=np.int64)
    outcome: list = []

    def work() -> None:
        try:
            outcome.append(level(table, depth, rows_taken, stop))
        except BaseException as error:  # noqa: BLE001 - handed to the caller's thread below
            outcome.append(error)

    worker = threading.Thread(target=work, name=f"residue level {depth + 1}", daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(POLL_SECONDS)
            report(min(int(rows_taken[0]), n_rows))
    except BaseException:
        stop[0] = 1
        worker.join()
        raise
    if isinstance(outcome[0], BaseException):
        raise outcome[0]
    return int(outcome[0][0]), int(outcome[0][1])


def build_levels(
    n_rows: int, row_stride: int, size: int, forward, backward, progress: ProgressFn, label: str,
    last_depth: int | None = None, expected: Sequence[int] | None = None, exact: bool = False,
):  # fmt: skip
    """Breadth-first levels over a table whose goal is entry 0: (table, histogram of distances). The table holds
    packed residues (UNREACHED where not reached), or with `exact` one distance a byte (UNKNOWN where not reached).

    forward(table, depth, rows_taken, stop) and backward(...) run one level over every row, taking rows in order
    from the counter rows_taken[0] (so that it tells how far the level is) and returning early once stop[0] is
    set; they return (entries reached, neighbours looked at). `size` counts the real entries (rows may be
    padded). With `last_depth`, the levels stop there: entries further away stay UNREACHED (`large_bounds` needs
    to know which entries are that near). The table's buffer runs PAD_BYTES past its end (the array returned is
    the table alone), so a kernel may read a row's last word whole.

    Progress: with `expected` (the table's known histogram), the fraction reported is the work done over the
    work of the whole build, each level costed by the model above and counted in rows as it runs, so it moves
    at a steady pace from start to end; without it (a table of unknown shape), the fraction of entries known."""
    n_bytes = n_rows * row_stride if exact else n_rows * row_stride // 4
    buffer = np.full(n_bytes + PAD_BYTES, 0xFF, dtype=np.uint8)  # 0xFF: UNREACHED residues, or UNKNOWN bytes
    table = buffer[:n_bytes]
    if exact:
        table[0] = 0
    else:
        store(table, 0, 0)
    histogram = [1]
    known = 1
    shape = TableShape.of(n_rows, row_stride, size, exact)
    plan = None if expected is None or sum(expected) != size else _planned_costs(expected, shape, last_depth)
    total = sum(plan) if plan else 0.0
    shown = f"{label} ({size_text(n_bytes)})"
    depth = 0
    done = 0.0
    while known < size and (last_depth is None or depth < last_depth):
        go_backward, _ = _level_plan(histogram, shape)
        level_cost = plan[depth] if plan and depth < len(plan) else 0.0

        def report(rows: int, done: float = done, level_cost: float = level_cost, depth: int = depth,
                   known: int = known) -> None:  # fmt: skip
            if plan:
                fraction = (done + level_cost * rows / n_rows) / total
                text = f"{shown}: depth {depth + 1} of {len(plan)}"
            else:
                fraction = known / size
                text = f"{shown}: depth {depth + 1}, {fraction:.1%} of {size:.2g} entries"
            progress(min(0.999, fraction), text)

        report(0)
        reached, _ = _run_level(backward if go_backward else forward, buffer, depth, n_rows, report)
        report(n_rows)
        if reached == 0:
            raise AssertionError(f"{label}: a level reached nothing before the table was full")
        histogram.append(reached)
        if exact and depth + 1 >= UNKNOWN - 1:
            raise AssertionError(f"{label}: a distance does not fit in a byte")
        known += reached
        done += level_cost
        depth += 1
    return table, np.array(histogram, dtype=np.int64)
