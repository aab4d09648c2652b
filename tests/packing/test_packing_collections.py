"""The shipped collections: Soma figures, pentominoes in boxes and on the holed 8x8 board.

Every count a file records in ``known_counts`` is checked three ways: against an independent counter written in
this file (its own rotations, placements and backtracker; nothing from ``solvers.packing``), against the engine at
every symmetry level, and against the other levels through the orbits of the target's symmetry group.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter, deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from solvers.packing import build_cover, count_solutions, load_puzzle, shipped_collections, shipped_puzzles
from solvers.packing.published import PUBLISHED_PENTOMINO_COUNTS

PUZZLES = Path(__file__).resolve().parents[2] / "assets" / "puzzles"
LEVELS = ("none", "rotation", "mirror")
SOMA_FIGURES = sorted(p.stem for p in PUZZLES.glob("soma-*.json"))
NEW_PENTOMINOES = ("pentomino-3x4x5", "pentomino-2x5x6", "pentomino-2x3x10", "pentomino-8x8-hole")
NEW_FILES = (*SOMA_FIGURES, *NEW_PENTOMINOES)
PUBLISHED = PUBLISHED_PENTOMINO_COUNTS  # the literature's figures for the new pentomino puzzles
# Engine runs of minutes (3x4x5: about 1 minute per class level, 10 for all solutions; 2x5x6 all solutions: half a
# minute): marked slow here and timed by benchmarks/collections_bench.py. The relation test vouches for them
# from the faster levels.
SLOW_ENGINE = {("pentomino-3x4x5", level) for level in LEVELS} | {("pentomino-2x5x6", "none")}
# The 8x8 board's independent count takes half a minute; its published figures are checked by the engine anyway.
INDEPENDENT = (*SOMA_FIGURES, "pentomino-2x3x10", pytest.param("pentomino-8x8-hole", marks=pytest.mark.slow))
COLLECTION_OF_CLASSICS = {"soma", "diabolical", "slothouber-graatsma", "bedlam"}

Cell = tuple[int, int, int]
Matrix = tuple[tuple[int, int, int], ...]


# --- the independent counter -------------------------------------------------------------------------------------


def _isometries() -> list[tuple[bool, Matrix]]:
    """The 48 signed permutation matrices as (is a rotation, matrix)."""
    out = []
    for perm in itertools.permutations(range(3)):
        for signs in itertools.product((1, -1), repeat=3):
            rows = [[0, 0, 0] for _ in range(3)]
            for row, (col, sign) in enumerate(zip(perm, signs, strict=True)):
                rows[row][col] = sign
            (a, b, c), (d, e, f), (g, h, i) = rows
            det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
            out.append((det == 1, tuple(tuple(r) for r in rows)))
    return out


ISOMETRIES = _isometries()
ROTATIONS = [m for proper, m in ISOMETRIES if proper]


def _turn(m: Matrix, cells) -> list[Cell]:
    return [tuple(sum(m[r][c] * v[c] for c in range(3)) for r in range(3)) for v in cells]


def _normalise(cells) -> tuple[Cell, ...]:
    low = [min(v[a] for v in cells) for a in range(3)]
    return tuple(sorted(tuple(v[a] - low[a] for a in range(3)) for v in cells))


def _read(name: str) -> dict:
    return json.loads((PUZZLES / f"{name}.json").read_text(encoding="utf-8"))


def _target(data: dict) -> tuple[Cell, ...]:
    if "box" in data:
        nx, ny, nz = data["box"]
        return _normalise(list(itertools.product(range(nx), range(ny), range(nz))))
    return _normalise(data["target"])


def _connected(cells) -> bool:
    cells = set(cells)
    start = next(iter(cells))
    seen, queue = {start}, deque([start])
    while queue:
        x, y, z = queue.popleft()
        for d in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            n = (x + d[0], y + d[1], z + d[2])
            if n in cells and n not in seen:
                seen.add(n)
                queue.append(n)
    return len(seen) == len(cells)


@dataclass(frozen=True)
class Enumerated:
    """Every solution of a puzzle file: a piece index per cell of `cells`."""

    cells: tuple[Cell, ...]
    solutions: frozenset[tuple[int, ...]]
    pieces: tuple[dict, ...]
    free: bool


@cache
def enumerate_independently(name: str) -> Enumerated:
    """All solutions by a plain exact-cover backtracker: fill the first empty cell (cells ordered with the longest
    axis slowest) with each placement whose first cell it is, of each piece kind not used up."""
    data = _read(name)
    target = _target(data)
    extent = [max(v[a] for v in target) + 1 for a in range(3)]
    axes = sorted(range(3), key=lambda a: -extent[a])
    order = tuple(sorted(target, key=lambda v: tuple(v[a] for a in axes)))
    index = {v: i for i, v in enumerate(order)}
    free = data.get("options", {}).get("mirrors_same_piece", False)
    turns = [m for proper, m in ISOMETRIES if proper or free]
    pieces = tuple(data["pieces"])
    first_cell: list[list[list[int]]] = [[[] for _ in pieces] for _ in order]  # cell -> kind -> masks
    for k, piece in enumerate(pieces):
        seen = set()
        for shape in {_normalise(_turn(m, piece["cells"])) for m in turns}:
            for anchor in order:
                shift = [anchor[a] - shape[0][a] for a in range(3)]
                cells = [(x + shift[0], y + shift[1], z + shift[2]) for x, y, z in shape]
                if all(c in index for c in cells):
                    ids = [index[c] for c in cells]
                    mask = sum(1 << i for i in ids)
                    if mask not in seen:
                        seen.add(mask)
                        first_cell[min(ids)][k].append(mask)
    left = [piece.get("count", 1) for piece in pieces]
    full = (1 << len(order)) - 1
    chosen: list[tuple[int, int]] = []
    found: list[tuple[tuple[int, int], ...]] = []

    def search(filled: int) -> None:
        if filled == full:
            found.append(tuple(chosen))
            return
        low = (~filled & (filled + 1)).bit_length() - 1
        for k, masks in enumerate(first_cell[low]):
            if not left[k]:
                continue
            left[k] -= 1
            for mask in masks:
                if not mask & filled:
                    chosen.append((k, mask))
                    search(filled | mask)
                    chosen.pop()
            left[k] += 1

    search(0)
    solutions = set()
    for placements in found:
        labels = [-1] * len(order)
        for k, mask in placements:
            for i in range(len(order)):
                if mask >> i & 1:
                    labels[i] = k
        solutions.add(tuple(labels))
    assert len(solutions) == len(found), "two branches of the search produced the same solution"
    return Enumerated(order, frozenset(solutions), pieces, free)


def mirror_partner(pieces: tuple[dict, ...], free: bool) -> list[int] | None:
    """For each piece, the piece its mirror image is (from the shapes, not from 'mirror_twin'); None when some
    piece's mirror image is no piece of the puzzle."""
    if free:
        return list(range(len(pieces)))
    reflect = next(m for proper, m in ISOMETRIES if not proper)
    partner = []
    for piece in pieces:
        image = _normalise(_turn(reflect, piece["cells"]))
        matches = [
            j for j, other in enumerate(pieces) if image in {_normalise(_turn(m, other["cells"])) for m in ROTATIONS}
        ]
        if not matches:
            return None
        partner.append(matches[0])
    return partner


