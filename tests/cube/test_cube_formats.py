"""Facelet string formats: Kociemba letters, colour letters and Reid cubies, round trips, turned centres, the 2x2x2
scheme."""

from __future__ import annotations

import numpy as np
import pytest

from solvers.cube.formats import (
    REID_POSITIONS,
    detect_size,
    from_colour_letters,
    from_kociemba,
    from_reid,
    reid_facelets,
    to_colour_letters,
    to_kociemba,
    to_reid,
)
from solvers.cube.geometry import Corner, facelet_name
from solvers.cube.moves import basic_turn, whole_cube_rotations
from solvers.cube.notation import parse_algorithm
from solvers.cube.schemes import load_scheme
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.cube.validation import InvalidCubeError, InvalidReason

SOLVED_3 = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
SOLVED_2 = "UUUURRRRFFFFDDDDLLLLBBBB"
# Kociemba's own example of R applied to a solved cube.
AFTER_R = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"


def test_known_strings():
    assert to_kociemba(CubeState.solved()) == SOLVED_3
    assert to_kociemba(CubeState.solved(2)) == SOLVED_2
    assert from_kociemba(AFTER_R) == basic_turn(3, "R")
    assert to_colour_letters(basic_turn(3, "R")).startswith("WWGWWGWWG")
    assert from_kociemba(AFTER_R.lower()) == basic_turn(3, "R")


@pytest.mark.parametrize("size", [2, 3])
def test_round_trips_on_random_states(size):
    japanese = load_scheme("japanese")
    for seed in range(60):
        state = random_state(size, seed)
        text = to_kociemba(state)
        assert from_kociemba(text, size) == state
        assert to_kociemba(from_kociemba(text)) == text
        for scheme in ("standard", japanese):
            letters = to_colour_letters(state, scheme)
            assert from_colour_letters(letters, size, scheme) == state
            assert to_colour_letters(from_colour_letters(letters, None, scheme), scheme) == letters


def test_whitespace_is_ignored_and_size_detected():
    spaced = "\n".join(SOLVED_3[i : i + 9] for i in range(0, 54, 9))
    assert from_kociemba(spaced).is_identity()
    assert from_kociemba(" UUUU RRRR\tFFFF DDDD LLLL BBBB ").size == 2
    assert detect_size(spaced) == 3 and detect_size(SOLVED_2) == 2
    with pytest.raises(InvalidCubeError) as info:
        detect_size("UUU")
    assert info.value.reason is InvalidReason.WRONG_LENGTH


def test_kociemba_letters_are_relative_to_turned_centres():
    # A scrambled cube held in each of the 24 orientations: its colours written as Kociemba letters.
    scrambled = parse_algorithm("R U2 F' L D B2").state()
    expected = to_kociemba(scrambled)
    for rotation in whole_cube_rotations(3):
        held = scrambled * rotation
        raw = "".join("URFDLB"[c] for c in held.colours())  # letters = colour names, centres not at home
        state = from_kociemba(raw)
        assert np.array_equal(state.centres, np.arange(6))  # normalised
        assert to_kociemba(state) == to_kociemba(held)  # the same cube, as seen from its centres
        assert to_kociemba(held)[4::9] == "URFDLB"
    assert to_kociemba(scrambled * whole_cube_rotations(3)[0]) == expected


def test_colour_letters_keep_turned_centres():
    held = parse_algorithm("R U x y").state()
    letters = to_colour_letters(held)
    assert from_colour_letters(letters) == held
    assert letters[4] != "W"  # white is no longer on top


def test_two_by_two_letters_name_the_solved_cube_faces():
    # A solved 2x2x2 held upside down (x2): valid, solved, not the identity.
    turned = parse_algorithm("x2", 2).state(2)
    text = to_kociemba(turned)
    assert text == "DDDD RRRR BBBB UUUU LLLL FFFF".replace(" ", "")
    state = from_kociemba(text)
    assert state.is_solved() and not state.is_identity()
    assert state == turned


def test_readers_raise_typed_errors():
    with pytest.raises(InvalidCubeError) as info:
        from_kociemba(SOLVED_3.replace("U", "W", 1))
    assert info.value.reason is InvalidReason.UNKNOWN_COLOUR and info.value.facelets == (0,)
    with pytest.raises(InvalidCubeError) as info:
        from_colour_letters(SOLVED_3)  # Kociemba letters are not standard colour letters
    assert info.value.reason is InvalidReason.UNKNOWN_COLOUR
    with pytest.raises(InvalidCubeError) as info:
        from_kociemba(SOLVED_3, 2)
    assert info.value.reason is InvalidReason.WRONG_LENGTH


