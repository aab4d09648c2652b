"""Small BurrTools counts without numba: the Python assembly search (``fewest_search``) gives the compiled kernel's
rows, in its order, on seeded random problems with variable cells, count ranges, piece groups and symmetric
results and on shipped puzzles with the engine's symmetry filter; the Python disassembly gives the compiled
verdicts, also when its time runs out part way and the compiled search takes over; and a small file is counted
end to end by a process that never imports numba."""

from __future__ import annotations

import math
import random
from itertools import product

import numpy as np
import pytest
from box_cuts import box_cut
from fresh_cli import cli_in_fresh_process
from search_spy import search_made

import solvers.packing.burrtools_count as burrtools_count
import solvers.packing.burrtools_search as burrtools_search
from solvers.packing.burrtools_disassembly import takes_apart_many, verdicts_from_rows
from solvers.packing.burrtools_io import parse_burrtools
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.chunks import plan_chunks
from solvers.packing.cover import build_cover
from solvers.packing.fewest_search import small_assembly_rows
from solvers.packing.puzzle_io import load_puzzle
from solvers.packing.symmetry import SymmetryMode

Voxel = tuple[int, int, int]
FOREVER = math.inf


def _shape_xml(cells: list[Voxel], optional: frozenset[Voxel] = frozenset()) -> str:
    every = set(cells) | set(optional)
    sx, sy, sz = (max(c[a] for c in every) + 1 for a in range(3))
    text = "".join("+" if (x, y, z) in optional else "#" if (x, y, z) in every else "_"
                   for z in range(sz) for y in range(sy) for x in range(sx))  # fmt: skip
    return f'<voxel x="{sx}" y="{sy}" z="{sz}" type="0">{text}</voxel>'


def _random_file(rng: random.Random) -> str:
    """A box cut into pieces (each used once, some in a piece group), maybe a layer of variable cells on top
    with a spare monomino for some of them, maybe a piece given twice with a count range."""
    side, height = rng.choice([(2, 2), (3, 1), (2, 3), (3, 2)])
    pieces = box_cut(rng, (side, side, height), rng.randrange(2, min(6, side * side * height)))
    result = list(product(range(side), range(side), range(height)))
    top = frozenset((x, y, height) for x in range(side) for y in range(side)) if rng.random() < 0.6 else frozenset()
    shapes = [_shape_xml(result, top)] + [_shape_xml(p) for p in pieces] + [_shape_xml([(0, 0, 0)])]
    grouped = rng.random() < 0.3
    parts = "".join(
        f'<shape id="{i + 1}" count="1"' + (' group="1"' if grouped and i < 2 else "") + "/>"
        for i in range(len(pieces))
    )
    if top:
        parts += f'<shape id="{len(pieces) + 1}" min="0" max="{rng.randrange(1, 4)}"/>'
    return (
        '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        + "".join(shapes)
        + f'</shapes><problems><problem><shapes>{parts}</shapes><result id="0"/></problem></problems></puzzle>'
    )


def _search_of(monkeypatch, problem) -> tuple | None:
    """The (cover, chunks, enabled, filler) of the assembly search a count makes (None: it makes none)."""
    return search_made(monkeypatch, lambda: burrtools_count.count(problem, disassemble=False))


def _small_searches(monkeypatch, rng: random.Random, n: int):
    """(problem, (cover, chunks, enabled, filler), the kernel's rows) of the searches of ``n`` random files,
    those that list at most 3,000 assemblies."""
    for _ in range(n):
        problem = burr_problem(parse_burrtools(_random_file(rng).encode()))
        found = _search_of(monkeypatch, problem)
        if found is None:
            continue
        cover, chunks, enabled, _filler = found
        try:
            compiled = burrtools_search.assembly_rows(cover, chunks, enabled, None, limit=3000, small_seconds=0.0)
        except burrtools_search.TooManyAssemblies:
            continue
        yield problem, found, compiled


def test_python_search_lists_the_kernels_rows_in_its_order(monkeypatch) -> None:
    listed = 0
    for _problem, (cover, chunks, enabled, filler), compiled in _small_searches(monkeypatch, random.Random(39), 40):
        python = small_assembly_rows(cover, chunks, enabled, FOREVER, filler)
        assert python is not None
        assert python.shape == compiled.shape
        assert (python == compiled).all()
        listed += len(python)
    assert listed > 2000


