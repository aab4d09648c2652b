"""The optimal-solver sections of the 3x3x3 benchmark (run through ``rubik_bench.py``): scrambles, random cubes,
node rates and per-depth node counts against RubikOptimal, QTM, and the superflip's proof of depth 19.

Our solver runs through its public generator (two threads, its default heuristic: the split table for the cube
and its inverse in HTM, phase 1 and corners in QTM), stopped by its own stop event at the per-cube cap, exactly as
the GUI and the CLI run it; every answer is checked by applying it to its cube. The per-depth table also shows our
phase-1-and-corners heuristic on the first cube, so the two heuristics' strength can be compared on the same
search code.
"""

from __future__ import annotations

import random
import statistics
import threading
import time
from dataclasses import dataclass, field

from benchmarks import rubik_peers as peers
from benchmarks._common import markdown_table
from solvers.cube.formats import to_kociemba
from solvers.cube.moves import Move, apply_moves
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_move_scramble, random_state
from solvers.cube.state import CubeState
from solvers.engine import Metric, SearchCancelled
from solvers.rubik.events import DepthExhausted, MoveSolution
from solvers.rubik.optimal import optimal

SUPERFLIP = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"  # a known distance-20 position (Reid 1995)
RATE_FROM_DEPTH = 12  # node rates over exhausted depths from here on: smaller ones are dominated by start-up


@dataclass
class Run:
    """One search: per-depth (depth, nodes, seconds) of exhausted depths, the answer, the wall and CPU times.

    CPU seconds are the whole process's (every search thread), so they stay close to the work done when other
    jobs hold the cores and the wall clock grows with the queue."""

    depths: list[tuple[int, int, float]] = field(default_factory=list)
    length: int | None = None
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    moves: str = ""  # the answer in WCA notation

    @property
    def finished(self) -> bool:
        return self.length is not None


def run_ours(state: CubeState, cap: float, metric: Metric = Metric.HTM, n_threads: int | None = None,
             echo=None, heuristic: str | None = None) -> Run:  # fmt: skip
    """Our optimal search with a time cap; `echo(event)` sees every proof line (the superflip prints them)."""
    stop = threading.Event()
    timer = threading.Timer(cap, stop.set)
    timer.daemon = True
    run = Run()
    cpu_start = time.process_time()
    start = time.perf_counter()
    timer.start()
    try:
        for event in optimal(state, metric=metric, stop=stop, n_threads=n_threads, heuristic=heuristic):
            if isinstance(event, DepthExhausted):
                run.depths.append((event.depth, event.nodes_at_depth, event.seconds))
                if echo is not None:
                    echo(event)
            elif isinstance(event, MoveSolution):
                if apply_moves(state, event.moves) != CubeState.solved(3):
                    raise AssertionError("our optimal answer does not solve its cube")
                run.length = event.length
                run.moves = event.notation
    except SearchCancelled:
        pass
    finally:
        timer.cancel()
    run.seconds = time.perf_counter() - start
    run.cpu_seconds = time.process_time() - cpu_start
    return run


def run_peer(interpreter: str, states: list[CubeState], cap: float) -> list[Run]:
    """RubikOptimal on each state; each answer is checked on its cube."""
    runs = []
    for state, got in zip(states, peers.run_rubikoptimal(interpreter, [to_kociemba(s) for s in states], cap),
                          strict=True):  # fmt: skip
        run = Run(depths=[(d, n, s) for d, n, s in got["depths"]], seconds=sum(s for _, _, s in got["depths"]))
        run.depths = run.depths[:-1]  # the last depth held the answer or met the cap: it was not exhausted
        if not got["capped"]:
            moves = peers.peer_moves(got["moves"])
            if apply_moves(state, moves) != CubeState.solved(3):
                raise AssertionError("RubikOptimal's answer does not solve its cube")
            run.length = len(moves)
        runs.append(run)
    return runs


def _summary(label: str, runs: list[Run], cap: float) -> list[object]:
    done = [r for r in runs if r.finished]
    times = sorted(r.seconds if r.finished else float("inf") for r in runs)
    median = statistics.median(times) if runs else float("nan")
    shown = f"{median:.3f} s" if median != float("inf") else f"> {cap:g} s"
    lengths = ", ".join(str(r.length) if r.finished else "-" for r in runs)
    best = f"{times[0]:.3f} s" if done else "-"
    worst = f"{times[-1]:.3f} s" if len(done) == len(runs) else f"> {cap:g} s"
    return [label, f"{len(done)}/{len(runs)}", shown, best, worst, lengths]