SOLVED_REID = "UF UR UB UL DF DR DB DL FR FL BR BL UFR URB UBL ULF DRF DFL DLB DBR"
# Worked out by hand: R carries FR to UR (its F sticker now on U), BR to DR, DR to FR, UR to BR, and the corners
# DRF to UFR, UFR to URB, DBR to DRF, URB to DBR, each read in its new position's order.
AFTER_R_REID = "UF FR UB UL DF BR DB DL DR FL UR BL FDR FRU UBL ULF BRD DFL DLB BUR"


def test_reid_positions_read_the_stickers_the_notation_names():
    names = [" ".join(facelet_name(i, 3) for i in stickers) for stickers in reid_facelets()]
    assert names == [
        "U8 F2", "U6 R2", "U2 B2", "U4 L2", "D2 F8", "D6 R8", "D8 B8", "D4 L8", "F6 R4", "F4 L6", "B4 R6", "B6 L4",
        "U9 F3 R1", "U3 R3 B1", "U1 B3 L1", "U7 L3 F1", "D3 R7 F9", "D1 F7 L9", "D7 L7 B9", "D9 B7 R9",
    ]  # fmt: skip


def test_reid_known_strings():
    assert to_reid(CubeState.solved()) == SOLVED_REID
    assert SOLVED_REID.split() == list(REID_POSITIONS)
    assert from_reid(SOLVED_REID).is_identity()
    assert to_reid(basic_turn(3, "R")) == AFTER_R_REID
    assert from_reid(AFTER_R_REID) == basic_turn(3, "R")
    assert from_reid(AFTER_R_REID.lower().replace(" ", "\n")) == basic_turn(3, "R")
    with pytest.raises(ValueError, match="3x3x3 only"):
        to_reid(CubeState.solved(2))


def test_reid_round_trips_on_random_states():
    for seed in range(60):
        state = random_state(3, seed)
        text = to_reid(state)
        assert from_reid(text) == state
        assert to_reid(from_reid(text)) == text


def _reid_error(text: str) -> InvalidCubeError:
    with pytest.raises(InvalidCubeError) as info:
        from_reid(text)
    return info.value


def _with_token(index: int, token: str) -> str:
    tokens = SOLVED_REID.split()
    tokens[index] = token
    return " ".join(tokens)


def test_reid_bad_input_raises_typed_errors_naming_the_token():
    error = _reid_error(" ".join(SOLVED_REID.split()[:19]))
    assert error.reason is InvalidReason.WRONG_LENGTH
    assert error.message == "19 cubies given; Reid notation lists 20 (12 edges, then 8 corners)"
    error = _reid_error(_with_token(2, "UX"))
    assert error.reason is InvalidReason.UNKNOWN_COLOUR
    assert error.message == "unknown face letter 'X' in 'UX' at UB; face letters are U R F D L B"
    assert error.facelets == (46,)  # B2
    error = _reid_error(_with_token(12, "UDF"))
    assert error.reason is InvalidReason.IMPOSSIBLE_CORNER and error.detail["slot"] is Corner.URF
    assert error.message == "the corner at UFR is written 'UDF': U and D are opposite faces, so no corner has both"
    error = _reid_error(_with_token(12, "URF"))
    assert error.reason is InvalidReason.IMPOSSIBLE_CORNER and error.detail["mirror"]
    assert "mirror image of UFR" in error.message
    error = _reid_error(_with_token(0, "UU"))
    assert error.reason is InvalidReason.IMPOSSIBLE_EDGE
    assert error.message == "the edge at UF is written 'UU': it has two U stickers"
    error = _reid_error(_with_token(0, "UFR"))
    assert error.reason is InvalidReason.IMPOSSIBLE_EDGE and "an edge is written with 2 letters" in error.message
    # Real cubies in an impossible arrangement: the whole-cube checks of the Kociemba reader speak.
    assert _reid_error("UR UF " + " ".join(SOLVED_REID.split()[2:])).reason is InvalidReason.PARITY
    assert _reid_error(_with_token(12, "FRU")).reason is InvalidReason.TWISTED_CORNER
