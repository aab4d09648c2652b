"""The pieces of a parsed algorithm: single turns and the compound nodes (groups, commutators, conjugates).

A turn is a named layer turn with an amount of clockwise quarters; compound nodes keep the structure the person
wrote, so `[R, U]` prints back as `[R, U]` while still performing R U R' U'. Counting rules for HTM/QTM/STM live
here next to the turn kinds they depend on.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import cache

from solvers.cube.geometry import Face
from solvers.cube.moves import BASIC_TURN_NAMES, Move, basic_turn
from solvers.cube.state import CubeState
from solvers.engine import NOTATION_METRICS, Metric, as_metric

QUARTER, HALF, PRIME = 1, 2, 3  # clockwise quarter turns of a Turn; 3 quarters clockwise = one anticlockwise
QUARTERS_PER_TURN = 4


class NotationError(ValueError):
    """An algorithm text that cannot be read; `.position` is the 0-based character index, `.token` the text there."""

    def __init__(self, message: str, position: int, token: str) -> None:
        super().__init__(message)
        self.message = message
        self.position = position
        self.token = token


class TurnKind(Enum):
    """What a turn moves: one outer face, a face plus its neighbouring inner layer, the middle slice, or all."""

    FACE = "face"
    WIDE = "wide"
    SLICE = "slice"
    ROTATION = "rotation"


_AXIS_OF = {
    "U": "y", "D": "y", "E": "y", "y": "y",
    "R": "x", "L": "x", "M": "x", "x": "x",
    "F": "z", "B": "z", "S": "z", "z": "z",
}  # fmt: skip
# Reflecting the cube in the plane between R and L swaps those two faces; a rotation about the x axis keeps its
# sense in space (so M and x stay as they are) while rotations about y and z reverse (U -> U', E -> E', y -> y').
_MIRROR_NAME = {"R": "L", "L": "R", "Rw": "Lw", "Lw": "Rw"}
_MIRROR_KEEPS_DIRECTION = frozenset({"M", "x"})


def _suffix(amount: int) -> str:
    """'' / '2' / "'" for 1 / 2 / 3 quarters."""
    return {QUARTER: "", HALF: "2", PRIME: "'"}[amount]


def repetition_suffix(amount: int) -> str:
    """Suffix of a compound node repeated `amount` times (negative = inverted): '', "'", '3', "3'"."""
    count = "" if abs(amount) == 1 else str(abs(amount))
    return count + ("'" if amount < 0 else "")


@dataclass(frozen=True, order=True)
class Turn:
    """One layer turn: `name` is a basic turn name (U..B, Uw..Bw, M E S, x y z), `amount` clockwise quarters 1..3."""

    name: str
    amount: int = QUARTER

    def __post_init__(self) -> None:
        if self.name not in BASIC_TURN_NAMES:
            raise ValueError(f"unknown turn {self.name!r}; expected one of {', '.join(BASIC_TURN_NAMES)}")
        if self.amount not in (QUARTER, HALF, PRIME):
            raise ValueError(f"a turn amount is 1, 2 or 3 clockwise quarters, not {self.amount}")

    @classmethod
    def from_move(cls, move: Move) -> Turn:
        move = Move(move)
        return cls(move.face.name, move.quarter_turns)

    @property
    def notation(self) -> str:
        return self.name + _suffix(self.amount)

    def __str__(self) -> str:
        return self.notation

    @property
    def kind(self) -> TurnKind:
        if self.name in ("M", "E", "S"):
            return TurnKind.SLICE
        if self.name in ("x", "y", "z"):
            return TurnKind.ROTATION
        return TurnKind.WIDE if self.name.endswith("w") else TurnKind.FACE

    @property
    def axis(self) -> str:
        """'x', 'y' or 'z': turns on the same axis commute with each other."""
        return _AXIS_OF[self.name[0]]

    def inverse(self) -> Turn:
        return Turn(self.name, QUARTERS_PER_TURN - self.amount)

    def mirror(self) -> Turn:
        """The left-right mirror image: R <-> L with directions reversed (R U R' -> L' U' L)."""
        name = _MIRROR_NAME.get(self.name, self.name)
        amount = self.amount if self.name in _MIRROR_KEEPS_DIRECTION else QUARTERS_PER_TURN - self.amount
        return Turn(name, amount)

    def count(self, metric: Metric | str) -> int:
        metric = as_metric(metric, NOTATION_METRICS)
        kind = self.kind
        if metric is Metric.ETM:
            return 1
        if kind is TurnKind.ROTATION:
            return 0
        quarters = 2 if self.amount == HALF else 1
        if metric is Metric.STM:
            return 1
        if metric is Metric.HTM:
            return 2 if kind is TurnKind.SLICE else 1
        return 2 * quarters if kind is TurnKind.SLICE else quarters  # QTM

    def state(self, size: int = 3) -> CubeState:
        return _turn_state(size, self.name, self.amount)

    def to_move(self) -> Move:
        """The `Move` for an outer face turn; ValueError for wide turns, slices and rotations."""
        if self.kind is not TurnKind.FACE:
            raise ValueError(f"{self.notation} is not a single face turn")
        return Move.of(Face[self.name], self.amount)


@cache
def _turn_state(size: int, name: str, amount: int) -> CubeState:
    """Cached: applying an algorithm multiplies these states, and there are only 3 * 21 of them per size."""
    return basic_turn(size, name) ** amount


@dataclass(frozen=True)
class Group:
    """`(A)n`: the body done `amount` times; a negative amount means the inverse, as in `(R U)'` or `(R U)2'`."""

    body: tuple[Node, ...]
    amount: int = 1


@dataclass(frozen=True)
class Commutator:
    """`[A, B]n` = (A B A' B') repeated; negative amount = inverse."""

    a: tuple[Node, ...]
    b: tuple[Node, ...]
    amount: int = 1


@dataclass(frozen=True)
class Conjugate:
    """`[A: B]n` = (A B A') repeated; negative amount = inverse."""

    a: tuple[Node, ...]
    b: tuple[Node, ...]
    amount: int = 1


Node = Turn | Group | Commutator | Conjugate


def flatten(nodes: tuple[Node, ...]) -> list[Turn]:
    """The turns a sequence of nodes performs, in order."""
    out: list[Turn] = []
    for node in nodes:
        if isinstance(node, Turn):
            out.append(node)
            continue
        if isinstance(node, Group):
            once = flatten(node.body)
        elif isinstance(node, Commutator):
            a, b = flatten(node.a), flatten(node.b)
            once = a + b + _inverse_turns(a) + _inverse_turns(b)
        else:
            a = flatten(node.a)
            once = a + flatten(node.b) + _inverse_turns(a)
        if node.amount < 0:
            once = _inverse_turns(once)
        out.extend(once * abs(node.amount))
    return out


def flat_length(nodes: tuple[Node, ...]) -> int:
    """len(flatten(nodes)) computed without expanding, so a huge repetition can be refused before it is built."""
    total = 0
    for node in nodes:
        if isinstance(node, Turn):
            total += 1
        elif isinstance(node, Group):
            total += flat_length(node.body) * abs(node.amount)
        elif isinstance(node, Commutator):
            total += 2 * (flat_length(node.a) + flat_length(node.b)) * abs(node.amount)
        else:
            total += (2 * flat_length(node.a) + flat_length(node.b)) * abs(node.amount)
    return total


def _inverse_turns(turns: list[Turn]) -> list[Turn]:
    return [turn.inverse() for turn in reversed(turns)]


def invert_nodes(nodes: tuple[Node, ...]) -> tuple[Node, ...]:
    """The inverse sequence, keeping the written structure: [A, B]' = [B, A], [A: B]' = [A: B'], (A)n' for (A)n."""
    return tuple(_invert(node) for node in reversed(nodes))


def _invert(node: Node) -> Node:
    if isinstance(node, Turn):
        return node.inverse()
    if isinstance(node, Group):
        return Group(node.body, -node.amount)
    if isinstance(node, Commutator):
        return Commutator(node.b, node.a, node.amount)
    return Conjugate(node.a, invert_nodes(node.b), node.amount)


def mirror_nodes(nodes: tuple[Node, ...]) -> tuple[Node, ...]:
    """The left-right mirror of a sequence; mirroring is a homomorphism, so structure carries over unchanged."""
    return tuple(_mirror(node) for node in nodes)


def _mirror(node: Node) -> Node:
    if isinstance(node, Turn):
        return node.mirror()
    if isinstance(node, Group):
        return Group(mirror_nodes(node.body), node.amount)
    return type(node)(mirror_nodes(node.a), mirror_nodes(node.b), node.amount)


def format_nodes(nodes: tuple[Node, ...]) -> str:
    """WCA text for a sequence of nodes, turns separated by single spaces."""
    return " ".join(_format(node) for node in nodes)


def _format(node: Node) -> str:
    if isinstance(node, Turn):
        return node.notation
    suffix = repetition_suffix(node.amount)
    if isinstance(node, Group):
        return f"({format_nodes(node.body)}){suffix}"
    separator = "," if isinstance(node, Commutator) else ":"
    return f"[{format_nodes(node.a)}{separator} {format_nodes(node.b)}]{suffix}"
