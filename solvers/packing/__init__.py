"""Polycube packing engine: puzzles as data, placements, exact-cover enumeration, symmetry classes, queries.

Import the pieces you need from the submodules; this package imports only light modules (numba is loaded when a
search starts).
"""

from solvers.packing.cover import CoverProblem, Placement, build_cover
from solvers.packing.errors import ConstraintError, PackingError, PuzzleFileError, SolutionFileError, SymmetryError
from solvers.packing.puzzle import Piece, Puzzle, SymmetryMode
from solvers.packing.puzzle_io import load_puzzle, parse_puzzle, shipped_puzzles
from solvers.packing.search import Progress, Solution, all_solutions, count_solutions, enumerate_solutions

__all__ = [
    "ConstraintError",
    "CoverProblem",
    "PackingError",
    "Piece",
    "Placement",
    "Progress",
    "Puzzle",
    "PuzzleFileError",
    "Solution",
    "SolutionFileError",
    "SymmetryError",
    "SymmetryMode",
    "all_solutions",
    "build_cover",
    "count_solutions",
    "enumerate_solutions",
    "load_puzzle",
    "parse_puzzle",
    "shipped_puzzles",
]
