"""The search on several threads: the same counts, solutions and order as one thread, a stop that ends every
thread, progress that only goes forward, a bounded buffer, and the finer split that keeps every solution."""

from __future__ import annotations

import threading
import time

import numpy as np
import pytest

from solvers.packing import (
    ConstraintError,
    CoverProgress,
    CoverSolution,
    all_solutions,
    build_cover,
    count_solutions,
    enumerate_solutions,
    load_puzzle,
    parallel,
)
from solvers.packing import chunks as chunk_runner
from solvers.packing.published import PUBLISHED_PENTOMINO_COUNTS
from solvers.packing.puzzle import SymmetryMode
from solvers.packing.search import plan_chunks, run_chunk

SOMA_PUBLISHED = {"none": 11520, "rotation": 480, "mirror": 240}  # Piet Hein's Soma cube, as in the literature


@pytest.fixture(scope="module")
def soma():
    return build_cover(load_puzzle("soma"))


def _known(name: str, level: str) -> int:
    """The independent figure: the published count, else the one the puzzle file vouches for."""
    if name == "soma":
        return SOMA_PUBLISHED[level]
    published = PUBLISHED_PENTOMINO_COUNTS.get((name, level))
    return published if published is not None else load_puzzle(name).known_counts[level]


def _search_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("cover-search-")]


@pytest.mark.parametrize(
    ("name", "level"),
    [
        ("soma", "none"),
        ("soma", "rotation"),
        ("soma", "mirror"),
        ("diabolical", "none"),
        ("diabolical", "rotation"),
        ("diabolical", "mirror"),
        ("pentomino-2x3x10", "none"),
        ("pentomino-2x3x10", "rotation"),
        ("pentomino-2x3x10", "mirror"),
        ("pentomino-8x8-hole", "rotation"),
        ("pentomino-8x8-hole", "mirror"),
        ("pentomino-6x10", "rotation"),
    ],
)
def test_every_thread_count_gives_the_serial_solutions_in_the_serial_order(name: str, level: str) -> None:
    problem = build_cover(load_puzzle(name))
    serial = all_solutions(problem, up_to=level, threads=1)
    assert len(serial) == _known(name, level)
    for threads in (2, 3):
        rows = all_solutions(problem, up_to=level, threads=threads)
        assert rows.shape == serial.shape and (rows == serial).all(), f"{threads} threads"
    for threads in (1, 2, 3):
        assert count_solutions(problem, up_to=level, threads=threads) == _known(name, level)


def test_solution_indexes_run_in_order_and_the_last_event_is_done(soma) -> None:
    events = list(enumerate_solutions(soma, threads=3, progress_interval=0.0))
    solutions = [e for e in events if isinstance(e, CoverSolution)]
    assert [s.index for s in solutions] == list(range(11520))
    assert isinstance(events[-1], CoverProgress) and events[-1].done and events[-1].solutions == 11520
    assert not _search_threads()


@pytest.mark.parametrize("count_only", [False, True])
def test_progress_only_goes_forward_and_ends_at_one(count_only: bool) -> None:
    problem = build_cover(load_puzzle("pentomino-6x10"))
    events = enumerate_solutions(problem, up_to="rotation", threads=2, progress_interval=0.0, count_only=count_only)
    progress = [e for e in events if isinstance(e, CoverProgress)]
    fractions = [p.fraction for p in progress]
    assert len(progress) > 3
    assert all(0.0 <= f <= 1.0 for f in fractions) and fractions == sorted(fractions)
    assert [p.solutions for p in progress] == sorted(p.solutions for p in progress)
    assert progress[-1].done and fractions[-1] == 1.0 and progress[-1].solutions == 2339
    assert not any(p.done for p in progress[:-1])


def test_a_stop_after_the_first_progress_ends_every_thread_promptly() -> None:
    problem = build_cover(load_puzzle("pentomino-3x4x5"))  # minutes of work: only the stop can end it here
    stop = threading.Event()
    events = enumerate_solutions(problem, count_only=True, threads=3, progress_interval=0.05, stop=stop)
    first = next(events)
    assert isinstance(first, CoverProgress) and not first.done
    assert len(_search_threads()) == 3
    stop.set()
    stopped_at = time.perf_counter()
    # The threads notice the flag themselves, while the generator is not even being iterated.
    while _search_threads() and time.perf_counter() - stopped_at < 5.0:
        time.sleep(0.01)
    assert not _search_threads() and time.perf_counter() - stopped_at < 1.0
    assert list(events) == []  # and the generator ends without a final "done"


def test_closing_the_generator_early_ends_the_threads(soma) -> None:
    events = enumerate_solutions(soma, threads=2)
    assert isinstance(next(e for e in events if isinstance(e, CoverSolution)), CoverSolution)
    events.close()
    assert not _search_threads()


