"""Counts every shipped puzzle, collection by collection, at every symmetry level; prints one markdown table per
collection (figure, count, the file's known count, the published count, time) and exits 1 on any disagreement.

Run: ``.venv/bin/python benchmarks/collections_bench.py [--collections "Soma figures,Pentominoes"]
[--levels none,rotation,mirror] [--skip NAME[:LEVEL],...]``

Each count is taken once (the slow ones take minutes; see the timings in docs/packing.md): the Soma figures and
most pentomino counts take well under a second each, pentominoes in the 3x4x5 box about a minute per class level
and ten minutes for all 31,520 solutions, Bedlam's rotation classes a few minutes. Bedlam's `none` level (hours)
is skipped unless `--skip ""` is given. The numba kernel is loaded before the first timed count.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import machine_note, markdown_table, time_call  # noqa: E402 - path set just above
from benchmarks.packing_bench import PUBLISHED as PUBLISHED_CLASSICS  # noqa: E402
from solvers.packing import SymmetryError, build_cover, count_solutions, load_puzzle  # noqa: E402
from solvers.packing.published import PUBLISHED_PENTOMINO_COUNTS  # noqa: E402
from solvers.packing.puzzle_io import shipped_collections  # noqa: E402

LEVELS = ("none", "rotation", "mirror")
PUBLISHED: dict[tuple[str, str], int] = {(name, level): count for name, level, count in PUBLISHED_CLASSICS}
PUBLISHED.update({("bedlam", "rotation"): 19186, ("slothouber-graatsma", "mirror"): 1})
PUBLISHED.update(PUBLISHED_PENTOMINO_COUNTS)
DEFAULT_SKIP = "bedlam:none"


def _skipped(skip: set[str], name: str, level: str) -> bool:
    return name in skip or f"{name}:{level}" in skip


def bench_collection(names: list[str], levels: list[str], skip: set[str]) -> tuple[list[list[str]], int]:
    """Table rows for the puzzles of one collection, and the number of counts that disagree with a reference."""
    rows, wrong = [], 0
    for name in names:
        puzzle = load_puzzle(name)
        problem = build_cover(puzzle)
        for level in levels:
            known = puzzle.known_counts.get(level)
            published = PUBLISHED.get((name, level))
            cells = [name, level]
            if _skipped(skip, name, level):
                rows.append([*cells, "skipped", _fmt(known), _fmt(published), "", ""])
                continue
            box: list[int] = []
            try:
                timing = time_call(lambda p=problem, m=level, b=box: b.append(count_solutions(p, up_to=m)), 1)
            except SymmetryError:
                rows.append([*cells, "not defined", _fmt(known), _fmt(published), "", ""])
                continue
            found = box[0]
            agrees = all(ref is None or ref == found for ref in (known, published))
            wrong += not agrees
            mark = "" if agrees else " MISMATCH"
            rows.append([*cells, f"{found:,}{mark}", _fmt(known), _fmt(published), *timing.cells_cpu()[::2]])
    return rows, wrong


def _fmt(count: int | None) -> str:
    return "" if count is None else f"{count:,}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    groups = shipped_collections()
    parser.add_argument("--collections", default=",".join(groups), help="comma-separated (default: every one)")
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated symmetry levels (default: all)")
    parser.add_argument(
        "--skip", default=DEFAULT_SKIP, help=f"comma-separated NAME or NAME:LEVEL not to count (default {DEFAULT_SKIP})"
    )
    args = parser.parse_args(argv)
    chosen = [c for c in args.collections.split(",") if c]
    levels = [level for level in args.levels.split(",") if level]
    if unknown := sorted(set(chosen) - set(groups)):
        parser.error(f"unknown collections {unknown}; shipped: {', '.join(groups)}")
    if unknown := sorted(set(levels) - set(LEVELS)):
        parser.error(f"unknown levels {unknown}; choose from {','.join(LEVELS)}")
    skip = {s for s in args.skip.split(",") if s}
    print(f"Machine: {machine_note()}\n")
    count_solutions(build_cover(load_puzzle("soma")), up_to="none")  # the kernel is loaded before any timing
    wrong = 0
    for collection in chosen:
        rows, bad = bench_collection(groups[collection], levels, skip)
        wrong += bad
        print(f"### {collection}\n")
        headers = ["puzzle", "up to", "counted", "known (file)", "published", "seconds", "CPU"]
        print(markdown_table(headers, rows))
        print()
    if wrong:
        print(f"{wrong} count(s) disagree with the file or the literature")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
