"""Constraint colours, colour pairs and variable cells in design drafts, without a window: a BurrTools problem opened
as a draft and saved again reads back to the same pieces, colours, pairs and cells as the original file (checked on
the file's own reading, not on the draft code); counts of a saved design equal burrTxt's; colours travel with their
cubes through edits; the review counts only the placements the colours allow (checked by brute force)."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from cubeviz.design.draft import TARGET, PuzzleDraft
from cubeviz.design.draft_burrtools import burrtools_file, draft_from_problem
from cubeviz.design.review import review
from solvers.packing.burrtools_count import count
from solvers.packing.burrtools_io import read_burrtools, write_burrtools
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.voxels import isometry_matrices

EXAMPLES = Path("/work/peers/burr-tools/examples")
DRACULA = EXAMPLES / "DraculasDentalDesaster.xmpuzzle"
BURRTXT = Path("/work/peers/burrtxt-build/burrTxt")
DRACULA_ASSEMBLIES = 84  # burrTxt -q DraculasDentalDesaster.xmpuzzle
RED, BLUE = (200, 0, 0), (0, 0, 200)


def _chequered_board() -> PuzzleDraft:
    """A 4x2 board coloured like a chessboard, two dominoes coloured red-blue and two plain ones; red sits on red
    and blue on blue. burrTxt -q counts 18 assemblies for it."""
    board = frozenset((x, y, 0) for x in range(4) for y in range(2))
    draft = PuzzleDraft(name="board", title="chequered board", target=board)
    draft = draft.with_palette_colour(RED).with_palette_colour(BLUE).with_pair(1, 1, True).with_pair(2, 2, True)
    for x, y, z in board:
        draft = draft.with_colour(TARGET, (x, y, z), 1 + (x + y) % 2)
    draft = draft.with_new_piece([(0, 0, 0), (1, 0, 0)]).with_colour(0, (0, 0, 0), 1).with_colour(0, (1, 0, 0), 2)
    draft = draft.with_piece(0, replace(draft.pieces[0], count=2))
    draft = draft.with_new_piece([(0, 0, 0), (1, 0, 0)])
    return draft.with_piece(1, replace(draft.pieces[1], count=2))


BOARD_ASSEMBLIES = 18  # burrTxt -q on the board above


def _burrtxt_assemblies(path: Path) -> int | None:
    if not BURRTXT.exists():
        return None
    out = subprocess.run([str(BURRTXT), "-q", str(path)], capture_output=True, text=True, timeout=60, check=True)
    return int(out.stdout.split()[0])


@pytest.mark.skipif(not DRACULA.exists(), reason="the BurrTools examples are not on this machine")
def test_draculas_dental_desaster_opens_saves_and_reads_back_the_same_and_counts_84(tmp_path):
    original = read_burrtools(DRACULA)
    problem = burr_problem(original)
    draft = draft_from_problem(problem)
    assert draft.coloured and len(draft.variable) == len(problem.optional) == 936
    path = tmp_path / "dracula.xmpuzzle"
    write_burrtools(path, burrtools_file(draft))
    back = burr_problem(read_burrtools(path))
    # the file's own shapes against the written ones, colours included, up to a shift to the origin
    for kind, was in zip(back.kinds, problem.kinds, strict=True):
        assert (kind.cells, kind.colours, kind.minimum, kind.maximum) == (was.cells, was.colours, 1, 1)
    low = [min(v[a] for v in problem.cells) for a in range(3)]

    def shifted(cells):
        return {(x - low[0], y - low[1], z - low[2]) for x, y, z in cells}

    assert set(back.required) == shifted(problem.required) and set(back.optional) == shifted(problem.optional)
    assert dict(back.result_colours) == {
        (x - low[0], y - low[1], z - low[2]): c for (x, y, z), c in problem.result_colours
    }
    assert back.colour_pairs == original.problems[0].colour_pairs == {(1, 1), (2, 2)}
    assert back.palette == original.colours
    assert draft_from_problem(back) == draft
    assert count(back).assemblies == DRACULA_ASSEMBLIES
    assert _burrtxt_assemblies(path) in (None, DRACULA_ASSEMBLIES)


def test_a_coloured_design_saved_counts_as_burrtxt_counts(tmp_path):
    draft = _chequered_board()
    found = review(draft)
    assert found.ready and found.burrtools is not None, found.problems
    path = tmp_path / "board.xmpuzzle"
    write_burrtools(path, burrtools_file(draft))
    assert count(burr_problem(read_burrtools(path))).assemblies == BOARD_ASSEMBLIES
    assert _burrtxt_assemblies(path) in (None, BOARD_ASSEMBLIES)


def _allowed_placements(draft: PuzzleDraft, item: int) -> int:
    """Brute force: every rotation and shift of the piece onto shape cells whose colours the pairs allow, counted
    once per distinct (cells, colouring)."""
    piece = draft.pieces[item]
    colours = dict(piece.colours)
    shape_colours = draft.colours_of(TARGET)
    seen = set()
    for m in isometry_matrices()[:24]:
        turned = {
            tuple(sum(m[i][k] * v[k] for k in range(3)) for i in range(3)): colours.get(v, 0) for v in piece.cells
        }
        for anchor in draft.target:
            first = min(turned)
            moved = {tuple(a + b - f for a, b, f in zip(v, anchor, first, strict=True)): c for v, c in turned.items()}
            if not set(moved) <= draft.target:
                continue
            if all(c == 0 or shape_colours.get(v, 0) == 0 or (c, shape_colours[v]) in draft.colour_pairs
                   for v, c in moved.items()):  # fmt: skip
                seen.add(frozenset(moved.items()))
    return len(seen)


def test_the_review_counts_only_the_placements_the_colours_allow():
    draft = _chequered_board()
    found = review(draft)
    assert found.placements == tuple(_allowed_placements(draft, i) for i in range(len(draft.pieces)))
    assert found.placements == (10, 10)  # a coloured domino fits each of the 10 places one way; a plain one both
    blocked = draft.with_pair(1, 1, False).with_pair(2, 2, False)
    found = review(blocked)
    assert found.placements[0] == _allowed_placements(blocked, 0) == 0
    assert ("piece 'a' fits nowhere in the shape", 0) in [(f.message, f.item) for f in found.problems]


def test_colours_and_variable_cells_travel_with_their_cubes():
    draft = _chequered_board().with_variable((3, 1, 0), True)
    turned = draft.rotated(0, "z")  # the domino stands up: its red end stays the end it was
    assert turned.pieces[0].cells == {(0, 0, 0), (0, 1, 0)}
    assert dict(turned.pieces[0].colours) == {(0, 0, 0): 1, (0, 1, 0): 2}
    mirrored = draft.mirrored(TARGET)
    assert dict(mirrored.target_colours)[(0, 0, 0)] == dict(draft.target_colours)[(3, 0, 0)]
    assert mirrored.variable == {(0, 1, 0)}
    grown = draft.toggled(TARGET, (-1, 0, 0), True)  # a cube added left: everything moves one to the right
    assert dict(grown.target_colours)[(1, 0, 0)] == 1 and (0, 0, 0) not in dict(grown.target_colours)
    assert grown.variable == {(4, 1, 0)}
    shrunk = draft.toggled(TARGET, (3, 1, 0), False)
    assert (3, 1, 0) not in dict(shrunk.target_colours) and shrunk.variable == frozenset()
    assert draft.with_colour(0, (5, 5, 5), 1) == draft and draft.with_colour(0, (0, 0, 0), 3) == draft


def test_removing_a_colour_clears_its_cubes_and_renumbers_the_rest_as_burrtools_does():
    draft = _chequered_board().with_palette_colour((0, 200, 0)).with_pair(3, 2, True)
    draft = draft.with_colour(TARGET, (0, 0, 0), 3)
    gone = draft.without_palette_colour(1)
    assert gone.palette == (BLUE, (0, 200, 0))
    assert gone.colour_pairs == {(1, 1), (2, 1)}
    assert dict(gone.target_colours)[(0, 0, 0)] == 2 and dict(gone.target_colours)[(1, 0, 0)] == 1
    assert set(dict(gone.target_colours).values()) == {1, 2} and dict(gone.pieces[0].colours) == {(1, 0, 0): 1}


def test_a_plain_design_loses_nothing_in_a_puzzle_file_and_a_coloured_one_says_what_it_would_lose():
    assert PuzzleDraft.box(2, 2, 1).lost_in_puzzle_file() == ""
    lost = _chequered_board().with_variable((0, 0, 0), True).lost_in_puzzle_file()
    assert lost == "2 constraint colours on 10 cells and 2 colour pairs; 1 variable (+) cells"
