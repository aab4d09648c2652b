"""Design drafts without a window: edits are values, turns and mirrors are true isometries, a draft writes the
puzzle file the reader accepts, and the review names each problem with the item it is about."""

from __future__ import annotations

import pytest

from cubeviz.design.draft import TARGET, PuzzleDraft, normalised
from cubeviz.design.review import review
from solvers.packing import build_cover, count_solutions, load_puzzle
from solvers.packing.puzzle_io import parse_puzzle
from solvers.packing.voxels import orientations

SOMA = PuzzleDraft.from_puzzle(load_puzzle("soma"))


@pytest.mark.parametrize("axis", "xyz")
def test_four_quarter_turns_give_the_piece_back_and_each_turn_is_a_rotation(axis):
    draft = SOMA
    shapes = {tuple(sorted(o)) for o in orientations(list(SOMA.pieces[0].cells))}
    for _ in range(4):
        draft = draft.rotated(0, axis)
        assert tuple(sorted(draft.pieces[0].cells)) in shapes
    assert draft == SOMA


def test_mirror_twice_is_identity_and_once_gives_the_twin():
    mirrored = SOMA.mirrored(5)  # piece f, one screw
    twin = {tuple(sorted(o)) for o in orientations(list(SOMA.pieces[6].cells))}
    assert tuple(sorted(mirrored.pieces[5].cells)) in twin
    assert mirrored.mirrored(5) == SOMA


def test_a_draft_writes_the_puzzle_the_reader_accepts_with_the_same_counts():
    puzzle = parse_puzzle(SOMA.to_dict())
    assert PuzzleDraft.from_puzzle(puzzle) == SOMA
    assert count_solutions(build_cover(puzzle), up_to="mirror") == 240


def test_growing_towards_negative_coordinates_moves_the_shape_back_to_the_origin():
    draft = PuzzleDraft(target=frozenset({(0, 0, 0)})).toggled(TARGET, (0, -1, 0))
    assert draft.target == {(0, 0, 0), (0, 1, 0)}
    assert normalised([(5, 5, 5)]) == {(0, 0, 0)}


def test_the_last_cell_cannot_be_removed():
    draft = PuzzleDraft(target=frozenset({(0, 0, 0)}))
    assert draft.toggled(TARGET, (0, 0, 0)) == draft


def test_renaming_a_piece_keeps_its_twin_pointing_at_it():
    from dataclasses import replace

    renamed = SOMA.with_piece(5, replace(SOMA.pieces[5], name="F"))
    assert renamed.pieces[6].mirror_twin == "F"
    assert parse_puzzle(renamed.to_dict()).piece("F").mirror_twin == "g"


def test_a_removed_piece_leaves_no_twin_behind_and_new_pieces_get_free_letters():
    draft = SOMA.without_piece(6)
    assert draft.pieces[5].mirror_twin is None
    draft = draft.with_new_piece(like=SOMA.pieces[0])
    assert draft.pieces[-1].name == "g" and draft.pieces[-1].cells == SOMA.pieces[0].cells


def test_review_names_every_problem_with_its_item():
    draft = PuzzleDraft.box(3, 3, 1).with_new_piece([(0, 0, 0), (1, 1, 0)]).with_new_piece([(0, 0, 0)] * 1)
    found = review(draft)
    assert not found.ready
    assert [(f.message, f.item) for f in found.problems] == [
        ("piece 'a' is in more than one part: its cells must touch face to face", 0),
        ("the pieces hold 3 cells and the shape has 9: 6 short", None),
    ]


def test_review_counts_placements_and_finds_a_piece_that_fits_nowhere():
    draft = PuzzleDraft.box(2, 2, 1).with_new_piece([(0, 0, 0), (1, 0, 0), (2, 0, 0)])
    draft = draft.with_new_piece([(0, 0, 0)])
    found = review(draft)
    assert found.placements == (0, 4)
    assert ("piece 'a' fits nowhere in the shape", 0) in [(f.message, f.item) for f in found.problems]


def test_review_of_a_ready_design_estimates_the_search():
    found = review(SOMA)
    assert found.ready and found.placements == (144, 144, 72, 72, 64, 96, 96)
    assert 11520 / 4 < found.estimate.solutions < 11520 * 4
