"""`cubeviz-solve solve | rubik-qtm`: the 3x3x3 engine on Kociemba facelet lines and on 3x3 letter nets.

One malformed case gives one line on stderr naming the case and the problem, and exit code 2; with --keep-going
the other cases are still answered (a case without an answer prints `-1`). Engines are imported inside the
handlers so that building the parser stays cheap (numba compiles on first use).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from solvers.cli.cluster_options import add_cluster_arguments, checkpoint_of, uses_batch, where_of
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
from solvers.cli.goals import add_goal_arguments
from solvers.rubik.table_tiers import TableTier, describe
from solvers.solve_lines import NO_ANSWER, LineError, LineOptions, answer_line, read_goals

if TYPE_CHECKING:
    from solvers.goals.goal import Goal


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
_last_build_line = [0.0]  # when the last table-build line was printed (monotonic seconds)


def _print_table_builds(event: object) -> None:
    """On a terminal, a first run's table builds report their progress on stderr (at most every 2 s)."""
    import time

    from solvers.rubik.preparation import TableProgress

    if not (isinstance(event, TableProgress) and event.building):
        return
    now = time.monotonic()
    if event.message.startswith("building") or now - _last_build_line[0] >= 2.0:
        _last_build_line[0] = now
        print(f"cubeviz-solve: tables (built once): {event.message} ({event.fraction:.0%})", file=sys.stderr,
              flush=True)  # fmt: skip


def run_solve(args: argparse.Namespace) -> int:
    if uses_batch(args):
        return run_solve_batch(args)
    failed = False
    options = LineOptions.from_dict(vars(args))
    goals = _read_goals(options) if options.goal is not None else None
    report = _print_table_builds if sys.stderr.isatty() else None
    with open_input(args.file) as handle:
        for number, raw in input_lines(handle):
            line = raw.strip()
            if not line:
                continue
            try:
                answer = answer_line(number, line, options, goals, report)
            except LineError as exc:
                if not args.keep_going:
                    raise CliInputError(str(exc)) from None
                report_error(str(exc))
                failed, answer = True, NO_ANSWER
            print(answer, flush=True)
    return EXIT_BAD_INPUT if failed else EXIT_OK


def _read_goals(options: LineOptions) -> list[tuple[str, Goal]]:
    try:
        return read_goals(options)
    except LineError as exc:
        raise CliInputError(str(exc)) from None


def run_solve_batch(args: argparse.Namespace) -> int:
    """One task per cube, run where --workers/--scheduler say; answers printed in input order, as in-process."""
    from solvers.cli.output_paths import refuse_same_files
    from solvers.cluster.batch import ClusterError, run_tasks
    from solvers.cluster.tasks import solve_line_result_problem, solve_line_task

    source = None if args.file == "-" else args.file
    refuse_same_files([("--checkpoint", args.checkpoint)], [("the input file", source)])
    with open_input(args.file) as handle:
        lines = [(number, raw.strip()) for number, raw in input_lines(handle) if raw.strip()]
    options = LineOptions.from_dict(vars(args)).as_dict()
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
    from solvers.engine import Metric
    from solvers.rubik.events import MoveSolution
    from solvers.solve import SolveRequest, best_solution

    for case, net in enumerate(nets, start=1):
        try:
            state = read_net(net)
        except InvalidCubeError as exc:
            message = f"case {case}: {exc.message}"
            if not keep_going:
                raise CliInputError(message) from None
            yield NO_ANSWER, message
            continue
        found = best_solution(SolveRequest(state, solver="optimal", metric=Metric.QTM))
        if not isinstance(found, MoveSolution):  # nothing stops this search: the optimum always comes
            raise RuntimeError(f"case {case}: the optimal search ended without its answer")
        yield format_answer(found.moves), None


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