def symmetries(cells: tuple[Cell, ...], *, reflections: bool) -> list[tuple[bool, tuple[int, ...]]]:
    """The isometries carrying the cell set onto itself, as (is a rotation, permutation of cell positions)."""
    position = {v: i for i, v in enumerate(cells)}
    out = []
    for proper, m in ISOMETRIES:
        if not (proper or reflections):
            continue
        image = _turn(m, cells)
        low = [min(v[a] for v in image) for a in range(3)]
        moved = [tuple(v[a] - low[a] for a in range(3)) for v in image]
        if set(moved) == set(cells):
            out.append((proper, tuple(position[v] for v in moved)))
    return out


def orbits(enumerated: Enumerated, *, reflections: bool) -> list[int]:
    """Sizes of the orbits of the solution set under the target's symmetries (mirror images relabelled: a chiral
    piece becomes its twin). Every image must itself be a solution found."""
    partner = mirror_partner(enumerated.pieces, enumerated.free) if reflections else None
    group = symmetries(enumerated.cells, reflections=reflections)
    remaining = set(enumerated.solutions)
    sizes = []
    while remaining:
        start = remaining.pop()
        orbit = {start}
        for proper, perm in group:
            image = [0] * len(start)
            for i, label in enumerate(start):
                image[perm[i]] = label if proper else partner[label]
            orbit.add(tuple(image))
        assert orbit <= enumerated.solutions, "an image of a solution was not found by the search"
        assert len(group) % len(orbit) == 0
        remaining -= orbit
        sizes.append(len(orbit))
    return sizes


