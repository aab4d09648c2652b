"""The table cache cleans up after itself and cannot be turned against its user: files grown in place are sized
before they are read, builds killed mid-write leave nothing behind, lock files go, a symlinked lock is not
followed, and memory checks see the process's own limits."""

from __future__ import annotations

import multiprocessing
import os
import resource
import signal
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

from solvers import table_locks, tables
from solvers.memory import limit_headroom
from solvers.rubik.table_tiers import NotEnoughMemory, TableTier, check_memory

REPO = Path(__file__).resolve().parents[1]
# Under a 3 GB address-space limit: one thread per pool, so that a many-core machine's per-thread reservations
# (stacks, BLAS buffers) do not use up the limit before the check under test runs.
ONE_THREAD = {name: "1" for name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS")}
R_CUBE = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "cache"
    directory.mkdir()
    monkeypatch.setenv(tables.CACHE_ENV_VAR, str(directory))
    return directory


def _builder(calls: list[int], table: tables.Table):
    def build(progress: tables.ProgressFn) -> tables.Table:
        calls.append(1)
        return table

    return build


@pytest.mark.parametrize("table", [np.arange(50_000, dtype=np.int32), {"a": np.arange(7), "b": np.ones((3, 4))}])
def test_a_file_grown_to_100_gb_is_rebuilt_without_reading_it(cache: Path, table) -> None:
    calls: list[int] = []
    tables.load_or_build("grown", _builder(calls, table), version=1)
    path = tables.table_path("grown", 1)
    sound = path.stat().st_size
    os.truncate(path, 100 * 10**9)  # sparse: the sound header stays, zeros follow
    started = time.monotonic()
    assert tables.read_table(path) is None  # before the fix: numpy was asked for 100 GB
    again = tables.load_or_build("grown", _builder(calls, table), version=1)
    assert calls == [1, 1] and time.monotonic() - started < 10
    assert path.stat().st_size == sound
    expected = table if isinstance(table, dict) else {"": table}
    got = again if isinstance(again, dict) else {"": again}
    assert all(np.array_equal(got[k], v) for k, v in expected.items())


def test_a_sound_file_is_read_and_one_cut_short_or_padded_is_not(cache: Path) -> None:
    tables.load_or_build("exact", _builder([], {"x": np.arange(1000)}), version=1)
    path = tables.table_path("exact", 1)
    assert tables.read_table(path) is not None
    data = path.read_bytes()
    for damaged in (data[:-1], data + b"\0", data[:-200]):
        path.write_bytes(damaged)
        assert tables.read_table(path) is None


def test_a_table_is_written_without_a_copy_of_it_in_memory(cache: Path) -> None:
    """The build's peak is the table itself: the writer streams it (the old writer held a serialised copy)."""
    table = {"big": np.ones(64 << 20, dtype=np.uint8), "small": np.arange(10)}
    tracemalloc.start()
    try:
        tables.write_table(tables.table_path("streamed", 1), table)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 24 << 20  # the checksum's 16 MB read-back buffer, not 64 MB more
    loaded = tables.read_table(tables.table_path("streamed", 1))
    assert np.array_equal(loaded["big"], table["big"]) and list(loaded["small"]) == list(range(10))


def _killed_mid_write(directory: str, ready: str) -> None:
    """Build table "killed"; the write stops at its fsync (the temp file is full) and waits to be killed."""
    os.environ[tables.CACHE_ENV_VAR] = directory

    def hang(fd: int) -> None:
        Path(ready).write_text("writing")
        time.sleep(600)

    os.fsync = hang
    tables.load_or_build("killed", lambda progress: np.arange(100_000), version=1)


def _temps_and_locks(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.endswith((".tmp", ".lock")))


@pytest.mark.parametrize("later_run_builds", [True, False])
def test_a_build_killed_mid_write_leaves_nothing_after_the_next_run(
    cache: Path, tmp_path: Path, later_run_builds: bool
) -> None:
    ready = tmp_path / "ready"
    process = multiprocessing.get_context("spawn").Process(target=_killed_mid_write, args=(str(cache), str(ready)))
    process.start()
    deadline = time.monotonic() + 60
    while not ready.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert ready.exists()
    os.kill(process.pid, signal.SIGKILL)
    process.join()
    assert any(name.endswith(".tmp") for name in _temps_and_locks(cache))  # what kill -9 leaves
    if not later_run_builds:  # the table exists by now (another run built it): later runs only load it
        tables.write_table(tables.table_path("killed", 1), np.arange(100_000))
    code = (
        "import numpy as np; from solvers import tables; "
        "tables.load_or_build('killed', lambda progress: np.ones(9), version=1)"
    )
    env = {**os.environ, tables.CACHE_ENV_VAR: str(cache), "PYTHONPATH": str(REPO)}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, timeout=120)
    assert _temps_and_locks(cache) == []
    assert [p.name for p in cache.iterdir()] == ["killed-v1.tbl"]


