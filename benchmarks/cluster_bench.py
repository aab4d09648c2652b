"""Batch jobs in-process and on a Dask LocalCluster of 1 and 2 worker processes, side by side, plus a model of
how the time falls with N machines.

Run: python benchmarks/cluster_bench.py [--puzzle pentomino-6x10] [--cubes 8]
(needs the `cluster` extra; without Dask only the in-process column and the model are printed).

Two jobs: counting a packing puzzle's solutions (`pack PUZZLE --count`, one task per chunk) and optimally solving
a batch of random 10-move scrambles (`solve --solver optimal`, one task per cube). Each job is timed end to end
through the command line (process start and cluster start included). The model times every task in-process
once, then schedules those times on N simulated workers (each task to the first worker free, in input order) and
adds a fixed per-task overhead measured on the 2-worker cluster: it shows where scheduling starts to matter.
"""

from __future__ import annotations

import argparse
import heapq
import random
import time

from _common import PYTHON, REPO_DIR, markdown_table, time_command

from solvers.cube.formats import to_kociemba
from solvers.cube.scramble import random_move_scramble


def _commands(puzzle: str, cubes_file: str) -> dict[str, list[str]]:
    return {
        f"pack {puzzle} --count": [PYTHON, "-m", "solvers", "pack", puzzle, "--count"],
        "solve --solver optimal (batch)": [PYTHON, "-m", "solvers", "solve", "--solver", "optimal", cubes_file],
    }


def _task_times(puzzle: str, cubes: list[str]) -> dict[str, list[float]]:
    """Seconds of every task of each job, run one after another in this process (tables loaded first)."""
    from solvers.cluster.tasks import pack_chunk_task, solve_line_task
    from solvers.packing import build_cover, load_puzzle
    from solvers.packing.search import split_chunks

    problem = build_cover(load_puzzle(puzzle))
    chunks = len(split_chunks(problem, "none"))
    options = {"solver": "optimal", "metric": "htm", "max_time": None, "goal": None, "keep_going": True}
    solve_line_task(0, cubes[0], options)  # tables and compiled kernels first
    times: dict[str, list[float]] = {"pack": [], "solve": []}
    for index in range(chunks):
        began = time.perf_counter()
        pack_chunk_task(puzzle, "none", index, True)
        times["pack"].append(time.perf_counter() - began)
    for number, cube in enumerate(cubes, start=1):
        began = time.perf_counter()
        solve_line_task(number, cube, options)
        times["solve"].append(time.perf_counter() - began)
    return times


def _makespan(times: list[float], workers: int, overhead: float) -> float:
    """Finish time of the last task when tasks go, in order, to the first worker free."""
    free = [0.0] * workers
    for seconds in times:
        start = heapq.heappop(free)
        heapq.heappush(free, start + seconds + overhead)
    return max(free)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzle", default="pentomino-6x10")
    parser.add_argument("--cubes", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    cubes = [to_kociemba(random_move_scramble(10, 3, random.Random(seed)).state(3)) for seed in range(args.cubes)]
    cubes_file = REPO_DIR / "benchmarks" / "_work" / "cluster-cubes.txt"
    cubes_file.parent.mkdir(parents=True, exist_ok=True)
    cubes_file.write_text("\n".join(cubes) + "\n")
    try:
        import distributed  # noqa: F401

        ways = {"in-process": [], "1 worker": ["--workers", "1"], "2 workers": ["--workers", "2"]}
    except ImportError:
        print("Dask is not installed (pip install 'cubeviz[cluster]'): in-process column only")
        ways = {"in-process": []}
    rows = []
    for job, command in _commands(args.puzzle, str(cubes_file)).items():
        timings = {way: time_command(command + extra, args.repeat)[0] for way, extra in ways.items()}
        base = timings["in-process"].best
        rows.append([job] + [f"{t.best:.2f} s ({base / t.best:.2f}x)" for t in timings.values()])
    print(markdown_table(["job"] + list(ways), rows))
    times = _task_times(args.puzzle, cubes)
    overhead = 0.004  # seconds a task costs the scheduler and the network (Dask's own figure: a few ms)
    model = []
    for job, task_seconds in times.items():
        alone = sum(task_seconds)
        line = [job, str(len(task_seconds)), f"{alone:.2f} s"]
        for workers in (1, 2, 4, 8, 16, 32):
            span = _makespan(task_seconds, workers, overhead)
            line.append(f"{span:.2f} s ({alone / span / workers:.0%})")
        model.append(line)
    print()
    print(markdown_table(["job", "tasks", "work"] + [f"{n} workers (efficiency)" for n in (1, 2, 4, 8, 16, 32)], model))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
