"""`cubeviz-solve solve | rubik-qtm`: the 3x3x3 engine on Kociemba facelet lines and on 3x3 letter nets.

One malformed case gives one line on stderr naming the case and the problem, and exit code 2; with --keep-going
the other cases are still answered (a case without an answer prints `-1`). Engines are imported inside the
handlers so that building the parser stays cheap (numba compiles on first use).
"""

from __future__ import annotations

import argparse
import functools
import threading
from collections.abc import Iterable

from solvers.cli import nxn
from solvers.cli.cluster_options import add_cluster_arguments, checkpoint_of, task_options, uses_batch, where_of
from solvers.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    CliInputError,
    add_cases_command,
    add_command,
    add_input_argument,
    add_keep_going_argument,
    input_lines,
    open_input,
    positive_seconds,
    read_bounded,
    report_error,
)
from solvers.cli.goals import add_goal_arguments, read_goals, solve_goal_line
from solvers.rubik.table_tiers import TableTier, describe

NO_ANSWER = "-1"
DEFAULT_TWOPHASE_SECONDS = 1.0  # without --max-time, two-phase keeps improving this long (or until proven)


def register(subparsers: argparse._SubParsersAction) -> None:
    solve = add_command(
        subparsers,
        "solve",
        run_solve,
        help="solve 3x3x3 cubes given as 54-letter Kociemba facelet strings (two-phase or optimal)",
        description="One 54-letter facelet string per line (U R F D L B order, letters naming the face whose centre "
        "colour a sticker has). Prints the moves, then the length in parentheses; '*' marks a proven optimum.",
    )
    add_input_argument(solve)
    solve.add_argument("--solver", choices=("twophase", "optimal"), default="twophase", help="default: twophase")
    solve.add_argument("--metric", choices=("htm", "qtm"), default="htm", help="optimal solver's metric (htm)")
    solve.add_argument(
        "--tables", choices=("standard", "large"), default="standard",
        help=f"optimal HTM solver's tables: standard ({describe(TableTier.STANDARD)}; the default) or large "
        f"({describe(TableTier.LARGE)}; fewer nodes, faster); refused when the machine has too little free memory",
    )  # fmt: skip
    solve.add_argument(
        "--max-time", type=positive_seconds, default=None, metavar="S",
        help="two-phase: keep improving for S seconds per cube (default 1); optimal: give up after S seconds of search",
    )  # fmt: skip
    add_goal_arguments(solve)
    add_keep_going_argument(solve)
    add_cluster_arguments(solve)

    add_cases_command(
        subparsers,
        "rubik-qtm",
        run_qtm,
        help="optimal quarter-turn solutions of 3x3 letter nets",
        description="Read T, then T 3x3 letter nets of 54 colour letters each (whitespace insignificant). For "
        "each, print the optimal number of quarter turns, then the turns as 'face direction' pairs.",
    )


# -- solve -----------------------------------------------------------------------------------------------------------
def parse_facelets(line: str, number: int):
    from solvers.cube.formats import from_kociemba
    from solvers.cube.validation import InvalidCubeError

    try:
        return from_kociemba(line, 3)
    except InvalidCubeError as exc:
        raise CliInputError(f"line {number}: {exc.message}") from None


def solve_line(state, args: argparse.Namespace, number: int) -> str:
    from solvers.engine import SearchCancelled
    from solvers.rubik.events import MoveSolution

    stop = threading.Event()
    if args.solver == "optimal":
        from solvers.rubik.optimal import optimal

        tables = _tables()
        heuristic = _prepare_optimal_tables(tables, args)  # a first run builds them (minutes): not in --max-time
        events = optimal(state, metric=args.metric, heuristic=heuristic, stop=stop, tables=tables)
    else:
        from solvers.rubik.twophase import twophase

        events = twophase(state, max_time=args.max_time or DEFAULT_TWOPHASE_SECONDS, stop=stop)
    timer = threading.Timer(args.max_time, stop.set) if args.solver == "optimal" and args.max_time else None
    if timer is not None:
        timer.start()
    best = None
    try:
        for event in events:
            if isinstance(event, MoveSolution):
                best = event
    except SearchCancelled:
        pass
    finally:
        if timer is not None:
            timer.cancel()
    if best is None:
        raise CliInputError(f"line {number}: no solution within {args.max_time} s (--max-time)")
    return format_solution(best)


def _prepare_optimal_tables(tables, args: argparse.Namespace):
    """Load (or build) the tables of --tables for --metric; the heuristic they mean. A tier the metric cannot use
    or the machine cannot hold is an input error, reported before anything is loaded."""
    from solvers.rubik.optimal import prepare_tables
    from solvers.rubik.table_tiers import NotEnoughMemory, tier_heuristic

    tier = getattr(args, "tables", "standard")
    if tier == "large" and args.metric != "htm":
        raise CliInputError("--tables large is for --metric htm: the large table holds half-turn distances")
    heuristic = tier_heuristic(tier, args.metric)
    try:
        prepare_tables(tables, args.metric, heuristic)
    except NotEnoughMemory as exc:
        raise CliInputError(f"--tables {tier}: {exc}") from None
    return heuristic