def test_a_build_leaves_no_lock_file_and_a_running_build_keeps_its_temp(cache: Path) -> None:
    tables.load_or_build("plain", _builder([], np.arange(3)), version=1)
    assert [p.name for p in cache.iterdir()] == ["plain-v1.tbl"]
    busy = tables.table_path("busy", 1)
    writing = cache / ".busy-v1.tbl.live.tmp"
    dead = cache / ".gone-v1.tbl.dead.tmp"
    with tables.build_lock(busy, tables.no_progress):  # another build, still writing its temp file
        writing.write_bytes(b"half")
        dead.write_bytes(b"half")
        table_locks.sweep(cache)
        assert writing.exists() and not dead.exists()
    table_locks.sweep(cache)
    assert not writing.exists() and _temps_and_locks(cache) == []


def test_a_symlinked_lock_is_never_followed(cache: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside" / "victim"
    outside.parent.mkdir()
    link = cache / ".demo-v1.tbl.lock"
    link.symlink_to(outside)
    calls: list[int] = []
    table = tables.load_or_build("demo", _builder(calls, np.arange(4)), version=1)
    assert calls == [1] and list(table) == [0, 1, 2, 3]
    assert not outside.exists() and list(outside.parent.iterdir()) == []  # nothing created outside the cache
    assert not link.is_symlink()
    existing = tmp_path / "outside" / "kept"
    existing.write_text("mine")
    link.symlink_to(existing)
    table_locks.sweep(cache)
    assert existing.read_text() == "mine" and not link.is_symlink()


def _limited(megabytes: int):
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (megabytes << 20, resource.RLIM_INFINITY))

    return apply


def test_memory_checks_honour_the_address_space_limit(tmp_path: Path) -> None:
    code = (
        "from solvers.rubik.table_tiers import check_memory, NotEnoughMemory\n"
        "try:\n    check_memory('large', building=True)\nexcept NotEnoughMemory as exc:\n    print('refused', exc)\n"
        "else:\n    print('allowed')\n"
    )
    env = {**os.environ, **ONE_THREAD, "PYTHONPATH": str(REPO)}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, preexec_fn=_limited(3000), timeout=120
    )
    assert out.stdout.startswith("refused"), out.stdout + out.stderr  # before: only MemAvailable was asked


def test_headroom_is_the_limit_less_what_the_process_maps(tmp_path: Path) -> None:
    status = tmp_path / "status"
    status.write_text("VmSize:\t 1000000 kB\nVmData:\t  500000 kB\n")
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY and hard < 4 << 30:
        pytest.skip("the hard limit is below the figures this test sets")
    try:
        resource.setrlimit(resource.RLIMIT_AS, (3 << 30, hard))
        assert limit_headroom(status) == (3 << 30) - 1000000 * 1024
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    with pytest.raises(NotEnoughMemory, match="GB available"):
        check_memory(TableTier.LARGE, available=2_000_000_000)


def test_cli_refuses_the_large_tables_under_ulimit_in_one_line(tmp_path: Path) -> None:
    env = {**os.environ, **ONE_THREAD, tables.CACHE_ENV_VAR: str(tmp_path), "PYTHONPATH": str(REPO)}
    started = time.monotonic()
    out = subprocess.run(
        [sys.executable, "-m", "solvers", "solve", "--solver", "optimal", "--tables", "large"],
        input=R_CUBE + "\n", env=env, capture_output=True, text=True, preexec_fn=_limited(3000), timeout=300,
    )  # fmt: skip
    assert out.returncode == 2 and out.stdout == ""
    lines = out.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cubeviz-solve: error: --tables large:"), out.stderr
    assert "GB available" in lines[0] and time.monotonic() - started < 120
    assert list(tmp_path.iterdir()) == []  # refused before anything was loaded or built
