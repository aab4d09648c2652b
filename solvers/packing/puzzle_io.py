"""Reading puzzle JSON files (``assets/puzzles/*.json``) into validated :class:`Puzzle` objects.

The format is documented in ``docs/packing.md``. Validation is strict on purpose: a puzzle file is user input for
the CLI and the GUI, and a typo (``"colour"`` spelt ``"color"``, a piece that falls apart into two) should be
reported with its location rather than silently produce zero solutions.
"""

from __future__ import annotations

import json
import re
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from solvers import strict_json
from solvers.assets import asset, names_in
from solvers.packing.errors import PuzzleFileError
from solvers.packing.puzzle import Piece, Puzzle, SymmetryMode, box_cells, file_order
from solvers.packing.voxels import is_connected, mirror_image, normalise, orientations

FORMAT_TAG = "cubeviz-packing-puzzle"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 1 << 20  # 1 MiB: the largest shipped puzzle is ~3 KiB; more is a wrong file, not a puzzle
MAX_TARGET_CELLS = 512  # enumeration beyond this is hopeless anyway; also bounds memory of the placement matrix
MAX_PIECE_KINDS = 64
PUZZLES_DIR: Traversable = asset("puzzles")

_TOP_KEYS = {
    "format",
    "version",
    "name",
    "title",
    "description",
    "collection",
    "box",
    "target",
    "options",
    "pieces",
    "known_counts",
}
_REQUIRED_TOP = ("format", "version", "name", "pieces")
_PIECE_KEYS = {"name", "label", "colour", "cells", "count", "mirror_twin"}
_OPTION_KEYS = {"mirrors_same_piece"}
_COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")
_NAME_RE = re.compile(r"^[a-z0-9][a-z0-9_-]{0,63}$")
_RESERVED_LETTERS = {".", " ", "#"}
MAX_COLLECTION_CHARS = 64


def shipped_puzzles() -> list[str]:
    """Names of the puzzles in ``assets/puzzles`` (file stems), sorted."""
    return names_in(PUZZLES_DIR)


def shipped_collections() -> dict[str, list[str]]:
    """The shipped puzzles grouped by their ``collection`` (``""`` for a file without one): collection -> sorted names.

    Collections come in order of name; a file that does not load is left out (the tests make sure none is).
    """
    groups: dict[str, list[str]] = {}
    for name in shipped_puzzles():
        try:
            puzzle = _read_puzzle_file(PUZZLES_DIR / f"{name}.json")
        except PuzzleFileError:
            continue
        groups.setdefault(puzzle.collection, []).append(name)
    return {key: sorted(groups[key]) for key in sorted(groups)}


def load_puzzle(name_or_path: str | Path) -> Puzzle:
    """Load a shipped puzzle by name (``"soma"``, ``"pentomino-6x10"``) or any puzzle file by path."""
    path: Traversable = Path(name_or_path)
    if not path.is_file():
        shipped = PUZZLES_DIR / f"{name_or_path}.json"
        if not shipped.is_file():
            raise PuzzleFileError(
                f"no such puzzle file or shipped puzzle (shipped: {', '.join(shipped_puzzles())})", str(name_or_path)
            )
        path = shipped
    return _read_puzzle_file(path)


def _read_puzzle_file(path: Traversable) -> Puzzle:
    """A user's file or a shipped one (which may live in a zip, where there is nothing to stat)."""
    try:
        size = path.stat().st_size if isinstance(path, Path) else 0
        if size > MAX_FILE_BYTES:
            raise PuzzleFileError(f"file is {size} bytes, more than the {MAX_FILE_BYTES} allowed", path.name)
        raw = path.read_bytes()
    except OSError as exc:
        raise PuzzleFileError(f"cannot read: {exc.strerror}", str(path)) from None
    return parse_puzzle_text(raw, where=path.name)


def parse_puzzle_text(raw: bytes | str, *, where: str = "<puzzle>") -> Puzzle:
    """Parse JSON text (size-limited) and validate it."""
    if len(raw) > MAX_FILE_BYTES:
        raise PuzzleFileError(f"text is {len(raw)} bytes, more than the {MAX_FILE_BYTES} allowed", where)
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        data = strict_json.loads(text)
    except UnicodeDecodeError:
        raise PuzzleFileError("not UTF-8 text", where) from None
    except json.JSONDecodeError as exc:
        raise PuzzleFileError(f"invalid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}", where) from None
    return parse_puzzle(data, where=where)


