"""Speed of the polycube packing engine against its targets and peers; prints markdown tables.

Run: ``.venv/bin/python benchmarks/packing_bench.py [--repeat N] [--sections soma,counts,bedlam,peer]``

What is measured (best and median of several runs; the slow Bedlam and peer runs once each):

* Soma: all 11,520 placements counted by the numba backtracker (search only, after the kernel is loaded);
* the `soma` command end to end (process start included) on a two-case sample input and on an input listing every
  placement of piece a, against the C++ backtracker ``baselines/soma_backtrack.cpp`` (same input, same output);
* pentomino 6x10 (all 2,339 classes), the other published counts, and the Bedlam cube's 19,186 classes;
* the peer exact-cover package ``exact-cover`` (dancing links in C, from PyPI) on the same matrices: the whole
  placement matrix for Soma and pentomino 6x10, and for Bedlam the two matrices of the symmetry-broken search
  (anchor piece pinned at each of its placement orbits), so both programs count exactly the same covers.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
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
from solvers.packing import SymmetryMode, build_cover, count_solutions, load_puzzle  # noqa: E402
from solvers.packing.cover import CoverProblem  # noqa: E402
from solvers.packing.search import plan_chunks  # noqa: E402

SOMA_LINES_SAMPLE = "aa.a..a....................\n.........a..a..aa..........\n"
PUBLISHED = [  # (puzzle, symmetry level, published count)
    ("soma", "none", 11520),
    ("soma", "rotation", 480),
    ("soma", "mirror", 240),
    ("pentomino-6x10", "rotation", 2339),
    ("pentomino-5x12", "rotation", 1010),
    ("pentomino-4x15", "rotation", 368),
    ("pentomino-3x20", "rotation", 2),
    ("diabolical", "mirror", 13),
    ("slothouber-graatsma", "rotation", 1),
]
BEDLAM_CLASSES = 19186
SECTIONS = ("soma", "counts", "bedlam", "peer")


def soma_inputs() -> dict[str, Path]:
    """The seed's sample, and one line per placement of piece a (every case the command can be asked)."""
    problem = build_cover(load_puzzle("soma"))
    kind_a = problem.puzzle.piece_index("a")
    lines = []
    for row in problem.rows_of_kind(kind_a):
        cells = ["."] * problem.n_cells
        for c in problem.row_cells[row]:
            if c >= 0:
                cells[int(c)] = "a"
        lines.append("".join(cells))
    WORK_DIR.mkdir(parents=True, exist_ok=True)
    sample = WORK_DIR / "soma_sample.txt"
    sample.write_text(SOMA_LINES_SAMPLE)
    every = WORK_DIR / "soma_every_placement.txt"
    every.write_text("\n".join(lines) + "\n")
    return {"Soma line sample (2 cases)": sample, f"every placement of a ({len(lines)} cases)": every}


def bench_soma(repeat: int) -> tuple[list[list[str]], list[list[str]], str]:
    problem = build_cover(load_puzzle("soma"))
    first = time_call(lambda: count_solutions(problem, up_to="none"), 1)  # loads (or compiles) the kernel
    search = time_call(lambda: count_solutions(problem, up_to="none"), repeat)
    build = time_call(lambda: build_cover(load_puzzle("soma")), repeat)
    search_rows = [
        ["placement matrix (load puzzle, orientations, rows)", *build.cells_cpu("ms")],
        ["count all 11,520 placements, first call (numba kernel loaded from its cache)", *first.cells_cpu("ms")],
        ["count all 11,520 placements, search only", *search.cells_cpu("ms")],
    ]
    baseline = build_cpp(BENCH_DIR / "baselines" / "soma_backtrack.cpp", "soma_backtrack")
    command_rows = []
    for label, path in soma_inputs().items():
        cpp, expected = time_command([baseline], repeat, stdin=path)
        ours, _ = time_command([PYTHON, "-m", "solvers", "soma", str(path)], repeat, expect=expected)
        n_solutions = sum(1 for line in expected.splitlines() if line)
        command_rows.append(
            [
                label,
                f"{n_solutions:,}",
                *cpp.cells_cpu(),
                *ours.cells_cpu(),
                f"{ours.median / cpp.median:.1f}x",
                f"{ours.cpu_best / cpp.cpu_best:.1f}x",
            ]
        )
    start, _ = time_command([PYTHON, "-c", "pass"], repeat)
    numpy_start, _ = time_command([PYTHON, "-c", "import numpy"], repeat)
    note = f"Python start-up alone: `python -c pass` {format_seconds(start.best)} best, {format_seconds(start.median)}"
    note += (
        f" median, {format_seconds(start.cpu_best)} CPU; `python -c 'import numpy'` {format_seconds(numpy_start.best)}"
    )
    note += f" best, {format_seconds(numpy_start.median)} median, {format_seconds(numpy_start.cpu_best)} CPU."
    return search_rows, command_rows, note


