"""`cubeviz-solve solve --goal` and `cubeviz-solve scramble`: part-of-the-cube solves and training scrambles.

`solve --goal GOAL` reads the same lines as `solve` and prints `moves (N*)`; `--all` prints every optimal
solution (up to --limit), one per line, and an empty line after each cube; `--colour any` prints the six cross
colours side by side (`D: moves (N*) | U: ...`). When --max-time ends a search before its proof, the best
answer so far is printed without `*` and stderr gives its proven lower bound.
"""

from __future__ import annotations

import argparse
import threading

from solvers.cli import nxn
from solvers.cli.common import EXIT_OK, CliInputError, add_command, elide, whole_number

DEFAULT_ALL_LIMIT = 100
MAX_ALL_LIMIT = 100_000  # --all holds its solutions (a row of moves each) before printing: a bound keeps that small
COLOUR_CHOICES = ("U", "R", "F", "D", "L", "B", "any")


def add_goal_arguments(solve: argparse.ArgumentParser) -> None:
    solve.add_argument("--goal", metavar="GOAL", help="solve only part of the cube: a preset name (cross, xcross, "
                       "f2l, eoline, eo, co, corners, edges, 2x2x2, 2x2x3, roux-fb, last-layer) or 54 stickers "
                       "URFDLB with '.' for grey")  # fmt: skip
    solve.add_argument("--colour", default="D", metavar="C",
                       help="with a preset: the face it is built on, U R F D L B or 'any' (default D)")  # fmt: skip
    solve.add_argument("--all", action="store_true", help="with --goal: every optimal solution (up to --limit)")
    solve.add_argument("--limit", type=_all_limit, default=DEFAULT_ALL_LIMIT, metavar="N",
                       help=f"--all lists at most N (1 to {MAX_ALL_LIMIT:,}; default {DEFAULT_ALL_LIMIT})")  # fmt: skip


def _all_limit(text: str) -> int:
    """An argparse type for --limit: a whole number from 1 to MAX_ALL_LIMIT."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{elide(text)!r} is not a whole number") from None
    if not 1 <= value <= MAX_ALL_LIMIT:
        raise argparse.ArgumentTypeError(f"--limit must be from 1 to {MAX_ALL_LIMIT:,}, not {elide(text)}")
    return value


def read_goals(args: argparse.Namespace) -> list[tuple[str, object]]:
    """(label, Goal) pairs the --goal/--colour options stand for; a bad goal is a CliInputError."""
    from solvers.goals.goal import GoalError, goal_stickers, parse_goal
    from solvers.goals.presets import PRESET_NAMES, preset_colours, preset_goal

    if not args.colour.isascii() or args.colour.lower() not in [c.lower() for c in COLOUR_CHOICES]:
        raise CliInputError(f"--colour must be one of {', '.join(COLOUR_CHOICES)}, not {args.colour!r}")
    try:
        if args.goal in PRESET_NAMES:
            colours = preset_colours(args.goal, args.colour)
            return [(colour, preset_goal(args.goal, colour)) for colour in colours]
        if len(goal_stickers(args.goal)) != 54:
            raise GoalError(f"unknown goal {args.goal!r}: a preset ({', '.join(PRESET_NAMES)}) or 54 stickers")
        return [("", parse_goal(args.goal))]
    except GoalError as exc:
        raise CliInputError(f"--goal: {exc}") from None


def solve_goal_line(state, goals, args: argparse.Namespace, number: int) -> str:
    """The answer text for one cube: one goal, the six colours side by side, or --all's lines."""
    from solvers.cli.rubik import format_solution

    if args.all:
        blocks = [_optimal_all(state, goal, args, number) for _, goal in goals]
        lines = [f"{label}: {format_solution(s)}" if label and len(goals) > 1 else format_solution(s)
                 for (label, _), solutions in zip(goals, blocks, strict=True) for s in solutions]  # fmt: skip
        return "\n".join(lines) + "\n"
    parts = []
    for label, goal in goals:
        text = format_solution(_best(state, goal, args, number))
        parts.append(f"{label}: {text}" if len(goals) > 1 else text)
    return " | ".join(parts)


