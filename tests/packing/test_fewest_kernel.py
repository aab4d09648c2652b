"""The compiled search of the cell with the fewest placements (``fewest_kernel`` through ``fewest_runner``): on
seeded random BurrTools problems with variable cells, count ranges and piece groups it lists every assembly an
independent brute force finds, and exactly the packing kernel's rows in its order; with pinned chunks it keeps the
engine's symmetry filter; it stops at its limit; and the BurrTools examples it is chosen for count as burrTxt."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations, product
from pathlib import Path

import numpy as np
import pytest
from box_cuts import box_cut
from burrtools_cases import ROTATIONS, parse_cells, turn, xml_file
from search_spy import search_made

import solvers.packing.burrtools_count as burrtools_count
import solvers.packing.burrtools_search as burrtools_search
import solvers.packing.fewest_kernel  # noqa: F401 - numba loaded: counts take the compiled searches, as in the app
from solvers.packing import tiny_shapes
from solvers.packing.burrtools_io import parse_burrtools, read_burrtools
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.chunks import plan_chunks
from solvers.packing.cover import build_cover
from solvers.packing.fewest_runner import TooManyRows, fewest_rows
from solvers.packing.puzzle_io import load_puzzle
from solvers.packing.symmetry import SymmetryMode

Voxel = tuple[int, int, int]
EXAMPLES = Path("/work/peers/burr-tools/examples")
# burrTxt -q -d FILE: assemblies, solutions (docs/packing.md, "Checked against burrTxt")
BURRTXT = {"AlPackino": (1, 1), "CubeInCage": (96, 1)}


def _layers(cells: list[Voxel], optional: frozenset[Voxel] = frozenset()) -> list[str]:
    """Cells as ``burrtools_cases`` writes shapes: layers of '/'-separated rows of '#', '+' and '_'."""
    every = set(cells) | optional
    sx, sy, sz = (max(c[a] for c in every) + 1 for a in range(3))
    return [
        "/".join("".join("+" if (x, y, z) in optional else "#" if (x, y, z) in every else "_" for x in range(sx))
                 for y in range(sy))
        for z in range(sz)
    ]  # fmt: skip


def _random_case(rng: random.Random) -> tuple[list[list[str]], list[tuple]]:
    """A box cut into pieces, maybe a row of variable cells on top with a spare monomino or domino in a count
    range, maybe a piece allowed once more (a range): (shapes, parts) with the result as shape 0. Small enough for
    the brute force (a few milliseconds each)."""
    size = rng.choice([(2, 2, 1), (3, 2, 1), (2, 2, 2), (3, 2, 2)])
    pieces = box_cut(rng, size, rng.randrange(2, 5))
    box = list(product(range(size[0]), range(size[1]), range(size[2])))
    top = frozenset((x, 0, size[2]) for x in range(size[0])) if rng.random() < 0.6 else None
    shapes = [_layers(box, top or frozenset())] + [_layers(p) for p in pieces]
    parts: list[tuple] = [(i + 1, 1) for i in range(len(pieces))]
    if rng.random() < 0.4:
        k = rng.randrange(len(pieces))
        parts[k] = (k + 1, (1, 2))
    if top:
        shapes.append(_layers([(0, 0, 0)] if rng.random() < 0.6 else [(0, 0, 0), (1, 0, 0)]))
        parts.append((len(shapes) - 1, (0, rng.randrange(1, 3))))
    return shapes, parts


def _brute_assemblies(shapes: list[list[str]], parts: list[tuple]) -> Counter[frozenset[frozenset[Voxel]]]:
    """Every assembly (the cell sets of its pieces, counted once per way the parts make it) by brute force:
    each part's placements by every rotation and translation into the result (shape 0), every choice of
    placements within each part's range, the ``#`` cells covered once and the ``+`` cells at most once."""
    _, result = parse_cells(shapes[0])
    room = set(result)
    required = {v for v, (state, _) in result.items() if state == "#"}
    options = []
    for shape, amount in parts:
        low, high = (amount, amount) if isinstance(amount, int) else amount
        piece = {v: 0 for v in parse_cells(shapes[shape])[1]}
        placed = {frozenset((x + a[0], y + a[1], z + a[2]) for ((x, y, z), _) in turn(m, piece))
                  for m in ROTATIONS for a in room}  # fmt: skip
        options.append(([p for p in placed if p <= room], low, high))
    found: Counter[frozenset[frozenset[Voxel]]] = Counter()

    def choose(k: int, used: frozenset[Voxel], chosen: tuple) -> None:
        if k == len(options):
            if required <= used:
                found[frozenset(chosen)] += 1
            return
        placements, low, high = options[k]
        free = [p for p in placements if not p & used]
        for n in range(low, high + 1):
            for combo in combinations(free, n):
                cells = frozenset().union(*combo)
                if len(cells) == sum(len(p) for p in combo):
                    choose(k + 1, used | cells, chosen + combo)

    choose(0, frozenset(), ())
    return found


