"""Our optimal HTM solver side by side with vcube (voltara/vcube: the fastest public optimal 3x3x3 solver, C++
with AVX2): the same uniformly random cubes through both programs, every answer checked by applying it to its cube,
each of our table tiers set beside the vcube pruning table of comparable purpose.

Run: ``.venv/bin/python benchmarks/vcube_bench.py [--cubes 20] [--seed 4] [--cap 600] [--tables standard,large]
[--vcube-tables 304,208] [--vcube-source DIR | --vcube-repo GIT_URL] [--json PATH]``, e.g.
``--tables standard,large --vcube-tables 304,208`` for both pairs. ``--tables`` names our table tiers (a comma
list of ``standard`` and ``large``; ``standard`` by default): ``standard`` is the default heuristic (the split
table, read for each node and for the node's inverse, about 1.46 GB resident), ``large`` reads the large table
for each node and its bounds table for the node's inverse (about 5.2 GB). The pairs compared
are our standard tier with vcube's ``-c 304`` (1.326 GiB) and our large tier with vcube's ``-c 208``
(7.273 GiB), and with ``-c 112`` (2.424 GiB) when that is run. ``--table-builds N`` times, instead, N rounds of
our standard table's first build beside vcube's build of its ``-c 304`` table (see ``table_builds.py``).

vcube is GPL and never part of this repository: the script compiles its solver from a checkout, the git-ignored
``benchmarks/_work/vcube`` (clone the public voltara/vcube repository there), ``--vcube-source DIR``, or
``--vcube-repo GIT_URL``, which it clones into ``benchmarks/_work/vcube``. The checkout is only read: vc-optimal is
compiled straight from its ``src/`` (no cmake, so vcube's tests and their CppUTest are not needed) into
``benchmarks/_work/vcube-build/``, with vcube's own flags, by clang++ when present (vcube's build notes say clang
makes faster code for it than GCC; its CMakeLists.txt insists on clang) and by g++ otherwise. The build is redone
only when the sources or the compiler change. Without a checkout, a C++ compiler, or a CPU with AVX2, the script
prints one line saying why and runs our side only.

What is measured:

* ours, for each tier in turn: first the time to make its tables ready (``prepare_tables``; "built" when the load
  wrote table files into the cache, "loaded" otherwise; a later tier finds the tables it shares with an earlier
  one already loaded), then the kernels are compiled on an easy cube, then every cube runs through
  `solvers.rubik.optimal.optimal` on two threads with the tier's heuristic, each cube stopped at ``--cap``
  seconds by its stop event: wall and CPU seconds (all our threads), the length, and the nodes of each exhausted
  depth (the depth that held the answer, and the two-phase probes, are not counted). Neither the tables nor the
  compilation are in a cube's time. Our tiers must agree on every length: a disagreement is an error.
* vcube, for each pruning table size (``-c``): the time of a first run on one one-move cube, which generates the
  table when vcube has none saved ("cached" when the run saved no new file in the ``tables`` folder vcube keeps
  beside its binary, ``benchmarks/_work/vcube-build/tables``), then all cubes in one run
  with ``-w 2`` (as many workers as our threads): the run's wall and CPU seconds (loading its table included) and
  its own seconds and the length per cube (vcube prints no node counts). Both programs are optimal, so an answer
  of another length than any of our tiers' is an error, as is an answer that does not solve its cube.
* the comparison, one row per pair run: each side's total CPU seconds and their ratio (vcube / ours: above 1,
  ours used less), the same ratio of the median CPU seconds per cube (vcube's own per-cube seconds, each cube on
  one worker thread), our median wall seconds per cube on two threads, and each side's table memory.

Any error (a wrong or missing answer, a length disagreement, a tier whose tables could not be made ready) is
printed at the end, and the script then exits with status 1.
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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import rubik_bench_optimal as opt  # noqa: E402 - the path above makes the repo importable
from benchmarks import table_builds  # noqa: E402
from benchmarks._common import REPO_DIR, WORK_DIR, children_cpu, machine_note, markdown_table  # noqa: E402
from solvers.cube.formats import to_reid  # noqa: E402
from solvers.cube.moves import Move, apply_moves  # noqa: E402
from solvers.cube.notation import parse_algorithm  # noqa: E402
from solvers.cube.state import CubeState  # noqa: E402
from solvers.rubik.optimal.heuristics import prepare_tables  # noqa: E402
from solvers.rubik.rubik_tables import default_tables  # noqa: E402
from solvers.rubik.table_tiers import TIER_COST, TableTier, tier_heuristic  # noqa: E402
from solvers.tables import cache_dir  # noqa: E402

VCUBE_DIR = WORK_DIR / "vcube"  # the default checkout (git-ignored, like everything in _work)
VCUBE_BUILD_DIR = WORK_DIR / "vcube-build"  # vc-optimal, its build stamp and (with GCC) its edited sources
VCUBE_BINARY = "vc-optimal"
VCUBE_SOURCES = ("alloc.cpp", "cube.cpp", "nxprune.cpp", "nxsolve.cpp", "util.cpp", "vc-optimal.cpp")  # in src/
# vcube's own flags: its CMakeLists.txt's CMAKE_CXX_FLAGS and its Release build type (-O3 -DNDEBUG).
VCUBE_FLAGS = ("-O3", "-DNDEBUG", "-std=c++17", "-mlzcnt", "-mbmi", "-mbmi2", "-mavx2", "-flax-vector-conversions")
BUILD_STAMP = "stamp.json"
# GCC rejects this constructor of vcube's cube.h as constexpr ("call to non-'constexpr' function": it calls
# cube::ev(), which is not constexpr); clang accepts it. No constant expression uses it (GCC compiles everything
# once the keyword is gone), so it only ever runs at run time and dropping the keyword changes nothing in the
# program. For GCC the build therefore compiles a copy of src/ with the keyword dropped; the checkout stays as is.
GCC_CONSTEXPR_FILE = "cube.h"
GCC_CONSTEXPR_LINE = "constexpr edgecube(const cube &c) : v(c.ev()) {"
DEFAULT_TABLES = (304, 208)  # the sizes comparable with our tables
# Our table tiers and the heuristic each means for an HTM search (what `optimal(..., heuristic=...)` and
# `prepare_tables` take): None is the default heuristic, the edge and corner-slice residues.
TIER_HEURISTIC: dict[str, str | None] = {tier.value: tier_heuristic(tier, "htm") for tier in TableTier}
DEFAULT_TIERS = "standard"
# The resident sizes of our tiers' tables: everything an HTM optimal solve with the tier loads.
OUR_TABLE_BYTES = {tier.value: float(cost.memory_bytes) for tier, cost in TIER_COST.items()}
# vcube's pruning tables (-c) in GiB, as vcube's --help prints their sizes.
VCUBE_TABLE_GIB = {304: 1.326, 112: 2.424, 208: 7.273}
# Our tier beside the vcube table of comparable purpose: the default tables, and the large ones.
PAIRS = (("standard", 304), ("large", 208), ("large", 112))
GIB = 1024**3
THREADS = 2  # ours: search threads; vcube: workers (-w)
DEFAULT_SEED = 4
TABLE_PROBE = "R"  # the cube of the table-building first run: trivial, so that run's time is the table's
ENABLE_HINT = (
    "to run it, clone the public voltara/vcube repository into benchmarks/_work/vcube, or pass --vcube-source DIR "
    "(a checkout), or --vcube-repo GIT_URL (cloned into benchmarks/_work/vcube)"
)
COMPILERS = ("clang++", "g++", "c++")  # in order of preference: vcube is developed with clang
MOVE_TOKEN = re.compile(r"([URFDLB])(2'?|'|1|3)?")
TOTAL_TIME = re.compile(r"Total time:\s*([0-9.]+)\s*real")


def cpu_has_avx2(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool | None:
    """Whether the CPU's flags list avx2 (vcube's kernels need it); None when /proc/cpuinfo cannot be read."""
    try:
        text = cpuinfo.read_text()
    except OSError:
        return None
    return any(line.startswith("flags") and "avx2" in line.split(":", 1)[-1].split() for line in text.splitlines())


def find_compiler(which: Callable[[str], str | None] = shutil.which) -> str | None:
    """The absolute path of the first C++ compiler of COMPILERS on PATH, or None.

    Absolute but not resolved: clang++ is often a link to clang, which compiles C++ but does not link its library."""
    for name in COMPILERS:
        found = which(name)
        if found:
            return os.path.abspath(found)
    return None


def machine_skip_reason(
    cpuinfo: Path = Path("/proc/cpuinfo"), which: Callable[[str], str | None] = shutil.which
) -> str | None:
    """None when this machine can build and run vcube (AVX2 and a C++ compiler), else why not."""
    avx2 = cpu_has_avx2(cpuinfo)
    if avx2 is None:
        return f"cannot read {cpuinfo} to check for AVX2, which vcube needs"
    if not avx2:
        return f"this CPU lacks AVX2 (no avx2 flag in {cpuinfo}), which vcube needs"
    if find_compiler(which) is None:
        return f"no C++ compiler ({', '.join(COMPILERS)}) to build it"
    return None


def is_checkout(source: Path) -> bool:
    """Whether `source` holds vcube's sources (the files the build compiles)."""
    return all((source / "src" / name).is_file() for name in VCUBE_SOURCES)


