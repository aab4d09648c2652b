"""Files the CLI reads back or writes cannot be turned against the user: checkpoints are read strictly and belong
to one job's content, survive a crash mid-append, and are regular files; output files never replace a device, a
FIFO or an input, and leave no part file behind. Each refusal is one short line with exit 2, before any work."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from solvers.cli import main, pack_limits
from solvers.packing.solution_io import read_solutions

ERROR = "cubeviz-solve: error: "
CLI = [sys.executable, "-m", "solvers"]


def dominoes(length: int) -> dict:
    """Dominoes filling a 2 by `length` rectangle: Fibonacci(length + 1) tilings (5 for 4, 13 for 6)."""
    return {
        "format": "cubeviz-packing-puzzle",
        "version": 1,
        "name": f"dominoes-2x{length}",
        "box": [length, 2, 1],
        "pieces": [{"name": "d", "cells": [[0, 0, 0], [1, 0, 0]], "count": length}],
    }


TILINGS = {4: 5, 5: 8, 6: 13}


def run(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, argv: list[str], *words: str) -> str:
    """Run `argv`; it must end in exit 2 with exactly one short error line holding `words`, before any output."""
    code, out, err = run(capsys, argv)
    lines = err.splitlines()
    assert code == 2, (code, out, err)
    assert len(lines) == 1 and lines[0].startswith(ERROR) and len(lines[0]) <= 250, err
    assert out == "", out  # refused before any work: not even the puzzle's name was printed
    for word in words:
        assert word in err, err
    return err


def solutions_line(out: str) -> int:
    return int(next(line for line in out.splitlines() if line.startswith("solutions")).split(": ")[1])


@pytest.fixture
def puzzle(tmp_path) -> Path:
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(dominoes(4)))
    return path


# -- checkpoints: keyed on the job's content ------------------------------------------------------------------------
def test_a_checkpoint_of_a_replaced_puzzle_is_refused_not_reused(capsys, tmp_path, puzzle):
    record = tmp_path / "k.jsonl"
    code, out, _ = run(capsys, ["pack", str(puzzle), "--count", "--checkpoint", str(record)])
    assert code == 0 and solutions_line(out) == TILINGS[4]
    puzzle.write_text(json.dumps(dominoes(6)))  # another puzzle under the same name
    refused(capsys, ["pack", str(puzzle), "--count", "--checkpoint", str(record)], "another job")
    code, out, _ = run(capsys, ["pack", str(puzzle), "--count", "--checkpoint", str(tmp_path / "new.jsonl")])
    assert code == 0 and solutions_line(out) == TILINGS[6]


def test_old_rows_are_not_written_as_a_replaced_puzzles_solutions(capsys, tmp_path, puzzle):
    record, out_file = tmp_path / "k.jsonl", tmp_path / "out.json"
    assert run(capsys, ["pack", str(puzzle), "--out", str(out_file), "--checkpoint", str(record)])[0] == 0
    before = out_file.read_bytes()
    puzzle.write_text(json.dumps(dominoes(5)))
    refused(capsys, ["pack", str(puzzle), "--out", str(out_file), "--checkpoint", str(record)], "another job")
    assert out_file.read_bytes() == before


def test_the_same_puzzle_under_another_name_resumes(capsys, tmp_path, puzzle):
    record = tmp_path / "k.jsonl"
    assert run(capsys, ["pack", str(puzzle), "--count", "--checkpoint", str(record)])[0] == 0
    lines = record.read_text().splitlines()
    moved = tmp_path / "renamed.json"
    puzzle.rename(moved)
    code, out, _ = run(capsys, ["pack", str(moved), "--count", "--checkpoint", str(record)])
    assert code == 0 and solutions_line(out) == TILINGS[4]
    assert record.read_text().splitlines() == lines  # nothing ran again


# -- checkpoints: read strictly, every field type-checked ----------------------------------------------------------
@pytest.fixture
def recorded(capsys, tmp_path, puzzle) -> tuple[Path, list[str]]:
    """A finished checkpoint of the 2x4 dominoes (with rows), and its lines."""
    record = tmp_path / "k.jsonl"
    assert run(capsys, ["pack", str(puzzle), "--out", str(tmp_path / "o.json"), "--checkpoint", str(record)])[0] == 0
    lines = record.read_text().splitlines()
    assert len(lines) >= 3 and all(json.loads(line) for line in lines)
    return record, lines


def _record(lines: list[str], task: int) -> dict:
    return next(r for r in map(json.loads, lines[1:]) if r["task"] == task)


def _forged(lines: list[str]) -> dict[str, tuple[int, str]]:
    """name -> (line number, text) of a damaged or forged line in place of that line. Forgeries of a result's
    shape carry a recomputed digest (a forger who knows the format), so the shape checks are what refuse them."""
    from solvers.cluster.checkpoint import record_digest

    header = json.loads(lines[0])
    job = header["job"]
    first = _record(lines, 0)
    count, rows = first["result"]
    other_rows = _record(lines, 1)["result"][1]

    def forged(task, result) -> str:
        return json.dumps({"task": task, "result": result, "digest": record_digest(job, task, result)})

    def raw(task: str, result: str, digest_of: int = 0) -> str:
        return f'{{"task": {task}, "result": {result}, "digest": "{record_digest(job, digest_of, first["result"])}"}}'

    return {
        "header-list": (1, "[]"),
        "header-string": (1, '"x"'),
        "header-number": (1, "1"),
        "header-without-format": (1, json.dumps({"job": job})),
        "header-version-true": (1, json.dumps({**header, "version": True})),
        "task-text": (2, forged("one", first["result"])),
        "task-fraction": (2, raw("1.9", json.dumps(first["result"]), 1)),
        "task-true": (2, raw("true", json.dumps(first["result"]), 1)),
        "task-negative": (2, forged(-1, first["result"])),
        "task-too-large": (2, forged(10_000, first["result"])),
        "duplicate-key": (2, '{"task": 0, "task": 1, ' + lines[1].split(",", 1)[1]),
        "missing-result": (2, json.dumps({"task": 0, "digest": first["digest"]})),
        "missing-digest": (2, json.dumps({"task": 0, "result": first["result"]})),
        "extra-key": (2, json.dumps({**first, "note": 1})),
        "count-edited": (2, json.dumps({**first, "result": [count + 1, rows]})),
        "digest-edited": (2, json.dumps({**first, "digest": "0" * 32})),
        "nan": (2, raw("0", "[NaN, []]")),
        "huge-float": (2, raw("0", "[1e400, []]")),
        "5000-digits": (2, raw("0", "[" + "9" * 5000 + ", []]")),
        "deep-nesting": (2, raw("0", "[" * 100_000 + "]" * 100_000)),
        "result-number": (2, forged(0, 5)),
        "result-three-list": (2, forged(0, [count, rows, 1])),
        "count-true": (2, forged(0, [True, rows])),
        "count-inflated": (2, forged(0, [count + 1, rows])),
        "rows-of-another-task": (2, forged(0, [len(other_rows), other_rows])),
        "row-twice": (2, forged(0, [count + 1, [*rows, rows[0]]])),
        "row-out-of-range": (2, forged(0, [count, [[10**6] * len(rows[0])] * count])),
        "row-not-a-cover": (2, forged(0, [count, [[0] * len(rows[0])] * count])),
        "not-utf8": (2, "\udcff"),
        "blank-line": (2, ""),
        "task-twice": (3, lines[1]),
    }


FORGERIES = [
    "header-list", "header-string", "header-number", "header-without-format", "header-version-true", "task-text",
    "task-fraction", "task-true", "task-negative", "task-too-large", "duplicate-key", "missing-result",
    "missing-digest", "extra-key", "count-edited", "digest-edited", "nan", "huge-float", "5000-digits",
    "deep-nesting", "result-number", "result-three-list", "count-true", "count-inflated", "rows-of-another-task",
    "row-twice", "row-out-of-range", "row-not-a-cover", "not-utf8", "blank-line", "task-twice",
]  # fmt: skip


@pytest.mark.parametrize("name", FORGERIES)
def test_a_damaged_or_forged_checkpoint_line_is_refused_by_its_number(capsys, tmp_path, puzzle, recorded, name):
    record, lines = recorded
    number, text = _forged(lines)[name]
    damaged = [*lines]
    damaged[number - 1] = text
    record.write_bytes("\n".join(damaged).encode("utf-8", "surrogateescape") + b"\n")
    out_file = tmp_path / "o.json"
    before = out_file.read_bytes()
    err = refused(capsys, ["pack", str(puzzle), "--out", str(out_file), "--checkpoint", str(record)])
    assert f"line {number}:" in err or (number == 1 and "another job" in err), err
    assert out_file.read_bytes() == before


def test_the_same_checkpoint_cannot_be_used_by_two_runs_at_once(tmp_path):
    from solvers.cluster.batch import Checkpoint, ClusterError

    record = tmp_path / "k.jsonl"
    with Checkpoint(record, "job", tasks=3), pytest.raises(ClusterError, match="in use by another run"):
        Checkpoint(record, "job", tasks=3)
    assert Checkpoint(record, "job", tasks=3).done == {}  # free again once the first run closed it


# -- checkpoints: a crash mid-append -------------------------------------------------------------------------------
def test_a_torn_last_record_is_dropped_with_a_note_and_does_not_poison_later_runs(capsys, tmp_path, puzzle):
    record = tmp_path / "k.jsonl"
    argv = ["pack", str(puzzle), "--count", "--checkpoint", str(record)]
    assert run(capsys, argv)[0] == 0
    lines = record.read_text().splitlines()
    torn = "\n".join(lines[:-1]) + "\n" + lines[-1][: len(lines[-1]) // 2]  # killed while writing the last one
    record.write_text(torn)
    for attempt in range(3):
        code, out, err = run(capsys, argv)
        assert code == 0 and solutions_line(out) == TILINGS[4], (attempt, err)
        assert ("cut off mid-write" in err) == (attempt == 0), err
        assert err == "" or err.startswith("note: ") and err.count("\n") == 1
    assert record.read_text().splitlines() == lines  # the torn record was cut off, then written whole


@pytest.mark.parametrize("text", ["my notes, no line break", '{"format":"cubeviz-checkpoint"}\n{"x"'])
def test_a_file_that_is_not_a_torn_checkpoint_is_refused_and_left_alone(capsys, tmp_path, puzzle, text):
    record = tmp_path / "k.jsonl"
    record.write_text(text)
    refused(capsys, ["pack", str(puzzle), "--count", "--checkpoint", str(record)], "checkpoint", "line")
    assert record.read_text() == text


def test_a_checkpoint_killed_mid_run_resumes_to_the_same_count(tmp_path, puzzle):
    """A real kill -9 of a run whose tasks are slow to record: whatever was written, the next run answers."""
    record = tmp_path / "k.jsonl"
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).parents[1])}
    command = [*CLI, "pack", str(puzzle), "--count", "--checkpoint", str(record)]
    runner = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and not (record.exists() and record.stat().st_size):
        time.sleep(0.005)
    runner.kill()
    runner.wait()
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert solutions_line(done.stdout) == TILINGS[4]


# -- checkpoints: regular files only, checked before any work ------------------------------------------------------
@pytest.mark.parametrize("kind", ["dev-zero", "dev-full", "fifo", "directory", "missing-directory", "empty"])
def test_a_checkpoint_that_is_not_a_regular_file_is_refused_before_any_work(capsys, tmp_path, puzzle, kind):
    path = {
        "dev-zero": "/dev/zero",
        "dev-full": "/dev/full",
        "fifo": str(tmp_path / "fifo"),
        "directory": str(tmp_path),
        "missing-directory": str(tmp_path / "no" / "such" / "k.jsonl"),
        "empty": "",
    }[kind]
    if kind == "fifo":
        os.mkfifo(path)
    started = time.monotonic()
    refused(capsys, ["pack", str(puzzle), "--count", "--checkpoint", path], "checkpoint" if path else "empty")
    assert time.monotonic() - started < 5
    assert not (tmp_path / "no").exists()


def test_a_checkpoint_that_is_the_input_is_refused(capsys, tmp_path, puzzle):
    refused(capsys, ["pack", str(puzzle), "--count", "--checkpoint", str(puzzle)], "is the puzzle file")
    cubes = tmp_path / "cubes.txt"
    cubes.write_text("")
    refused(capsys, ["solve", str(cubes), "--checkpoint", str(cubes)], "is the input file")
    assert cubes.read_text() == ""


# -- output files --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("how", ["same-path", "relative", "symlink", "hardlink", "dot-dot"])
def test_out_never_overwrites_the_puzzle(capsys, tmp_path, puzzle, monkeypatch, how):
    monkeypatch.chdir(tmp_path)
    before = puzzle.read_bytes()
    out = {
        "same-path": str(puzzle),
        "relative": "puzzle.json",
        "symlink": "link.json",
        "hardlink": "hard.json",
        "dot-dot": f"../{tmp_path.name}/./puzzle.json",
    }[how]
    if how == "symlink":
        os.symlink("puzzle.json", "link.json")
    if how == "hardlink":
        os.link("puzzle.json", "hard.json")
    refused(capsys, ["pack", str(puzzle), "--out", out], "is the puzzle file", "overwritten")
    assert puzzle.read_bytes() == before


def test_out_over_a_shipped_puzzle_named_by_name_is_refused(capsys, tmp_path, monkeypatch):
    from solvers.packing import puzzle_io

    shipped_dir = tmp_path / "shipped"  # a copy of the shipped puzzles: a regression must not damage the real ones
    shipped_dir.mkdir()
    shipped = shipped_dir / "soma.json"
    shipped.write_bytes((puzzle_io.PUZZLES_DIR / "soma.json").read_bytes())
    monkeypatch.setattr(puzzle_io, "PUZZLES_DIR", shipped_dir)
    link = tmp_path / "soma-link.json"
    link.symlink_to(shipped)
    before = shipped.read_bytes()
    refused(capsys, ["pack", "soma", "--out", str(link)], "is the puzzle file")
    assert shipped.read_bytes() == before


def test_out_equal_to_the_checkpoint_is_refused(capsys, tmp_path, puzzle):
    record = tmp_path / "k.jsonl"
    refused(capsys, ["pack", str(puzzle), "--out", str(record), "--checkpoint", str(record)], "--out", "--checkpoint")


@pytest.mark.parametrize("kind", ["empty", "directory", "missing-directory", "broken-link"])
def test_an_out_that_cannot_be_a_file_is_refused_before_any_work(capsys, tmp_path, puzzle, kind):
    out = {"empty": "", "directory": str(tmp_path), "missing-directory": str(tmp_path / "no" / "o.json"),
           "broken-link": str(tmp_path / "broken")}[kind]  # fmt: skip
    if kind == "broken-link":
        os.symlink(tmp_path / "nowhere" / "x", out)
    refused(capsys, ["pack", str(puzzle), "--out", out], "--out")


@pytest.mark.parametrize("streamed", [False, True], ids=["whole", "streamed"])
def test_dot_dot_after_a_missing_directory_names_no_file_and_replaces_nothing(
    capsys, tmp_path, puzzle, monkeypatch, streamed
):
    """'missing/../fifo' is no path to the kernel; taken lexically it was the FIFO, and the part file was renamed
    over it (found by the fuzz suite)."""
    if streamed:
        _streamed(monkeypatch)
    monkeypatch.chdir(tmp_path)
    os.mkfifo("fifo")
    Path("old.json").write_text("the old file")
    for out in ("missing/../fifo", "missing/../old.json", "puzzle.json/../old.json"):
        refused(capsys, ["pack", str(puzzle), "--out", out], "--out")
    assert stat.S_ISFIFO(os.lstat("fifo").st_mode) and Path("old.json").read_text() == "the old file"


def _streamed(monkeypatch) -> None:
    """Solutions past the third are streamed to the file: the path a 2,000,000-solution run takes."""
    monkeypatch.setattr(pack_limits, "HOLD_LIMIT", 3)


@pytest.mark.parametrize("streamed", [False, True], ids=["whole", "streamed"])
def test_out_to_a_fifo_is_written_in_place_and_the_fifo_stays(capsys, tmp_path, puzzle, monkeypatch, streamed):
    if streamed:
        _streamed(monkeypatch)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()), daemon=True)
    reader.start()
    code, out, err = run(capsys, ["pack", str(puzzle), "--out", str(fifo)])
    reader.join(30)
    assert code == 0, err
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    copy = tmp_path / "copy.json"
    copy.write_bytes(received[0])
    assert len(read_solutions(copy)) == TILINGS[4]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.json", "fifo", "puzzle.json"]  # no part file


def test_out_to_a_character_device_is_written_in_place_and_the_device_stays(capsys, tmp_path, puzzle, monkeypatch):
    """A private copy of the null device (never the real /dev/null): streamed output must not replace it by a
    regular file (as root, --out /dev/null would have replaced /dev/null itself)."""
    device = tmp_path / "null"
    try:
        os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    except (PermissionError, OSError) as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    _streamed(monkeypatch)
    code, out, err = run(capsys, ["pack", str(puzzle), "--out", str(device)])
    assert stat.S_ISCHR(os.lstat(device).st_mode) and os.lstat(device).st_rdev == os.makedev(1, 3)
    if code == 0:
        assert f"written: {device}" in out
    else:  # a container may forbid opening device nodes: then one line, and the node is untouched
        assert code == 2 and err.startswith(ERROR) and err.count("\n") == 1, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["null", "puzzle.json"]


@pytest.mark.parametrize("streamed", [False, True], ids=["whole", "streamed"])
def test_out_through_a_symlink_replaces_the_target_and_keeps_the_link(capsys, tmp_path, puzzle, monkeypatch, streamed):
    if streamed:
        _streamed(monkeypatch)
    target = tmp_path / "target.json"
    target.write_text("old")
    target.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert run(capsys, ["pack", str(puzzle), "--out", str(link)])[0] == 0
    assert link.is_symlink() and len(read_solutions(target)) == TILINGS[4]
    assert stat.S_IMODE(target.stat().st_mode) == 0o640


def test_a_killed_runs_part_file_is_removed_by_the_next_run_and_a_live_ones_is_not(capsys, tmp_path, puzzle):
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(gone.stdout)
    out = tmp_path / "o.json"
    stale = tmp_path / f"o.json.{dead_pid}.part"
    stale.write_text('{"format":')  # what a kill -9 mid-stream leaves
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        live = tmp_path / f"o.json.{sleeper.pid}.part"
        live.write_text("being written")
        assert run(capsys, ["pack", str(puzzle), "--out", str(out)])[0] == 0
        assert not stale.exists() and live.exists()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert len(read_solutions(out)) == TILINGS[4]


def test_a_failed_write_leaves_the_old_file_and_no_part_file(capsys, tmp_path, puzzle, monkeypatch):
    out = tmp_path / "o.json"
    out.write_text("the old file")

    def full_disk(_fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)  # the write fails once the whole text is in the part file
    code, _, err = run(capsys, ["pack", str(puzzle), "--out", str(out)])
    assert code == 2 and "No space left" in err and err.count("\n") == 1, err
    assert out.read_text() == "the old file"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["o.json", "puzzle.json"]


# -- symmetry levels the puzzle cannot have ------------------------------------------------------------------------
def test_counting_bedlam_up_to_mirror_is_one_line(capsys):
    code, out, err = run(capsys, ["pack", "bedlam", "--count", "--up-to", "mirror"])
    assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith(ERROR), err
    assert "mirror" in err and "Traceback" not in err