def _grouped(text: str, rng: random.Random) -> str:
    """The file with its first two parts in one piece group (which changes the disassembly, not the assemblies)."""
    if rng.random() < 0.5:
        return text
    return text.replace('count="1"/>', 'count="1" group="1"/>', 2)


def _search_of(monkeypatch, problem, *, every: bool = True) -> tuple:
    """(cover, chunks, enabled, filler) of the search that lists every assembly of ``problem``, or with ``every``
    false of the count's search (an anchor piece pinned at one placement per orbit, where one applies; the general
    path's search, which a tiny problem's count in plain Python does not make)."""
    monkeypatch.setattr(tiny_shapes, "TINY_BOX", 0)
    made = search_made(
        monkeypatch,
        lambda: burrtools_count.every_assembly(problem) if every else burrtools_count.count(problem, disassemble=True),
    )
    assert made is not None
    return made


def _kernel_rows(monkeypatch, cover, chunks, enabled, filler) -> np.ndarray:
    monkeypatch.setattr(burrtools_search, "prefers_fewest", lambda problem: False)
    rows = burrtools_search.assembly_rows(cover, chunks, enabled, None, limit=10**6, small_seconds=0.0,
                                          filler=filler)  # fmt: skip
    monkeypatch.undo()
    return rows


def test_fewest_search_lists_every_assembly_and_the_kernels_rows(monkeypatch) -> None:
    rng = random.Random(2711)
    listed = ranged = pinned = 0
    for _ in range(30):
        shapes, parts = _random_case(rng)
        text = _grouped(xml_file(shapes, parts, 0, [], 1), rng)
        problem = burr_problem(parse_burrtools(text.encode()))
        cover, chunks, enabled, filler = _search_of(monkeypatch, problem)
        rows = fewest_rows(cover, chunks, enabled, filler=filler)
        assert rows.shape == (len(rows), cover.n_instances)
        kernel = _kernel_rows(monkeypatch, cover, chunks, enabled, filler)
        assert rows.shape == kernel.shape and (rows == kernel).all()
        target = burrtools_count._result_coordinates(problem, cover.puzzle)
        found = Counter(
            frozenset(frozenset(target[c] for c in cover.row_cells[r] if c >= 0)
                      for r in line if r >= 0 and cover.row_kind[r] != filler)
            for line in rows.tolist()
        )  # fmt: skip
        assert found == _brute_assemblies(shapes, parts)
        cover, chunks, enabled, filler = _search_of(monkeypatch, problem, every=False)
        rows = fewest_rows(cover, chunks, enabled, filler=filler)  # pinned chunks: the rows left renumbered
        kernel = _kernel_rows(monkeypatch, cover, chunks, enabled, filler)
        assert rows.shape == kernel.shape and (rows == kernel).all()
        pinned += any(chunk.prefix for chunk in chunks)
        listed += len(rows)
        ranged += any(isinstance(amount, tuple) for _, amount in parts)
    assert listed > 300 and ranged > 10 and pinned > 10


@pytest.mark.parametrize(("name", "mode"), [("soma", SymmetryMode.ROTATION), ("soma", SymmetryMode.MIRROR),
                                            ("pentomino-3x20", SymmetryMode.ROTATION)])  # fmt: skip
def test_fewest_search_keeps_the_symmetry_filter_of_pinned_chunks(monkeypatch, name: str, mode) -> None:
    cover = build_cover(load_puzzle(name))
    chunks = plan_chunks(cover, mode)
    enabled = np.ones(cover.n_rows, dtype=np.uint8)
    rows = fewest_rows(cover, chunks, enabled)
    kernel = _kernel_rows(monkeypatch, cover, chunks, enabled, None)
    assert len(rows) == len(kernel) > 0
    assert (rows == kernel).all()


def test_fewest_search_stops_at_its_limit() -> None:
    cover = build_cover(load_puzzle("soma"))
    enabled = np.ones(cover.n_rows, dtype=np.uint8)
    chunks = plan_chunks(cover, SymmetryMode.ROTATION)
    with pytest.raises(TooManyRows):
        fewest_rows(cover, chunks, enabled, limit=100)


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="the burr-tools examples are not on this machine")
@pytest.mark.parametrize("name", sorted(BURRTXT))
def test_examples_searched_fewest_first_count_as_burrtxt(monkeypatch, name: str) -> None:
    problem = burr_problem(read_burrtools(EXAMPLES / f"{name}.xmpuzzle"), 1)
    chosen: list[bool] = []
    original = burrtools_search.prefers_fewest

    def spy(cover):
        chosen.append(original(cover))
        return chosen[-1]

    monkeypatch.setattr(burrtools_search, "prefers_fewest", spy)
    found = burrtools_count.count(problem, disassemble=True)
    assert chosen == [True]
    assert (found.assemblies, found.solutions) == BURRTXT[name]
