"""Every symmetry level of BurrTools problems that are no exact cover (``+`` cells, count ranges, colours): the
engine's counts of all assemblies, of their classes up to rotation and up to rotation and reflection equal an
independent brute force's (placements tried by every rotation and translation, classes as orbits under the
result's isometries); BurrTools' own count is the reflection level where that is defined, the rotation level where
it is not, and equals burrTxt's figure; the display rows give each assembly, colouring included, its own row."""

from __future__ import annotations

import itertools
import threading

import numpy as np
import pytest
from test_burrtools_colours import BURRTXT, CASES, MATRICES, ROTATIONS, _cells, _det, _move, _turn, _xml

from solvers.packing.burrtools_count import class_ids, count, every_assembly
from solvers.packing.burrtools_display import assembly_rows, cell_colours, display_puzzle, is_absent
from solvers.packing.burrtools_io import parse_burrtools
from solvers.packing.burrtools_levels import burrtools_levels
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.poses import PoseTable
from solvers.packing.puzzle import SymmetryMode

Voxel = tuple[int, int, int]
MIRROR_X = ((-1, 0, 0), (0, 1, 0), (0, 0, 1))


def _brute_levels(shapes: list[list[str]], parts: list[tuple], result: int, pairs: list) -> dict:
    """All assemblies and their orbits under the result's rotations and under all its isometries (a reflection
    swapping each one-handed kind for the kind of its mirror shape, an image counted only when every one-handed
    kind used has one); reflections count only with ranges or when every one-handed kind has a partner."""
    _, result_cells = _cells(shapes[result])
    room = set(result_cells)
    required = {v for v, (s, _) in result_cells.items() if s == "#"}
    kinds = []
    for shape, amount in parts:
        low, high = (amount, amount) if isinstance(amount, int) else amount
        kinds.append(({v: c for v, (_, c) in _cells(shapes[shape])[1].items()}, low, high))

    def fits(p: int, r: int) -> bool:
        return p == 0 or r == 0 or (p, r) in pairs

    def placements(piece: dict[Voxel, int]) -> list[frozenset]:
        out = set()
        for m in ROTATIONS:
            turned = _turn(m, piece)
            for anchor in room:
                moved = frozenset(((x + anchor[0], y + anchor[1], z + anchor[2]), c) for (x, y, z), c in turned)
                if all(v in room and fits(c, result_cells[v][1]) for v, c in moved):
                    out.add(moved)
        return sorted(out, key=sorted)

    found: list[frozenset] = []

    def choose(k: int, used: frozenset, chosen: tuple) -> None:
        if k == len(kinds):
            if required <= used:
                found.append(frozenset(chosen))
            return
        piece, low, high = kinds[k]
        options = [p for p in placements(piece) if not {v for v, _ in p} & used]
        for n in range(low, high + 1):
            for combo in itertools.combinations(options, n):
                union = frozenset(v for p in combo for v, _ in p)
                if sum(len(p) for p in combo) == len(union):
                    choose(k + 1, used | union, chosen + tuple((k, p) for p in combo))

    choose(0, frozenset(), ())

    def chiral(piece) -> bool:
        return all(_turn(m, piece) != _turn(MIRROR_X, piece) for m in ROTATIONS)

    partner = {}
    for i, (piece, low, high) in enumerate(kinds):
        if chiral(piece):
            for j, (other, lo2, hi2) in enumerate(kinds):
                if (lo2, hi2) == (low, high) and any(_turn(m, other) == _turn(MIRROR_X, piece) for m in ROTATIONS):
                    partner[i] = j
    ranged = any(low != high for _, low, high in kinds)
    mirror_defined = ranged or all(i in partner for i, k in enumerate(kinds) if chiral(k[0]))
    corner = [min(v[a] for v in room) for a in range(3)]
    symmetries = []
    for m in MATRICES:
        moved = [_move(m, v) for v in room]
        shift = [corner[a] - min(v[a] for v in moved) for a in range(3)]

        def image(v, m=m, shift=shift) -> Voxel:
            x, y, z = _move(m, v)
            return (x + shift[0], y + shift[1], z + shift[2])

        if all(result_cells.get(image(v)) == state for v, state in result_cells.items()):
            symmetries.append((_det(m) > 0, image))

    def orbit_count(with_reflections: bool) -> int:
        canon = set()
        for assembly in found:
            keys = []
            for proper, image in symmetries:
                if not proper and (not with_reflections or any(chiral(kinds[k][0]) and k not in partner
                                                               for k, _ in assembly)):  # fmt: skip
                    continue
                keys.append(tuple(sorted((k if proper else partner.get(k, k), tuple(sorted((image(v), c)
                                          for v, c in p))) for k, p in assembly)))  # fmt: skip
            canon.add(min(keys))
        return len(canon)

    return {
        SymmetryMode.NONE: len(found),
        SymmetryMode.ROTATION: orbit_count(False),
        SymmetryMode.MIRROR: orbit_count(True) if mirror_defined else None,
    }


SCREW_L = ["_#/##", "_#/__"]
SCREW_R = ["_#/_#", "##/__"]

