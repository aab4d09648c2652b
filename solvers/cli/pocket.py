"""`cubeviz-solve pocket-distance | pocket-fru | pocket-count`: the 2x2x2 engine on 2x2 net pairs, F/R/U sticker
permutations and recoloured 2x2 input.

Malformed input gives one line on stderr naming the pair/line and the problem, and exit code 2. With
--keep-going the rest is still answered; a case that could not be answered prints -1 where its answer would be.
Engine modules are imported inside the handlers so that building the parser stays cheap.
"""

from __future__ import annotations

import argparse
import sys

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
    read_bounded,
    report_error,
)

NO_ANSWER = "-1"
METRIC_CHOICES = ("htm", "qtm", "fru")


def register(subparsers: argparse._SubParsersAction) -> None:
    distance = add_command(
        subparsers,
        "pocket-distance",
        run_distance,
        help="fewest moves between two 2x2x2 cubes, each seen from any side (2x2 net pairs)",
        description="Read T, then T pairs of 2x2x2 colour nets (6 lines each: net A, a separator, net B) and print "
        "the fewest moves from A to B, rotations free. Colours are any six letters of a real cube.",
    )
    add_input_argument(distance)
    distance.add_argument("--metric", choices=METRIC_CHOICES, default="qtm", help="move count (default: qtm)")
    add_keep_going_argument(distance)

    add_cases_command(
        subparsers,
        "pocket-fru",
        run_fru,
        help="optimal solution in F/R/U quarter-and-half turns of F/R/U sticker permutations, with each state",
        description="Each line: 24 sticker numbers (an F/R/U sticker permutation), places 18 19 20 fixed. Prints "
        "the optimal move count n, then each move (F+ F2 F- R+ R2 R- U+ U2 U-) and the 24 numbers after it.",
    )

    count = add_command(
        subparsers,
        "pocket-count",
        run_count,
        help="distinct states of a recoloured 2x2x2 up to rotation, and their depth histogram (recoloured 2x2)",
        description="COLOURING: 24 letters for U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 B1-B4 of the repainted solved cube "
        "(a recoloured 2x2, e.g. YYYYGGGGOOOOOOOOGGGGYYYY). Prints the number of states, then 'depth count' lines.",
    )
    count.add_argument("colourings", nargs="+", metavar="COLOURING", help="24 colour letters in facelet order")
    count.add_argument("--metric", choices=("htm", "qtm"), default="htm", help="metric of the histogram")
    add_keep_going_argument(count)


# -- pocket-distance -------------------------------------------------------------------------------------------------
def _read_bytes(path: str) -> bytes:
    if path == "-":
        return read_bounded(sys.stdin.buffer)
    try:
        with open(path, "rb") as handle:
            return read_bounded(handle, path)
    except OSError as exc:
        raise CliInputError(f"cannot read {path}: {exc.strerror}") from None


def run_distance(args: argparse.Namespace) -> int:
    from solvers.pocket.pairs import distances_from_text, format_distances

    answers = distances_from_text(_read_bytes(args.file), args.metric)
    distances = answers.distances  # -1 marks a pair without an answer
    if answers.errors and not args.keep_going:
        before, message = answers.errors[0]
        _write(format_distances(distances[:before]))
        raise CliInputError(message)
    _write(format_distances(distances))
    for _, message in answers.errors:
        report_error(message)
    return EXIT_BAD_INPUT if answers.errors else EXIT_OK


def _write(data: bytes) -> None:
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


# -- pocket-fru --------------------------------------------------------------------------------------------------------
def run_fru(args: argparse.Namespace) -> int:
    from solvers.cube.pocket_formats import (
        FRU_FIXED_PLACES,
        PocketFormatError,
        format_fru_permutation,
        state_from_fru_permutation,
    )
    from solvers.engine import Metric
    from solvers.pocket.metric import move_name
    from solvers.rubik.events import MoveSolution
    from solvers.solve import SolveRequest, best_solution

    status = EXIT_OK
    out = sys.stdout
    with open_input(args.file) as handle:
        for number, line in input_lines(handle):
            if not line.strip():
                continue
            try:
                values = _numbers(line)
                if any(values[p] != p for p in FRU_FIXED_PLACES if p < len(values)):
                    raise PocketFormatError("places 18 19 20 must hold 18 19 20 (block 6, back-down-left, is fixed)")
                state = state_from_fru_permutation(values)
            except PocketFormatError as exc:
                message = f"line {number}: {exc}"
                if not args.keep_going:
                    out.flush()
                    raise CliInputError(message) from None
                report_error(message)
                out.write(NO_ANSWER + "\n")
                status = EXIT_BAD_INPUT
                continue
            found = best_solution(SolveRequest(state, metric=Metric.FRU))
            if not isinstance(found, MoveSolution):  # nothing stops this search: the answer always comes
                raise RuntimeError(f"line {number}: the God's table gave no answer")
            moves = found.moves
            lines = [str(len(moves))]
            for move in moves:
                state = state * _move_state(move)
                lines += [move_name(Metric.FRU, move), format_fru_permutation(state)]
            out.write("\n".join(lines) + "\n")
    return status


def _numbers(line: str) -> list[int]:
    from solvers.cube.pocket_formats import PocketFormatError

    values = []
    for token in line.split():
        if not (token.isascii() and token.isdigit()) or len(token) > 2:  # '²' is a digit to str.isdigit()
            raise PocketFormatError(f"{token!r} is not a sticker number 0..23")
        values.append(int(token))
    return values


def _move_state(move):
    from solvers.cube.moves import move_state

    return move_state(2, move)


# -- pocket-count ------------------------------------------------------------------------------------------------------
def run_count(args: argparse.Namespace) -> int:
    from solvers.pocket.recolour import N_STICKERS, count_recoloured

    status = EXIT_OK
    for number, colouring in enumerate(args.colourings, start=1):
        letters = "".join(colouring.split())
        problem = None
        if len(letters) != N_STICKERS:
            problem = f"needs {N_STICKERS} letters (U1-U4 R1-R4 F1-F4 D1-D4 L1-L4 B1-B4), got {len(letters)}"
        elif not (letters.isascii() and letters.isalpha()):  # 'ß'.upper() is two letters
            bad = next(ch for ch in letters if not (ch.isascii() and ch.isalpha()))
            problem = f"{bad!r} is not a colour letter"
        if problem is not None:
            message = f"colouring {number} ({colouring!r}): {problem}"
            if not args.keep_going:
                raise CliInputError(message)
            report_error(message)
            print(NO_ANSWER, flush=True)
            status = EXIT_BAD_INPUT
            continue
        count, histogram = count_recoloured(letters.upper(), metric=args.metric)
        lines = [str(count)] + [f"{depth} {n}" for depth, n in enumerate(histogram)]
        print("\n".join(lines), flush=True)
    return status
