"""The three move sets of the 2x2x2 solver: which turns count as one move, and how each metric names them.

With the DBL corner held still, every face turn is a U, R or F turn (a D turn is a U turn plus a whole-cube
rotation), so each metric (`solvers.engine.Metric`) is a set of U/R/F generators:

* HTM: the 9 turns U U2 U' R R2 R' F F2 F' (every face turn, half turns count one);
* QTM: the 6 quarter turns U U' R R' F F' (a half turn counts two);
* FRU: the F/R/U quarter-and-half turns F+ F2 F- R+ R2 R- U+ U2 U-. It is the same generator set as HTM, so
  its God's table *is* the HTM table (built and cached once); only the names and the move order differ.
"""

from __future__ import annotations

from solvers.cube.moves import Move, move_state
from solvers.cube.state import CubeState
from solvers.engine import Metric, as_metric

POCKET_METRICS = (Metric.HTM, Metric.QTM, Metric.FRU)

_GENERATORS: dict[Metric, tuple[Move, ...]] = {
    Metric.HTM: (Move.U1, Move.U2, Move.U3, Move.R1, Move.R2, Move.R3, Move.F1, Move.F2, Move.F3),
    Metric.QTM: (Move.U1, Move.U3, Move.R1, Move.R3, Move.F1, Move.F3),
    Metric.FRU: (Move.F1, Move.F2, Move.F3, Move.R1, Move.R2, Move.R3, Move.U1, Move.U2, Move.U3),
}


def pocket_metric(metric: Metric | str) -> Metric:
    """A metric the 2x2 solver has (case-insensitive name or Metric); ValueError naming the choices otherwise."""
    return as_metric(metric, POCKET_METRICS)


def generators(metric: Metric) -> tuple[Move, ...]:
    """The metric's generators, in the order the move tables and solutions use."""
    return _GENERATORS[metric]


def generator_states(metric: Metric) -> tuple[CubeState, ...]:
    return tuple(move_state(2, move) for move in generators(metric))


def table_metric(metric: Metric) -> Metric:
    """The metric whose God's table serves this one (FRU shares HTM's)."""
    return Metric.HTM if metric is Metric.FRU else metric


def move_name(metric: Metric, move: Move) -> str:
    """How the metric writes `move`: WCA text ("R'") for HTM/QTM, F/R/U text ("R-") for FRU."""
    if metric is Metric.FRU:
        return move.face.name + ("+", "2", "-")[move.quarter_turns - 1]
    return move.notation
