"""Count ranges (BurrTools' min/max) in design drafts, without a window: a ranged design saved as a BurrTools file
reads back (on the file's own reading) with the same min and max and opens as the same draft; its count equals an
independent brute force and burrTxt's; ranges that are no range are refused; the review checks the volumes a range
allows and names what is wrong; a puzzle file (JSON) would lose the ranges and says so; BurrTools' own examples with
ranges open as designs and save to files of the same ranges and count."""

from __future__ import annotations

import gzip
import subprocess
import sys
from pathlib import Path

import pytest

from cubeviz.design.draft import PieceDraft, PuzzleDraft
from cubeviz.design.draft_burrtools import burrtools_file, draft_from_problem
from cubeviz.design.review import review
from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_io import read_burrtools, write_burrtools
from solvers.packing.burrtools_puzzle import burr_problem

sys.path.insert(0, str(Path(__file__).parents[1] / "packing"))
from burrtools_cases import brute_count  # noqa: E402

BURRTXT = Path("/work/peers/burrtxt-build/burrTxt")
L_TROMINO, DOMINO, MONOMINO = [(0, 0, 0), (1, 0, 0), (0, 1, 0)], [(0, 0, 0), (1, 0, 0)], [(0, 0, 0)]
RANGED_ASSEMBLIES = 10  # burrTxt -q on the design below (and the brute force of burrtools_cases)


def ranged_box() -> PuzzleDraft:
    """A 3x2 box filled by 0 to 2 L trominoes, 1 to 3 dominoes and 0 to 2 single cubes."""
    draft = PuzzleDraft.box(3, 2, 1)
    draft = draft.with_new_piece(L_TROMINO).with_new_piece(DOMINO).with_new_piece(MONOMINO)
    for index, (least, most) in enumerate(((0, 2), (1, 3), (0, 2))):
        draft = draft.with_piece(index, draft.pieces[index].with_copies(least, most))
    return draft


def test_a_ranged_design_saves_reads_back_with_its_ranges_and_reopens_as_the_same_draft(tmp_path):
    draft = ranged_box()
    path = tmp_path / "ranged.xmpuzzle"
    write_burrtools(path, burrtools_file(draft))
    file = read_burrtools(path)
    assert [(p.minimum, p.maximum) for p in file.problems[0].parts] == [(0, 2), (1, 3), (0, 2)]
    assert b'min="1" max="3"' in gzip.decompress(path.read_bytes())
    assert draft_from_problem(burr_problem(file), file.problems[0].parts) == draft


def test_a_ranged_design_counts_as_a_brute_force_and_burrtxt_count_it(tmp_path):
    draft = ranged_box()
    found = review(draft)
    assert found.ready and found.burrtools is not None, found.problems
    assert found.placements == (8, 7, 6)  # the L in 2 squares x 4 turns; 4 + 3 dominoes; 6 cubes
    path = tmp_path / "ranged.xmpuzzle"
    write_burrtools(path, burrtools_file(draft))
    ours = count(burr_problem(read_burrtools(path))).assemblies
    brute = brute_count([["###/###"], ["##/#_"], ["##"], ["#"]], [(1, (0, 2)), (2, (1, 3)), (3, (0, 2))], 0, [])
    assert ours == brute == RANGED_ASSEMBLIES
    if BURRTXT.exists():
        out = subprocess.run([str(BURRTXT), "-q", str(path)], capture_output=True, text=True, timeout=60, check=True)
        assert int(out.stdout.split()[0]) == RANGED_ASSEMBLIES


def test_a_file_keeps_its_written_maximum_where_the_engine_lowers_it():
    draft = ranged_box()
    many = draft.with_piece(2, draft.pieces[2].with_copies(0, 9))  # at most 6 single cubes fit in 6 cells
    file = burrtools_file(many)
    problem = burr_problem(file)
    assert problem.kinds[2].maximum == 6
    assert draft_from_problem(problem, file.problems[0].parts).pieces[2].count == 9


