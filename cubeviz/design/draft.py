"""A packing puzzle while it is being designed: immutable snapshots, so every edit is one value and undo is exact.

A draft may be invalid (a piece in two parts, volumes that do not add up): the designer shows what is wrong and
keeps the draft as it is. Only ``to_dict`` turns it into the puzzle file mapping, which ``solvers.packing``
validates. Shapes are kept moved to the origin (smallest x, y and z are 0), as puzzle files keep them, so an edit
that grows a shape towards negative coordinates shifts it back.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from solvers.packing.puzzle import Piece, Puzzle, box_cells, file_order
from solvers.packing.puzzle_io import puzzle_to_dict
from solvers.packing.voxels import Voxel

TARGET = -1  # the item index of the target shape; pieces are 0, 1, ...
PIECE_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
PALETTE = (
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6",
    "#bfef45", "#fabed4", "#469990", "#dcbeff", "#9a6324", "#800000", "#aaffc3", "#808000",
)  # fmt: skip
_QUARTER_TURNS = {  # a quarter turn about each axis, as (x, y, z) -> new (x, y, z)
    "x": lambda x, y, z: (x, -z, y),
    "y": lambda x, y, z: (z, y, -x),
    "z": lambda x, y, z: (-y, x, z),
}


def normalised(cells: Iterable[Voxel]) -> frozenset[Voxel]:
    """The cells moved so that their smallest x, y and z are 0 (empty stays empty)."""
    cells = list(cells)
    if not cells:
        return frozenset()
    low = [min(c[axis] for c in cells) for axis in range(3)]
    return frozenset((x - low[0], y - low[1], z - low[2]) for x, y, z in cells)


@dataclass(frozen=True)
class PieceDraft:
    name: str
    cells: frozenset[Voxel]
    colour: str
    count: int = 1
    label: str = ""
    mirror_twin: str | None = None


@dataclass(frozen=True)
class PuzzleDraft:
    name: str = "my-puzzle"
    title: str = ""
    description: str = ""
    target: frozenset[Voxel] = frozenset()
    pieces: tuple[PieceDraft, ...] = ()
    mirrors_same_piece: bool = False

    # -- templates -----------------------------------------------------------------------------------------------
    @classmethod
    def box(cls, width: int, height: int, depth: int) -> PuzzleDraft:
        """An empty design whose shape is a full W x H x D box and which has no pieces yet."""
        return cls(title=f"{width}x{height}x{depth} box", target=frozenset(box_cells((width, height, depth))))

    @classmethod
    def from_puzzle(cls, puzzle: Puzzle) -> PuzzleDraft:
        pieces = tuple(
            PieceDraft(p.name, frozenset(p.cells), p.colour, p.count, p.label, p.mirror_twin) for p in puzzle.pieces
        )
        return cls(
            puzzle.name, puzzle.title, puzzle.description, frozenset(puzzle.target), pieces, puzzle.mirrors_same_piece
        )

    # -- reading -------------------------------------------------------------------------------------------------
    def cells_of(self, item: int) -> frozenset[Voxel]:
        return self.target if item == TARGET else self.pieces[item].cells

    @property
    def piece_volume(self) -> int:
        return sum(len(p.cells) * p.count for p in self.pieces)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle file mapping (``docs/packing.md``), written as the reader's own writer writes it: a full box
        as ``box``, any other shape as ``target``; cells in file order. Nothing is checked here: the reader does
        that when the mapping is read back."""
        target = file_order(list(self.target)) if self.target else ()
        dims = tuple(max(c[axis] for c in target) + 1 for axis in range(3)) if target else (0, 0, 0)
        pieces = tuple(
            Piece(p.name, file_order(list(p.cells)) if p.cells else (), p.colour, p.count, p.mirror_twin, p.label)
            for p in self.pieces
        )
        puzzle = Puzzle(
            self.name, pieces, target, dims, self.title, self.description, self.mirrors_same_piece, is_box=True
        )
        return puzzle_to_dict(puzzle)

    # -- edits (each returns a new draft) ------------------------------------------------------------------------
    def with_cells(self, item: int, cells: Iterable[Voxel]) -> PuzzleDraft:
        cells = normalised(cells)
        if item == TARGET:
            return replace(self, target=cells)
        return self.with_piece(item, replace(self.pieces[item], cells=cells))

    def toggled(self, item: int, voxel: Voxel, on: bool | None = None) -> PuzzleDraft:
        """The draft with ``voxel`` added to (``on``), removed from (not ``on``) or flipped in (None) an item.

        ``voxel`` is in the item's own coordinates; it may lie outside the shape (-1 or one past the end), which
        grows the shape. Removing the last cell of a shape is refused (the draft comes back unchanged)."""
        cells = set(self.cells_of(item))
        add = voxel not in cells if on is None else on
        if add:
            cells.add(voxel)
        elif voxel in cells and len(cells) > 1:
            cells.discard(voxel)
        return self.with_cells(item, cells)

    def with_piece(self, index: int, piece: PieceDraft) -> PuzzleDraft:
        pieces = list(self.pieces)
        old_name = pieces[index].name
        pieces[index] = piece
        if piece.name != old_name:  # a renamed piece stays the twin of its twin
            pieces = [replace(p, mirror_twin=piece.name) if p.mirror_twin == old_name else p for p in pieces]
        return replace(self, pieces=tuple(pieces))

    def with_new_piece(self, cells: Iterable[Voxel] = ((0, 0, 0),), like: PieceDraft | None = None) -> PuzzleDraft:
        """A piece appended: a copy of ``like`` (under a free name, without its twin) or a new one of ``cells``."""
        used = {p.name for p in self.pieces}
        name = next(letter for letter in PIECE_LETTERS if letter not in used)
        colour = PALETTE[len(self.pieces) % len(PALETTE)]
        if like is not None:
            piece = replace(like, name=name, colour=colour, mirror_twin=None)
        else:
            piece = PieceDraft(name, normalised(cells), colour)
        return replace(self, pieces=(*self.pieces, piece))

    def without_piece(self, index: int) -> PuzzleDraft:
        gone = self.pieces[index].name
        pieces = [p for i, p in enumerate(self.pieces) if i != index]
        pieces = [replace(p, mirror_twin=None) if p.mirror_twin == gone else p for p in pieces]
        return replace(self, pieces=tuple(pieces))

    def rotated(self, item: int, axis: str) -> PuzzleDraft:
        turn = _QUARTER_TURNS[axis]
        return self.with_cells(item, (turn(*c) for c in self.cells_of(item)))

    def mirrored(self, item: int) -> PuzzleDraft:
        return self.with_cells(item, ((-x, y, z) for x, y, z in self.cells_of(item)))

    def has_free_letter(self) -> bool:
        return len(self.pieces) < len(PIECE_LETTERS)