SUMMARY_HEADERS = ["solver", "finished", "median", "fastest", "slowest", "lengths"]


def scramble_states(n: int, length: int, seed: int, metric: Metric = Metric.HTM) -> list[CubeState]:
    """`length`-move random scrambles (HTM: no wasted turns; QTM: quarter turns, never one face twice running)."""
    rng = random.Random(seed)
    if metric is Metric.HTM:
        return [random_move_scramble(length, 3, rng).state(3) for _ in range(n)]
    quarter = [m for m in Move if m.quarter_turns != 2]
    states = []
    for _ in range(n):
        seq: list[Move] = []
        while len(seq) < length:
            m = rng.choice(quarter)
            if not seq or m.face != seq[-1].face:
                seq.append(m)
        states.append(apply_moves(CubeState.solved(3), seq))
    return states


def random_states(n: int, seed: int) -> list[CubeState]:
    """`n` uniformly random cubes, the same ones for a seed, so that every program of a comparison gets them."""
    rng = random.Random(seed)
    return [random_state(3, rng) for _ in range(n)]


def solve_table(states: list[CubeState], cap: float, peer_caps: dict[str, tuple[int, float]]) -> tuple[str, dict]:
    """Summary rows for ours and each RubikOptimal interpreter (on its first `count` states, capped per cube)."""
    results = {"ours": [run_ours(s, cap) for s in states]}
    rows = [_summary("cubeviz optimal (numba, 2 threads)", results["ours"], cap)]
    if peers.rubikoptimal_ready():
        for label, interpreter in peers.interpreters():
            count, peer_cap = peer_caps.get(label.split()[0], (0, 0.0))
            if count:
                results[label] = run_peer(interpreter, states[:count], peer_cap)
                rows.append(_summary(f"RubikOptimal ({label})", results[label], peer_cap))
    return markdown_table(SUMMARY_HEADERS, rows), results


def depth_table(results: dict[str, list[Run]]) -> str:
    """Nodes and seconds per exhausted depth on the first cube, each solver side by side (heuristic strength)."""
    labels = list(results)
    per = {label: {d: (n, s) for d, n, s in results[label][0].depths} for label in labels if results[label]}
    depths = sorted({d for table in per.values() for d in table})
    rows = []
    for d in depths:
        row: list[object] = [d]
        for label in per:
            n, s = per[label].get(d, (None, None))
            row += ["-", "-"] if n is None else [f"{n:,}", f"{s:.2f}"]
        rows.append(row)
    headers = ["depth"] + [h for label in per for h in (f"{label} nodes", "s")]
    return markdown_table(headers, rows)


def rate_table(results: dict[str, list[Run]]) -> str:
    """Generated nodes per second over exhausted depths >= RATE_FROM_DEPTH, and the ratio to each peer."""
    rates = {}
    for label, runs in results.items():
        nodes = sum(n for r in runs for d, n, s in r.depths if d >= RATE_FROM_DEPTH)
        seconds = sum(s for r in runs for d, n, s in r.depths if d >= RATE_FROM_DEPTH)
        if seconds > 0:
            rates[label] = (nodes, seconds, nodes / seconds)
    ours = rates.get("ours", (0, 0, 0.0))[2]
    rows = [
        [label, f"{n:,}", f"{s:.2f}", f"{r:,.0f}", f"{ours / r:.0f}x" if not label.startswith("ours") and r else "-"]
        for label, (n, s, r) in rates.items()
    ]
    return markdown_table(["solver", "nodes", "seconds", "nodes/s", "ours / peer"], rows)


def superflip(cap: float, echo=print) -> str:
    """Our proof that the superflip needs 20 moves: each depth's proof line as it comes, then a summary."""
    state = parse_algorithm(SUPERFLIP).state(3)
    run = run_ours(state, cap, echo=lambda e: echo(f"    {e}"))
    rows = [[d, f"{n:,}", f"{s:.1f}"] for d, n, s in run.depths]
    verdict = f"answer {run.length} moves" if run.finished else f"stopped at the {cap:g} s cap"
    return markdown_table(["depth", "nodes", "seconds"], rows) + f"\n\nsuperflip: {verdict}, {run.seconds:.1f} s total"
