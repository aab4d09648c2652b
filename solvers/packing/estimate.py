"""How big a packing search is, before running it: Knuth's random-probe estimate of the search tree.

A probe walks from the root to a leaf of the very tree the kernel searches (lowest empty cell first, rows grouped
by piece kind, copies of a kind not permuted), choosing uniformly among the rows that fit at each node. With
``d_i`` the number of choices at depth ``i``, the products ``d_0 * d_1 * ... * d_k`` are unbiased estimates of the
number of nodes at depth ``k + 1``, and of the number of solutions when the walk ends with the target full. The
mean over a few hundred probes is rough (it can be off by a factor of a few on irregular trees) but it tells a
search of thousands of solutions from one of 10**12, which is what a user needs before starting it.

The estimate counts every solution (no symmetry reduction); dividing by the symmetry group's order gives the
number of classes to expect.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from solvers.packing.cover import CoverProblem

DEFAULT_PROBES = 400
DEFAULT_SECONDS = 0.5  # at most this long: the estimate comes before the search, so it must cost little


@dataclass(frozen=True)
class SearchEstimate:
    """Expected number of solutions and of search nodes (placements tried), from ``probes`` random walks."""

    solutions: float
    nodes: float
    probes: int


def estimate_search(
    problem: CoverProblem,
    *,
    probes: int = DEFAULT_PROBES,
    seconds: float = DEFAULT_SECONDS,
    seed: int = 0,
) -> SearchEstimate:
    """Knuth's estimate of the full search (see the module docstring); fewer probes when ``seconds`` run out."""
    rows = problem.placement_rows
    masks = rows.masks if rows is not None else _masks_from_words(problem)
    kinds = [int(k) for k in problem.row_kind]
    start = [int(s) for s in problem.start]
    n_kinds = problem.n_kinds
    full = (1 << problem.n_cells) - 1
    rng = random.Random(seed)
    deadline = time.perf_counter() + seconds
    total_solutions = total_nodes = 0.0
    done = 0
    while done < probes and (done == 0 or time.perf_counter() < deadline):
        remaining = [int(c) for c in problem.kind_count]
        occupied = 0
        weight = 1.0
        while occupied != full:
            cell = (~occupied & (occupied + 1)).bit_length() - 1
            choices = [
                r
                for r in range(start[cell * n_kinds], start[cell * n_kinds + n_kinds])
                if remaining[kinds[r]] and not masks[r] & occupied
            ]
            if not choices:
                weight = 0.0
                break
            weight *= len(choices)
            total_nodes += weight
            row = rng.choice(choices)
            remaining[kinds[row]] -= 1
            occupied |= masks[row]
        total_solutions += weight
        done += 1
    return SearchEstimate(total_solutions / done, total_nodes / done, done)


def _masks_from_words(problem: CoverProblem) -> list[int]:
    """Row masks as Python integers (search-order bits) rebuilt from the kernel's 64-bit words."""
    out = []
    for words in problem.row_masks:
        mask = 0
        for w, word in enumerate(words.tolist()):
            mask |= int(word) << (64 * w)
        out.append(mask)
    return out