LEVEL_CASES = {name: case for name, case in CASES.items() if name != "coloured L trominoes in a chequered box"}
LEVEL_CASES.update(
    {
        # no colour: + cells and ranges make it no exact cover; the screws are mirror partners, so reflections count
        "screws and cubes in a cube with variable corners": (
            [["++/##", "##/#+"], SCREW_L, SCREW_R, ["#"]],
            [(1, (0, 1)), (2, (0, 1)), (3, (0, 8))],
            0,
            [],
            0,
        ),
        # only the left screw: with its range, reflections still count for the assemblies without it
        "one screw and cubes, ranges": ([["##/##", "##/##"], SCREW_L, ["#"]], [(1, (0, 1)), (2, (4, 8))], 0, [], 0),
    }
)


# what ``burrTxt -q -d`` printed for the two cases added here (assemblies, solutions)
MORE_BURRTXT = {"screws and cubes in a cube with variable corners": (47, 47), "one screw and cubes, ranges": (2, 2)}


@pytest.mark.parametrize("case", sorted(LEVEL_CASES))
def test_every_level_matches_the_brute_force(case: str) -> None:
    shapes, parts, result, pairs, n_colours = LEVEL_CASES[case]
    problem = burr_problem(parse_burrtools(_xml(shapes, parts, result, pairs, n_colours).encode()))
    expected = _brute_levels(shapes, parts, result, pairs)
    levels = burrtools_levels(problem)
    assert {mode: levels.count(mode) for mode in SymmetryMode} == expected
    assert (SymmetryMode.MIRROR in levels.undefined) == (expected[SymmetryMode.MIRROR] is None)
    # BurrTools' count: reflections where they are defined, rotations otherwise; burrTxt's figure where recorded
    burrtools = expected[SymmetryMode.MIRROR] or expected[SymmetryMode.ROTATION]
    assert levels.count(levels.burrtools) == burrtools == count(problem).assemblies
    if case in BURRTXT | MORE_BURRTXT:
        assert burrtools == (BURRTXT | MORE_BURRTXT)[case][0]


def test_the_levels_differ_where_the_symmetry_says_so() -> None:
    """The cases are not all alike: classes are larger than one somewhere, reflections merge classes somewhere,
    and one case has the reflection level undefined."""
    found = {}
    for case, (shapes, parts, result, pairs, n_colours) in LEVEL_CASES.items():
        levels = burrtools_levels(burr_problem(parse_burrtools(_xml(shapes, parts, result, pairs, n_colours).encode())))
        found[case] = [levels.count(mode) for mode in SymmetryMode]
    assert found["one-way pairs"] == [216, 23, 13]
    assert found["coloured screws, mirrored colours"] == [128, 16, 10]
    assert found["coloured screws, unmatched colours"] == [128, 16, None]
    assert found["screws and cubes in a cube with variable corners"] == [86, 86, 47]


def test_each_colouring_gets_a_row_that_poses_its_colours() -> None:
    """Display rows: one per assembly, different for two colourings on the same cells, and the piece posed by its
    row puts every coloured cell where the colouring says."""
    shapes, parts, result, pairs, n_colours = CASES["coloured variable cells"]
    problem = burr_problem(parse_burrtools(_xml(shapes, parts, result, pairs, n_colours).encode()))
    levels = burrtools_levels(problem)
    puzzle, cover, shift = display_puzzle(problem)
    rows = assembly_rows(cover, shift, levels.assemblies)
    assert len({tuple(r) for r in rows.tolist()}) == len(levels.assemblies) == 12
    by_cells = {frozenset((k, frozenset(cells)) for k, cells, _ in a) for a in levels.assemblies}
    assert len(by_cells) == 6  # a coloured domino lies either way round on the same cells
    poses = PoseTable(cover)
    colours = cell_colours(problem)
    for assembly, row in zip(levels.assemblies, rows.tolist(), strict=True):
        wanted = {tuple(np.subtract(v, shift)): c for _, _, colouring in assembly for v, c in colouring}
        drawn = {}
        for r in row:
            if is_absent(cover, r):
                continue
            kind = int(cover.row_kind[r])
            for cell, colour in problem.kinds[kind].colours:
                drawn[tuple(int(x) for x in poses.pose(r).voxels(np.array([cell]))[0])] = colour
                assert cell in colours[kind]
        assert drawn == wanted
    assert all(len(c) == 7 and c.startswith("#") for k in colours for c in k.values())


def test_a_set_stop_flag_ends_the_listing_and_the_classes() -> None:
    """The app's Cancel: a stop flag ends the search and the sorting into classes alike (a worker waiting on
    either would hold the window)."""
    shapes, parts, result, pairs, n_colours = LEVEL_CASES["one-way pairs"]
    problem = burr_problem(parse_burrtools(_xml(shapes, parts, result, pairs, n_colours).encode()))
    stop = threading.Event()
    found = every_assembly(problem, stop)
    assert len(found) == 216
    stop.set()
    with pytest.raises(KeyboardInterrupt):
        burrtools_levels(problem, stop=stop)
    with pytest.raises(KeyboardInterrupt):
        class_ids(problem, found, mirror=False, stop=stop)
    assert len(set(class_ids(problem, found, mirror=False))) == 23
