"""Symmetry of packings: the target's rotation (and reflection) group acting on placement rows, and classes.

A solution is a set of rows; a symmetry ``g`` of the target maps each row to another row (same piece kind, or the
mirror twin for a reflection), so the group acts on solutions by permuting row ids. Working on row ids instead of
cell labels keeps identical copies of a piece (Slothouber-Graatsma) apart: two touching 1x2x2 pieces would be
indistinguishable in a per-cell letter string but are distinct row sets.

The canonical form of a solution is the lexicographically smallest sorted row list among its images; two solutions
are in one class exactly when their canonical forms are equal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.packing.cover import CoverProblem
from solvers.packing.errors import SymmetryError
from solvers.packing.geometry import is_rotation, shape_symmetries
from solvers.packing.puzzle import SymmetryMode


@dataclass(frozen=True)
class RowGroup:
    """Group elements as row permutations: ``perms[g, r]`` is the image of row ``r``; ``perms[0]`` is identity."""

    perms: np.ndarray  # (G, R) int64
    cell_perms: np.ndarray  # (G, n_cells) int64, file cells
    proper: np.ndarray  # (G,) bool: True for rotations

    @property
    def order(self) -> int:
        return self.perms.shape[0]


def _kind_image(problem: CoverProblem, kind: int, proper: bool) -> int:
    """Which kind a reflection turns ``kind`` into: itself (free or achiral pieces) or its declared twin."""
    puzzle = problem.puzzle
    piece = puzzle.pieces[kind]
    if proper or puzzle.mirrors_same_piece or piece.mirror_twin is None:
        return kind
    return puzzle.piece_index(piece.mirror_twin)


def row_group(problem: CoverProblem, mode: SymmetryMode) -> RowGroup:
    """The symmetry group of the target for ``mode`` acting on rows (identity only for ``NONE``).

    Raises SymmetryError for ``MIRROR`` when some chiral piece has no mirror twin (its reflection is not a piece
    of the puzzle, so reflected solutions are not solutions).
    """
    puzzle = problem.puzzle
    index = puzzle.cell_index()
    target = np.asarray(puzzle.target, dtype=np.int64)
    if mode is SymmetryMode.NONE:
        elements = shape_symmetries(puzzle.target, with_mirrors=False)[:1]
    else:
        elements = shape_symmetries(puzzle.target, with_mirrors=mode is SymmetryMode.MIRROR)
    perms, cell_perms, proper = [], [], []
    for matrix, shift in elements:
        moved = target @ matrix.T + shift
        cell_perm = np.fromiter((index[tuple(v)] for v in moved.tolist()), dtype=np.int64, count=len(target))
        is_proper = is_rotation(matrix)
        perm = np.empty(problem.n_rows, dtype=np.int64)
        for r in range(problem.n_rows):
            kind = int(problem.row_kind[r])
            cells = problem.row_cells[r]
            image_kind = _kind_image(problem, kind, is_proper)
            image = problem.row_id(image_kind, cell_perm[cells[cells >= 0]])
            if image is None:
                name = puzzle.pieces[kind].name
                raise SymmetryError(
                    f"{puzzle.name}: the mirror image of piece {name!r} is not a piece of the puzzle; "
                    "declare its mirror_twin or count up to rotation only"
                )
            perm[r] = image
        perms.append(perm)
        cell_perms.append(cell_perm)
        proper.append(is_proper)
    return RowGroup(np.stack(perms), np.stack(cell_perms), np.asarray(proper, dtype=bool))


def canonical_forms(solutions: np.ndarray, group: RowGroup) -> np.ndarray:
    """(N, K) row-id solutions -> (N, K) canonical forms (sorted rows, smallest image under the group)."""
    sols = np.asarray(solutions, dtype=np.int64)
    best = np.sort(sols, axis=1)
    for g in range(1, group.order):
        image = np.sort(group.perms[g][sols], axis=1)
        diff = image != best
        has = diff.any(axis=1)
        first = diff.argmax(axis=1)
        rows = np.arange(len(sols))
        smaller = has & (image[rows, first] < best[rows, first])
        best[smaller] = image[smaller]
    return best


def classify(solutions: np.ndarray, group: RowGroup) -> tuple[np.ndarray, np.ndarray]:
    """Class id per solution (numbered by first appearance) and the size of each class."""
    if len(solutions) == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    keys = canonical_forms(solutions, group)
    _, first_index, inverse = np.unique(keys, axis=0, return_index=True, return_inverse=True)
    inverse = inverse.reshape(-1)
    # renumber classes in order of first appearance so ids follow the input order
    order = np.argsort(first_index)
    renumber = np.empty_like(order)
    renumber[order] = np.arange(len(order))
    class_ids = renumber[inverse]
    return class_ids, np.bincount(class_ids)


def orbit_representatives(rows: np.ndarray, group: RowGroup) -> list[int]:
    """One row (the smallest id) per orbit of the given rows under the group."""
    rows = np.asarray(rows, dtype=np.int64)
    reps = []
    for r in rows:
        if int(group.perms[:, r].min()) == int(r):
            reps.append(int(r))
    return reps


def stabiliser(row: int, group: RowGroup) -> np.ndarray:
    """Non-identity group elements fixing ``row`` (as row permutations, shape (S, R))."""
    fixes = np.flatnonzero(group.perms[:, row] == row)
    fixes = fixes[fixes != 0]
    return group.perms[fixes]


def anchor_kind(problem: CoverProblem, group: RowGroup) -> int | None:
    """The piece kind to pre-place for symmetry breaking: a single copy that every symmetry maps to itself.

    Among candidates, the one with the fewest placement orbits wins (fewest subtrees to search). None if no kind
    qualifies (then the caller filters by the whole group instead).
    """
    best, best_orbits = None, None
    for kind in range(problem.n_kinds):
        if problem.kind_count[kind] != 1:
            continue
        rows = problem.rows_of_kind(kind)
        if not np.all(problem.row_kind[group.perms[:, rows]] == kind):
            continue
        n_orbits = len(orbit_representatives(rows, group))
        if best_orbits is None or n_orbits < best_orbits:
            best, best_orbits = kind, n_orbits
    return best
