"""`pack` stays bounded: the up-front estimate, the refusal of runs that would hold too many solutions, streaming
to --out past the limit, and a clean Ctrl+C on a search that cannot end."""

from __future__ import annotations

import json
import math
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solvers.cli import main, pack_limits
from solvers.cli.common import CliInputError
from solvers.packing import SymmetryMode, build_cover, load_puzzle
from solvers.packing.estimate import estimate_search
from solvers.packing.puzzle_io import parse_puzzle
from solvers.packing.search import all_solutions
from solvers.packing.solution_io import read_solutions
from solvers.packing.solution_stream import SolutionFileStream

UNIT_LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+*"
DOMINOES = {  # 32 dominoes tile the 8x8 square in 12,988,816 ways (Kasteleyn; Temperley and Fisher)
    "format": "cubeviz-packing-puzzle",
    "version": 1,
    "name": "dominoes",
    "box": [8, 8, 1],
    "pieces": [{"name": "d", "cells": [[0, 0, 0], [1, 0, 0]], "count": 32}],
}
UNITS = {  # 64 different unit cubes in an 8x8x1 box: 64! solutions, a search that never ends
    "format": "cubeviz-packing-puzzle",
    "version": 1,
    "name": "units",
    "box": [8, 8, 1],
    "pieces": [{"name": letter, "cells": [[0, 0, 0]]} for letter in UNIT_LETTERS],
}


def _write(tmp_path: Path, data: dict) -> str:
    path = tmp_path / f"{data['name']}.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_estimate_is_exact_when_every_walk_is_alike():
    problem = build_cover(parse_puzzle(UNITS))
    estimate = estimate_search(problem, probes=20)
    assert estimate.solutions == pytest.approx(math.factorial(64), rel=1e-9)


@pytest.mark.parametrize(
    ("puzzle", "solutions"),
    [("dominoes", 12_988_816), ("diabolical", 624), ("soma", 11_520)],
)
def test_estimate_is_within_a_small_factor_of_the_known_count(puzzle, solutions):
    problem = build_cover(parse_puzzle(DOMINOES) if puzzle == "dominoes" else load_puzzle(puzzle))
    estimate = estimate_search(problem, probes=20_000, seconds=5.0, seed=7)
    assert solutions / 3 < estimate.solutions < solutions * 3
    assert estimate.nodes >= estimate.solutions


def test_a_run_that_would_hold_millions_of_solutions_is_refused_at_once(tmp_path, capsys):
    started = time.perf_counter()
    code = main(["pack", _write(tmp_path, DOMINOES)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "solutions expected" in err and "--count" in err and "--out" in err
    assert time.perf_counter() - started < 10


def test_past_the_limit_solutions_stream_to_the_file_unchanged(tmp_path, capsys, monkeypatch):
    held = tmp_path / "held.json"
    assert main(["pack", "diabolical", "--out", str(held)]) == 0
    capsys.readouterr()
    monkeypatch.setattr(pack_limits, "HOLD_LIMIT", 100)
    streamed = tmp_path / "streamed.json"
    assert main(["pack", "diabolical", "--out", str(streamed)]) == 0
    out = capsys.readouterr().out
    assert "solutions: 624" in out and "not computed" in out and f"written: {streamed}" in out
    assert not list(tmp_path.glob("*.part"))  # the part file became the file
    a, b = read_solutions(held), read_solutions(streamed)
    assert len(b) == 624 and b.rows.tolist() == a.rows.tolist() and not b.classes


def test_streaming_keeps_copy_numbers_of_repeated_pieces(tmp_path):
    puzzle = parse_puzzle({**DOMINOES, "box": [4, 2, 1], "pieces": [{**DOMINOES["pieces"][0], "count": 4}]})
    problem = build_cover(puzzle)
    tilings = all_solutions(problem)
    assert len(tilings) == 5  # the 2x4 rectangle has five domino tilings
    path = tmp_path / "tilings.json"
    with SolutionFileStream(path, problem, SymmetryMode.NONE) as stream:
        for rows in tilings:
            stream.add(rows)
    back = read_solutions(path)
    assert sorted(map(sorted, back.rows.tolist())) == sorted(map(sorted, tilings.tolist()))


def test_an_interrupted_stream_leaves_no_file(tmp_path):
    problem = build_cover(load_puzzle("soma"))
    path = tmp_path / "cut.json"
    with pytest.raises(KeyboardInterrupt), SolutionFileStream(path, problem, SymmetryMode.NONE) as stream:
        stream.add(list(range(7)))
        raise KeyboardInterrupt
    assert list(tmp_path.iterdir()) == []


def test_holding_more_than_the_limit_without_a_file_is_refused(monkeypatch):
    monkeypatch.setattr(pack_limits, "HOLD_LIMIT", 3)
    kept = pack_limits.KeptSolutions(build_cover(load_puzzle("soma")), SymmetryMode.NONE, None)
    for _ in range(3):
        kept.add((1, 2, 3))
    with pytest.raises(CliInputError, match="more than 3 solutions"):
        kept.add((1, 2, 3))


def _default_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_an_endless_search_is_announced_and_stops_cleanly_on_ctrl_c(tmp_path):
    command = [sys.executable, "-m", "solvers", "pack", _write(tmp_path, UNITS), "--count"]
    child = subprocess.Popen(  # Ctrl+C as in a terminal, even when this test runs with SIGINT ignored
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_default_interrupt
    )
    try:
        note = child.stderr.readline()
        assert note.startswith("note: ") and "years" in note and "Ctrl+C" in note
        time.sleep(1.0)  # in the search by now, or still compiling it: both must end on Ctrl+C
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()  # a search that did not stop must not outlive the test
    assert child.returncode == 130
    assert err.strip() == "cubeviz-solve: error: interrupted" and "Traceback" not in err
