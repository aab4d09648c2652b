"""The 3x3x3 tables, each built by a pure builder through the shared cache and loaded by its method when first called.

| name                         | contents                                           | size    |
|------------------------------|----------------------------------------------------|---------|
| rubik-moves                  | coordinate move tables, symmetry conjugation       | ~8 MB   |
| rubik-flipslice-classes      | 64430 symmetry classes of flip x UD-slice          | ~6 MB   |
| rubik-flipslice-sorted-classes | 1523864 classes of flip x sorted UD-slice        | 124 MB  |
| rubik-strong-htm             | flip x sorted slice x twist distance mod 3, 2 bits | 834 MB  |
| rubik-corner-classes         | 2768 corner permutation classes, slice conjugation | 0.2 MB  |
| rubik-cornerslice-htm        | corners x twist x UD-slice distance mod 3, 2 bits  | 749 MB  |
| rubik-phase1-{htm,qtm}       | exact phase-1 distance, flipslice class x twist    | 141 MB  |
| rubik-phase2                 | phase-2 distance: corners x slice order, edges x slice order | 2 MB |
| rubik-corners-{htm,qtm}      | exact corner distance: permutation x twist         | 88 MB   |
| rubik-compact-{htm,qtm}      | twist x slice and flip x slice distances           | 2 MB    |

The compact tables are a cheap admissible heuristic (built in about a second) used when the big ones would cost
more than the search they speed up, e.g. in fast tests.
"""

from __future__ import annotations

import threading

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
from solvers.tables import load_or_build, table_bytes, table_path

