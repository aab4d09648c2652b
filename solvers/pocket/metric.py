"""The three move sets of the 2x2x2 solver: which turns count as one move, and how each metric names them.

With the DBL corner held still, every face turn is a U, R or F turn (a D turn is a U turn plus a whole-cube
rotation), so each metric is a set of U/R/F generators:

* HTM: the 9 turns U U2 U' R R2 R' F F2 F' (every face turn, half turns count one);
* QTM: the 6 quarter turns U U' R R' F F' (a half turn counts two);
* FRU: seed 001's notation F+ F2 F- R+ R2 R- U+ U2 U-. It is the same generator set as HTM, so its God's table
  *is* the HTM table (built and cached once); only the names and the move order differ.
"""

from __future__ import annotations

from enum import StrEnum

from solvers.cube.moves import Move, move_state
from solvers.cube.state import CubeState


class Metric(StrEnum):
    """A move set; the value is the name used on the command line and in the API ("htm", "qtm", "fru")."""

    HTM = "htm"
    QTM = "qtm"
    FRU = "fru"

    @property
    def moves(self) -> tuple[Move, ...]:
        """The generators, in the order the move tables and solutions use."""
        return _GENERATORS[self]

    @property
    def table_metric(self) -> Metric:
        """The metric whose God's table serves this one (FRU shares HTM's)."""
        return Metric.HTM if self is Metric.FRU else self

    def name_of(self, move: Move) -> str:
        """How this metric writes `move`: WCA text ("R'") for HTM/QTM, seed 001's ("R-") for FRU."""
        if self is Metric.FRU:
            return move.face.name + ("+", "2", "-")[move.quarter_turns - 1]
        return move.notation

    def generator_states(self) -> tuple[CubeState, ...]:
        return tuple(move_state(2, move) for move in self.moves)


_GENERATORS: dict[Metric, tuple[Move, ...]] = {
    Metric.HTM: (Move.U1, Move.U2, Move.U3, Move.R1, Move.R2, Move.R3, Move.F1, Move.F2, Move.F3),
    Metric.QTM: (Move.U1, Move.U3, Move.R1, Move.R3, Move.F1, Move.F3),
    Metric.FRU: (Move.F1, Move.F2, Move.F3, Move.R1, Move.R2, Move.R3, Move.U1, Move.U2, Move.U3),
}


def as_metric(metric: Metric | str) -> Metric:
    """Accept a Metric or its name (case-insensitive); raise ValueError naming the choices otherwise."""
    if isinstance(metric, Metric):
        return metric
    try:
        return Metric(str(metric).lower())
    except ValueError:
        choices = ", ".join(m.value for m in Metric)
        raise ValueError(f"unknown metric {metric!r}; choose one of {choices}") from None
