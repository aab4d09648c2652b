"""BurrTools problems that are no exact cover (``+`` cells, count ranges, colours) in a form a viewer can list.

Such a problem's assemblies use different numbers of pieces and may leave cells empty, while a viewer's solution
rows have one entry per piece copy. So the *display puzzle* is every result cell with every piece kind at its
maximum count, and its cover gets one extra *absent* row per kind: a placement with no cells, which stands for a
copy an assembly does not use (a viewer hides it). The assemblies themselves are BurrTools' (one per class, from
:func:`solvers.packing.burrtools_count.count`), each turned into one row per copy.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from solvers.packing.burrtools_puzzle import PALETTE, BurrProblem, identifier_for
from solvers.packing.cover import CoverProblem, build_cover
from solvers.packing.puzzle import Piece, Puzzle
from solvers.packing.voxels import Voxel


def display_puzzle(problem: BurrProblem) -> tuple[Puzzle, CoverProblem, Voxel]:
    """The display puzzle, its cover with the absent rows, and the shift from result to puzzle coordinates."""
    every = problem.cells
    low = (min(v[0] for v in every), min(v[1] for v in every), min(v[2] for v in every))
    target = tuple(
        sorted(((x - low[0], y - low[1], z - low[2]) for x, y, z in every), key=lambda v: (v[2], v[1], v[0]))
    )
    dims = (max(v[0] for v in target) + 1, max(v[1] for v in target) + 1, max(v[2] for v in target) + 1)
    pieces = tuple(Piece(k.letter, k.cells, PALETTE[i % len(PALETTE)], k.maximum, None, k.label)
                   for i, k in enumerate(problem.kinds))  # fmt: skip
    puzzle = Puzzle(
        name=problem.puzzle_name or identifier_for(problem.title),
        pieces=pieces,
        target=target,
        dims=dims,
        title=problem.title,
        description=problem.description,
        is_box=False,
    )
    cover = build_cover(puzzle)
    n_kinds = cover.n_kinds
    absent_cells = np.full((n_kinds, cover.row_cells.shape[1]), -1, dtype=np.int64)
    cover = replace(
        cover,
        row_kind=np.concatenate([cover.row_kind, np.arange(n_kinds, dtype=np.int64)]),
        row_orient=np.concatenate([cover.row_orient, np.zeros(n_kinds, dtype=np.int64)]),
        row_cells=np.concatenate([cover.row_cells, absent_cells]),
        row_masks=np.concatenate([cover.row_masks, np.zeros((n_kinds, cover.n_words), dtype=np.uint64)]),
        placement_rows=None,
        _lookup=dict(cover._lookup),
    )
    return puzzle, cover, low


def absent_row(cover: CoverProblem, kind: int) -> int:
    """The row that stands for an unused copy of ``kind`` (the absent rows come last, one per kind)."""
    return cover.n_rows - cover.n_kinds + kind


def is_absent(cover: CoverProblem, row: int) -> bool:
    return bool((cover.row_cells[int(row)] < 0).all())


def assembly_rows(cover: CoverProblem, shift: Voxel, assemblies: Sequence) -> np.ndarray:
    """Rows (one per piece copy, sorted) of assemblies given as (kind, cells in result coordinates) per piece."""
    index = cover.puzzle.cell_index()
    width = cover.n_instances
    out = np.empty((len(assemblies), width), dtype=np.int64)
    for n, assembly in enumerate(assemblies):
        rows = []
        used = np.zeros(cover.n_kinds, dtype=np.int64)
        for kind, cells in assembly:
            ids = [index[(x - shift[0], y - shift[1], z - shift[2])] for x, y, z in cells]
            row = cover.row_id(int(kind), ids)
            if row is None:  # pragma: no cover - every counted placement is a row of the same cells
                raise AssertionError(f"no row of kind {kind} at {sorted(ids)}")
            rows.append(row)
            used[int(kind)] += 1
        for kind in range(cover.n_kinds):
            rows += [absent_row(cover, kind)] * int(cover.kind_count[kind] - used[kind])
        out[n] = sorted(rows)
    return out