def parse_puzzle(data: Any, *, where: str = "<puzzle>") -> Puzzle:
    """Validate a decoded JSON mapping and build the :class:`Puzzle`."""
    if not isinstance(data, dict):
        raise PuzzleFileError("top level must be a JSON object", where)
    _check_keys(data, _TOP_KEYS, where)
    for key in _REQUIRED_TOP:
        if key not in data:
            raise PuzzleFileError(f"missing required key {key!r}", where)
    if data["format"] != FORMAT_TAG:
        raise PuzzleFileError(f"'format' must be {FORMAT_TAG!r}, got {data['format']!r}", where)
    if not _is_int(data["version"]) or data["version"] != FORMAT_VERSION:  # true == 1 and 1.0 == 1 in Python
        raise PuzzleFileError(f"unsupported version {data['version']!r} (this reader knows {FORMAT_VERSION})", where)
    name = data["name"]
    if not isinstance(name, str) or not _NAME_RE.match(name):
        raise PuzzleFileError("'name' must be lower-case letters, digits, '-' or '_' (at most 64)", where)
    title = _optional_str(data, "title", where)
    description = _optional_str(data, "description", where)
    collection = _parse_collection(data, where)
    target, dims, is_box = _parse_target(data, where)
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise PuzzleFileError("'options' must be an object", where)
    _check_keys(options, _OPTION_KEYS, f"{where}: options")
    mirrors = options.get("mirrors_same_piece", False)
    if not isinstance(mirrors, bool):
        raise PuzzleFileError("options.mirrors_same_piece must be true or false", where)
    pieces = _parse_pieces(data["pieces"], where)
    _check_twins(pieces, mirrors, where)
    volume = sum(p.size * p.count for p in pieces)
    if volume != len(target):
        raise PuzzleFileError(
            f"the pieces have {volume} cells in all but the target has {len(target)}: they cannot fill it exactly",
            where,
        )
    known = _parse_known_counts(data.get("known_counts", {}), where)
    return Puzzle(
        name=name,
        pieces=pieces,
        target=target,
        dims=dims,
        title=title or name,
        description=description,
        mirrors_same_piece=mirrors,
        known_counts=known,
        is_box=is_box,
        collection=collection,
    )


def _check_keys(obj: dict, allowed: set[str], where: str) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise PuzzleFileError(
            f"unknown key(s) {', '.join(map(repr, unknown))}; allowed: {', '.join(sorted(allowed))}", where
        )


