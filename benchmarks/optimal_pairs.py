"""Paired A/B of the optimal search between two git revisions: both run at the same time, one per core, then swap.

Why paired: this benchmark machine's speed drifts by up to 1.5x from one minute to the next, far more than most
changes to the search kernel are worth, so two runs taken one after the other compare the minutes, not the code.
Run side by side, one pinned to each core, both revisions see the same minute; swapping the cores between pairs
cancels a core that is slower than the other. Each pair gives a ratio of node rates; the median of the pairs is
the figure to quote.

Each revision is checked out in a git worktree under `benchmarks/_work/` and runs in its own process, with its
own code and numba cache but the shared table cache, searching one bound of the same random cube on one thread
(no probes, the cube's own tree only, so both visit the same nodes).

    python benchmarks/optimal_pairs.py --base HEAD~1 [--other WORKTREE] [--pairs 8] [--depth 16] [--cube 0]
    python benchmarks/optimal_pairs.py --base HEAD --base-heuristic edge-and-corner-slice \
        --other-heuristic large --depth 17

`--other` defaults to the working tree, uncommitted changes included. With a heuristic per side (the second line:
the standard tables against the large tier) the two sides visit different nodes, so the figure to quote is the
time each takes to exhaust the depth, paired the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import PYTHON, REPO_DIR, WORK_DIR, markdown_table  # noqa: E402

# The worker: reads the cube and depth, loads the tables, then on each "go <core>" line searches up to the depth
# pinned to that core and prints that depth's nodes and seconds as JSON.
_WORKER = """
import json, os, sys
sys.path.insert(0, os.getcwd())
try:
    import benchmarks.comparison_heuristics  # registers the comparison heuristics' names
except ImportError:
    pass  # a revision from before they moved to the benchmarks: its engine has them
from solvers.cube.formats import from_kociemba
from solvers.rubik.events import DepthExhausted
from solvers.rubik.optimal import optimal, prepare_tables
from solvers.rubik.rubik_tables import default_tables
facelets, depth, heuristic = sys.stdin.readline().split()
state, depth, heuristic = from_kociemba(facelets), int(depth), None if heuristic == "default" else heuristic
prepare_tables(default_tables(), "htm", heuristic)
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    os.sched_setaffinity(0, {int(line.split()[1])})
    for event in optimal(state, heuristic=heuristic, probe_share=0, n_threads=1, with_inverse=False):
        if isinstance(event, DepthExhausted) and event.depth == depth:
            print(json.dumps({"nodes": event.nodes_at_depth, "seconds": event.seconds}), flush=True)
            break
    else:
        print(json.dumps({"error": f"no depth {depth} exhausted"}), flush=True)
"""


HEADERS = ["pair", "cores (base/other)", "base nodes", "other nodes", "base s", "other s", "base M nodes/s",
           "other M nodes/s", "rate, other / base", "time, base / other"]  # fmt: skip


def _worktree(revision: str) -> Path:
    """A detached checkout of `revision`, made once and reused."""
    commit = subprocess.run(["git", "rev-parse", revision], cwd=REPO_DIR, check=True, capture_output=True, text=True)
    path = WORK_DIR / "pairs" / commit.stdout.strip()[:12]
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "worktree", "add", "--detach", str(path), revision], cwd=REPO_DIR, check=True,
                       capture_output=True)  # fmt: skip
    return path


class _Worker:
    def __init__(self, label: str, directory: Path, facelets: str, depth: int, heuristic: str | None) -> None:
        self.label = label
        self.process = subprocess.Popen([PYTHON, "-c", _WORKER], cwd=directory, stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=os.environ.copy())  # fmt: skip
        self.process.stdin.write(f"{facelets} {depth} {heuristic or 'default'}\n")
        self.process.stdin.flush()

    def reply(self) -> dict:
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.label} worker stopped (exit code {self.process.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(f"{self.label}: {reply['error']}")
        return reply

    def start(self, core: int) -> None:
        self.process.stdin.write(f"go {core}\n")
        self.process.stdin.flush()

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="git revision to compare against")
    parser.add_argument("--other", type=Path, default=REPO_DIR, help="a source tree (default: the working tree)")
    parser.add_argument("--pairs", type=int, default=8)
    parser.add_argument("--depth", type=int, default=16)
    parser.add_argument("--cube", type=int, default=0, help="which of the benchmark's random cubes (seed 4)")
    parser.add_argument("--base-heuristic", default=None, help="the base's heuristic (default: the HTM default)")
    parser.add_argument("--other-heuristic", default=None, help="the other's, e.g. large (the large table tier)")
    args = parser.parse_args(argv)
    if len(os.sched_getaffinity(0)) < 2:
        parser.error("paired runs need two cores")
    from benchmarks.rubik_bench_optimal import random_states
    from solvers.cube.formats import to_kociemba

    facelets = to_kociemba(random_states(args.cube + 1, 4)[args.cube])
    sides = (("base", _worktree(args.base), args.base_heuristic), ("other", args.other, args.other_heuristic))
    base, other = (_Worker(label, path, facelets, args.depth, heuristic) for label, path, heuristic in sides)
    try:
        base.reply(), other.reply()
        cores = sorted(os.sched_getaffinity(0))[:2]
        rows, ratios, speedups = [], [], []
        for pair in range(args.pairs):
            base_core, other_core = cores if pair % 2 == 0 else cores[::-1]
            base.start(base_core)
            other.start(other_core)
            b, o = base.reply(), other.reply()
            if b["nodes"] != o["nodes"] and pair == 0:
                print(f"note: the two sides visit different nodes ({b['nodes']:,} and {o['nodes']:,}): compare the "
                      "seconds (another heuristic), not only the rates")  # fmt: skip
            base_rate, other_rate = b["nodes"] / b["seconds"], o["nodes"] / o["seconds"]
            ratios.append(other_rate / base_rate)
            speedups.append(b["seconds"] / o["seconds"])
            rows.append([pair + 1, f"{base_core}/{other_core}", f"{b['nodes']:,}", f"{o['nodes']:,}",
                         f"{b['seconds']:.2f}", f"{o['seconds']:.2f}", f"{base_rate / 1e6:.2f}",
                         f"{other_rate / 1e6:.2f}", f"{ratios[-1]:.3f}", f"{speedups[-1]:.3f}"])  # fmt: skip
            print(markdown_table(HEADERS, rows[-1:]).splitlines()[-1], flush=True)
    finally:
        base.close()
        other.close()
    print()
    print(f"depth {args.depth} of random cube {args.cube}, one thread each, {args.pairs} pairs; heuristics: base "
          f"{args.base_heuristic or 'default'}, other {args.other_heuristic or 'default'}")  # fmt: skip
    print(markdown_table(HEADERS, rows))
    print(f"\nnode rate, other / base: median {statistics.median(ratios):.3f} (range {min(ratios):.3f}-"
          f"{max(ratios):.3f})")  # fmt: skip
    print(f"time to exhaust the depth, base / other: median {statistics.median(speedups):.3f} (range "
          f"{min(speedups):.3f}-{max(speedups):.3f})")  # fmt: skip


if __name__ == "__main__":
    main()
