"""Fuzz every `cubeviz-solve` reader: random text and mutated valid input end in an answer or in exit code 2 with
one error line per problem, never in a traceback."""

from __future__ import annotations

import io
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.cli import main
from solvers.cube import parse_algorithm, to_kociemba
from solvers.cube.letter_net import write_net

ERROR_PREFIX = "cubeviz-solve: error: "
# capsys and monkeypatch are safe to share across examples: each run reads out (and so resets) the capture and
# sets stdin anew.
SHARED_FIXTURES_ARE_SAFE = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=SHARED_FIXTURES_ARE_SAFE)

# Valid inputs to mutate: shallow positions, so that a mutation which stays valid is still answered at once.
_POCKET_PAIR = "\n".join(
    ["1", "Y R | G R", "G W | B G", "G R B R G W O W | R O Y B Y O B W", "O B O B Y B G W | O W Y B R Y W R"]
    + ["R O | G G", "Y Y | W O", ""]
)
_FRU_PERMUTATION = "10 11 9 5 3 4 6 7 8 22 23 21 1 2 0 14 12 13 18 19 20 17 15 16\n"
_SHALLOW_3X3 = parse_algorithm("R U F'").state()
VALID_INPUTS = {
    "pocket-distance": _POCKET_PAIR,
    "pocket-fru": _FRU_PERMUTATION,
    "solve": to_kociemba(_SHALLOW_3X3) + "\n",
    "rubik-qtm": "1\n" + write_net(_SHALLOW_3X3) + "\n",
    "soma": "aa.a..a....................\n",
}
EXTRA_ARGS = {"solve": ["--max-time", "0.05"]}
ALPHABET = "0123456789 \n\t|-+.aAbcdefgURFDLBWYOGrwgyobx'\x00é"


def _run(capsys, monkeypatch, command: str, stdin: str) -> tuple[int, str, str]:
    stream = io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8", "surrogatepass")), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stream)
    code = main([command, *EXTRA_ARGS.get(command, [])])
    out, err = capsys.readouterr()
    return code, out, err


def _check(code: int, err: str) -> None:
    assert code in (0, 2)
    lines = err.splitlines()
    if code == 2:
        assert lines, "exit code 2 without an error line"
    assert all(line.startswith(ERROR_PREFIX) and len(line) < 400 for line in lines), err


def _mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(chars))
        kind = rng.randrange(3)
        if kind == 0:
            chars[i] = rng.choice(ALPHABET)
        elif kind == 1:
            del chars[i]
        else:
            chars.insert(i, rng.choice(ALPHABET))
    return "".join(chars)


@pytest.mark.parametrize("command", sorted(VALID_INPUTS))
def test_valid_samples_are_answered(capsys, monkeypatch, command):
    code, out, err = _run(capsys, monkeypatch, command, VALID_INPUTS[command])
    assert code == 0 and err == "" and out.strip()


@pytest.mark.parametrize("command", sorted(VALID_INPUTS))
@FUZZ
@given(text=st.text(alphabet=st.sampled_from(ALPHABET), max_size=80))
def test_random_text_gives_an_answer_or_a_one_line_error(capsys, monkeypatch, command, text):
    code, _, err = _run(capsys, monkeypatch, command, text)
    _check(code, err)


@pytest.mark.parametrize("command", sorted(VALID_INPUTS))
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_valid_input_gives_an_answer_or_a_one_line_error(capsys, monkeypatch, command, seed):
    code, _, err = _run(capsys, monkeypatch, command, _mutate(VALID_INPUTS[command], random.Random(seed)))
    _check(code, err)
