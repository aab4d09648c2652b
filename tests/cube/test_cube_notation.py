"""Notation: parsing examples, positioned errors, printing round trips, inverse/mirror laws, cancelling, metrics."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.cube.geometry import Face, sticker_geometry
from solvers.cube.moves import BASIC_TURN_NAMES, Move
from solvers.cube.notation import (
    Algorithm,
    Commutator,
    Conjugate,
    Group,
    Metric,
    NotationError,
    Turn,
    cancel_turns,
    parse_algorithm,
)


def flat(text: str, size: int = 3) -> str:
    return str(parse_algorithm(text, size).expanded())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("[R, U]", "R U R' U'"),
        ("[R: U]", "R U R'"),
        ("(R U)3", "R U R U R U"),
        ("(R U)'", "U' R'"),
        ("(R U)2'", "U' R' U' R'"),
        ("[R, U]'", "U R U' R'"),
        ("[F: [R, U]]", "F R U R' U' F'"),
        ("[R U: F]2", "R U F U' R' R U F U' R'"),
        ("r u' Rw2 Uw'", "Rw Uw' Rw2 Uw'"),
        ("R2' R3 R3' U2'", "R2 R' R U2"),
        ("M E' S2 x y' z2", "M E' S2 x y' z2"),
        ("RUR'U'", "R U R' U'"),
        ("R’ U′", "R' U'"),
        ("R // comment (\nU /* [ */ F", "R U F"),
        ("  ", ""),
        ("()", ""),
    ],
)
def test_parse_examples(text, expected):
    assert flat(text) == expected


def test_structure_equality_and_printing():
    assert parse_algorithm("[R, U]") == parse_algorithm("R U R' U'")
    assert parse_algorithm("[R: U]") == parse_algorithm("R U R'")
    assert str(parse_algorithm("[R,U]  (R  U)3 [ R : U ]2'")) == "[R, U] (R U)3 [R: U]2'"
    assert str(parse_algorithm("[R, U]").inverse()) == "[U, R]"
    assert str(parse_algorithm("[R: U]").inverse()) == "[R: U']"
    assert str(parse_algorithm("(R U)3").inverse()) == "(R U)3'"
    assert len(parse_algorithm("(R U)3 [R, U]")) == 10


@pytest.mark.parametrize(
    ("text", "position", "token", "words"),
    [
        ("R U R' ) U", 7, ")", "unexpected ')' at column 8"),
        ("R U (R' U", 4, "(", "'(' at column 5"),
        ("[R U]", 4, "]", "expected ',' or ':'"),
        ("[R, U", 0, "[", "never closed"),
        ("[R, U, F]", 5, ",", "unexpected ','"),
        ("R, U", 1, ",", "unexpected ','"),
        ("R4", 0, "R4", "amount 4"),
        ("R0", 0, "R0", "amount 0"),
        ("3Rw", 0, "3Rw", "layer prefix"),
        ("2R", 0, "2R", "layer prefix"),
        ("R 2", 2, "2", "unexpected '2'"),
        ("R Q", 2, "Q", "unexpected 'Q'"),
        ("R w", 2, "w", "unexpected 'w'"),
        ("R /* open", 2, "/*", "never closed"),
        ("(R)0", 3, "0", "repetition 0"),
        ("(R)1001", 3, "1001", "repetition 1001"),
        ("R U\nF G", 6, "G", "line 2, column 3"),
        ("((R U)1000)1000", 0, "((R U)1000)1000", "more than"),
        ("R U ]] F M4 D", 4, "]", "unexpected ']' at column 5"),  # the first error in the text, not M4's
        ("(R U]] M4", 4, "]", "expected ')'"),
        ("R M4 ]]", 2, "M4", "amount 4"),
    ],
)
def test_errors_name_position_and_token(text, position, token, words):
    with pytest.raises(NotationError) as info:
        parse_algorithm(text)
    assert info.value.position == position
    assert info.value.token == token
    assert words in str(info.value)
    assert isinstance(info.value, ValueError)


def test_slices_are_an_error_on_the_2x2_naming_the_token():
    with pytest.raises(NotationError) as info:
        parse_algorithm("R U M2' F", 2)
    assert (info.value.position, info.value.token) == (4, "M2'")
    assert "2x2x2" in str(info.value)
    turned = parse_algorithm("Rw x y", 2).state(2)  # only whole-cube turns: looks solved, is not the identity
    assert turned.is_solved() and not turned.is_identity()
    assert parse_algorithm("Rw x'", 2).state(2).is_identity()  # Rw is the whole cube on a 2x2x2


def test_turn_properties_and_moves():
    assert Turn("R", 3).notation == "R'" and Turn("Rw").notation == "Rw" and Turn("x", 2).notation == "x2"
    assert Turn("M", 3).notation == "M'"
    with pytest.raises(ValueError):
        Turn("Q")
    with pytest.raises(ValueError):
        Turn("R", 4)
    moves = [Move.R1, Move.U2, Move.F3]
    alg = Algorithm.from_moves(moves)
    assert str(alg) == "R U2 F'" and list(alg.to_moves()) == moves
    with pytest.raises(ValueError):
        parse_algorithm("M").to_moves()


@pytest.mark.parametrize(
    ("text", "htm", "qtm", "stm", "etm"),
    [
        ("R U2 F'", 3, 4, 3, 3),
        ("M", 2, 2, 1, 1),
        ("M2", 2, 4, 1, 1),
        ("Rw Rw2", 2, 3, 2, 2),
        ("x y2 z'", 0, 0, 0, 3),
        ("R U2 M x", 4, 5, 3, 4),
        ("[R, U]", 4, 4, 4, 4),
    ],
)
def test_metric_counts(text, htm, qtm, stm, etm):
    alg = parse_algorithm(text)
    assert (alg.count("htm"), alg.count(Metric.QTM), alg.count("stm"), alg.count("etm")) == (htm, qtm, stm, etm)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("R R", "R2"),
        ("R R'", ""),
        ("R L R", "R2 L"),
        ("R L R'", "L"),
        ("R U U' R'", ""),
        ("R2 R2 U", "U"),
        ("R M R'", "M"),
        ("R U R", "R U R"),
        ("x x x x", ""),
        ("U D U2 D' E", "U' E"),
        ("F B F B", "F2 B2"),
    ],
)
def test_cancellation_examples(text, expected):
    alg = parse_algorithm(text)
    simple = alg.simplified()
    assert str(simple) == expected
    assert simple.state() == alg.state()


TURNS = st.builds(Turn, st.sampled_from(BASIC_TURN_NAMES), st.sampled_from([1, 2, 3]))
AMOUNTS = st.integers(-4, 4).filter(bool)


def _nodes(children):
    seqs = st.lists(children, max_size=4).map(tuple)
    return st.one_of(
        st.builds(Group, seqs, AMOUNTS),
        st.builds(Commutator, seqs, seqs, AMOUNTS),
        st.builds(Conjugate, seqs, seqs, AMOUNTS),
    )


NODES = st.recursive(TURNS, _nodes, max_leaves=12)
ALGS = st.lists(NODES, max_size=5).map(Algorithm)


@settings(max_examples=200, deadline=None)
@given(ALGS)
def test_printing_round_trips_structure_and_turns(alg):
    again = parse_algorithm(str(alg))
    assert again.nodes == alg.nodes
    assert again == alg


@settings(max_examples=150, deadline=None)
@given(ALGS)
def test_inverse_mirror_and_cancel_laws(alg):
    state = alg.state()
    assert alg.inverse().state() == state.inverse()
    assert alg.inverse().inverse() == alg
    assert alg.mirror().mirror() == alg
    assert alg.mirror().inverse() == alg.inverse().mirror()
    simple = alg.simplified()
    assert simple.state() == state
    assert len(simple) <= len(alg)
    assert simple.simplified() == simple
    turns = simple.turns
    assert all(a.name != b.name for a, b in zip(turns, turns[1:], strict=False))


def _reflection() -> tuple[np.ndarray, np.ndarray]:
    """Sticker map of the left-right reflection (x -> -x), and the colour relabelling R <-> L that goes with it."""
    positions, normals = sticker_geometry(3)
    where = {(tuple(p), tuple(n)): i for i, (p, n) in enumerate(zip(positions.tolist(), normals.tolist(), strict=True))}
    flip = np.array([-1, 1, 1])
    image = np.array(
        [
            where[(tuple((p * flip).tolist()), tuple((n * flip).tolist()))]
            for p, n in zip(positions, normals, strict=True)
        ]
    )
    relabel = np.arange(6)
    relabel[[Face.R, Face.L]] = [Face.L, Face.R]
    return image, relabel


@settings(max_examples=100, deadline=None)
@given(ALGS)
def test_mirror_is_the_reflected_cube(alg):
    image, relabel = _reflection()
    colours = alg.state().colours()
    mirrored = np.empty_like(colours)
    mirrored[image] = relabel[colours]
    assert np.array_equal(alg.mirror().state().colours(), mirrored)


def test_mirror_examples():
    assert str(parse_algorithm("R U R' U'").mirror()) == "L' U' L U"
    assert str(parse_algorithm("Rw M x E S y z").mirror()) == "Lw' M x E' S' y' z'"


def test_cancel_turns_is_usable_on_plain_lists():
    assert cancel_turns([Turn("R"), Turn("L"), Turn("R", 3)]) == [Turn("L")]
