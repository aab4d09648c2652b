"""Every validation reason on a small hand-made net: the reason code, the highlighted stickers, the advice."""

from __future__ import annotations

import numpy as np
import pytest

from solvers.cube.geometry import Corner, Edge, Face, corner_facelets, edge_facelets
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.cube.validation import InvalidCubeError, InvalidReason, validate, validate_all


def net(size: int = 3, **faces: str) -> str:
    """A Kociemba net, solved except for the faces given (each as its letters in reading order)."""
    per_face = size * size
    return " ".join(faces.get(face.name, face.name * per_face) for face in Face)


def first(text, **kwargs) -> InvalidCubeError:
    with pytest.raises(InvalidCubeError) as info:
        validate(text, **kwargs)
    assert info.value.message == str(info.value)
    return info.value


def test_solved_and_scrambled_cubes_are_valid():
    assert validate(net()).is_identity()
    assert validate(net(2), 2).is_identity()
    assert validate_all(net()) == []
    for seed in range(20):
        for size in (2, 3):
            state = random_state(size, seed)
            assert validate(state.colours().tolist(), size) == state


def test_wrong_length():
    error = first("UUUU RRRR")
    assert error.reason is InvalidReason.WRONG_LENGTH and error.facelets == ()
    assert first(net(), size=2).reason is InvalidReason.WRONG_LENGTH
    assert "53 stickers" in first(net()[:-1]).message


def test_unknown_colour_highlights_the_letter():
    error = first(net(U="UUUUXUUUU"))  # the net must still have 54 letters
    assert error.reason is InvalidReason.UNKNOWN_COLOUR and error.facelets == (4,)
    assert "'X'" in error.message and "U5" in error.message
    error = first("W" * 9 + "R" * 9 + "G" * 9 + "Y" * 9 + "O" * 9 + "Q" * 9, scheme="standard")
    assert error.facelets == tuple(range(45, 54))
    assert first([0] * 53 + [6]).facelets == (53,)


def test_colour_count_names_colour_and_numbers():
    # Four green stickers of F turned white: 13 white, 5 green.
    problems = validate_all("W" * 9 + "R" * 9 + "GWGWGWGWG" + "Y" * 9 + "O" * 9 + "B" * 9, scheme="standard")
    counts = [p for p in problems if p.reason is InvalidReason.COLOUR_COUNT]
    assert [p.message for p in counts] == ["13 white (W) stickers, need 9", "5 green (G) stickers, need 9"]
    assert counts[0].facelets == tuple(range(9)) + (19, 21, 23, 25)  # too many: all white stickers highlighted
    assert counts[1].facelets == () and counts[1].detail == {"colour": Face.F, "count": 5, "need": 9}
    assert problems[0].reason is InvalidReason.COLOUR_COUNT


def test_centres_not_distinct():
    # U5 and R2 exchanged: colour counts stay right but two centres are red.
    error = first(net(U="UUUURUUUU", R="RURRRRRRR"))
    assert error.reason is InvalidReason.CENTRES_NOT_DISTINCT
    assert error.facelets == (4, 13)


def test_centres_not_a_cube_opposites_and_mirror():
    error = first(net(U="UUUURUUUU", R="RRRRURRRR"))  # U and R centres exchanged
    assert error.reason is InvalidReason.CENTRES_NOT_A_CUBE
    assert set(error.facelets) <= {4, 13, 22, 31, 40, 49} and len(error.facelets) == 2
    mirror = net().translate(str.maketrans("RL", "LR"))
    error = first(mirror)
    assert error.reason is InvalidReason.CENTRES_NOT_A_CUBE and error.detail["mirror"]
    assert error.facelets == (13, 40)


def test_impossible_corner_with_opposite_colours():
    # R1 (URF corner) and D1 (DLF corner) exchanged: URF shows U, D, F.
    error = first(net(R="DRRRRRRRR", D="RDDDDDDDD"))
    assert error.reason is InvalidReason.IMPOSSIBLE_CORNER
    assert error.facelets == (8, 9, 20) and error.detail["slot"] is Corner.URF
    assert "opposite" in error.message


def test_impossible_corner_mirror_image():
    # R1 and F3 exchanged inside the URF corner: the right colours, but read anticlockwise.
    error = first(net(R="FRRRRRRRR", F="FFRFFFFFF"))
    assert error.reason is InvalidReason.IMPOSSIBLE_CORNER and error.detail.get("mirror")
    assert error.facelets == (8, 9, 20)


def test_impossible_edge_red_orange():
    # U6 and L2 exchanged: the UR slot shows orange-red, the UL slot white-white.
    problems = validate_all(net(U="UUUUULUUU", L="LULLLLLLL"))
    edges = [p for p in problems if p.reason is InvalidReason.IMPOSSIBLE_EDGE]
    assert [p.detail["slot"] for p in edges] == [Edge.UR, Edge.UL]
    assert edges[0].facelets == (5, 10) and "opposite" in edges[0].message
    assert edges[1].facelets == (3, 37) and "two white" in edges[1].message


def test_duplicate_piece_highlights_both():
    # The UR slot shows the white-green edge (R2 -> F) and the DF slot the yellow-red one (F8 -> R).
    problems = validate_all(net(R="RFRRRRRRR", F="FFFFFFFRF"))
    assert [p.reason for p in problems] == [InvalidReason.DUPLICATE_PIECE] * 2
    assert set(problems[0].facelets) == {5, 10, 7, 19}
    assert problems[0].detail["slots"] == (Edge.UR, Edge.UF)
    assert "missing" in problems[0].message
    assert set(problems[1].facelets) == {28, 25, 32, 16}  # DF (D2, F8) and DR (D6, R8)


