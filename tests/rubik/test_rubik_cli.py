"""`cubeviz-solve solve` and `rubik-qtm`: output formats, answers that solve their cubes, and bad input."""

from __future__ import annotations

import re

import pytest

from solvers.cli import main
from solvers.cube import apply_moves, from_kociemba, parse_algorithm, to_kociemba
from solvers.cube.geometry import Face
from solvers.cube.letter_net import NET_FACES, net_turn_move, read_net, write_net
from solvers.cube.moves import Move
from solvers.cube.state import CubeState

SOLVED = CubeState.solved(3)
LINE = re.compile(r"^(?P<moves>(?:[URFDLB][2']? )*)\((?P<length>\d+)(?P<star>\*?)\)$")


def _run(capsys, monkeypatch, argv, stdin=""):
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


@pytest.mark.parametrize("solver", ["twophase", "optimal"])
def test_solve_prints_moves_and_length(capsys, monkeypatch, solver):
    algs = ["", "R U R' F2", "U2 D2 F2 B2 L2 R2"]
    text = "\n".join(to_kociemba(parse_algorithm(a).state(3)) for a in algs) + "\n"
    code, lines, err = _run(capsys, monkeypatch, ["solve", "--solver", solver], text)
    assert code == 0 and err == "" and len(lines) == 3
    for alg, line in zip(algs, lines, strict=True):
        match = LINE.match(line)
        assert match, line
        state = from_kociemba(to_kociemba(parse_algorithm(alg).state(3)))
        solution = parse_algorithm(match["moves"]).state(3, start=state)
        assert solution == SOLVED
        assert int(match["length"]) == len(match["moves"].split())
    assert lines[0] == "(0*)"
    assert lines[1] == "F2 R U' R' (4*)"


def test_optimal_qtm_counts_quarter_turns(capsys, monkeypatch):
    text = to_kociemba(parse_algorithm("R2 U").state(3)) + "\n"
    code, lines, _ = _run(capsys, monkeypatch, ["solve", "--solver", "optimal", "--metric", "qtm"], text)
    assert code == 0 and lines == ["U' R2 (3*)"]


def test_bad_lines_name_the_line_and_exit_2(capsys, monkeypatch):
    good = to_kociemba(SOLVED)
    bad = good[:-1] + "X"
    code, lines, err = _run(capsys, monkeypatch, ["solve"], f"{good}\n{bad}\n{good}\n")
    assert code == 2 and lines == ["(0*)"]
    assert err.count("\n") == 1 and "line 2" in err and "'X'" in err
    code, lines, err = _run(capsys, monkeypatch, ["solve", "--keep-going"], f"{good}\n{bad}\nUUU\n{good}\n")
    assert code == 2 and lines == ["(0*)", "-1", "-1", "(0*)"]
    assert "line 2" in err and "line 3" in err and "Traceback" not in err


def test_twisted_corner_is_reported_not_solved(capsys, monkeypatch):
    text = to_kociemba(SOLVED)
    stickers = list(text)
    stickers[8], stickers[9], stickers[20] = "F", "U", "R"  # U9 R1 F3: the URF corner turned in place
    twisted = "".join(stickers)
    assert sorted(twisted) == sorted(text)  # every colour still nine times: only the twist is wrong
    code, lines, err = _run(capsys, monkeypatch, ["solve"], twisted + "\n")
    assert code == 2 and lines == [] and "line 1" in err and "twisted" in err


def test_max_time_must_be_positive(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["solve", "--max-time", "-1"])
    assert exc.value.code == 2


def test_letter_net_turn_numbering_matches_the_physical_cube():
    """Seed turn 0 is L clockwise seen from the left: U's left column goes down onto F's left column."""
    assert NET_FACES == (Face.L, Face.F, Face.R, Face.B, Face.U, Face.D)
    assert net_turn_move(0) == Move.L1 and net_turn_move(1) == Move.L3 and net_turn_move(9) == Move.U3
    before = write_net(parse_algorithm("R U F").state(3), "abcdef")
    after = write_net(parse_algorithm("R U F L").state(3), "abcdef")
    # net positions: U 0-8 (rows of 3), band rows of 12 from 9 (L F R B), D 45-53
    assert after[12] == before[0] and after[24] == before[3] and after[36] == before[6]  # U left -> F left
    assert after[11] == before[9]  # L's top-left corner sticker turns to its top-right


def test_rubik_qtm_reads_seed_format_and_answers_optimally(capsys, monkeypatch):
    algs = ["", "R U", "F R' U2"]
    nets = [write_net(parse_algorithm(a).state(3), "wrgyob") for a in algs]
    text = f"{len(nets)}\n" + "\n".join(" ".join(net[i : i + 9] for i in range(0, 54, 9)) for net in nets) + "\n"
    code, lines, err = _run(capsys, monkeypatch, ["rubik-qtm"], text)
    assert code == 0 and err == ""
    assert lines[0] == "0"
    assert lines[1] == "2" and lines[3] == "4"
    for net, count_line, pairs_line in ((nets[1], lines[1], lines[2]), (nets[2], lines[3], lines[4])):
        numbers = [int(x) for x in pairs_line.split()]
        pairs = list(zip(numbers[::2], numbers[1::2], strict=True))
        assert len(pairs) == int(count_line)
        moves = [net_turn_move(2 * face + (0 if direction == 1 else 1)) for face, direction in pairs]
        assert apply_moves(read_net(net), moves) == SOLVED


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "empty input"),
        ("x", "number of cases"),
        ("2\n" + "w" * 54, "ends early"),
        ("1\n" + "W" * 54, "unexpected characters"),
        ("1\n" + "w" * 54, "case 1"),
    ],
)
def test_rubik_qtm_bad_input(capsys, monkeypatch, text, needle):
    code, _, err = _run(capsys, monkeypatch, ["rubik-qtm"], text)
    assert code == 2 and needle in err and "Traceback" not in err and err.count("\n") == 1


def test_rubik_qtm_answers_only_the_cases_announced(capsys, monkeypatch):
    nets = [write_net(parse_algorithm(a).state(3), "wrgyob") for a in ("R U", "F")]
    text = "1\n" + "\n".join(nets) + "\n" + nets[0][:20] + "\n"  # T=1, two complete nets and a fragment
    code, lines, err = _run(capsys, monkeypatch, ["rubik-qtm", "--keep-going"], text)
    assert code == 2 and lines[0] == "2" and len(lines) == 2  # one answer: case 1 (2 moves, then the pairs)
    assert "more net(s) than the 1 cases announced" in err
