"""What a macro really costs after the turns before it: a search that appends macros sees the merges compact.py
will make where the last turns before it and its first turns are about one axis (`S Y S'` then `S Z S'` is
`S Y Z S'`, four block turns, not six).

Turns about one axis commute, so a run of them is an amount per layer (mod 4), and its block turns follow from
the amounts' differences between neighbouring layers (compact.py's rule, here vectorised over many runs at once).
A search state carries its trailing run (axis and amounts); appending a macro costs its first run merged into that
trail, then the rest of its turns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from solvers.nxn.moves import BlockTurn

NO_AXIS = -1  # the trail of a state with no turns yet


def run_cost(amounts: np.ndarray) -> np.ndarray:
    """Block turns (rotations free) of the runs `amounts` (..., N): per layer quarters mod 4, as compact.py merges
    them: nonzero boundaries less the most groups of them summing to 0 mod 4."""
    amounts = amounts.astype(np.int8) % 4
    zero = np.zeros(amounts.shape[:-1] + (1,), dtype=np.int8)
    boundary = np.diff(np.concatenate([zero, amounts, zero], axis=-1), axis=-1) % 4
    outer = (boundary[..., 0] + boundary[..., -1]) % 4
    inner = boundary[..., 1:-1]
    counts = [(inner == v).sum(axis=-1) + (outer == v) for v in (1, 2, 3)]
    ones, twos, threes = (c.astype(np.int64) for c in counts)
    rest = np.abs(ones - threes)
    odd_two = twos % 2
    groups = np.minimum(ones, threes) + twos // 2 + odd_two + (rest - 2 * odd_two) // 4
    return ones + twos + threes - groups


def run_amounts(turns: Sequence[BlockTurn], size: int) -> np.ndarray:
    """The per-layer amounts (mod 4) of turns about one axis."""
    amounts = np.zeros(size, dtype=np.int8)
    for turn in turns:
        amounts[turn.first : turn.last + 1] += turn.quarters
    return amounts % 4


def _runs(turns: Sequence[BlockTurn]) -> list[list[BlockTurn]]:
    runs: list[list[BlockTurn]] = []
    for turn in turns:
        if runs and runs[-1][0].axis == turn.axis:
            runs[-1].append(turn)
        else:
            runs.append([turn])
    return runs


@dataclass(frozen=True)
class MacroRuns:
    """Each macro's first and last same-axis runs (axis, per-layer amounts) and the block turns between them
    plus its last run's (`rest`); a macro of one run has `single` set and rest 0."""

    first_axis: np.ndarray  # (macros,)
    first: np.ndarray  # (macros, N)
    rest: np.ndarray  # (macros,)
    last_axis: np.ndarray
    last: np.ndarray
    single: np.ndarray  # (macros,) bool

    @staticmethod
    def of(macros: Sequence[Sequence[BlockTurn]], size: int) -> MacroRuns:
        """The runs of each macro (every macro at least one turn)."""
        first_axis, first, rest, last_axis, last, single = [], [], [], [], [], []
        for turns in macros:
            runs = _runs(turns)
            first_axis.append(int(runs[0][0].axis))
            first.append(run_amounts(runs[0], size))
            last_axis.append(int(runs[-1][0].axis))
            last.append(run_amounts(runs[-1], size))
            single.append(len(runs) == 1)
            rest.append(sum(int(run_cost(run_amounts(r, size))) for r in runs[1:]))
        return MacroRuns(
            np.array(first_axis), np.stack(first), np.array(rest, dtype=np.float64),
            np.array(last_axis), np.stack(last), np.array(single),
        )  # fmt: skip

    def head(self, count: int) -> MacroRuns:
        """The runs of the first `count` macros."""
        return MacroRuns(
            self.first_axis[:count], self.first[:count], self.rest[:count],
            self.last_axis[:count], self.last[:count], self.single[:count],
        )  # fmt: skip

    def costs(self, axis: np.ndarray, trail: np.ndarray) -> np.ndarray:
        """(states, macros): block turns each macro adds after states with trailing runs `axis` (states,) and
        `trail` (states, N); worked out once per distinct trail (a beam's states share a few dozen)."""
        keys = np.concatenate([axis[:, None].astype(np.int8), trail], axis=1)
        distinct, back = np.unique(keys, axis=0, return_inverse=True)
        axis, trail = distinct[:, 0].astype(np.int64), distinct[:, 1:]
        same = axis[:, None] == self.first_axis[None, :]
        merged = run_cost(trail[:, None, :] + self.first[None, :, :])
        added = np.where(same, merged - run_cost(trail)[:, None], run_cost(self.first)[None, :])
        return (added + self.rest[None, :])[back.ravel()]

    def after(self, axis: np.ndarray, trail: np.ndarray, chosen: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The trailing runs of states (`axis`, `trail`, one row each) once macro `chosen` (one per row) is
        appended."""
        same = (axis == self.first_axis[chosen]) & self.single[chosen]
        merged = (trail + self.first[chosen]) % 4
        new_axis = np.where(self.single[chosen], self.first_axis[chosen], self.last_axis[chosen])
        new_trail = np.where(same[:, None], merged, self.last[chosen])
        return new_axis, new_trail.astype(np.int8)
