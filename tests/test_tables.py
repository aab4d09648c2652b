"""The table cache: round trip, damage detection, atomic writes under concurrency, cancellation."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

import numpy as np
import pytest

from solvers import tables


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(tables.CACHE_ENV_VAR, str(tmp_path))
    return tmp_path


def _counting_builder(calls: list[int], table: tables.Table):
    def build(progress: tables.ProgressFn) -> tables.Table:
        calls.append(1)
        progress(0.5, "halfway")
        return table

    return build


def test_round_trip_builds_once_and_loads_identical_array(cache: Path) -> None:
    calls: list[int] = []
    data = np.arange(1000, dtype=np.uint16).reshape(10, 100)
    first = tables.load_or_build("demo", _counting_builder(calls, data), version=1)
    second = tables.load_or_build("demo", _counting_builder(calls, data), version=1)
    assert len(calls) == 1
    np.testing.assert_array_equal(first, data)
    np.testing.assert_array_equal(second, data)
    assert second.dtype == np.uint16 and second.shape == (10, 100)
    assert not second.flags.writeable
    assert (cache / "demo-v1.tbl").exists()


def test_dict_tables_round_trip(cache: Path) -> None:
    calls: list[int] = []
    data = {"moves": np.arange(12, dtype=np.int32).reshape(3, 4), "depth": np.zeros(5, dtype=np.int8)}
    tables.load_or_build("pair", _counting_builder(calls, data), version=3)
    loaded = tables.load_or_build("pair", _counting_builder(calls, data), version=3)
    assert len(calls) == 1
    assert set(loaded) == {"moves", "depth"}
    np.testing.assert_array_equal(loaded["moves"], data["moves"])


def test_a_freshly_built_table_is_read_only_like_a_loaded_one(cache: Path) -> None:
    """numba compiles a kernel per argument type, read-only arrays being their own type: a table handed out
    writable on the build and read-only on later loads would compile every kernel twice, once per process."""
    single = tables.load_or_build("fresh", lambda progress: np.arange(6, dtype=np.int8), version=1)
    pair = tables.load_or_build("fresh-pair", lambda progress: {"a": np.ones(3), "b": np.zeros(2)}, version=1)
    assert not single.flags.writeable and not any(array.flags.writeable for array in pair.values())
    loaded = tables.load_or_build("fresh", lambda progress: np.zeros(1), version=1)
    assert loaded.flags.writeable == single.flags.writeable and loaded.dtype == single.dtype


def test_version_change_rebuilds(cache: Path) -> None:
    calls: list[int] = []
    tables.load_or_build("ver", _counting_builder(calls, np.ones(3)), version=1)
    tables.load_or_build("ver", _counting_builder(calls, np.ones(3)), version=2)
    assert len(calls) == 2


@pytest.mark.parametrize("damage", ["flip_byte", "truncate", "empty", "garbage"])
def test_damaged_file_is_detected_and_rebuilt(cache: Path, damage: str) -> None:
    calls: list[int] = []
    data = np.arange(4096, dtype=np.int64)
    tables.load_or_build("damaged", _counting_builder(calls, data), version=1)
    path = tables.table_path("damaged", 1)
    raw = bytearray(path.read_bytes())
    if damage == "flip_byte":
        raw[len(raw) // 2] ^= 0xFF
    elif damage == "truncate":
        raw = raw[: len(raw) - 100]
    elif damage == "empty":
        raw = bytearray()
    else:
        raw = bytearray(b"not a table at all" * 10)
    path.write_bytes(bytes(raw))
    assert tables.read_table(path) is None
    rebuilt = tables.load_or_build("damaged", _counting_builder(calls, data), version=1)
    assert len(calls) == 2
    np.testing.assert_array_equal(rebuilt, data)
    np.testing.assert_array_equal(tables.read_table(path), data)


def test_progress_is_reported_and_cancel_writes_nothing(cache: Path) -> None:
    seen: list[tuple[float, str]] = []

    def cancelling(fraction: float, message: str) -> None:
        seen.append((fraction, message))
        if message == "halfway":
            raise tables.BuildCancelled

    with pytest.raises(tables.BuildCancelled):
        tables.load_or_build("cancel", _counting_builder([], np.ones(3)), version=1, progress=cancelling)
    assert (0.0, "building cancel") in seen
    assert not tables.table_path("cancel", 1).exists()
    assert [p.name for p in cache.iterdir()] == [".cancel-v1.tbl.lock"]  # the empty lock file, nothing else


def _writer(directory: str, seed: int) -> None:
    os.environ[tables.CACHE_ENV_VAR] = directory
    rng = np.random.default_rng(seed)
    for _ in range(20):
        tables.write_table(tables.table_path("shared", 1), np.full(200_000, seed, dtype=np.int32))
        rng.random()


def test_concurrent_writers_never_leave_a_half_file(cache: Path) -> None:
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_writer, args=(str(cache), seed)) for seed in (1, 2, 3)]
    for process in writers:
        process.start()
    path = tables.table_path("shared", 1)
    observed = 0
    while any(p.is_alive() for p in writers):
        if path.exists():
            table = tables.read_table(path)
            assert table is not None, "a reader saw a partly written table"
            assert len(set(np.unique(table).tolist())) == 1
            observed += 1
    for process in writers:
        process.join()
        assert process.exitcode == 0
    final = tables.read_table(path)
    assert final is not None and final.shape == (200_000,)
    assert [p.name for p in cache.iterdir() if p.name.endswith(".tmp")] == []


def _slow_builder_process(directory: str, marker: str) -> None:
    """A process that misses the table "contended" and would take a second to build it (noted in `marker`)."""
    os.environ[tables.CACHE_ENV_VAR] = directory

    def build(progress: tables.ProgressFn) -> tables.Table:
        with open(marker, "a") as handle:
            handle.write(f"{os.getpid()}\n")
        time.sleep(1.0)
        return np.arange(1000, dtype=np.int64)

    table = tables.load_or_build("contended", build, version=1)
    if not np.array_equal(table, np.arange(1000)):
        raise SystemExit(1)


def test_processes_missing_the_same_table_build_it_once(cache: Path, tmp_path_factory: pytest.TempPathFactory):
    marker = tmp_path_factory.mktemp("marker") / "builds.txt"
    context = multiprocessing.get_context("spawn")
    processes = [context.Process(target=_slow_builder_process, args=(str(cache), str(marker))) for _ in range(3)]
    for process in processes:
        process.start()
    for process in processes:
        process.join()
        assert process.exitcode == 0
    assert len(marker.read_text().split()) == 1, "the table was built more than once"


def test_a_wait_for_another_build_reports_itself_and_can_be_cancelled(cache: Path) -> None:
    path = tables.table_path("busy", 1)
    said: list[str] = []

    def progress(fraction: float, message: str) -> None:
        said.append(message)
        if message.startswith("waiting"):
            raise tables.BuildCancelled

    calls: list[int] = []
    with tables.build_lock(path, tables.no_progress), pytest.raises(tables.BuildCancelled):
        tables.load_or_build("busy", _counting_builder(calls, np.arange(3)), version=1, progress=progress)
    assert said == ["waiting for another process building busy-v1"] and calls == []
    assert not path.exists()


def test_unwritable_cache_still_returns_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("x")
    monkeypatch.setenv(tables.CACHE_ENV_VAR, str(blocker / "sub"))
    table = tables.load_or_build("nowhere", lambda progress: np.arange(3), version=1)
    np.testing.assert_array_equal(table, np.arange(3))


def test_bad_names_are_refused(cache: Path) -> None:
    for name in ("", "../escape", ".hidden", "a/b"):
        with pytest.raises(ValueError):
            tables.table_path(name, 1)


def test_default_directory_is_the_user_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(tables.CACHE_ENV_VAR, raising=False)
    assert "cubeviz" in str(tables.cache_dir())


def test_a_valid_file_of_another_table_is_rebuilt_not_trusted(cache: Path) -> None:
    """Same size, valid checksum, wrong table: it names another identity, so the right table is rebuilt."""
    calls: list[int] = []
    htm, qtm = np.full(100, 7, dtype=np.int8), np.full(100, 9, dtype=np.int8)
    tables.load_or_build("gods-htm", _counting_builder(calls, htm), version=1)
    tables.load_or_build("gods-qtm", _counting_builder(calls, qtm), version=1)
    (cache / "gods-htm-v1.tbl").write_bytes((cache / "gods-qtm-v1.tbl").read_bytes())
    again = tables.load_or_build("gods-htm", _counting_builder(calls, htm), version=1)
    assert len(calls) == 3 and (again == 7).all()
    (cache / "gods-htm-v2.tbl").write_bytes((cache / "gods-htm-v1.tbl").read_bytes())  # another version's file
    assert tables.read_table(cache / "gods-htm-v2.tbl") is None


def test_a_fifo_in_a_tables_place_is_not_read(cache: Path) -> None:
    fifo = cache / "demo-v1.tbl"
    os.mkfifo(fifo)  # opening it to read would block for ever
    calls: list[int] = []
    table = tables.load_or_build("demo", _counting_builder(calls, np.arange(5)), version=1)
    assert calls == [1] and list(table) == [0, 1, 2, 3, 4] and fifo.is_file()


def test_temp_files_of_dead_builds_are_removed_before_a_build(cache: Path) -> None:
    stale, fresh = cache / ".demo-v1.tbl.abc.tmp", cache / ".demo-v1.tbl.def.tmp"
    stale.write_bytes(b"half a table")
    fresh.write_bytes(b"a build still writing")
    old = stale.stat().st_mtime - tables.STALE_TEMP_SECONDS - 5
    os.utime(stale, (old, old))
    tables.load_or_build("demo", _counting_builder([], np.arange(3)), version=1)
    assert not stale.exists() and fresh.exists()
