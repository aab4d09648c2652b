"""A beam search over macros that permute a fixed set of stickers, scored by turns so far plus a cost per piece
still out, stopped once the best score has not improved for a while: the centre stages' common search.

The ring-keeping commutators (`centre_beam.py`) and the bar pairing (`bar_pairing.py`) differ only in their
macros and in what counts as a piece out; each step keeps the `width` distinct states with the lowest score.
Given the macros' runs (turn_runs.py), a macro's cost is what it adds once merged with the turns before it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import numpy as np

from solvers.nxn.turn_runs import NO_AXIS, MacroRuns


class Scorer(Protocol):
    """A kernel that scores every child of a beam at once (bar_scores.BarScorer)."""

    def estimates(self, beam: np.ndarray, spent: np.ndarray, axis: np.ndarray, trail: np.ndarray) -> np.ndarray:
        """(states, macros): turns so far + turns the macro adds + cost per piece * pieces out after it."""
        ...

    def lowest(
        self, beam: np.ndarray, spent: np.ndarray, axis: np.ndarray, trail: np.ndarray, count: int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The `count` children with the lowest estimates (flat indices, as `smallest` orders them) and their
        estimates."""
        ...

    def added(self, axis: np.ndarray, trail: np.ndarray, chosen: np.ndarray) -> np.ndarray:
        """The turns macro chosen[i] adds after the trailing run (axis[i], trail[i])."""
        ...


def macro_beam(
    start: np.ndarray,
    local: np.ndarray,
    costs: np.ndarray,
    out: Callable[[np.ndarray], np.ndarray],
    start_out: int,
    *,
    width: int,
    cost_per_piece: float,
    patience: int,
    stop: Callable[[], bool],
    runs: MacroRuns | None = None,
    scorer: Scorer | None = None,
) -> list[int]:
    """The macros (indices into `local`), in order, leading from `start` (the stickers' colours) to the state
    where turns + cost_per_piece * pieces out was least. `local[m]`: the sticker each sticker's colour comes from
    under macro m; `costs[m]`: its turns; `out(beam)`: the pieces out of each state's children, (states, macros);
    `start_out`: those of `start`; `runs`: the macros' runs, to cost each after its parent's last turns;
    `scorer` (with `runs`): a kernel giving the children's estimates and added turns at once, in place of `out`."""
    count = len(local)
    beam = start[None, :]
    spent = np.zeros(1)
    axis = np.full(1, NO_AXIS)
    trail = np.zeros((1, len(runs.first[0]) if runs is not None else 0), dtype=np.int8)
    history: list[tuple[np.ndarray, np.ndarray]] = []
    best_estimate, best_depth, since = cost_per_piece * float(start_out), 0, 0
    while since < patience and best_estimate > 0 and not stop():
        if scorer is not None:
            order, values = scorer.lowest(beam, spent, axis, trail, 4 * width)
        else:
            added = runs.costs(axis, trail) if runs is not None else costs[None, :]
            estimate = (spent[:, None] + added + cost_per_piece * out(beam)).ravel()
            order = smallest(estimate, 4 * width)
            values = estimate[order]
        parents, chosen = order // count, order % count
        children = beam[parents[:, None], local[chosen]]
        _, first = np.unique(_row_hashes(children), return_index=True)
        distinct = np.sort(first)[:width]
        kept_parents, kept_chosen = parents[distinct], chosen[distinct]
        if scorer is not None:
            step = scorer.added(axis[kept_parents], trail[kept_parents], kept_chosen)
        else:
            step = np.broadcast_to(added, (len(spent), count))[kept_parents, kept_chosen]
        beam, spent = children[distinct], spent[kept_parents] + step
        if runs is not None:
            axis, trail = runs.after(axis[kept_parents], trail[kept_parents], kept_chosen)
        history.append((kept_parents, kept_chosen))
        top = float(values[distinct[0]])
        if top < best_estimate - 1e-9:
            best_estimate, best_depth, since = top, len(history), 0
        else:
            since += 1
    path: list[int] = []
    index = 0
    for level in range(best_depth - 1, -1, -1):
        parents, chosen = history[level]
        path.append(int(chosen[index]))
        index = int(parents[index])
    return path[::-1]


def smallest(values: np.ndarray, count: int) -> np.ndarray:
    """The indices of the `count` smallest values, smallest first, ties in index order: what a stable argsort's
    first `count` are, by a partition (linear) and a sort of those alone; a beam step's estimates run to
    hundreds of thousands."""
    if count >= len(values):
        return np.argsort(values, kind="stable")
    kth = np.partition(values, count - 1)[count - 1]
    below = np.nonzero(values < kth)[0]
    ties = np.nonzero(values == kth)[0][: count - len(below)]
    chosen = np.concatenate([below, ties])
    return chosen[np.argsort(values[chosen], kind="stable")]


_WEIGHTS: dict[int, np.ndarray] = {}


def _row_hashes(rows: np.ndarray) -> np.ndarray:
    """A 64-bit hash of each row (a random linear form, wrapping): equal rows hash equal, and two different rows of
    small colour codes collide with odds of about 2^-60; a beam step tells its children apart by these, which is
    many times cheaper than np.unique over whole rows."""
    length = rows.shape[1]
    if length not in _WEIGHTS:
        odd = np.random.default_rng(length).integers(0, 2**63, length, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
        _WEIGHTS[length] = np.asarray(odd, dtype=np.uint64)
    return (rows.astype(np.uint64) * _WEIGHTS[length]).sum(axis=1, dtype=np.uint64)
