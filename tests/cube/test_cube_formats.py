"""Facelet string formats: Kociemba letters and colour letters, round trips, turned centres, the 2x2x2 scheme."""

from __future__ import annotations

import numpy as np
import pytest

from solvers.cube.formats import detect_size, from_colour_letters, from_kociemba, to_colour_letters, to_kociemba
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
