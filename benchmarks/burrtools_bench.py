"""Our packing counts side by side with burrTxt (BurrTools' command-line solver) on the same .xmpuzzle files.

Run: ``.venv/bin/python benchmarks/burrtools_bench.py [--puzzles soma,pentomino-6x10,pentomino-5x12,bedlam]
[--repeat 3] [--threads N] [--burrtools-source DIR | --burrtxt BINARY] [--json PATH]``.

BurrTools is GPL and never part of this repository: burrTxt is compiled from a checkout of the public burr-tools
repository (``--burrtools-source DIR``, else ``$BURRTOOLS_SOURCE``, else the git-ignored
``benchmarks/_work/burr-tools``) into ``benchmarks/_work/burrtxt-build/`` with g++ -O2, the way its own build
compiles it (its library sources, the few tools it needs and ``burrTxt.cpp``; zlib and pthreads). The checkout is
only read; an object is recompiled only when its source is newer, and the link is redone only when an object
changed. ``--burrtxt BINARY`` (or ``$BURRTXT``) takes an existing build instead. Without either the script prints
one line saying why and runs our side only.

What is measured, in rounds (``--repeat``), the two programs alternating on each puzzle so that both see the same
load on a shared machine: each shipped puzzle is converted once to .xmpuzzle (``python -m solvers convert``), then
``burrTxt -q FILE`` and ``python -m solvers pack FILE --count --threads N`` (ours on every core by default) run as
child processes: wall seconds end to end (process start, file reading and our numba import included) and CPU
seconds (user + system, from the children's resource usage). Both must print the same number of assemblies;
a disagreement is an error (exit status 1). The table gives best and median of each, the load average at each
round, and the ratios ours / burrTxt of the best wall and the best CPU seconds (below 1: ours took less).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._common import REPO_DIR, WORK_DIR, children_cpu, machine_note, markdown_table  # noqa: E402

DEFAULT_PUZZLES = ("soma", "pentomino-6x10", "pentomino-5x12", "bedlam")
SOURCE_DIR = WORK_DIR / "burr-tools"  # the default checkout (git-ignored, like everything in _work)
BUILD_DIR = WORK_DIR / "burrtxt-build"
PUZZLE_DIR = WORK_DIR / "burrtools-puzzles"
BINARY = "burrTxt"
CXXFLAGS = ("-O2", "-std=c++11", "-w")
LIBS = ("-lz", "-lpthread")
TOOLS = ("tools/fileexists.cpp", "tools/gzstream.cpp", "tools/xml.cpp")  # the tools burrTxt links against
BURR_LINE = re.compile(r"^(\d+) assemblies and (\d+) solutions found", re.MULTILINE)
OUR_LINE = re.compile(r"^(\d+) assemblies\b", re.MULTILINE)


def burrtxt_sources(source: Path) -> list[Path]:
    """The C++ files burrTxt is linked from: its library (tests left out), the half-edge code, three tools."""
    src = source / "src"
    files = [p for p in sorted((src / "lib").glob("*.cpp")) if not p.name.endswith("_test.cpp")]
    files += sorted((src / "halfedge").glob("*.cpp"))
    files += [src / tool for tool in TOOLS]
    files.append(src / "burrTxt.cpp")
    return files


def is_checkout(source: Path) -> bool:
    """Whether ``source`` looks like a burr-tools checkout (its solver's main file is there)."""
    return (source / "src" / "burrTxt.cpp").is_file() and (source / "src" / "lib").is_dir()


@dataclass(frozen=True)
class Peer:
    """The burrTxt in use and how it came to be (built now, reused, or given)."""

    binary: Path
    note: str


def build_burrtxt(source: Path, build_dir: Path = BUILD_DIR, echo=print) -> Peer:  # type: ignore[no-untyped-def]
    """Compile burrTxt from the checkout ``source`` into ``build_dir`` (objects recompiled when their source or
    the flags changed, then linked when any object changed); the checkout is not written to."""
    compiler = shutil.which("g++")
    if compiler is None:
        raise RuntimeError("no g++ to build burrTxt")
    source, build_dir = source.resolve(), build_dir.resolve()
    src = source / "src"
    flags = [*CXXFLAGS, f"-I{src}"]
    stamp = hashlib.sha256(json.dumps([compiler, flags]).encode()).hexdigest()[:16]
    objects, changed = [], False
    started = time.perf_counter()
    for path in burrtxt_sources(source):
        obj = build_dir / "obj" / stamp / path.relative_to(src).with_suffix(".o")
        objects.append(obj)
        if obj.is_file() and obj.stat().st_mtime >= path.stat().st_mtime:
            continue
        if not changed:
            echo(f"burrTxt: compiling {source} with g++ -O2 (a few minutes on a loaded machine)")
        obj.parent.mkdir(parents=True, exist_ok=True)
        _run([compiler, *flags, "-c", str(path), "-o", str(obj)])
        changed = True
    binary = build_dir / BINARY
    if changed or not binary.is_file():
        partial = build_dir / f"{BINARY}.partial"
        _run([compiler, "-O2", "-o", str(partial), *map(str, objects), *LIBS])
        partial.replace(binary)
        return Peer(binary, f"burrTxt: built {binary} from {source} in {time.perf_counter() - started:.0f} s")
    return Peer(binary, f"burrTxt: {binary} is up to date with {source}")


def _run(command: list[str]) -> None:
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"{shlex.join(command[:3])} ... failed: {done.stderr.strip()[:400]}")


