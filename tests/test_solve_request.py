"""Solve requests: every registered engine answers through `solve(request)` (answers replayed on the cube), the
registry picks one engine per puzzle, a stopped request ends, and no front end imports another's functions."""

from __future__ import annotations

import ast
import contextlib
import importlib
import pathlib
import threading
import time

import pytest

from solvers.cube.formats import to_kociemba
from solvers.cube.moves import apply_moves
from solvers.cube.notation import parse_algorithm
from solvers.cube.state import CubeState
from solvers.engine import Metric, SearchCancelled
from solvers.engines.gods_table import PocketSolution
from solvers.goals.presets import preset_goal
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import NxNState
from solvers.rubik.events import MoveSolution
from solvers.rubik.preparation import Prepared
from solvers.solve import ENGINES, Limits, RequestError, SolveRequest, best_solution, engine_for, solve
from solvers.solve_lines import LineOptions, answer_line
from solvers.tables import BuildCancelled

ROOT = pathlib.Path(__file__).resolve().parents[1]


def scrambled(text: str, size: int = 3) -> CubeState:
    return apply_moves(CubeState.solved(size), parse_algorithm(text, size).to_moves())


def solved_in_some_orientation(state: CubeState) -> bool:
    """Every face one colour (a 2x2 solution may leave the whole cube turned), read from the stickers."""
    letters = to_kociemba(state)
    side = state.size * state.size
    return all(len(set(letters[i : i + side])) == 1 for i in range(0, len(letters), side))


def solutions(request: SolveRequest) -> list:
    return [event for event in solve(request) if isinstance(event, (MoveSolution, BigCubeSolution))]


# -- every engine, answers replayed ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("metric", "optimum"), [("htm", 4), ("qtm", 5), ("fru", 4)])
def test_the_gods_table_engine_answers_2x2_cubes_optimally(metric, optimum):
    """`R U2 F' R` takes 4 face turns, 5 quarter turns (the half turn counts 2) and 4 F/R/U turns."""
    state = scrambled("R U2 F' R", 2)
    events = list(solve(SolveRequest(state, metric=Metric(metric), limits=Limits(solutions=10))))
    assert isinstance(events[0], Prepared)
    found = events[-1]
    assert isinstance(found, PocketSolution) and found.proven_optimal and found.length == optimum
    assert solved_in_some_orientation(apply_moves(state, found.moves))
    assert found.distances[0] == optimum and found.distances[-1] == 0 and len(found.distances) == optimum + 1
    assert found.alternatives[0] == found.moves and 1 <= len(found.alternatives) <= 10
    assert found.optimal_count is not None and found.optimal_count >= len(found.alternatives)
    for other in found.alternatives:
        assert len(other) == optimum and solved_in_some_orientation(apply_moves(state, other))


def test_the_twophase_engine_solves_a_3x3():
    state = scrambled("R U F' L2 D B' R2 U' F D2 L B")
    best = best_solution(SolveRequest(state, solver="twophase", limits=Limits(max_time=0.3)))
    assert isinstance(best, MoveSolution) and best.length == len(best.moves) <= 12
    assert apply_moves(state, best.moves).is_identity()


def test_the_optimal_engine_proves_a_3x3_optimum():
    state = scrambled("R U F")
    request = SolveRequest(state, solver="optimal", heuristic="compact")
    events = list(solve(request))
    assert isinstance(events[0], Prepared)
    best = [e for e in events if isinstance(e, MoveSolution)][-1]
    assert best.proven_optimal and best.length == 3  # three turns of three faces: nothing shorter undoes them
    assert apply_moves(state, best.moves).is_identity()


def test_the_goal_engine_reaches_the_goal_in_the_fewest_moves():
    goal = preset_goal("cross", "D")
    state = scrambled("R")  # one cross edge out of place: R' puts it back, nothing shorter
    found = solutions(SolveRequest(state, goal=goal))
    assert found[-1].proven_optimal and found[-1].length == 1
    assert goal.reached_by(apply_moves(state, found[-1].moves))
    listed = solutions(SolveRequest(scrambled("R2 U2"), goal=goal, limits=Limits(solutions=5)))
    assert listed and all(s.proven_optimal and s.length == listed[0].length for s in listed)
    assert len({s.moves for s in listed}) == len(listed) <= 5
    assert all(goal.reached_by(apply_moves(scrambled("R2 U2"), s.moves)) for s in listed)


def test_the_reduction_engine_solves_big_cubes():
    for size, seed in ((4, 1), (5, 2)):
        state = NxNState.solved(size).apply(random_turns(size, seed))
        events = list(solve(SolveRequest(state)))
        assert any(isinstance(e, StageProgress) for e in events)
        answer = events[-1]
        assert isinstance(answer, BigCubeSolution) and state.apply(answer.turns).is_solved()


# -- the registry ----------------------------------------------------------------------------------------------------
def test_each_puzzle_has_its_engine_and_each_engine_module_its_generator():
    two, three, four = scrambled("R", 2), scrambled("R"), NxNState.solved(4)
    assert engine_for(SolveRequest(two)).name == "gods-table"
    assert engine_for(SolveRequest(two, solver="optimal")).name == "gods-table"  # the 2x2's one engine
    assert engine_for(SolveRequest(three)).name == "twophase"
    assert engine_for(SolveRequest(three, solver="optimal")).name == "optimal"
    assert engine_for(SolveRequest(three, goal=preset_goal("cross", "D"))).name == "goal"
    assert engine_for(SolveRequest(four, solver="optimal")).name == "reduction"
    for engine in ENGINES:
        assert callable(importlib.import_module(engine.module).events), engine.module


