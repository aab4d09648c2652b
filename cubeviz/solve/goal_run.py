"""Goal solves for the app, Qt-free: what to reach (a preset on a colour or on any colour, or a painted pattern)
and the generator the Solve session runs for it, in the same event shapes as `engine_bridge.solve_events`.

Presets name pieces by colour, so they hold whatever way the cube on screen is turned: the search runs on the
cube seen with its centres at home and the moves are renamed back, as for full solves. A painted pattern names
sticker places, so it is solved only for a cube whose centres are at home.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass

from cubeviz.solve.engine_bridge import Report, rubik_solution
from solvers.cube.moves import centres_home
from solvers.cube.state import CubeState
from solvers.engine import Metric
from solvers.goals.goal import Goal, GoalError, parse_goal
from solvers.goals.presets import ANY_COLOUR, preset_colours, preset_goal
from solvers.rubik.events import DepthExhausted, MoveSolution
from solvers.rubik.preparation import TableProgress
from solvers.solve import SolveRequest, solve

PAINTED_NAME = "the painted pattern"


@dataclass(frozen=True)
class GoalRequest:
    """What a goal solve reaches: `goals` is one (label, Goal) pair, or six for a preset on any colour."""

    name: str
    goals: tuple[tuple[str, Goal], ...]
    painted: bool = False

    @classmethod
    def preset(cls, name: str, colour: str) -> GoalRequest:
        colours = preset_colours(name, colour)
        shown = "any colour" if colour.lower() == ANY_COLOUR and len(colours) > 1 else colours[0]
        return cls(f"{name} ({shown})", tuple((c, preset_goal(name, c)) for c in colours))

    @classmethod
    def pattern(cls, pattern: str) -> GoalRequest:
        return cls(PAINTED_NAME, (("", parse_goal(pattern)),), painted=True)


def goal_events(
    request: GoalRequest, state: CubeState, metric: str, stop: threading.Event, report: Report | None = None
) -> Iterator[object]:
    """Progress events and `Solution`s (each carrying its Goal) for reaching `request` from `state`.

    One goal: its search's events as they come (a first unproven answer for large goals, then the proven one).
    Several (any colour): each colour's search in turn; an answer shorter than any before is passed on unproven,
    and the shortest is repeated at the end, proven when every colour's search proved its own.
    """
    if state.size != 3:
        raise GoalError("goal solves are for the 3x3x3")
    turned, rotation = centres_home(state)
    if request.painted and not rotation.is_identity():
        raise GoalError("a painted pattern names sticker places: turn the cube back to its home orientation first")
    several = len(request.goals) > 1
    best: tuple[MoveSolution, Goal] | None = None
    all_proven = True
    for label, goal in request.goals:
        yield TableProgress(0.0, f"pattern tables for {request.name}{f', {label}' if several else ''} ")
        final: MoveSolution | None = None
        for event in solve(SolveRequest(turned, goal=goal, metric=Metric(metric), stop=stop, report=report)):
            if not isinstance(event, MoveSolution):
                if not (several and isinstance(event, DepthExhausted)):  # one colour's bound is not the answer's
                    yield event
                continue
            final = event
            if not several:
                yield rubik_solution(event, rotation, metric, goal)
            elif best is None or event.length < best[0].length:
                best = (event, goal)
                yield rubik_solution(event, rotation, metric, goal, proven=False)
        if final is None:
            return  # stopped
        all_proven = all_proven and final.proven_optimal
    if several and best is not None:
        yield rubik_solution(best[0], rotation, metric, best[1], proven=all_proven)