@pytest.mark.parametrize(("name", "mode"), [("soma", SymmetryMode.ROTATION), ("soma", SymmetryMode.MIRROR),
                                            ("pentomino-3x20", SymmetryMode.ROTATION)])  # fmt: skip
def test_python_search_keeps_the_symmetry_filter_of_pinned_chunks(name: str, mode: SymmetryMode) -> None:
    cover = build_cover(load_puzzle(name))
    chunks = plan_chunks(cover, mode)
    enabled = np.ones(cover.n_rows, dtype=np.uint8)
    compiled = burrtools_search.assembly_rows(cover, chunks, enabled, None, limit=10**6, small_seconds=0.0)
    python = small_assembly_rows(cover, chunks, enabled, FOREVER)
    assert python is not None and len(python) == len(compiled) > 0
    assert (python == compiled).all()


def test_a_search_past_its_time_goes_to_the_kernel_with_the_same_rows() -> None:
    cover = build_cover(load_puzzle("pentomino-6x10"))
    chunks = plan_chunks(cover, SymmetryMode.ROTATION)
    enabled = np.ones(cover.n_rows, dtype=np.uint8)
    assert small_assembly_rows(cover, chunks, enabled, 1e-6) is None
    rows = burrtools_search.assembly_rows(cover, chunks[:6], enabled, None, limit=10**6, small_seconds=1e-6)
    compiled = burrtools_search.assembly_rows(cover, chunks[:6], enabled, None, limit=10**6, small_seconds=0.0)
    assert len(rows) > 0 and (rows == compiled).all()


@pytest.mark.parametrize("seconds", [FOREVER, 0.002])
def test_python_disassembly_gives_the_compiled_verdicts(monkeypatch, seconds: float) -> None:
    """Every assembly of random files (no symmetry removed, so the same pieces meet in many places) taken apart
    in Python and compiled; with a short time the Python search stops part way and the compiled one finishes."""
    import solvers.packing.burrtools_disassembly as burrtools_disassembly

    shares: list[tuple[int, int]] = []  # (assemblies decided in Python, assemblies) per call
    original = burrtools_disassembly._while_cheap

    def spy(items, decide, budget):
        out = original(items, decide, budget)
        shares.append((len(out), len(items)))
        return out

    verdicts = []
    for problem, (cover, _chunks, _enabled, filler), rows in _small_searches(monkeypatch, random.Random(7), 40):
        monkeypatch.setattr(burrtools_disassembly, "_while_cheap", spy)
        target = burrtools_count._result_coordinates(problem, cover.puzzle)
        assemblies = [
            tuple(
                (int(cover.row_kind[r]), tuple(target[c] for c in cover.row_cells[r] if c >= 0))
                for r in line
                if r >= 0 and cover.row_kind[r] != filler
            )
            for line in rows[:300].tolist()
        ]
        python = takes_apart_many(problem, assemblies, python_seconds=seconds)
        monkeypatch.undo()
        compiled = takes_apart_many(problem, assemblies, python_seconds=0.0)
        assert python == compiled
        verdicts += python
    assert True in verdicts
    if seconds == FOREVER:
        assert all(done == total for done, total in shares)
    else:  # some batch was taken over by the compiled search part way
        assert any(0 < done < total for done, total in shares)


@pytest.mark.parametrize("grouped", [False, True])
def test_python_disassembly_of_a_caught_piece(grouped: bool) -> None:
    """A cube in a closed cage stays caught, and slides out once a window opens; with both in one group the
    caught cube still counts as stuck (the whole assembly is never exempt)."""
    box = list(product(range(3), repeat=3))
    cage = [c for c in box if c != (1, 1, 1)]
    window = [c for c in cage if c != (1, 1, 0)]
    group = ' group="1"' if grouped else ""
    text = (
        '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        + _shape_xml(box) + _shape_xml(cage) + _shape_xml([(0, 0, 0)]) + _shape_xml(window)
        + f'</shapes><problems><problem><shapes><shape id="1" min="0" max="1"{group}/>'
        f'<shape id="2" min="1" max="2"{group}/><shape id="3" min="0" max="1"/></shapes><result id="0"/>'
        "</problem></problems></puzzle>"
    )  # fmt: skip
    problem = burr_problem(parse_burrtools(text.encode()))
    caught = [(0, cage), (1, [(1, 1, 1)])]
    free = [(2, window), (1, [(1, 1, 1)]), (1, [(1, 1, 0)])]
    for seconds in (FOREVER, 0.0):
        assert takes_apart_many(problem, [caught, free], python_seconds=seconds) == [False, True]


