"""The first build of the optimal solver's standard table beside vcube's build of its table of the same purpose
(`-c 304`, 1.33 GiB), side by side on the same cores: `vcube_bench.py --table-builds N`.

Each round builds both from nothing, one after the other (the order alternates between rounds, so that neither side
always meets the same load): ours is `OptimalTables.split_residues` into a scratch cache that holds only the small
tables it is built from (copied from the real cache, so that only the split table is timed), written to its file
like any build; vcube's is its first run with that table size after its saved table is moved aside (the run
generates the table, saves it and solves one trivial cube), as `vcube_bench.prepare_table` times it. Wall and CPU
seconds of both sides and the load average when each started are printed, so that a noisy round shows as such.
Our kernels are compiled (or loaded from numba's cache) on a small table of the same shape before the first round
and not counted, as vcube's compile is not.
"""

from __future__ import annotations

import gc
import os
import shutil
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from benchmarks._common import WORK_DIR, markdown_table
from solvers.engine import no_progress
from solvers.rubik.optimal.optimal_tables import OptimalTables
from solvers.rubik.rubik_tables import TABLE_VERSION, default_tables
from solvers.tables import CACHE_ENV_VAR, cache_dir, table_path

SCRATCH_CACHE = WORK_DIR / "table-build-cache"
OUR_TABLE = "rubik-split-htm"
SOURCES = ("rubik-moves", "rubik-flipslice-classes", "rubik-corner-combs")  # what the split table is built from
VCUBE_COORD = 304


@dataclass(frozen=True)
class BuildRound:
    """One round: each side's wall and CPU seconds and the 1-minute load average as it started."""

    first: str  # "ours" or "vcube"
    ours_wall: float
    ours_cpu: float
    ours_load: float
    vcube_wall: float
    vcube_cpu: float
    vcube_load: float

    @property
    def wall_ratio(self) -> float:
        """vcube's wall seconds over ours: above 1, ours built faster."""
        return self.vcube_wall / self.ours_wall


def prepare_scratch(scratch: Path = SCRATCH_CACHE) -> None:
    """A scratch cache holding the small tables the split table is built from (made in the real cache first if
    it lacks them), and no split table."""
    tables = default_tables()
    tables.moves(), tables.flipslice_classes(), tables.corner_combs()
    scratch.mkdir(parents=True, exist_ok=True)
    for name in SOURCES:
        shutil.copyfile(table_path(name, TABLE_VERSION), scratch / table_path(name, TABLE_VERSION).name)


def compile_kernels() -> float:
    """Seconds to compile (or load from numba's cache) the build's kernels, on a table of the split table's shape
    with a one-value inner coordinate (141 million entries)."""
    from solvers.rubik.optimal import large_residues as lr

    tables = default_tables()
    mv, classes = tables.moves(), tables.flipslice_classes()
    start = time.perf_counter()
    lr.build_large_table(mv["flip"], mv["slice"], mv["twist"], classes, mv["twist_conj"],
                         np.zeros((1, 18), np.int32), np.zeros((1, 16), np.int16), no_progress)  # fmt: skip
    return time.perf_counter() - start


def build_ours(scratch: Path = SCRATCH_CACHE) -> tuple[float, float]:
    """(wall s, CPU s of every thread) of one build of the split table into the scratch cache, file written."""
    saved = os.environ.get(CACHE_ENV_VAR)
    os.environ[CACHE_ENV_VAR] = str(scratch)
    try:
        table_path(OUR_TABLE, TABLE_VERSION).unlink(missing_ok=True)
        tables = OptimalTables()
        tables.moves(), tables.flipslice_classes(), tables.corner_splits()  # loaded before the clock starts
        cpu, start = time.process_time(), time.perf_counter()
        tables.split_residues()
        wall, cpu = time.perf_counter() - start, time.process_time() - cpu
        if cache_dir() != scratch or not table_path(OUR_TABLE, TABLE_VERSION).is_file():
            raise RuntimeError(f"the split table's build wrote no file into {scratch}")
        table_path(OUR_TABLE, TABLE_VERSION).unlink()
    finally:
        if saved is None:
            del os.environ[CACHE_ENV_VAR]
        else:
            os.environ[CACHE_ENV_VAR] = saved
    del tables
    gc.collect()
    return wall, cpu


