"""BurrTools colour constraints: files written by hand with coloured piece and result cells are counted as an
independent brute force counts them (coloured placements listed by trying every rotation and translation, classes
taken under the result's colour-keeping isometries), the reader and writer round-trip colours and allowed pairs,
and bad colour numbers give one-line errors."""

from __future__ import annotations

import pytest
from burrtools_cases import BURRTXT, CASES, brute_count, xml_file

from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_io import BurrToolsFileError, parse_burrtools, read_burrtools, write_burrtools
from solvers.packing.burrtools_puzzle import burr_problem, to_puzzle

SLOW_CASES = {"coloured L trominoes in a chequered box"}  # about a minute of brute force: behind -m slow


@pytest.mark.parametrize(
    "case", [pytest.param(c, marks=pytest.mark.slow) if c in SLOW_CASES else c for c in sorted(CASES)]
)
def test_coloured_counts_match_the_brute_force(case: str, tmp_path) -> None:
    shapes, parts, result, pairs, n_colours = CASES[case]
    path = tmp_path / "case.xmpuzzle"
    path.write_text(xml_file(shapes, parts, result, pairs, n_colours))
    expected = brute_count(shapes, parts, result, pairs)
    assert expected == BURRTXT[case][0]
    found = count(burr_problem(read_burrtools(path)), disassemble=True)
    assert (found.assemblies, found.solutions) == BURRTXT[case]


def test_colours_change_the_count() -> None:
    """The constraint is not idle: the chequered square has one assembly, the plain one (any pair allowed) three
    (both dominoes lying either way round, up to the square's turns)."""
    shapes, parts, result, pairs, n = CASES["chequered square"]
    assert count(burr_problem(parse_burrtools(xml_file(shapes, parts, result, pairs, n).encode()))).assemblies == 1
    everything = [(1, 1), (1, 2), (2, 1), (2, 2)]
    free = count(burr_problem(parse_burrtools(xml_file(shapes, parts, result, everything, n).encode()))).assemblies
    assert free == brute_count(shapes, parts, result, everything) == 3


def test_colours_and_pairs_round_trip_through_the_writer(tmp_path) -> None:
    shapes, parts, result, pairs, n = CASES["coloured variable cells"]
    original = parse_burrtools(xml_file(shapes, parts, result, pairs, n).encode())
    path = tmp_path / "again.xmpuzzle"
    write_burrtools(path, original)
    again = read_burrtools(path)
    assert again.colours == original.colours and len(again.colours) == 2
    assert [(s.cells, s.colours) for s in again.shapes] == [(s.cells, s.colours) for s in original.shapes]
    assert again.shapes[0].colours == {(0, 0, 0): 1, (1, 0, 0): 1, (1, 1, 0): 2}
    assert again.problems[0].colour_pairs == original.problems[0].colour_pairs == {(1, 1), (2, 2)}
    assert count(burr_problem(again)).assemblies == count(burr_problem(original)).assemblies


def test_a_coloured_problem_is_no_cubeviz_puzzle() -> None:
    shapes, parts, result, pairs, n = CASES["chequered square"]
    problem = burr_problem(parse_burrtools(xml_file(shapes, parts, result, pairs, n).encode()))
    with pytest.raises(BurrToolsFileError, match="colour constraints"):
        to_puzzle(problem)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('<voxel x="2" y="1" z="1" type="0">#3#</voxel>', "colour 3 is not defined"),
        ('<voxel x="2" y="1" z="1" type="0">_1#</voxel>', "an empty cell cannot have a colour"),
    ],
)
def test_bad_colours_are_one_line_errors(text: str, words: str) -> None:
    xml = xml_file([["12"], ["12"]], [(1, 1)], 0, [(1, 1)], 2).replace(
        '<voxel x="2" y="1" z="1" type="0">#1#2</voxel>', text, 1
    )
    with pytest.raises(BurrToolsFileError, match=words) as info:
        parse_burrtools(xml.encode())
    assert "\n" not in str(info.value)
