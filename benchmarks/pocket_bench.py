"""Speed of the 2x2x2 engine against its targets and peers; prints markdown tables.

Run: ``.venv/bin/python benchmarks/pocket_bench.py [--repeat N] [--pairs N]``

What is measured, each several times (best and median, the machine being shared):

* each God's table (HTM, QTM, FRU) built from nothing in a fresh cache directory (move tables, breadth-first
  search, checksum and atomic write), and loaded back from the cache;
* the net-pair workload, 250,000 pairs of nets made with a fixed seed, end to end (process start, parsing, output)
  through ``cubeviz-solve pocket-distance``, against the C++ baseline ``baselines/pocket_distance.cpp`` doing the
  same job (it builds its table on every run, so our run is timed with a cold cache as well as a warm one), and
  against the library's one-pair-at-a-time Python path on a sample (extrapolated);
* one optimal solve (HTM and QTM) of a random position after the table is loaded.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import (  # noqa: E402 - the path above makes the repo importable from a checkout
    BENCH_DIR,
    PYTHON,
    WORK_DIR,
    Timing,
    build_cpp,
    format_seconds,
    machine_note,
    markdown_table,
    time_call,
    time_command,
)
from solvers import tables  # noqa: E402
from solvers.cube.state import CubeState  # noqa: E402
from solvers.pocket import gods  # noqa: E402

SEED = 0  # fixed: the same 250,000 pairs on every run
PAIRS = 250_000
SCALAR_SAMPLE = 5_000
SOLVES = 2_000


def fresh_cache(root: Path) -> Path:
    """A new empty cache directory under `root`, made the current one (environment variable)."""
    path = Path(tempfile.mkdtemp(dir=root))
    os.environ[tables.CACHE_ENV_VAR] = str(path)
    return path


def bench_tables(repeat: int, root: Path) -> list[list[str]]:
    rows = []
    for metric in ("htm", "qtm", "fru"):

        def cold() -> None:
            fresh_cache(root)
            gods.forget_loaded_tables()
            gods.move_tables.cache_clear()

        build = time_call(lambda m=metric: gods.gods_table(m), repeat, setup=cold)
        bfs = time_call(lambda m=metric: gods.build_distances(m), repeat)
        load = time_call(lambda m=metric: gods.gods_table(m), repeat, setup=gods.forget_loaded_tables)
        histogram = gods.depth_histogram(metric)
        rows.append(
            [
                metric.upper(),
                *build.cells_cpu(),
                *bfs.cells_cpu(),
                *load.cells_cpu("ms"),
                f"{len(histogram) - 1}",
                f"{sum(histogram):,}",
            ]
        )
    return rows


def make_pairs(count: int) -> Path:
    """`pocket-distance` input of `count` random pairs of nets (fixed seed), written once into benchmarks/_work/."""
    from solvers.pocket.samples import colours_of, net_pair_text, random_states

    path = WORK_DIR / f"pocket_pairs_{count}_seed{SEED}.txt"
    if not path.exists():
        rng = np.random.default_rng(SEED)
        a = colours_of(*random_states(count, rng))
        b = colours_of(*random_states(count, rng))
        WORK_DIR.mkdir(parents=True, exist_ok=True)
        path.write_bytes(net_pair_text(a, b, rng))
    return path


def bench_workload(repeat: int, root: Path, pairs: Path, count: int) -> tuple[list[list[str]], dict[str, float]]:
    baseline = build_cpp(BENCH_DIR / "baselines" / "pocket_distance.cpp", "pocket_distance")
    cpp, expected = time_command([baseline], repeat, stdin=pairs)
    command = [PYTHON, "-m", "solvers", "pocket-distance", str(pairs)]
    warm_dir = fresh_cache(root)
    time_command(command, 1, env={tables.CACHE_ENV_VAR: str(warm_dir)}, expect=expected)  # fills the cache
    warm, _ = time_command(command, repeat, env={tables.CACHE_ENV_VAR: str(warm_dir)}, expect=expected)
    cold_runs: list[float] = []
    cold_cpu: list[float] = []
    for _ in range(repeat):
        timing, _ = time_command(command, 1, env={tables.CACHE_ENV_VAR: str(fresh_cache(root))}, expect=expected)
        cold_runs.extend(timing.runs)
        cold_cpu.extend(timing.cpu)
    cold = Timing(tuple(cold_runs), tuple(cold_cpu))
    scalar = bench_scalar(pairs, expected, min(SCALAR_SAMPLE, count))
    per_pair = scalar.median / min(SCALAR_SAMPLE, count)
    rows = [
        ["C++ baseline (g++ -O2; builds its QTM table each run)", *cpp.cells_cpu(), "1.00x", "1.00x"],
        [
            "cubeviz-solve pocket-distance, table in cache",
            *warm.cells_cpu(),
            f"{warm.median / cpp.median:.2f}x",
            f"{warm.cpu_best / cpp.cpu_best:.2f}x",
        ],
        [
            "cubeviz-solve pocket-distance, empty cache (builds it)",
            *cold.cells_cpu(),
            f"{cold.median / cpp.median:.2f}x",
            f"{cold.cpu_best / cpp.cpu_best:.2f}x",
        ],
        [
            f"one pair at a time in Python (library scalar API, {min(SCALAR_SAMPLE, count):,} pairs, extrapolated)",
            format_seconds(scalar.best / min(SCALAR_SAMPLE, count) * count),
            format_seconds(per_pair * count),
            format_seconds(scalar.cpu_best / min(SCALAR_SAMPLE, count) * count),
            f"{per_pair * count / cpp.median:.0f}x",
            f"{scalar.cpu_best / min(SCALAR_SAMPLE, count) * count / cpp.cpu_best:.0f}x",
        ],
    ]
    ratios = {"warm": warm.median / cpp.median, "cold": cold.median / cpp.median}
    ratios |= {"warm cpu": warm.cpu_best / cpp.cpu_best, "cold cpu": cold.cpu_best / cpp.cpu_best}
    return rows, ratios


def bench_scalar(pairs: Path, expected: bytes, sample: int) -> Timing:
    """The per-pair path a simple Python program would take: parse one pair, build two states, one lookup."""
    from solvers.cube.pocket_formats import colour_map, net_letters, state_from_letters
    from solvers.pocket.solve import solver

    qtm = solver("qtm")
    lines = [line for line in pairs.read_text().splitlines()[1:] if line.strip()][: 6 * sample]
    answers = expected.decode().split()[:sample]

    def run() -> None:
        for k in range(sample):
            halves = ([], [])
            for line in lines[6 * k : 6 * k + 6]:
                squeezed = "".join(line.split())
                width = (len(squeezed) - 1) // 2
                halves[0].append(squeezed[:width])
                halves[1].append(squeezed[width + 1 :])
            a, b = net_letters(halves[0]), net_letters(halves[1])
            mapping = colour_map(a)
            found = qtm.distance_between(state_from_letters(a, mapping), state_from_letters(b, mapping))
            if str(found) != answers[k]:
                raise RuntimeError(f"scalar path disagrees on pair {k + 1}")

    return time_call(run, 3)


def bench_solves(count: int) -> list[list[str]]:
    from solvers.cube.scramble import random_state
    from solvers.pocket.solve import PocketSolver

    rng = np.random.default_rng(SEED)
    states = [random_state(2, rng) for _ in range(count)]
    rows = []
    for metric in ("htm", "qtm"):
        solver = PocketSolver(metric)
        wall, cpu, lengths = [], [], []
        for state in states:
            cpu_start = time.process_time()
            start = time.perf_counter()
            moves = solver.optimal_solution(state)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - cpu_start)
            lengths.append(len(moves))
            if solver.distance(state * _word_state(moves)) != 0:
                raise RuntimeError("a solution did not solve its state")
        rows.append(
            [
                metric.upper(),
                f"{count:,}",
                format_seconds(min(wall), "us"),
                format_seconds(float(np.median(wall)), "us"),
                format_seconds(float(np.percentile(wall, 99)), "us"),
                format_seconds(float(np.median(cpu)), "us"),
                format_seconds(float(np.percentile(cpu, 99)), "us"),
                f"{np.mean(lengths):.2f}",
            ]
        )
    return rows


def _word_state(moves: list) -> CubeState:
    """The cube state of a move sequence (identity for an empty one)."""
    from solvers.cube.moves import move_state

    state = CubeState.solved(2)
    for move in moves:
        state = state * move_state(2, move)
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each measurement (default 5)")
    parser.add_argument("--pairs", type=int, default=PAIRS, help=f"pairs in the net-pair workload (default {PAIRS:,})")
    args = parser.parse_args(argv)
    print(f"Machine: {machine_note()}\n")
    with tempfile.TemporaryDirectory(prefix="cubeviz-bench-") as scratch:
        root = Path(scratch)
        print("### God's tables\n")
        headers = ["metric", "built from nothing, best", "median", "CPU", "BFS only, best", "median", "CPU"]
        headers += ["loaded from cache, best", "median", "CPU", "God's number", "positions"]
        print(markdown_table(headers, bench_tables(args.repeat, root)))
        print("\nFRU shares the HTM table (same nine generators); its build is the HTM build.\n")

        pairs = make_pairs(args.pairs)
        print(f"### {args.pairs:,} net pairs (`pocket-distance`), end to end (process start, parsing, output)\n")
        rows, ratios = bench_workload(args.repeat, root, pairs, args.pairs)
        print(markdown_table(["program", "best", "median", "CPU best", "median vs C++", "CPU vs C++"], rows))
        print(
            f"\nTarget: within 1.5x of the C++ program. Median wall time: {ratios['warm']:.2f}x with the table in the"
            f" cache, {ratios['cold']:.2f}x with an empty cache (table built in the run, as the C++ program does);"
            f" best CPU time: {ratios['warm cpu']:.2f}x and {ratios['cold cpu']:.2f}x.\n"
        )

        warm = fresh_cache(root)
        gods.forget_loaded_tables()
        gods.gods_table("htm")
        gods.gods_table("qtm")
        print(f"### One optimal solve after the table is loaded (random positions, cache {warm.name})\n")
        print(
            markdown_table(
                ["metric", "solves", "best", "median", "99th pct.", "CPU median", "CPU 99th pct.", "mean length"],
                bench_solves(SOLVES),
            )
        )
        print("\nTarget: under 1 ms per solve.")
    print(f"\nCommand: .venv/bin/python benchmarks/pocket_bench.py --repeat {args.repeat}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
