"""Proven-optimal 3x3x3 solutions by IDA*: the public entry points of the optimal solver.

`optimal(state, ...)` is the generator (progress, one DepthExhausted proof per empty bound, the solution);
`solve_optimal` its blocking helper; `prepare_tables` loads what a heuristic reads before a search starts.

Modules: `search` (the driver: bounds, threads, cube and inverse), `subtrees` (one solve's kernel inputs, the
prefixes a bound is cut into), `heuristics` (the four heuristics and their tables as kernel inputs),
`depth_first` and `interleaved` (the numba kernels), `rows` (what the kernels share), `edge_residues`,
`corner_slice_residues` and `large_residues` (the residue heuristics' tables, built by `solvers.rubik.class_fill`),
`probe` (two-phase upper bounds).
"""

from solvers.rubik.optimal.heuristics import Heuristic, default_heuristic, prepare_tables
from solvers.rubik.optimal.search import heuristic_value, optimal, solve_optimal

__all__ = ["Heuristic", "default_heuristic", "heuristic_value", "optimal", "prepare_tables", "solve_optimal"]