def _optimal_all(state, goal, args: argparse.Namespace, number: int) -> list:
    """Every optimal solution up to --limit. When --max-time stops the search first: the optimal ones found so far
    (or, before any, the best unproven answer) with a line on stderr saying the list stopped; nothing at all is an
    error, as for a single answer."""
    from solvers.cli.common import report_error
    from solvers.goals.search import UPPER_BOUND_PIECES, goal_search
    from solvers.rubik.events import DepthExhausted, MoveSolution

    stop = threading.Event()
    timer = threading.Timer(args.max_time, stop.set) if args.max_time else None
    if timer is not None:
        timer.start()
    proven, best, lower = [], None, 0
    bounded = args.max_time is not None and len(goal.constrained) > UPPER_BOUND_PIECES
    try:
        for event in goal_search(state, goal, args.metric, stop=stop, limit=args.limit, upper_bound=bounded):
            if isinstance(event, MoveSolution):
                if event.proven_optimal:
                    proven.append(event)
                elif best is None or event.length < best.length:
                    best = event
            elif isinstance(event, DepthExhausted):
                lower = event.depth + 1
    finally:
        if timer is not None:
            timer.cancel()
    if not stop.is_set() or (proven and len(proven) >= args.limit):
        return proven
    if proven:
        report_error(f"line {number}: {goal.name}: --max-time stopped the list after {len(proven)} optimal "
                     f"solutions of {proven[0].length} moves (there may be more)")  # fmt: skip
        return proven
    if best is None:
        raise CliInputError(f"line {number}: no answer within {args.max_time} s (--max-time)")
    report_error(f"line {number}: {goal.name}: best {best.length} moves, optimum proven >= {lower} (--max-time)")
    return [best]


def _best(state, goal, args: argparse.Namespace, number: int):
    """The proven optimum, or (when --max-time ends the search) the best so far with its lower bound on stderr."""
    from solvers.cli.common import report_error
    from solvers.goals.search import UPPER_BOUND_PIECES, goal_search
    from solvers.rubik.events import DepthExhausted, MoveSolution

    stop = threading.Event()
    timer = threading.Timer(args.max_time, stop.set) if args.max_time else None
    if timer is not None:
        timer.start()
    best, lower = None, 0
    bounded = len(goal.constrained) > UPPER_BOUND_PIECES
    try:
        for event in goal_search(state, goal, args.metric, stop=stop, upper_bound=bounded):
            if isinstance(event, MoveSolution) and (best is None or event.length <= best.length):
                best = event
            elif isinstance(event, DepthExhausted):
                lower = event.depth + 1
    finally:
        if timer is not None:
            timer.cancel()
    if best is None:
        raise CliInputError(f"line {number}: no answer within {args.max_time} s (--max-time)")
    if not best.proven_optimal:
        report_error(f"line {number}: {goal.name}: best {best.length} moves, optimum proven >= {lower} (--max-time)")
    return best


# -- scramble --------------------------------------------------------------------------------------------------------
def register(subparsers: argparse._SubParsersAction) -> None:
    from solvers.goals.preset_names import PRESET_NAMES

    scramble = add_command(
        subparsers,
        "scramble",
        run_scramble,
        help="training scrambles: random 3x3x3 states with a preset's pieces solved",
        description="Each line is a scramble (WCA notation) that produces a uniformly random state among those in "
        "which the preset's pieces are solved (e.g. --solved f2l: a random last layer).",
    )
    scramble.add_argument("--solved", choices=PRESET_NAMES, metavar="PRESET",
                          help=f"the pieces to leave solved: {', '.join(PRESET_NAMES)}")  # fmt: skip
    scramble.add_argument("--colour", default="D", type=_scramble_colour, metavar="C",
                          help="the face the preset is built on: U R F D L B (default D)")  # fmt: skip
    scramble.add_argument("--count", type=_positive_count, default=1, metavar="N", help="how many (default 1)")
    scramble.add_argument("--seed", type=_seed, default=None, metavar="S",
                          help="random seed (a whole number from 0), for lists that repeat on any machine")  # fmt: skip
    nxn.add_size_argument(scramble)


SCRAMBLE_COLOURS = ("U", "R", "F", "D", "L", "B")  # a scramble is one state: no "any"


def _scramble_colour(text: str) -> str:
    if text.upper() not in SCRAMBLE_COLOURS or not text.isascii():
        raise argparse.ArgumentTypeError(f"--colour must be one of {' '.join(SCRAMBLE_COLOURS)}, not {elide(text)!r}")
    return text.upper()


def _seed(text: str) -> int:
    """A seed is a whole number from 0: Python's generator seeds with the absolute value, so -5 would repeat 5."""
    return whole_number(text, "--seed", 0)


def _positive_count(text: str) -> int:
    return whole_number(text, "--count", 1, rule="--count must be at least 1")


def run_scramble(args: argparse.Namespace) -> int:
    from solvers.goals.goal import GoalError
    from solvers.goals.presets import preset_goal
    from solvers.goals.training import training_scrambles

    if args.size is not None:
        return nxn.run_size_scramble(args)
    if args.solved is None:
        raise CliInputError("scramble: give --solved PRESET (3x3x3 training) or --size N (random turns)")
    try:
        goal = preset_goal(args.solved, args.colour)
    except GoalError as exc:
        raise CliInputError(str(exc)) from None
    for moves in training_scrambles(goal, args.count, args.seed):
        print(" ".join(move.notation for move in moves), flush=True)
    return EXIT_OK
