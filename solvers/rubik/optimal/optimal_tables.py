"""The optimal search's own tables, owned and registered here: the 3x3 holder extended with their loaders.

| name                   | contents                                                         | size    |
|------------------------|------------------------------------------------------------------|---------|
| rubik-split-htm        | flip x slice x twist x corner split distance mod 3 (standard)    | 1.23 GB |
| rubik-large-htm        | flip x slice x twist x corner comb distance mod 3 (large tier)   | 2.47 GB |
| rubik-large-bounds-htm | the large table as stand-alone lower bounds (large tier)         | 2.47 GB |
| rubik-flipslice-moves  | the raw flip-slice coordinate after each move (memory only)      | 73 MB   |

Why a holder of its own: the general 3x3 holder (`rubik_tables`) serves the two-phase solver too and must not know
this package's builders (it did, and this package imported it back: a circle). `optimal_view` gives any 3x3
holder these loaders over the same registry, so nothing loads twice.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from solvers.engine import ProgressFn
from solvers.rubik.class_fill import TwistRowLayout
from solvers.rubik.optimal import large_bounds, large_residues
from solvers.rubik.rubik_tables import RubikTables, default_tables, rubik_table

SPLIT = rubik_table("rubik-split-htm", "split pruning table", 1_230_000_000)
LARGE = rubik_table("rubik-large-htm", "large pruning table", 2_470_000_000)
LARGE_BOUNDS = rubik_table("rubik-large-bounds-htm", "large bounds table", 2_470_000_000)
FLIPSLICE_MOVES = rubik_table("rubik-flipslice-moves", "flip-slice moves", None, on_disk=False)


class OptimalTables(RubikTables):
    """The 3x3 tables and the optimal search's, each loaded (or built) by the method of its name on first call."""

    def flipslice_moves(self) -> np.ndarray:
        """The raw flip-slice coordinate after each move (int32, 73 MB), derived from the move tables once per
        process (not cached on disk: it takes a fraction of a second); the large table's start distances read it."""
        mv = self.moves()
        return self._get(FLIPSLICE_MOVES, lambda progress: large_residues.flipslice_moves(mv["flip"], mv["slice"]))

    def large_residues(self) -> dict[str, np.ndarray]:
        """The large tier's flip x slice x twist x corner-comb table (HTM, 2.47 GB): residues and histogram."""
        mv, classes, combs = self.moves(), self.flipslice_classes(), self.corner_combs()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            return large_residues.build_large_table(mv["flip"], mv["slice"], mv["twist"], classes, mv["twist_conj"],
                                                    combs["comb_move"], combs["comb_conj"], progress)  # fmt: skip

        return self._get(LARGE, build)

    def large_bounds(self) -> dict[str, np.ndarray]:
        """The large table as stand-alone lower bounds (HTM, 2.47 GB), for the look-ups of a cube's inverse
        (see `large_bounds`); built from the large table in about a minute."""
        classes, residues = self.flipslice_classes(), self.large_residues()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            return large_bounds.build_bounds_table(residues["residues"], large_layout(self), classes["reps"],
                                                   classes["stabiliser"], progress)  # fmt: skip

        return self._get(LARGE_BOUNDS, build)

    def split_residues(self) -> dict[str, np.ndarray]:
        """The standard tier's flip x slice x twist x corner-split table (HTM, 1.23 GB): residues and histogram."""
        mv, classes, splits = self.moves(), self.flipslice_classes(), self.corner_splits()

        def build(progress: ProgressFn) -> dict[str, np.ndarray]:
            inner = (splits["split_move"], splits["split_conj"])
            return large_residues.build_large_table(mv["flip"], mv["slice"], mv["twist"], classes, mv["twist_conj"],
                                                    *inner, progress, "split pruning table")  # fmt: skip

        return self._get(SPLIT, build)


def optimal_view(tables: RubikTables | None = None) -> OptimalTables:
    """`tables` (the process's when None) with the optimal search's loaders too: itself when it has them (an
    OptimalTables, or a test's stand-in that answers for them), else the same holder seen through a class that
    adds them. The same holder: it shares the holder's state (registry, progress, and for a preparation's plan
    recorder its plan), so whatever the view loads or records, the holder has."""
    tables = tables if tables is not None else default_tables()
    if hasattr(tables, "split_residues"):
        return tables  # type: ignore[return-value]
    view = object.__new__(_with_optimal_loaders(type(tables)))
    view.__dict__ = tables.__dict__
    return view


def _with_optimal_loaders(kind: type[RubikTables]) -> type[OptimalTables]:
    """`kind` (RubikTables or a subclass, such as a plan recorder) with OptimalTables' loaders. Made afresh each
    time (microseconds): a preparation makes a recorder class per plan, and a cache of them would only grow."""
    if issubclass(OptimalTables, kind):
        return OptimalTables
    return type(f"Optimal{kind.__name__}", (kind, OptimalTables), {})


class InnerTable(NamedTuple):
    """A phase-1-plus-corners table and its inner corner coordinate (the comb or the split)."""

    built: dict[str, np.ndarray]  # residues and histogram
    of: np.ndarray  # the inner coordinate of each corner permutation
    move: np.ndarray  # inner coordinate x move
    conj: np.ndarray  # inner coordinate x U-D symmetry


def inner_table(tables: OptimalTables, split: bool) -> InnerTable:
    """The split table with the corner split (`split`), else the large table with the corner comb."""
    if split:
        splits = tables.corner_splits()
        return InnerTable(tables.split_residues(), splits["split_of"], splits["split_move"], splits["split_conj"])
    combs = tables.corner_combs()
    return InnerTable(tables.large_residues(), combs["comb_of"], combs["comb_move"], combs["comb_conj"])


def large_layout(tables: OptimalTables, split: bool = False) -> TwistRowLayout:
    """How the large (or split) table is indexed (for the start's exact distances; the kernel reads the same
    fields)."""
    mv, inner = tables.moves(), inner_table(tables, split)
    return large_residues.layout(tables.flipslice_moves(),
                                 large_residues.flipslice_class_sym(tables.flipslice_classes()), mv["twist"],
                                 inner.move, mv["twist_conj"], inner.conj)  # fmt: skip
