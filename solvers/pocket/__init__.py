"""The 2x2x2 engine: DBL-frame coordinates, God's tables (HTM, QTM, FRU), optimal solving, distances, recolourings.

Importing this package is cheap: tables are built or loaded on first use (`gods_table`, `PocketSolver`), and numba
is only imported by `count_recoloured`. See docs/pocket.md for the API and the command line.
"""

from solvers.engine import Metric
from solvers.pocket.coords import N_STATES, REFERENCE_CORNER, get_index, set_index
from solvers.pocket.frame import recolour_in_frame, view_in_frame
from solvers.pocket.gods import build_distances, depth_histogram, gods_table
from solvers.pocket.recolour import ColouringError, count_recoloured
from solvers.pocket.solve import (
    OptimalSolutions,
    PocketSolver,
    all_optimal_solutions,
    distance,
    distance_between,
    distances_along,
    optimal_solution,
    solver,
)

__all__ = [
    "N_STATES",
    "REFERENCE_CORNER",
    "ColouringError",
    "Metric",
    "OptimalSolutions",
    "PocketSolver",
    "all_optimal_solutions",
    "build_distances",
    "count_recoloured",
    "depth_histogram",
    "distance",
    "distance_between",
    "distances_along",
    "get_index",
    "gods_table",
    "optimal_solution",
    "recolour_in_frame",
    "set_index",
    "solver",
    "view_in_frame",
]
