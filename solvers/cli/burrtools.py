"""BurrTools files on the command line: `cubeviz-solve pack FILE.xmpuzzle` counts as BurrTools counts, and
`cubeviz-solve convert IN OUT` turns cubeviz puzzle JSON into a BurrTools file and back (by the file extensions).

Engine imports happen inside the handlers, so `cubeviz-solve --help` stays fast.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from solvers.cli.common import EXIT_OK, CliInputError, add_command

BURRTOOLS_SUFFIX = ".xmpuzzle"


def is_burrtools_file(name: str) -> bool:
    return name.lower().endswith(BURRTOOLS_SUFFIX)


def register(subparsers: argparse._SubParsersAction) -> None:
    convert = add_command(
        subparsers,
        "convert",
        run_convert,
        help="convert a puzzle between cubeviz JSON and BurrTools .xmpuzzle (by the file extensions)",
        description=(
            "IN is a puzzle JSON file (or a shipped puzzle name) and OUT ends in .xmpuzzle, or IN is a BurrTools "
            ".xmpuzzle file and OUT ends in .json. A BurrTools file with several problems needs --problem."
        ),
    )
    convert.add_argument("source", metavar="IN", help="puzzle JSON file, shipped puzzle name or .xmpuzzle file")
    convert.add_argument("target", metavar="OUT", help="the file to write (.xmpuzzle or .json)")
    convert.add_argument("--problem", metavar="NAME|NUMBER", help="the problem of a BurrTools file (from 1)")


def _load_problem(path: str, choice: str | None):
    from solvers.packing import PackingError
    from solvers.packing.burrtools_io import read_burrtools
    from solvers.packing.burrtools_puzzle import burr_problem

    try:
        return burr_problem(read_burrtools(path), choice, where=Path(path).name)
    except PackingError as exc:
        raise CliInputError(str(exc)) from None


def run_convert(args: argparse.Namespace) -> int:
    from solvers.packing import PackingError, load_puzzle
    from solvers.packing.burrtools_io import write_burrtools
    from solvers.packing.burrtools_puzzle import from_puzzle, to_puzzle
    from solvers.packing.puzzle_io import parse_puzzle, puzzle_to_dict

    source, target = args.source, args.target
    try:
        if is_burrtools_file(source) and target.lower().endswith(".json"):
            problem = _load_problem(source, args.problem)
            data = puzzle_to_dict(to_puzzle(problem, _name_for(problem, target)))
            parse_puzzle(data, where=Path(target).name)  # what is written must read back (connected pieces, sizes)
            text = json.dumps(data, indent=2) + "\n"
            Path(target).write_text(text, encoding="utf-8")
        elif is_burrtools_file(target) and not is_burrtools_file(source):
            if args.problem:
                raise CliInputError("--problem chooses a problem of a BurrTools input file")
            write_burrtools(target, from_puzzle(load_puzzle(source)))
        else:
            raise CliInputError("convert needs a puzzle JSON and a .xmpuzzle file, one on each side")
    except PackingError as exc:
        raise CliInputError(str(exc)) from None
    except OSError as exc:
        raise CliInputError(f"cannot write {target}: {exc.strerror}") from None
    print(f"written: {target}")
    return EXIT_OK


def _name_for(problem, target: str) -> str:
    """The puzzle identifier: the one the BurrTools file carries (its result shape's name), else the file stem."""
    import re

    if problem.puzzle_name:
        return problem.puzzle_name
    slug = re.sub(r"[^a-z0-9]+", "-", Path(target).stem.lower()).strip("-")[:64]
    return slug or "burrtools"


def run_pack_burrtools(args: argparse.Namespace) -> int:
    """`pack FILE.xmpuzzle`: BurrTools' count of assemblies (and of solutions with --disassemble)."""
    from solvers.cli.cluster_options import uses_batch
    from solvers.cli.interrupts import interrupt_flag
    from solvers.packing import PackingError
    from solvers.packing.burrtools_count import count
    from solvers.packing.burrtools_puzzle import plain_mode

    if uses_batch(args):
        raise CliInputError("--workers and --scheduler are not available for BurrTools files")
    if args.up_to != "none":
        raise CliInputError("--up-to does not apply to a BurrTools file: it is counted at BurrTools' own level")
    problem = _load_problem(args.puzzle, args.problem)
    if args.out:
        _check_out(problem, args.puzzle)
    started = time.perf_counter()
    try:
        with interrupt_flag() as stop:
            result = count(problem, disassemble=args.disassemble, stop=stop)
            if stop.is_set():
                raise KeyboardInterrupt
    except PackingError as exc:
        raise CliInputError(str(exc)) from None
    seconds = time.perf_counter() - started
    low = sum(k.minimum for k in problem.kinds)
    high = sum(k.maximum for k in problem.kinds)
    print(f"puzzle: {Path(args.puzzle).name}")
    print(f"problem: {problem.name.removeprefix('problem ')}")
    print(f"pieces: {high}" if low == high else f"pieces: {low} to {high}")
    if problem.plain:
        level = plain_mode(problem).value
        print(f"{result.assemblies} assemblies (BurrTools' count: the engine's classes up to {level})")
    else:
        print(f"{result.assemblies} assemblies (BurrTools' count, up to the result's symmetries)")
    if result.solutions is not None:
        print(f"{result.solutions} solutions (assemblies that come completely apart)")
        if result.undecided:
            print(f"undecided (search limit reached): {result.undecided}")
    if args.out:
        _write_out(problem, args.out)
    print(f"seconds: {seconds:.3f}")
    return EXIT_OK


def _check_out(problem, path: str) -> None:
    """Refuse --out before searching when the problem is none a cubeviz puzzle (and solution file) can hold."""
    from solvers.packing import PackingError
    from solvers.packing.burrtools_puzzle import to_puzzle

    try:
        to_puzzle(problem)
    except PackingError as exc:
        raise CliInputError(f"--out: {Path(path).name}: {exc}") from None


def _write_out(problem, out: str) -> None:
    """The assemblies as a solution file the packing browser opens (a problem a cubeviz puzzle can express)."""
    from solvers.packing import PackingError, build_cover
    from solvers.packing.burrtools_puzzle import plain_mode, to_puzzle
    from solvers.packing.queries import with_classes
    from solvers.packing.search import all_solutions
    from solvers.packing.solution_io import write_solutions

    try:
        cover = build_cover(to_puzzle(problem))
    except PackingError as exc:
        raise CliInputError(f"--out: {exc}") from None
    mode = plain_mode(problem)
    solutions = with_classes(cover, all_solutions(cover, up_to=mode), mode)
    try:
        write_solutions(out, solutions)
    except OSError as exc:
        raise CliInputError(f"cannot write {out}: {exc.strerror}") from None
    print(f"written: {out}")
