"""`pocket-distance`, `pocket-fru`, `pocket-count`: seed formats and figures, cross-checks, malformed input."""

from __future__ import annotations

import io

import numpy as np
import pytest

from solvers.cli import main
from solvers.cube.moves import Move, move_state, whole_cube_rotations
from solvers.cube.pocket_formats import state_from_fru_permutation
from solvers.cube.state import CubeState
from solvers.pocket.samples import colours_of, net_pair_text, random_states

FRU_SAMPLE = "10 11 9 5 3 4 6 7 8 22 23 21 1 2 0 14 12 13 18 19 20 17 15 16"
FRU_ANSWER = [
    "2",
    "U-",
    "0 1 2 11 9 10 6 7 8 22 23 21 12 13 14 4 5 3 18 19 20 17 15 16",
    "R-",
    " ".join(str(i) for i in range(24)),
]
FRU = {"F+": Move.F1, "F2": Move.F2, "F-": Move.F3, "R+": Move.R1, "R2": Move.R2, "R-": Move.R3}
FRU |= {"U+": Move.U1, "U2": Move.U2, "U-": Move.U3}


def _run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_fru_reproduces_the_seed_sample(capsys, monkeypatch):
    code, lines, err = _run(capsys, monkeypatch, ["pocket-fru"], FRU_SAMPLE + "\n")
    assert code == 0 and err == "" and lines == FRU_ANSWER


def test_fru_each_printed_state_follows_from_the_printed_move(capsys, monkeypatch):
    rng = np.random.default_rng(3)
    start = state_from_fru_permutation([int(x) for x in FRU_SAMPLE.split()])
    states = [start]
    for m in rng.choice([Move.F1, Move.R2, Move.U3, Move.R1, Move.F2, Move.U1], size=8):
        states.append(states[-1] * move_state(2, Move(int(m))))
    from solvers.cube.pocket_formats import format_fru_permutation

    code, lines, _ = _run(capsys, monkeypatch, ["pocket-fru"], format_fru_permutation(states[-1]) + "\n")
    n = int(lines[0])
    assert code == 0 and n <= 8 and len(lines) == 1 + 2 * n
    state = states[-1]
    for name, after in zip(lines[1::2], lines[2::2], strict=True):
        state = state * move_state(2, FRU[name])
        assert format_fru_permutation(state) == after
    assert lines[-1] == " ".join(str(i) for i in range(24))


def test_count_gives_the_recoloured_answer(capsys):
    code = main(["pocket-count", "YYYYGGGGOOOOOOOOGGGGYYYY"])
    lines = capsys.readouterr().out.splitlines()
    assert code == 0 and lines[0] == "229878"
    histogram = [int(line.split()[1]) for line in lines[1:]]
    assert sum(histogram) == 229878 and histogram[0] == 1


def _bfs_distance(a: CubeState, b: CubeState, limit: int = 4) -> int | None:
    """Independent: quarter turns from a until the colours match b seen from any side."""
    rotations = whole_cube_rotations(2)
    target = {(b * q).colours().tobytes() for q in rotations}
    turns = [move_state(2, m) for m in Move if m.quarter_turns != 2]
    frontier, seen = [a], {a.colours().tobytes()}
    for depth in range(limit + 1):
        if any(s.colours().tobytes() in target for s in frontier):
            return depth
        nxt = []
        for s in frontier:
            for t in turns:
                u = s * t
                if (key := u.colours().tobytes()) not in seen:
                    seen.add(key)
                    nxt.append(u)
        frontier = nxt
    return None


def test_distance_reads_net_pairs_and_agrees_with_bfs(capsys, monkeypatch):
    rng = np.random.default_rng(7)
    cp, co = random_states(4, rng)
    a_states = [CubeState.from_arrays(2, cp[i], co[i]) for i in range(4)]
    scrambles = [[], [Move.R1], [Move.U3, Move.F1], [Move.R1, Move.U1, Move.F3]]
    b_states = [s for s in a_states]
    for i, moves in enumerate(scrambles):
        for m in moves:
            b_states[i] = b_states[i] * move_state(2, m)
    a_colours = np.array([s.colours() for s in a_states])
    b_colours = np.array([s.colours() for s in b_states])
    text = net_pair_text(a_colours, b_colours, rng).decode()
    code, lines, err = _run(capsys, monkeypatch, ["pocket-distance"], text)
    assert code == 0 and err == ""
    assert [int(x) for x in lines] == [_bfs_distance(a, b) for a, b in zip(a_states, b_states, strict=True)]
    assert [int(x) for x in lines] == [0, 1, 2, 3]


def test_distance_handles_many_random_pairs(capsys, monkeypatch):
    rng = np.random.default_rng(11)
    a = colours_of(*random_states(2000, rng))
    b = colours_of(*random_states(2000, rng))
    code, lines, _ = _run(capsys, monkeypatch, ["pocket-distance"], net_pair_text(a, b, rng).decode())
    values = [int(x) for x in lines]
    assert code == 0 and len(values) == 2000 and min(values) >= 0 and max(values) <= 14


@pytest.mark.parametrize(
    ("argv", "stdin", "needle"),
    [
        (["pocket-fru"], "1 2 3\n", "line 1"),
        (["pocket-fru"], FRU_SAMPLE.replace("18 19 20", "19 18 20") + "\n", "18 19 20"),
        (["pocket-fru"], FRU_SAMPLE.replace("10 ", "x ", 1) + "\n", "'x'"),
        (["pocket-count", "YYYYGGGGOOOOOOOOGGGGYYY"], "", "24 letters"),
        (["pocket-count", "YYYYGGGGOOOOOOOOGGGGYY1Y"], "", "'1'"),
        (["pocket-distance"], "", ""),
        (["pocket-distance"], "1\nA A | A A\n", "pair 1"),
    ],
)
def test_malformed_input_is_one_line_and_exit_2(capsys, monkeypatch, argv, stdin, needle):
    code, _, err = _run(capsys, monkeypatch, argv, stdin)
    assert code == 2 and needle in err and err.count("\n") == 1 and "Traceback" not in err


def test_keep_going_answers_the_rest(capsys, monkeypatch):
    text = f"1 2 3\n{FRU_SAMPLE}\n"
    code, lines, err = _run(capsys, monkeypatch, ["pocket-fru", "--keep-going"], text)
    assert code == 2 and lines[0] == "-1" and lines[1:] == FRU_ANSWER and "line 1" in err