def test_requests_no_engine_takes_are_refused_in_one_line():
    with pytest.raises(RequestError, match="unknown solver 'fastest' for the 3x3x3; choose one of twophase, opt"):
        solve(SolveRequest(scrambled("R"), solver="fastest"))
    with pytest.raises(RequestError, match="goal solves are for the 3x3x3, not the 2x2x2"):
        solve(SolveRequest(scrambled("R", 2), goal=preset_goal("cross", "D")))
    with pytest.raises(RequestError, match="a 26x26x26 cube is beyond the solver, which takes cubes up to 25x25x25"):
        solve(SolveRequest(NxNState.solved(26)))
    with pytest.raises(RequestError, match="a 3x3x3 state given as stickers, not cubies"):
        list(solve(SolveRequest(NxNState.solved(3))))
    with pytest.raises(ValueError, match="unknown metric 'furlongs'"):
        SolveRequest(scrambled("R"), metric="furlongs")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_time must be above 0"):
        Limits(max_time=0)


# -- stopping --------------------------------------------------------------------------------------------------------
def test_a_cancelled_request_stops_promptly_without_an_answer():
    """Cancelled from another thread (as the app's Cancel does) half a second into a 15x15x15 solve (minutes), in the
    middle of its first stage: it ends well within the time a solve would take, with no answer."""
    state = NxNState.solved(15).apply(random_turns(15, 7))
    request = SolveRequest(state)
    seen: list[object] = []
    cancel = threading.Timer(0.5, request.stop.set)
    started = time.monotonic()
    try:
        for event in solve(request):
            seen.append(event)
            if len(seen) == 1:
                assert isinstance(event, StageProgress)  # the solve has begun
                cancel.start()
    finally:
        cancel.cancel()
    assert request.stop.is_set() and time.monotonic() - started < 30
    assert not any(isinstance(e, BigCubeSolution) for e in seen)


def test_a_request_stopped_before_it_starts_finds_nothing():
    request = SolveRequest(scrambled("R U F' L2 D B' R2 U' F D2 L B U2 R'"), solver="optimal", heuristic="compact")
    request.stop.set()
    found: list[object] = []
    started = time.monotonic()
    with contextlib.suppress(SearchCancelled, BuildCancelled):  # stopped while its tables loaded, or at once
        found.extend(e for e in solve(request) if isinstance(e, MoveSolution))
    assert found == [] and time.monotonic() - started < 30


def test_max_time_sets_the_request_stop_after_the_tables_load():
    """A hard goal within 0.3 s: the time limit stops it (the stop flag set), the best so far comes unproven."""
    state = scrambled("R U F' L2 D B' R2 U' F D2 L B U2 R' F2 D'")
    request = SolveRequest(state, goal=preset_goal("f2l", "D"), limits=Limits(max_time=0.3))
    started = time.monotonic()
    found = solutions(request)
    assert request.stop.is_set() and time.monotonic() - started < 30
    assert found and not found[-1].proven_optimal  # the two-phase upper bound, never proven in 0.3 s
    assert preset_goal("f2l", "D").reached_by(apply_moves(state, found[-1].moves))


# -- front ends ------------------------------------------------------------------------------------------------------
def test_the_cluster_task_answers_as_the_in_process_line_does():
    from solvers.cluster.tasks import solve_line_task

    line = to_kociemba(scrambled("R U2 F'", 2))
    options = LineOptions(metric="qtm")
    assert solve_line_task(3, line, options.as_dict()) == [answer_line(3, line, options), None]
    assert solve_line_task(4, "U" * 53, options.as_dict())[1].startswith("line 4: ")


def _imports(path: pathlib.Path) -> set[str]:
    """Every module `path` imports, at module level or inside functions (`from a import b` counted as a.b too)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_front_end_imports_another():
    """The cluster tasks, the engines and the app's solve bridge never reach into the command line (which once
    made a circle: cli.goals -> cli.rubik -> cluster.tasks -> cli.goals), and the command line never into the app."""
    shared = [ROOT / "solvers/cluster/tasks.py", ROOT / "solvers/solve.py", ROOT / "solvers/solve_lines.py"]
    shared += sorted((ROOT / "solvers/engines").glob("*.py")) + sorted((ROOT / "cubeviz/solve").glob("*.py"))
    for path in shared:
        bad = sorted(m for m in _imports(path) if m == "solvers.cli" or m.startswith("solvers.cli."))
        assert not bad, f"{path.relative_to(ROOT)} imports the command line: {bad}"
    for path in sorted((ROOT / "solvers/cli").glob("*.py")):
        assert not any(m.startswith("cubeviz") for m in _imports(path)), path.name


def test_a_stop_flag_from_the_caller_is_the_request_own():
    stop = threading.Event()
    request = SolveRequest(scrambled("R", 2), stop=stop)
    assert request.stop is stop and SolveRequest(scrambled("R", 2)).stop is not stop
