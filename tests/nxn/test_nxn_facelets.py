"""Facelet strings of any size, and the N = 3 string agreeing with today's 3x3x3 engine."""

from __future__ import annotations

import random

import pytest

from solvers.cube.formats import to_kociemba
from solvers.cube.notation import parse_algorithm
from solvers.nxn.errors import BigCubeReason, InvalidBigCubeError
from solvers.nxn.notation import format_turns, parse
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import NxNState, read_facelets, size_of_length
from tests.nxn.sticker_model import StickerModel


def test_three_by_three_strings_agree_with_the_3x3x3_engine():
    rng = random.Random(7)
    faces = "URFDLB"
    for _ in range(40):
        text = " ".join(rng.choice(faces) + rng.choice(["", "2", "'"]) for _ in range(rng.randrange(1, 25)))
        theirs = to_kociemba(parse_algorithm(text).state(3))
        ours = NxNState.solved(3).apply(parse(text, 3)).to_facelets()
        assert ours == theirs, text


def test_slices_wide_turns_and_rotations_agree_with_the_3x3x3_engine_sticker_for_sticker():
    rng = random.Random(8)
    tokens = ["R", "U", "F", "D", "L", "B", "M", "E", "S", "x", "y", "z", "Rw", "Uw", "Fw", "Lw", "Dw", "Bw"]
    for _ in range(40):
        text = " ".join(rng.choice(tokens) + rng.choice(["", "2", "'"]) for _ in range(rng.randrange(1, 20)))
        theirs = parse_algorithm(text).state(3).colours()
        ours = NxNState.solved(3).apply(parse(text, 3)).colours
        assert ours.tolist() == theirs.tolist(), text


@pytest.mark.parametrize("n", (2, 3, 4, 5, 8))
def test_strings_agree_with_the_model_and_read_back(n):
    scramble = format_turns(random_turns(n, seed=n), n)
    model = StickerModel(n)
    model.apply(scramble)
    state = NxNState.solved(n).apply(parse(scramble, n))
    assert state.to_facelets() == model.facelets()
    assert read_facelets(state.to_facelets()) == state
    assert read_facelets(state.to_facelets().lower()) == state


def test_size_follows_from_the_length():
    assert [size_of_length(6 * n * n) for n in (2, 3, 4, 17)] == [2, 3, 4, 17]
    for bad in (0, 6, 95, 97, 100):
        with pytest.raises(InvalidBigCubeError) as caught:
            size_of_length(bad)
        assert caught.value.reason is BigCubeReason.WRONG_LENGTH


def test_a_letter_that_is_no_face_is_named_with_its_place():
    text = "U" * 16 + "R" * 16 + "F" * 16 + "D" * 16 + "L" * 16 + "B" * 15 + "Q"
    with pytest.raises(InvalidBigCubeError) as caught:
        read_facelets(text)
    assert caught.value.reason is BigCubeReason.UNKNOWN_COLOUR and caught.value.facelets == (95,)
    assert "96" in caught.value.message and "'Q'" in caught.value.message