def test_python_disassembly_from_rows_gives_the_compiled_verdicts(monkeypatch) -> None:
    checked = 0
    for problem, (cover, _chunks, _enabled, filler), rows in _small_searches(monkeypatch, random.Random(11), 40):
        if any(k.groups for k in problem.kinds):
            continue
        rows = rows[:300]
        target = np.asarray(burrtools_count._result_coordinates(problem, cover.puzzle), dtype=np.int64)
        python = verdicts_from_rows(problem, cover, target, rows, filler, 10**6, python_seconds=FOREVER)
        compiled = verdicts_from_rows(problem, cover, target, rows, filler, 10**6, python_seconds=0.0)
        assert python is not None and compiled is not None
        assert python.tolist() == compiled.tolist()
        checked += len(rows)
    assert checked > 1000


def test_a_small_file_is_counted_without_numba(tmp_path) -> None:
    """Two dominoes in a 2x2 square under a layer of variable cells, with a spare monomino (a count range): a
    search of a few milliseconds, far inside the time the Python searches are given."""
    square = [(0, 0, 0), (1, 0, 0), (0, 1, 0), (1, 1, 0)]
    top = frozenset((x, y, 1) for x in range(2) for y in range(2))
    path = tmp_path / "small.xmpuzzle"
    path.write_text(
        '<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>'
        + _shape_xml(square, top) + _shape_xml([(0, 0, 0), (1, 0, 0)]) + _shape_xml([(0, 0, 0)])
        + '</shapes><problems><problem><shapes><shape id="1" count="2"/><shape id="2" min="0" max="2"/></shapes>'
        '<result id="0"/></problem></problems></puzzle>',
        encoding="utf-8",
    )  # fmt: skip
    done = cli_in_fresh_process(["pack", str(path), "--disassemble"], "numba")
    assert "numba: False status: 0" in done.stderr, done.stderr
    problem = burr_problem(parse_burrtools(path.read_bytes()))
    expected = burrtools_count.count(problem, disassemble=True)  # this process: the compiled searches
    assert f"{expected.assemblies} assemblies" in done.stdout
    assert f"{expected.solutions} solutions" in done.stdout
    assert expected.assemblies > 1


@pytest.mark.parametrize("name", ["soma", "pentomino-8x8-hole", "bedlam"])
def test_orientations_placed_at_once_fit_where_each_alone_fits(name: str) -> None:
    """The one-pass placement of every orientation of a piece against the pass per orientation it replaces."""
    import solvers.packing.placement_arrays as placement_arrays
    from solvers.packing.placement_arrays import _fits, _fits_each, orientations_np

    puzzle = load_puzzle(name)
    target = np.asarray(puzzle.target, dtype=np.int64)
    local = target - target.min(axis=0)
    grid = np.zeros(tuple(int(v) + 1 for v in local.max(axis=0)), dtype=bool)
    grid[local[:, 0], local[:, 1], local[:, 2]] = True
    placed = batched = 0
    for piece in puzzle.pieces:
        shapes = orientations_np(piece.cells)
        batched += len(shapes) > 1 and grid.size * len(shapes) * len(shapes[0]) <= placement_arrays.MAX_BATCH
        alone = [_fits(grid, shape) for shape in shapes]
        together = _fits_each(grid, shapes)
        assert len(alone) == len(together)
        for a, b in zip(alone, together, strict=True):
            assert a.tolist() == b.tolist()
            placed += len(a)
    assert placed > 0 and batched > 0  # some piece took the one-pass path
