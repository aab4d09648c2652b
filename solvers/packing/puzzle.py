"""The puzzle data model: pieces (voxel shapes with names, colours, counts, mirror twins) and the target region.

Objects here are immutable and already validated; building them from JSON lives in ``puzzle_io``. Cells of the
target are kept in *file order* (z, then y, then x ascending: ``index = (z * Y + y) * X + x`` for a box), the order
in which solution strings list their letters.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from solvers.packing.voxels import Shape, Voxel, is_chiral, normalise


class SymmetryMode(enum.StrEnum):
    """How solutions are identified: not at all, under the target's rotations, or rotations plus reflections."""

    NONE = "none"
    ROTATION = "rotation"
    MIRROR = "mirror"


@dataclass(frozen=True)
class Piece:
    """One kind of piece. ``count`` identical copies are used; ``mirror_twin`` names the piece that is its mirror.

    ``name`` is a single printable character (it is the letter in solution strings); ``label`` is free text.
    """

    name: str
    cells: Shape
    colour: str = "#808080"
    count: int = 1
    mirror_twin: str | None = None
    label: str = ""

    @property
    def size(self) -> int:
        return len(self.cells)

    @property
    def chiral(self) -> bool:
        return is_chiral(self.cells)


@dataclass(frozen=True)
class Puzzle:
    """A packing puzzle: fill ``target`` exactly with the pieces (each kind ``count`` times).

    ``mirrors_same_piece``: when true a piece may also be placed as its mirror image (free pieces, as for flat
    pentominoes where flipping is a 3D rotation anyway); when false only the 24 proper rotations are used.
    ``known_counts`` maps a :class:`SymmetryMode` value to a solution count the file vouches for (a published
    figure, or the engine's count confirmed by an independent solver in the tests). ``collection`` names the group
    the puzzle belongs to in a list ("Classic", "Pentominoes", "Soma figures"); ``""`` when it has none.
    """

    name: str
    pieces: tuple[Piece, ...]
    target: tuple[Voxel, ...]
    dims: tuple[int, int, int]
    title: str = ""
    description: str = ""
    mirrors_same_piece: bool = False
    known_counts: dict[str, int] = field(default_factory=dict)
    is_box: bool = True
    collection: str = ""

    @property
    def n_cells(self) -> int:
        return len(self.target)

    @property
    def piece_names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.pieces)

    @property
    def n_instances(self) -> int:
        """Pieces placed in every solution (identical copies counted separately)."""
        return sum(p.count for p in self.pieces)

    def piece(self, name: str) -> Piece:
        for p in self.pieces:
            if p.name == name:
                return p
        raise KeyError(name)

    def piece_index(self, name: str) -> int:
        for i, p in enumerate(self.pieces):
            if p.name == name:
                return i
        raise KeyError(name)

    def cell_index(self) -> dict[Voxel, int]:
        """Voxel -> position in file order."""
        return {v: i for i, v in enumerate(self.target)}


def box_cells(dims: tuple[int, int, int]) -> tuple[Voxel, ...]:
    """All voxels of an X x Y x Z box in file order (z slowest, x fastest)."""
    nx, ny, nz = dims
    return tuple((x, y, z) for z in range(nz) for y in range(ny) for x in range(nx))


def file_order(voxels: list[Voxel]) -> tuple[Voxel, ...]:
    """Sort voxels into file order (z, y, x) after moving them to the origin."""
    shape = normalise(voxels)
    return tuple(sorted(shape, key=lambda v: (v[2], v[1], v[0])))
