"""Polycube packing engine: puzzles as data, placements, exact-cover enumeration, symmetry classes, queries.

The names below are loaded on first use (PEP 562), so importing one light submodule (the Soma command's
pure-Python path: puzzle files, placements, the Python backtracker) does not import numpy or numba with it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_EXPORTS = {
    "CoverProblem": "cover",
    "Placement": "cover",
    "build_cover": "cover",
    "ConstraintError": "errors",
    "PackingError": "errors",
    "PuzzleFileError": "errors",
    "SolutionFileError": "errors",
    "SymmetryError": "errors",
    "Piece": "puzzle",
    "Puzzle": "puzzle",
    "SymmetryMode": "puzzle",
    "load_puzzle": "puzzle_io",
    "parse_puzzle": "puzzle_io",
    "shipped_collections": "puzzle_io",
    "shipped_puzzles": "puzzle_io",
    "CoverProgress": "search",
    "CoverSolution": "search",
    "all_solutions": "search",
    "count_solutions": "search",
    "enumerate_solutions": "search",
}

__all__ = [
    "ConstraintError",
    "CoverProblem",
    "PackingError",
    "Piece",
    "Placement",
    "CoverProgress",
    "Puzzle",
    "PuzzleFileError",
    "CoverSolution",
    "SolutionFileError",
    "SymmetryError",
    "SymmetryMode",
    "all_solutions",
    "build_cover",
    "count_solutions",
    "enumerate_solutions",
    "load_puzzle",
    "parse_puzzle",
    "shipped_collections",
    "shipped_puzzles",
]

if TYPE_CHECKING:  # pragma: no cover - for type checkers and IDEs only
    from solvers.packing.cover import CoverProblem, Placement, build_cover
    from solvers.packing.errors import (
        ConstraintError,
        PackingError,
        PuzzleFileError,
        SolutionFileError,
        SymmetryError,
    )
    from solvers.packing.puzzle import Piece, Puzzle, SymmetryMode
    from solvers.packing.puzzle_io import load_puzzle, parse_puzzle, shipped_collections, shipped_puzzles
    from solvers.packing.search import CoverProgress, CoverSolution, all_solutions, count_solutions, enumerate_solutions


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
