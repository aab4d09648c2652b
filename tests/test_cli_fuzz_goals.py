"""Fuzz `solve --goal` and `scramble` through the real entry point: goal text with Unicode that case mapping
would stretch or shrink, mutated patterns of real cubes, and odd option values end in answers that reach the goal
(exit 0) or in one short error line (exit 2), never in a traceback.

The budget follows ``CUBEVIZ_FUZZ_EXAMPLES`` as the other fuzz tests do (``benchmarks/fuzz_long.py``).
"""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st
from test_cli_fuzz import FUZZ, FUZZ_SLOW, _check, _run

from solvers.cube import from_kociemba, parse_algorithm, to_kociemba
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState

SHALLOW = parse_algorithm("R U F'").state()
CUBE_LINE = (to_kociemba(SHALLOW) + "\n").encode()
CENTRES = (4, 13, 22, 31, 40, 49)
# letters, grey, ASCII spaces, and characters whose case mapping changes their length or leaves ASCII
GOAL_ALPHABET = "URFDLBurfdlb.. \t\ufb02\ufb01\u0130\u0131\u00df\u017f\u212a\u2003\u00a0\u01c5x0\n"


def _reaches(pattern: str, out: str) -> None:
    """Every answer line takes the cube to a state showing each non-grey sticker of `pattern`."""
    stickers = "".join(c for c in pattern if c not in " \t\r\n\f\v").upper()
    for line in out.splitlines():
        if not line:
            continue
        moves = "" if line.startswith("(") else line.rsplit(" (", 1)[0]  # "(0*)": nothing to do
        shown = to_kociemba(parse_algorithm(moves).state(start=SHALLOW))
        assert all(want in (".", got) for want, got in zip(stickers, shown, strict=True)), (pattern, line)


@FUZZ
@given(text=st.text(alphabet=st.sampled_from(GOAL_ALPHABET), min_size=50, max_size=58))
def test_random_goal_text(capsys, monkeypatch, text):
    code, out, err = _run(capsys, monkeypatch, ["solve", "--goal", text, "--max-time", "2"], CUBE_LINE)
    _check(code, out, err)
    if code == 0:
        assert text.isascii()  # nothing outside ASCII may be read as a sticker
        _reaches(text, out)


@FUZZ_SLOW  # each new pattern builds its own tables: about two seconds an example
@given(seed=st.integers(0, 2**32 - 1), keep=st.floats(0.0, 0.12), swaps=st.integers(0, 2))
def test_mutated_patterns_of_real_cubes(capsys, monkeypatch, seed, keep, swaps):
    """A real cube's stickers, most grey, some exchanged: what is accepted is reached, what is refused is one line."""
    rng = random.Random(seed)
    shown = list(to_kociemba(random_state(3, rng)))
    for _ in range(swaps):
        a, b = rng.sample([i for i in range(54) if i not in CENTRES], 2)
        shown[a], shown[b] = shown[b], shown[a]
    pattern = "".join(c if i in CENTRES or rng.random() < keep else "." for i, c in enumerate(shown))
    code, out, err = _run(capsys, monkeypatch, ["solve", "--goal", pattern, "--max-time", "0.5"], CUBE_LINE)
    _check(code, out, err)
    if code == 0:
        _reaches(pattern, out)


@FUZZ
@given(
    limit=st.one_of(st.integers(-(2**70), 2**70).map(str), st.text(max_size=6)),
    colour=st.sampled_from(["D", "any", "u", "\u0111", "", "DD", "\u212a"]),
)
def test_goal_options(capsys, monkeypatch, limit, colour):
    argv = ["solve", "--goal", "cross", "--colour", colour, "--all", "--limit", limit, "--max-time", "2"]
    code, out, err = _run(capsys, monkeypatch, argv, CUBE_LINE)
    _check(code, out, err)


@FUZZ
@given(seed=st.one_of(st.integers(-(2**70), 2**70).map(str), st.text(max_size=6)), colour=st.text(max_size=3))
def test_scramble_options(capsys, monkeypatch, seed, colour):
    code, out, err = _run(capsys, monkeypatch, ["scramble", "--solved", "cross", "--seed", seed, "--colour", colour])
    _check(code, out, err)
    if code == 0:
        assert int(seed) >= 0
        state = parse_algorithm(out.strip()).state()
        assert state != CubeState.solved(3) or out.strip() == ""
        from_kociemba(to_kociemba(state))  # a real cube
