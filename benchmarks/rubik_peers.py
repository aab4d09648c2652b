"""The 3x3x3 benchmark's peers from PyPI: how to prepare them and how to run them on our positions.

* ``kociemba`` (C two-phase) and ``RubikTwoPhase`` (pure-Python two-phase, module ``twophase``) run in this process;
* ``RubikOptimal`` (pure-Python optimal, module ``optimal``) runs in a subprocess (``rubikoptimal_probe.py``) under
  CPython and under PyPy, with its ~1 GB of tables in ``benchmarks/_work/rubikoptimal``.

The two pure-Python peers build their tables in the current directory on first import, which takes hours under
CPython; `prepare()` builds them once with Debian's ``pypy3`` (minutes) in a PyPy virtual environment under
``benchmarks/_work``. The files are plain arrays, so CPython then reads the same ones.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import selectors
import shutil
import subprocess
import sys
from pathlib import Path

from benchmarks._common import BENCH_DIR, PYTHON, WORK_DIR
from solvers.cube.moves import Move
from solvers.cube.notation import parse_algorithm

PYPY_VENV = WORK_DIR / "pypy-venv"
OPTIMAL_DIR = WORK_DIR / "rubikoptimal"
TWOPHASE_DIR = WORK_DIR / "rubiktwophase"
PROBE = BENCH_DIR / "rubikoptimal_probe.py"
OPTIMAL_TABLES = ("phase1x24_prun", "cornerprun")
PREPARE_STEPS = f"""\
    apt-get install -y pypy3                      # Debian's PyPy
    .venv/bin/pip install -e '.[bench]'           # kociemba, RubikTwoPhase, RubikOptimal for CPython
    pypy3 -m venv {PYPY_VENV.relative_to(BENCH_DIR.parent)}
    {PYPY_VENV.relative_to(BENCH_DIR.parent)}/bin/pip install RubikOptimal RubikTwoPhase
    then import each module once under that PyPy with the working directory in benchmarks/_work/rubikoptimal
    (optimal.solver) and benchmarks/_work/rubiktwophase (twophase.solver): `rubik_bench.py --prepare` does it"""


def pypy_python() -> Path | None:
    """The PyPy venv's interpreter, if prepared."""
    python = PYPY_VENV / "bin" / "python"
    return python if python.exists() else None


def _build_tables(python: Path, workdir: Path, module: str, log) -> None:
    workdir.mkdir(parents=True, exist_ok=True)
    log(f"building {module} tables under {python} in {workdir} (minutes under PyPy)")
    with open(workdir / "build.log", "ab") as out:
        subprocess.run([str(python), "-c", f"import {module}"], cwd=workdir, stdout=out, stderr=out, check=True)


def prepare(log=print) -> None:
    """Make the PyPy venv and build both pure-Python peers' tables with it (each step only if missing)."""
    pypy = shutil.which("pypy3")
    if pypy is None:
        raise RuntimeError("pypy3 is missing; the steps are:\n" + PREPARE_STEPS)
    if pypy_python() is None:
        log(f"creating {PYPY_VENV}")
        subprocess.run([pypy, "-m", "venv", str(PYPY_VENV)], check=True)
        subprocess.run([str(pypy_python()), "-m", "pip", "install", "-q", "RubikOptimal", "RubikTwoPhase"], check=True)
    if not all((OPTIMAL_DIR / name).exists() for name in OPTIMAL_TABLES):
        _build_tables(pypy_python(), OPTIMAL_DIR, "optimal.solver", log)
    if not (TWOPHASE_DIR / "twophase" / "phase2_edgemerge").exists():
        _build_tables(pypy_python(), TWOPHASE_DIR, "twophase.solver", log)


def rubikoptimal_ready() -> bool:
    return all((OPTIMAL_DIR / name).exists() for name in OPTIMAL_TABLES)


def run_rubikoptimal(interpreter: str | Path, facelets: list[str], cap: float) -> list[dict]:
    """RubikOptimal on each cube under `interpreter` (PYTHON or the PyPy venv's): per-depth nodes and seconds."""
    if not facelets:
        return []
    request = json.dumps({"cubes": facelets, "cap": cap})
    done = subprocess.run(
        [str(interpreter), str(PROBE)], input=request, capture_output=True, text=True, cwd=OPTIMAL_DIR, check=False
    )
    if done.returncode != 0:
        raise RuntimeError(f"RubikOptimal probe failed: {done.stderr[-800:]}")
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def peer_moves(text: str) -> list[Move]:
    """Moves from a peer's answer: kociemba's WCA text, or the pure-Python peers' "R1 U3 F2 (3f)"."""
    tokens = text.split("(")[0].split()
    if all(len(t) == 2 and t[0] in "URFDLB" and t[1] in "123" for t in tokens):
        return [Move[t] for t in tokens]  # X2 is the same in both notations
    return list(parse_algorithm(" ".join(tokens)).to_moves())


_KOCIEMBA_WORKER = """
import sys, kociemba
for line in sys.stdin:
    facelets, depth = line.split()
    try:
        print(kociemba.solve(facelets, max_depth=int(depth)), flush=True)
    except ValueError as error:
        print("ERROR", error, flush=True)
"""


class KociembaWorker:
    """kociemba in a child process, so one cube can be given up at a time cap (its C search cannot be stopped,
    and with max_depth=20 it sometimes runs for minutes)."""

    def __init__(self) -> None:
        self._proc: subprocess.Popen | None = None

    def _start(self) -> subprocess.Popen:
        if self._proc is None:
            self._proc = subprocess.Popen([PYTHON, "-c", _KOCIEMBA_WORKER], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, text=True, bufsize=1)  # fmt: skip
        return self._proc

    def solve(self, facelets: str, max_depth: int, cap: float) -> list[Move] | None:
        """The answer's moves, or None if it took longer than `cap` seconds (the child is then restarted)."""
        proc = self._start()
        proc.stdin.write(f"{facelets} {max_depth}\n")
        proc.stdin.flush()
        with selectors.DefaultSelector() as sel:
            sel.register(proc.stdout, selectors.EVENT_READ)
            ready = sel.select(cap)
        if not ready:
            self.close()
            return None
        line = proc.stdout.readline()
        if line.startswith("ERROR"):
            raise RuntimeError(f"kociemba: {line.strip()}")
        return peer_moves(line)

    def close(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.wait()
            self._proc = None


class TwoPhasePeers:
    """kociemba and RubikTwoPhase, loaded once (the latter reads its tables from benchmarks/_work/rubiktwophase)."""

    def __init__(self) -> None:
        self.kociemba = KociembaWorker()
        self.rubiktwophase = None
        if (TWOPHASE_DIR / "twophase").exists():
            here = os.getcwd()
            os.chdir(TWOPHASE_DIR)
            try:
                with contextlib.redirect_stdout(io.StringIO()):
                    import twophase.solver

                self.rubiktwophase = twophase.solver
            finally:
                os.chdir(here)

    def solve_kociemba(self, facelets: str, max_depth: int, cap: float) -> list[Move] | None:
        return self.kociemba.solve(facelets, max_depth, cap)

    def solve_rubiktwophase(self, facelets: str, max_length: int = 20, timeout: float = 3) -> list[Move]:
        return peer_moves(self.rubiktwophase.solve(facelets, max_length=max_length, timeout=timeout))


def interpreters() -> list[tuple[str, str]]:
    """(label, interpreter) pairs to run RubikOptimal under: CPython always, PyPy when prepared."""
    found = [("CPython " + sys.version.split()[0], PYTHON)]
    pypy = pypy_python()
    if pypy is not None:
        found.append(("PyPy", str(pypy)))
    return found