TABLE_VERSION = 1


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
    """Every table, each loaded (or built) by the method of its name on first call; thread-safe, so a GUI worker
    and the CLI can share one instance (`default_tables()`, the process's)."""

    def __init__(self, progress: ProgressFn | None = None) -> None:
        self._progress = progress or no_progress
        self._lock = threading.RLock()
        self._cache: dict[str, object] = {}

    def report_progress_to(self, progress: ProgressFn | None) -> None:
        """Where loading and building report from now on (the GUI points it at the solve that is running)."""
        self._progress = progress or no_progress

    def loaded_bytes(self) -> int:
        """Memory the tables loaded so far take (what `forget` would give back). Without the lock, which a build
        holds for minutes: the GUI asks while a solve loads tables, and a snapshot of the dict is enough."""
        return sum(table_bytes(table) for table in list(self._cache.values()))

    def has_loaded(self, name: str) -> bool:
        """Whether the table of this cache name is in memory already."""
        with self._lock:
            return name in self._cache

    def is_cached(self, name: str) -> bool:
        """Whether the cache holds a file for this table (built before; its checksum is checked when loaded)."""
        return table_path(name, TABLE_VERSION).exists()

    def forget(self) -> None:
        """Drop every loaded table (the next use loads it again from the cache); a search still running keeps
        the arrays it holds until it ends."""
        with self._lock:
            self._cache.clear()

    def _get(self, name: str, builder):
        with self._lock:
            if name not in self._cache:
                self._cache[name] = load_or_build(name, builder, version=TABLE_VERSION, progress=self._progress)
            return self._cache[name]

    def moves(self) -> dict[str, np.ndarray]:
        return self._get("rubik-moves", _build_moves)

    def flipslice_classes(self) -> dict[str, np.ndarray]:
        return self._get("rubik-flipslice-classes", lambda progress: build_flipslice_classes())

    def flipslice_sorted_classes(self) -> dict[str, np.ndarray]:
        """class_sym = 16 * class + symmetry (uint32), so a search reads one entry, not two; reps; stabiliser."""

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            classes = build_flipslice_classes(sorted_slice=True)
            class_sym = (classes.pop("class_of").astype(np.uint32) << 4) | classes.pop("sym_of").astype(np.uint32)
            return {"class_sym": class_sym, **classes}

        return self._get("rubik-flipslice-sorted-classes", build)

    def edge_residues(self) -> dict[str, np.ndarray]:
        """The optimal solver's edge table (HTM), flip x sorted slice x twist: residues mod 3 and the histogram."""
        mv, classes = self.moves(), self.flipslice_sorted_classes()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            from solvers.rubik.optimal.edge_residues import build_edge_table  # that package imports this module

            return build_edge_table(mv["flip"], mv["slice_sorted"], mv["twist"], classes, mv["twist_conj"], progress)

        return self._get("rubik-strong-htm", build)

    def corner_classes(self) -> dict[str, np.ndarray]:
        """Corner permutation classes, and slice_conj: the UD-slice conjugated by each U-D symmetry."""
        return self._get(
            "rubik-corner-classes", lambda progress: {**build_corner_classes(), "slice_conj": build_slice_conj()}
        )

    def corner_slice_residues(self) -> dict[str, np.ndarray]:
        """The optimal solver's corner x twist x UD-slice table (HTM): residues mod 3 and the histogram."""
        mv, classes = self.moves(), self.corner_classes()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            from solvers.rubik.optimal.corner_slice_residues import build_corner_slice_table  # (as above)

            return build_corner_slice_table(
                mv["corners"], mv["twist"], mv["slice"], classes, mv["twist_conj"], classes["slice_conj"], progress
            )

        return self._get("rubik-cornerslice-htm", build)

    def corner_combs(self) -> dict[str, np.ndarray]:
        """The corner-comb coordinate's tables (see `movetables.build_corner_comb_tables`)."""
        return self._get("rubik-corner-combs", lambda progress: build_corner_comb_tables())

    def corner_splits(self) -> dict[str, np.ndarray]:
        """The corner-split coordinate's tables (see `movetables.build_corner_split_tables`), derived from the
        combs' once per process (not cached on disk: it takes milliseconds)."""
        combs = self.corner_combs()
        with self._lock:
            if "corner-splits" not in self._cache:
                self._cache["corner-splits"] = build_corner_split_tables(combs)
            return self._cache["corner-splits"]

    def flipslice_moves(self) -> np.ndarray:
        """The raw flip-slice coordinate after each move (int32, 73 MB), derived from the move tables once per
        process (not cached on disk: it takes a fraction of a second); the large table's start distances read it."""
        with self._lock:
            if "flipslice-moves" not in self._cache:
                from solvers.rubik.optimal.large_residues import flipslice_moves  # (as below)

                mv = self.moves()
                self._cache["flipslice-moves"] = flipslice_moves(mv["flip"], mv["slice"])
            return self._cache["flipslice-moves"]

    def large_residues(self) -> dict[str, np.ndarray]:
        """The large tier's flip x slice x twist x corner-comb table (HTM, 2.47 GB): residues and histogram."""
        mv, classes, combs = self.moves(), self.flipslice_classes(), self.corner_combs()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            from solvers.rubik.optimal.large_residues import build_large_table  # (as above)

            return build_large_table(mv["flip"], mv["slice"], mv["twist"], classes, mv["twist_conj"],
                                     combs["comb_move"], combs["comb_conj"], progress)  # fmt: skip

        return self._get("rubik-large-htm", build)

    def large_bounds(self) -> dict[str, np.ndarray]:
        """The large table as stand-alone lower bounds (HTM, 2.47 GB), for the look-ups of a cube's inverse
        (see `large_bounds`); built from the large table in about a minute."""
        classes, residues = self.flipslice_classes(), self.large_residues()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            from solvers.rubik.optimal.heuristics import large_layout  # (as above)
            from solvers.rubik.optimal.large_bounds import build_bounds_table

            return build_bounds_table(residues["residues"], large_layout(self), classes["reps"],
                                      classes["stabiliser"], progress)  # fmt: skip

        return self._get("rubik-large-bounds-htm", build)

    def split_residues(self) -> dict[str, np.ndarray]:
        """The standard tier's flip x slice x twist x corner-split table (HTM, 1.23 GB): residues and histogram."""
        mv, classes, splits = self.moves(), self.flipslice_classes(), self.corner_splits()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            from solvers.rubik.optimal.large_residues import build_large_table  # (as above)

            inner = (splits["split_move"], splits["split_conj"])
            return build_large_table(mv["flip"], mv["slice"], mv["twist"], classes, mv["twist_conj"], *inner,
                                     progress, "split pruning table")  # fmt: skip

        return self._get("rubik-split-htm", build)

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

        return self._get("rubik-phase2", build)

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
    """A process-wide instance, so tables are loaded once however many solves run."""
    global _default
    with _default_lock:
        if _default is None:
            _default = RubikTables()
        return _default
