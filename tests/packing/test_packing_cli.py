"""`cubeviz-solve soma` and `pack`: the Soma 27-cell lines sample, sorted output, exact covers, solution files, bad
input."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest

from solvers.cli import main
from solvers.packing import load_puzzle

SOMA_SAMPLE = ["aa.a..a....................", ".........a..a..aa.........."]
# The seed's printed sample output shows these among the first case's answers (not in order, as the seed admits).
SOMA_FIRST_CASE_SHOWS = {"aababbadcggeffcddcgeegfedfc", "aababbadceffgdcgdceefedfggc", "aababbadcffegfcddcfeeggedgc"}
SOMA_SECOND_CASE_SHOWS = "adcaccaacfddfebgeeffdggbgeb"


def _run(capsys, monkeypatch, argv, stdin=""):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def _cases(out: str) -> list[list[str]]:
    """Split soma output into cases: each case's lines end with one blank line."""
    assert out.endswith("\n\n")
    return [block.split("\n") for block in out[:-2].split("\n\n")]


def _shape_of(letter: str, text: str) -> set[tuple[int, int, int]]:
    """The cells of `letter` in a 27-letter string as (plane, row, column), moved to touch the origin."""
    cells = [(i // 9, i // 3 % 3, i % 3) for i, c in enumerate(text) if c == letter]
    low = [min(cell[k] for cell in cells) for k in range(3)]
    return {tuple(cell[k] - low[k] for k in range(3)) for cell in cells}


def _piece_shapes() -> dict[str, int]:
    return {piece.name: len(piece.cells) for piece in load_puzzle("soma").pieces}


def test_seed_sample_gives_sorted_exact_covers_with_a_blank_line_after_each_case(capsys, monkeypatch):
    code, out, err = _run(capsys, monkeypatch, ["soma"], "\n".join(SOMA_SAMPLE) + "\n\n")
    assert code == 0 and err == ""
    first, second = _cases(out)
    for case, a_cells in zip((first, second), SOMA_SAMPLE, strict=True):
        assert case == sorted(case) and len(set(case)) == len(case)
        sizes = _piece_shapes()
        for answer in case:
            assert len(answer) == 27
            assert Counter(answer) == Counter(sizes)  # every piece once, each with its own number of cells
            assert _shape_of("a", answer) == _shape_of("a", a_cells)  # a translated, never rotated
    assert set(first) >= SOMA_FIRST_CASE_SHOWS
    assert SOMA_SECOND_CASE_SHOWS in second


def test_input_ends_at_the_first_empty_line(capsys, monkeypatch):
    code, out, _ = _run(capsys, monkeypatch, ["soma"], f"{SOMA_SAMPLE[0]}\n\n{SOMA_SAMPLE[1]}\n")
    assert code == 0 and len(_cases(out)) == 1


@pytest.mark.parametrize(
    ("line", "needle"),
    [
        ("aa.a..a...", "27"),
        ("aa.a..a...................x", "line 1"),
        ("a.a.......................a", "line 1"),  # not piece a's shape
        (".a" * 13 + ".", "line 1"),
    ],
)
def test_malformed_lines_exit_2_with_one_line_naming_the_line(capsys, monkeypatch, line, needle):
    code, out, err = _run(capsys, monkeypatch, ["soma"], line + "\n")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("cubeviz-solve: error: line 1") and needle in err


def test_keep_going_answers_the_good_lines_after_a_bad_one(capsys, monkeypatch):
    code, out, err = _run(capsys, monkeypatch, ["soma", "--keep-going"], f"bad\n{SOMA_SAMPLE[0]}\n")
    assert code == 2 and "line 1" in err
    assert len(_cases(out)[0]) > 0


def test_pack_counts_and_solution_file(capsys, monkeypatch, tmp_path: Path):
    out_file = tmp_path / "soma.json"
    code, out, err = _run(capsys, monkeypatch, ["pack", "soma", "--up-to", "rotation", "--out", str(out_file)])
    assert code == 0 and err == ""
    assert "solutions up to rotation: 480" in out and "classes up to mirror: 240" in out
    data = json.loads(out_file.read_text())
    assert data["format"] == "cubeviz-packing-solutions" and data["count"] == 480 == len(data["solutions"])
    assert len(set(data["solutions"])) == 480


def test_pack_count_only(capsys, monkeypatch):
    code, out, _ = _run(capsys, monkeypatch, ["pack", "soma", "--count"])
    assert code == 0 and "solutions: 11520" in out


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["pack", "no-such-puzzle"], "no such puzzle"),
        (["pack", "soma", "--count", "--out", "x.json"], "--count"),
    ],
)
def test_pack_bad_arguments(capsys, monkeypatch, argv, needle):
    code, out, err = _run(capsys, monkeypatch, argv)
    assert code == 2 and needle in err and err.count("\n") == 1


def test_pack_malformed_puzzle_file(capsys, monkeypatch, tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cubeviz-packing-puzzle", "version": 1, "name": "x", "pieces": [], "box": [1,1,1]}')
    code, out, err = _run(capsys, monkeypatch, ["pack", str(bad)])
    assert code == 2 and out == "" and "pieces" in err and err.count("\n") == 1