def _optional_str(data: dict, key: str, where: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise PuzzleFileError(f"{key!r} must be a string", where)
    return value


def _parse_collection(data: dict, where: str) -> str:
    if "collection" not in data:
        return ""
    value = data["collection"]
    if not isinstance(value, str) or not value.strip():
        raise PuzzleFileError("'collection' must be a non-empty string", where)
    if len(value) > MAX_COLLECTION_CHARS:
        raise PuzzleFileError(f"'collection' is longer than {MAX_COLLECTION_CHARS} characters", where)
    if not value.isprintable():
        raise PuzzleFileError("'collection' must be printable text on one line", where)
    return value


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _parse_voxels(raw: Any, where: str) -> list[tuple[int, int, int]]:
    if not isinstance(raw, list) or not raw:
        raise PuzzleFileError("must be a non-empty list of [x, y, z] triples", where)
    out = []
    for i, v in enumerate(raw):
        if not (isinstance(v, list) and len(v) == 3 and all(_is_int(c) for c in v)):
            raise PuzzleFileError(f"entry {i} must be a list of three integers, got {v!r}", where)
        if any(abs(c) > MAX_TARGET_CELLS for c in v):
            raise PuzzleFileError(f"entry {i} has a coordinate out of range: {v!r}", where)
        out.append((v[0], v[1], v[2]))
    if len(set(out)) != len(out):
        raise PuzzleFileError("lists the same cell twice", where)
    return out


def _parse_target(data: dict, where: str) -> tuple[tuple, tuple[int, int, int], bool]:
    if ("box" in data) == ("target" in data):
        raise PuzzleFileError("give exactly one of 'box' ([X, Y, Z]) or 'target' (list of cells)", where)
    if "box" in data:
        box = data["box"]
        if not (isinstance(box, list) and len(box) == 3 and all(_is_int(c) and c > 0 for c in box)):
            raise PuzzleFileError(f"'box' must be three positive integers, got {box!r}", where)
        if box[0] * box[1] * box[2] > MAX_TARGET_CELLS:
            raise PuzzleFileError(f"'box' has more than {MAX_TARGET_CELLS} cells", where)
        dims = (box[0], box[1], box[2])
        return box_cells(dims), dims, True
    cells = _parse_voxels(data["target"], f"{where}: target")
    if len(cells) > MAX_TARGET_CELLS:
        raise PuzzleFileError(f"'target' has more than {MAX_TARGET_CELLS} cells", where)
    target = file_order(cells)
    dims = (max(v[0] for v in target) + 1, max(v[1] for v in target) + 1, max(v[2] for v in target) + 1)
    return target, dims, len(target) == dims[0] * dims[1] * dims[2]


def _parse_pieces(raw: Any, where: str) -> tuple[Piece, ...]:
    if not isinstance(raw, list) or not raw:
        raise PuzzleFileError("'pieces' must be a non-empty list", where)
    if len(raw) > MAX_PIECE_KINDS:
        raise PuzzleFileError(f"more than {MAX_PIECE_KINDS} kinds of piece", where)
    pieces = []
    names: set[str] = set()
    for i, entry in enumerate(raw):
        loc = f"{where}: pieces[{i}]"
        if not isinstance(entry, dict):
            raise PuzzleFileError("must be an object", loc)
        _check_keys(entry, _PIECE_KEYS, loc)
        for key in ("name", "cells"):
            if key not in entry:
                raise PuzzleFileError(f"missing required key {key!r}", loc)
        name = entry["name"]
        if not (isinstance(name, str) and len(name) == 1 and name.isprintable() and name not in _RESERVED_LETTERS):
            raise PuzzleFileError(f"'name' must be one printable character other than '.', '#', ' ': {name!r}", loc)
        if name in names:
            raise PuzzleFileError(f"piece name {name!r} is used twice", loc)
        names.add(name)
        loc = f"{where}: piece {name!r}"
        cells = _parse_voxels(entry["cells"], f"{loc}: cells")
        if not is_connected(cells):
            raise PuzzleFileError("cells are not face-connected (the piece would fall apart)", loc)
        colour = entry.get("colour", "#808080")
        if not (isinstance(colour, str) and _COLOUR_RE.match(colour)):
            raise PuzzleFileError(f"'colour' must look like '#rrggbb', got {colour!r}", loc)
        count = entry.get("count", 1)
        if not (_is_int(count) and 1 <= count <= MAX_TARGET_CELLS):
            raise PuzzleFileError(f"'count' must be a positive integer, got {count!r}", loc)
        twin = entry.get("mirror_twin")
        if twin is not None and not (isinstance(twin, str) and len(twin) == 1):
            raise PuzzleFileError(f"'mirror_twin' must be a piece name, got {twin!r}", loc)
        label = entry.get("label", "")
        if not isinstance(label, str):
            raise PuzzleFileError("'label' must be a string", loc)
        pieces.append(Piece(name, normalise(cells), colour, count, twin, label))
    return tuple(pieces)


def _check_twins(pieces: tuple[Piece, ...], mirrors: bool, where: str) -> None:
    """Twins must name each other, be true mirror images, and make sense only for one-handed (non-free) pieces."""
    by_name = {p.name: p for p in pieces}
    for p in pieces:
        if p.mirror_twin is None:
            continue
        loc = f"{where}: piece {p.name!r}"
        if mirrors:
            raise PuzzleFileError("'mirror_twin' is meaningless when options.mirrors_same_piece is true", loc)
        other = by_name.get(p.mirror_twin)
        if other is None:
            raise PuzzleFileError(f"mirror_twin {p.mirror_twin!r} is not a piece of this puzzle", loc)
        if other.name == p.name or other.mirror_twin != p.name:
            raise PuzzleFileError(f"mirror twins must name each other ({p.name!r} <-> {other.name!r})", loc)
        if mirror_image(p.cells) not in set(orientations(other.cells)):
            raise PuzzleFileError(f"piece {other.name!r} is not the mirror image of {p.name!r}", loc)
        if other.count != p.count:
            raise PuzzleFileError(f"mirror twins {p.name!r} and {other.name!r} must have the same count", loc)


def _parse_known_counts(raw: Any, where: str) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise PuzzleFileError("'known_counts' must be an object", where)
    modes = {m.value for m in SymmetryMode}
    _check_keys(raw, modes, f"{where}: known_counts")
    for key, value in raw.items():
        if not (_is_int(value) and value >= 0):
            raise PuzzleFileError(f"known_counts.{key} must be a non-negative integer", where)
    return dict(raw)


def puzzle_to_dict(puzzle: Puzzle) -> dict[str, Any]:
    """The JSON mapping of a puzzle (inverse of :func:`parse_puzzle`); used to embed puzzles in solution files."""
    out: dict[str, Any] = {"format": FORMAT_TAG, "version": FORMAT_VERSION, "name": puzzle.name}
    if puzzle.title:
        out["title"] = puzzle.title
    if puzzle.description:
        out["description"] = puzzle.description
    if puzzle.collection:
        out["collection"] = puzzle.collection
    if puzzle.is_box and puzzle.target == box_cells(puzzle.dims):
        out["box"] = list(puzzle.dims)
    else:
        out["target"] = [list(v) for v in puzzle.target]
    out["options"] = {"mirrors_same_piece": puzzle.mirrors_same_piece}
    if puzzle.known_counts:
        out["known_counts"] = dict(puzzle.known_counts)
    pieces = []
    for p in puzzle.pieces:
        entry: dict[str, Any] = {"name": p.name}
        if p.label:
            entry["label"] = p.label
        entry["colour"] = p.colour
        entry["cells"] = [list(v) for v in p.cells]
        if p.count != 1:
            entry["count"] = p.count
        if p.mirror_twin is not None:
            entry["mirror_twin"] = p.mirror_twin
        pieces.append(entry)
    out["pieces"] = pieces
    return out
