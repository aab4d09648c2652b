"""`cubeviz-solve soma` (Soma 27-cell lines, the UVa 197 format) and `cubeviz-solve pack` (any polycube packing puzzle).

Imports of the engine happen inside the handlers so `cubeviz-solve --help` stays fast and numba loads only for
`pack`.
"""

from __future__ import annotations

import argparse
import sys
import time
from contextlib import closing
from typing import TYPE_CHECKING

from solvers.cli.cluster_options import add_cluster_arguments, checkpoint_of, uses_batch, where_of
from solvers.cli.common import (
    EXIT_BAD_INPUT,
    EXIT_OK,
    CliInputError,
    add_cases_command,
    add_command,
    input_lines,
    open_input,
    report_error,
)
from solvers.cli.interrupts import interrupt_flag
from solvers.cli.output_paths import output_path, refuse_same_files

if TYPE_CHECKING:
    from solvers.cli.pack_limits import KeptSolutions
    from solvers.packing.search import CoverProgress

UP_TO_CHOICES = ("none", "rotation", "mirror")
MAX_THREADS = 512


def register(subparsers: argparse._SubParsersAction) -> None:
    add_cases_command(
        subparsers,
        "soma",
        run_soma,
        help="all Soma cube assemblies for given positions of piece a (Soma 27-cell lines, UVa 197)",
        description=(
            "Each input line gives piece a's cells as 27 characters ('a' or '.'; front, middle, back plane; rows "
            "top to bottom; cells left to right). Piece a may be translated, not rotated. For each line all "
            "solutions are printed as 27-letter strings in sorted order, then a blank line. An empty line ends "
            "the input."
        ),
    )

    pack = add_command(
        subparsers,
        "pack",
        run_pack,
        help="enumerate or count the solutions of a polycube packing puzzle",
        description="PUZZLE is a shipped puzzle name (soma, bedlam, pentomino-6x10, ...), a puzzle JSON file or a "
        "BurrTools .xmpuzzle file (counted as BurrTools counts).",
    )
    pack.add_argument("puzzle", metavar="PUZZLE", help="shipped puzzle name or path to a puzzle file")
    pack.add_argument("--count", action="store_true", help="count only, without storing solutions")
    pack.add_argument(
        "--up-to",
        choices=UP_TO_CHOICES,
        default="none",
        help="identify solutions under the target's rotations, or rotations and reflections (default: none)",
    )
    pack.add_argument("--out", type=output_path, metavar="FILE",
                      help="write the solutions to a JSON file the packing browser opens")  # fmt: skip
    pack.add_argument("--progress", action="store_true", help="report progress on stderr")
    pack.add_argument("--problem", metavar="NAME|NUMBER", help="the problem of a BurrTools .xmpuzzle file (from 1)")
    pack.add_argument(
        "--disassemble",
        action="store_true",
        help="take each solution apart by straight moves: count those that cannot be, give the level distribution "
        "and store each level in the --out file",
    )
    pack.add_argument("--threads", type=_thread_count, metavar="N",
                      help="search on N threads in this process (default: every core; 1: one thread)")  # fmt: skip
    add_cluster_arguments(pack)


def run_soma(args: argparse.Namespace) -> int:
    from solvers.packing.soma import SomaInputError, SomaSolver

    solver = None
    status = EXIT_OK
    out = sys.stdout
    with open_input(args.file) as handle:
        for lineno, raw in input_lines(handle):
            line = raw.rstrip("\r\n").strip()
            if not line:
                break
            try:
                solver = solver or SomaSolver()
                solutions = solver.solve_line(line)
            except SomaInputError as exc:
                if not args.keep_going:
                    raise CliInputError(f"line {lineno}: {exc}") from None
                report_error(f"line {lineno}: {exc}")
                status = EXIT_BAD_INPUT
                continue
            out.write("\n".join(solutions))
            out.write("\n\n" if solutions else "\n")
    out.flush()
    return status


def run_pack(args: argparse.Namespace) -> int:
    from solvers.cli.burrtools import is_burrtools_file, run_pack_burrtools

    if args.threads is not None and uses_batch(args):
        raise CliInputError("--threads is for the search in this process: drop it with --workers, --scheduler or "
                            "--checkpoint")  # fmt: skip
    if is_burrtools_file(args.puzzle):  # a BurrTools count imports only what it uses (a small file needs no numba)
        return run_pack_burrtools(args)
    from solvers.cli.pack_limits import HOLD_LIMIT, check_search_size
    from solvers.packing import PackingError, SymmetryMode, build_cover, load_puzzle

    if args.problem:
        raise CliInputError("--problem chooses a problem of a BurrTools .xmpuzzle file")
    if args.count and (args.out or args.disassemble):
        raise CliInputError(f"{'--out' if args.out else '--disassemble'} needs the solutions: drop --count")
    refuse_same_files([("--out", args.out), ("--checkpoint", args.checkpoint)], _puzzle_files(args.puzzle))
    try:
        puzzle = load_puzzle(args.puzzle)
        problem = build_cover(puzzle)
        mode = SymmetryMode(args.up_to)
        check_search_size(problem, mode, keeps_solutions=not args.count and not args.out)
    except PackingError as exc:
        raise CliInputError(str(exc)) from None
    started = time.perf_counter()
    try:
        if uses_batch(args):
            total, kept = _search_in_batch(problem, mode, args)
        else:
            total, kept = _search(problem, mode, args)
    except PackingError as exc:
        raise CliInputError(str(exc)) from None
    seconds = time.perf_counter() - started
    print(f"puzzle: {puzzle.name}")
    print(f"pieces: {puzzle.n_instances}")
    print(f"placements: {problem.n_rows}")
    print(f"solutions up to {mode.value}: {total}" if mode is not SymmetryMode.NONE else f"solutions: {total}")
    if kept.streamed:
        print(f"classes: not computed (more than {HOLD_LIMIT:,} solutions were streamed to the file)")
        print(f"written: {args.out}")
    elif not args.count:
        _print_classes_and_write(problem, kept.rows, mode, args.out, args.disassemble)
    print(f"seconds: {seconds:.3f}")
    return EXIT_OK


