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


class _RowLookup:
    """Row ids by (kind, cell set), for whole arrays of placements at once.

    A placement becomes one integer: with at most 63 bits of cells and kind, one bit per cell above the kind's
    bits (no sorting: a set of cells is the sum of its bits); else its kind, then its sorted cells, as digits in
    base ``n_cells + 1`` (padding -1 is digit 0). Images of all rows under a symmetry are then found with one
    ``searchsorted`` instead of a dict lookup per row, which took most of a Soma or Bedlam class count. Puzzles too
    large for 63-bit keys fall back to the problem's dict.
    """

    def __init__(self, problem: CoverProblem) -> None:
        self.problem = problem
        self.base = problem.n_cells + 1
        width = problem.row_cells.shape[1]
        kind_bits = max(problem.n_kinds - 1, 1).bit_length()
        # a cell's bit, above the kind's; the padding -1 reads the last entry, no bit
        self._bits = (
            np.append(np.left_shift(1, np.arange(problem.n_cells, dtype=np.int64) + kind_bits), 0)
            if problem.n_cells + kind_bits <= 63
            else None
        )
        self.vectorised = self._bits is not None or problem.n_kinds * self.base**width < 2**62
        if self.vectorised:
            keys = self.keys(problem.row_kind, problem.row_cells)
            self.order = np.argsort(keys)
            self.sorted_keys = keys[self.order]

    def keys(self, kinds: np.ndarray, cells: np.ndarray) -> np.ndarray:
        if self._bits is not None:
            return self._bits[cells] @ np.ones(cells.shape[1], dtype=np.int64) + kinds
        digits = np.sort(cells + 1, axis=1)  # -1 padding -> 0, first after sorting
        keys = kinds.astype(np.int64)
        for column in digits.T:
            keys = keys * self.base + column
        return keys

    def find(self, kinds: np.ndarray, cells: np.ndarray) -> np.ndarray:
        """Row id of each (kind, cells) placement, -1 where there is no such row. A placement's cells are distinct
        (as the images of rows under cell permutations are), in any order, padded with -1 anywhere."""
        if not self.vectorised:
            return self._find_by_hash(kinds, cells)
        keys = self.keys(kinds, cells)
        at = np.minimum(np.searchsorted(self.sorted_keys, keys), len(self.sorted_keys) - 1)
        return np.where(self.sorted_keys[at] == keys, self.order[at], -1)

    def _find_by_hash(self, kinds: np.ndarray, cells: np.ndarray) -> np.ndarray:
        """:meth:`find` for placements too large for one integer key: each placement hashed to 64 bits as a sum
        of fixed random weights of its kind and its cells (so the cells need no sorting), looked up with
        ``searchsorted``, and each hit checked cell for cell against the row found; a query whose hash matches a
        different row (a collision) is looked up in the problem's dict."""
        problem = self.problem
        if not hasattr(self, "_cell_weights"):
            rng = np.random.default_rng(20240917)
            self._kind_weights = rng.integers(1, 2**63, size=problem.n_kinds, dtype=np.uint64)
            self._cell_weights = np.append(rng.integers(1, 2**63, size=problem.n_cells, dtype=np.uint64), 0)
            self._index_rows()
        kinds = np.asarray(kinds, dtype=np.int64)
        if not len(kinds):
            return np.empty(0, dtype=np.int64)
        hashes = self._hash(kinds, cells)
        at = np.minimum(np.searchsorted(self._sorted_hashes, hashes), len(self._sorted_hashes) - 1)
        candidate = self._hash_order[at]
        hit = self._sorted_hashes[at] == hashes
        same = hit & (problem.row_kind[candidate] == kinds) & self._holds(candidate, cells)
        found = np.where(same, candidate, -1)
        for q in np.flatnonzero(hit & ~same):  # a hash shared by different placements: ask the dict
            row = problem.row_id(int(kinds[q]), [int(c) for c in cells[q] if c >= 0])
            found[q] = -1 if row is None else row
        return found

    def _holds(self, rows: np.ndarray, cells: np.ndarray) -> np.ndarray:
        """Whether each row's cells are exactly the (distinct) query cells: as many, and every one of them is the
        row's (read in a table of which cells each row holds, so nothing is sorted per query)."""
        sizes = (cells >= 0).sum(axis=1)
        ok = sizes == self._row_sizes[rows]
        return ok & self._members[rows[:, None], cells].all(axis=1)

    def _index_rows(self) -> None:
        """The rows' hashes (sorted) and which cells each row holds, worked out a group of rows of one size at a
        time: rows padded to the largest piece (a burr's hundred cells beside pieces of five) are mostly padding."""
        problem = self.problem
        sizes = (problem.row_cells >= 0).sum(axis=1)
        hashes = np.empty(problem.n_rows, dtype=np.uint64)
        members = np.zeros((problem.n_rows, problem.n_cells + 1), dtype=bool)  # the last column: padding
        members[:, -1] = True
        for width in np.unique(sizes).tolist():
            group = np.flatnonzero(sizes == width)
            block = problem.row_cells[group]
            cells = block[block >= 0].reshape(len(group), width)
            hashes[group] = self._hash(problem.row_kind[group], cells)
            members[group[:, None], cells] = True
        self._hash_order = np.argsort(hashes, kind="stable")
        self._sorted_hashes = hashes[self._hash_order]
        self._row_sizes = sizes
        self._members = members

    def _hash(self, kinds: np.ndarray, cells: np.ndarray) -> np.ndarray:
        with np.errstate(over="ignore"):
            weights = self._cell_weights[np.where(cells >= 0, cells, len(self._cell_weights) - 1)]
            return self._kind_weights[kinds] + weights.sum(axis=1, dtype=np.uint64)


def row_lookup(problem: CoverProblem) -> _RowLookup:
    """The problem's :class:`_RowLookup`, built once (its tables cost as much as a few lookups)."""
    lookup = problem.derived.get("row_lookup")
    if not isinstance(lookup, _RowLookup):
        lookup = problem.derived["row_lookup"] = _RowLookup(problem)
    return lookup


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
    kind_images = np.array([_kind_image(problem, k, False) for k in range(problem.n_kinds)], dtype=np.int64)
    lookup = row_lookup(problem)
    perms, cell_perms, proper = [], [], []
    for matrix, shift in elements:
        moved = target @ matrix.T + shift
        cell_perm = np.fromiter((index[tuple(v)] for v in moved.tolist()), dtype=np.int64, count=len(target))
        is_proper = is_rotation(matrix)
        kinds = problem.row_kind if is_proper else kind_images[problem.row_kind]
        cells = np.where(problem.row_cells >= 0, cell_perm[problem.row_cells], -1)
        perm = lookup.find(kinds, cells)
        missing = np.flatnonzero(perm < 0)
        if len(missing):
            name = puzzle.pieces[int(problem.row_kind[missing[0]])].name
            raise SymmetryError(
                f"{puzzle.name}: the mirror image of piece {name!r} is not a piece of the puzzle; "
                "declare its mirror_twin or count up to rotation only"
            )
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
    return [int(r) for r in rows[group.perms[:, rows].min(axis=0) == rows]]


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
