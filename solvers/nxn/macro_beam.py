"""A beam search over macros that permute a fixed set of stickers, scored by turns so far plus a cost per piece
still out, stopped once the best score has not improved for a while: the centre stages' common search.

The ring-keeping commutators (`centre_beam.py`) and the bar pairing (`bar_pairing.py`) differ only in their
macros and in what counts as a piece out; each step keeps the `width` distinct states with the lowest score.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np


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
) -> list[int]:
    """The macros (indices into `local`), in order, leading from `start` (the stickers' colours) to the state
    where turns + cost_per_piece * pieces out was least. `local[m]`: the sticker each sticker's colour comes from
    under macro m; `costs[m]`: its turns; `out(beam)`: the pieces out of each state's children, (states, macros);
    `start_out`: those of `start`."""
    count = len(local)
    beam = start[None, :]
    spent = np.zeros(1)
    history: list[tuple[np.ndarray, np.ndarray]] = []
    best_estimate, best_depth, since = cost_per_piece * float(start_out), 0, 0
    while since < patience and best_estimate > 0 and not stop():
        estimate = (spent[:, None] + costs[None, :] + cost_per_piece * out(beam)).ravel()
        order = np.argsort(estimate, kind="stable")[: 4 * width]
        parents, chosen = order // count, order % count
        children = beam[parents[:, None], local[chosen]]
        _, first = np.unique(children, axis=0, return_index=True)
        distinct = np.sort(first)[:width]
        beam, spent = children[distinct], (spent[parents] + costs[chosen])[distinct]
        history.append((parents[distinct], chosen[distinct]))
        top = float(estimate[order[distinct[0]]])
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
