"""A packing puzzle while it is being designed: immutable snapshots, so every edit is one value and undo is exact.

A draft may be invalid (a piece in two parts, volumes that do not add up): the designer shows what is wrong and
keeps the draft as it is. Only ``to_dict`` turns it into the puzzle file mapping, which ``solvers.packing``
validates. Shapes are kept moved to the origin (smallest x, y and z are 0), as puzzle files keep them, so an edit
that grows a shape towards negative coordinates shifts it back.

A draft may also carry what BurrTools files add to a puzzle: *constraint colours* (a colour number on single cells
of a piece or of the shape, 0 or none meaning neutral; the design's colour list as RGB; the allowed pairs "a piece
cell of colour p may sit on a shape cell of colour r") and *variable* shape cells (``+``: a cell that may stay
empty). Colours and variable cells travel with their cells through every edit. A piece may also have a *count
range*: each assembly uses between ``least`` and ``count`` copies of it (BurrTools' ``min``/``max``), and belong to
*piece groups* (BurrTools' model: per group, how many of its copies may be in it; the pieces of one group may stay
together when the puzzle is taken apart, as a cage of several frames does). The puzzle may bound the empty
variable cells of an assembly (``max_holes``, BurrTools' ``maxHoles``). A draft holding any of these
(``constrained``) is saved as a BurrTools file and counted as BurrTools counts; our puzzle file cannot hold them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from solvers.packing.puzzle import Piece, Puzzle, box_cells, file_order
from solvers.packing.puzzle_io import puzzle_to_dict
from solvers.packing.voxels import Voxel

Colours = frozenset[tuple[Voxel, int]]  # coloured cells of a shape (colour numbers from 1; neutral cells absent)
RGB = tuple[int, int, int]

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


def _low(cells: Iterable[Voxel]) -> Voxel:
    cells = list(cells)
    if not cells:
        return (0, 0, 0)
    return (min(c[0] for c in cells), min(c[1] for c in cells), min(c[2] for c in cells))


@dataclass(frozen=True)
class PieceDraft:
    name: str
    cells: frozenset[Voxel]
    colour: str
    count: int = 1  # the copies the puzzle has: every one used, or at most this many with a count range
    label: str = ""
    mirror_twin: str | None = None
    colours: Colours = frozenset()  # constraint colours of single cells (``colour`` is only how it is drawn)
    minimum: int | None = None  # the fewest copies an assembly uses (BurrTools' ``min``); None: exactly ``count``
    groups: tuple[tuple[int, int], ...] = ()  # (group number from 1, copies that may be in it), as the file lists them

    def __post_init__(self) -> None:
        if self.minimum == self.count:  # one value per meaning, so an edit back to a fixed count equals the original
            object.__setattr__(self, "minimum", None)

    @property
    def least(self) -> int:
        """The fewest copies an assembly uses (``count`` without a range)."""
        return self.count if self.minimum is None else self.minimum

    @property
    def ranged(self) -> bool:
        """Each assembly uses between ``least`` and ``count`` copies, not all of them."""
        return self.minimum is not None

    def with_copies(self, least: int, most: int) -> PieceDraft:
        """The piece used between ``least`` and ``most`` times (equal: a fixed count). ValueError names a range
        that BurrTools cannot hold (more at least than at most, no copy at all, a negative least)."""
        if most < 1 or least < 0 or least > most:
            raise ValueError(f"piece {self.name!r}: copies {least} to {most} is no range (0 <= min <= max, max >= 1)")
        return replace(self, count=most, minimum=least)

    def copies_in(self, group: int) -> int:
        """How many copies of the piece may be in ``group`` (0: the piece is not in it)."""
        return next((copies for number, copies in self.groups if number == group), 0)

    def with_group(self, group: int, copies: int) -> PieceDraft:
        """The piece with ``copies`` of it in ``group`` (0 copies: out of the group, as BurrTools' editor drops it);
        a group it is already in keeps its place in the list. ValueError names a group or copies that cannot be."""
        if group < 1 or copies < 0:
            raise ValueError(f"piece {self.name!r}: group {group} with {copies} copies (groups from 1, copies >= 0)")
        kept = [(number, n) for number, n in self.groups if number != group or copies]
        if copies and group not in (number for number, _ in kept):
            kept.append((group, copies))
        return replace(self, groups=tuple((number, copies if number == group else n) for number, n in kept))


@dataclass(frozen=True)
class PuzzleDraft:
    name: str = "my-puzzle"
    title: str = ""
    description: str = ""
    target: frozenset[Voxel] = frozenset()
    pieces: tuple[PieceDraft, ...] = ()
    mirrors_same_piece: bool = False
    target_colours: Colours = frozenset()  # constraint colours of shape cells
    variable: frozenset[Voxel] = frozenset()  # shape cells that may stay empty (BurrTools' ``+``)
    palette: tuple[RGB, ...] = ()  # the constraint colours: colour n is palette[n - 1]
    colour_pairs: frozenset[tuple[int, int]] = frozenset()  # allowed (piece colour, shape colour)
    max_holes: int | None = None  # the most variable cells an assembly may leave empty (None: no limit)

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

    def colours_of(self, item: int) -> dict[Voxel, int]:
        """The constraint colour of each coloured cell of an item (neutral cells absent)."""
        return dict(self.target_colours if item == TARGET else self.pieces[item].colours)

    def rgb(self, colour: int) -> str:
        """Constraint colour ``colour`` (from 1) as ``#rrggbb``."""
        red, green, blue = self.palette[colour - 1]
        return f"#{red:02x}{green:02x}{blue:02x}"

    @property
    def coloured(self) -> bool:
        """Some cell carries a constraint colour."""
        return bool(self.target_colours) or any(p.colours for p in self.pieces)

    @property
    def ranged(self) -> bool:
        """Some piece has a count range."""
        return any(p.ranged for p in self.pieces)

    @property
    def grouped(self) -> bool:
        """Some piece belongs to a piece group."""
        return any(p.groups for p in self.pieces)

    @property
    def constrained(self) -> bool:
        """The draft holds what only a BurrTools file holds: colours, colour pairs, variable cells, count ranges,
        piece groups or a bound on the empty cells."""
        extra = self.grouped or self.max_holes is not None
        return self.coloured or self.ranged or extra or bool(self.palette or self.colour_pairs or self.variable)

    def lost_in_puzzle_file(self) -> str:
        """What a puzzle file (JSON) would lose, in words ("" when nothing)."""
        lost = []
        if self.palette or self.coloured or self.colour_pairs:
            cells = sum(len(p.colours) for p in self.pieces) + len(self.target_colours)
            lost.append(
                f"{len(self.palette)} constraint colours on {cells} cells and {len(self.colour_pairs)} colour pairs"
            )
        if self.variable:
            lost.append(f"{len(self.variable)} variable (+) cells")
        ranged = [p.name for p in self.pieces if p.ranged]
        if ranged:
            lost.append(f"count ranges (min/max) on piece{'s' if len(ranged) > 1 else ''} {', '.join(ranged)}")
        grouped = [p.name for p in self.pieces if p.groups]
        if grouped:
            lost.append(f"piece groups of piece{'s' if len(grouped) > 1 else ''} {', '.join(grouped)}")
        if self.max_holes is not None:
            lost.append(f"the bound of {self.max_holes} empty cell{'' if self.max_holes == 1 else 's'} (maxHoles)")
        return "; ".join(lost)

    @property
    def piece_volume(self) -> int:
        """The cells of every copy (each piece at its most copies)."""
        return sum(len(p.cells) * p.count for p in self.pieces)

    @property
    def least_volume(self) -> int:
        """The cells of the copies every assembly uses (each piece at its fewest copies)."""
        return sum(len(p.cells) * p.least for p in self.pieces)

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
        """The item made of ``cells`` (in its current coordinates); kept cells keep their colour and variability."""
        return self._placed(item, lambda v: v, cells)

    def _placed(self, item: int, move, cells: Iterable[Voxel] | None = None) -> PuzzleDraft:
        """The item's cells moved by ``move`` (or replaced by ``cells``, in the moved coordinates), colours and
        variable cells moved with them, then all moved back to the origin."""
        moved = {move(v): c for v, c in self.colours_of(item).items()}
        new = list(cells) if cells is not None else [move(v) for v in self.cells_of(item)]
        low = _low(new)

        def home(v: Voxel) -> Voxel:
            return (v[0] - low[0], v[1] - low[1], v[2] - low[2])

        kept = set(new)
        shape = frozenset(home(v) for v in new)
        colours = frozenset((home(v), c) for v, c in moved.items() if v in kept)
        if item == TARGET:
            variable = frozenset(home(move(v)) for v in self.variable if move(v) in kept)
            return replace(self, target=shape, target_colours=colours, variable=variable)
        return self.with_piece(item, replace(self.pieces[item], cells=shape, colours=colours))

    def with_colour(self, item: int, voxel: Voxel, colour: int) -> PuzzleDraft:
        """A cell of the item given constraint colour ``colour`` (0: neutral); a cell not in the item, or a colour
        not in the palette, changes nothing."""
        if voxel not in self.cells_of(item) or not 0 <= colour <= len(self.palette):
            return self
        colours = self.colours_of(item)
        colours.pop(voxel, None)
        if colour:
            colours[voxel] = colour
        coloured = frozenset(colours.items())
        if item == TARGET:
            return replace(self, target_colours=coloured)
        return replace(self, pieces=tuple(replace(p, colours=coloured) if i == item else p
                                          for i, p in enumerate(self.pieces)))  # fmt: skip

    def with_variable(self, voxel: Voxel, variable: bool) -> PuzzleDraft:
        """A shape cell made variable (may stay empty) or fixed; a cell not in the shape changes nothing."""
        if voxel not in self.target:
            return self
        cells = self.variable | {voxel} if variable else self.variable - {voxel}
        return replace(self, variable=cells)

    def with_palette_colour(self, rgb: RGB) -> PuzzleDraft:
        """A constraint colour appended to the list (its number is the new length)."""
        return replace(self, palette=(*self.palette, rgb))

    def without_palette_colour(self, colour: int) -> PuzzleDraft:
        """Constraint colour ``colour`` removed: its cells become neutral, its pairs go, higher numbers move down
        (as BurrTools renumbers them)."""

        def renumbered(colours: Colours) -> Colours:
            return frozenset((v, c - (c > colour)) for v, c in colours if c != colour)

        pairs = frozenset((p - (p > colour), r - (r > colour)) for p, r in self.colour_pairs if colour not in (p, r))
        pieces = tuple(replace(p, colours=renumbered(p.colours)) for p in self.pieces)
        palette = self.palette[: colour - 1] + self.palette[colour:]
        return replace(self, palette=palette, pieces=pieces, target_colours=renumbered(self.target_colours),
                       colour_pairs=pairs)  # fmt: skip

    def with_pair(self, piece_colour: int, shape_colour: int, allowed: bool) -> PuzzleDraft:
        """A piece colour allowed (or no longer allowed) on a shape colour."""
        pair = (piece_colour, shape_colour)
        pairs = self.colour_pairs | {pair} if allowed else self.colour_pairs - {pair}
        return replace(self, colour_pairs=pairs)

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
        return self._placed(item, lambda v: turn(*v))

    def mirrored(self, item: int) -> PuzzleDraft:
        return self._placed(item, lambda v: (-v[0], v[1], v[2]))

    def has_free_letter(self) -> bool:
        return len(self.pieces) < len(PIECE_LETTERS)
