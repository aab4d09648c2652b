"""Solution files (``cubeviz-solve pack --out``, opened by the packing browser): compact, self-contained JSON.

Layout (documented in docs/packing.md)::

    {"format": "cubeviz-packing-solutions", "version": 1,
     "puzzle": {...the puzzle file's mapping...},
     "up_to": "rotation", "count": 480,
     "solutions": ["adcaccaac...", ...],          # per-cell piece letters, file order
     "instances": ["0000...", ...],               # only when a piece has count > 1: copy number per cell
     "classes": {"mirror": [0, 0, 1, ...]},       # class id per solution for each coarser symmetry
     "levels": [1, 1, 2, null, ...]}              # optional: disassembly level, null if it cannot be taken apart

Letters alone cannot separate two touching copies of one piece, hence the optional ``instances`` strings (copy
``i`` of a kind is the one whose smallest cell comes ``i``-th). Row ids are not stored: they belong to this
implementation, while cell letters are readable by anyone.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from solvers import strict_json
from solvers.packing.cover import CoverProblem, build_cover
from solvers.packing.errors import PackingError, SolutionFileError
from solvers.packing.puzzle import SymmetryMode
from solvers.packing.puzzle_io import parse_puzzle, puzzle_to_dict
from solvers.packing.queries import SolutionSet

FORMAT_TAG = "cubeviz-packing-solutions"
FORMAT_VERSION = 1
INSTANCE_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_SOLUTION_FILE_BYTES = 1 << 30  # refuse to parse more than 1 GiB; Bedlam's 19,186 classes take ~1.5 MB
_KEYS = {"format", "version", "puzzle", "up_to", "count", "solutions", "instances", "classes", "levels"}


def instance_string(problem: CoverProblem, rows: Sequence[int]) -> str:
    """Copy number per cell (copy ``i`` of a kind is the one whose smallest cell comes ``i``-th)."""
    out = ["0"] * problem.n_cells
    seen: dict[int, int] = {}
    for r in sorted((int(r) for r in rows), key=lambda r: int(problem.row_cells[r][0])):
        kind = int(problem.row_kind[r])
        copy = seen.get(kind, 0)
        seen[kind] = copy + 1
        for c in problem.row_cells[r]:
            if c >= 0:
                out[c] = INSTANCE_DIGITS[copy]
    return "".join(out)


def solutions_to_dict(solutions: SolutionSet) -> dict[str, Any]:
    problem = solutions.problem
    data: dict[str, Any] = {
        "format": FORMAT_TAG,
        "version": FORMAT_VERSION,
        "puzzle": puzzle_to_dict(problem.puzzle),
        "up_to": solutions.up_to.value,
        "count": len(solutions),
        "solutions": [problem.labels(r) for r in solutions.rows],
    }
    if int(problem.kind_count.max()) > 1:
        data["instances"] = [instance_string(problem, r) for r in solutions.rows]
    if solutions.classes:
        data["classes"] = {mode.value: ids.tolist() for mode, ids in solutions.classes.items()}
    if solutions.levels is not None:
        data["levels"] = [None if level < 0 else level for level in solutions.levels.tolist()]  # stuck or undecided
    return data


def write_solutions(path: str | Path, solutions: SolutionSet) -> None:
    """Write ``path`` whole or not at all (one solution string per line): through a part file renamed over it, or
    in place when it is a device or a FIFO (see solvers/output_files.py); an OSError says why it cannot be."""
    from solvers.output_files import OutputFile

    data = solutions_to_dict(solutions)
    text = json.dumps(data, separators=(",", ":"))
    # one solution per line keeps the file greppable and diff-friendly without bloating it
    text = text.replace('","', '",\n"')
    with OutputFile(path) as handle:
        handle.write(text + "\n")


def read_solutions(path: str | Path) -> SolutionSet:
    path = Path(path)
    try:
        if path.stat().st_size > MAX_SOLUTION_FILE_BYTES:
            raise SolutionFileError(f"{path.name}: larger than {MAX_SOLUTION_FILE_BYTES} bytes")
        data = strict_json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SolutionFileError(f"{path}: cannot read: {exc.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SolutionFileError(f"{path.name}: not a JSON solution file ({exc})") from None
    return solutions_from_dict(data, where=path.name)


def solutions_from_dict(data: Any, *, where: str = "<solutions>") -> SolutionSet:
    """Validate and decode; every solution is checked to be an exact cover of the embedded puzzle."""
    if not isinstance(data, dict) or data.get("format") != FORMAT_TAG:
        raise SolutionFileError(f"{where}: not a {FORMAT_TAG} file")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise SolutionFileError(f"{where}: unknown key(s) {unknown}")
    if type(data.get("version")) is not int or data.get("version") != FORMAT_VERSION:  # not true, not 1.0
        raise SolutionFileError(f"{where}: unsupported version {data.get('version')!r}")
    try:
        problem = build_cover(parse_puzzle(data.get("puzzle"), where=f"{where}: puzzle"))
        up_to = SymmetryMode(data.get("up_to", "none"))
    except (PackingError, ValueError) as exc:
        raise SolutionFileError(str(exc)) from None
    strings = data.get("solutions")
    if not isinstance(strings, list) or data.get("count") != len(strings):
        raise SolutionFileError(f"{where}: 'solutions' must be a list whose length is 'count'")
    instances = data.get("instances")
    if instances is not None and (not isinstance(instances, list) or len(instances) != len(strings)):
        raise SolutionFileError(f"{where}: 'instances' must have one string per solution")
    rows = np.zeros((len(strings), problem.n_instances), dtype=np.int64)
    for i, text in enumerate(strings):
        rows[i] = _decode(problem, text, None if instances is None else instances[i], f"{where}: solution {i}")
    classes = {}
    for key, ids in (data.get("classes") or {}).items():
        try:
            mode = SymmetryMode(key)
        except ValueError:
            raise SolutionFileError(f"{where}: unknown symmetry {key!r} in 'classes'") from None
        if not (isinstance(ids, list) and len(ids) == len(strings) and all(isinstance(c, int) for c in ids)):
            raise SolutionFileError(f"{where}: classes.{key} must list one integer per solution")
        classes[mode] = np.asarray(ids, dtype=np.int64)
    return SolutionSet(problem, rows, up_to, classes, _levels(data.get("levels"), len(strings), where))


def _levels(levels: Any, count: int, where: str) -> np.ndarray | None:
    """The optional disassembly levels: a positive integer or null per solution."""
    if levels is None:
        return None
    if not isinstance(levels, list) or len(levels) != count:
        raise SolutionFileError(f"{where}: 'levels' must have one entry per solution")
    if not all(level is None or (type(level) is int and level > 0) for level in levels):
        raise SolutionFileError(f"{where}: each level must be a positive integer or null")
    return np.asarray([-1 if level is None else level for level in levels], dtype=np.int64)


def _decode(problem: CoverProblem, text: Any, inst: Any, where: str) -> np.ndarray:
    if not isinstance(text, str) or len(text) != problem.n_cells:
        raise SolutionFileError(f"{where}: expected a string of {problem.n_cells} piece letters")
    if inst is not None and (not isinstance(inst, str) or len(inst) != problem.n_cells):
        raise SolutionFileError(f"{where}: instance string must have {problem.n_cells} characters")
    groups: dict[tuple[str, str], list[int]] = {}
    for cell, letter in enumerate(text):
        groups.setdefault((letter, "0" if inst is None else inst[cell]), []).append(cell)
    rows = []
    for (letter, _), cells in sorted(groups.items()):
        try:
            kind = problem.puzzle.piece_index(letter)
        except KeyError:
            raise SolutionFileError(f"{where}: {letter!r} is not a piece of {problem.puzzle.name}") from None
        row = problem.row_id(kind, cells)
        if row is None:
            raise SolutionFileError(f"{where}: the cells marked {letter!r} are not one placement of that piece")
        rows.append(row)
    counts = np.bincount(problem.row_kind[rows], minlength=problem.n_kinds)
    if len(rows) != problem.n_instances or not np.array_equal(counts, problem.kind_count):
        raise SolutionFileError(f"{where}: does not use each piece the right number of times")
    return np.asarray(rows, dtype=np.int64)
