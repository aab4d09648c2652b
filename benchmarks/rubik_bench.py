"""Speed of the 3x3x3 engine against its targets and its PyPI peers; prints markdown tables.

Run: ``.venv/bin/python benchmarks/rubik_bench.py [--sections tables,twophase,optimal,qtm] [--cubes 100] ...``
(``--sections superflip`` proves the superflip's depth 19 empty: long, so never part of the default run;
``--prepare`` builds the pure-Python peers' tables with PyPy first, see `rubik_peers.py`).

Sections, all on positions drawn with a fixed seed, every peer on the same ones in the same run:

* tables: each table built from nothing in a fresh cache directory (a subprocess, numba's compiled code cached;
  once more with numba's cache empty too, compile time included), loaded back in another, and the memory used;
* twophase: uniformly random cubes: time to the first <= 20-move solution against kociemba (C) and RubikTwoPhase
  (pure Python, on the first --peer-cubes), and our solver asked for <= 19 moves within 1 s;
* optimal: 14-move scrambles and uniformly random cubes (capped per cube) against RubikOptimal under PyPy and
  CPython: times, per-depth node counts (the heuristics' strength) and node rates;
* qtm: quarter-turn scrambles solved optimally in QTM.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks import comparison_heuristics as comparison  # noqa: E402 - the path above makes the repo importable
from benchmarks import rubik_bench_optimal as opt  # noqa: E402
from benchmarks import rubik_peers as peers  # noqa: E402
from benchmarks._common import PYTHON, machine_note, markdown_table  # noqa: E402
from solvers.cube.formats import to_kociemba  # noqa: E402
from solvers.cube.moves import apply_moves  # noqa: E402
from solvers.cube.state import CubeState  # noqa: E402

SECTIONS = ("tables", "twophase", "optimal", "qtm")
TWOPHASE_TABLES = ("moves", "flipslice_classes", "phase1", "phase2")
OPTIMAL_TABLES = ("corners", "phase1_qtm", "corners_qtm")
# the edge-and-corner-slice heuristic's (optimal HTM's default before the split table; its plan is a benchmark's):
EDGE_CORNER_TABLES = comparison.EDGE_TABLES
COMPARISON_LOADERS = {
    "flipslice_sorted_classes": comparison.flipslice_sorted_classes,
    "edge_residues": comparison.edge_residues,
    "corner_slice_residues": comparison.corner_slice_residues,
}
CHILD_TABLES = {
    "twophase": TWOPHASE_TABLES,
    "all": TWOPHASE_TABLES + OPTIMAL_TABLES + EDGE_CORNER_TABLES,
    "edge-and-corner-slice": ("moves",) + EDGE_CORNER_TABLES,
}


def _table_step(tables, name: str):
    if name in COMPARISON_LOADERS:
        return COMPARISON_LOADERS[name](tables)
    if name.endswith("_qtm"):
        return getattr(tables, name[:-4])("qtm")
    return getattr(tables, name)()


def child(mode: str) -> None:
    """In a subprocess: build or load each table in turn; print {name: seconds} and the peak memory as JSON."""
    from solvers.rubik.optimal.optimal_tables import OptimalTables

    tables = OptimalTables()
    out = {}
    for name in CHILD_TABLES[mode]:
        start = time.perf_counter()
        _table_step(tables, name)
        out[name] = time.perf_counter() - start
    out["peak_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(json.dumps(out))


def _run_child(mode: str, cache: str, numba_cache: str | None = None) -> dict:
    env = {**os.environ, "CUBEVIZ_CACHE_DIR": cache}
    if numba_cache:
        env["NUMBA_CACHE_DIR"] = numba_cache
    done = subprocess.run([PYTHON, __file__, "--child", mode], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def tables_section() -> str:
    with tempfile.TemporaryDirectory() as cache, tempfile.TemporaryDirectory() as numba_cache:
        cold = _run_child("twophase", cache, numba_cache)
    with tempfile.TemporaryDirectory() as cache:
        built = _run_child("all", cache)
        loaded = [_run_child("all", cache) for _ in range(2)]
        sizes = {p.name: p.stat().st_size for p in Path(cache).iterdir()}
        edge_corner = _run_child("edge-and-corner-slice", cache)
    names = TWOPHASE_TABLES + OPTIMAL_TABLES + EDGE_CORNER_TABLES
    rows = [[n, f"{built[n]:.2f}", f"{cold[n]:.2f}" if n in cold else "-", f"{min(r[n] for r in loaded):.3f}"]
            for n in names]  # fmt: skip
    two = [sum(r[n] for n in TWOPHASE_TABLES) for r in (built, cold, *loaded)]
    rows.append(["**two-phase total**", f"**{two[0]:.1f}**", f"{two[1]:.1f}", f"**{min(two[2:]):.2f}**"])
    edge_corner_set = [sum(r[n] for n in EDGE_CORNER_TABLES) for r in (built, *loaded)]
    rows.append(["**edge-and-corner-slice set**", f"**{edge_corner_set[0]:.1f}**", "-",
                 f"**{min(edge_corner_set[1:]):.2f}**"])  # fmt: skip
    text = markdown_table(["table", "built (s)", "built, numba cold (s)", "loaded (s, best of 2)"], rows)
    total = sum(sizes.values())
    size_rows = [[name, f"{size / 2**20:.1f}"] for name, size in sorted(sizes.items())]
    size_rows.append(["**all tables**", f"**{total / 2**20:.0f}**"])
    peak = max(r["peak_rss_mb"] for r in loaded)
    return (f"{text}\n\n{markdown_table(['file', 'MiB'], size_rows)}\n\npeak resident memory of a process that "
            f"loaded the edge-and-corner-slice set: {edge_corner['peak_rss_mb']:.0f} MiB (target: "
            f"tables within 2 GiB); of one that loaded every table: {peak:.0f} MiB")  # fmt: skip


def _timed(fn, state: CubeState) -> tuple[float, int | None]:
    """(seconds, moves) of one solve, checked on the cube; moves None when a capped peer gave up."""
    start = time.perf_counter()
    moves = fn(state)
    seconds = time.perf_counter() - start
    if moves is None:
        return float("inf"), None
    if apply_moves(state, moves) != CubeState.solved(3):
        raise AssertionError(f"{fn.__name__} gave a wrong solution")
    return seconds, len(moves)


def _row(label: str, results: list[tuple[float, int | None]], cap: float) -> list[object]:
    times = [t for t, _ in results]
    lengths = [n for _, n in results if n is not None]
    done = [t for t in times if t != float("inf")]

    def ms(t: float) -> str:
        return f"{t * 1e3:.1f}" if t != float("inf") else f"> {cap * 1e3:.0f}"

    return [label, f"{len(done)}/{len(results)}", ms(statistics.median(times)),
            f"{statistics.fmean(done) * 1e3:.1f}" if done else "-", ms(max(times)),
            statistics.median(lengths) if lengths else "-", max(lengths, default="-"),
            f"{sum(n <= 19 for n in lengths)}/{len(results)}"]  # fmt: skip


def twophase_section(n: int, peer_n: int, seed: int, cap: float) -> str:
    from solvers.rubik import twophase

    states = opt.random_states(n, seed)
    tp = peers.TwoPhasePeers()

    def ours20(state):
        return twophase.solve_twophase(state, target_length=20).moves

    def ours19(state):
        return twophase.solve_twophase(state, target_length=19, max_time=1.0).moves

    def kociemba20(state):
        return tp.solve_kociemba(to_kociemba(state), 20, cap)

    def kociemba24(state):
        return tp.solve_kociemba(to_kociemba(state), 24, cap)

    def rubiktwophase20(state):
        return tp.solve_rubiktwophase(to_kociemba(state), 20)

    warm = opt.random_states(1, seed + 1)[0]
    runs = [("**cubeviz two-phase** (numba, 6 threads), first <= 20", ours20, n),
            ("kociemba (C), max_depth=20", kociemba20, n), ("kociemba (C), its default max_depth=24", kociemba24, n),
            ("**cubeviz two-phase**, <= 19 within 1 s", ours19, n)]  # fmt: skip
    if tp.rubiktwophase is not None:
        runs.append(("RubikTwoPhase (CPython), max_length=20", rubiktwophase20, peer_n))
    rows = []
    try:
        for label, fn, count in runs:
            fn(warm)  # tables loaded, code compiled
            rows.append(_row(label, [_timed(fn, s) for s in states[:count]], cap))
    finally:
        tp.kociemba.close()
    headers = ["solver", "answered", "median ms", "mean ms (answered)", "max ms", "median length", "max length",
               "<= 19 moves"]  # fmt: skip
    return markdown_table(headers, rows)


def optimal_section(args) -> str:
    from solvers.rubik.optimal.optimal_tables import optimal_view

    tables = optimal_view()
    for name in TWOPHASE_TABLES + OPTIMAL_TABLES + EDGE_CORNER_TABLES:
        _table_step(tables, name)
    opt.run_ours(opt.scramble_states(1, 10, args.seed + 1)[0], 60)  # compiled, threads warm
    parts = []
    caps = {"PyPy": (args.scrambles, args.cap), "CPython": (args.peer_cubes_cpython, args.peer_cap_cpython)}
    text, _ = opt.solve_table(opt.scramble_states(args.scrambles, 14, args.seed), args.cap, caps)
    parts.append(f"#### HTM, {args.scrambles} random 14-move scrambles (cap {args.cap:g} s per cube)\n\n{text}")
    caps = {"PyPy": (args.peer_optimal_cubes, args.cap), "CPython": (1, args.peer_cap_cpython)}
    text, results = opt.solve_table(opt.random_states(args.optimal_cubes, args.seed), args.cap, caps)
    parts.append(f"#### HTM, {args.optimal_cubes} uniformly random cubes (cap {args.cap:g} s per cube)\n\n{text}")
    first = opt.random_states(1, args.seed)[0]
    results["ours, full heuristic"] = [opt.run_ours(first, args.cap / 4, heuristic="full")]
    parts.append(f"#### Nodes per exhausted depth, first random cube\n\n{opt.depth_table(results)}")
    results["ours, 1 thread"] = [opt.run_ours(s, args.cap / 4, n_threads=1) for s in opt.random_states(1, args.seed)]
    parts.append(f"#### Node rate (exhausted depths >= {opt.RATE_FROM_DEPTH}, random cubes)\n\n"
                 f"{opt.rate_table(results)}")  # fmt: skip
    return "\n\n".join(parts)


def qtm_section(args) -> str:
    from solvers.rubik.rubik_tables import default_tables

    default_tables().phase1("qtm"), default_tables().corners("qtm")
    opt.run_ours(opt.scramble_states(1, 10, args.seed + 1, opt.Metric.QTM)[0], 60, opt.Metric.QTM)  # warm
    parts = []
    for length in (14, args.qtm_length):
        states = opt.scramble_states(args.scrambles, length, args.seed, opt.Metric.QTM)
        runs = [opt.run_ours(s, args.cap, opt.Metric.QTM) for s in states]
        table = markdown_table(opt.SUMMARY_HEADERS, [opt._summary("cubeviz optimal, QTM", runs, args.cap)])
        parts.append(f"#### QTM, {args.scrambles} random {length}-quarter-turn scrambles (cap {args.cap:g} s per "
                     f"cube)\n\n{table}")  # fmt: skip
    return "\n\n".join(parts)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sections", default=",".join(SECTIONS), help=f"comma list of {SECTIONS} and superflip")
    parser.add_argument("--cubes", type=int, default=100, help="random cubes for the two-phase section")
    parser.add_argument("--peer-cubes", type=int, default=20, help="of those, how many RubikTwoPhase solves")
    parser.add_argument("--peer-cap", type=float, default=10.0, help="seconds kociemba may take per cube")
    parser.add_argument("--scrambles", type=int, default=20, help="14-move scrambles (HTM and QTM)")
    parser.add_argument("--qtm-length", type=int, default=18, help="quarter turns in the longer QTM scrambles")
    parser.add_argument("--optimal-cubes", type=int, default=5, help="random cubes solved optimally")
    parser.add_argument("--peer-optimal-cubes", type=int, default=2, help="of those, how many RubikOptimal/PyPy")
    parser.add_argument("--cap", type=float, default=120.0, help="seconds per cube for optimal searches")
    parser.add_argument("--peer-cubes-cpython", type=int, default=3, help="14-move scrambles RubikOptimal/CPython")
    parser.add_argument("--peer-cap-cpython", type=float, default=60.0, help="its cap per cube (seconds)")
    parser.add_argument("--superflip-cap", type=float, default=7200.0)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--prepare", action="store_true", help="build the pure-Python peers' tables with PyPy")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        return child(args.child)
    if args.prepare:
        peers.prepare()
    sections = args.sections.split(",")
    print(f"3x3x3 benchmark, seed {args.seed}: {machine_note()}\n")
    for name in sections:
        start = time.perf_counter()
        if name == "tables":
            body = tables_section()
        elif name == "twophase":
            body = twophase_section(args.cubes, args.peer_cubes, args.seed, args.peer_cap)
        elif name == "optimal":
            body = optimal_section(args)
        elif name == "qtm":
            body = qtm_section(args)
        elif name == "superflip":
            body = opt.superflip(args.superflip_cap, echo=lambda line: print(line, flush=True))
        else:
            parser.error(f"unknown section {name!r}")
        print(f"### {name} ({time.perf_counter() - start:.0f} s)\n\n{body}\n", flush=True)


if __name__ == "__main__":
    main()
