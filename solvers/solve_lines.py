"""One line of `cubeviz-solve solve` answered as text, the same in the command's own process and on a cluster
worker: the line read as a cube, solve requests built from plain options, their events turned into the answer.

A 54-letter line (or any line with a goal) is a 3x3x3; a 24-letter line a 2x2x2; other lengths a big cube. Which
engine solves it is the registry's choice (`solvers.engines.registry`), never this module's. Answers read
`R U R' F2 (4)`, with `*` after the length once proven optimal; a goal's answers are described in `goal_answer`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING, Any

from solvers.engine import as_metric
from solvers.engines.request import Limits, Report, RequestError, SolveRequest
from solvers.messages import report_error
from solvers.rubik.table_tiers import NotEnoughMemory, TableTier
from solvers.solve import best_solution, engine_for, solve

if TYPE_CHECKING:  # the engines' modules load numpy: imported where a line is answered, not with the parser
    from solvers.cube.state import CubeState
    from solvers.goals.goal import Goal
    from solvers.nxn.state import NxNState
    from solvers.rubik.events import MoveSolution

NO_ANSWER = "-1"
THREE_LETTERS = 54  # a 3x3x3 facelet line
TWO_LETTERS = 24  # a 2x2x2 facelet line
COLOUR_CHOICES = ("U", "R", "F", "D", "L", "B", "any")
DEFAULT_ALL_LIMIT = 100  # optimal solutions listed per goal when every one is asked for
Note = Callable[[str], None]


class LineError(Exception):
    """A line (or the options) that cannot be answered; the message is one line naming the line and the problem."""


@dataclass(frozen=True)
class LineOptions:
    """The options of a solve line, as plain data (what a cluster task carries): the solver, metric and tables
    tier of its request, the time limit, and the goal (a preset name or 54 stickers) with its colour and whether
    every optimal solution is listed (up to `limit`)."""

    solver: str = "twophase"
    metric: str = "htm"
    tables: str = "standard"
    max_time: float | None = None
    goal: str | None = None
    colour: str = "D"
    all: bool = False
    limit: int = DEFAULT_ALL_LIMIT

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LineOptions:
        """The options among `data`'s entries (others, such as a command's own switches, are left out)."""
        return cls(**{f.name: data[f.name] for f in fields(cls) if f.name in data})


def read_goals(options: LineOptions) -> list[tuple[str, Goal]]:
    """(label, Goal) pairs the goal and colour options stand for: six for a preset on any colour."""
    from solvers.goals.goal import GoalError, goal_stickers, parse_goal
    from solvers.goals.presets import PRESET_NAMES, preset_colours, preset_goal

    colour, goal = options.colour, options.goal or ""
    if not colour.isascii() or colour.lower() not in [c.lower() for c in COLOUR_CHOICES]:
        raise LineError(f"--colour must be one of {', '.join(COLOUR_CHOICES)}, not {colour!r}")
    try:
        if goal in PRESET_NAMES:
            return [(c, preset_goal(goal, c)) for c in preset_colours(goal, colour)]
        if len(goal_stickers(goal)) != THREE_LETTERS:
            raise GoalError(f"unknown goal {goal!r}: a preset ({', '.join(PRESET_NAMES)}) or 54 stickers")
        return [("", parse_goal(goal))]
    except GoalError as exc:
        raise LineError(f"--goal: {exc}") from None


def read_puzzle(line: str, number: int, *, goal: bool = False) -> CubeState | NxNState:
    """The cube a facelet line describes (a goal is always reached on a 3x3x3)."""
    from solvers.cube.formats import from_kociemba
    from solvers.cube.validation import InvalidCubeError
    from solvers.nxn.errors import InvalidBigCubeError
    from solvers.nxn.state import read_facelets

    letters = sum(1 for ch in line if not ch.isspace())
    try:
        if goal or letters == THREE_LETTERS:
            return from_kociemba(line, 3)
        if letters == TWO_LETTERS:
            return from_kociemba(line, 2)
        return read_facelets(line)
    except (InvalidCubeError, InvalidBigCubeError) as exc:
        raise LineError(f"line {number}: {exc.message}") from None


def answer_line(
    number: int,
    line: str,
    options: LineOptions,
    goals: list[tuple[str, Goal]] | None = None,
    report: Report | None = None,
    note: Note = report_error,
) -> str:
    """The answer to line `number`; `goals` as `read_goals` gives them (read here when None and the options name
    a goal); `report` receives table progress; `note` the remarks on a search the time limit ended."""
    if goals is None and options.goal is not None:
        goals = read_goals(options)
    state = read_puzzle(line, number, goal=bool(goals))
    if goals:
        return goal_answer(state, goals, options, number, note)
    return whole_answer(state, options, number, report)


def format_solution(solution: Any) -> str:
    """`R U R' F2 (4)`; `(4*)` once proven optimal; an empty solution prints as `(0*)`."""
    mark = "*" if solution.proven_optimal else ""
    text = f"{solution.notation} " if solution.notation else ""
    return f"{text}({solution.length}{mark})"


def whole_answer(state: CubeState | NxNState, options: LineOptions, number: int, report: Report | None) -> str:
    """The best solution of the whole cube within the options' limits."""
    from solvers.nxn.errors import InvalidBigCubeError

    request = SolveRequest(
        state, solver=options.solver, metric=as_metric(options.metric), tables=TableTier(options.tables),
        limits=Limits(max_time=options.max_time), report=report,
    )  # fmt: skip
    try:
        engine = engine_for(request)
        if engine.name == "optimal" and options.tables == "large" and options.metric != "htm":
            raise LineError("--tables large is for --metric htm: the large table holds half-turn distances")
        best = best_solution(request)
    except RequestError as exc:
        raise LineError(f"line {number}: {exc}") from None
    except NotEnoughMemory as exc:
        raise LineError(f"--tables {options.tables}: {exc}") from None
    except InvalidBigCubeError as exc:
        raise LineError(f"line {number}: {exc.message}") from None
    if best is None:
        raise LineError(f"line {number}: no solution within {options.max_time} s (--max-time)")
    return format_solution(best)


