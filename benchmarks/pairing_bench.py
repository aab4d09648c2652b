"""Big-cube edge pairing on its own: block turns of the pairing, and of pairing + 3x3x3 stage + wing 3-cycles.

Run: ``.venv/bin/python benchmarks/pairing_bench.py [--sizes 6,7] [--count 10] [--candidates 3] [--join 1]``

Why apart from nxn_bench.py: the whole solve's count moves with the centre stages (and on a loaded machine with
their time cuts), so a change to the pairing is measured here on states whose centres are solved and whose edges
are mixed: fixed-seed random sequences of the pairing's own centre-keeping moves (60 of them, every wing orbit's
permutation left even, as the solver's wing-parity stage leaves it). Each state is paired, given to the 3x3x3 stage
(0.25 s of two-phase) on the pairing's best `--candidates` states with the shortest whole kept, as the solver does,
then its unpaired wings are 3-cycled, and the result is checked: every face one colour. `--candidates 1 --join 0`
is the pairing as it was before the beam ranked joined wing pairs and the 3x3x3 stage had several to choose from.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solvers.nxn import pairing, solver  # noqa: E402 - the path above makes the repo importable
from solvers.nxn.compact import compact  # noqa: E402
from solvers.nxn.moves import sequence_permutation  # noqa: E402
from solvers.nxn.orbit_solve import solve_orbit  # noqa: E402
from solvers.nxn.pieces import Kind, orbits  # noqa: E402
from solvers.nxn.state import NxNState  # noqa: E402

MIX = 60  # centre-keeping moves per mixed state


def mixed(size: int, seed: int) -> NxNState:
    """A solved cube with its edges mixed by MIX random centre-keeping pairing moves."""
    macros, _, _ = pairing._macros(size)
    rng = random.Random(seed)
    return NxNState.solved(size).apply([turn for _ in range(MIX) for turn in rng.choice(macros)])


def measure(size: int, count: int, candidates: int) -> dict:
    wing_orbits = [i for i, o in enumerate(orbits(size)) if o.kind is Kind.WING]
    pair_turns, totals, seconds = [], [], []
    for seed in range(count):
        state = mixed(size, seed)
        started = time.perf_counter()
        found = pairing.pairing_candidates(size, state.colours, candidates)
        finish = solver._shortest_finish(size, state.colours, found or [[]], 0.25, threading.Event())
        seconds.append(time.perf_counter() - started)
        chosen = max((turns for turns in found if finish[: len(turns)] == turns), key=len, default=[])
        colours = state.colours[sequence_permutation(size, finish)]
        rest = []
        for index in wing_orbits:
            done, colours = solve_orbit(size, index, colours)
            rest += done
        assert state.apply(finish + rest).is_solved(), f"{size}x{size}x{size} seed {seed} not solved"
        pair_turns.append(len(compact(chosen, size)))
        totals.append(len(compact(finish + rest, size)))
    return {
        "size": size,
        "pairing": statistics.mean(pair_turns),
        "pairing_max": max(pair_turns),
        "total": statistics.mean(totals),
        "total_max": max(totals),
        "median_s": statistics.median(seconds),
        "max_s": max(seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="6,7", help="comma-separated sizes (default 6,7)")
    parser.add_argument("--count", type=int, default=10, help="mixed states per size (default 10)")
    parser.add_argument("--candidates", type=int, default=solver.FRAME_CANDIDATES, help="paired states tried")
    parser.add_argument("--join", type=float, help="beam ranking: turns per joined pair (default: the solver's)")
    args = parser.parse_args()
    if args.join is not None:
        pairing.JOIN_BONUS, pairing.JOIN_BONUSES = args.join, {}
    join = args.join if args.join is not None else "as the solver's"
    print(f"candidates {args.candidates}, join bonus {join}, {args.count} states per size")
    print("| N | pairing mean | max | pairing + 3x3x3 + wing cycles mean | max | median s | max s |")
    print("|---|---|---|---|---|---|---|")
    for size in (int(text) for text in args.sizes.split(",")):
        r = measure(size, args.count, args.candidates)
        print(
            f"| {size} | {r['pairing']:.1f} | {r['pairing_max']} | {r['total']:.1f} | {r['total_max']} | "
            f"{r['median_s']:.2f} | {r['max_s']:.2f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