def vcube_skip_reason(
    source: Path, cpuinfo: Path = Path("/proc/cpuinfo"), which: Callable[[str], str | None] = shutil.which
) -> str | None:
    """None when vcube can be built and run from `source`, else one line saying why not and how to enable it.

    The CPU and the tools are checked before the checkout, since cloning would not help a machine without them.
    """
    reason = machine_skip_reason(cpuinfo, which)
    if reason is not None:
        return reason
    if not (source / "src").is_dir():
        return f"no vcube source checkout in {_shown(source)}; {ENABLE_HINT}"
    missing = [name for name in VCUBE_SOURCES if not (source / "src" / name).is_file()]
    if missing:
        return f"the vcube checkout in {_shown(source)} lacks src/{', src/'.join(missing)}; {ENABLE_HINT}"
    return None


def _shown(path: Path) -> str:
    """A path relative to the repository when it is inside it (shorter, and the same on every machine)."""
    try:
        return str(path.resolve().relative_to(REPO_DIR))
    except ValueError:
        return str(path)


def clone_command(url: str, dest: Path) -> list[str]:
    """A shallow clone: the benchmark needs the working tree only."""
    return ["git", "clone", "--depth", "1", url, str(dest)]


def compile_command(compiler: str, src: Path, binary: Path) -> list[str]:
    """One compiler run that builds vc-optimal from the solver's sources in `src` with vcube's flags.

    vcube's CMakeLists.txt also builds its tests, which need CppUTest, and a generator of src/const-cubes.h, which
    the checkout already holds; the benchmark needs neither, so the solver is compiled directly."""
    return [compiler, *VCUBE_FLAGS, "-o", str(binary), *(str(src / name) for name in VCUBE_SOURCES), "-pthread"]


def vcube_command(binary: Path, coord: int, workers: int = THREADS) -> list[str]:
    """vc-optimal reading one Reid cube per line from stdin, with pruning table `coord` and `workers` threads."""
    return [str(binary), "-c", str(coord), "-w", str(workers), "--format=reid"]


def vcube_input(states: Sequence[CubeState]) -> str:
    """vcube's input: one Reid string per line, in the order of `states`."""
    return "".join(to_reid(state) + "\n" for state in states)