# -- goals -----------------------------------------------------------------------------------------------------------
def goal_answer(state: Any, goals: list[tuple[str, Goal]], options: LineOptions, number: int, note: Note) -> str:
    """One goal's answer, the six colours' side by side (`D: moves (N*) | U: ...`), or with `all` every optimal
    solution, one a line (labelled when there are several goals), and an empty line after them."""
    if options.all:
        blocks = [_optimal_all(state, goal, options, number, note) for _, goal in goals]
        lines = [f"{label}: {format_solution(s)}" if label and len(goals) > 1 else format_solution(s)
                 for (label, _), solutions in zip(goals, blocks, strict=True) for s in solutions]  # fmt: skip
        return "\n".join(lines) + "\n"
    parts = []
    for label, goal in goals:
        text = format_solution(_best(state, goal, options, number, note))
        parts.append(f"{label}: {text}" if len(goals) > 1 else text)
    return " | ".join(parts)


def _goal_request(state: Any, goal: Goal, options: LineOptions, solutions: int | None) -> SolveRequest:
    limits = Limits(max_time=options.max_time, solutions=solutions)
    return SolveRequest(state, goal=goal, metric=as_metric(options.metric), limits=limits)


def _optimal_all(state: Any, goal: Goal, options: LineOptions, number: int, note: Note) -> list[MoveSolution]:
    """Every optimal solution up to the limit. When the time limit stops the search first: the optimal ones found
    so far (or, before any, the best unproven answer) with a note saying the list stopped; nothing at all is an
    error, as for a single answer."""
    from solvers.rubik.events import DepthExhausted, MoveSolution

    request = _goal_request(state, goal, options, options.limit)
    proven: list[MoveSolution] = []
    best: MoveSolution | None = None
    lower = 0
    for event in solve(request):
        if isinstance(event, MoveSolution):
            if event.proven_optimal:
                proven.append(event)
            elif best is None or event.length < best.length:
                best = event
        elif isinstance(event, DepthExhausted):
            lower = event.depth + 1
    if not request.stop.is_set() or (proven and len(proven) >= options.limit):
        return proven
    if proven:
        note(f"line {number}: {goal.name}: --max-time stopped the list after {len(proven)} optimal "
             f"solutions of {proven[0].length} moves (there may be more)")  # fmt: skip
        return proven
    if best is None:
        raise LineError(f"line {number}: no answer within {options.max_time} s (--max-time)")
    note(f"line {number}: {goal.name}: best {best.length} moves, optimum proven >= {lower} (--max-time)")
    return [best]


def _best(state: Any, goal: Goal, options: LineOptions, number: int, note: Note) -> MoveSolution:
    """The proven optimum, or (when the time limit ends the search) the best so far, its lower bound in a note."""
    from solvers.rubik.events import DepthExhausted, MoveSolution

    best: MoveSolution | None = None
    lower = 0
    for event in solve(_goal_request(state, goal, options, None)):
        if isinstance(event, MoveSolution) and (best is None or event.length <= best.length):
            best = event
        elif isinstance(event, DepthExhausted):
            lower = event.depth + 1
    if best is None:
        raise LineError(f"line {number}: no answer within {options.max_time} s (--max-time)")
    if not best.proven_optimal:
        note(f"line {number}: {goal.name}: best {best.length} moves, optimum proven >= {lower} (--max-time)")
    return best
