"""One solve's kernel inputs, gathered once, and how a bound's subtrees (two-move prefixes) go to the kernels."""

from __future__ import annotations

import itertools

import numpy as np

from solvers.cube.moves import Move
from solvers.cube.state import CubeState
from solvers.engine import Metric
from solvers.rubik import cubie
from solvers.rubik.optimal.depth_first import MODE_RESIDUES, AxisBounds, heuristic, ida_subtree
from solvers.rubik.optimal.interleaved import ida_interleaved, packed_corner_moves, workspace
from solvers.rubik.optimal.optimal_tables import OptimalTables
from solvers.rubik.optimal.plan import DepthFirstPlan, HeuristicPlan, ResiduePlan
from solvers.rubik.optimal.rows import (
    CORNERS_12,
    CS_DIST,
    CTRL_FOUND,
    CTRL_STOP,
    DIST,
    KernelMoves,
    start_coordinates,
    take_next,
)
from solvers.rubik.rubik_tables import move_costs
from solvers.rubik.twophase import AXIS_SYMMETRIES
from solvers.rubik.twophase_kernel import redundant

PREFIX_LENGTH = 2


def all_prefixes(length: int) -> list[np.ndarray]:
    """Every move sequence of this length without a redundant pair (same face twice, or opposite faces out of
    the kernels' canonical order)."""
    out = []
    for seq in itertools.product(range(len(Move)), repeat=length):
        if all(not redundant(seq[i - 1], seq[i]) for i in range(1, length)):
            out.append(np.array(seq, dtype=np.int64))
    return out


def cube_symmetries(cube: np.ndarray) -> list[int]:
    """The symmetries s (of 48, reflections included) with S_s * cube * S_s^-1 == cube."""
    return [s for s in range(cubie.N_SYM) if np.array_equal(cubie.conjugate(cube, s), cube)]


def symmetric_prefixes(symmetries: list[int]) -> list[np.ndarray]:
    """Two-move prefixes enough for a cube with these symmetries: the first move only the least of its orbit.

    If S C S^-1 = C and q solves C, so does S q S^-1 (each move conjugated), so some solution starts with the
    least move of the first move's orbit. Reordering the commuting opposite-face pairs after the first move
    (the kernel's canonical order) keeps that first move, so the second move may be any other face's: the
    kernel's order applies from the second move on. The superflip (all 48) searches 2 of 18 first moves."""
    conj = cubie.conjugate_move_table()
    firsts = [m for m in range(len(Move)) if m == min(int(conj[s, m]) for s in symmetries)]
    return [np.array([a, b], dtype=np.int64) for a in firsts for b in range(len(Move)) if a // 3 != b // 3]


def kernel_moves(tables: OptimalTables, metric: Metric, residues: bool, axis_moves: np.ndarray) -> KernelMoves:
    """The move tables a kernel steps rows with (for the residue plans: the sorted slice and packed corners)."""
    mv = tables.moves()
    if residues:
        # 16-bit copies of the small move tables: half the cache they take (1.1 MB as 32 bits)
        flip, slice_sorted, twist = (mv[name].astype(np.int16) for name in ("flip", "slice_sorted", "twist"))
        corners = packed_corner_moves(mv["corners"], tables.corner_classes()["class_sym"])
        return KernelMoves(move_costs(metric), axis_moves, flip, slice_sorted, twist, corners, cubie.move_cubes())
    return KernelMoves(move_costs(metric), axis_moves, mv["flip"], mv["slice"], mv["twist"], mv["corners"],
                       cubie.move_cubes())  # fmt: skip


class SearchKernel:
    """Everything the kernels need apart from the prefix and bound, gathered once per solve from the heuristic's
    plan: a `ResiduePlan` runs the interleaved kernel, a `DepthFirstPlan` the depth-first one."""

    def __init__(self, state: CubeState, metric: Metric, plan: HeuristicPlan, tables: OptimalTables) -> None:
        plan.check(metric)
        self.cube = cubie.flat(state)
        conj = cubie.conjugate_move_table()
        axis_moves = np.stack([conj[s] for s in AXIS_SYMMETRIES]).astype(np.int64)
        self.axis_cubes = axis_cubes = [cubie.conjugate(self.cube, s) for s in AXIS_SYMMETRIES]
        self.interleaved = isinstance(plan, ResiduePlan)
        self.coords = start_coordinates(axis_cubes, sorted_slice=self.interleaved)
        symmetries = cube_symmetries(self.cube)
        prefixes = all_prefixes(PREFIX_LENGTH) if len(symmetries) <= 1 else symmetric_prefixes(symmetries)
        self.prefixes = np.stack(prefixes)
        self.moves = kernel_moves(tables, metric, self.interleaved, axis_moves)
        self.residues = None
        if isinstance(plan, ResiduePlan):
            none = np.zeros(1, dtype=np.uint8)
            self.bounds = AxisBounds(MODE_RESIDUES, none, none, none, tables.moves()["twist_conj"], none, none, none)
            self.residues = plan.residues(tables)
            self._start_distances(plan, tables)
        elif isinstance(plan, DepthFirstPlan):
            self.bounds = plan.axis_bounds(tables, metric)
        else:
            raise TypeError(f"a heuristic plan is a ResiduePlan or a DepthFirstPlan, not a {type(plan).__name__}")

    def _start_distances(self, plan: ResiduePlan, tables: OptimalTables) -> None:
        """The residue tables hold distances mod 3: the start needs each axis's exact distances (the plan's)."""
        assert self.residues is not None
        distances, row = plan.start_distances(tables, self.residues), self.coords
        for a in range(3):
            flip, slice_sorted, twist = (int(v) for v in row[3 * a : 3 * a + 3])
            corners = int(row[9] if a == 0 else row[CORNERS_12 + a - 1])
            row[CS_DIST + a], row[DIST + a] = distances(flip, slice_sorted, twist, corners)

    def start_heuristic(self) -> int:
        """The admissible estimate of the start position (a lower bound on its distance)."""
        return int(heuristic(self.coords, self.bounds))

    def prefix_array(self, bound: int) -> np.ndarray:
        """The bound's subtrees as rows of moves: the two-move prefixes, or one empty prefix for tiny bounds."""
        if bound > PREFIX_LENGTH + 1:
            return self.prefixes
        return np.zeros((1, 0), dtype=np.int64)

    def search(self, prefixes, cursor, bound, ctrl, stats, path):
        """Search the subtrees of `prefixes` taken one by one from the shared `cursor` (with the other threads):
        (status, moves) with status 1 = found, 0 = none left, -1 = stopped or found elsewhere."""
        if self.interleaved:  # several subtrees at a time per thread
            work = workspace(self.cube, self.axis_cubes)
            status, length = ida_interleaved(self.cube, self.coords, prefixes, cursor, bound, self.moves,
                                             self.residues, ctrl, stats, path, work)  # fmt: skip
            return status, path[:length].copy()
        while ctrl[CTRL_STOP] == 0 and ctrl[CTRL_FOUND] == 0:
            j = take_next(cursor)
            if j >= prefixes.shape[0]:
                break
            status, length = ida_subtree(self.cube, self.coords, prefixes[j], bound, self.moves, self.bounds, ctrl,
                                         stats, path)  # fmt: skip
            if status != 0:
                return status, path[:length].copy()
        return 0, path[:0].copy()