def _run(command: list[str], cwd: Path, **options) -> subprocess.CompletedProcess:
    """Run a build step; on failure raise with the command and the end of its output, which says what broke."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, **options)
    if done.returncode != 0:
        tail = (done.stdout + done.stderr)[-2000:]
        raise RuntimeError(f"`{shlex.join(command)}` in {cwd} exited {done.returncode}:\n{tail}")
    return done


def clone_vcube(url: str, dest: Path) -> None:
    """git clone `url` into `dest` (kept for later runs; an existing checkout is used as it is)."""
    if is_checkout(dest):
        print(f"vcube: using the checkout already in {_shown(dest)}, not cloning again")
        return
    if shutil.which("git") is None:
        raise RuntimeError("--vcube-repo needs git")
    dest.parent.mkdir(parents=True, exist_ok=True)
    _run(clone_command(url, dest), dest.parent)


def compiler_version(compiler: str) -> str:
    """The first line of `compiler --version`, e.g. "Debian clang version 14.0.6" or "g++ (Debian 12.2.0) 12.2.0"."""
    done = _run([compiler, "--version"], Path.cwd())
    return (done.stdout.strip().splitlines() or ["unknown version"])[0]


def is_clang(version: str) -> bool:
    """Whether a compiler's --version line is clang's (also when it is called c++); anything else is taken as GCC."""
    return "clang" in version.lower()


def drop_gcc_constexpr(src: Path) -> None:
    """Drop the `constexpr` of the one constructor GCC rejects (see GCC_CONSTEXPR_LINE), in a copy of src/.

    Raises when the line is not there exactly once: a newer vcube may have changed it, and a silent no-op would
    only move the failure into the compiler's output."""
    header = src / GCC_CONSTEXPR_FILE
    text = header.read_text()
    count = text.count(GCC_CONSTEXPR_LINE)
    if count != 1:
        raise RuntimeError(
            f"{header} holds `{GCC_CONSTEXPR_LINE}` {count} times, not once: the GCC build's edit of vcube's "
            "sources no longer fits them; build with clang++ or update GCC_CONSTEXPR_LINE"
        )
    header.write_text(text.replace(GCC_CONSTEXPR_LINE, GCC_CONSTEXPR_LINE.removeprefix("constexpr "), 1))