def test_ranges_that_are_no_range_are_refused_and_equal_ends_are_a_fixed_count():
    piece = ranged_box().pieces[1]
    for least, most in ((3, 2), (-1, 2), (0, 0)):
        with pytest.raises(ValueError, match="is no range"):
            piece.with_copies(least, most)
    fixed = piece.with_copies(2, 2)
    assert not fixed.ranged and fixed.minimum is None and (fixed.least, fixed.count) == (2, 2)
    assert fixed == PieceDraft("b", piece.cells, piece.colour, 2)  # the same value as a piece never ranged
    assert PieceDraft("b", piece.cells, piece.colour, 2, minimum=2) == fixed
    assert piece.with_copies(0, 3).least == 0 and piece.with_copies(0, 3).ranged


def test_the_review_checks_the_volumes_a_range_allows():
    draft = ranged_box()
    assert review(draft).ready
    short = draft.without_piece(0)
    short = short.with_piece(0, short.pieces[0].with_copies(0, 1))  # at most 1 domino and 2 cubes: 4 cells of 6
    assert [f.message for f in review(short).problems] == [
        "the most copies (each piece at its max) hold 4 cells and the shape needs 6"
    ]
    crowded = draft.with_piece(0, draft.pieces[0].with_copies(2, 3))  # 6 cells of L and at least one domino
    assert [f.message for f in review(crowded).problems] == [
        "the fewest copies (each piece at its min) hold 8 cells and the shape has only 6"
    ]


def test_a_piece_that_may_stay_unused_may_fit_nowhere_but_one_that_must_be_used_may_not():
    draft = ranged_box().with_new_piece([(0, 0, 0), (1, 0, 0), (2, 0, 0), (3, 0, 0)])
    draft = draft.with_piece(3, draft.pieces[3].with_copies(0, 1))  # a bar of 4 fits nowhere in a 3x2 box
    found = review(draft)
    assert found.ready and found.placements == (8, 7, 6, 0)
    must = draft.with_piece(3, draft.pieces[3].with_copies(1, 2))
    (finding,) = review(must).problems  # the problem reader's word: the fourth shape of the file is piece d
    assert finding.message.endswith("piece shape 4 fits nowhere in the result")


def test_a_puzzle_file_would_lose_the_ranges_and_says_which_pieces_have_them():
    draft = ranged_box()
    assert draft.constrained and draft.ranged
    assert draft.lost_in_puzzle_file() == "count ranges (min/max) on pieces a, b, c"
    one = draft.with_piece(1, draft.pieces[1].with_copies(2, 2)).with_piece(2, draft.pieces[2].with_copies(1, 1))
    assert one.lost_in_puzzle_file() == "count ranges (min/max) on piece a"


EXAMPLES = Path("/work/peers/burr-tools/examples")
EXAMPLE_ASSEMBLIES = {"DemoPieceGenerator": 928, "DemoMirrorParadox": 1}  # burrTxt -q on problem 1 of each


@pytest.mark.parametrize("name", sorted(EXAMPLE_ASSEMBLIES))
def test_burrtools_examples_with_ranges_open_as_designs_and_save_to_the_same_count(tmp_path, name):
    source = EXAMPLES / f"{name}.xmpuzzle"
    if not source.exists():
        pytest.skip("the BurrTools examples are not on this machine")
    file = read_burrtools(source)
    stored = file.problems[0]
    assert any(p.minimum != p.maximum for p in stored.parts)
    draft = draft_from_problem(burr_problem(file, 1), stored.parts)
    assert draft.ranged and review(draft).ready
    path = tmp_path / f"{name}.xmpuzzle"
    write_burrtools(path, burrtools_file(draft))
    back = read_burrtools(path)
    assert sorted((p.minimum, p.maximum) for p in back.problems[0].parts) == sorted(
        (p.minimum, p.maximum) for p in stored.parts
    )
    assert count(burr_problem(back)).assemblies == EXAMPLE_ASSEMBLIES[name]
