"""Goal solves: optimal cross / XCross / F2L times, a plain BFS beside the small masks, the full solver beside the
whole-cube mask. Every answer is replayed on its cube. Prints markdown tables.

    python benchmarks/goals_bench.py [--cross 1000] [--colours 100] [--xcross 50] [--f2l 3 --f2l-cap 60]
"""

from __future__ import annotations

import argparse
import random
import statistics
import threading
import time

from solvers.cube.moves import Move, apply_moves
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.goals.goal import piece_coordinates, solved_goal
from solvers.goals.goal_tables import piece_move_table
from solvers.goals.presets import COLOURS, preset_goal
from solvers.goals.search import goal_search, solve_goal
from solvers.rubik.events import DepthExhausted, MoveSolution


def timed_solves(goals, cubes) -> list[float]:
    """Seconds per cube for all `goals` together, each answer checked by replay."""
    times = []
    for state in cubes:
        started = time.perf_counter()
        answers = [(goal, solve_goal(state, goal)[0]) for goal in goals]
        times.append(time.perf_counter() - started)
        for goal, answer in answers:
            assert goal.reached_by(apply_moves(state, answer.moves)), (goal.name, answer)
    return times


def plain_bfs(state: CubeState, pieces: list[int]) -> int:
    """Breadth-first over the pieces' coordinates, no heuristic: the reference count for small masks."""
    moves = piece_move_table("htm")
    coords = piece_coordinates(state)
    start, seen, frontier, depth = tuple(coords[p] for p in pieces), set(), None, 0
    frontier = [start]
    seen.add(start)
    goal = tuple(p * 3 if p < 8 else (p - 8) * 2 for p in pieces)
    while goal not in seen:
        depth += 1
        fresh = []
        for node in frontier:
            for m in range(18):
                nxt = tuple(int(moves[p, c, m]) for p, c in zip(pieces, node, strict=True))
                if nxt not in seen:
                    seen.add(nxt)
                    fresh.append(nxt)
        frontier = fresh
    return depth


def row(label: str, times: list[float], target: str) -> str:
    ms = sorted(t * 1000 for t in times)
    ninetieth = ms[int(0.9 * len(ms)) - 1]
    return f"| {label} | {len(ms)} | {statistics.median(ms):.2f} ms | {ninetieth:.2f} ms | {ms[-1]:.1f} ms | {target} |"


def comparison(label: str, equal: int, ours: list[float], ref: list[float]) -> str:
    ours_ms, ref_ms = statistics.median(ours) * 1000, statistics.median(ref) * 1000
    return f"| {label} | {len(ours)} | {equal}/{len(ours)} | {ours_ms:.2f} ms | {ref_ms:.1f} ms |"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cross", type=int, default=1000)
    parser.add_argument("--colours", type=int, default=100)
    parser.add_argument("--xcross", type=int, default=50)
    parser.add_argument("--f2l", type=int, default=3)
    parser.add_argument("--f2l-cap", type=float, default=60.0)
    parser.add_argument("--bfs", type=int, default=10)
    parser.add_argument("--full", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(2026)
    cross = preset_goal("cross")
    colours = [preset_goal("cross", c) for c in COLOURS]
    xcross = preset_goal("xcross")
    started = time.perf_counter()
    for goal in (cross, *colours, xcross):  # tables and compilation, once per process
        solve_goal(CubeState.solved(3), goal)
        solve_goal(random_state(3, rng), goal)
    print(f"tables and compilation for cross (6 colours) and xcross: {time.perf_counter() - started:.1f} s\n")
    print("| goal | cubes | median | 90th pct | max | target |\n|---|---|---|---|---|---|")
    print(
        row(
            "cross (D), optimal HTM", timed_solves([cross], [random_state(3, rng) for _ in range(args.cross)]), "< 5 ms"
        )
    )
    print(
        row(
            "cross, all six colours",
            timed_solves(colours, [random_state(3, rng) for _ in range(args.colours)]),
            "< 30 ms",
        )
    )
    print(
        row(
            "xcross (D, FR pair)",
            timed_solves([xcross], [random_state(3, rng) for _ in range(args.xcross)]),
            "< 500 ms",
        )
    )

    print(
        "\n| F2L cube | first answer (length, s) | optimum proven (length, s) | gap first -> proof |\n|---|---|---|---|"
    )
    f2l = preset_goal("f2l")
    solve_goal(CubeState.solved(3), f2l)
    for number in range(args.f2l):
        state = random_state(3, rng)
        stop = threading.Event()
        timer = threading.Timer(args.f2l_cap, stop.set)
        timer.start()
        first = best = None
        lower = 0
        for event in goal_search(state, f2l, stop=stop, upper_bound=True):
            if isinstance(event, MoveSolution):
                first = first or event
                best = event
                assert f2l.reached_by(apply_moves(state, event.moves))
            elif isinstance(event, DepthExhausted):
                lower = event.depth + 1
        timer.cancel()
        proof = (
            f"{best.length}, {best.elapsed:.1f} s"
            if best.proven_optimal
            else f"not within {args.f2l_cap:.0f} s (>= {lower})"
        )
        gap = f"{best.elapsed - first.elapsed:.1f} s" if best.proven_optimal else "-"
        print(f"| {number + 1} | {first.length}, {first.elapsed:.2f} s | {proof} | {gap} |")

    print("\n| comparison | cases | equal lengths | ours median | reference median |\n|---|---|---|---|---|")
    ours, ref, equal = [], [], 0
    for _ in range(args.bfs):
        pieces = rng.sample(range(20), 3)
        state = random_state(3, rng)
        t = time.perf_counter()
        (answer,) = solve_goal(state, solved_goal(pieces))
        ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        equal += plain_bfs(state, pieces) == answer.length
        ref.append(time.perf_counter() - t)
    print(comparison("3 random pieces vs plain BFS", equal, ours, ref))
    from solvers.rubik.optimal import solve_optimal

    whole = solved_goal(range(20), "whole cube")
    ours, ref, equal = [], [], 0
    for _ in range(args.full):
        state = apply_moves(CubeState.solved(3), [Move(rng.randrange(18)) for _ in range(9)])
        t = time.perf_counter()
        (answer,) = solve_goal(state, whole)
        ours.append(time.perf_counter() - t)
        t = time.perf_counter()
        equal += solve_optimal(state).length == answer.length
        ref.append(time.perf_counter() - t)
    print(comparison("whole-cube mask vs full optimal solver, 9-move scrambles", equal, ours, ref))


if __name__ == "__main__":
    main()
