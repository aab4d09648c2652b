"""Proven-optimal 3x3x3 solutions by IDA*: the public entry points of the optimal solver.

`optimal(state, ...)` is the generator (progress, one DepthExhausted proof per empty bound, the solution);
`solve_optimal` its blocking helper; `prepare_tables` loads what a heuristic reads before a search starts. A
heuristic is a name or a plan (`plan`: the plug-in point; `register_heuristic` names one made elsewhere).

Modules: `search` (the driver: bounds, threads, cube and inverse), `subtrees` (one solve's kernel inputs, the
prefixes a bound is cut into), `plan` (a heuristic as data, and the registry of names), `heuristics` (the four
shipped heuristics' plans), `depth_first` and `interleaved` (the numba kernels), `rows` (what the kernels share),
`large_residues` and `large_bounds` (the split and large tables, built by `solvers.rubik.class_fill`), `probe`
(two-phase upper bounds).
"""

from solvers.rubik.optimal.heuristics import Heuristic, default_heuristic, plan_of, prepare_tables
from solvers.rubik.optimal.plan import HeuristicPlan, UnknownHeuristic, register_heuristic
from solvers.rubik.optimal.search import heuristic_value, optimal, solve_optimal

__all__ = [
    "Heuristic",
    "HeuristicPlan",
    "UnknownHeuristic",
    "default_heuristic",
    "heuristic_value",
    "optimal",
    "plan_of",
    "prepare_tables",
    "register_heuristic",
    "solve_optimal",
]
