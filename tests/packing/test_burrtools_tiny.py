"""The plain-Python count of tiny BurrTools problems (``burrtools_tiny``) gives the general path's figures
(assemblies up to symmetry, solutions, undecided) on every BurrTools example it takes, on seeded random files with
variable cells, count ranges and piece groups, and on the hand-made colour cases with their colours taken off
(one-handed screws with ranges); a problem past its bounds goes to the general path; and the plain-Python shape
questions (``tiny_shapes``) answer as the numpy ones do."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from burrtools_cases import CASES, FILLED_COLOURS, VARIABLE_COLOURS, xml_file
from fresh_cli import cli_in_fresh_process
from test_small_burrtools_counts import _random_file

import solvers.packing.burrtools_tiny as burrtools_tiny
from solvers.packing import tiny_shapes
from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_io import BurrToolsFileError, parse_burrtools, read_burrtools
from solvers.packing.burrtools_puzzle import BurrProblem, burr_problem
from solvers.packing.disassembly import PairCache, _Pairs, _tables_np
from solvers.packing.placement_arrays import fits_somewhere, is_chiral_np, is_rotation_of, room_grid
from solvers.packing.voxels import apply, isometry_matrices, mirror_image, normalise, orientations

EXAMPLES = Path("/work/peers/burr-tools/examples")


def _both(monkeypatch, problem: BurrProblem, *, always: bool = True):
    """(the tiny path's count or None where it does not apply, the general path's count; None too where the tiny
    path does not apply and not ``always``)."""
    tiny = burrtools_tiny.tiny_count(problem, 2_000_000)
    if tiny is None and not always:
        return None, None
    with monkeypatch.context() as patch:
        patch.setattr(tiny_shapes, "TINY_BOX", 0)  # every problem to the general path
        general = count(problem, disassemble=True)
    return tiny, general


def _problems(data: bytes):
    puzzle = parse_burrtools(data)
    for n in range(1, len(puzzle.problems) + 1):
        try:
            yield burr_problem(puzzle, n)
        except BurrToolsFileError:
            continue


@pytest.mark.skipif(not EXAMPLES.is_dir(), reason="no burr-tools checkout")
def test_the_examples_it_takes_get_the_general_figures(monkeypatch) -> None:
    taken = []
    for path in sorted(EXAMPLES.glob("*.xmpuzzle")):
        try:
            puzzle = read_burrtools(path)
        except BurrToolsFileError:
            continue
        for n in range(1, len(puzzle.problems) + 1):
            try:
                problem = burr_problem(puzzle, n)
            except BurrToolsFileError:
                continue
            if not tiny_shapes.is_tiny(problem.cells, len(problem.copies())):  # the general path alone
                continue
            tiny, general = _both(monkeypatch, problem)
            if tiny is not None:
                assert tiny == general, (path.name, n)
                taken.append((path.stem, n, tiny.assemblies, tiny.solutions))
    # DemoMirrorParadox's two problems as burrTxt counts them: one assembly each, and it comes apart
    assert ("DemoMirrorParadox", 1, 1, 1) in taken and ("DemoMirrorParadox", 2, 1, 1) in taken


def test_random_files_get_the_general_figures(monkeypatch) -> None:
    rng = random.Random(20261127)
    compared = several = 0
    for _ in range(120):
        for problem in _problems(_random_file(rng).encode()):
            tiny, general = _both(monkeypatch, problem, always=False)
            if tiny is None:  # more assemblies than it lists
                continue
            assert tiny == general
            compared += 1
            several += general.assemblies > 1
    assert compared > 40 and several > 15


def _colourless(rows: list[str]) -> list[str]:
    table = str.maketrans(FILLED_COLOURS + VARIABLE_COLOURS, "#" * len(FILLED_COLOURS) + "+" * len(VARIABLE_COLOURS))
    return [row.translate(table) for row in rows]


def test_hand_made_cases_without_colours_get_the_general_figures(monkeypatch) -> None:
    compared = 0
    for shapes, parts, result, _pairs, _n_colours in CASES.values():
        text = xml_file([_colourless(s) for s in shapes], parts, result, [], 1)
        for problem in _problems(text.encode()):
            tiny, general = _both(monkeypatch, problem, always=False)
            if tiny is not None:  # None: more assemblies than it lists
                assert tiny == general
                compared += 1
    assert compared >= 5


SCREWS = [["###/###", "###/###"], ["_#/##", "_#/__"], ["_#/_#", "##/__"], ["##"]]  # a 3x2x2 box, two screws, dominoes
SCREW_PARTS = [(1, (0, 1)), (2, (0, 1)), (3, (0, 3))]


def test_screws_with_ranges_are_identified_with_their_mirror_images(monkeypatch) -> None:
    """One-handed screws in a range: a reflection turns each into its twin, and the classes shrink."""
    problem = next(_problems(xml_file(SCREWS, SCREW_PARTS, 0, [], 1).encode()))
    assert problem.mirror_ok
    tiny, general = _both(monkeypatch, problem)
    assert tiny == general and tiny.assemblies > 0


def test_past_its_bounds_the_general_path_counts(monkeypatch) -> None:
    rng = random.Random(7)
    problem = next(p for p in _problems(_random_file(rng).encode()))
    monkeypatch.setattr(burrtools_tiny, "TINY_ASSEMBLIES", 0)
    assert burrtools_tiny.tiny_count(problem, 2_000_000) is None
    monkeypatch.setattr(burrtools_tiny, "TINY_PLACEMENTS", 0)
    assert burrtools_tiny.tiny_count(problem, 2_000_000) is None
    monkeypatch.setattr(burrtools_tiny, "TINY_ASSEMBLIES", 400)
    monkeypatch.setattr(burrtools_tiny, "TINY_PLACEMENTS", 600)
    tiny = burrtools_tiny.tiny_count(problem, 2_000_000)
    monkeypatch.setattr(tiny_shapes, "TINY_BOX", 0)
    assert tiny == count(problem, disassemble=True)


def _polycube(rng: random.Random, n: int) -> tuple[tuple[int, int, int], ...]:
    cells = {(0, 0, 0)}
    while len(cells) < n:
        x, y, z = rng.choice(sorted(cells))
        dx, dy, dz = rng.choice([(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)])
        cells.add((x + dx, y + dy, z + dz))
    return normalise(cells)


def test_shape_questions_answer_as_the_numpy_forms() -> None:
    rng = random.Random(5)
    chiral = achiral = fitted = unfitted = 0
    for _ in range(150):
        piece = _polycube(rng, rng.randrange(1, 9))
        other = _polycube(rng, len(piece))
        assert tiny_shapes.is_chiral(piece) == is_chiral_np(piece)
        chiral += tiny_shapes.is_chiral(piece)
        achiral += not tiny_shapes.is_chiral(piece)
        for shape in (mirror_image(piece), other, rng.choice(orientations(piece))):
            assert tiny_shapes.is_rotation(piece, shape) == is_rotation_of(piece, shape)
        room = tuple(v for v in _polycube(rng, rng.randrange(4, 30)))
        fits = tiny_shapes.fits_in(piece, room)
        assert fits == fits_somewhere(piece, room_grid(room))
        fitted += fits
        unfitted += not fits
    assert min(chiral, achiral, fitted, unfitted) > 10


def test_a_tiny_count_end_to_end_never_imports_numpy(tmp_path, monkeypatch) -> None:
    """The command counts and takes apart a tiny problem in plain Python: neither numpy nor numba is loaded, and
    the figures are the general path's (in this process: numpy and the compiled searches)."""
    path = tmp_path / "screws.xmpuzzle"
    path.write_text(xml_file(SCREWS, SCREW_PARTS, 0, [], 1), encoding="utf-8")
    done = cli_in_fresh_process(["pack", str(path), "--count", "--disassemble"], "numpy")
    assert "numpy: False status: 0" in done.stderr, done.stderr
    monkeypatch.setattr(tiny_shapes, "TINY_BOX", 0)
    expected = count(burr_problem(parse_burrtools(path.read_bytes())), disassemble=True)
    assert f"{expected.assemblies} assemblies" in done.stdout and f"{expected.solutions} solutions" in done.stdout
    assert expected.assemblies > 1


