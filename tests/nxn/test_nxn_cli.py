"""`cubeviz-solve solve` on facelet strings of any size and `cubeviz-solve scramble --size N`."""

from __future__ import annotations

import io
import re

import pytest

from solvers.cli import main
from tests.nxn.sticker_model import StickerModel


def _run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _scrambled(n: int, text: str) -> StickerModel:
    model = StickerModel(n)
    model.apply(text)
    return model


def test_solve_reads_any_size_from_the_line_length(capsys, monkeypatch):
    cubes = [_scrambled(2, "R U F'"), _scrambled(4, "Rw U2 2R' F L' 3Fw"), _scrambled(5, "M R U 2L' Bw2")]
    lines = "\n".join(cube.facelets() for cube in cubes) + "\n"
    code, out, err = _run(capsys, monkeypatch, ["solve"], lines)
    assert code == 0 and err == ""
    answers = out.splitlines()
    assert len(answers) == 3
    for cube, answer in zip(cubes, answers, strict=True):
        moves, count = re.fullmatch(r"(.*) \((\d+)\*?\)", answer).groups()
        assert int(count) == len([t for t in moves.split() if t[0] not in "xyz"])
        cube.apply(moves)
        assert cube.solved()


@pytest.mark.parametrize(("metric", "scramble", "optimum"), [("htm", "R U2 F' R", 4), ("qtm", "R U2 F' R", 5)])
def test_a_2x2x2_line_is_solved_optimally_in_the_metric_asked(capsys, monkeypatch, metric, scramble, optimum):
    """The God's-table solver takes 24-letter lines: the answer is proven (`*`), as short as the scramble allows."""
    cube = _scrambled(2, scramble)
    code, out, err = _run(capsys, monkeypatch, ["solve", "--metric", metric], cube.facelets() + "\n")
    assert code == 0 and err == ""
    moves, count = re.fullmatch(r"(.*) \((\d+)\*\)\n", out).groups()
    quarters = sum(2 if token.endswith("2") else 1 for token in moves.split())
    assert int(count) == (len(moves.split()) if metric == "htm" else quarters) == optimum
    cube.apply(moves)
    assert cube.solved()


def test_solved_big_cube_prints_zero(capsys, monkeypatch):
    code, out, _ = _run(capsys, monkeypatch, ["solve"], StickerModel(6).facelets() + "\n")
    assert code == 0 and out == "(0)\n"


def test_bad_lines_name_the_line_and_exit_2(capsys, monkeypatch):
    good = _scrambled(4, "R U").facelets()
    twisted = list(StickerModel(4).facelets())
    # URF corner of a 4x4x4: U16, R1, F4 (indices 15, 16, 35); turn it a third in place
    twisted[15], twisted[16], twisted[35] = twisted[35], twisted[15], twisted[16]
    for bad, words in (("U" * 95, "95 stickers"), ("".join(twisted), "twisted")):
        code, out, err = _run(capsys, monkeypatch, ["solve"], good + "\n" + bad + "\n")
        assert code == 2
        assert err.startswith("cubeviz-solve: error: line 2: ") and words in err and len(err.splitlines()) == 1
        assert len(out.splitlines()) == 1  # the good line was answered first


def test_scramble_size_is_repeatable_and_wca_length(capsys, monkeypatch):
    code, first, _ = _run(capsys, monkeypatch, ["scramble", "--size", "5", "--count", "3", "--seed", "9"])
    _, again, _ = _run(capsys, monkeypatch, ["scramble", "--size", "5", "--count", "3", "--seed", "9"])
    _, other, _ = _run(capsys, monkeypatch, ["scramble", "--size", "5", "--count", "3", "--seed", "10"])
    assert code == 0 and first == again != other
    lines = first.splitlines()
    assert len(lines) == 3 and all(len(line.split()) == 60 for line in lines)
    model = StickerModel(5)
    model.apply(lines[0])
    assert not model.solved()


def test_scramble_without_size_or_preset_is_an_input_error(capsys, monkeypatch):
    code, _, err = _run(capsys, monkeypatch, ["scramble"])
    assert code == 2 and "--size" in err and len(err.splitlines()) == 1
    with pytest.raises(SystemExit) as caught:
        main(["scramble", "--size", "1"])
    assert caught.value.code == 2 and "--size must be from 2" in capsys.readouterr().err


def test_the_batch_task_answers_big_cube_lines_like_the_in_process_loop():
    from solvers.cluster.tasks import solve_line_task

    cube = _scrambled(4, "Rw U F 2L")
    answer, error = solve_line_task(1, cube.facelets(), {"goal": None, "metric": "htm"})
    assert error is None
    cube.apply(answer.rsplit(" (", 1)[0])
    assert cube.solved()
    answer, error = solve_line_task(2, "U" * 95, {"goal": None, "metric": "htm"})
    assert answer == "-1" and error.startswith("line 2: 95 stickers")


def test_a_cube_beyond_the_solver_is_refused_at_once(capsys, monkeypatch):
    code, out, err = _run(capsys, monkeypatch, ["solve"], "U" * (6 * 30 * 30) + "\n")
    assert code == 2 and out == "" and "30x30x30" in err and "up to 25" in err
