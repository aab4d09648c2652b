"""The optimal search's plug-in point: a heuristic as data (the tables it loads, the kernel inputs it hands over),
and the registry of the heuristics a search can be asked for by name.

A heuristic is a plan, not a case in the kernels: `DepthFirstPlan` gives the depth-first kernel its `AxisBounds`,
`ResiduePlan` gives the interleaved kernel its `ResidueTables` (which tables each round reads; one-byte
placeholders leave a round out) and the start's exact distances. The shipped heuristics are plans registered by
`heuristics`; a plan made anywhere else (a benchmark comparing against an earlier design) is handed to
`optimal(..., heuristic=plan)` as it is, or registered under its name with `register_heuristic`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from solvers.engine import Metric
from solvers.rubik import coords as cd
from solvers.rubik.optimal.depth_first import AxisBounds
from solvers.rubik.optimal.interleaved import ResidueTables
from solvers.rubik.optimal.inverse_view import InverseView
from solvers.rubik.optimal.large_bounds import lower_bounds
from solvers.rubik.optimal.optimal_tables import OptimalTables

# (flip, slice_sorted, twist, corners) of one axis -> (corner-slice distance, flip-slice distance), both exact
StartDistances = Callable[[int, int, int, int], tuple[int, int]]


class UnknownHeuristic(ValueError):
    """A heuristic asked for by a name no plan is registered under."""


@dataclass(frozen=True, kw_only=True)
class HeuristicPlan:
    """What the search needs of any heuristic: its name, the metrics its tables hold distances in, a check made
    before anything loads (a refusal then leaves the process untouched: the large tier's memory), and the loading
    of every table it reads (so a caller can show that work, or keep it out of a time limit)."""

    name: str
    metrics: tuple[Metric, ...]
    prepare: Callable[[OptimalTables, Metric], None]
    before_loading: Callable[[OptimalTables], None] | None = None

    def check(self, metric: Metric) -> None:
        """Refuse a metric the tables do not hold: a half turn in QTM moves a distance by 2, which mod 3 cannot
        tell."""
        if metric not in self.metrics:
            only = " or ".join(m.value.upper() for m in self.metrics)
            raise ValueError(f"the {self.name} tables are for {only} only; use 'full' for {metric.value.upper()}")


@dataclass(frozen=True, kw_only=True)
class DepthFirstPlan(HeuristicPlan):
    """A heuristic of exact tables read by `depth_first.ida_subtree`: its `AxisBounds` for a metric."""

    axis_bounds: Callable[[OptimalTables, Metric], AxisBounds]


@dataclass(frozen=True, kw_only=True)
class ResiduePlan(HeuristicPlan):
    """A heuristic of residue tables read by `interleaved.ida_interleaved`: its `ResidueTables` (see
    `residue_inputs`) and, per solve, the start's exact distances in them (the kernel decodes each child's from
    its parent's)."""

    residues: Callable[[OptimalTables], ResidueTables]
    start_distances: Callable[[OptimalTables, ResidueTables], StartDistances]


class FlipSliceTable(NamedTuple):
    """The table a residue plan reads on every axis: flip x slice classes x twist x inner corner coordinate."""

    residues: np.ndarray  # 2-bit residues by class row
    class_sym: np.ndarray  # 16 * class + symmetry of each flip x slice (sorted slice, or UD-slice if `by_ud_slice`)
    by_ud_slice: bool
    row: int  # entries per class row
    inner_of: np.ndarray | None = None  # the inner coordinate of each corner permutation (None: one value)
    inner_conj: np.ndarray | None = None  # inner coordinate x symmetry


_PLANS: dict[str, HeuristicPlan] = {}


def register_heuristic(plan: HeuristicPlan, *aliases: str) -> HeuristicPlan:
    """Make `plan` reachable by its name (and aliases) wherever a heuristic is named; a name taken by another
    plan is refused (one name per thing)."""
    for name in (plan.name, *aliases):
        held = _PLANS.get(name)
        if held is not None and held != plan:
            raise ValueError(f"the heuristic name {name!r} is taken")
        _PLANS[name] = plan
    return plan


def registered_plan(name: str) -> HeuristicPlan:
    """The plan registered under `name`; UnknownHeuristic, naming those there are, if none is."""
    plan = _PLANS.get(str(name))
    if plan is None:
        known = ", ".join(sorted({p.name for p in _PLANS.values()}))
        raise UnknownHeuristic(f"unknown heuristic {str(name)!r}; the heuristics are: {known}")
    return plan


def residue_inputs(
    tables: OptimalTables,
    flipslice: FlipSliceTable,
    *,
    corner_slice: np.ndarray | None = None,
    corner_row: int = 1,
    phase1: np.ndarray | None = None,
    bounds: np.ndarray | None = None,
    lower: np.ndarray | None = None,
    most: int = 0,
    inverse_maps: InverseView | None = None,
) -> ResidueTables:
    """The interleaved kernel's inputs: the flip-slice table read on every axis, and optionally the corner-slice
    table read first (by corner class rows of `corner_row` entries) and the inverse's look-ups (`inverse_maps`
    with the phase-1 floor, or with the bounds table and its `lower` values). Every look-up left out gets a
    one-byte placeholder."""
    byte = np.zeros(1, np.uint8)
    table, class_sym, by_ud_slice, row, inner_of, inner_conj = flipslice
    inner_of = inner_of if inner_of is not None else np.zeros(cd.N_CORNERS, np.uint8)
    inner_conj = inner_conj if inner_conj is not None else np.zeros((1, 16), np.int16)
    if inverse_maps is None:
        from solvers.rubik import cubie
        from solvers.rubik.optimal.inverse_view import inverse_view

        inverse_maps = inverse_view(cubie.move_cubes(), np.zeros(cd.N_CORNERS, np.uint8))
    return ResidueTables(
        corner_slice if corner_slice is not None else byte, corner_row, tables.corner_classes()["slice_conj"],
        tables.moves()["twist_conj"], table, class_sym, by_ud_slice, inner_of, inner_conj, row, inner_conj.shape[0],
        phase1 if phase1 is not None else byte, bounds if bounds is not None else byte,
        lower if lower is not None else lower_bounds(), most, inverse_maps,
    )  # fmt: skip