def test_slide_tables_in_python_are_the_numpy_ones() -> None:
    """A pair of shapes' slide tables (the differences of their cells grouped per axis, values sorted) are the
    same built in plain Python (few cell pairs) as with numpy (many)."""
    rng = random.Random(11)
    for _ in range(40):
        first, second = _polycube(rng, rng.randrange(1, 12)), _polycube(rng, rng.randrange(1, 12))
        pairs = _Pairs([list(first), list(second)], PairCache())
        pairs._shapes()
        assert pairs._tables(pairs.ids[0], pairs.ids[1]) == _tables_np(first, second)


@pytest.mark.parametrize("dims", [(3, 3, 3), (2, 3, 4), (2, 2, 3), (1, 2, 2), (4, 1, 4)])
def test_box_permutations_are_the_isometries_applied_cell_by_cell(dims: tuple[int, int, int]) -> None:
    """Each isometry that maps the box onto itself, as a permutation of box indices: the matrices of
    ``isometry_matrices`` applied to every cell and moved back to the origin, in their order."""
    cells = [(x, y, z) for z in range(dims[2]) for y in range(dims[1]) for x in range(dims[0])]
    expected = []
    for n, m in enumerate(isometry_matrices()):
        moved = apply(m, cells)
        low = [min(v[a] for v in moved) for a in range(3)]
        moved = [(x - low[0], y - low[1], z - low[2]) for x, y, z in moved]
        if all(max(v[a] for v in moved) + 1 == dims[a] for a in range(3)):
            expected.append(([x + dims[0] * (y + dims[1] * z) for x, y, z in moved], n < 24))
    assert burrtools_tiny._Box(tuple(cells)).permutations() == expected
    assert len(expected) == {1: 48, 2: 16, 3: 8}[len(set(dims))]  # a cube, a square prism, a brick
