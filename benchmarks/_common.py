"""Small helpers shared by the benchmark scripts: repeated timing, subprocess timing, C++ builds, markdown tables.

Why repeated timing: the benchmark machine has 2 cores shared with other jobs, so a single run says little. Every
figure is taken several times and reported as the best (what the code can do) and the median (what one sees).
CPU time (user + system, of this process or of the child) is kept beside the wall clock: when other jobs hold the
cores, wall time grows with the queue while CPU time stays close to the work done.
"""

from __future__ import annotations

import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
REPO_DIR = BENCH_DIR.parent
WORK_DIR = BENCH_DIR / "_work"  # git-ignored: inputs, compiled baselines, outputs
PYTHON = sys.executable


@dataclass(frozen=True)
class Timing:
    """Seconds of each repetition of one measurement: wall clock, and CPU time when it was measured."""

    runs: tuple[float, ...]
    cpu: tuple[float, ...] = ()

    @property
    def best(self) -> float:
        return min(self.runs)

    @property
    def median(self) -> float:
        return statistics.median(self.runs)

    @property
    def cpu_best(self) -> float:
        return min(self.cpu) if self.cpu else float("nan")

    def cells(self, unit: str = "s") -> list[str]:
        """[best, median] formatted in `unit` ("s" or "ms")."""
        return [format_seconds(self.best, unit), format_seconds(self.median, unit)]

    def cells_cpu(self, unit: str = "s") -> list[str]:
        """[best, median, best CPU time] formatted in `unit`."""
        return [*self.cells(unit), format_seconds(self.cpu_best, unit) if self.cpu else "n/a"]


def format_seconds(seconds: float, unit: str = "s") -> str:
    if unit == "ms":
        return f"{seconds * 1e3:.3f} ms" if seconds < 1e-2 else f"{seconds * 1e3:.1f} ms"
    if unit == "us":
        return f"{seconds * 1e6:.1f} us"
    return f"{seconds:.3f} s"


def time_call(fn: Callable[[], object], repeat: int, setup: Callable[[], object] | None = None) -> Timing:
    """Time `fn()` `repeat` times (wall clock); `setup()` runs untimed before each call."""
    runs, cpu = [], []
    for _ in range(repeat):
        if setup is not None:
            setup()
        cpu_start = time.process_time()
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
        cpu.append(time.process_time() - cpu_start)
    return Timing(tuple(runs), tuple(cpu))


def children_cpu() -> float:
    """CPU seconds (user + system) of every finished child of this process: the difference around a run is its own."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_command(
    command: Sequence[str | os.PathLike],
    repeat: int,
    stdin: Path | None = None,
    env: dict[str, str] | None = None,
    expect: bytes | None = None,
) -> tuple[Timing, bytes]:
    """Run a command `repeat` times, end to end (process start included); returns the timing and the last stdout.

    Raises RuntimeError if the command fails or, with `expect`, prints anything else.
    """
    runs, cpu = [], []
    output = b""
    full_env = {**os.environ, **(env or {})}
    for _ in range(repeat):
        handle = open(stdin, "rb") if stdin is not None else subprocess.DEVNULL  # noqa: SIM115 - closed below
        try:
            cpu_start = children_cpu()
            start = time.perf_counter()
            done = subprocess.run([str(c) for c in command], stdin=handle, capture_output=True, env=full_env)
            runs.append(time.perf_counter() - start)
            cpu.append(children_cpu() - cpu_start)
        finally:
            if stdin is not None:
                handle.close()
        if done.returncode != 0:
            raise RuntimeError(f"{command[0]} exited {done.returncode}: {done.stderr.decode(errors='replace')[:500]}")
        output = done.stdout
        if expect is not None and output != expect:
            raise RuntimeError(f"{' '.join(map(str, command))} printed a different answer")
    return Timing(tuple(runs), tuple(cpu)), output


def build_cpp(source: Path, name: str) -> Path:
    """Compile a baseline with g++ -O2 into benchmarks/_work/ (rebuilt only when the source is newer)."""
    compiler = shutil.which("g++")
    if compiler is None:
        raise RuntimeError("g++ is needed for the C++ baselines (apt-get install g++)")
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    binary = WORK_DIR / name
    if not binary.exists() or binary.stat().st_mtime < source.stat().st_mtime:
        subprocess.run([compiler, "-O2", "-std=c++17", "-o", str(binary), str(source)], check=True)
    return binary


def markdown_table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    """A GitHub markdown table with columns padded to line up in plain text too."""
    cells = [[str(h) for h in headers]] + [[str(c) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: Sequence[str]) -> str:
        return "| " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(cells[0]), rule] + [line(r) for r in cells[1:]])


def machine_note() -> str:
    """One line on where the figures were taken: CPU, cores, load, Python."""
    cpu = platform.processor() or platform.machine()
    try:
        for text in Path("/proc/cpuinfo").read_text().splitlines():
            if text.startswith("model name"):
                cpu = text.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    return f"{cpu}; {os.cpu_count()} cores; load average {load} at start; Python {platform.python_version()}"
