"""Batch jobs on a real Dask LocalCluster (2 worker processes, 1 thread each): the same output as in-process,
byte for byte; a worker killed mid-job loses nothing; a checkpointed job resumes where it stopped."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from flaky_tasks import cube_counted, square_once_killed  # noqa: E402

from solvers.cluster.batch import Checkpoint, Where, run_tasks  # noqa: E402
from solvers.cube.formats import to_kociemba  # noqa: E402
from solvers.cube.scramble import random_state  # noqa: E402

CLI = [sys.executable, "-m", "solvers"]
ROOT = Path(__file__).parents[2]


def cli(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(CLI + args, input=stdin, capture_output=True, text=True, timeout=600, cwd=ROOT, env=env)
    return done.returncode, done.stdout, done.stderr


def without_seconds(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("seconds:"))


def test_goal_solves_on_the_cluster_print_exactly_what_in_process_prints():
    """Optimal crosses on every colour (six proven-optimal searches per cube): the same lines, byte for byte."""
    cubes = [to_kociemba(random_state(3, random.Random(seed))) for seed in range(4)]
    text = "\n".join(cubes[:2] + ["not a cube"] + cubes[2:]) + "\n"
    command = ["solve", "--goal", "cross", "--colour", "any", "--keep-going"]
    here = cli(command, text)
    there = cli(command + ["--workers", "2"], text)
    assert here == there
    assert here[0] == 2 and len(here[1].splitlines()) == 5 and here[1].splitlines()[2] == "-1"
    assert all(line.count("*") == 6 for i, line in enumerate(here[1].splitlines()) if i != 2)
    assert "line 3" in here[2]


@pytest.mark.parametrize(
    ("puzzle", "up_to", "line"),
    [("soma", "none", "solutions: 11520"), ("soma", "rotation", "solutions up to rotation: 480"),
     ("soma", "mirror", "solutions up to mirror: 240"),
     ("pentomino-6x10", "mirror", "solutions up to mirror: 2339")],
)  # fmt: skip
def test_packing_counts_through_the_cluster(puzzle, up_to, line):
    code, out, err = cli(["pack", puzzle, "--count", "--up-to", up_to, "--workers", "2"])
    assert code == 0, err
    assert line in out.splitlines()
    assert without_seconds(out) == without_seconds(cli(["pack", puzzle, "--count", "--up-to", up_to])[1])


def test_solutions_written_through_the_cluster_are_the_same_file(tmp_path):
    here, there = tmp_path / "here.json", tmp_path / "there.json"
    assert cli(["pack", "soma", "--up-to", "rotation", "--out", str(here)])[0] == 0
    assert cli(["pack", "soma", "--up-to", "rotation", "--out", str(there), "--workers", "2"])[0] == 0
    assert here.read_bytes() == there.read_bytes()


def test_a_worker_killed_mid_job_loses_nothing(tmp_path):
    payloads = [(n, str(tmp_path), 5) for n in range(12)]
    results = list(run_tasks(square_once_killed, payloads, Where(workers=2)))
    assert results == [n * n for n in range(12)]
    assert (tmp_path / "runs-5").read_text() == "xx"  # killed once, then run again on a worker that lived


def test_a_checkpointed_job_resumes_where_it_stopped(tmp_path):
    folder, record = tmp_path / "runs", tmp_path / "job.jsonl"
    folder.mkdir()
    payloads = [(n, str(folder)) for n in range(10)]
    job = run_tasks(cube_counted, payloads, Where(), Checkpoint(record, "cubes"))
    first = [next(job) for _ in range(4)]
    job.close()  # the client dies after four answers
    resumed = list(run_tasks(cube_counted, payloads, Where(workers=2), Checkpoint(record, "cubes")))
    assert first + resumed[4:] == resumed == [n**3 for n in range(10)]
    assert all((folder / f"runs-{n}").read_text() == "x" for n in range(10))  # nothing was done twice
    with pytest.raises(Exception, match="another job"):
        Checkpoint(record, "some other job")


def test_the_cli_resumes_from_its_checkpoint_to_the_same_output(tmp_path):
    record = tmp_path / "pack.jsonl"
    whole = cli(["pack", "soma", "--count", "--checkpoint", str(record)])
    lines = record.read_text().splitlines()
    record.write_text("\n".join(lines[: len(lines) // 2]) + "\n")  # the job died half way
    again = cli(["pack", "soma", "--count", "--checkpoint", str(record), "--workers", "2"])
    assert without_seconds(again[1]) == without_seconds(whole[1]) and "solutions: 11520" in again[1]
    assert len(record.read_text().splitlines()) == len(lines)  # only the missing tasks ran and were recorded
