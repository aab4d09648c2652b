"""Soma 27-cell lines (UVa 197): Soma cube cases given by piece a's cells, answered as sorted 27-letter strings.

Linearisation (identical to the file order of ``assets/puzzles/soma.json``)::

    index = plane * 9 + row * 3 + column
    plane 0 = front .. 2 = back,  row 0 = top .. 2 = bottom,  column 0 = left .. 2 = right

          front plane        middle plane        back plane
          0  1  2            9 10 11            18 19 20
          3  4  5           12 13 14            21 22 23
          6  7  8           15 16 17            24 25 26

A case fixes the orientation of piece a (it may only be translated). Piece a has no rotational symmetry, so the
24 rotations of the cube carry the solutions for one orientation of a bijectively onto those for any other: we
search one orientation once and obtain every other case by permuting cells. Everything here is plain Python (no
numba start-up, not even numpy's import): for one or two cases that start-up would cost more than the search.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from solvers.packing.errors import PackingError
from solvers.packing.placements import PlacementRows, placement_rows
from solvers.packing.puzzle_io import load_puzzle
from solvers.packing.pykernel import PySearch
from solvers.packing.voxels import Shape, apply, normalise, symmetries

SOMA_CELLS = 27  # 3 planes x 3 rows x 3 columns
SOMA_EDGE = 3
PIECE_A = "a"
EMPTY = "."


class SomaInputError(PackingError, ValueError):
    """A case line is not 27 characters of 'a' and '.' forming piece a."""


def index_to_voxel(index: int) -> tuple[int, int, int]:
    """Linear index -> (column, row, plane), the soma puzzle's (x, y, z)."""
    plane, rest = divmod(index, SOMA_EDGE * SOMA_EDGE)
    row, column = divmod(rest, SOMA_EDGE)
    return column, row, plane


def parse_case(line: str) -> Shape:
    """Piece a's cells from one input line, in normal form. Raises SomaInputError with what is wrong."""
    if len(line) != SOMA_CELLS:
        raise SomaInputError(f"expected {SOMA_CELLS} characters of 'a' and '.', got {len(line)}")
    bad = [(i, ch) for i, ch in enumerate(line) if ch not in (PIECE_A, EMPTY)]
    if bad:
        i, ch = bad[0]
        raise SomaInputError(f"character {i + 1} is {ch!r}; only 'a' and '.' are allowed")
    return normalise(index_to_voxel(i) for i, ch in enumerate(line) if ch == PIECE_A)


class SomaSolver:
    """Answers cases; keeps the base orientation's solutions and the cube's rotations between cases."""

    def __init__(self) -> None:
        self.rows: PlacementRows = placement_rows(load_puzzle("soma"))
        self.kind_a = self.rows.puzzle.piece_index(PIECE_A)
        self.orientations: Sequence[Shape] = self.rows.orientations[self.kind_a]
        self.rotations = symmetries(self.rows.puzzle.target, with_mirrors=False)
        self._base: list[str] | None = None
        self._cache: dict[int, list[str]] = {}

    def orientation_of(self, shape: Shape) -> int:
        try:
            return self.orientations.index(shape)
        except ValueError:
            raise SomaInputError(f"the 'a' cells do not form piece a (an L of four cubes): {list(shape)}") from None

    def solve_line(self, line: str) -> list[str]:
        return self.solve_orientation(self.orientation_of(parse_case(line)))

    def solve_orientation(self, orient: int) -> list[str]:
        """Sorted solution strings with piece a in orientation ``orient`` (any translation)."""
        if orient not in self._cache:
            base = self._base_solutions()
            perm = self._cell_map(0, orient)
            self._cache[orient] = sorted(_permute(s, perm) for s in base)
        return self._cache[orient]

    def _base_solutions(self) -> list[str]:
        if self._base is None:
            p = self.rows
            a_rows = [r for r in range(p.n_rows) if p.kinds[r] == self.kind_a and p.orients[r] == 0]
            search = PySearch(p, [kind != self.kind_a for kind in p.kinds])
            self._base = [p.labels(rows) for r in a_rows for rows in search.solutions((r,))]
        return self._base

    def _cell_map(self, source: int, target: int) -> list[int]:
        """Cell permutation of the cube rotation taking orientation ``source`` of a onto orientation ``target``."""
        puzzle = self.rows.puzzle
        index = puzzle.cell_index()
        for matrix, (dx, dy, dz) in self.rotations:
            if normalise(apply(matrix, self.orientations[source])) == self.orientations[target]:
                return [index[(x + dx, y + dy, z + dz)] for x, y, z in apply(matrix, puzzle.target)]
        raise AssertionError("the rotation group is transitive on the orientations of a")  # pragma: no cover


def _permute(solution: str, cell_perm: list[int]) -> str:
    out = [EMPTY] * SOMA_CELLS
    for cell, letter in zip(cell_perm, solution, strict=True):
        out[cell] = letter
    return "".join(out)


def solve_cases(lines: Iterable[str]) -> list[list[str]]:
    """Convenience: solutions for each case line (stops at the first empty line)."""
    solver = SomaSolver()
    out = []
    for line in lines:
        line = line.rstrip("\r\n")
        if not line.strip():
            break
        out.append(solver.solve_line(line.strip()))
    return out
