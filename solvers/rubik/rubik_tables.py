"""The 3x3x3 engine's general tables, each built by a pure builder, registered with the process's table registry
and loaded by the method of its name when first called.

| name                           | contents                                                     | size    |
|--------------------------------|--------------------------------------------------------------|---------|
| rubik-moves                    | coordinate move tables, symmetry conjugation                 | ~8 MB   |
| rubik-flipslice-classes        | 64430 symmetry classes of flip x UD-slice                    | ~6 MB   |
| rubik-corner-classes           | 2768 corner permutation classes, slice conjugation           | 0.2 MB  |
| rubik-corner-combs             | the corner-comb coordinate's move and symmetry tables        | 0.05 MB |
| rubik-phase1-{htm,qtm}         | exact phase-1 distance, flipslice class x twist              | 141 MB  |
| rubik-phase2                   | phase-2 distance: corners x slice order, edges x slice order | 2 MB    |
| rubik-corners-{htm,qtm}        | exact corner distance: permutation x twist                   | 88 MB   |
| rubik-compact-{htm,qtm}        | twist x slice and flip x slice distances                     | 2 MB    |

The compact tables are a cheap admissible heuristic (built in about a second) used when the big ones would cost
more than the search they speed up, e.g. in fast tests. The optimal search's own tables (split, large) are
that package's (`optimal.optimal_tables`), which extends this holder; this module knows none of them. Tables only
a benchmark's heuristic reads (the sorted flip-slice classes, the edge and corner-slice tables) are registered and
loaded by `benchmarks/comparison_heuristics.py` through `load`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import numpy as np

from solvers.cube.moves import Move
from solvers.engine import Metric, ProgressFn, no_progress, search_metric
from solvers.rubik import coords as cd
from solvers.rubik import cubie, pruning
from solvers.rubik.movetables import (
    PHASE2_MOVES,
    Coord,
    build_corner_classes,
    build_corner_comb_tables,
    build_corner_split_tables,
    build_flipslice_classes,
    build_move_table,
    build_slice_conj,
    build_twist_conj,
)
from solvers.tables import Table, TableRegistry, TableSpec, process_tables, register_table, table_spec

TABLE_VERSION = 1
ENGINE = "rubik"


def rubik_table(name: str, title: str, size_bytes: int | None, *, old_names: tuple[str, ...] = (),
                on_disk: bool = True) -> str:  # fmt: skip
    """Register one of the 3x3 engine's tables (this module's or the optimal package's); returns its name."""
    register_table(TableSpec(name, TABLE_VERSION, ENGINE, size_bytes, title, old_names, on_disk))
    return name


# Sizes as measured (a file's size, for the read-out before a build ends).
MOVES = rubik_table("rubik-moves", "move tables", 7_081_599)
FLIPSLICE_CLASSES = rubik_table("rubik-flipslice-classes", "flip-slice classes", 5_456_465)
CORNER_CLASSES = rubik_table("rubik-corner-classes", "corner symmetry classes", 200_000)
CORNER_COMBS = rubik_table("rubik-corner-combs", "corner comb tables", 48_442)
CORNER_SPLITS = rubik_table("rubik-corner-splits", "corner split tables", None, on_disk=False)
PHASE2 = rubik_table("rubik-phase2", "phase-2 pruning tables", 1_935_938)
for _metric, _words in ((Metric.HTM, ""), (Metric.QTM, "QTM ")):
    rubik_table(f"rubik-phase1-{_metric.value}", f"{_words}phase-1 pruning table", 140_908_610)
    rubik_table(f"rubik-corners-{_metric.value}", f"{_words}corner distance table", 88_180_041)
    rubik_table(f"rubik-compact-{_metric.value}", f"{_words}slice-pair tables", 2_000_000)


QUARTER_MOVES = np.array([m for m in Move if m.quarter_turns != 2], dtype=np.int64)
ALL_MOVES = np.arange(len(Move), dtype=np.int64)


def metric_moves(metric: Metric) -> np.ndarray:
    """The generators whose breadth-first distances are that metric's distances."""
    return QUARTER_MOVES if search_metric(metric) is Metric.QTM else ALL_MOVES


def move_costs(metric: Metric) -> np.ndarray:
    """int64 (18,): what each Move costs in the metric."""
    if search_metric(metric) is Metric.QTM:
        return np.array([2 if m.quarter_turns == 2 else 1 for m in Move], dtype=np.int64)
    return np.ones(len(Move), dtype=np.int64)