def find_peer(args: argparse.Namespace) -> tuple[Peer | None, str]:
    """(the burrTxt to run, None when there is none) and a line saying which one or why not."""
    given = args.burrtxt or os.environ.get("BURRTXT")
    if given:
        binary = Path(given)
        if not (binary.is_file() and os.access(binary, os.X_OK)):
            return None, f"burrTxt: {binary} is no executable file; our side only"
        return Peer(binary, f"burrTxt: {binary} (given)"), f"burrTxt: {binary} (given)"
    source = Path(args.burrtools_source or os.environ.get("BURRTOOLS_SOURCE") or SOURCE_DIR)
    if not is_checkout(source):
        return None, (
            f"burrTxt: no burr-tools checkout at {source} (clone the public burr-tools repository there, or give "
            "--burrtools-source DIR or --burrtxt BINARY); our side only"
        )
    try:
        peer = build_burrtxt(source, echo=lambda line: print(line, flush=True))
    except RuntimeError as error:
        return None, f"burrTxt: could not be built ({error}); our side only"
    return peer, peer.note


@dataclass
class Runs:
    """One program on one puzzle: the count it printed, and wall and CPU seconds of each round."""

    count: int | None = None
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)


def timed(command: list[str], env: dict[str, str] | None = None) -> tuple[str, float, float]:
    """(stdout, wall seconds, CPU seconds) of one child run; RuntimeError when it fails."""
    cpu_start = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    wall = time.perf_counter() - start
    cpu = children_cpu() - cpu_start
    if done.returncode != 0:
        raise RuntimeError(f"{shlex.join(command)} exited {done.returncode}: {done.stderr.strip()[:400]}")
    return done.stdout, wall, cpu


def our_env() -> dict[str, str]:
    """This checkout's code first on the path, so the children run the code beside this script."""
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": str(REPO_DIR) + (os.pathsep + path if path else "")}


def convert(puzzle: str, env: dict[str, str]) -> Path:
    """The shipped puzzle as a BurrTools file in benchmarks/_work/burrtools-puzzles/."""
    PUZZLE_DIR.mkdir(parents=True, exist_ok=True)
    out = PUZZLE_DIR / f"{puzzle}.xmpuzzle"
    timed([sys.executable, "-m", "solvers", "convert", puzzle, str(out)], env)
    return out


def record(runs: Runs, count: int, wall: float, cpu: float, who: str, puzzle: str, problems: list[str]) -> None:
    if runs.count is not None and runs.count != count:
        problems.append(f"{who} counted {count} on {puzzle} after {runs.count} in an earlier round")
    runs.count = count
    runs.wall.append(wall)
    runs.cpu.append(cpu)


def one_round(
    files: dict[str, Path], peer: Peer | None, threads: int | None, results: dict[str, dict[str, Runs]],
    problems: list[str], env: dict[str, str], swap: bool,
) -> None:  # fmt: skip
    """Each puzzle through both programs, burrTxt first or (``swap``) ours first."""
    for puzzle, path in files.items():
        ours = [sys.executable, "-m", "solvers", "pack", str(path), "--count"]
        if threads is not None:
            ours += ["--threads", str(threads)]
        sides = [("ours", ours, env, OUR_LINE)]
        if peer is not None:
            sides.append(("burrTxt", [str(peer.binary), "-q", str(path)], None, BURR_LINE))
        for who, command, child_env, pattern in sides if swap else reversed(sides):
            out, wall, cpu = timed(command, child_env)
            found = pattern.search(out)
            if found is None:
                problems.append(f"{who} printed no count on {puzzle}: {out.strip()[-200:]!r}")
                continue
            record(results[puzzle][who], int(found.group(1)), wall, cpu, who, puzzle, problems)
            print(f"  {puzzle:16} {who:8} {int(found.group(1)):>8} assemblies  wall {wall:8.2f} s  CPU {cpu:8.2f} s",
                  flush=True)  # fmt: skip


