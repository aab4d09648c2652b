"""The big-cube solver's answer depends on the scramble alone: not on how loaded the machine is (its searches
count work, with clocks only as far-off safety valves), nor on whether the process is fresh (kernels and tables
load before any clock starts). A loaded machine is played by a clock that runs too fast."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

from solvers.cube.moves import Move
from solvers.nxn import frame
from solvers.nxn.moves import face_turn
from solvers.nxn.notation import format_turns
from solvers.nxn.scramble import random_turns
from solvers.nxn.solver import solve_nxn
from solvers.nxn.state import NxNState
from solvers.rubik import twophase

ROOT = Path(__file__).resolve().parents[2]


def _fast_clocks(factor: float) -> SimpleNamespace:
    """A stand-in `time` module whose clocks run `factor` times too fast (what a loaded machine looks like)."""
    return SimpleNamespace(
        perf_counter=lambda: factor * time.perf_counter(),
        monotonic=lambda: factor * time.monotonic(),
        process_time=lambda: factor * time.process_time(),
    )


def _solve(size: int, seed: int) -> tuple:
    state = NxNState.solved(size).apply(random_turns(size, seed=seed))
    solution = solve_nxn(state)
    assert state.apply(solution.turns).is_solved()
    return tuple(solution.turns)


def _outer_scramble(size: int, seed: int) -> NxNState:
    """Outer face turns only: centres solved and edges paired, so a solve is all 3x3x3 stage (a second's work)."""
    rng = random.Random(seed)
    moves = [Move(rng.randrange(18)) for _ in range(25)]
    return NxNState.solved(size).apply([face_turn(int(m.face), m.quarter_turns, size) for m in moves])


@pytest.mark.parametrize("size", (4,))
def test_the_3x3x3_stage_answers_the_same_with_the_clock_running_fast(size, monkeypatch):
    """The 3x3x3 stage counts two-phase nodes, not seconds: with the clock 1000 times too fast (0.25 s of it
    would be a quarter of a millisecond) a 4x4x4's and a 5x5x5's answers are turn for turn a normal clock's."""
    state = _outer_scramble(size, seed=size)
    normal = solve_nxn(state).turns
    assert state.apply(normal).is_solved()
    monkeypatch.setattr(twophase, "time", _fast_clocks(1000.0))
    monkeypatch.setattr(frame, "SAFETY_SECONDS", 1e9, raising=False)  # the one clock a normal solve may read
    assert solve_nxn(state).turns == normal


@pytest.mark.slow
def test_a_fresh_loaded_process_solves_a_7x7x7_as_a_warm_quiet_one_does():
    """A new process's first 7x7x7 solve (kernels and tables loading), with every clock the rings and two-phase
    read running five times too fast, gives the answer a warm process with true clocks gives. (The far-off safety
    valves are lifted there: on a machine already loaded, five times its clock could reach them.)"""
    program = (
        "import sys, time\n"
        "from types import SimpleNamespace\n"
        "from solvers.nxn import centre_rings\n"
        "from solvers.rubik import twophase\n"
        "from solvers.nxn.scramble import random_turns\n"
        "from solvers.nxn.solver import solve_nxn\n"
        "from solvers.nxn.state import NxNState\n"
        "from solvers.nxn.notation import format_turns\n"
        "fast = SimpleNamespace(perf_counter=lambda: 5 * time.perf_counter(), monotonic=lambda: 5 * time.monotonic(),\n"
        "                       process_time=lambda: 5 * time.process_time())\n"
        "centre_rings.time = twophase.time = fast\n"
        "from solvers.nxn import frame\n"
        "centre_rings.SAFETY_SECONDS = centre_rings.BARS_SECONDS = frame.SAFETY_SECONDS = 1e9\n"
        "state = NxNState.solved(7).apply(random_turns(7, seed=0))\n"
        "print(format_turns(list(solve_nxn(state).turns), 7))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    fresh = subprocess.run([sys.executable, "-c", program], env=env, cwd=ROOT, capture_output=True, text=True)
    assert fresh.returncode == 0, fresh.stderr
    _solve(7, 1)  # warm
    warm = _solve(7, 0)
    assert fresh.stdout.strip() == format_turns(list(warm), 7)