def build_stamp(source: Path, compiler: str, version: str) -> dict:
    """What a build depends on: the compiler, its flags and a hash of every file in the checkout's src/."""
    src = source / "src"
    digest = hashlib.sha256()
    for path in sorted(p for p in src.rglob("*") if p.is_file()):
        digest.update(path.relative_to(src).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return {"compiler": compiler, "version": version, "flags": list(VCUBE_FLAGS), "sources": list(VCUBE_SOURCES),
            "source": str(source), "src_sha256": digest.hexdigest()}  # fmt: skip


@dataclass(frozen=True)
class VcubeBuild:
    """The vc-optimal in use: its path, the compiler that built it, and the seconds of the build (None: reused)."""

    binary: Path
    compiler: str
    compiler_version: str
    flags: tuple[str, ...]
    gcc_edit: bool  # whether it was compiled from the copy of src/ without the constexpr GCC rejects
    seconds: float | None

    @property
    def by(self) -> str:
        return f"{self.compiler_version} ({self.compiler})"

    @property
    def note(self) -> str:
        """The line printed before the runs."""
        edit = ", from a copy of src/ without one constexpr GCC rejects" if self.gcc_edit else ""
        if self.seconds is None:
            return f"vcube: {_shown(self.binary)} is up to date (built with {self.by}{edit}; sources unchanged)"
        return f"vcube: built {_shown(self.binary)} with {self.by}{edit} in {self.seconds:.1f} s"


def build_vcube(
    source: Path, build_dir: Path | None = None, compiler: str | None = None, echo: Callable[[str], None] = print
) -> VcubeBuild:
    """Compile vc-optimal from the checkout `source` into `build_dir` (VCUBE_BUILD_DIR by default) with `compiler`
    (the first of COMPILERS on PATH by default); the checkout is not written to.

    The build is skipped when `build_dir`'s stamp shows the same compiler, flags and sources. With GCC the sources
    are first copied to `build_dir`/src and edited there (drop_gcc_constexpr)."""
    source, build_dir = source.resolve(), (build_dir or VCUBE_BUILD_DIR).resolve()
    if compiler is not None:
        found = shutil.which(compiler)
        if found is None:
            raise RuntimeError(f"no C++ compiler {compiler} to build vcube")
        compiler = os.path.abspath(found)
    else:
        compiler = find_compiler()
        if compiler is None:
            raise RuntimeError(f"no C++ compiler ({', '.join(COMPILERS)}) to build vcube")
    version = compiler_version(compiler)
    gcc_edit = not is_clang(version)
    binary, stamp_path = build_dir / VCUBE_BINARY, build_dir / BUILD_STAMP
    stamp = build_stamp(source, compiler, version)
    build = VcubeBuild(binary, compiler, version, VCUBE_FLAGS, gcc_edit, None)
    try:
        if binary.is_file() and json.loads(stamp_path.read_text()) == stamp:
            return build
    except (OSError, ValueError):
        pass  # no stamp or an unreadable one: build
    build_dir.mkdir(parents=True, exist_ok=True)
    stamp_path.unlink(missing_ok=True)
    src = source / "src"
    copy = build_dir / "src"
    shutil.rmtree(copy, ignore_errors=True)
    if gcc_edit:
        shutil.copytree(src, copy)
        drop_gcc_constexpr(copy)
        src = copy
    echo(f"vcube: compiling {_shown(source)} with {build.by} (one compiler process, in the order of half a minute)")
    partial = build_dir / f"{VCUBE_BINARY}.partial"
    start = time.perf_counter()
    _run(compile_command(compiler, src, partial), build_dir)
    seconds = time.perf_counter() - start
    partial.replace(binary)
    stamp_path.write_text(json.dumps(stamp, indent=1) + "\n")
    return VcubeBuild(binary, compiler, version, VCUBE_FLAGS, gcc_edit, seconds)


@dataclass(frozen=True)
class VcubeLine:
    """One solved cube as vcube prints it: its index, its seconds (on one worker thread), the solution's length
    and moves. vcube prints no node counts."""

    index: int
    seconds: float
    length: int
    moves: tuple[Move, ...]

    @property
    def notation(self) -> str:
        return " ".join(m.notation for m in self.moves)


def parse_move(token: str) -> Move | None:
    """A face turn in WCA (R, R2, R') or numbered (R1, R2, R3) form; None for anything else."""
    match = MOVE_TOKEN.fullmatch(token)
    if match is None:
        return None
    face, power = match.groups()
    quarter_turns = {None: 1, "1": 1, "2": 2, "2'": 2, "'": 3, "3": 3}[power]
    return Move[f"{face}{quarter_turns}"]


def parse_vcube_line(line: str) -> VcubeLine | None:
    """A result line (index, seconds, length, then the moves), or None for any other line (progress, totals).

    The moves are taken as the last unbroken run of tokens that read as face turns, so that a count or label
    printed between the length and the moves, or after them, is not mistaken for a move."""
    fields = line.split()
    if len(fields) < 3 or not fields[0].isdigit():
        return None
    try:
        seconds, length = float(fields[1]), int(fields[2])
    except ValueError:
        return None
    parsed = [parse_move(token) for token in fields[3:]]
    end = len(parsed)
    while end > 0 and parsed[end - 1] is None:
        end -= 1
    start = end
    while start > 0 and parsed[start - 1] is not None:
        start -= 1
    return VcubeLine(int(fields[0]), seconds, length, tuple(m for m in parsed[start:end] if m is not None))


def parse_vcube_output(stdout: str) -> list[VcubeLine]:
    """Every result line of a run, in the order printed (workers may finish cubes out of order)."""
    return [parsed for line in stdout.splitlines() if (parsed := parse_vcube_line(line)) is not None]


def parse_total_time(stderr: str) -> float | None:
    """vcube's own wall-clock total ("Total time: X real ..."), None when it printed none."""
    match = TOTAL_TIME.search(stderr)
    return float(match.group(1)) if match else None


def match_answers(lines: Sequence[VcubeLine], states: Sequence[CubeState]) -> tuple[dict[int, VcubeLine], list[str]]:
    """vcube's answers by the 0-based position of their cube in `states`, and a problem line per wrong answer.

    Whether vcube counts cubes from 0 or from 1 is settled by the answers themselves: the numbering under which
    every answer solves its cube (from 0 when neither does, and the failures are reported)."""
    solved = CubeState.solved(3)

    def wrong(base: int) -> list[str]:
        problems = []
        for line in lines:
            at = line.index - base
            if not 0 <= at < len(states):
                problems.append(f"vcube answered cube {line.index}, which was not given")
            elif apply_moves(states[at], line.moves) != solved:
                problems.append(f"vcube's answer to cube {at + 1} ({line.notation or 'no moves'}) does not solve it")
            elif line.length != len(line.moves):
                problems.append(f"vcube's answer to cube {at + 1} says {line.length} moves but has {len(line.moves)}")
        return problems

    base = 1 if wrong(0) and not wrong(1) else 0
    answers = {line.index - base: line for line in lines if 0 <= line.index - base < len(states)}
    return answers, wrong(base)


@dataclass
class VcubeRun:
    """vcube with one table size: its table's build, the run over every cube, its answers and the problems."""

    coord: int
    command: list[str]
    table: str = "cached"  # or "built" in table_seconds, or "failed" (the run did not happen; see problems)
    table_seconds: float | None = None
    wall: float = 0.0
    cpu: float = 0.0
    total_time: float | None = None
    answers: dict[int, VcubeLine] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"vcube -c {self.coord}"

    @property
    def table_note(self) -> str:
        return f"built in {self.table_seconds:.1f} s" if self.table == "built" else self.table


def _timed_vcube(command: list[str], text: str, folder: Path, timeout: float | None) -> tuple[str, str, float, float]:
    """(stdout, stderr, wall s, CPU s) of one vcube run in `folder`.

    A run that fails or passes `timeout` keeps what it printed, with a last stderr line saying so, so that the
    answers it gave still count and the missing ones are reported."""
    cpu_start = children_cpu()
    start = time.perf_counter()
    try:
        done = subprocess.run(command, input=text, capture_output=True, text=True, cwd=folder, timeout=timeout)
        stdout, stderr = done.stdout, done.stderr
        if done.returncode != 0:
            stderr += f"\n(exited {done.returncode})"
    except subprocess.TimeoutExpired as expired:
        stdout, stderr = _text(expired.stdout), _text(expired.stderr) + f"\n(stopped after {timeout:.0f} s)"
    return stdout, stderr, time.perf_counter() - start, children_cpu() - cpu_start


def _text(output: bytes | str | None) -> str:
    return output.decode(errors="replace") if isinstance(output, bytes) else output or ""


def table_files(binary: Path) -> set[str]:
    """The pruning tables vcube has saved: it keeps them in a `tables` folder beside its binary (not in its working
    directory), one file per table size."""
    folder = binary.parent / "tables"
    return {path.name for path in folder.iterdir()} if folder.is_dir() else set()


def prepare_table(binary: Path, coord: int) -> float | None:
    """Seconds of vcube's run with table `coord` on one trivial cube, so that the time is the table's; None when it
    only loaded a table saved before (the run saved no new table file)."""
    before = table_files(binary)
    cube = parse_algorithm(TABLE_PROBE).state(3)
    stdout, stderr, wall, _ = _timed_vcube(vcube_command(binary, coord), vcube_input([cube]), binary.parent, None)
    answers, problems = match_answers(parse_vcube_output(stdout), [cube])
    if problems or not answers:
        raise RuntimeError(f"vcube -c {coord} did not solve the one-move cube {TABLE_PROBE}: {stdout[-300:]!r} "
                           f"{stderr[-300:]!r}")  # fmt: skip
    return wall if table_files(binary) - before else None


def run_vcube(binary: Path, coord: int, states: Sequence[CubeState], timeout: float) -> VcubeRun:
    """Build (or find) table `coord`, then solve every cube in one run; answers matched and checked."""
    run = VcubeRun(coord, vcube_command(binary, coord))
    try:
        run.table_seconds = prepare_table(binary, coord)
    except RuntimeError as error:  # reported with the figures, which the other runs still give
        run.table = "failed"
        run.problems.append(str(error))
        return run
    if run.table_seconds is not None:
        run.table = "built"
    stdout, stderr, run.wall, run.cpu = _timed_vcube(run.command, vcube_input(states), binary.parent, timeout)
    run.total_time = parse_total_time(stderr)
    run.answers, run.problems = match_answers(parse_vcube_output(stdout), states)
    missing = [i + 1 for i in range(len(states)) if i not in run.answers]
    if missing:
        run.problems.append(f"{run.label} gave no answer for cubes {missing} ({stderr.strip()[-300:]})")
    return run


def run_note(run: VcubeRun) -> str:
    """One line on a vcube run as it ends: its table, the exact command, its time and its own total."""
    if run.table == "failed":
        return f"{run.label}: its first run, which builds the table, failed (see ERROR below)"
    own = f"{run.total_time:.2f} s" if run.total_time is not None else "not printed"
    return f"{run.label}: table {run.table_note}; `{shlex.join(run.command)}` ran {run.wall:.2f} s, its own total {own}"


def length_problems(ours: Sequence[opt.Run], vcube: VcubeRun, label: str = "ours") -> list[str]:
    """Both programs are optimal: any answer of another length than ours (`label`: whose) is a bug in one of them."""
    problems = []
    for i, run in enumerate(ours):
        answer = vcube.answers.get(i)
        if run.finished and answer is not None and len(answer.moves) != run.length:
            problems.append(f"cube {i + 1}: {vcube.label} answered {len(answer.moves)} moves, {label} {run.length}")
    return problems


def tier_problems(ours: Mapping[str, Sequence[opt.Run]]) -> list[str]:
    """Every tier is optimal: a cube that two of our tiers answer with different lengths is a bug."""
    problems = []
    for i in range(_cube_count(ours)):
        lengths = {tier: runs[i].length for tier, runs in ours.items() if runs[i].finished}
        if len(set(lengths.values())) > 1:
            said = ", ".join(f"{tier} {length} moves" for tier, length in lengths.items())
            problems.append(f"cube {i + 1}: our tiers disagree on its length: {said}")
    return problems


@dataclass(frozen=True)
class TierReady:
    """How our tables for one tier were made ready: seconds, the table files that load wrote into the cache (none:
    every file was there and was loaded), the tier made ready before it in this process, if any (the tables the
    two share were loaded then), and the seconds of the kernels' compilation on an easy cube."""

    tier: str
    seconds: float
    written: tuple[str, ...] = ()
    after: str | None = None
    warm_up_seconds: float | None = None

    @property
    def how(self) -> str:
        return "built" if self.written else "loaded"

    @property
    def note(self) -> str:
        """The line printed once the tables are ready."""
        text = f"our {self.tier} tables: {self.how} in {self.seconds:.1f} s"
        if self.written:
            text += f" (wrote {', '.join(self.written)})"
        if self.after is not None:
            text += f"; the tables it shares with the {self.after} tier were already loaded"
        return text


def _cached_tables() -> dict[str, int]:
    """The table files in the cache with their modification times (a rebuilt file gets a new one)."""
    folder = cache_dir()
    if not folder.is_dir():
        return {}
    return {path.name: path.stat().st_mtime_ns for path in folder.glob("*.tbl")}


def prepare_ours(tier: str, after: str | None = None) -> TierReady:
    """Load (or build) everything an HTM search with `tier`'s heuristic reads, timed; `after`: the tier made
    ready before it in this process. "Built" when the load wrote table files into the cache."""
    before = _cached_tables()
    start = time.perf_counter()
    prepare_tables(default_tables(), "htm", TIER_HEURISTIC[tier])
    seconds = time.perf_counter() - start
    written = tuple(sorted(name for name, mtime in _cached_tables().items() if before.get(name) != mtime))
    return TierReady(tier, seconds, written, after)


def run_ours_all(
    states: Sequence[CubeState], cap: float, tier: str = "standard", echo: Callable[[str], None] = print
) -> list[opt.Run]:
    """Each cube through our solver (two threads, the tier's heuristic), a line per cube as it finishes."""
    runs = []
    for i, state in enumerate(states):
        run = opt.run_ours(state, cap, n_threads=THREADS, heuristic=TIER_HEURISTIC[tier])
        runs.append(run)
        got = f"{run.length} moves" if run.finished else f"stopped at the {cap:g} s cap"
        echo(f"ours {tier}, cube {i + 1}/{len(states)}: {got}, {run.seconds:.2f} s wall, {run.cpu_seconds:.2f} s CPU")
    return runs


def warm_up(heuristic: str | None = None) -> float:
    """Compile the kernels (and load any table not yet loaded) on an easy cube, so that no cube's time includes
    them."""
    start = time.perf_counter()
    opt.run_ours(opt.scramble_states(1, 10, DEFAULT_SEED + 1)[0], 60, n_threads=THREADS, heuristic=heuristic)
    return time.perf_counter() - start


def _cube_count(ours: Mapping[str, Sequence[opt.Run]]) -> int:
    return len(next(iter(ours.values()), ()))


def _nodes(run: opt.Run) -> int:
    return sum(n for _, n, _ in run.depths)


def _cube_length(runs: Mapping[str, opt.Run]) -> str:
    """One cube's length over our tiers (`runs`: tier -> its run): the length the finished tiers agree on, each
    tier's when they disagree (an error, reported), else the highest bound the capped searches reached."""
    lengths = {tier: run.length for tier, run in runs.items() if run.finished}
    if len(set(lengths.values())) > 1:
        return " / ".join(f"{tier} {length}" for tier, length in lengths.items())
    if lengths:
        return str(next(iter(lengths.values())))
    bounds = [run.depths[-1][0] + 1 for run in runs.values() if run.depths]
    return f">= {max(bounds)}" if bounds else "-"


def _gib(count: float | None) -> str:
    return "-" if count is None else f"{count / GIB:.2f} GiB"


def _seconds(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _median(values: Sequence[float]) -> float | None:
    return statistics.median(values) if values else None


def summary_table(
    ours: Mapping[str, Sequence[opt.Run]],
    vcube: Sequence[VcubeRun],
    cap: float,
    build: VcubeBuild | None = None,
    ready: Mapping[str, TierReady] | None = None,
) -> str:
    """Per program (each of our tiers, each vcube table): its tables, cubes solved, CPU and wall seconds (totals
    and per cube)."""
    ready = ready or {}
    n = _cube_count(ours)
    rows: list[list[object]] = []
    for tier, runs in ours.items():
        capped = "" if all(r.finished for r in runs) else " (capped: lower bound)"
        tables = _gib(OUR_TABLE_BYTES.get(tier))
        if tier in ready:
            tables += f", {ready[tier].how} in {ready[tier].seconds:.1f} s"
        cpu, wall = [r.cpu_seconds for r in runs], [r.seconds for r in runs]
        rows.append([f"cubeviz optimal, {tier} tables (numba, {THREADS} threads)", tables,
                     f"{sum(r.finished for r in runs)}/{len(runs)}", f"{sum(cpu):.2f}{capped}",
                     _seconds(statistics.median(cpu)), f"{sum(wall):.2f}{capped}",
                     _seconds(statistics.median(wall))])  # fmt: skip
    for run in vcube:
        gib = VCUBE_TABLE_GIB.get(run.coord)
        tables = f"{_gib(None if gib is None else gib * GIB)}, {run.table_note}"
        if run.table == "failed":
            rows.append([f"{run.label} -w {THREADS}", tables, f"0/{n}"] + ["-"] * 4)
            continue
        median = _median([a.seconds for a in run.answers.values()])
        rows.append([f"{run.label} -w {THREADS}", tables, f"{len(run.answers)}/{n}", f"{run.cpu:.2f}",
                     f"{run.cpu / n:.2f} (mean)", f"{run.wall:.2f}", _seconds(median)])  # fmt: skip
    headers = ["program", "tables", "solved", "CPU s total", "CPU s per cube (median)", "wall s total",
               "wall s per cube (median)"]  # fmt: skip
    notes = (f"Our cap per cube: {cap:g} s. Our tables' memory is the resident size of the tier's tables, their"
             " time the load (or build) before the clock starts.")  # fmt: skip
    if vcube:
        notes += (" vcube solves every cube in one process, so its CPU time is known for the run only (the mean per"
                  " cube is the total over the cubes; its table load is included); its wall per cube is its own"
                  " figure. Its table's memory is the size its --help prints.")  # fmt: skip
    if build is not None:
        edit = " (from a copy of src/ without one constexpr GCC rejects)" if build.gcc_edit else ""
        notes += f" vcube's {VCUBE_BINARY} was compiled by {build.by} with `{' '.join(build.flags)}`{edit}."
    return markdown_table(headers, rows) + "\n\n" + notes


@dataclass(frozen=True)
class Comparison:
    """One of our tiers beside the vcube table of comparable purpose (see PAIRS), on the same cubes.

    CPU totals: ours over every cube (our tables' load excluded; a lower bound when the cap stopped a search),
    vcube's of its one run (its table's load included). Medians per cube: our CPU seconds (both threads), vcube's
    own seconds (each cube on one worker thread, so its CPU seconds); our median wall seconds on two threads."""

    tier: str
    coord: int
    our_cpu: float
    vcube_cpu: float
    our_median_cpu: float
    vcube_median: float | None  # None: vcube answered no cube
    our_median_wall: float
    our_capped: bool
    our_bytes: float | None
    vcube_bytes: float | None

    @property
    def cpu_ratio(self) -> float | None:
        """vcube's CPU total over ours: above 1, ours used less."""
        return self.vcube_cpu / self.our_cpu if self.our_cpu > 0 else None

    @property
    def median_ratio(self) -> float | None:
        """vcube's median seconds per cube over our median CPU seconds per cube: above 1, ours used less."""
        if self.vcube_median is None or self.our_median_cpu <= 0:
            return None
        return self.vcube_median / self.our_median_cpu

    def figures(self) -> dict:
        """For --json: every field and both ratios."""
        return {**asdict(self), "cpu_ratio": self.cpu_ratio, "median_ratio": self.median_ratio}


def comparisons(ours: Mapping[str, Sequence[opt.Run]], vcube: Sequence[VcubeRun]) -> list[Comparison]:
    """One Comparison per pair of PAIRS whose both sides ran (a vcube table that failed did not)."""
    by_coord = {run.coord: run for run in vcube if run.table != "failed"}
    found = []
    for tier, coord in PAIRS:
        runs, other = ours.get(tier), by_coord.get(coord)
        if not runs or other is None:
            continue
        gib = VCUBE_TABLE_GIB.get(coord)
        found.append(
            Comparison(
                tier,
                coord,
                our_cpu=sum(r.cpu_seconds for r in runs),
                vcube_cpu=other.cpu,
                our_median_cpu=statistics.median(r.cpu_seconds for r in runs),
                vcube_median=_median([a.seconds for a in other.answers.values()]),
                our_median_wall=statistics.median(r.seconds for r in runs),
                our_capped=not all(r.finished for r in runs),
                our_bytes=OUR_TABLE_BYTES.get(tier),
                vcube_bytes=None if gib is None else gib * GIB,
            )
        )
    return found


def comparison_table(pairs: Sequence[Comparison]) -> str:
    """One row per pair: CPU totals and their ratio, medians per cube and their ratio, our wall per cube, memory."""

    def ratio(value: float | None, capped: bool) -> str:
        # A capped search's CPU seconds are a lower bound, so the ratio over them is an upper bound.
        return "-" if value is None else f"{'<= ' if capped else ''}{value:.2f}x"

    rows = [
        [f"ours {c.tier} ~ vcube -c {c.coord}", _seconds(c.our_cpu), _seconds(c.vcube_cpu),
         ratio(c.cpu_ratio, c.our_capped), _seconds(c.our_median_cpu), _seconds(c.vcube_median),
         ratio(c.median_ratio, c.our_capped), _seconds(c.our_median_wall), _gib(c.our_bytes), _gib(c.vcube_bytes)]
        for c in pairs
    ]  # fmt: skip
    headers = ["pair", "ours CPU s total", "vcube CPU s total", "CPU total, vcube / ours",
               "ours CPU s per cube (median)", "vcube s per cube (median, one thread)", "per cube, vcube / ours",
               f"ours wall s per cube (median, {THREADS} threads)", "ours tables", "vcube table"]  # fmt: skip
    notes = ("Ratios above 1x: ours used less CPU. vcube's CPU total includes loading its table, ours does not; its"
             " seconds per cube are its own, each cube on one worker thread (so its CPU seconds), ours are CPU"
             " seconds over our two threads. Memory: ours, the resident size of the tier's tables; vcube's, as its"
             " --help prints it.")  # fmt: skip
    if any(c.our_capped for c in pairs):
        notes += " `<=`: the cap stopped some of our searches, so our seconds are lower bounds."
    return markdown_table(headers, rows) + "\n\n" + notes


def per_cube_table(ours: Mapping[str, Sequence[opt.Run]], vcube: Sequence[VcubeRun]) -> str:
    """One row per cube: its length, then our wall, CPU and nodes per tier, then vcube's own seconds per table
    size (one cube per worker thread, so its seconds are that cube's CPU seconds)."""
    rows = []
    for i in range(_cube_count(ours)):
        row: list[object] = [i + 1, _cube_length({tier: runs[i] for tier, runs in ours.items()})]
        for runs in ours.values():
            run = runs[i]
            row += [f"{run.seconds:.2f}", f"{run.cpu_seconds:.2f}", f"{_nodes(run):,}"]
        for v in vcube:
            answer = v.answers.get(i)
            row.append("-" if answer is None else f"{answer.seconds:.2f}")
        rows.append(row)
    headers = ["cube", "length"]
    headers += [h for tier in ours for h in (f"ours {tier} wall s", f"ours {tier} CPU s", f"ours {tier} nodes")]
    headers += [f"{v.label} s" for v in vcube]
    return markdown_table(headers, rows)


def depth_table(ours: Mapping[str, Sequence[opt.Run]]) -> str:
    """Our nodes per exhausted depth and in all, one group of columns per tier (vcube prints no node counts)."""
    groups = {tier: sorted({d for run in runs for d, _, _ in run.depths}) for tier, runs in ours.items()}
    rows = []
    for i in range(_cube_count(ours)):
        row: list[object] = [i + 1]
        for tier, depths in groups.items():
            run = ours[tier][i]
            per = {d: n for d, n, _ in run.depths}
            row += [f"{per[d]:,}" if d in per else "-" for d in depths] + [f"{_nodes(run):,}"]
        rows.append(row)
    headers = ["cube"] + [
        h for tier, depths in groups.items() for h in [f"{tier} {d}" for d in depths] + [f"{tier} total"]
    ]
    return markdown_table(headers, rows)


def raw_figures(
    args: argparse.Namespace,
    ours: Mapping[str, Sequence[opt.Run]],
    vcube: Sequence[VcubeRun],
    ready: Mapping[str, TierReady] | None = None,
    **extra,
) -> dict:
    """Everything measured, for --json."""
    return {
        "command": shlex.join([sys.executable, *sys.argv]),
        "machine": machine_note(),
        "cubes": args.cubes,
        "seed": args.seed,
        "cap": args.cap,
        "tables": list(args.tables),
        "ours_tables": {
            tier: {**asdict(got), "heuristic": TIER_HEURISTIC.get(tier), "memory_bytes": OUR_TABLE_BYTES.get(tier)}
            for tier, got in (ready or {}).items()
        },
        "ours": {tier: [asdict(run) for run in runs] for tier, runs in ours.items()},
        "vcube": [
            {**asdict(run), "answers": {i + 1: {**asdict(a), "moves": a.notation} for i, a in run.answers.items()}}
            for run in vcube
        ],
        "comparison": [pair.figures() for pair in comparisons(ours, vcube)],
        **extra,
    }


def _tables(text: str) -> list[int]:
    return [int(part) for part in text.split(",") if part.strip()]


def _tiers(text: str) -> list[str]:
    """--tables: a comma list of our table tiers, each once, in the order given."""
    names = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [name for name in names if name not in TIER_HEURISTIC]
    if unknown:
        raise argparse.ArgumentTypeError(
            f"unknown table tier {', '.join(map(repr, unknown))}: choose from {', '.join(TIER_HEURISTIC)} "
            "(a comma list, e.g. standard,large)"
        )
    if not names:
        raise argparse.ArgumentTypeError(f"name at least one table tier: {', '.join(TIER_HEURISTIC)}")
    return list(dict.fromkeys(names))


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--cubes", type=int, default=20, help="uniformly random cubes, the same for both programs")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--cap", type=float, default=600.0, help="seconds our solver may take per cube")
    parser.add_argument("--tables", type=_tiers, default=DEFAULT_TIERS, metavar="TIERS",
                        help="comma list of our table tiers, run in turn: standard, large, or both")  # fmt: skip
    parser.add_argument("--vcube-tables", type=_tables, default=list(DEFAULT_TABLES),
                        help="comma list of vcube pruning table sizes (-c), e.g. 304,208")  # fmt: skip
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--vcube-source", type=Path, help=f"a vcube checkout (default: {_shown(VCUBE_DIR)})")
    where.add_argument("--vcube-repo", help=f"a git URL of voltara/vcube to clone into {_shown(VCUBE_DIR)}")
    parser.add_argument("--json", type=Path, help="write the raw figures to this file")
    parser.add_argument("--table-builds", type=int, default=0, metavar="N",
                        help="instead of solving cubes: N rounds of our standard table's build beside vcube -c 304's"
                        " (see benchmarks/table_builds.py)")  # fmt: skip
    args = parser.parse_args(argv)
    if args.cubes < 1:
        parser.error("--cubes must be at least 1")
    return args


def setup_vcube(args: argparse.Namespace, echo: Callable[[str], None] = print) -> tuple[VcubeBuild | None, str]:
    """(the built vc-optimal, a line on it), or (None, the line saying why vcube is skipped and how to enable it).

    Every path is made absolute here: vcube runs in its build folder, where a relative path would not lead."""
    source = (args.vcube_source or VCUBE_DIR).resolve()
    if args.vcube_repo and machine_skip_reason() is None:
        clone_vcube(args.vcube_repo, VCUBE_DIR)
    reason = vcube_skip_reason(source)
    if reason is not None:
        return None, f"vcube skipped: {reason}"
    build = build_vcube(source, echo=echo)
    return build, build.note


def table_build_rounds(rounds: int, build: VcubeBuild | None) -> int:
    """--table-builds: our standard table's build beside vcube's -c 304 table's, `rounds` times (needs vcube)."""
    if build is None:
        print("ERROR: the table builds are timed beside vcube's, which cannot run here (see above)")
        return 1
    probe = parse_algorithm(TABLE_PROBE).state(3)

    def answered(stdout: str) -> bool:
        answers, problems = match_answers(parse_vcube_output(stdout), [probe])
        return bool(answers) and not problems

    runner = table_builds.VcubeRunner(build.binary, _timed_vcube, vcube_command(build.binary, table_builds.VCUBE_COORD),
                                      vcube_input([probe]), answered)  # fmt: skip
    done = table_builds.run_rounds(rounds, runner, echo=lambda line: print(line, flush=True))
    print(f"\n### The standard table's build beside vcube's\n\n{table_builds.rounds_table(done)}\n")
    print(f"vcube's {VCUBE_BINARY} compiled by {build.by} with `{' '.join(build.flags)}`.")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    states = opt.random_states(args.cubes, args.seed)
    what = "table builds" if args.table_builds > 0 else f"{args.cubes} uniformly random cubes, seed {args.seed}"
    print(f"vcube benchmark, {what}: {machine_note()}")
    print(f"command: {shlex.join([sys.executable, *sys.argv])}\n", flush=True)
    build, vcube_note = setup_vcube(args, echo=lambda line: print(line, flush=True))
    print(vcube_note, flush=True)
    if args.table_builds > 0:
        return table_build_rounds(args.table_builds, build)
    problems: list[str] = []
    ready: dict[str, TierReady] = {}
    ours: dict[str, list[opt.Run]] = {}
    for tier in args.tables:
        try:
            got = prepare_ours(tier, after=next(reversed(ready), None))
        except (ValueError, OSError, MemoryError) as error:  # e.g. too little free memory for the large tier
            problems.append(f"our {tier} tables could not be made ready, so that tier was not run: {error}")
            print(f"our {tier} tables: not ready ({error}); that tier is skipped", flush=True)
            continue
        print(got.note, flush=True)
        got = replace(got, warm_up_seconds=warm_up(TIER_HEURISTIC[tier]))
        print(f"ours {tier}: kernels compiled in {got.warm_up_seconds:.1f} s (not counted)", flush=True)
        ready[tier] = got
        ours[tier] = run_ours_all(states, args.cap, tier, echo=lambda line: print(line, flush=True))
    if not ours:
        for problem in problems:
            print(f"ERROR: {problem}")
        return 1
    problems += tier_problems(ours)
    vcube: list[VcubeRun] = []
    if build is not None:
        for coord in args.vcube_tables:
            run = run_vcube(build.binary, coord, states, timeout=args.cap * len(states) + 600)
            for tier, runs in ours.items():
                run.problems += length_problems(runs, run, f"ours {tier}")
            print(run_note(run), flush=True)
            vcube.append(run)
    print(f"\n### Summary\n\n{summary_table(ours, vcube, args.cap, build, ready)}\n")
    pairs = comparisons(ours, vcube)
    if pairs:
        print(f"### Ours beside vcube, table of comparable purpose\n\n{comparison_table(pairs)}\n")
    elif vcube:
        print(f"No pair to compare: the pairs are {', '.join(f'{t} ~ -c {c}' for t, c in PAIRS)}.\n")
    print(f"### Per cube\n\n{per_cube_table(ours, vcube)}\n")
    print(f"### Our nodes per exhausted depth\n\n{depth_table(ours)}\n")
    problems += [p for run in vcube for p in run.problems]
    if args.json:
        vcube_build = None if build is None else {**asdict(build), "binary": str(build.binary)}
        figures = raw_figures(args, ours, vcube, ready, vcube_note=vcube_note, vcube_build=vcube_build,
                              problems=problems)  # fmt: skip
        args.json.write_text(json.dumps(figures, indent=1) + "\n")
    for problem in problems:
        print(f"ERROR: {problem}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
