"""Whether an assembly of a BurrTools problem comes completely apart, by BurrTools' rules including piece groups.

The moves are those of :mod:`solvers.packing.disassembly` (single pieces and groups slide by whole cells along the
axes; a group that can move away for good is removed and both parts are taken apart in turn). What BurrTools adds
are *piece groups*, for puzzles whose pieces are not all meant to come apart (a cage that stays one piece):

* a part (below the whole assembly) whose pieces all belong to one and the same group counts as taken apart;
* a part that does not come apart counts as taken apart when its pieces can be put into one group: every part
  that stayed together so far, in the order met, gets a group number such that no group holds more copies of a
  piece than the problem allows (``<group group="g" count="n"/>``, or ``group="g"`` for all copies).

An assembly of fewer than two pieces does not count (BurrTools has nothing to take apart there). The searches are
bounded by a number of states; an assembly whose search reaches the bound is *undecided* (None).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from solvers.packing.burrtools_puzzle import BurrProblem
from solvers.packing.disassembly import MAX_FAST_PIECES, _Disassembler
from solvers.packing.disassembly_kernel import take_apart_all
from solvers.packing.voxels import Voxel

MAX_PIECES = 512  # parts are taken apart recursively, one level per separation: deeper than this is left undecided


class _Groups:
    """The parts that stayed together so far and whether they can still be given groups (see module docstring)."""

    def __init__(self, problem: BurrProblem, kinds: list[int]) -> None:
        self.kinds = kinds  # kind of each piece of the assembly
        self.capacity = {(k, g): n for k, kind in enumerate(problem.kinds) for g, n in kind.groups}
        self.numbers = sorted({g for k in problem.kinds for g, _ in k.groups})
        self.single = [kind.groups[0][0] if len(kind.groups) == 1 else None for kind in problem.kinds]
        self.sets: list[list[int]] = []
        self.failed = False

    def same_group(self, part: list[int]) -> bool:
        groups = {self.single[self.kinds[p]] for p in part}
        return len(groups) == 1 and None not in groups

    def stuck_ok(self, part: list[int]) -> bool:
        if self.failed:
            return False
        self.sets.append([self.kinds[p] for p in part])
        if not self._assign(0, {}):
            self.failed = True
        return not self.failed

    def _assign(self, index: int, used: dict[tuple[int, int], int]) -> bool:
        if index == len(self.sets):
            return True
        for g in self.numbers:
            need: dict[tuple[int, int], int] = {}
            for k in self.sets[index]:
                need[(k, g)] = need.get((k, g), 0) + 1
            if all(used.get(key, 0) + n <= self.capacity.get(key, 0) for key, n in need.items()):
                for key, n in need.items():
                    used[key] = used.get(key, 0) + n
                if self._assign(index + 1, used):
                    return True
                for key, n in need.items():
                    used[key] -= n
        return False


def takes_apart(
    problem: BurrProblem, assembly: Sequence[tuple[int, Sequence[Voxel]]], *, max_states: int = 2_000_000
) -> bool | None:
    """True when ``assembly`` ((kind, cells) per piece) comes completely apart, False when it cannot, None when a
    search reached ``max_states`` first (or the assembly has more than ``MAX_PIECES`` pieces)."""
    if len(assembly) < 2:
        return False
    if len(assembly) > MAX_PIECES:
        return None
    kinds = [int(k) for k, _ in assembly]
    pieces = [np.asarray(list(cells), dtype=np.int64).reshape(-1, 3) for _, cells in assembly]
    groups = _Groups(problem, kinds)
    solver = _Disassembler(pieces, max_states, groups.same_group, groups.stuck_ok, fast=True)
    _moves, _levels, ok = solver.take_apart(list(range(len(pieces))), [(0, 0, 0)] * len(pieces), top=True)
    if ok:
        return True
    return False if solver.complete else None


def takes_apart_many(
    problem: BurrProblem, assemblies: Sequence[Sequence[tuple[int, Sequence[Voxel]]]], *, max_states: int = 2_000_000
) -> list[bool | None]:
    """:func:`takes_apart` for many assemblies. Without piece groups the whole recursion runs compiled, all
    assemblies in one call (the same parts in the same order, so the same verdicts); with groups each one goes
    through :func:`takes_apart`."""
    if any(k.groups for k in problem.kinds) or any(len(a) > MAX_FAST_PIECES for a in assemblies):
        return [takes_apart(problem, a, max_states=max_states) for a in assemblies]
    cells: list[Sequence[Voxel]] = []
    assembly_starts = [0]
    for assembly in assemblies:
        cells.extend(piece for _, piece in assembly)
        assembly_starts.append(len(cells))
    sizes = [len(piece) for piece in cells]
    flat = np.asarray([v for piece in cells for v in piece], dtype=np.int64).reshape(-1, 3)
    piece_starts = np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64)
    verdicts = take_apart_all(flat, piece_starts, np.asarray(assembly_starts, dtype=np.int64), max_states)
    return [True if v == 1 else False if v == 0 else None for v in verdicts.tolist()]


def verdicts_from_rows(
    problem: BurrProblem, cover, target: np.ndarray, rows: np.ndarray, skip_kind: int | None, max_states: int
) -> np.ndarray | None:
    """:func:`takes_apart_many` for assemblies given as kernel rows (one assembly per line, -1 padded; rows of
    ``skip_kind``, the empty cells, left out), the pieces in the order of the rows: 1 apart, 0 not, -1 undecided.
    The pieces' cells are gathered with numpy rather than as Python tuples. None when the problem has piece
    groups or an assembly too many pieces for the compiled recursion (then :func:`takes_apart` decides)."""
    if any(k.groups for k in problem.kinds):
        return None
    kinds = np.append(cover.row_kind, -1)  # the padding -1 has no kind
    valid = (rows >= 0) & (kinds[rows] != (-2 if skip_kind is None else skip_kind))
    per_assembly = valid.sum(axis=1)
    if len(rows) and int(per_assembly.max()) > MAX_FAST_PIECES:
        return None
    piece_rows = rows[valid]
    cell_ids = cover.row_cells[piece_rows]
    present = cell_ids >= 0
    cells = np.ascontiguousarray(target[cell_ids[present]], dtype=np.int64).reshape(-1, 3)
    piece_starts = np.concatenate([[0], np.cumsum(present.sum(axis=1))]).astype(np.int64)
    assembly_starts = np.concatenate([[0], np.cumsum(per_assembly)]).astype(np.int64)
    return take_apart_all(cells, piece_starts, assembly_starts, max_states)