@dataclass(frozen=True)
class VcubeRunner:
    """How to run vcube's table-building run (`vcube_bench`'s helpers): the binary, a timed run (command, stdin
    text, folder, timeout) -> (stdout, stderr, wall s, CPU s), the command, its input, and whether an output
    answers that input rightly."""

    binary: Path
    timed_run: Callable
    command: list[str]
    text: str
    answered: Callable[[str], bool]


def build_vcube(vcube: VcubeRunner) -> tuple[float, float]:
    """(wall s, CPU s) of vcube's run that generates table VCUBE_COORD, its saved table moved aside first."""
    folder = vcube.binary.parent / "tables"
    folder.mkdir(exist_ok=True)
    aside = list(folder.glob("*.dat"))  # vcube names its files by its table's parameters, not by -c: all go aside
    for path in aside:
        path.rename(path.with_name(path.name + ".aside"))
    try:
        stdout, stderr, wall, cpu = vcube.timed_run(vcube.command, vcube.text, vcube.binary.parent, None)
        if not list(folder.glob("*.dat")) or not vcube.answered(stdout):
            raise RuntimeError(f"vcube -c {VCUBE_COORD} saved no table or gave no right answer: {stdout[-200:]!r} "
                               f"{stderr[-200:]!r}")  # fmt: skip
    finally:
        for path in aside:
            moved = path.with_name(path.name + ".aside")
            if path.exists():
                moved.unlink(missing_ok=True)
            else:
                moved.rename(path)
    return wall, cpu


def run_rounds(rounds: int, vcube: VcubeRunner, echo: Callable[[str], None] = print) -> list[BuildRound]:
    """`rounds` side-by-side builds, alternating which side goes first."""
    prepare_scratch()
    echo(f"ours: build kernels ready in {compile_kernels():.1f} s (not counted)")
    done = []
    for k in range(rounds):
        figures: dict[str, tuple[float, float, float]] = {}
        order = ("ours", "vcube") if k % 2 == 0 else ("vcube", "ours")
        for side in order:
            load = os.getloadavg()[0]
            wall, cpu = build_ours() if side == "ours" else build_vcube(vcube)
            figures[side] = (wall, cpu, load)
            echo(f"round {k + 1}: {side} built its table in {wall:.1f} s wall, {cpu:.1f} s CPU (load {load:.1f})")
        done.append(BuildRound(order[0], *figures["ours"][:2], figures["ours"][2], *figures["vcube"]))
    return done


def rounds_table(rounds: list[BuildRound]) -> str:
    """One row per round and a median row: both sides' wall and CPU seconds, the loads, the wall ratio."""
    rows: list[list[object]] = []
    for k, r in enumerate(rounds):
        rows.append(
            [
                k + 1,
                r.first,
                f"{r.ours_wall:.1f}",
                f"{r.ours_cpu:.1f}",
                f"{r.ours_load:.1f}",
                f"{r.vcube_wall:.1f}",
                f"{r.vcube_cpu:.1f}",
                f"{r.vcube_load:.1f}",
                f"{r.wall_ratio:.2f}x",
            ]
        )

    def median(field: str) -> float:
        return statistics.median(getattr(r, field) for r in rounds)

    rows.append(
        [
            "median",
            "",
            f"{median('ours_wall'):.1f}",
            f"{median('ours_cpu'):.1f}",
            "",
            f"{median('vcube_wall'):.1f}",
            f"{median('vcube_cpu'):.1f}",
            "",
            f"{median('wall_ratio'):.2f}x",
        ]
    )
    headers = ["round", "first", "ours wall s", "ours CPU s", "load", f"vcube -c {VCUBE_COORD} wall s",
               "vcube CPU s", "load", "wall, vcube / ours"]  # fmt: skip
    notes = ("Ours: the split table (1.23 GB, 4.93e9 entries) built and written to its cache file; vcube: its"
             f" run that generates and saves its -c {VCUBE_COORD} table (1.33 GiB) and solves one trivial cube."
             " Ratios above 1x: ours built faster. Load: the 1-minute load average as each build started (2"
             " cores).")  # fmt: skip
    return markdown_table(headers, rows) + "\n\n" + notes
