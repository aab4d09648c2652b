"""Fuzz the files and addresses the CLI is handed: damaged and forged checkpoints, scheduler addresses, and output
and checkpoint paths among links, directories and devices. Each run ends in a right answer (exit 0: the count is
the puzzle's true count, the file holds its true solutions) or in one short error line (exit 2), and never writes
over the puzzle, leaves a part file or replaces a device.

The budget is ``CUBEVIZ_FUZZ_EXAMPLES`` examples per test (small in CI); ``benchmarks/fuzz_long.py`` runs these
tests with a large one.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solvers.cli import main
from solvers.cluster.address import AddressError, parse_scheduler_address
from solvers.packing.solution_io import read_solutions

ERROR_PREFIX = "cubeviz-solve: error: "
MAX_ERROR_LINE = 300
FUZZ_EXAMPLES = int(os.environ.get("CUBEVIZ_FUZZ_EXAMPLES", "30"))
SHARED_FIXTURES_ARE_SAFE = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None, suppress_health_check=SHARED_FIXTURES_ARE_SAFE)

PUZZLE = {  # dominoes in a 2 by 4 rectangle: 5 tilings
    "format": "cubeviz-packing-puzzle",
    "version": 1,
    "name": "dominoes-2x4",
    "box": [4, 2, 1],
    "pieces": [{"name": "d", "cells": [[0, 0, 0], [1, 0, 0]], "count": 4}],
}
TILINGS = 5
HOSTILE_VALUES = ["-1", "0", "1", "2", "1.9", "1e400", "NaN", "true", "null", '"1"', "[]", "{}", "9" * 5000,
                  "[" * 1000 + "]" * 1000, '"\\u0000"', "[[0,1,2,3]]", "5", "[5,[]]"]  # fmt: skip
_NUMBER = re.compile(r"-?\d+")


def _run(capsys, argv: list[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse refusals
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def _check(code: int, err: str) -> None:
    assert code in (0, 2), err
    lines = err.splitlines()
    if code == 2:
        assert any(line.startswith(ERROR_PREFIX) for line in lines), "exit code 2 without an error line"
    for line in lines:
        assert (line.startswith(ERROR_PREFIX) or line.startswith("note: ")) and len(line) <= MAX_ERROR_LINE, err


def _count(out: str) -> int:
    return int(next(line for line in out.splitlines() if line.startswith("solutions")).split(": ")[1])


@pytest.fixture(scope="module")
def originals(tmp_path_factory) -> dict[str, bytes]:
    """A finished checkpoint of each kind (count only, and with rows) of the domino puzzle, and its solutions."""
    folder = tmp_path_factory.mktemp("originals")
    puzzle = folder / "puzzle.json"
    puzzle.write_text(json.dumps(PUZZLE))
    made = {}
    for kind, extra in (("count", ["--count"]), ("rows", ["--out", str(folder / "o.json")])):
        record = folder / f"{kind}.jsonl"
        assert main(["pack", str(puzzle), *extra, "--checkpoint", str(record)]) == 0
        made[kind] = record.read_bytes()
    made["solutions"] = json.dumps(sorted(read_solutions(folder / "o.json").rows.tolist())).encode()
    return made


def _damage(data: bytes, rng: random.Random) -> bytes:
    """A checkpoint with a few of the things that happen to files: torn, edited, forged, shuffled."""
    text = data.decode()
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(7)
        lines = text.split("\n")
        if kind == 0:  # killed mid-write: cut anywhere
            text = text[: rng.randrange(len(text) + 1)]
        elif kind == 1:  # a number replaced by a hostile value
            numbers = list(_NUMBER.finditer(text))
            if numbers:
                target = rng.choice(numbers)
                text = text[: target.start()] + rng.choice(HOSTILE_VALUES) + text[target.end() :]
        elif kind == 2:  # a character changed, removed or added
            i = rng.randrange(len(text) or 1)
            char = rng.choice('{}[]",:0123456789 \nabtx\x00\u00e9')
            text = text[:i] + ([char, "", char + text[i : i + 1]][rng.randrange(3)]) + text[i + 1 :]
        elif kind == 3 and len(lines) > 2:  # a line repeated, dropped or moved
            i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
            op = rng.randrange(3)
            if op == 0:
                lines.insert(j, lines[i])
            elif op == 1:
                del lines[i]
            else:
                lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif kind == 4:  # a key renamed or doubled
            text = text.replace('"task"', rng.choice(['"Task"', '"task","task"', '"task":0,"task"', '"job"']), 1)
        elif kind == 5:  # the header of another job
            text = re.sub(r'"job":"[0-9a-f]+"', '"job":"' + f"{rng.getrandbits(128):032x}" + '"', text, count=1)
        else:  # a record of a result reshaped
            text = text.replace('"result":[', rng.choice(['"result":[[', '"result":[1,', '"result":5,"x":[']), 1)
    return text.encode("utf-8", "surrogatepass")


@pytest.mark.parametrize("kind", ["count", "rows"])
@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_damaged_checkpoints_give_the_true_answer_or_one_line(capsys, tmp_path, originals, kind, seed):
    puzzle, record, out_file = tmp_path / "puzzle.json", tmp_path / "k.jsonl", tmp_path / "o.json"
    puzzle.write_text(json.dumps(PUZZLE))
    out_file.unlink(missing_ok=True)
    damaged = _damage(originals[kind], random.Random(seed))
    record.write_bytes(damaged)
    argv = ["pack", str(puzzle), *(["--count"] if kind == "count" else ["--out", str(out_file)])]
    code, out, err = _run(capsys, [*argv, "--checkpoint", str(record)])
    _check(code, err)
    if code != 0:
        assert not out_file.exists() and record.read_bytes() == damaged  # a refused checkpoint is left as it was
        return
    assert _count(out) == TILINGS, (out, record.read_bytes()[:300])
    if kind == "rows":
        assert json.dumps(sorted(read_solutions(out_file).rows.tolist())).encode() == originals["solutions"]
    again = _run(capsys, [*argv, "--checkpoint", str(record)])  # the checkpoint it left is whole: no poison
    assert again[0] == 0 and _count(again[1]) == TILINGS and again[2] == "", again


ADDRESS_ALPHABET = "tcp:/[]@.:-_0123456789abcfAZ \n\t\x00\u00e9\u00b2%?#+"
ADDRESS_PARTS = ["tcp://", "TCP://", "tls://", "inproc://", "ucx://", "file://", "10.0.0.5", "localhost",
                 "[::1]", "[fe80::1]", ":8786", ":0", ":65536", ":", "::", "/", "@", "", "256.1.1.1", "a-b.example",
                 "-a"]  # fmt: skip
_PLAIN = re.compile(r"^tcp://(\[[0-9a-f:.]+\]|[A-Za-z0-9.-]+):[1-9]\d{0,4}$")


@FUZZ
@given(
    text=st.one_of(
        st.text(alphabet=st.sampled_from(ADDRESS_ALPHABET), max_size=40),
        st.lists(st.sampled_from(ADDRESS_PARTS), max_size=4).map("".join),
    )
)
def test_scheduler_addresses_are_plain_tcp_or_one_line(capsys, text):
    try:
        address = parse_scheduler_address(text)
    except AddressError as exc:
        message = str(exc)
        assert message and "\n" not in message and len(message) <= MAX_ERROR_LINE
        code, out, err = _run(capsys, ["pack", "soma", "--count", f"--scheduler={text}"])
        assert code == 2 and out == "" and err.count("\n") == 1 and err.startswith(ERROR_PREFIX), err
        return
    plain = str(address)
    assert _PLAIN.match(plain) and 1 <= address.port <= 65535, plain
    assert parse_scheduler_address(plain) == address


PATH_PARTS = ["puzzle.json", "link", "hard", "broken", "old.json", "to-old", "d", "to-d", "no-dir", "new.json",
              "..", ".", "", "null", "k.jsonl", "puzzle.json.1.part", "o\u00e9.json", "a b", "\n",
              "x" * 300]  # fmt: skip


def _sandbox(root: Path) -> dict[str, bytes]:
    """A folder of things an output path can land on; returns the regular files' contents."""
    root.mkdir()
    (root / "puzzle.json").write_text(json.dumps(PUZZLE))
    (root / "old.json").write_text("the old file")
    (root / "d").mkdir()
    os.symlink("puzzle.json", root / "link")
    os.link(root / "puzzle.json", root / "hard")
    os.symlink("nowhere/x", root / "broken")
    os.symlink("old.json", root / "to-old")
    os.symlink("d", root / "to-d")
    with contextlib.suppress(OSError):  # a private null device, where permitted
        os.mknod(root / "null", 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    return {name: (root / name).read_bytes() for name in ("puzzle.json", "old.json")}


def _path(root: Path, rng: random.Random) -> str:
    parts = [rng.choice(PATH_PARTS) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    path = "/".join(parts)
    if rng.random() < 0.3:
        path = str(root / path)
    elif rng.random() < 0.2:
        path = f"../{root.name}/{path}"
    return path


@FUZZ
@given(seed=st.integers(0, 2**32 - 1))
def test_output_and_checkpoint_paths_never_destroy_anything(capsys, tmp_path, monkeypatch, seed):
    rng = random.Random(seed)
    root = tmp_path / f"sandbox-{seed}"
    before = _sandbox(root)
    monkeypatch.chdir(root)
    try:
        out, checkpoint = _path(root, rng), _path(root, rng) if rng.random() < 0.4 else None
        argv = ["pack", "puzzle.json", f"--out={out}", *([f"--checkpoint={checkpoint}"] if checkpoint else [])]
        code, printed, err = _run(capsys, argv)
        _check(code, err)
        assert (root / "puzzle.json").read_bytes() == before["puzzle.json"], argv
        assert [p.name for p in root.rglob("*.part")] in ([], ["puzzle.json.1.part"]), argv
        if (root / "null").exists() or os.path.lexists(root / "null"):
            assert stat.S_ISCHR(os.lstat(root / "null").st_mode), argv
        assert stat.S_ISLNK(os.lstat(root / "link").st_mode) and stat.S_ISLNK(os.lstat(root / "to-old").st_mode)
        if code == 0:
            written = Path(os.path.realpath(out))
            if written.is_file():
                assert len(read_solutions(written)) == TILINGS, argv
        else:
            assert (root / "old.json").read_bytes() == before["old.json"], argv
    finally:
        monkeypatch.chdir(tmp_path)
        shutil.rmtree(root, ignore_errors=True)