def bench_counts(repeat: int) -> list[list[str]]:
    rows = []
    problems: dict[str, CoverProblem] = {}
    for name, mode, published in PUBLISHED:
        problem = problems.setdefault(name, build_cover(load_puzzle(name)))
        found = count_solutions(problem, up_to=mode)
        if found != published:
            raise RuntimeError(f"{name} up to {mode}: counted {found}, published {published}")
        timing = time_call(lambda p=problem, m=mode: count_solutions(p, up_to=m), repeat)
        rows.append([name, mode, f"{published:,}", f"{found:,}", f"{problem.n_rows:,}", *timing.cells_cpu()])
    return rows


def cover_matrix(problem: CoverProblem, rows: np.ndarray | None = None) -> np.ndarray:
    """Dense 0/1 matrix (rows x (cells + piece kinds)) of the given placement rows, as exact-cover takes it."""
    rows = np.arange(problem.n_rows) if rows is None else np.asarray(rows)
    matrix = np.zeros((len(rows), problem.n_cells + problem.n_kinds), dtype=bool)
    for i, r in enumerate(rows):
        cells = problem.row_cells[r]
        matrix[i, cells[cells >= 0]] = True
        matrix[i, problem.n_cells + problem.row_kind[r]] = True
    return matrix


def pinned_matrix(problem: CoverProblem, anchor: int) -> np.ndarray:
    """The matrix whose exact covers are the covers containing row `anchor`: it and the rows compatible with it."""
    kind = problem.row_kind[anchor]
    overlap = (problem.row_masks & problem.row_masks[anchor]).any(axis=1)
    keep = np.flatnonzero((problem.row_kind != kind) & ~overlap)
    return cover_matrix(problem, np.concatenate([[anchor], keep]))


def timed(fn: Callable[[], int]) -> tuple[int, Timing]:
    """One timed call (wall and CPU) that also hands back the call's result."""
    box: list[int] = []
    timing = time_call(lambda: box.append(fn()), 1)
    return box[0], timing


def peer_row(label: str, ours: Callable[[], int], peer: Callable[[], int]) -> list[str]:
    ours_count, ours_time = timed(ours)
    peer_count, peer_time = timed(peer)
    if peer_count != ours_count:
        raise RuntimeError(f"{label}: exact-cover counted {peer_count}, we counted {ours_count}")
    return [
        label,
        f"{ours_count:,}",
        *ours_time.cells_cpu()[::2],
        *peer_time.cells_cpu()[::2],
        f"{peer_time.cpu_best / ours_time.cpu_best:.1f}x",
    ]


