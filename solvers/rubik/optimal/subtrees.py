"""One solve's kernel inputs, gathered once, and how a bound's subtrees (two-move prefixes) go to the kernels."""

from __future__ import annotations

import itertools

import numpy as np

from solvers.cube.moves import Move
from solvers.cube.state import CubeState
from solvers.engine import Metric
from solvers.rubik import class_fill, cubie
from solvers.rubik import coords as cd
from solvers.rubik.optimal import corner_slice_residues as csr
from solvers.rubik.optimal import edge_residues as er
from solvers.rubik.optimal.depth_first import heuristic, ida_subtree
from solvers.rubik.optimal.heuristics import (
    INNER_HEURISTICS,
    RESIDUE_HEURISTICS,
    Heuristic,
    axis_bounds,
    check_heuristic,
    kernel_moves,
    large_layout,
    residue_tables,
)
from solvers.rubik.optimal.interleaved import ResidueTables, ida_interleaved, workspace
from solvers.rubik.optimal.optimal_tables import OptimalTables
from solvers.rubik.optimal.rows import (
    CORNERS_12,
    CS_DIST,
    CTRL_FOUND,
    CTRL_STOP,
    DIST,
    LARGE_DIST,
    start_coordinates,
    take_next,
)
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


class SearchKernel:
    """Everything the kernels need apart from the prefix and bound, gathered once per solve."""

    def __init__(self, state: CubeState, metric: Metric, heuristic: Heuristic, tables: OptimalTables) -> None:
        check_heuristic(metric, heuristic)
        self.cube = cubie.flat(state)
        conj = cubie.conjugate_move_table()
        axis_moves = np.stack([conj[s] for s in AXIS_SYMMETRIES]).astype(np.int64)
        self.axis_cubes = axis_cubes = [cubie.conjugate(self.cube, s) for s in AXIS_SYMMETRIES]
        self.interleaved = heuristic in RESIDUE_HEURISTICS
        self.coords = start_coordinates(axis_cubes, sorted_slice=self.interleaved)
        symmetries = cube_symmetries(self.cube)
        prefixes = all_prefixes(PREFIX_LENGTH) if len(symmetries) <= 1 else symmetric_prefixes(symmetries)
        self.prefixes = np.stack(prefixes)
        self.moves = kernel_moves(tables, metric, heuristic, axis_moves)
        self.bounds = axis_bounds(tables, metric, heuristic)
        self.residues = residue_tables(tables, heuristic) if self.interleaved else None
        if self.residues is not None:
            self._start_distances(tables, heuristic, self.residues)

    def _start_distances(self, tables: OptimalTables, heuristic: Heuristic, rt: ResidueTables) -> None:
        """The residue tables hold distances mod 3: the start needs each axis's exact distances, found by descent
        (the corner-slice table's and the edge table's, or the split or the large table's)."""
        row, mv = self.coords, tables.moves()
        corner_layout = csr.layout(mv["corners"], mv["twist"], mv["slice"], tables.corner_classes()["class_sym"],
                                   rt.twist_conj, rt.slice_conj)  # fmt: skip
        large_shape = large_layout(tables, heuristic) if heuristic in INNER_HEURISTICS else None
        for a in range(3):
            flip, slice_sorted, twist = (int(v) for v in row[3 * a : 3 * a + 3])
            corners = int(row[9] if a == 0 else row[CORNERS_12 + a - 1])
            if rt.corner_slice.shape[0] > 1:  # (a heuristic with the inverse's look-ups reads none)
                row[CS_DIST + a] = class_fill.exact_distance(corners, twist, slice_sorted // cd.N_PERM4,
                                                             rt.corner_slice, corner_layout)  # fmt: skip
            if large_shape is None:
                moves = (mv["flip"], mv["slice_sorted"], mv["twist"])
                row[DIST + a] = er.exact_distance(flip, slice_sorted, twist, rt.edge, rt.edge_class_sym,
                                                  rt.twist_conj, *moves)  # fmt: skip
            else:
                flipslice = slice_sorted // cd.N_PERM4 * cd.N_FLIP + flip
                row[LARGE_DIST + a] = class_fill.exact_distance(flipslice, twist, int(rt.comb_of[corners]), rt.large,
                                                                large_shape)  # fmt: skip

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