def test_a_slow_reader_holds_at_most_the_buffer(monkeypatch, soma) -> None:
    """Threads ahead of the reader pause at the buffer limit: memory does not grow with the solutions found."""
    pools = []

    class Recorded(parallel._Pool):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            pools.append(self)

    monkeypatch.setattr(parallel, "_Pool", Recorded)
    monkeypatch.setattr(chunk_runner, "OUT_CAPACITY", 16)  # kernel batches of 16 rows: the bound below is tight
    serial = all_solutions(soma, threads=1)
    buffer_rows, threads = 64, 3
    chunks = plan_chunks(soma, SymmetryMode.NONE)
    events = parallel.enumerate_in_threads(
        soma, chunks, np.ones(soma.n_rows, dtype=np.uint8), count_only=False, stop=None, progress_interval=1.0,
        threads=threads, buffer_rows=buffer_rows,
    )  # fmt: skip
    rows = []
    for event in events:
        if isinstance(event, CoverSolution):
            rows.append(event.rows)
            if len(rows) % 500 == 0:
                time.sleep(0.02)  # a reader slower than the kernel: the threads would run ahead
    assert np.array_equal(np.asarray(rows), serial)
    # the front chunk's rows and the later chunks' rows, each up to the limit, plus one batch per thread
    assert buffer_rows < pools[0].peak_held <= 2 * buffer_rows + threads * 16


def test_the_finer_split_keeps_every_solution_in_order(soma) -> None:
    """The fine chunks, searched one by one and concatenated, are the serial search; their shares add up to 1."""
    enabled = np.ones(soma.n_rows, dtype=np.uint8)
    for level in ("none", "mirror"):
        chunks = plan_chunks(soma, SymmetryMode(level))
        fine = parallel.finer_chunks(soma, chunks, enabled, 200)
        assert len(fine) >= 200 > len(chunks)
        assert abs(sum(weight for _, weight in fine) - 1.0) < 1e-9
        assert max(len(chunk.prefix) for chunk, _ in fine) >= 2
        rows = np.concatenate([run_chunk(soma, chunk, False)[1] for chunk, _ in fine])
        assert np.array_equal(rows, all_solutions(soma, up_to=level, threads=1))


def test_the_bedlam_split_is_fine_enough_for_two_threads() -> None:
    """Bedlam up to rotation plans two chunks (one holds four fifths of the work); the split gives many, none
    with more than a small share."""
    bedlam = build_cover(load_puzzle("bedlam"))
    chunks = plan_chunks(bedlam, SymmetryMode.ROTATION)
    fine = parallel.finer_chunks(bedlam, chunks, np.ones(bedlam.n_rows, dtype=np.uint8), 2 * parallel.CHUNKS_PER_THREAD)
    assert len(chunks) == 2 and len(fine) >= 2 * parallel.CHUNKS_PER_THREAD
    assert max(weight for _, weight in fine) < 0.05
    assert {chunk.prefix[0] for chunk, _ in fine} == {chunk.prefix[0] for chunk in chunks}


def test_pins_and_forbids_on_threads(soma) -> None:
    everything = all_solutions(soma, threads=1)
    pin = int(everything[4321][2])
    pinned = all_solutions(soma, pins=[pin], threads=3)
    assert np.array_equal(pinned, all_solutions(soma, pins=[pin], threads=1)) and len(pinned) > 0
    assert count_solutions(soma, forbids=[pin], threads=3) + len(pinned) == 11520


def test_an_error_in_a_thread_reaches_the_caller(soma) -> None:
    rows_a = soma.rows_of_kind(0)
    with pytest.raises(ConstraintError, match="pinned more often"):
        count_solutions(soma, pins=[int(rows_a[0]), int(rows_a[-1])], threads=2)
    assert not _search_threads()
    with pytest.raises(ValueError, match="threads"):
        count_solutions(soma, threads=0)


def _run_cli(capsys, argv: list[str]) -> tuple[int, str, str]:
    """Exit code, stdout, stderr of `cubeviz-solve ARGV` (argparse's refusals exit through SystemExit)."""
    from solvers.cli import main

    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_pack_writes_the_same_file_on_any_number_of_threads(capsys, tmp_path) -> None:
    outputs = {}
    for threads in ("1", "3"):
        path = tmp_path / f"soma-{threads}.json"
        argv = ["pack", "soma", "--up-to", "rotation", "--out", str(path), "--threads", threads]
        code, out, err = _run_cli(capsys, argv)
        assert code == 0 and err == ""
        lines = [line for line in out.splitlines() if not line.startswith(("seconds", "written"))]
        outputs[threads] = (path.read_bytes(), lines)
    assert outputs["1"] == outputs["3"]
    assert "solutions up to rotation: 480" in outputs["3"][1] and "classes up to mirror: 240" in outputs["3"][1]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--threads", "0"], "--threads must be a whole number from 1 to 512, not '0'"),
        (["--threads", "two"], "--threads must be a whole number from 1 to 512, not 'two'"),
        (["--threads", "2", "--checkpoint", "JOB"], "--threads is for the search in this process"),
        (["--threads", "2", "--workers", "2"], "--threads is for the search in this process"),
    ],
)
def test_pack_refuses_a_bad_thread_option_in_one_line(capsys, tmp_path, argv: list[str], needle: str) -> None:
    argv = ["pack", "soma", "--count", *(str(tmp_path / "job.ckpt") if a == "JOB" else a for a in argv)]
    code, out, err = _run_cli(capsys, argv)
    assert code == 2 and out == "" and needle in err and err.count("\n") == 1
    assert not (tmp_path / "job.ckpt").exists()