def bench_peer(bedlam_chunks: int) -> list[list[str]]:
    """exact-cover against our kernel on the same matrices, both counting every cover (no symmetry filter)."""
    try:
        import exact_cover
    except ImportError:
        return [["exact-cover not installed (.venv/bin/pip install exact-cover)", "", "", "", "", "", ""]]
    rows = []
    for name in ("soma", "pentomino-6x10"):
        problem = build_cover(load_puzzle(name))
        matrix = cover_matrix(problem)
        count_solutions(problem, up_to="none")  # kernel loaded before timing
        rows.append(
            peer_row(
                f"{name}, whole matrix ({problem.n_rows:,} rows)",
                lambda p=problem: count_solutions(p, up_to="none"),
                lambda m=matrix: int(exact_cover.get_solution_count(m)),
            )
        )
    if bedlam_chunks:
        problem = build_cover(load_puzzle("bedlam"))
        chunks = plan_chunks(problem, SymmetryMode.ROTATION)[:bedlam_chunks]
        if any(len(c.stab) for c in chunks):  # pragma: no cover - holds for the shipped file
            raise RuntimeError("bedlam's chunks filter by a stabiliser: the pinned matrices would count more covers")
        for chunk in chunks:
            anchor = chunk.prefix[0]
            matrix = pinned_matrix(problem, anchor)
            rows.append(
                peer_row(
                    f"bedlam, piece {problem.placement(anchor).piece} pinned at row {anchor} ({len(matrix):,} rows)",
                    lambda p=problem, a=anchor: count_solutions(p, pins=[a]),
                    lambda m=matrix: int(exact_cover.get_solution_count(m)),
                )
            )
    return rows


def report_soma(repeat: int) -> None:
    search_rows, command_rows, start_note = bench_soma(repeat)
    print("### Soma cube\n")
    print(markdown_table(["step", "best", "median", "CPU best"], search_rows))
    print("\nTarget: all 11,520 placements in under 0.2 s of search.\n")
    headers = ["input", "solutions", "C++ best", "median", "CPU", "cubeviz best", "median", "CPU"]
    headers += ["median ratio", "CPU ratio"]
    print(markdown_table(headers, command_rows))
    print(f"\n{start_note}\n")
    print("Target: `cubeviz-solve soma` within 2x of the C++ backtracker, end to end.\n")


def report_bedlam() -> None:
    problem = build_cover(load_puzzle("bedlam"))
    found, timing = timed(lambda: count_solutions(problem, up_to="rotation"))
    if found != BEDLAM_CLASSES:
        raise RuntimeError(f"bedlam: counted {found} classes, published {BEDLAM_CLASSES}")
    print("### Bedlam cube (one run)\n")
    headers = ["classes up to rotation", "placements", "wall", "CPU"]
    print(markdown_table(headers, [[f"{found:,}", f"{problem.n_rows:,}", *timing.cells_cpu()[::2]]]))
    print()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="repetitions of each quick measurement (default 5)")
    parser.add_argument(
        "--sections",
        default=",".join(SECTIONS),
        help=f"comma-separated parts to run, of {','.join(SECTIONS)} (default: all; bedlam and peer take minutes)",
    )
    parser.add_argument(
        "--bedlam-peer-chunks",
        type=int,
        default=1,
        help="Bedlam matrices (of 2) also given to the peer when both bedlam and peer run (default 1: minutes)",
    )
    args = parser.parse_args(argv)
    sections = set(args.sections.split(","))
    if sections - set(SECTIONS):
        parser.error(f"unknown sections {sorted(sections - set(SECTIONS))}; choose from {','.join(SECTIONS)}")
    print(f"Machine: {machine_note()}\n")
    if "soma" in sections:
        report_soma(args.repeat)
    if "counts" in sections:
        print("### Published counts\n")
        headers = ["puzzle", "up to", "published", "counted", "placements", "best", "median", "CPU best"]
        print(markdown_table(headers, bench_counts(args.repeat)))
        print("\nTarget: pentomino 6x10, all 2,339 classes, in under 10 s.\n")
    if "bedlam" in sections:
        report_bedlam()
    if "peer" in sections:
        print("### Peer: exact-cover (PyPI, dancing links in C) on the same matrices (one run each)\n")
        headers = ["matrix", "covers", "cubeviz best", "CPU", "exact-cover best", "CPU", "CPU ratio"]
        print(markdown_table(headers, bench_peer(args.bedlam_peer_chunks if "bedlam" in sections else 0)))
        print()
    command = f".venv/bin/python benchmarks/packing_bench.py --repeat {args.repeat} --sections {args.sections}"
    if {"bedlam", "peer"} <= sections:
        command += f" --bedlam-peer-chunks {args.bedlam_peer_chunks}"
    print(f"Command: {command}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