def _build_moves(progress: ProgressFn) -> dict[str, np.ndarray]:
    tables = {}
    for k, coord in enumerate(Coord):
        progress(k / (len(Coord) + 2), f"move table {coord.name.lower()}")
        tables[coord.name.lower()] = build_move_table(coord)
    tables["slice"] = (tables["slice_sorted"][:: cd.N_PERM4] // cd.N_PERM4).astype(np.int32)
    progress(len(Coord) / (len(Coord) + 2), "twist conjugation")
    tables["twist_conj"] = build_twist_conj()
    tables["conj_move"] = cubie.conjugate_move_table().astype(np.int64)
    tables["sym_inverse"] = cubie.symmetry_inverse().astype(np.int64)
    return tables


class RubikTables:
    """The 3x3 engine's tables, each loaded (or built) by the method of its name on first call, into a registry
    (`default_tables()`: the process's, shared by the GUI's workers and the CLI; a holder made without one gets a
    registry of its own, as a new process would have). Thread-safe: the registry locks each table."""

    def __init__(self, progress: ProgressFn | None = None, registry: TableRegistry | None = None) -> None:
        self._progress = progress or no_progress
        self.registry = registry if registry is not None else TableRegistry()

    def report_progress_to(self, progress: ProgressFn | None) -> None:
        """Where loading and building report from now on (the GUI points it at the solve that is running)."""
        self._progress = progress or no_progress

    def progress(self) -> ProgressFn:
        """Where loading and building report (a holder extending this one reports to the same place)."""
        return self._progress

    def loaded_bytes(self) -> int:
        """Memory the 3x3 tables loaded so far take (what `forget` would give back); without waiting for a build."""
        return self.registry.loaded_bytes(ENGINE)

    def has_loaded(self, name: str) -> bool:
        """Whether the table of this cache name is in memory already."""
        return self.registry.has_loaded(name)

    def is_cached(self, name: str) -> bool:
        """Whether the cache holds a file for this table (built before; its checksum is checked when loaded)."""
        return table_spec(name).is_cached()

    def forget(self) -> None:
        """Drop every loaded 3x3 table (the next use loads it again from the cache); a search still running keeps
        the arrays it holds until it ends."""
        self.registry.release(ENGINE)

    def load(self, name: str, builder: Callable[[ProgressFn], Any]) -> Any:
        """The table registered (`rubik_table`) as `name`, built by `builder` if the cache lacks it: how tables
        owned outside this engine (a heuristic plan's, `optimal.plan`) load through the one registry."""
        return self._get(name, builder)

    def _get(self, name: str, builder: Callable[[ProgressFn], Any]) -> Any:
        """The one way a table is had: every loader method ends here (the preparation's plan recorder relies on it)."""
        table: Table = self.registry.get(name, builder, self._progress)
        return table

    def moves(self) -> dict[str, np.ndarray]:
        return self._get(MOVES, _build_moves)

    def flipslice_classes(self) -> dict[str, np.ndarray]:
        return self._get(FLIPSLICE_CLASSES, lambda progress: build_flipslice_classes())

    def corner_classes(self) -> dict[str, np.ndarray]:
        """Corner permutation classes, and slice_conj: the UD-slice conjugated by each U-D symmetry."""
        return self._get(CORNER_CLASSES, lambda progress: {**build_corner_classes(), "slice_conj": build_slice_conj()})

    def corner_combs(self) -> dict[str, np.ndarray]:
        """The corner-comb coordinate's tables (see `movetables.build_corner_comb_tables`)."""
        return self._get(CORNER_COMBS, lambda progress: build_corner_comb_tables())

    def corner_splits(self) -> dict[str, np.ndarray]:
        """The corner-split coordinate's tables (see `movetables.build_corner_split_tables`), derived from the
        combs' once per process (not cached on disk: it takes milliseconds)."""
        combs = self.corner_combs()
        return self._get(CORNER_SPLITS, lambda progress: build_corner_split_tables(combs))

    def phase1(self, metric: Metric = Metric.HTM) -> np.ndarray:
        metric = search_metric(metric)
        mv, classes = self.moves(), self.flipslice_classes()

        def build(progress: ProgressFn) -> np.ndarray:
            return pruning.build_phase1_table(
                mv["flip"], mv["slice"], mv["twist"], classes, mv["twist_conj"], metric_moves(metric), progress
            )

        return self._get(f"rubik-phase1-{metric.value}", build)

    def phase2(self) -> dict[str, np.ndarray]:
        mv = self.moves()
        perm4 = mv["slice_sorted"][: cd.N_PERM4]

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            return {
                "corners": pruning.build_pair_table(mv["corners"], perm4, PHASE2_MOVES, progress, "phase-2 corners"),
                "edges": pruning.build_pair_table(mv["ud_edges"], perm4, PHASE2_MOVES, progress, "phase-2 edges"),
            }

        return self._get(PHASE2, build)

    def corners(self, metric: Metric = Metric.HTM) -> np.ndarray:
        metric = search_metric(metric)
        mv = self.moves()

        def build(progress: ProgressFn) -> np.ndarray:
            return pruning.build_pair_table(mv["corners"], mv["twist"], metric_moves(metric), progress, "corners")

        return self._get(f"rubik-corners-{metric.value}", build)

    def compact(self, metric: Metric = Metric.HTM) -> dict[str, np.ndarray]:
        metric = search_metric(metric)
        mv = self.moves()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            moves = metric_moves(metric)
            return {
                "twist_slice": pruning.build_pair_table(mv["twist"], mv["slice"], moves, progress, "twist x slice"),
                "flip_slice": pruning.build_pair_table(mv["flip"], mv["slice"], moves, progress, "flip x slice"),
            }

        return self._get(f"rubik-compact-{metric.value}", build)


_default: RubikTables | None = None
_default_lock = threading.Lock()


def default_tables() -> RubikTables:
    """The process's holder, over the process's registry, so tables are loaded once however many solves run."""
    global _default
    with _default_lock:
        if _default is None:
            _default = RubikTables(registry=process_tables())
        return _default
