"""Big-cube notation: round trips, identities checked on the independent model, errors at the first bad token."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.cube.notation_nodes import NotationError
from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.notation import format_turns, parse
from solvers.nxn.state import NxNState
from tests.nxn.sticker_model import StickerModel


@st.composite
def sized_turns(draw):
    n = draw(st.integers(2, 17))
    turns = []
    for _ in range(draw(st.integers(0, 12))):
        first = draw(st.integers(0, n - 1))
        last = draw(st.integers(first, n - 1))
        turns.append(BlockTurn(Axis(draw(st.integers(0, 2))), first, last, draw(st.integers(1, 3))))
    return n, turns


@settings(max_examples=300, deadline=None)
@given(sized_turns())
def test_printing_then_reading_gives_the_same_turns(case):
    n, turns = case
    assert parse(format_turns(turns, n), n) == turns


@settings(max_examples=60, deadline=None)
@given(sized_turns())
def test_printed_turns_do_on_the_model_what_they_do_in_the_engine(case):
    n, turns = case
    model = StickerModel(n)
    model.apply(format_turns(turns, n))
    assert model.facelets() == NxNState.solved(n).apply(turns).to_facelets()


def _same(n: int, a: str, b: str) -> bool:
    return np.array_equal(sequence_permutation(n, parse(a, n)), sequence_permutation(n, parse(b, n)))


def _model_same(n: int, a: str, b: str) -> bool:
    one, two = StickerModel(n), StickerModel(n)
    one.apply(a)
    two.apply(b)
    return one.facelets() == two.facelets()


@pytest.mark.parametrize("n", (4, 5, 6, 7, 9))
def test_identities(n):
    pairs = [
        ("Rw", "R 2R"),
        ("r", "Rw"),
        ("3Rw", "R 2R 3R"),
        (f"{n}R", "L'"),
        (f"{n}Uw", "y"),
        ("x", f"{n}Rw"),
        ("y", f"U {n - 1}Dw'"),
        ("z", f"{n}Fw"),
        ("x", "Rw " + (f"{n - 2}Lw'" if n > 3 else "")),
        ("2-3Rw", "3Rw R'"),
        ("R2", "R' R'"),
        ("Rw2'", "Rw2"),
    ]
    if n % 2:
        pairs += [("M", f"{n // 2 + 1}L"), ("E", f"{n // 2 + 1}D"), ("S", f"{n // 2 + 1}F")]
    for a, b in pairs:
        assert _same(n, a, b), (n, a, b)
        assert _model_same(n, a, b), (n, a, b)
    assert not _same(n, "Rw", "R")


def test_whole_cube_rotations_turn_every_sticker_and_keep_the_cube_solved():
    for n in (2, 4, 5):
        for rotation in ("x", "y", "z", "x2", "y'"):
            turned = NxNState.solved(n).apply(parse(rotation, n))
            assert turned.is_solved() and turned != NxNState.solved(n)
    assert _same(4, "x y x'", "z") and _model_same(4, "x y x'", "z")


def test_wca_printing():
    assert format_turns(parse("r U' 3Rw2 2R 5L 2-3Fw' x M2", 5), 5) == "Rw U' 3Rw2 2R R' 2-3Fw' x M2"
    assert format_turns(parse("4R", 6), 6) == "3L'"
    assert format_turns(parse("RUR'U'", 3), 3) == "R U R' U'"


@pytest.mark.parametrize(
    ("text", "n", "token", "column"),
    [
        ("R U Q", 4, "Q", 5),
        ("R 5R U", 4, "5R", 3),
        ("R M", 4, "M", 3),
        ("R 2-3R", 5, "2-3R", 3),
        ("F 3x", 5, "3x", 3),
        ("R U 3-2Rw", 5, "3-2Rw", 5),
    ],
)
def test_errors_name_the_first_bad_token_and_its_column(text, n, token, column):
    with pytest.raises(NotationError) as caught:
        parse(text, n)
    assert caught.value.token == token and caught.value.position == column - 1
    assert f"column {column}" in str(caught.value) and repr(token) in str(caught.value)
