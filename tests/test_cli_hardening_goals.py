"""Goals and scrambles that cannot be turned against the user: text checked before any case mapping, goals the
cube's laws forbid refused at once with their stickers named, --all bounded by --limit and --max-time, seeds that
give the same scrambles on any machine, bounded goal-table memory. Every refusal is one line and exit code 2."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.cli import main
from solvers.cli.goals import MAX_ALL_LIMIT
from solvers.cli.pack_limits import _about, _duration
from solvers.cube import parse_algorithm
from solvers.cube.formats import from_kociemba, to_kociemba
from solvers.cube.geometry import corner_facelets, edge_facelets
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.cube.validation import InvalidCubeError, validate
from solvers.goals import goal_tables as goal_tables
from solvers.goals.goal import GoalError, parse_goal, solved_goal
from solvers.goals.presets import preset_goal
from solvers.goals.search import MAX_LIMIT, goal_search
from solvers.rubik import twophase

REPO = Path(__file__).resolve().parents[1]
ERROR = "cubeviz-solve: error: "
SOLVED = to_kociemba(CubeState.solved(3))
R_CUBE = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
CENTRES = (4, 13, 22, 31, 40, 49)


def run(capsys, tmp_path: Path, argv: list[str], cubes: str = R_CUBE) -> tuple[int, str, list[str]]:
    path = tmp_path / "cubes.txt"
    path.write_text(cubes + "\n")
    try:
        code = main([*argv, str(path)] if argv[0] == "solve" else argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err.splitlines()


def assert_refused(code: int, out: str, err: list[str], *words: str) -> None:
    """The one-line, exit-2 contract."""
    assert code == 2 and out == "" and len(err) == 1 and err[0].startswith(ERROR), err
    for word in words:
        assert word in err[0], err


def with_stickers(pattern: str, changes: dict[int, str]) -> str:
    chars = list(pattern)
    for index, letter in changes.items():
        chars[index] = letter
    return "".join(chars)


# -- the text of a goal -------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("goal", "named"),
    [
        ("\ufb02" + "." * 53, "sticker U1: '\ufb02' (U+FB02)"),  # upper() made "FL": U1=F, U2=L was solved
        ("." * 52 + "\ufb02x", "sticker B8: '\ufb02' (U+FB02)"),  # upper() made 55 letters: a Face(6) traceback
        ("." * 20 + "\u0130" + "." * 33, "sticker F3: '\u0130' (U+0130)"),  # dotted capital I
        ("." * 10 + "\u2003" + "." * 43, "(U+2003)"),  # an em space is not a space a goal may hold
    ],
)
def test_goal_text_is_checked_before_any_case_mapping(capsys, tmp_path, goal, named):
    assert_refused(*run(capsys, tmp_path, ["solve", "--goal", goal]), "--goal:", named)


def test_lower_case_letters_and_spaces_still_read():
    pattern = " ".join(SOLVED[i : i + 9].lower() for i in range(0, 54, 9))
    assert parse_goal(pattern).constrained == list(range(20))


@pytest.mark.parametrize("limit", ["0", "-1", "100001", "1000000000000", str(2**63), "1e3", "x"])
def test_all_limit_is_bounded_in_one_line(capsys, tmp_path, limit):
    assert_refused(*run(capsys, tmp_path, ["solve", "--goal", "cross", "--all", "--limit", limit]), "--limit")


def test_library_limit_is_bounded_as_the_command_line():
    assert MAX_LIMIT == MAX_ALL_LIMIT
    with pytest.raises(ValueError, match="limit"):
        next(goal_search(CubeState.solved(3), preset_goal("cross"), limit=MAX_LIMIT + 1))


# -- goals the cube's laws forbid ------------------------------------------------------------------------------------
def _flip_uf(pattern: str) -> str:
    u8, f2 = (int(f) for f in edge_facelets(3)[1])  # UF: U8, F2
    return with_stickers(pattern, {u8: pattern[f2], f2: pattern[u8]})


def _twist_urf(pattern: str) -> str:
    a, b, c = (int(f) for f in corner_facelets(3)[0])  # URF: U9, R1, F3
    return with_stickers(pattern, {a: pattern[c], b: pattern[a], c: pattern[b]})


def _swap_uf_ur(pattern: str) -> str:
    (u6, r2), (u8, f2) = ((int(f) for f in edge_facelets(3)[e]) for e in (0, 1))  # UR, UF
    return with_stickers(pattern, {u6: pattern[u8], r2: pattern[f2], u8: pattern[u6], f2: pattern[r2]})


@pytest.mark.parametrize(
    ("make", "named"),
    [
        (_flip_uf, ["U8=F", "F2=U", "flipped edge"]),
        (_twist_urf, ["U9=F", "R1=U", "F3=R", "twisted corner"]),
        (_swap_uf_ur, ["U6=U", "R2=F", "U8=U", "F2=R", "odd permutation"]),
    ],
)
def test_goals_no_cube_reaches_are_refused_at_once_naming_the_stickers(capsys, tmp_path, make, named):
    started = time.monotonic()
    code, out, err = run(capsys, tmp_path, ["solve", "--goal", make(SOLVED)])  # before: searched for ever
    assert_refused(code, out, err, "--goal: stickers", *named)
    assert time.monotonic() - started < 5
    with pytest.raises(GoalError) as caught:
        parse_goal(make(SOLVED))
    assert caught.value.facelets  # the editor outlines them


@pytest.mark.parametrize(("make", "greyed"), [(_flip_uf, [5]), (_twist_urf, [5]), (_swap_uf_ur, [5, 6])])
def test_grey_pieces_that_can_absorb_the_fault_make_the_goal_reachable_again(make, greyed):
    """With another edge grey a flip can hide in it (a twist in another corner, a swap in two other edges): the
    goal is accepted, and a real cube (checked by the validator) shows it."""
    shown = to_kociemba(random_state(3, random.Random(5)))
    broken = make(shown)
    with pytest.raises(GoalError):
        parse_goal(broken)
    kind = corner_facelets(3) if make is _twist_urf else edge_facelets(3)
    slots = [[int(f) for f in kind[s]] for s in greyed]
    goal = parse_goal(with_stickers(broken, {f: "." for slot in slots for f in slot}))
    witnesses = []
    for order in itertools.permutations(range(len(slots))):  # the grey slots' pieces, exchanged and turned
        for turns in itertools.product(range(len(slots[0])), repeat=len(slots)):
            changes = {}
            for slot, source, turn in zip(slots, order, turns, strict=True):
                stickers = [broken[f] for f in slots[source]]
                for k, f in enumerate(slot):
                    changes[f] = stickers[(k + turn) % len(stickers)]
            candidate = with_stickers(broken, changes)
            try:
                witnesses.append(validate(candidate))
            except InvalidCubeError:
                continue
    assert witnesses and all(goal.reached_by(w) for w in witnesses)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), keep=st.floats(0.0, 1.0))
def test_any_real_cube_with_any_stickers_grey_is_a_goal(seed, keep):
    rng = random.Random(seed)
    shown = to_kociemba(random_state(3, rng))
    pattern = "".join(c if i in CENTRES or rng.random() < keep else "." for i, c in enumerate(shown))
    parse_goal(pattern)  # every such pattern is shown by that cube: never refused


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), which=st.sampled_from([_flip_uf, _twist_urf, _swap_uf_ur]))
def test_a_real_cube_broken_by_one_law_is_refused(seed, which):
    shown = to_kociemba(random_state(3, random.Random(seed)))
    with pytest.raises(GoalError, match="no cube shows"):
        parse_goal(which(shown))


# -- --all and --max-time ----------------------------------------------------------------------------------------------
def test_all_honours_max_time_and_says_it_stopped(capsys, tmp_path):
    cube = to_kociemba(random_state(3, random.Random(11)))
    started = time.monotonic()
    code, out, err = run(capsys, tmp_path, ["solve", "--goal", "f2l", "--all", "--max-time", "2"], cube)
    assert time.monotonic() - started < 60  # before: the listing ignored --max-time and ran for minutes
    assert code == 0 and len(err) == 1 and err[0].startswith(ERROR) and "--max-time" in err[0]
    answers = [line for line in out.splitlines() if line]
    assert answers
    goal = preset_goal("f2l")
    start = from_kociemba(cube)
    for line in answers:
        moves = line.rsplit(" (", 1)[0]
        assert goal.reached_by(parse_algorithm(moves).state(start=start))


# -- scrambles -------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--seed", "-5"], ["--seed", "from 0"]),
        (["--colour", "any"], ["--colour", "U R F D L B"]),
        (["--colour", "\u0111"], ["--colour"]),
    ],
)
def test_scramble_refuses_what_it_cannot_honour(capsys, tmp_path, argv, words):
    code, out, err = run(capsys, tmp_path, ["scramble", "--solved", "cross", *argv])
    assert_refused(code, out, err, *words)
    assert "any" not in err[0].split("not")[0]  # offers only what it accepts


def test_scrambles_are_a_pure_function_of_the_seed(capsys, tmp_path, monkeypatch):
    argv = ["scramble", "--solved", "cross", "--count", "12", "--seed", "7"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    runs = [
        subprocess.run([sys.executable, "-m", "solvers", *argv], env=env, capture_output=True, text=True, timeout=300)
        for _ in range(2)
    ]
    assert runs[0].returncode == 0 and runs[0].stdout == runs[1].stdout and len(runs[0].stdout.splitlines()) == 12
    clock = [0.0]

    def slow_clock() -> float:  # a machine a thousand times slower: every look at the clock finds a second gone
        clock[0] += 1.0
        return clock[0]

    monkeypatch.setattr(twophase.time, "perf_counter", slow_clock)
    code, out, _ = run(capsys, tmp_path, argv)
    assert code == 0 and out == runs[0].stdout  # before: a 0.1 s limit let the machine's speed pick the moves
    goal = preset_goal("cross")
    for line in out.splitlines():
        assert goal.reached_by(parse_algorithm(line).state())


def test_a_size_estimate_never_reads_inf():
    assert _duration(float("inf")) == _duration(1e30) == "more than 1,000,000 years"
    assert _duration(7200) == "about 2 hours"
    assert _about(float("inf")).startswith("more than") and _about(3.2e15) == "about 3.2e+15"


# -- the goal tables' memory ---------------------------------------------------------------------------------------
def test_goal_tables_stay_within_their_budget_least_recently_used_first(monkeypatch):
    monkeypatch.setattr(goal_tables, "GOAL_TABLE_BUDGET", 3 * 24**3)
    goal_tables.forget_tables()
    pieces = [(8, 9, 10), (11, 12, 13), (14, 15, 16), (17, 18, 19), (8, 12, 16)]
    built = [goal_tables.group_table(solved_goal(group), group, "htm") for group in pieces]
    assert goal_tables.loaded_bytes() <= 3 * 24**3  # before: every table ever built stayed
    assert goal_tables.group_table(solved_goal(pieces[-1]), pieces[-1], "htm") is built[-1]  # kept, not rebuilt
    again = goal_tables.group_table(solved_goal(pieces[0]), pieces[0], "htm")
    assert again is not built[0] and np.array_equal(again, built[0])  # dropped, rebuilt the same
    goal_tables.forget_tables()
    assert goal_tables.loaded_bytes() == 0


def test_the_apps_memory_report_counts_goal_tables_and_releases_them():
    from cubeviz.models.table_memory import loaded_table_bytes, release_tables

    goal_tables.forget_tables()
    before = loaded_table_bytes()
    group = (8, 9, 10)
    goal_tables.group_table(solved_goal(group), group, "htm")
    assert loaded_table_bytes() == before + 24**3
    assert release_tables() >= 24**3 and goal_tables.loaded_bytes() == 0
