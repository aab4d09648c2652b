"""BurrTools puzzle files (``.xmpuzzle``, format version 2): a strict reader and a writer for the cube grid.

A file holds a list of *shapes* (voxel boxes whose cells are empty ``_``, filled ``#`` or variable ``+``, a cell
optionally followed by a colour number), a list of *problems* (which shapes are pieces, how many of each as
``count`` or a ``min``/``max`` range, piece groups, which shape is the result, the allowed colour pairs) and the
assemblies and disassemblies found earlier. The reader builds plain immutable objects without touching the
engine; ``burrtools_puzzle`` turns a problem into something the engine can count. Files are gzip-compressed XML
or plain XML; documents that declare a DTD or entities are refused (no expansion bombs), and sizes are bounded.

Only the cube grid (``gridType`` 0) is read; the other BurrTools grids are refused by name.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree import ElementTree

from solvers.packing.errors import PuzzleFileError

MAX_FILE_BYTES = 64 << 20  # a compressed file; BurrTools files with thousands of stored solutions stay far below
MAX_XML_BYTES = 256 << 20  # after decompression
MAX_SHAPE_CELLS = 1 << 20  # cells of one shape's box (x * y * z)
MAX_COLOURS = 63  # BurrTools' own limit
MAX_SEPARATION_DEPTH = 256  # a separation splits a part in two: deeper than this is no real disassembly
GRID_NAMES = {
    0: "cubes",
    1: "triangular prisms",
    2: "spheres",
    3: "rhombic dodecahedra",
    4: "tetrahedra and octahedra",
}
FILLED, VARIABLE = "#", "+"
UNPLACED = None
REMOVED_OFFSET = 10000  # a separation state moves a removed piece by more than this

Cell = tuple[int, int, int]


DISPLAY_COLOUR = "cubevizColour"  # the <voxel> attribute of a piece's display colour (BurrTools skips it)
_HEX_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
# compiled once: a stored disassembly is thousands of numbers, each checked
_NUMBERS = re.compile(r"\s*(?:-?\d{1,9}\s+)*(?:-?\d{1,9})?\s*")  # integers apart, each of at most 9 digits
_ATTRIBUTE_NUMBER = re.compile(r"-?\d{1,10}")
_VOXEL_TOKEN = re.compile(r"[#+_]\d*|.")
_PLAIN_VOXELS = re.compile(r"[#+_]+")


class BurrToolsFileError(PuzzleFileError):
    """A BurrTools file that cannot be read: not XML, malformed, another grid, or a feature not supported here."""


@dataclass(frozen=True)
class Shape:
    """One voxel box of the file. ``cells`` maps each non-empty cell to ``#`` or ``+``; ``colours`` holds the
    colour number (1-based, as in the file) of coloured cells; ``hotspot`` is the point placements refer to;
    ``display_colour`` (``#rrggbb`` or empty) is the colour cubeviz draws the piece in, kept in an attribute of our
    own (``DISPLAY_COLOUR``) that BurrTools ignores: its format has no display colour of a piece."""

    size: tuple[int, int, int]
    cells: dict[Cell, str]
    colours: dict[Cell, int] = field(default_factory=dict)
    name: str = ""
    weight: int = 1
    hotspot: Cell = (0, 0, 0)
    display_colour: str = ""

    def filled(self) -> list[Cell]:
        return sorted(c for c, s in self.cells.items() if s == FILLED)

    def variable(self) -> list[Cell]:
        return sorted(c for c, s in self.cells.items() if s == VARIABLE)


@dataclass(frozen=True)
class Part:
    """A shape used as a piece: between ``minimum`` and ``maximum`` copies, and the groups it belongs to as
    (group number, copies in that group) pairs."""

    shape: int
    minimum: int = 1
    maximum: int = 1
    groups: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Separation:
    """One step of a stored disassembly: the pieces involved (indices into the assembly), the states (each piece's
    offset per state; a removed piece is moved by more than ``REMOVED_OFFSET``), then the two parts it falls into."""

    pieces: tuple[int, ...]
    states: tuple[tuple[Cell, ...], ...]
    removed: Separation | None = None
    left: Separation | None = None

    def levels(self) -> tuple[int, ...]:
        """Moves up to this separation, then those of the separations of the left and of the removed part."""
        out: tuple[int, ...] = (len(self.states) - 1,)
        for sub in (self.left, self.removed):
            if sub is not None:
                out += sub.levels()
        return out


@dataclass(frozen=True)
class Solution:
    """A stored assembly: per piece (in problem order, copies consecutive) ``(x, y, z, transformation)`` of its
    hot spot, or None when that copy is not used; and its disassembly when the file keeps one."""

    placements: tuple[tuple[int, int, int, int] | None, ...]
    separation: Separation | None = None
    level_summary: tuple[int, ...] = ()  # a <separationInfo>: the tree of move counts without the states


@dataclass(frozen=True)
class Problem:
    name: str
    parts: tuple[Part, ...]
    result: int
    colour_pairs: frozenset[tuple[int, int]] = frozenset()  # (piece colour, result colour), 1-based
    max_holes: int | None = None
    solutions: tuple[Solution, ...] = ()
    stored_assemblies: int | None = None
    stored_solutions: int | None = None

    @property
    def n_pieces(self) -> int:
        """Pieces an assembly lists (every part at its maximum)."""
        return sum(p.maximum for p in self.parts)


@dataclass(frozen=True)
class BurrToolsPuzzle:
    shapes: tuple[Shape, ...]
    problems: tuple[Problem, ...]
    colours: tuple[tuple[int, int, int], ...] = ()
    comment: str = ""
    comment_popup: bool = False

    def problem(self, choice: str | int | None, where: str = "") -> tuple[int, Problem]:
        """The problem named ``choice`` or numbered ``choice`` (from 1); the only one when None."""
        if not self.problems:
            raise BurrToolsFileError("the file defines no problem", where)
        if choice is None or choice == "":
            if len(self.problems) > 1:
                names = ", ".join(f"{i + 1} {p.name!r}" for i, p in enumerate(self.problems))
                raise BurrToolsFileError(f"the file has {len(self.problems)} problems; choose one with --problem "
                                         f"({names})", where)  # fmt: skip
            return 0, self.problems[0]
        for i, p in enumerate(self.problems):
            if p.name and p.name == choice:
                return i, p
        text = str(choice)
        if text.isdigit() and 1 <= int(text) <= len(self.problems):
            return int(text) - 1, self.problems[int(text) - 1]
        names = ", ".join(f"{i + 1} {p.name!r}" for i, p in enumerate(self.problems))
        raise BurrToolsFileError(f"no problem {choice!r} (problems: {names})", where)


# ---------------------------------------------------------------------------------------------------- reading


def read_burrtools(path: str | Path) -> BurrToolsPuzzle:
    """Read a ``.xmpuzzle`` file (gzip or plain XML)."""
    try:
        with open(path, "rb") as stream:  # one read, bounded: a size check first would cost a second look-up
            raw = stream.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise BurrToolsFileError(f"cannot read: {exc.strerror}", str(path)) from None
    where = Path(path).name
    if len(raw) > MAX_FILE_BYTES:
        raise BurrToolsFileError(f"file is more than the {MAX_FILE_BYTES} bytes allowed", where)
    return parse_burrtools(raw, where=where)


def _decompress(raw: bytes, where: str) -> bytes:
    """The XML of a gzip file (every member, as ``gzip`` reads them; zero bytes after the last are padding),
    decompressed by zlib in one call per member: ``gzip.GzipFile`` reads in Python-level chunks, which is most
    of the time a small file takes to read."""
    if raw[:2] != b"\x1f\x8b":
        return raw
    out: list[bytes] = []
    size = 0
    rest = raw
    try:
        while rest:
            inflater = zlib.decompressobj(wbits=31)  # a gzip member: header, deflate data, checked CRC and size
            data = inflater.decompress(rest, MAX_XML_BYTES + 1 - size)
            size += len(data)
            out.append(data)
            if size > MAX_XML_BYTES:
                raise BurrToolsFileError(f"more than {MAX_XML_BYTES} bytes of XML once decompressed", where)
            if not inflater.eof:
                raise BurrToolsFileError("broken gzip data: the compressed data ends early", where)
            rest = inflater.unused_data.lstrip(b"\x00")
            if rest and rest[:2] != b"\x1f\x8b":
                raise BurrToolsFileError("broken gzip data: not a gzip member after the first", where)
    except zlib.error as exc:
        raise BurrToolsFileError(f"broken gzip data: {exc}", where) from None
    return b"".join(out)


_DTD = re.compile(rb"<!(DOCTYPE|ENTITY)", re.IGNORECASE)


def parse_burrtools(raw: bytes, *, where: str = "<xmpuzzle>") -> BurrToolsPuzzle:
    """Parse the bytes of a BurrTools file; every problem raises :class:`BurrToolsFileError` (one line)."""
    if len(raw) > MAX_FILE_BYTES:
        raise BurrToolsFileError(f"{len(raw)} bytes, more than the {MAX_FILE_BYTES} allowed", where)
    data = _decompress(raw, where)
    if _DTD.search(data):
        raise BurrToolsFileError("document type or entity declarations are not allowed", where)
    try:
        data.decode("utf-8")
        text: bytes | str = data
    except UnicodeDecodeError:  # BurrTools writes names and comments in its platform's 8-bit encoding
        text = re.sub(r"^<\?xml[^>]*\?>", "", data.decode("latin-1"))
    try:
        root = ElementTree.fromstring(text)
    except ElementTree.ParseError as exc:
        raise BurrToolsFileError(f"not well-formed XML: {exc}", where) from None
    return _Reader(where).puzzle(root)


class _Reader:
    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, message: str) -> BurrToolsFileError:
        return BurrToolsFileError(message, self.where)

    def integer(self, element: ElementTree.Element, name: str, default: int | None = None, low: int = 0,
                high: int = 1 << 30) -> int:  # fmt: skip
        text = element.get(name)
        if text is None:
            if default is None:
                raise self.fail(f"<{element.tag}> needs a {name!r} attribute")
            return default
        if not (text.isascii() and text.isdigit() and len(text) <= 10) and not _ATTRIBUTE_NUMBER.fullmatch(
            text.strip()
        ):  # plain digits, the common case, need no match
            raise self.fail(f"<{element.tag}> attribute {name}={text!r} is not an integer")
        value = int(text)
        if not low <= value <= high:
            raise self.fail(f"<{element.tag}> attribute {name}={value} is out of range {low}..{high}")
        return value

    def puzzle(self, root: ElementTree.Element) -> BurrToolsPuzzle:
        if root.tag != "puzzle":
            raise self.fail(f"the document is a <{root.tag}>, not a BurrTools <puzzle>")
        version = self.integer(root, "version", low=0, high=1 << 20)
        if version != 2:
            raise self.fail(f"format version {version}; this reader knows version 2")
        grid = root.find("gridType")
        if grid is not None:
            kind = self.integer(grid, "type", low=0, high=1 << 20)
            if kind != 0:
                name = GRID_NAMES.get(kind, f"unknown grid type {kind}")
                raise self.fail(f"the puzzle uses the grid of {name}; only the cube grid (gridType 0) is supported")
        colours = tuple(
            (self.integer(c, "red", 0, 0, 255), self.integer(c, "green", 0, 0, 255), self.integer(c, "blue", 0, 0, 255))
            for c in root.findall("colors/color")
        )
        if len(colours) > MAX_COLOURS:
            raise self.fail(f"more than {MAX_COLOURS} colours")
        shapes = tuple(self.shape(i, v, len(colours)) for i, v in enumerate(root.findall("shapes/voxel")))
        problems = tuple(self.problem(i, p, shapes) for i, p in enumerate(root.findall("problems/problem")))
        comment_el = root.find("comment")
        comment = (comment_el.text or "") if comment_el is not None else ""
        popup = comment_el is not None and "popup" in comment_el.attrib
        return BurrToolsPuzzle(shapes, problems, colours, comment, popup)

    def shape(self, index: int, element: ElementTree.Element, n_colours: int) -> Shape:
        where = f"shape {index + 1}"
        sx, sy, sz = (self.integer(element, a, low=0, high=1 << 16) for a in ("x", "y", "z"))
        if sx * sy * sz > MAX_SHAPE_CELLS:
            raise self.fail(f"{where}: a box of {sx}x{sy}x{sz} cells is larger than {MAX_SHAPE_CELLS} cells")
        kind = self.integer(element, "type", low=0, high=1 << 20)
        text = (element.text or "").strip()
        cells: dict[Cell, str] = {}
        colours: dict[Cell, int] = {}
        if text and kind == 0 and _PLAIN_VOXELS.fullmatch(text):  # no colours: one character per cell
            n = sx * sy * sz
            if len(text) != n:
                raise self.fail(f"{where}: more than the {n} cells of a {sx}x{sy}x{sz} box" if len(text) > n
                                else f"{where}: {len(text)} cells given for a {sx}x{sy}x{sz} box of {n}")  # fmt: skip
            layer = sx * sy
            cells = {(i % sx, i // sx % sy, i // layer): state for i, state in enumerate(text) if state != "_"}
        elif text:
            if kind != 0:
                raise self.fail(f"{where}: unknown voxel encoding type {kind}")
            tokens = _VOXEL_TOKEN.findall(text)
            n = sx * sy * sz
            count = 0
            for token in tokens:
                if token[0] not in "#+_":
                    raise self.fail(f"{where}: unexpected character {token!r} in the voxel string")
                if count >= n:
                    raise self.fail(f"{where}: more than the {n} cells of a {sx}x{sy}x{sz} box")
                x, rest = count % sx, count // sx
                cell = (x, rest % sy, rest // sy)
                count += 1
                if token[0] == "_":
                    if len(token) > 1:
                        raise self.fail(f"{where}: an empty cell cannot have a colour")
                    continue
                cells[cell] = token[0]
                if len(token) > 1:
                    colour = int(token[1:])
                    if colour > n_colours:
                        raise self.fail(f"{where}: colour {colour} is not defined (the file has {n_colours})")
                    if colour:
                        colours[cell] = colour
            if count != n:
                raise self.fail(f"{where}: {count} cells given for a {sx}x{sy}x{sz} box of {n}")
        hotspot = tuple(self.integer(element, h, 0, -(1 << 16), 1 << 16) for h in ("hx", "hy", "hz"))
        display = element.get(DISPLAY_COLOUR, "")
        if display and not _HEX_COLOUR.match(display):
            raise self.fail(f"{where}: {DISPLAY_COLOUR} must be a colour #rrggbb, not {display[:20]!r}")
        return Shape(
            size=(sx, sy, sz),
            cells=cells,
            colours=colours,
            name=element.get("name", ""),
            weight=self.integer(element, "weight", 1, -(1 << 20), 1 << 20),
            hotspot=(hotspot[0], hotspot[1], hotspot[2]),
            display_colour=display,
        )

    def problem(self, index: int, element: ElementTree.Element, shapes: tuple[Shape, ...]) -> Problem:
        name = element.get("name", "")
        where = f"problem {index + 1}" + (f" {name!r}" if name else "")
        parts = []
        seen: set[int] = set()
        for node in element.findall("shapes/shape"):
            shape = self.integer(node, "id", low=0, high=1 << 20)
            if shape >= len(shapes):
                raise self.fail(f"{where}: piece shape id {shape} does not exist (the file has {len(shapes)} shapes)")
            if shape in seen:
                raise self.fail(f"{where}: shape {shape + 1} is listed twice as a piece")
            seen.add(shape)
            if node.get("count") is not None:
                low = high = self.integer(node, "count", low=0, high=1 << 16)
            elif node.get("min") is not None or node.get("max") is not None:
                low = self.integer(node, "min", low=0, high=1 << 16)
                high = self.integer(node, "max", low=0, high=1 << 16)
                if low > high:
                    raise self.fail(f"{where}: shape {shape + 1} has min {low} > max {high}")
            else:
                low = high = 1
            groups: list[tuple[int, int]] = []
            if node.get("group") is not None:
                group = self.integer(node, "group", low=0, high=1 << 16)
                if group:
                    groups.append((group, high))
            else:
                for g in node.findall("group"):
                    group = self.integer(g, "group", low=0, high=1 << 16)
                    if group:
                        groups.append((group, self.integer(g, "count", low=0, high=1 << 16)))
            if high:
                parts.append(Part(shape, low, high, tuple(groups)))
        result_node = element.find("result")
        if result_node is None:
            raise self.fail(f"{where}: no <result> shape")
        result = self.integer(result_node, "id", low=0, high=1 << 20)
        if result >= len(shapes):
            raise self.fail(f"{where}: result shape id {result} does not exist (the file has {len(shapes)} shapes)")
        pairs = frozenset(
            (
                self.integer(p, "piece", low=0, high=MAX_COLOURS) + 1,
                self.integer(p, "result", low=0, high=MAX_COLOURS) + 1,
            )
            for p in element.findall("bitmap/pair")
        )
        max_holes = self.integer(element, "maxHoles", -1, low=-1, high=1 << 32) if element.get("maxHoles") else None
        if max_holes is not None and (max_holes < 0 or max_holes >= 0xFFFFFFFF):  # BurrTools' "not set"
            max_holes = None
        n_pieces = sum(p.maximum for p in parts)
        solutions = tuple(self.solution(where, s, n_pieces) for s in element.findall("solutions/solution"))
        stored = element.get("assemblies"), element.get("solutions")
        return Problem(
            name=name,
            parts=tuple(parts),
            result=result,
            colour_pairs=pairs,
            max_holes=max_holes,
            solutions=solutions,
            stored_assemblies=self.integer(element, "assemblies", low=0, high=1 << 62) if stored[0] else None,
            stored_solutions=self.integer(element, "solutions", low=0, high=1 << 62) if stored[1] else None,
        )

    def numbers(self, text: str | None, count: int, what: str) -> list[int]:
        values = (text or "").split()
        if len(values) != count or not _NUMBERS.fullmatch(text or ""):  # one match for the whole list
            raise self.fail(f"{what}: expected {count} integers, got {(text or '').strip()[:60]!r}")
        return list(map(int, values))

    def solution(self, where: str, element: ElementTree.Element, n_pieces: int) -> Solution:
        node = element.find("assembly")
        if node is None:
            raise self.fail(f"{where}: a stored solution without an <assembly>")
        tokens = (node.text or "").split()
        placements: list[tuple[int, int, int, int] | None] = []
        i = 0
        while i < len(tokens):
            if tokens[i] == "x":
                placements.append(UNPLACED)
                i += 1
                continue
            values = self.numbers(" ".join(tokens[i : i + 4]), 4, f"{where}: assembly")
            if not 0 <= values[3] < 48:
                raise self.fail(f"{where}: assembly: transformation {values[3]} is not 0..47")
            placements.append((values[0], values[1], values[2], values[3]))
            i += 4
        if len(placements) != n_pieces:
            raise self.fail(f"{where}: an assembly lists {len(placements)} pieces, the problem has {n_pieces}")
        placed = sum(p is not None for p in placements)
        sep_node = element.find("separation")
        separation = self.separation(where, sep_node, placed) if sep_node is not None else None
        info = element.find("separationInfo")
        summary = tuple(int(v) for v in (info.text or "").split() if v.isdigit()) if info is not None else ()
        return Solution(tuple(placements), separation, summary)

    def separation(self, where: str, element: ElementTree.Element, expected: int, depth: int = 0) -> Separation:
        if depth > MAX_SEPARATION_DEPTH:
            raise self.fail(f"{where}: a disassembly nested more than {MAX_SEPARATION_DEPTH} deep")
        pieces_node = element.find("pieces")
        if pieces_node is None:
            raise self.fail(f"{where}: a <separation> without <pieces>")
        count = self.integer(pieces_node, "count", low=0, high=1 << 16)
        if count != expected:
            raise self.fail(f"{where}: a separation of {count} pieces where {expected} were expected")
        pieces = tuple(self.numbers(pieces_node.text, count, f"{where}: separation pieces"))
        states = []
        for state in element.findall("state"):
            axes = [
                self.numbers(state.findtext(a), count, f"{where}: separation state {a}") for a in ("dx", "dy", "dz")
            ]
            states.append(tuple(zip(*axes, strict=True)))
        if not states:
            raise self.fail(f"{where}: a <separation> without states")
        subs = {}
        for sub in element.findall("separation"):
            kind = sub.get("type")
            if kind not in ("left", "removed") or kind in subs:
                raise self.fail(f"{where}: a sub-separation must be one 'left' and one 'removed'")
            last = states[-1]
            gone = sum(any(abs(c) > REMOVED_OFFSET for c in offset) for offset in last)
            subs[kind] = self.separation(where, sub, gone if kind == "removed" else count - gone, depth + 1)
        return Separation(pieces, tuple(states), subs.get("removed"), subs.get("left"))


# ---------------------------------------------------------------------------------------------------- writing


def _voxel_text(shape: Shape) -> str:
    sx, sy, sz = shape.size
    out = []
    for z in range(sz):
        for y in range(sy):
            for x in range(sx):
                state = shape.cells.get((x, y, z))
                out.append(
                    "_"
                    if state is None
                    else state + (str(shape.colours[(x, y, z)]) if (x, y, z) in shape.colours else "")
                )
        # fmt: skip
    return "".join(out)


def _separation_element(sep: Separation, kind: str | None) -> ElementTree.Element:
    node = ElementTree.Element("separation")
    if kind:
        node.set("type", kind)
    pieces = ElementTree.SubElement(node, "pieces", count=str(len(sep.pieces)))
    pieces.text = " ".join(map(str, sep.pieces))
    for state in sep.states:
        s = ElementTree.SubElement(node, "state")
        for axis, tag in enumerate(("dx", "dy", "dz")):
            ElementTree.SubElement(s, tag).text = " ".join(str(o[axis]) for o in state)
    if sep.removed is not None:
        node.append(_separation_element(sep.removed, "removed"))
    if sep.left is not None:
        node.append(_separation_element(sep.left, "left"))
    return node


def burrtools_xml(puzzle: BurrToolsPuzzle) -> bytes:
    """The XML text of a puzzle, as BurrTools writes it (without compression)."""
    root = ElementTree.Element("puzzle", version="2")
    ElementTree.SubElement(root, "gridType", type="0")
    colours = ElementTree.SubElement(root, "colors")
    for r, g, b in puzzle.colours:
        ElementTree.SubElement(colours, "color", red=str(r), green=str(g), blue=str(b))
    shapes = ElementTree.SubElement(root, "shapes")
    for shape in puzzle.shapes:
        attrs = {"x": str(shape.size[0]), "y": str(shape.size[1]), "z": str(shape.size[2])}
        for axis, value in zip(("hx", "hy", "hz"), shape.hotspot, strict=True):
            if value:
                attrs[axis] = str(value)
        if shape.weight != 1:
            attrs["weight"] = str(shape.weight)
        if shape.name:
            attrs["name"] = shape.name
        if shape.display_colour:
            attrs[DISPLAY_COLOUR] = shape.display_colour
        attrs["type"] = "0"
        ElementTree.SubElement(shapes, "voxel", attrs).text = _voxel_text(shape)
    problems = ElementTree.SubElement(root, "problems")
    for problem in puzzle.problems:
        attrs = {"name": problem.name} if problem.name else {}
        attrs["state"] = "0"
        if problem.max_holes is not None:
            attrs["maxHoles"] = str(problem.max_holes)
        node = ElementTree.SubElement(problems, "problem", attrs)
        parts = ElementTree.SubElement(node, "shapes")
        for part in problem.parts:
            attrs = {"id": str(part.shape)}
            if part.minimum == part.maximum:
                attrs["count"] = str(part.maximum)
            else:
                attrs["min"], attrs["max"] = str(part.minimum), str(part.maximum)
            if len(part.groups) == 1 and part.groups[0][1] == part.maximum:
                attrs["group"] = str(part.groups[0][0])
            part_node = ElementTree.SubElement(parts, "shape", attrs)
            if len(part.groups) > 1 or (part.groups and part.groups[0][1] != part.maximum):
                for group, count in part.groups:
                    ElementTree.SubElement(part_node, "group", group=str(group), count=str(count))
        ElementTree.SubElement(node, "result", id=str(problem.result))
        bitmap = ElementTree.SubElement(node, "bitmap")
        for piece, result in sorted(problem.colour_pairs):
            ElementTree.SubElement(bitmap, "pair", piece=str(piece - 1), result=str(result - 1))
        if problem.solutions:
            solutions = ElementTree.SubElement(node, "solutions")
            for solution in problem.solutions:
                s = ElementTree.SubElement(solutions, "solution")
                ElementTree.SubElement(s, "assembly").text = " ".join(
                    "x" if p is None else " ".join(map(str, p)) for p in solution.placements
                )
                if solution.separation is not None:
                    s.append(_separation_element(solution.separation, None))
    comment = ElementTree.SubElement(root, "comment")
    if puzzle.comment:
        comment.text = puzzle.comment
        if puzzle.comment_popup:
            comment.set("popup", "")
    ElementTree.indent(root, space=" ")
    return b'<?xml version="1.0"?>\n' + ElementTree.tostring(root, encoding="unicode").encode("utf-8") + b"\n"


def write_burrtools(path: str | Path, puzzle: BurrToolsPuzzle, *, compress: bool = True) -> None:
    """Write a ``.xmpuzzle`` file (gzip-compressed like BurrTools' own files unless ``compress`` is false)."""
    import gzip  # only the writer compresses: reading is zlib alone

    data = burrtools_xml(puzzle)
    Path(path).write_bytes(gzip.compress(data, mtime=0) if compress else data)


def shape_from_cells(
    cells: Iterable[Cell], *, name: str = "", variable: Iterable[Cell] = (), display_colour: str = ""
) -> Shape:
    """A shape whose box is the bounding box of ``cells`` (filled) and ``variable`` cells, moved to the origin."""
    filled = list(cells)
    optional = list(variable)
    every = filled + optional
    low = [min(c[a] for c in every) for a in range(3)]
    high = [max(c[a] for c in every) for a in range(3)]
    size = (high[0] - low[0] + 1, high[1] - low[1] + 1, high[2] - low[2] + 1)
    states = {(c[0] - low[0], c[1] - low[1], c[2] - low[2]): FILLED for c in filled}
    states.update({(c[0] - low[0], c[1] - low[1], c[2] - low[2]): VARIABLE for c in optional})
    return Shape(size=size, cells=states, name=name, display_colour=display_colour)
