"""BurrTools disassembly counts side by side: ``cubeviz-solve pack FILE --count --disassemble`` against
``burrTxt -q -d FILE`` on the same files, alternating the two programs, both end to end (process start included,
wall and CPU time; the checkout's modules compiled to bytecode first, as an installation has them) and ours also
in process (the count alone, in a process where numba and the compiled searches are loaded). burrTxt and the
in-process count are then run again, taking turns, until each has spent ``--budget`` CPU seconds (at most
``--most`` runs): the best of a hundred runs or more for a count of milliseconds, so a busy machine does not
decide the ratio.

Every file's figures are checked equal (assemblies and solutions) before any time is reported. Without a burrTxt
(``--burrtxt``, the ``BURRTXT`` environment variable or ``burrTxt`` on the PATH) only our side is measured. The
examples come from a burr-tools checkout (``--examples``, default ``$BURRTOOLS_EXAMPLES``); ``--files`` adds any
other files (a glob), each given ``--timeout`` seconds per program.

    python benchmarks/burrtools_disassembly_bench.py --examples ~/burr-tools/examples --repeat 3
"""

from __future__ import annotations

import argparse
import functools
import glob
import os
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import PYTHON, REPO_DIR, children_cpu, machine_note, markdown_table  # noqa: E402

# the cube-grid examples of the burr-tools repository, with the problem to count (BurrTools numbers from 1)
EXAMPLES = [
    ("AlPackino", 1),
    ("CubeInCage", 1),
    ("DemoMirrorParadox", 1),
    ("DemoMirrorParadox", 2),
    ("DemoPieceGenerator", 1),
    ("PelikanBurr", 1),
    ("SolidSixPieceBurrs", 1),
    ("DraculasDentalDesaster", 1),
]
THEIRS = re.compile(r"(\d+) assemblies and (\d+) solutions")
OURS_ASSEMBLIES = re.compile(r"^(\d+) assemblies", re.MULTILINE)
OURS_SOLUTIONS = re.compile(r"^(\d+) solutions", re.MULTILINE)
ROUNDS = 3  # the repeated runs of burrTxt and of the in-process count take turns this many times


def _run(command: list[str], timeout: float) -> tuple[float, float, str | None]:
    """(wall, CPU, stdout) of one run; stdout None when it timed out or failed."""
    cpu = children_cpu()
    start = time.perf_counter()
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        out = done.stdout if done.returncode == 0 else None
    except subprocess.TimeoutExpired:
        out = None
    return time.perf_counter() - start, children_cpu() - cpu, out


def _theirs(burrtxt: str, path: Path, problem: int, timeout: float) -> tuple[float, float, tuple[int, int] | None]:
    wall, cpu, out = _run([burrtxt, "-q", "-d", "-o", str(problem - 1), str(path)], timeout)
    found = THEIRS.search(out or "")
    return wall, cpu, (int(found.group(1)), int(found.group(2))) if found else None


def _theirs_times(burrtxt: str, path: Path, problem: int, timeout: float) -> tuple[float, float]:
    """(wall, CPU) of one ``burrTxt -q -d`` run."""
    return _theirs(burrtxt, path, problem, timeout)[:2]


def _ours(path: Path, problem: int, timeout: float) -> tuple[float, float, tuple[int, int] | None]:
    command = [PYTHON, "-m", "solvers", "pack", str(path), "--problem", str(problem), "--count", "--disassemble"]
    wall, cpu, out = _run(command, timeout)
    a, s = OURS_ASSEMBLIES.search(out or ""), OURS_SOLUTIONS.search(out or "")
    return wall, cpu, (int(a.group(1)), int(s.group(1))) if a and s else None


def _in_process(path: Path, problem: int) -> tuple[float, float]:
    """(wall, CPU) of the count alone in this process (file read, problem checked, counted, taken apart), the
    shapes' orientations kept from an earlier count forgotten first: each count works them out afresh. The
    process is warm: numba and the compiled searches are loaded (see :func:`_warm`), so the count takes the
    compiled paths, as in the app after its first count; a fresh process's first count is the end-to-end run."""
    _warm(path, problem)
    from solvers.packing.burrtools_colour import _turns, coloured_orientations, kind_shape
    from solvers.packing.burrtools_count import count
    from solvers.packing.burrtools_io import read_burrtools
    from solvers.packing.burrtools_puzzle import burr_problem
    from solvers.packing.placement_arrays import _orientations

    coloured_orientations.cache_clear()
    _turns.cache_clear()
    kind_shape.cache_clear()
    _orientations.cache_clear()

    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime + usage.ru_stime
    start = time.perf_counter()
    count(burr_problem(read_burrtools(path), problem), disassemble=True)
    wall = time.perf_counter() - start
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return wall, usage.ru_utime + usage.ru_stime - cpu


_WARM: set[tuple[Path, int]] = set()


def _warm(path: Path, problem: int) -> None:
    """Load numba and the compiled searches in this process and count the file once (a small count in a process
    without numba runs its searches in Python instead)."""
    if (path, problem) in _WARM:
        return
    _WARM.add((path, problem))
    import solvers.packing.disassembly_kernel  # noqa: F401
    import solvers.packing.kernel  # noqa: F401
    from solvers.packing.burrtools_count import count
    from solvers.packing.burrtools_io import read_burrtools
    from solvers.packing.burrtools_puzzle import burr_problem

    count(burr_problem(read_burrtools(path), problem), disassemble=True)


