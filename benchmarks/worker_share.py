"""A big-cube solve in the app's kind of worker thread beside busy programs: wall and CPU seconds per scheduling.

Run: ``.venv/bin/python benchmarks/worker_share.py [--size 5] [--seeds 0,1] [--busy 3]``

Why: the app runs a search in a thread that must give way to the GUI thread; how it gives way decides what it
keeps against the rest of the machine. Each seed's random-turn scramble is solved in a fresh thread under each
scheduling in turn (after one unmeasured solve that loads the tables and compiles), beside `--busy` processes
spinning at nice 0 in this process's session (so Linux's autogroups weigh them against the solve, as a test run or
a build beside the app does): `plain` (as a thread starts), `batch` (the app's `lower_thread_priority`:
SCHED_BATCH) and `nice10`. Every answer is replayed and checked solved. Linux only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cubeviz.workers import lower_thread_priority  # noqa: E402 - the path above makes the repo importable
from solvers.nxn.events import BigCubeSolution  # noqa: E402
from solvers.nxn.scramble import random_turns  # noqa: E402
from solvers.nxn.solver import solve  # noqa: E402
from solvers.nxn.state import NxNState  # noqa: E402


def _nice10() -> None:
    tid = threading.get_native_id()
    os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + 10))


SCHEDULINGS = {"plain": lambda: None, "batch": lower_thread_priority, "nice10": _nice10}


def solve_in_thread(size: int, seed: int, scheduling: str) -> tuple[int, float, float]:
    """(block turns, wall seconds, the solving thread's CPU seconds) of one solve in a fresh thread."""
    out: list[tuple[int, float, float]] = []

    def run() -> None:
        SCHEDULINGS[scheduling]()
        state = NxNState.solved(size).apply(random_turns(size, seed=seed))
        wall, cpu = time.perf_counter(), time.thread_time()
        for event in solve(state):
            if isinstance(event, BigCubeSolution):
                assert state.apply(event.turns).is_solved(), f"seed {seed} not solved"
                out.append((event.length, time.perf_counter() - wall, time.thread_time() - cpu))

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return out[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--seeds", default="0,1", help="scramble seeds, comma-separated (default 0,1)")
    parser.add_argument("--busy", type=int, default=3, help="spinning processes beside the solve (default 3)")
    arguments = parser.parse_args()
    solve_in_thread(arguments.size, 10_000 + arguments.size, "plain")  # tables loaded, kernels compiled
    busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(arguments.busy)]
    try:
        print(f"| seed | scheduling | block turns | wall s | thread CPU s | load |  ({arguments.busy} busy)")
        print("|---|---|---|---|---|---|")
        for seed in (int(text) for text in arguments.seeds.split(",")):
            for scheduling in SCHEDULINGS:
                turns, wall, cpu = solve_in_thread(arguments.size, seed, scheduling)
                load = os.getloadavg()[0]
                print(f"| {seed} | {scheduling} | {turns} | {wall:.1f} | {cpu:.2f} | {load:.1f} |", flush=True)
    finally:
        for process in busy:
            process.kill()


if __name__ == "__main__":
    main()
