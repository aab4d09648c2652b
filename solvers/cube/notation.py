"""Algorithms in WCA/Singmaster notation: parse, print, invert, mirror, cancel, count and apply.

`parse_algorithm("[R, U] (R U)3 // comment")` keeps the written structure for printing and flattens it into
`Algorithm.turns` for everything else. Equality compares the turns performed, so `[R, U] == R U R' U'`.
The grammar and error reporting live in notation_parse.py, the turn and node types in notation_nodes.py.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from solvers.cube.moves import Move
from solvers.cube.notation_nodes import (
    QUARTERS_PER_TURN,
    Commutator,
    Conjugate,
    Group,
    Node,
    NotationError,
    Turn,
    TurnKind,
    flatten,
    format_nodes,
    invert_nodes,
    mirror_nodes,
)
from solvers.cube.notation_parse import MAX_REPETITIONS, MAX_TURNS, parse_nodes
from solvers.cube.state import CubeState
from solvers.engine import NOTATION_METRICS, Metric, as_metric

__all__ = [
    "MAX_REPETITIONS",
    "MAX_TURNS",
    "Algorithm",
    "Commutator",
    "Conjugate",
    "Group",
    "Metric",
    "NotationError",
    "Turn",
    "TurnKind",
    "cancel_turns",
    "parse_algorithm",
]


class Algorithm:
    """An immutable sequence of turns, remembering how it was written (groups, commutators, conjugates)."""

    __slots__ = ("_nodes", "_turns")

    def __init__(self, nodes: Iterable[Node] = ()) -> None:
        self._nodes: tuple[Node, ...] = tuple(nodes)
        self._turns: tuple[Turn, ...] = tuple(flatten(self._nodes))

    # -- construction ------------------------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str, size: int = 3) -> Algorithm:
        return cls(parse_nodes(text, size))

    @classmethod
    def from_turns(cls, turns: Iterable[Turn]) -> Algorithm:
        return cls(tuple(turns))

    @classmethod
    def from_moves(cls, moves: Iterable[Move | int]) -> Algorithm:
        """Convert a solver's `Move` list (HTM face turns) into an algorithm."""
        return cls(Turn.from_move(Move(move)) for move in moves)

    # -- views -------------------------------------------------------------------------------------------------
    @property
    def nodes(self) -> tuple[Node, ...]:
        return self._nodes

    @property
    def turns(self) -> tuple[Turn, ...]:
        """Every turn performed, in order, with groups, commutators and conjugates expanded."""
        return self._turns

    def __str__(self) -> str:
        return format_nodes(self._nodes)

    def __repr__(self) -> str:
        return f"Algorithm({str(self)!r})"

    def __len__(self) -> int:
        return len(self._turns)

    def __iter__(self) -> Iterator[Turn]:
        return iter(self._turns)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Algorithm) and self._turns == other._turns

    def __hash__(self) -> int:
        return hash(self._turns)

    def __add__(self, other: Algorithm) -> Algorithm:
        return Algorithm(self._nodes + other._nodes)

    def expanded(self) -> Algorithm:
        """The same turns written out flat (no brackets)."""
        return Algorithm.from_turns(self._turns)

    # -- algebra ---------------------------------------------------------------------------------------------------
    def inverse(self) -> Algorithm:
        """Undoes this algorithm: reversed order, each turn inverted; structure kept ([A, B]' prints as [B, A])."""
        return Algorithm(invert_nodes(self._nodes))

    def mirror(self) -> Algorithm:
        """Left-right mirror image (R <-> L, every direction reversed except M and x), as cubing.js does."""
        return Algorithm(mirror_nodes(self._nodes))

    def simplified(self) -> Algorithm:
        """Adjacent turns of the same layers merged and cancelled (flat): `R R` -> `R2`, `R L R` -> `R2 L`."""
        return Algorithm.from_turns(cancel_turns(self._turns))

    def count(self, metric: Metric | str = Metric.HTM) -> int:
        """Length in a metric ("htm", "qtm", "stm" or "etm"), counted as written (call simplified() first to cancel)."""
        metric = as_metric(metric, NOTATION_METRICS)
        return sum(turn.count(metric) for turn in self._turns)

    def state(self, size: int = 3, start: CubeState | None = None) -> CubeState:
        """The state reached by applying the algorithm to `start` (default: solved)."""
        state = CubeState.solved(size) if start is None else start
        for turn in self._turns:
            state = state * turn.state(size)
        return state

    def to_moves(self) -> tuple[Move, ...]:
        """As `Move`s for the solvers; ValueError if it has wide turns, slices or rotations."""
        return tuple(turn.to_move() for turn in self._turns)


def cancel_turns(turns: Iterable[Turn]) -> list[Turn]:
    """Merge turns of the same layers that meet once commuting turns are moved aside.

    All turns about one axis commute (they rotate layers about the same line), so a new turn may merge with an
    earlier turn of the same name as long as only same-axis turns lie between them: `R L R` -> `R2 L`,
    `R L' R'` -> `L'`. A merge that sums to a full turn removes the turn, which may let later turns meet further
    back (`R U U' R'` -> nothing). Different names are never merged, even when equivalent (`R` and `Lw x`).
    """
    out: list[Turn] = []
    for turn in turns:
        for back in range(len(out) - 1, -1, -1):
            earlier = out[back]
            if earlier.axis != turn.axis:
                out.append(turn)
                break
            if earlier.name == turn.name:
                total = (earlier.amount + turn.amount) % QUARTERS_PER_TURN
                if total:
                    out[back] = Turn(turn.name, total)
                else:
                    del out[back]
                break
        else:
            out.append(turn)
    return out


def parse_algorithm(text: str, size: int = 3) -> Algorithm:
    """Parse WCA/Singmaster text for a `size` cube (slices are an error on a 2x2x2); raises NotationError."""
    return Algorithm.parse(text, size)