# --- tests ---------------------------------------------------------------------------------------------------------


def test_the_independent_counter_reproduces_the_soma_cube() -> None:
    """The published 11,520 / 480 / 240 of the Soma cube, as a check of the counter itself."""
    soma = enumerate_independently("soma")
    assert len(soma.solutions) == 11520
    assert len(orbits(soma, reflections=False)) == 480
    assert len(orbits(soma, reflections=True)) == 240


@pytest.mark.parametrize("name", INDEPENDENT)
def test_independent_count_equals_known_none(name: str) -> None:
    enumerated = enumerate_independently(name)
    assert len(enumerated.solutions) == _read(name)["known_counts"]["none"]
    sizes = {k: len(p["cells"]) * p.get("count", 1) for k, p in enumerate(enumerated.pieces)}
    for labels in enumerated.solutions:  # exact covers: every cell once, every piece kind its count of times
        assert Counter(labels) == sizes


@pytest.mark.parametrize("name", INDEPENDENT)
def test_classes_of_the_independent_solutions_equal_known_counts(name: str) -> None:
    """Orbits under the rotations, then rotations and reflections, of the solutions found above: their numbers are
    the rotation and mirror counts, and the orbit sizes add up to the number of solutions."""
    enumerated = enumerate_independently(name)
    known = _read(name)["known_counts"]
    by_rotation = orbits(enumerated, reflections=False)
    by_isometry = orbits(enumerated, reflections=True)
    assert sum(by_rotation) == sum(by_isometry) == known["none"]
    assert (len(by_rotation), len(by_isometry)) == (known["rotation"], known["mirror"])


def test_mirror_partners_come_from_the_shapes() -> None:
    """The relabelling used for reflections agrees with the files' declared twins: Soma's screws swap."""
    pieces = tuple(_read("soma")["pieces"])
    partner = mirror_partner(pieces, free=False)
    names = [p["name"] for p in pieces]
    assert {names[i]: names[j] for i, j in enumerate(partner) if i != j} == {"f": "g", "g": "f"}
    bedlam = tuple(_read("bedlam")["pieces"])
    assert mirror_partner(bedlam, free=False) is None


@cache
def _problem(name: str):
    return build_cover(load_puzzle(name))


@pytest.mark.parametrize(
    ("name", "level"),
    [(n, level) for n in NEW_FILES for level in LEVELS if (n, level) not in SLOW_ENGINE],
)
def test_engine_counts_equal_known_counts(name: str, level: str) -> None:
    assert count_solutions(_problem(name), up_to=level) == _read(name)["known_counts"][level]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "level"), sorted(SLOW_ENGINE))
def test_engine_counts_equal_known_counts_slow(name: str, level: str) -> None:
    assert count_solutions(_problem(name), up_to=level) == _read(name)["known_counts"][level]


