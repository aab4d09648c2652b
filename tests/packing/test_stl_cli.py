"""`cubeviz-solve stl`: the files it writes read back closed and complete, solutions taken from a solution file or
found by a search, and every bad command line refused with one line and exit code 2, writing nothing."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from stl_reader import edge_problems, read_stl, shells, volume

from solvers.cli import main
from solvers.packing import SymmetryMode, build_cover, load_puzzle
from solvers.packing.pykernel import iter_solutions
from solvers.packing.queries import with_classes
from solvers.packing.solution_io import write_solutions


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _closed(path) -> object:
    stl = read_stl(path.read_bytes())
    assert edge_problems(stl) == []
    return stl


def test_pieces_one_file_each(capsys, tmp_path):
    code, out, _ = _run(capsys, "stl", "slothouber-graatsma", "--pieces", "--gap", "0", "--out", str(tmp_path / "sg"))
    assert code == 0
    files = sorted((tmp_path / "sg").iterdir())
    assert [f.name for f in files] == ["01-S-x6.stl", "02-u-x3.stl"]
    assert f"written: {files[0]} (print 6)" in out.splitlines()
    assert volume(_closed(files[0]).corners) == pytest.approx(4000.0)
    assert volume(_closed(files[1]).corners) == pytest.approx(1000.0)


def test_plate_holds_every_copy(capsys, tmp_path):
    out_file = tmp_path / "plate.stl"
    code, out, _ = _run(capsys, "stl", "slothouber-graatsma", "--plate", "--unit", "5", "--out", str(out_file))
    assert code == 0
    stl = _closed(out_file)
    assert len(shells(stl)) == 9
    lines = out.splitlines()
    assert lines[0] == "puzzle: slothouber-graatsma"
    assert lines[-1] == f"written: {out_file} ({len(stl.corners)} triangles)"
    size = np.ptp(stl.corners.reshape(-1, 3), axis=0)
    assert lines[-2] == f"size: {size[0]:.1f} x {size[1]:.1f} x {size[2]:.1f} mm"


def test_bevel_chamfers_every_edge(capsys, tmp_path):
    code, _, _ = _run(
        capsys, "stl", "slothouber-graatsma", "--pieces", "--bevel", "1", "--gap", "0", "--out", str(tmp_path)
    )
    assert code == 0
    stl = _closed(tmp_path / "02-u-x3.stl")
    assert len(stl.corners) == 44  # 6 faces, 12 edge strips, 8 corner triangles
    assert volume(stl.corners) == pytest.approx(8**3 + 6 * 64 + 6 * 8 + 4 / 3)  # an 8 mm core grown by 1 mm


def test_solution_from_a_solution_file(capsys, tmp_path):
    problem = build_cover(load_puzzle("soma"))
    rows = [next(iter_solutions(problem))]
    solutions_file = tmp_path / "soma.json"
    write_solutions(solutions_file, with_classes(problem, np.array(rows), SymmetryMode.NONE))
    out_file = tmp_path / "solution.stl"
    code, out, _ = _run(capsys, "stl", str(solutions_file), "--solution", "1", "--out", str(out_file))
    assert code == 0
    assert f"solution 1: {problem.labels(rows[0])}" in out.splitlines()
    stl = _closed(out_file)
    assert len(shells(stl)) == 7
    assert np.ptp(stl.corners.reshape(-1, 3), axis=0).tolist() == pytest.approx([29.8] * 3)


def test_solution_found_by_a_search(capsys, tmp_path):
    out_file = tmp_path / "dog.stl"
    code, out, _ = _run(capsys, "stl", "soma-dog", "--solution", "2", "--gap", "0.2", "--out", str(out_file))
    assert code == 0
    labels = next(line for line in out.splitlines() if line.startswith("solution 2: ")).split(": ")[1]
    puzzle = load_puzzle("soma-dog")
    assert Counter(labels) == {p.name: len(p.cells) for p in puzzle.pieces}
    assert len(shells(_closed(out_file))) == 7


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["soma", "--solution", "1", "--gap", "0"], "--solution needs a --gap above 0"),
        (["soma", "--plate", "--gap", "3"], "below a quarter of the unit (2.5 mm), not 3"),
        (["soma", "--plate", "--unit", "nan"], "the unit must be a number of millimetres"),
        (["soma", "--plate", "--gap", "1", "--bevel", "2"], "the bevel must be at least 0 and, with the gap, below"),
        (["soma-snake", "--solution", "3"], "soma-snake has 2 solution(s) up to rotation; there is no solution 3"),
        (["nosuch", "--plate"], "nosuch: no such puzzle file or shipped puzzle"),
    ],
)
def test_bad_command_lines_get_one_line_and_write_nothing(capsys, tmp_path, argv, message):
    out_file = tmp_path / "x.stl"
    code, _, err = _run(capsys, "stl", *argv, "--out", str(out_file))
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert not out_file.exists()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["soma", "--plate", "--unit", "ten"], "argument --unit: 'ten' is not a length in millimetres"),
        (["soma", "--solution", "0"], "solutions are numbered from 1, not 0"),
        (["soma"], "one of the arguments --pieces --plate --solution is required"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(capsys, tmp_path, argv, message):
    out_file = tmp_path / "x.stl"
    with pytest.raises(SystemExit) as info:
        main(["stl", *argv, "--out", str(out_file)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert not out_file.exists()


def test_unwritable_outputs_are_named(capsys, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = _run(capsys, "stl", "soma", "--pieces", "--out", str(blocker))
    assert code == 2
    assert "is a file: --pieces writes one file per piece into a folder" in err
    code, _, err = _run(capsys, "stl", "soma", "--plate", "--out", str(tmp_path / "missing" / "x.stl"))
    assert code == 2
    assert "cannot write" in err and "No such file or directory" in err


def test_too_high_solution_number_in_a_file(capsys, tmp_path):
    problem = build_cover(load_puzzle("soma"))
    solutions_file = tmp_path / "soma.json"
    write_solutions(solutions_file, with_classes(problem, np.array([next(iter_solutions(problem))]), SymmetryMode.NONE))
    code, _, err = _run(capsys, "stl", str(solutions_file), "--solution", "2", "--out", str(tmp_path / "x.stl"))
    assert code == 2
    assert "the file holds 1 solution(s); there is no solution 2" in err
