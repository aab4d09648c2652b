"""`cubeviz-solve stl`: binary STL of a packing puzzle's pieces (one file each, or all on a plate) or of an
assembled solution (from a solution file, or the N-th found by a search), for 3D printing.

The engine is imported inside the handler, so `cubeviz-solve --help` stays fast.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from solvers.cli.common import EXIT_OK, CliInputError, add_command, whole_number

SOLUTION_FILE_TAG = "cubeviz-packing-solutions"
PEEK_BYTES = 4096  # a solution file names its format in its first key


def register(subparsers: argparse._SubParsersAction) -> None:
    stl = add_command(
        subparsers,
        "stl",
        run_stl,
        help="write printable STL files of a packing puzzle's pieces or of an assembled solution",
        description=(
            "PUZZLE is a shipped puzzle name, a puzzle JSON file, or a solution file written by 'pack --out'. "
            "Lengths are millimetres."
        ),
    )
    stl.add_argument("puzzle", metavar="PUZZLE", help="shipped puzzle name, puzzle file or solution file")
    what = stl.add_mutually_exclusive_group(required=True)
    what.add_argument("--pieces", action="store_true", help="one STL per kind of piece, lying flat (--out: a folder)")
    what.add_argument("--plate", action="store_true", help="every piece (each copy) laid out on one plate")
    what.add_argument(
        "--solution",
        type=_positive_int,
        metavar="N",
        help="the N-th solution assembled, each piece a separate solid: from the solution file, or else the N-th "
        "solution up to rotation in the order the search finds them",
    )
    stl.add_argument("--unit", type=_millimetres, default=10.0, metavar="MM", help="edge of one cell (default 10)")
    stl.add_argument(
        "--gap",
        type=_millimetres,
        default=0.1,
        metavar="MM",
        help="taken off every outer face, so pieces fit together after printing (default 0.1; 0 for exact cubes)",
    )
    stl.add_argument(
        "--bevel", type=_millimetres, default=0.0, metavar="MM", help="chamfer of the outer edges (default 0: sharp)"
    )
    stl.add_argument("--spacing", type=_millimetres, default=5.0, metavar="MM", help="between pieces on a plate")
    stl.add_argument("--plate-width", type=_millimetres, default=200.0, metavar="MM", help="row width on a plate")
    stl.add_argument("--out", required=True, metavar="PATH", help="the STL file (a folder with --pieces)")


def _positive_int(text: str) -> int:
    return whole_number(text, "--solution", 1, rule="solutions are numbered from 1")


def _millimetres(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a length in millimetres") from None


def run_stl(args: argparse.Namespace) -> int:
    from solvers.packing import PackingError
    from solvers.packing.stl import PrintOptions, plate_mesh, solution_mesh, write_piece_files, write_stl

    try:
        options = PrintOptions(args.unit, args.gap, args.spacing, args.plate_width, args.bevel)
        if args.pieces and Path(args.out).exists() and not Path(args.out).is_dir():
            raise CliInputError(f"{args.out} is a file: --pieces writes one file per piece into a folder")
        if args.solution is not None and options.gap <= 0:
            raise CliInputError("--solution needs a --gap above 0, so that the assembled pieces print apart")
        problem, solutions = _load(args.puzzle)
        puzzle = problem.puzzle
        print(f"puzzle: {puzzle.name}")
        if args.pieces:
            paths = _write(lambda: write_piece_files(args.out, puzzle.pieces, options), args.out)
            for piece, path in zip(puzzle.pieces, paths, strict=True):
                copies = f" (print {piece.count})" if piece.count > 1 else ""
                print(f"written: {path}{copies}")
            return EXIT_OK
        if args.plate:
            mesh = plate_mesh(puzzle.pieces, options)
            title = f"{puzzle.name} pieces"
        else:
            rows = _solution_rows(problem, solutions, args.solution)
            mesh = solution_mesh(problem, rows, options)
            title = f"{puzzle.name} solution {args.solution}: {problem.labels(rows)}"
            print(f"solution {args.solution}: {problem.labels(rows)}")
    except PackingError as exc:
        raise CliInputError(str(exc)) from None
    _write(lambda: write_stl(args.out, mesh, title), args.out)
    size = mesh.bounds()[1] - mesh.bounds()[0]
    print(f"size: {size[0]:.1f} x {size[1]:.1f} x {size[2]:.1f} mm")
    print(f"written: {args.out} ({len(mesh.triangles)} triangles)")
    return EXIT_OK


def _write(action, out: str):
    try:
        return action()
    except OSError as exc:
        raise CliInputError(f"cannot write {out}: {exc.strerror or exc}") from None


def _load(name: str):
    """(problem, solutions or None): a solution file is known by its format tag, anything else is a puzzle."""
    from solvers.packing import build_cover, load_puzzle
    from solvers.packing.solution_io import read_solutions

    path = Path(name)
    if path.is_file():
        try:
            with path.open("rb") as handle:
                head = handle.read(PEEK_BYTES)
        except OSError as exc:
            raise CliInputError(f"cannot read {name}: {exc.strerror}") from None
        if SOLUTION_FILE_TAG.encode() in head:
            solutions = read_solutions(path)
            return solutions.problem, solutions
    return build_cover(load_puzzle(name)), None


def _solution_rows(problem, solutions, number: int) -> list[int]:
    """Solution ``number`` (from 1) of the file, or of a search up to rotation stopped once it is found."""
    if solutions is not None:
        if number > len(solutions):
            raise CliInputError(f"the file holds {len(solutions)} solution(s); there is no solution {number}")
        return [int(r) for r in solutions.rows[number - 1]]
    import threading

    from solvers.packing.search import CoverSolution, enumerate_solutions

    stop = threading.Event()
    found = 0
    for event in enumerate_solutions(problem, up_to="rotation", stop=stop):
        if isinstance(event, CoverSolution):
            found += 1
            if found == number:
                stop.set()
                return [int(r) for r in event.rows]
    raise CliInputError(f"{problem.puzzle.name} has {found} solution(s) up to rotation; there is no solution {number}")
