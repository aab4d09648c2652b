"""Every symmetry level of BurrTools problems that are no exact cover (``+`` cells, count ranges, colours): the
engine's counts of all assemblies, of their classes up to rotation and up to rotation and reflection equal an
independent brute force's (placements tried by every rotation and translation, classes as orbits under the
result's isometries); BurrTools' own count is the reflection level where that is defined, the rotation level where
it is not, and equals burrTxt's figure; the display rows give each assembly, colouring included, its own row."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from burrtools_cases import BURRTXT, CASES, SCREW_L, SCREW_R, brute_levels, xml_file

from solvers.packing.burrtools_count import class_ids, count, every_assembly
from solvers.packing.burrtools_display import assembly_rows, cell_colours, display_puzzle, is_absent
from solvers.packing.burrtools_io import parse_burrtools
from solvers.packing.burrtools_levels import burrtools_levels
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.poses import PoseTable
from solvers.packing.puzzle import SymmetryMode

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
    problem = burr_problem(parse_burrtools(xml_file(shapes, parts, result, pairs, n_colours).encode()))
    expected = brute_levels(shapes, parts, result, pairs)
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
        levels = burrtools_levels(
            burr_problem(parse_burrtools(xml_file(shapes, parts, result, pairs, n_colours).encode()))
        )
        found[case] = [levels.count(mode) for mode in SymmetryMode]
    assert found["one-way pairs"] == [216, 23, 13]
    assert found["coloured screws, mirrored colours"] == [128, 16, 10]
    assert found["coloured screws, unmatched colours"] == [128, 16, None]
    assert found["screws and cubes in a cube with variable corners"] == [86, 86, 47]


def test_each_colouring_gets_a_row_that_poses_its_colours() -> None:
    """Display rows: one per assembly, different for two colourings on the same cells, and the piece posed by its
    row puts every coloured cell where the colouring says."""
    shapes, parts, result, pairs, n_colours = CASES["coloured variable cells"]
    problem = burr_problem(parse_burrtools(xml_file(shapes, parts, result, pairs, n_colours).encode()))
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
    problem = burr_problem(parse_burrtools(xml_file(shapes, parts, result, pairs, n_colours).encode()))
    stop = threading.Event()
    found = every_assembly(problem, stop)
    assert len(found) == 216
    stop.set()
    with pytest.raises(KeyboardInterrupt):
        burrtools_levels(problem, stop=stop)
    with pytest.raises(KeyboardInterrupt):
        class_ids(problem, found, mirror=False, stop=stop)
    assert len(set(class_ids(problem, found, mirror=False))) == 23
