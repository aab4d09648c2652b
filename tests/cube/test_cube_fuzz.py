"""Fuzzing every parser this area owns: only NotationError / InvalidCubeError may ever come out.

Random text and mutated valid nets go through parse_algorithm, from_kociemba, from_colour_letters and
validate: over 10,000 inputs between the hypothesis tests and the plain seeded loop, in a few seconds.
"""

from __future__ import annotations

import contextlib
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.cube.formats import from_colour_letters, from_kociemba, to_colour_letters, to_kociemba
from solvers.cube.notation import Algorithm, NotationError, parse_algorithm
from solvers.cube.scramble import random_state
from solvers.cube.validation import InvalidCubeError, validate, validate_all

NOTATION_ALPHABET = "UDLRFBudlrfbwMESxyz'’2304 ()[],:/*\n\t.-+Q"
NET_ALPHABET = "URFDLBWGYOurfdlbwgyoX? \n0"
FUZZ_SETTINGS = settings(max_examples=2500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _parse_or_typed_error(text: str, size: int) -> None:
    try:
        alg = parse_algorithm(text, size)
    except NotationError as error:
        assert 0 <= error.position <= len(text)
        assert isinstance(error.token, str)
        return
    assert isinstance(alg, Algorithm)
    assert parse_algorithm(str(alg), size) == alg  # whatever parses also prints back


def _net_or_typed_error(text: str) -> None:
    for reader in (from_kociemba, from_colour_letters):
        try:
            state = reader(text)
        except InvalidCubeError as error:
            assert all(0 <= i < 54 for i in error.facelets)
            continue
        assert state.size in (2, 3)
    problems = validate_all(text)
    assert all(isinstance(p, InvalidCubeError) for p in problems)


def _mutate(text: str, rng: random.Random) -> str:
    letters = list(text)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(4)
        i = rng.randrange(len(letters)) if letters else 0
        if kind == 0 and letters:
            letters[i] = rng.choice(NET_ALPHABET)
        elif kind == 1 and letters:
            del letters[i]
        elif kind == 2:
            letters.insert(i, rng.choice(NET_ALPHABET))
        elif letters:
            j = rng.randrange(len(letters))
            letters[i], letters[j] = letters[j], letters[i]
    return "".join(letters)


@FUZZ_SETTINGS
@given(st.text(alphabet=NOTATION_ALPHABET, max_size=40), st.sampled_from([2, 3]))
def test_notation_fuzz(text, size):
    _parse_or_typed_error(text, size)


@FUZZ_SETTINGS
@given(st.integers(0, 10**6), st.sampled_from([2, 3]), st.booleans(), st.randoms(use_true_random=False))
def test_mutated_nets_fuzz(seed, size, colour_letters, rng):
    state = random_state(size, seed)
    text = to_colour_letters(state) if colour_letters else to_kociemba(state)
    _net_or_typed_error(_mutate(text, rng))


@settings(max_examples=500, deadline=None)
@given(st.lists(st.one_of(st.integers(-2, 8), st.sampled_from("URFDLBX"), st.none()), max_size=60))
def test_validate_fuzz_on_sequences(items):
    with contextlib.suppress(InvalidCubeError):
        validate(items)


def test_plain_random_loop():
    rng = random.Random(20240601)
    for round_ in range(6000):
        size = 2 + round_ % 2
        text = "".join(rng.choice(NOTATION_ALPHABET) for _ in range(rng.randint(0, 30)))
        _parse_or_typed_error(text, size)
        if round_ % 3 == 0:
            state = random_state(size, rng)
            base = to_kociemba(state) if rng.random() < 0.5 else to_colour_letters(state)
            _net_or_typed_error(_mutate(base, rng))
        else:
            _net_or_typed_error(
                "".join(rng.choice(NET_ALPHABET) for _ in range(rng.choice([24, 54, rng.randint(0, 60)])))
            )
