"""The residue heuristic's edge table: the exact HTM distance, mod 3, of flip x sorted UD-slice x twist.

This is phase 1 with the order of the four slice edges kept (24 times phase 1), reduced by the 16 U-D
symmetries to 1,523,864 edge classes x 2187 twists = 3.3e9 entries. Why mod 3 in 2 bits: a move changes the
distance by -1, 0 or +1, so a search that knows the parent's exact distance reads the child's from its residue
(`distance_from_residue`), and the table fits in 834 MB instead of 3.3 GB. Value 3 marks "not reached yet"
while building.

Each class owns a byte-aligned row of `ROW` entries, so the backward levels (which write only the row being
examined) can run on every core without two threads ever writing the same byte. The forward levels write any
row, so they set an entry by an atomic AND of its byte (`claim`): every core can run them too.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import NamedTuple

import numba as nb
import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik import coords as cd
from solvers.rubik.optimal.intrinsics import fetch_and_byte

ROW = cd.N_TWIST + 1  # 2188 entries = 547 bytes: rows start on a byte
UNREACHED = 3
POLL_SECONDS = 0.25  # how often a build reports its progress (and can be cancelled) while a level runs


@nb.njit(cache=True, nogil=True, inline="always")
def residue(table: np.ndarray, idx: int) -> np.int64:
    """Entry idx of a packed 2-bit table. The index goes unsigned because numba then leaves out its negative-index
    wrap-around, which costs a few instructions on every read of the optimal search's hottest loop."""
    i = np.uint64(idx)
    return np.int64((table[i >> np.uint64(2)] >> ((i & np.uint64(3)) << np.uint64(1))) & np.uint64(3))


@nb.njit(cache=True, nogil=True, inline="always")
def store(table: np.ndarray, idx: int, value: int) -> None:
    """Set entry idx of a packed 2-bit table."""
    shift = (idx & 3) << 1
    table[idx >> 2] = (table[idx >> 2] & ~np.uint8(3 << shift)) | np.uint8(value << shift)


@nb.njit(cache=True, nogil=True, inline="always")
def claim(table: np.ndarray, idx: int, value: int) -> int:
    """Set entry idx to `value` if it is UNREACHED, safely while other threads claim entries of the same byte;
    returns 1 if this call set it, else 0. Why an AND works: UNREACHED is binary 11, so AND-ing the entry's bits
    with `value` turns it into `value`, and a level only ever writes one value, so a second claim changes nothing.
    """
    if residue(table, idx) != UNREACHED:  # the common case, without a locked instruction
        return 0
    shift = (idx & 3) << 1
    mask = np.uint8(~(3 << shift) & 0xFF | (value << shift))
    old = fetch_and_byte(table, idx >> 2, mask)  # type: ignore[call-arg, var-annotated]  # (numba types intrinsics)
    return 1 if (old >> shift) & 3 == UNREACHED else 0


# STEP[(parent distance % 3) * 4 + residue]: the child's distance minus the parent's (-1, 0 or +1; residue 3 reads
# as 0). A look-up rather than two signed remainders and branches: the optimal search decodes up to six residues
# per child, and this made it about 8% faster.
STEP = np.array([0, 1, -1, 0, -1, 0, 1, -1, 1, -1, 0, 1], dtype=np.int64)


@nb.njit(cache=True, nogil=True, inline="always")
def distance_from_residue(parent_distance: int, r: int) -> int:
    """The child's exact distance from the parent's and the child's residue mod 3."""
    return parent_distance + STEP[(parent_distance % 3) * 4 + r]


@nb.njit(cache=True, nogil=True, inline="always")
def distance_above(floor: int, r: int) -> int:
    """The least distance with residue r (mod 3) that is at least `floor`: a lower bound on an entry's distance
    from its residue and any lower bound on that distance, exact when the distance is below floor + 3. Why: a
    look-up with no parent distance to decode from (a cube's inverse) still reads its distance from the residue
    table, given a floor from a coarser table."""
    return floor + (r - floor) % 3


@nb.njit(cache=True, nogil=True, inline="always")
def lookup(flip, slice_sorted, twist, table, class_sym, twist_conj) -> np.int64:
    """The residue of one (flip, slice_sorted, twist) state. class_sym = 16 * class + symmetry: one read."""
    cs = class_sym[slice_sorted * cd.N_FLIP + flip]
    return residue(table, (cs >> 4) * ROW + twist_conj[twist, cs & 15])


@nb.njit(cache=True, nogil=True)
def exact_distance(flip, slice_sorted, twist, table, class_sym, twist_conj, flip_move, slice_move, twist_move):
    """The exact distance of one state, by walking down: some move always leads to residue - 1 (mod 3)."""
    d = 0
    while flip != 0 or slice_sorted != 0 or twist != 0:
        down = (lookup(flip, slice_sorted, twist, table, class_sym, twist_conj) + 2) % 3
        for m in range(18):
            f, s, t = flip_move[flip, m], slice_move[slice_sorted, m], twist_move[twist, m]
            if lookup(f, s, t, table, class_sym, twist_conj) == down:
                flip, slice_sorted, twist = f, s, t
                break
        d += 1
        if d > 30:
            return -1  # a damaged table; never for a correct one
    return d


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

    @classmethod
    def of(cls, n_rows: int, row_stride: int, size: int) -> TableShape:
        return cls(size, n_rows * ((row_stride + 31) // 32), LOOKS_PER_MOVE * n_rows * -(-row_stride // 256))


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
    frontier = sum(histogram[depth::-3])
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
        costs.append(_level_cost(shape, backward, sum(expected[depth::-3]), unreached, expected[depth + 1]))
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


def build_residue_table(
    n_rows: int, row_stride: int, size: int, forward, backward, progress: ProgressFn, label: str,
    last_depth: int | None = None, expected: Sequence[int] | None = None,
):  # fmt: skip
    """Breadth-first levels over a residue table whose goal is entry 0: (packed table, histogram of distances).

    forward(table, depth, rows_taken, stop) and backward(...) run one level over every row, taking rows in order
    from the counter rows_taken[0] (so that it tells how far the level is) and returning early once stop[0] is
    set; they return (entries reached, neighbours looked at). `size` counts the real entries (rows may be
    padded). With `last_depth`, the levels stop there: entries further away stay UNREACHED (`large_bounds` needs
    to know which entries are that near). The table's buffer runs PAD_BYTES past its end (the array returned is
    the table alone), so a kernel may read a row's last word whole.

    Progress: with `expected` (the table's known histogram), the fraction reported is the work done over the
    work of the whole build, each level costed by the model above and counted in rows as it runs, so it moves
    at a steady pace from start to end; without it (a table of unknown shape), the fraction of entries known."""
    n_bytes = n_rows * row_stride // 4
    buffer = np.full(n_bytes + PAD_BYTES, 0xFF, dtype=np.uint8)
    table = buffer[:n_bytes]
    store(table, 0, 0)
    histogram = [1]
    known = 1
    shape = TableShape.of(n_rows, row_stride, size)
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
        known += reached
        done += level_cost
        depth += 1
    return table, np.array(histogram, dtype=np.int64)