def test_twisted_corner_says_which_way_to_turn():
    # URF corner turned clockwise: U9 shows F, R1 shows U, F3 shows R.
    error = first(net(U="UUUUUUUUF", R="URRRRRRRR", F="FFRFFFFFF"))
    assert error.reason is InvalidReason.TWISTED_CORNER
    assert error.facelets == (8, 9, 20)
    assert error.detail["slot"] is Corner.URF and error.detail["direction"] == "counter-clockwise"
    assert error.fix == "turn the white-red-green corner at URF counter-clockwise"
    error = first(net(U="UUUUUUUUR", R="FRRRRRRRR", F="FFUFFFFFF"))  # the same corner turned the other way
    assert error.detail["direction"] == "clockwise" and error.facelets == (8, 9, 20)


def _turn_corner(colours: np.ndarray, size: int, slot: Corner, thirds: int) -> np.ndarray:
    """Turn the piece in `slot` clockwise by `thirds` (sticker at slot position k moves to k + thirds)."""
    out = colours.copy()
    stickers = corner_facelets(size)[slot]
    for k in range(3):
        out[stickers[(k + thirds) % 3]] = colours[stickers[k]]
    return out


@pytest.mark.parametrize("size", [2, 3])
def test_a_twist_on_a_scrambled_cube_names_no_corner_but_says_which_way(size):
    """From colours alone any corner could be the twisted one: the check says so, highlights nothing, and the
    direction it gives repairs the cube whichever corner is turned."""
    named = 0
    for seed in range(30):
        colours = random_state(size, seed).colours()
        bad = _turn_corner(colours, size, Corner(seed % 8), 1 + seed % 2)
        error = first(bad.tolist(), size=size)
        assert error.reason is InvalidReason.TWISTED_CORNER
        if error.detail["likely"]:  # only when one corner alone is out of orientation
            named += 1
            continue
        assert error.detail["slot"] is None and error.facelets == () and error.fix is None
        assert "cannot tell which" in error.message and error.detail["direction"] in error.message
        for slot in (Corner.URF, Corner(seed % 8), Corner.DRB):
            repaired = _turn_corner(bad, size, slot, error.detail["thirds"])
            assert validate(repaired.tolist(), size).size == size
    assert named <= 3  # random cubes seldom have all but one corner oriented


def test_a_flip_or_a_swap_on_a_scrambled_cube_names_no_piece():
    colours = random_state(3, 5).colours()
    flipped = colours.copy()
    a, b = edge_facelets(3)[Edge.UF]
    flipped[a], flipped[b] = colours[b], colours[a]
    error = first(flipped.tolist())
    assert error.reason is InvalidReason.FLIPPED_EDGE and error.detail["slot"] is None and error.facelets == ()
    assert "cannot tell which" in error.message
    swapped = colours.copy()
    p, q = edge_facelets(3)[Edge.UF], edge_facelets(3)[Edge.UR]
    swapped[p], swapped[q] = colours[q], colours[p]
    error = first(swapped.tolist())
    assert error.reason is InvalidReason.PARITY and error.facelets == () and "cannot tell which" in error.message


def test_twisted_corner_on_a_2x2_names_the_corner():
    # 2x2 URF corner (U4, R1, F2) turned clockwise.
    error = first(net(2, U="UUUF", R="URRR", F="FRFF"), size=2)
    assert error.reason is InvalidReason.TWISTED_CORNER and error.facelets == (3, 4, 9)
    assert error.detail["direction"] == "counter-clockwise"


def test_flipped_edge():
    error = first(net(U="UUUUUUUFU", F="FUFFFFFFF"))
    assert error.reason is InvalidReason.FLIPPED_EDGE
    assert error.facelets == (7, 19) and error.detail["slot"] is Edge.UF
    assert "flip the white-green edge at UF" in error.message


def test_parity_two_edges_exchanged():
    error = first(net(R="RFRRRRRRR", F="FRFFFFFFF"))
    assert error.reason is InvalidReason.PARITY
    assert set(error.facelets) == {5, 10, 7, 19}
    assert "two pieces are exchanged" in error.message and "exchange them" in error.message


def test_parity_is_judged_relative_to_turned_centres():
    # A cube turned with x y and two corners exchanged: still a parity problem, named at the right slots.
    state = parse_algorithm("R U F x y").state()
    colours = state.colours()
    a, b = corner_facelets(3)[Corner.URF], corner_facelets(3)[Corner.UFL]
    colours[a], colours[b] = colours[b].copy(), colours[a].copy()
    error = first(colours.tolist())
    assert error.reason is InvalidReason.PARITY
    assert validate(state.colours().tolist()) == state


def test_checks_run_in_order_and_validate_all_reports_a_whole_stage():
    # Wrong count AND an impossible corner: the count comes first.
    problems = validate_all(net(U="UUUUUUUUD"))
    assert problems[0].reason is InvalidReason.COLOUR_COUNT
    assert InvalidReason.IMPOSSIBLE_CORNER in {p.reason for p in problems}
    # Twisted corner AND flipped edge AND parity are all listed together.
    reasons = {p.reason for p in validate_all(net(U="UUUUUUUFF", R="URRRRRRRR", F="FUR" + "FFFFFF"))}
    assert InvalidReason.TWISTED_CORNER in reasons and InvalidReason.FLIPPED_EDGE in reasons
    assert validate(CubeState.solved().colours()) == CubeState.solved()