def _best_of(measure, repeat: int, budget: float, most: int) -> tuple[float, float]:
    """The least wall and the least CPU time of ``measure()`` (each the best of its runs, apart) over at least
    ``repeat`` runs and then more, up to ``most``, until ``budget`` seconds of CPU are spent: a count of a few
    milliseconds is taken a hundred times or more, so the best is within a tenth of a millisecond of what the
    machine can do however busy it is (a busy machine slows a run; nothing makes one faster)."""
    walls, cpus = [], []
    while len(cpus) < repeat or (len(cpus) < most and sum(cpus) < budget):
        wall, cpu = measure()
        walls.append(wall)
        cpus.append(cpu)
    return min(walls), min(cpus)


def _seconds(value: float | None, digits: int = 3) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _ratio(ours: float, theirs: float | None) -> str:
    return "-" if theirs is None or theirs <= 0 else f"{ours / theirs:.2f}x"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burrtxt", default=os.environ.get("BURRTXT") or shutil.which("burrTxt"))
    parser.add_argument("--examples", default=os.environ.get("BURRTOOLS_EXAMPLES"), help="burr-tools examples dir")
    parser.add_argument("--files", action="append", default=[], help="more .xmpuzzle files (a glob; problem 1)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per program and file (best and median kept)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per run")
    parser.add_argument("--budget", type=float, default=0.5,
                        help="CPU seconds for the repeated runs of burrTxt and of the in-process count (at least "
                             "--repeat runs each, more while the budget lasts, at most --most)")  # fmt: skip
    parser.add_argument("--most", type=int, default=300, help="runs at most per side within --budget")
    args = parser.parse_args(argv)
    if args.repeat < 1 or args.timeout <= 0:
        parser.error("--repeat must be at least 1 and --timeout positive")
    cases: list[tuple[str, Path, int]] = []
    if args.examples:
        for name, problem in EXAMPLES:
            path = Path(args.examples) / f"{name}.xmpuzzle"
            if path.exists():
                cases.append((f"{name}" + (f" #{problem}" if problem > 1 else ""), path, problem))
    for pattern in args.files:
        cases += [(Path(f).name, Path(f), 1) for f in sorted(glob.glob(pattern))]
    if not cases:
        parser.error("no files: give --examples DIR (a burr-tools checkout's examples) or --files GLOB")
    os.chdir(REPO_DIR)
    # an installed package has its modules compiled; a checkout run with PYTHONDONTWRITEBYTECODE would compile
    # them again in every process, which is no part of the count
    subprocess.run([PYTHON, "-m", "compileall", "-q", "solvers"], check=False, capture_output=True)
    print(f"machine: {machine_note()}")
    print(f"peer: {args.burrtxt or 'absent (burrTxt not found): our side only'}")
    rows = []
    slower = differ = timeouts = 0
    for label, path, problem in cases:
        ours_runs, theirs_runs = [], []
        figures: dict[str, tuple[int, int] | None] = {}
        _ours(path, problem, args.timeout)  # warm-up: compiled kernels loaded from the cache, files in memory
        for _ in range(args.repeat):  # alternate the two programs
            if args.burrtxt:
                wall, cpu, theirs = _theirs(args.burrtxt, path, problem, args.timeout)
                theirs_runs.append((wall, cpu))
                figures["theirs"] = theirs
            wall, cpu, ours = _ours(path, problem, args.timeout)
            ours_runs.append((wall, cpu))
            figures["ours"] = ours
        # burrTxt and the in-process count again, taking turns in rounds, until each has had its CPU budget
        inside_runs: list[tuple[float, float]] = []
        count_here = functools.partial(_in_process, path, problem)
        burrtxt = functools.partial(_theirs_times, args.burrtxt, path, problem, args.timeout)
        share, most = args.budget / ROUNDS, max(1, args.most // ROUNDS)
        for _ in range(ROUNDS):
            inside_runs.append(_best_of(count_here, 1, share, most))
            if args.burrtxt and figures.get("theirs"):
                theirs_runs.append(_best_of(burrtxt, 1, share, most))
        inside = (min(r[0] for r in inside_runs), min(r[1] for r in inside_runs))
        ours_fig, theirs_fig = figures.get("ours"), figures.get("theirs")
        same = "" if not args.burrtxt else ("equal" if ours_fig == theirs_fig and ours_fig else "DIFFERENT")
        differ += same == "DIFFERENT"
        timeouts += ours_fig is None
        ours_wall, ours_cpu = min(r[0] for r in ours_runs), min(r[1] for r in ours_runs)
        theirs_wall = min(r[0] for r in theirs_runs) if theirs_runs else None
        theirs_cpu = min(r[1] for r in theirs_runs) if theirs_runs else None
        if theirs_cpu is not None and inside[1] > theirs_cpu:
            slower += 1
        rows.append([
            label,
            "-" if ours_fig is None else f"{ours_fig[0]} / {ours_fig[1]}",
            "-" if theirs_fig is None else f"{theirs_fig[0]} / {theirs_fig[1]}",
            same,
            f"{ours_wall:.3f} / {ours_cpu:.3f}",
            f"{_seconds(theirs_wall, 4)} / {_seconds(theirs_cpu, 4)}",
            f"{inside[0]:.4f} / {inside[1]:.4f}",
            _ratio(ours_cpu, theirs_cpu),
            _ratio(inside[1], theirs_cpu),
        ])  # fmt: skip
        print(f"{label}: ours {ours_fig} {ours_wall:.3f}s, burrTxt {theirs_fig} {_seconds(theirs_wall)}s", flush=True)
    print()
    print(markdown_table(
        ["file", "ours: assemblies / solutions", "burrTxt", "figures", "ours s wall / CPU (process)",
         "burrTxt s wall / CPU", "ours s wall / CPU (in process)", "CPU ratio (process)", "CPU ratio (in process)"],
        rows,
    ))  # fmt: skip
    print()
    print(f"{len(rows)} files; figures different: {differ}; ours timed out or failed: {timeouts}; "
          f"ours slower in process (CPU): {slower}")  # fmt: skip
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