def test_new_pentomino_files_record_the_published_counts() -> None:
    for (name, level), count in PUBLISHED.items():
        assert _read(name)["known_counts"][level] == count, (name, level)


@pytest.mark.parametrize("name", NEW_PENTOMINOES)
def test_pentomino_counts_follow_from_the_symmetry_group(name: str) -> None:
    """No pentomino packing is symmetric, so every class has as many members as the group has elements: all
    solutions = rotations x rotation classes = isometries x mirror classes. A solid box's mirror image is never one
    of its rotations (two rotation classes per mirror class); turning the flat board over is already a rotation."""
    data = _read(name)
    cells = _target(data)
    rotations = len(symmetries(cells, reflections=False))
    isometries = len(symmetries(cells, reflections=True))
    known = data["known_counts"]
    flat = min(max(v[a] for v in cells) for a in range(3)) == 0
    if flat:
        assert (rotations, isometries) == (8, 16)
        assert known["none"] == rotations * known["rotation"] and known["mirror"] == known["rotation"]
    else:
        assert (rotations, isometries) == (4, 8)
        assert known["none"] == rotations * known["rotation"] == isometries * known["mirror"]
        assert known["rotation"] == 2 * known["mirror"]


def test_soma_figures_are_a_collection_of_distinct_connected_shapes() -> None:
    assert len(SOMA_FIGURES) >= 15
    soma = _read("soma")
    cube = _target(soma)
    seen: dict[tuple[Cell, ...], str] = {}
    for name in SOMA_FIGURES:
        data = _read(name)
        assert data["name"] == name and data["collection"] == "Soma figures"
        assert data["title"].startswith("Soma figure: ") and len(data["title"]) > len("Soma figure: ")
        assert len(data["description"]) > 20
        assert data["pieces"] == soma["pieces"] and data["options"] == {"mirrors_same_piece": False}
        cells = _target(data)
        assert len(cells) == 27 and _connected(cells), name
        shape = min(_normalise(_turn(m, cells)) for _, m in ISOMETRIES)  # the same figure turned or mirrored
        assert shape != min(_normalise(_turn(m, cube)) for _, m in ISOMETRIES), f"{name} is the cube"
        assert shape not in seen, f"{name} is the same shape as {seen.get(shape)}"
        seen[shape] = name
    assert len({_read(n)["description"] for n in SOMA_FIGURES}) == len(SOMA_FIGURES)


@pytest.mark.parametrize("name", SOMA_FIGURES)
def test_soma_figure_counts_are_consistent(name: str) -> None:
    """Every figure can be built; a class holds at most as many solutions as the figure has rotations; a mirror
    class joins at most two rotation classes."""
    data = _read(name)
    known = data["known_counts"]
    assert set(known) == set(LEVELS)
    rotations = len(symmetries(_target(data), reflections=False))
    assert 1 <= known["rotation"] <= known["none"] <= rotations * known["rotation"]
    assert known["mirror"] <= known["rotation"] <= 2 * known["mirror"]
    if rotations == 1:
        assert known["none"] == known["rotation"]


def test_every_shipped_file_names_its_collection() -> None:
    expected = {}
    for path in sorted(PUZZLES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        collection = data.get("collection")
        assert isinstance(collection, str) and 0 < len(collection.strip()) <= 64, path.name
        if path.stem.startswith("soma-"):
            assert collection == "Soma figures"
        elif path.stem.startswith("pentomino-"):
            assert collection == "Pentominoes"
        else:
            assert path.stem in COLLECTION_OF_CLASSICS and collection == "Classic"
        expected.setdefault(collection, []).append(path.stem)
    assert shipped_collections() == {key: sorted(expected[key]) for key in sorted(expected)}
    assert sorted(itertools.chain.from_iterable(shipped_collections().values())) == shipped_puzzles()
