"""Fuzz every `cubeviz-solve` subcommand through its real entry point: random text, random bytes, mutated valid
input and mutated command lines end in answers that check (exit 0) or in one short error line per problem (exit 2),
never in a traceback or exit 1.

The budget is fixed for CI (``FUZZ_EXAMPLES`` examples per test); ``benchmarks/fuzz_long.py`` runs the same tests
with a large budget through ``CUBEVIZ_FUZZ_EXAMPLES`` and reports how many inputs went through.
"""

from __future__ import annotations

import io
import json
import os
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.cli import main
from solvers.cube import from_kociemba, parse_algorithm, to_kociemba
from solvers.cube.letter_net import write_net
from solvers.packing.puzzle_io import PUZZLES_DIR

ERROR_PREFIX = "cubeviz-solve: error: "
MAX_ERROR_LINE = 300
FUZZ_EXAMPLES = int(os.environ.get("CUBEVIZ_FUZZ_EXAMPLES", "30"))
# capsys, monkeypatch and tmp_path are safe to share across examples: each run reads out (and so resets) the
# capture, sets stdin anew and writes its own file.
SHARED_FIXTURES_ARE_SAFE = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=SHARED_FIXTURES_ARE_SAFE)
FUZZ_SLOW = settings(FUZZ, max_examples=max(FUZZ_EXAMPLES // 5, 5))  # a valid pocket-count takes ~1 s

# Valid inputs to mutate: shallow positions, so that a mutation which stays valid is still answered at once.
_POCKET_PAIR = "\n".join(
    ["1", "Y R | G R", "G W | B G", "G R B R G W O W | R O Y B Y O B W", "O B O B Y B G W | O W Y B R Y W R"]
    + ["R O | G G", "Y Y | W O", ""]
)
_FRU_PERMUTATION = "10 11 9 5 3 4 6 7 8 22 23 21 1 2 0 14 12 13 18 19 20 17 15 16\n"
_SHALLOW_3X3 = parse_algorithm("R U F'").state()
STDIN_INPUTS = {
    "pocket-distance": _POCKET_PAIR,
    "pocket-fru": _FRU_PERMUTATION,
    "solve": to_kociemba(_SHALLOW_3X3) + "\n",
    "rubik-qtm": "1\n" + write_net(_SHALLOW_3X3) + "\n",
    "soma": "aa.a..a....................\n",
}
EXTRA_ARGS = {"solve": ["--max-time", "0.05"]}
ARGV_INPUTS = {
    "pocket-count": ["--keep-going", "YYYYGGGGOOOOOOOOGGGGYYYY", "YYYYYYYYYYYYWWWWWWWWWWWW"],
    "scramble": ["--solved", "f2l", "--count", "2", "--seed", "5"],
}
ALPHABET = "0123456789 \n\t|-+.,:[]{}\"aAbcdefgURFDLBWYOGrwgyobx'\x00é²ß\x1c"
_MOVES = re.compile(r"^([URFDLB]['2]?( [URFDLB]['2]?)*)?( \(\d+\*?\))?$")


def _run(capsys, monkeypatch, argv: list[str], stdin: bytes = b"") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8", errors="strict"))
    try:
        code = main(argv)
    except SystemExit as exc:  # only argparse's --help may exit; anything else is a defect
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def _check(code: int, out: str, err: str) -> None:
    """Exit 0 or 2; every stderr line is one short error line; exit 2 says at least one."""
    assert code in (0, 2), err
    lines = err.splitlines()
    if code == 2:
        assert lines, "exit code 2 without an error line"
    for line in lines:
        assert (line.startswith(ERROR_PREFIX) or line.startswith("note: ")) and len(line) <= MAX_ERROR_LINE, err


def _check_solutions(stdin: bytes, out: str) -> None:
    """After exit 0 every input line was a cube and was answered: each answer takes its cube to solved."""
    cubes = [line.strip() for line in stdin.decode("utf-8").split("\n") if line.strip()]  # lines end at \n only
    answers = out.splitlines()
    assert len(answers) == len(cubes), out
    for cube, answer in zip(cubes, answers, strict=True):
        assert _MOVES.match(answer), answer
        moves = answer.split(" (")[0]
        assert parse_algorithm(moves).state(start=from_kociemba(cube)).is_solved()


def _mutate(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(chars) or 1)
        kind = rng.randrange(4)
        if kind == 0 and chars:
            chars[i] = rng.choice(ALPHABET)
        elif kind == 1 and chars:
            del chars[i]
        elif kind == 2:
            chars.insert(i, rng.choice(ALPHABET))
        else:  # a line break moved: splits a row or joins two
            chars.insert(i, "\n") if rng.random() < 0.5 else chars.insert(i, " ")
    return "".join(chars)


def _stdin_case(capsys, monkeypatch, command: str, data: bytes) -> None:
    code, out, err = _run(capsys, monkeypatch, [command, *EXTRA_ARGS.get(command, [])], data)
    _check(code, out, err)
    if command == "solve" and code == 0:
        _check_solutions(data, out)


@pytest.mark.parametrize("command", sorted(STDIN_INPUTS))
def test_valid_samples_are_answered(capsys, monkeypatch, command):
    code, out, err = _run(capsys, monkeypatch, [command, *EXTRA_ARGS.get(command, [])], STDIN_INPUTS[command].encode())
    assert code == 0 and err == "" and out.strip()


@pytest.mark.parametrize("command", sorted(STDIN_INPUTS))
@FUZZ
@given(text=st.text(alphabet=st.sampled_from(ALPHABET), max_size=80))
def test_random_text(capsys, monkeypatch, command, text):
    _stdin_case(capsys, monkeypatch, command, text.encode())


@pytest.mark.parametrize("command", sorted(STDIN_INPUTS))
@FUZZ
@given(data=st.binary(max_size=120))
def test_random_bytes(capsys, monkeypatch, command, data):
    _stdin_case(capsys, monkeypatch, command, data)


@pytest.mark.parametrize("command", sorted(STDIN_INPUTS))
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_valid_input(capsys, monkeypatch, command, seed):
    _stdin_case(capsys, monkeypatch, command, _mutate(STDIN_INPUTS[command], random.Random(seed)).encode())


@pytest.mark.parametrize("command", sorted(ARGV_INPUTS))
@FUZZ_SLOW
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_command_lines(capsys, monkeypatch, command, seed):
    rng = random.Random(seed)
    argv = [_mutate(arg, rng) if rng.random() < 0.4 else arg for arg in ARGV_INPUTS[command]]
    code, out, err = _run(capsys, monkeypatch, [command, *argv])
    _check(code, out, err)
    if code == 0 and command == "scramble":
        for line in out.splitlines():
            parse_algorithm(line)  # every printed scramble reads back as notation


_SOMA_TEXT = (PUZZLES_DIR / "soma.json").read_text()
_NUMBERS = re.compile(r"-?\d+")


def _mutate_puzzle(rng: random.Random) -> str:
    """Soma's file with its text or its numbers disturbed: shapes, counts and boxes change, some stay valid."""
    if rng.random() < 0.5:
        return _mutate(_SOMA_TEXT, rng)
    numbers = list(_NUMBERS.finditer(_SOMA_TEXT))
    target = rng.choice(numbers)
    value = rng.choice(["-1", "0", "2", "3", "7", "64", "1e3", "9" * 5000, "true", "[]", "1.0"])
    return _SOMA_TEXT[: target.start()] + value + _SOMA_TEXT[target.end() :]


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_mutated_puzzle_files(capsys, monkeypatch, tmp_path, seed):
    path = tmp_path / "puzzle.json"
    path.write_text(_mutate_puzzle(random.Random(seed)), encoding="utf-8")
    code, out, err = _run(capsys, monkeypatch, ["pack", str(path), "--count"])
    _check(code, out, err)
    if code == 0:
        assert re.search(r"^solutions: \d+$", out, re.MULTILINE), out
        json.loads(path.read_text())  # only well-formed JSON may be accepted