def _thread_count(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_THREADS:
        raise argparse.ArgumentTypeError(f"--threads must be a whole number from 1 to {MAX_THREADS}, not {text[:20]!r}")
    return int(text)


def _puzzle_files(name: str) -> list[tuple[str, str | None]]:
    """The files PUZZLE may name (a path, or a shipped puzzle's file), for the check that no output is one."""
    from solvers.packing.puzzle_io import PUZZLES_DIR

    return [("the puzzle file", name), ("the puzzle file", str(PUZZLES_DIR / f"{name}.json"))]


def _search(problem, mode, args: argparse.Namespace) -> tuple[int, KeptSolutions]:
    """One search in this process: (count, the solutions kept or streamed)."""
    from solvers.cli.pack_limits import KeptSolutions
    from solvers.packing.search import CoverSolution, enumerate_solutions

    total = 0
    with KeptSolutions(problem, mode, args.out) as kept, interrupt_flag() as stop:
        events = enumerate_solutions(
            problem, up_to=mode, count_only=args.count, progress_interval=1.0, stop=stop, threads=args.threads
        )
        with closing(events):  # an error here stops the search threads at once
            for event in events:
                if isinstance(event, CoverSolution):
                    kept.add(event.rows)
                elif event.done:
                    total = event.solutions
                elif args.progress:
                    _print_progress(event)
        if stop.is_set():
            raise KeyboardInterrupt  # after the stream is closed and removed: the run ends as interrupted
    return total, kept


def _search_in_batch(problem, mode, args: argparse.Namespace) -> tuple[int, KeptSolutions]:
    """The search split into chunks (one task each) run where --workers/--scheduler say; the chunks' solutions,
    concatenated in order, are one search's, so counts and files are the same as `_search`'s."""
    import functools
    import json

    from solvers.cli.pack_limits import KeptSolutions
    from solvers.cluster.batch import ClusterError, run_tasks
    from solvers.cluster.tasks import pack_chunk_result_problem, pack_chunk_task
    from solvers.packing.puzzle_io import puzzle_to_dict
    from solvers.packing.search import split_chunks

    chunks = split_chunks(problem, mode)
    n_chunks = len(chunks)
    # The puzzle travels as its text: every worker searches this very puzzle, wherever its file is (or was).
    text = json.dumps(puzzle_to_dict(problem.puzzle), sort_keys=True, separators=(",", ":"))
    payloads = [(text, mode.value, index, bool(args.count)) for index in range(n_chunks)]
    prefixes = [list(chunk.prefix) for chunk in chunks]
    check = functools.partial(pack_chunk_result_problem, problem, prefixes, bool(args.count))
    checkpoint = checkpoint_of(args, [text, mode.value, n_chunks], tasks=n_chunks, check=check)
    total = 0
    with KeptSolutions(problem, mode, args.out) as kept:
        try:
            for count, chunk_rows in run_tasks(pack_chunk_task, payloads, where_of(args), checkpoint):
                total += count
                for row in chunk_rows:
                    kept.add(tuple(row))
        except ClusterError as exc:
            raise CliInputError(str(exc)) from None
    return total, kept


def _print_classes_and_write(problem, rows: list, mode, out: str | None, disassemble: bool) -> None:
    import numpy as np

    from solvers.packing.queries import with_classes

    solutions = with_classes(problem, np.asarray(rows, dtype=np.int64), mode)
    for coarser, ids in solutions.classes.items():
        print(f"classes up to {coarser.value}: {int(ids.max()) + 1 if len(ids) else 0}")
    if disassemble:
        _print_disassembly(solutions)
    if out:
        from solvers.packing.solution_io import write_solutions

        try:
            write_solutions(out, solutions)
        except OSError as exc:
            raise CliInputError(f"cannot write {out}: {exc.strerror}") from None
        print(f"written: {out}")


def _print_disassembly(solutions) -> None:
    """Level of each solution (stored on the set for the file), then the counts: stuck, undecided, per level."""
    from collections import Counter

    from solvers.packing.disassembly import STUCK, UNDECIDED, solution_levels

    levels = solution_levels(solutions.problem, solutions.rows)
    assert levels is not None  # None only when stopped, and no stop flag is given here
    solutions.levels = levels
    print(f"cannot be taken apart: {int((levels == STUCK).sum())}")
    if (levels == UNDECIDED).any():
        print(f"undecided (search limit reached): {int((levels == UNDECIDED).sum())}")
    by_level = Counter(int(level) for level in levels if level >= 0)
    print("levels: " + (", ".join(f"{level}: {n}" for level, n in sorted(by_level.items())) or "none"))


def _print_progress(event: CoverProgress) -> None:
    eta = "?" if event.eta is None else f"{event.eta:.0f} s"
    print(
        f"{100 * event.fraction:5.1f}%  {event.solutions} solutions  {event.elapsed:.0f} s elapsed  ~{eta} left",
        file=sys.stderr,
        flush=True,
    )
