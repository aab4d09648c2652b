"""Big cubes: block-turn counts and solve times per size on fixed-seed random-turn scrambles; a markdown table.

Run: ``.venv/bin/python benchmarks/nxn_bench.py [--sizes 4-17] [--count K] [--large-count K]``

Each size gets its WCA-length random-turn scrambles (seeds 0, 1, ...; see solvers/nxn/scramble.py), solved by
`solvers.nxn.solver.solve_nxn`; every answer is replayed and checked solved. Block turns: any block of adjacent
layers turned from one face counts 1, whole-cube rotations 0. Times are wall-clock seconds per solve after the
size's first solve in the process (which also builds that size's cached permutations, commutator and set-up
tables: shown apart), on whatever else the machine was running. The anchor columns are the published mean
block-turn counts of rubiks-cube-NxNxN-solver's reduction to a 3x3x3 (its 3x3x3 stage adds about 20).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.nxn.scramble import random_turns  # noqa: E402 - the path above makes the repo importable
from solvers.nxn.solver import solve_nxn  # noqa: E402
from solvers.nxn.state import NxNState  # noqa: E402

ANCHOR_REDUCTION = {4: 51.6, 5: 78.9, 6: 135.7, 7: 193.8, 8: 306.4, 9: 368.6, 10: 523.4}
TARGET = {4: 55, 5: 90, 6: 140, 7: 190}
ANCHOR_THREE_STAGE = 20  # about, as published


def _sizes(text: str) -> list[int]:
    """'4-17' or '6,7' or '8,12,17' (ranges and single sizes, comma-separated)."""
    sizes: list[int] = []
    for part in text.split(","):
        low, _, high = part.partition("-")
        sizes += range(int(low), int(high or low) + 1)
    return sizes


def measure(size: int, count: int) -> dict:
    first = NxNState.solved(size).apply(random_turns(size, seed=10_000 + size))
    started = time.perf_counter()
    solve_nxn(first)
    warm_up = time.perf_counter() - started
    lengths, seconds = [], []
    for seed in range(count):
        state = NxNState.solved(size).apply(random_turns(size, seed=seed))
        started = time.perf_counter()
        solution = solve_nxn(state)
        seconds.append(time.perf_counter() - started)
        assert state.apply(solution.turns).is_solved(), f"{size}x{size}x{size} seed {seed} not solved"
        lengths.append(solution.length)
    return {
        "size": size,
        "count": count,
        "mean": statistics.mean(lengths),
        "max": max(lengths),
        "median_s": statistics.median(seconds),
        "max_s": max(seconds),
        "first_s": warm_up,
    }


def row(result: dict) -> str:
    n = result["size"]
    anchor = ANCHOR_REDUCTION.get(n)
    anchor_text = f"{anchor} (+~{ANCHOR_THREE_STAGE})" if anchor else "-"
    target = TARGET.get(n, "-")
    return (
        f"| {n} | {result['count']} | {result['mean']:.1f} | {result['max']} | {target} | {anchor_text} | "
        f"{result['median_s']:.2f} | {result['max_s']:.2f} | {result['first_s']:.2f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="4-17", help="sizes and ranges, e.g. 4-17 (default) or 6,7")
    parser.add_argument("--count", type=int, default=10, help="scrambles per size up to 7x7x7 (default 10)")
    parser.add_argument("--large-count", type=int, default=3, help="scrambles per size above 7x7x7 (default 3)")
    args = parser.parse_args()
    solve_nxn(NxNState.solved(3).apply(random_turns(3, seed=1)))  # two-phase tables and compilation, once
    print("| N | scrambles | mean block turns | max | target | anchor reduction | median s | max s | first s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for size in _sizes(args.sizes):
        print(row(measure(size, args.count if size <= 7 else args.large_count)), flush=True)


if __name__ == "__main__":
    main()