def _tables():
    """The process's tables; on a terminal, a first run's table builds report progress on stderr."""
    import sys

    from solvers.rubik.rubik_tables import default_tables

    return _terminal_tables() if sys.stderr.isatty() else default_tables()


@functools.cache
def _terminal_tables():
    import sys
    import time

    from solvers.rubik.rubik_tables import default_tables

    last = [0.0]

    def report(fraction: float, message: str) -> None:
        now = time.monotonic()
        if message.startswith("building") or now - last[0] >= 2.0:
            last[0] = now
            print(f"cubeviz-solve: tables (built once): {message} ({fraction:.0%})", file=sys.stderr, flush=True)

    tables = default_tables()
    tables.report_progress_to(report)
    return tables


def format_solution(solution) -> str:
    """`R U R' F2 (4)`; `(4*)` once proven optimal; an empty solution prints as `(0*)`."""
    mark = "*" if solution.proven_optimal else ""
    text = f"{solution.notation} " if solution.moves else ""
    return f"{text}({solution.length}{mark})"


def run_solve(args: argparse.Namespace) -> int:
    if uses_batch(args):
        return run_solve_batch(args)
    failed = False
    goals = read_goals(args) if args.goal is not None else None
    with open_input(args.file) as handle:
        for number, raw in input_lines(handle):
            line = raw.strip()
            if not line:
                continue
            try:
                if nxn.is_big_line(line) and not goals:
                    answer = nxn.solve_big_line(line, number, args.metric)
                    print(answer, flush=True)
                    continue
                state = parse_facelets(line, number)
                answer = solve_goal_line(state, goals, args, number) if goals else solve_line(state, args, number)
            except CliInputError as exc:
                if not args.keep_going:
                    raise
                report_error(str(exc))
                failed, answer = True, NO_ANSWER
            print(answer, flush=True)
    return EXIT_BAD_INPUT if failed else EXIT_OK


def run_solve_batch(args: argparse.Namespace) -> int:
    """One task per cube, run where --workers/--scheduler say; answers printed in input order, as in-process."""
    from solvers.cli.output_paths import refuse_same_files
    from solvers.cluster.batch import ClusterError, run_tasks
    from solvers.cluster.tasks import solve_line_result_problem, solve_line_task

    source = None if args.file == "-" else args.file
    refuse_same_files([("--checkpoint", args.checkpoint)], [("the input file", source)])
    with open_input(args.file) as handle:
        lines = [(number, raw.strip()) for number, raw in input_lines(handle) if raw.strip()]
    options = task_options(args)
    payloads = [(number, line, options) for number, line in lines]
    checkpoint = checkpoint_of(args, lines, tasks=len(lines), check=solve_line_result_problem)
    failed = False
    try:
        for answer, error in run_tasks(solve_line_task, payloads, where_of(args), checkpoint):
            if error is not None:
                if not args.keep_going:
                    raise CliInputError(error)
                report_error(error)
                failed = True
            print(answer, flush=True)
    except ClusterError as exc:
        raise CliInputError(str(exc)) from None
    return EXIT_BAD_INPUT if failed else EXIT_OK


# -- rubik-qtm -------------------------------------------------------------------------------------------------------
def _qtm_answers(nets: Iterable[str], keep_going: bool) -> Iterable[tuple[str, str | None]]:
    """(answer, error) per case; the optimal quarter-turn search runs only on nets that read as real cubes."""
    from solvers.cube.letter_net import format_answer, read_net
    from solvers.cube.validation import InvalidCubeError
    from solvers.rubik.optimal import solve_optimal
    from solvers.rubik.rubik_tables import Metric

    for case, net in enumerate(nets, start=1):
        try:
            state = read_net(net)
        except InvalidCubeError as exc:
            message = f"case {case}: {exc.message}"
            if not keep_going:
                raise CliInputError(message) from None
            yield NO_ANSWER, message
            continue
        yield format_answer(solve_optimal(state, metric=Metric.QTM).moves), None


def run_qtm(args: argparse.Namespace) -> int:
    from solvers.cube.letter_net import N_NET_FACELETS, split_cases

    with open_input(args.file) as handle:
        text = read_bounded(handle)
    try:
        count, nets = split_cases(text)
    except ValueError as exc:
        raise CliInputError(str(exc)) from None
    problem = None
    if len(nets) > count:  # what follows the announced cases is not answered, complete or not
        problem = f"{len(nets) - count} more net(s) than the {count} cases announced"
        nets = nets[:count]
    elif len(nets) < count or (nets and len(nets[-1]) < N_NET_FACELETS):
        complete = sum(len(net) == N_NET_FACELETS for net in nets)
        problem = f"case {complete + 1}: input ends early ({count} cases announced, {complete} complete)"
        nets = nets[:complete]
    if problem and not args.keep_going:
        raise CliInputError(problem)
    failed = problem is not None
    for answer, error in _qtm_answers(nets, args.keep_going):
        if error:
            report_error(error)
            failed = True
        print(answer, flush=True)
    if problem:
        report_error(problem)
    return EXIT_BAD_INPUT if failed else EXIT_OK
