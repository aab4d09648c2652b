"""The bar beam's step in one numba kernel: every child's merged turn cost and pieces out, without building it.

A bar beam step scores hundreds of states times a thousand moves; done with numpy, the merged costs
(turn_runs.MacroRuns.costs) and the pieces out (bar_pairing's count over the bars a move changes) each built
arrays of that size several times over, and took most of the beam's time. Here one pass per (state, move) reads
the move's changed bars straight from the parent and merges its first run into the parent's trail, which makes a
step several times cheaper and so buys a wider beam in the same time.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from solvers.nxn.macro_beam import smallest
from solvers.nxn.turn_runs import MacroRuns


@nb.njit(cache=True, nogil=True)
def _run_cost(amounts: np.ndarray) -> int:
    """turn_runs.run_cost of one run (per-layer quarters): nonzero boundaries less the most groups summing to 0."""
    n = len(amounts)
    ones = twos = threes = 0
    previous = 0
    outer = 0
    for i in range(n + 1):
        here = amounts[i] % 4 if i < n else 0
        step = (here - previous) % 4
        previous = here
        if i == 0 or i == n:
            outer += step
        elif step == 1:
            ones += 1
        elif step == 2:
            twos += 1
        elif step == 3:
            threes += 1
    outer %= 4
    ones += outer == 1
    twos += outer == 2
    threes += outer == 3
    rest = abs(ones - threes)
    odd_two = twos % 2
    groups = min(ones, threes) + twos // 2 + odd_two + (rest - 2 * odd_two) // 4
    return ones + twos + threes - groups


@nb.njit(cache=True, nogil=True)
def _bar_out(row: np.ndarray, gather: np.ndarray, start: int, k: int) -> int:
    """Pieces of the bar gather[start:start+k] (read from `row`) not showing its most common colour."""
    if k == 3:
        a, b, c = row[gather[start]], row[gather[start + 1]], row[gather[start + 2]]
        return 2 - ((a == b) | (a == c) | (b == c)) - ((a == b) & (b == c))
    if k == 2:
        return int(row[gather[start]] != row[gather[start + 1]])
    best = 0
    for i in range(k):
        colour = row[gather[start + i]]
        same = 0
        for j in range(k):
            same += row[gather[start + j]] == colour
        best = max(best, same)
    return k - best


@nb.njit(cache=True, nogil=True)
def _cost_table(axes, trails, first_axis, first, alone, rest) -> np.ndarray:  # noqa: ANN001
    """(trails, moves): the block turns each move adds after each trailing run (axis, per-layer amounts)."""
    table = np.empty((len(axes), len(first_axis)))
    merged = np.empty(trails.shape[1], dtype=np.int8)
    for t in range(len(axes)):
        trail_cost = _run_cost(trails[t])
        for m in range(len(first_axis)):
            if axes[t] != first_axis[m]:
                table[t, m] = alone[m]
                continue
            for i in range(len(merged)):
                merged[i] = trails[t, i] + first[m, i]
            table[t, m] = _run_cost(merged) - trail_cost + rest[m]
    return table


@nb.njit(cache=True, nogil=True)
def _estimates(
    beam: np.ndarray,
    spent: np.ndarray,
    trail_of: np.ndarray,
    costs: np.ndarray,
    tuples: np.ndarray,
    bars: np.ndarray,
    made: np.ndarray,
    lost: np.ndarray,
    cost_per_piece: float,
) -> np.ndarray:
    states, moves = len(beam), len(bars)
    estimate = np.empty((states, moves), dtype=np.float32)  # whole numbers: exact, and half the memory
    k = tuples.shape[1]
    out = np.zeros(len(tuples) + 1, dtype=np.int64)  # the last: padding, always 0
    for s in range(states):
        row = beam[s]
        total = 0
        for t in range(len(tuples)):
            out[t] = _bar_out(row, tuples[t], 0, k)
            if t < 24:
                total += out[t]
        turns = costs[trail_of[s]]
        for m in range(moves):
            pieces = total
            for c in range(bars[m]):
                pieces += out[made[m, c]] - out[lost[m, c]]
            estimate[s, m] = spent[s] + turns[m] + cost_per_piece * pieces
    return estimate


@nb.njit(cache=True, nogil=True, parallel=True)
def _whole_estimates(
    beam: np.ndarray,
    spent: np.ndarray,
    trail_of: np.ndarray,
    costs: np.ndarray,
    tuples: np.ndarray,
    made: np.ndarray,
    lost: np.ndarray,
    cost_per_piece: int,
) -> np.ndarray:
    """_estimates in whole numbers, flat (state * moves + move), int32: `made` is padded like `lost` (to the count
    that is always 0), so every move runs the same short loop; about a third less time than the float version. The
    states are split over the cores (each writes its own rows)."""
    states, moves, most = len(beam), len(made), made.shape[1]
    estimate = np.empty(states * moves, dtype=np.int32)
    k = tuples.shape[1]
    for s in nb.prange(states):  # states split over the cores, each with its own counts
        out = np.zeros(len(tuples) + 1, dtype=np.int32)
        row = beam[s]
        total = 0
        for t in range(len(tuples)):
            if k == 3:  # short bars written out: the generic count took longer than all the moves' sums
                a, b, c = row[tuples[t, 0]], row[tuples[t, 1]], row[tuples[t, 2]]
                out[t] = 2 - np.int32((a == b) | (a == c) | (b == c)) - np.int32((a == b) & (b == c))
            elif k == 2:
                out[t] = np.int32(row[tuples[t, 0]] != row[tuples[t, 1]])
            else:
                out[t] = _bar_out(row, tuples[t], 0, k)
            if t < 24:
                total += out[t]
        turns = costs[trail_of[s]]
        base = spent[s] + cost_per_piece * total
        for m in range(moves):
            change = 0
            for c in range(most):
                change += out[made[m, c]] - out[lost[m, c]]
            estimate[s * moves + m] = base + turns[m] + cost_per_piece * change
    return estimate


@nb.njit(cache=True, nogil=True)
def _lowest(values: np.ndarray, top: int, count: int) -> np.ndarray:
    """The indices of the `count` lowest of `values` (whole numbers in 0..top), lowest first, ties in index order
    (a stable sort's first `count`), by a histogram and one counting pass instead of a partition and a sort."""
    count = min(count, len(values))
    histogram = np.zeros(top + 1, dtype=np.int64)
    for i in range(len(values)):
        histogram[values[i]] += 1
    start = np.zeros(top + 1, dtype=np.int64)
    taken = 0
    cut = top
    for v in range(top + 1):
        start[v] = taken
        if taken + histogram[v] >= count:
            cut = v
            break
        taken += histogram[v]
    chosen = np.empty(count, dtype=np.int64)
    for i in range(len(values)):
        v = values[i]
        if v <= cut and start[v] < count:
            chosen[start[v]] = i
            start[v] += 1
    return chosen


class BarScorer:
    """Scores a bar beam's children for macro_beam (`estimates`) and gives the turns the kept ones added.

    Every bar a move makes is one of a few distinct tuples of positions (1,584 for the 7x7x7's 1,116 moves, which
    make 4,032 bars): a state's pieces out are counted once per tuple, and each move then sums its few tuples'
    counts less those of the bars it takes pieces from. The turns a move adds depend on the parent's trailing run
    alone, which a beam's states share: they are worked out once per distinct run."""

    def __init__(self, changed: np.ndarray, sources: np.ndarray, runs: MacroRuns, k: int, cost_per_piece: float):
        bars = (sources < 24).sum(axis=1)
        index: dict[bytes, int] = {}
        own = np.arange(24 * k, dtype=np.int16).reshape(24, k)
        rows = [own[b] for b in range(24)]
        for b in range(24):
            index[own[b].tobytes()] = b
        made = np.zeros(sources.shape, dtype=np.int32)
        for m in range(len(changed)):
            for c in range(int(bars[m])):
                key = changed[m, c * k : (c + 1) * k].astype(np.int16)
                made[m, c] = index.setdefault(key.tobytes(), len(rows))
                if made[m, c] == len(rows):
                    rows.append(key)
        self.tuples = np.stack(rows)
        self.bars = bars.astype(np.int8)
        self.made = made
        self.lost = np.where(sources < 24, sources, len(rows)).astype(np.int32)  # padding reads the 0 at the end
        self.padded = np.where(sources < 24, made, len(rows)).astype(np.int32)
        self.first_axis = runs.first_axis.astype(np.int8)
        self.first = runs.first.astype(np.int8)
        self.rest = runs.rest.astype(np.float64)
        # a move after a trail about another axis costs its first run alone, then the rest
        self.alone = np.array([_run_cost(f) for f in self.first], dtype=np.float64) + self.rest
        self.cost_per_piece = cost_per_piece

    def _costs(self, axis: np.ndarray, trail: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Each state's row of the table, and the table of turns each move adds per distinct trailing run."""
        keys = np.concatenate([axis[:, None].astype(np.int8), trail.astype(np.int8)], axis=1)
        distinct, back = np.unique(keys, axis=0, return_inverse=True)
        table = _cost_table(
            distinct[:, 0].astype(np.int64), np.ascontiguousarray(distinct[:, 1:]), self.first_axis, self.first,
            self.alone, self.rest,
        )  # fmt: skip
        return back.ravel(), table

    def estimates(self, beam: np.ndarray, spent: np.ndarray, axis: np.ndarray, trail: np.ndarray) -> np.ndarray:
        """(states, moves) float32: turns so far + turns the move adds + cost_per_piece * pieces out after it."""
        trail_of, table = self._costs(axis, trail)
        return _estimates(
            np.ascontiguousarray(beam), spent.astype(np.float64), trail_of, table, self.tuples, self.bars,
            self.made, self.lost, float(self.cost_per_piece),
        )  # fmt: skip

    def lowest(
        self, beam: np.ndarray, spent: np.ndarray, axis: np.ndarray, trail: np.ndarray, count: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The `count` children with the lowest estimates (flat indices state * moves + move, lowest first, ties in
        index order: what a stable sort of `estimates` would put first) and their estimates. With a whole cost per
        piece every estimate is a small whole number, so a counting pass replaces the partition and sort of
        hundreds of thousands of floats, which took about a third of a step."""
        if not float(self.cost_per_piece).is_integer():
            flat = self.estimates(beam, spent, axis, trail).ravel()
            order = smallest(flat, count)
            return order, flat[order]
        trail_of, table = self._costs(axis, trail)
        whole = int(self.cost_per_piece)
        values = _whole_estimates(
            np.ascontiguousarray(beam), spent.astype(np.int32), trail_of, table.astype(np.int32), self.tuples,
            self.padded, self.lost, whole,
        )  # fmt: skip
        order = _lowest(values, int(values.max()), count)
        return order, values[order].astype(np.float64)

    def added(self, axis: np.ndarray, trail: np.ndarray, chosen: np.ndarray) -> np.ndarray:
        """The block turns move chosen[i] adds after the trailing run (axis[i], trail[i])."""
        trail_of, table = self._costs(axis, trail)
        return table[trail_of, chosen]