def disagreements(results: dict[str, dict[str, Runs]]) -> list[str]:
    """One line per puzzle where the two programs counted differently."""
    out = []
    for puzzle, sides in results.items():
        ours_count, peer_count = sides["ours"].count, sides["burrTxt"].count
        if ours_count is not None and peer_count is not None and ours_count != peer_count:
            out.append(f"{puzzle}: ours {ours_count} assemblies, burrTxt {peer_count}")
    return out


def _s(values: list[float], how) -> str:  # type: ignore[no-untyped-def]
    return f"{how(values):.2f}" if values else "-"


def _ratio(ours: list[float], peer: list[float]) -> str:
    return f"{min(ours) / min(peer):.2f}" if ours and peer and min(peer) > 0 else "-"


def summary(results: dict[str, dict[str, Runs]]) -> str:
    headers = ["puzzle", "assemblies", "burrTxt wall best / median", "burrTxt CPU best", "ours wall best / median",
               "ours CPU best", "wall ours/burrTxt", "CPU ours/burrTxt"]  # fmt: skip
    rows = []
    for puzzle, sides in results.items():
        ours, peer = sides["ours"], sides["burrTxt"]
        count = ours.count if ours.count is not None else peer.count
        rows.append([
            puzzle, f"{count:,}" if count is not None else "-",
            f"{_s(peer.wall, min)} / {_s(peer.wall, statistics.median)}", _s(peer.cpu, min),
            f"{_s(ours.wall, min)} / {_s(ours.wall, statistics.median)}", _s(ours.cpu, min),
            _ratio(ours.wall, peer.wall), _ratio(ours.cpu, peer.cpu),
        ])  # fmt: skip
    return markdown_table(headers, rows)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--puzzles", default=",".join(DEFAULT_PUZZLES), help="shipped puzzles, comma separated")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (both programs on every puzzle each round)")
    parser.add_argument("--threads", type=int, default=None, help="our threads (default: every core)")
    parser.add_argument("--burrtools-source", default=None, help="burr-tools checkout to build burrTxt from")
    parser.add_argument("--burrtxt", default=None, help="an existing burrTxt binary instead of a build")
    parser.add_argument("--json", type=Path, default=None, help="write the raw figures here")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be 1 or more")
    if args.threads is not None and args.threads < 1:
        parser.error("--threads must be 1 or more")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    puzzles = [p.strip() for p in args.puzzles.split(",") if p.strip()]
    print(f"burrTxt benchmark: {machine_note()}")
    print(f"command: {shlex.join([sys.executable, *sys.argv])}\n", flush=True)
    peer, note = find_peer(args)
    print(note, flush=True)
    env = our_env()
    files = {puzzle: convert(puzzle, env) for puzzle in puzzles}
    timed([sys.executable, "-m", "solvers", "pack", str(files[puzzles[0]]), "--count"], env)  # compile, not timed
    results = {puzzle: {"ours": Runs(), "burrTxt": Runs()} for puzzle in puzzles}
    problems: list[str] = []
    loads = []
    for round_no in range(args.repeat):
        load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
        loads.append(load)
        print(f"round {round_no + 1} of {args.repeat} (load average {load:.2f})", flush=True)
        one_round(files, peer, args.threads, results, problems, env, swap=round_no % 2 == 1)
    problems += disagreements(results)
    print(f"\nload average at each round: {', '.join(f'{x:.2f}' for x in loads)}")
    print(f"\n{summary(results)}\n")
    if peer is None:
        print("burrTxt was not run (see above): the peer columns are empty.")
    if args.json:
        raw = {
            "machine": machine_note(),
            "peer": note,
            "loads": loads,
            "threads": args.threads,
            "results": {p: {w: asdict(r) for w, r in s.items()} for p, s in results.items()},
            "problems": problems,
        }
        args.json.write_text(json.dumps(raw, indent=1) + "\n")
    for problem in problems:
        print(f"ERROR: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
