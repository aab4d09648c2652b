"""The error a bad cube colouring raises, its reasons, and how messages name colours and stickers."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from solvers.cube.geometry import Face, facelet_name
from solvers.cube.schemes import ColourScheme


class InvalidReason(Enum):
    """Why a colouring is not a solvable cube, in the order the checks run."""

    WRONG_LENGTH = "wrong_length"
    UNKNOWN_COLOUR = "unknown_colour"
    COLOUR_COUNT = "colour_count"
    CENTRES_NOT_DISTINCT = "centres_not_distinct"
    CENTRES_NOT_A_CUBE = "centres_not_a_cube"
    IMPOSSIBLE_CORNER = "impossible_corner"
    IMPOSSIBLE_EDGE = "impossible_edge"
    DUPLICATE_PIECE = "duplicate_piece"
    TWISTED_CORNER = "twisted_corner"
    FLIPPED_EDGE = "flipped_edge"
    PARITY = "parity"


class InvalidCubeError(ValueError):
    """A colouring that is not a solvable cube.

    `.reason` (InvalidReason), `.message` (what is wrong and, when known, how to fix it), `.facelets` (indices to
    highlight), `.fix` (the suggestion alone, or None) and `.detail` (structured facts: slots, colours, counts;
    the keys per reason are listed in docs/notation-and-formats.md).
    """

    def __init__(
        self,
        reason: InvalidReason,
        message: str,
        facelets: Iterable[int] = (),
        detail: dict | None = None,
        fix: str | None = None,
    ) -> None:
        self.reason = reason
        self.message = message if fix is None else f"{message}; {fix}"
        self.facelets = tuple(int(i) for i in facelets)
        self.detail = dict(detail or {})
        self.fix = fix
        super().__init__(self.message)

    def __repr__(self) -> str:
        return f"InvalidCubeError({self.reason.name}, {self.message!r}, facelets={self.facelets})"


class Naming:
    """How messages name colours ("green (G)") and facelets ("F5") for one input."""

    def __init__(self, size: int, scheme: ColourScheme, letters: dict[Face, str]) -> None:
        self.size = size
        self.scheme = scheme
        self.letters = letters

    def colour(self, colour: int) -> str:
        face = Face(colour)
        return f"{self.scheme.colour_names[face]} ({self.letters[face]})"

    def plain(self, colour: int) -> str:
        return self.scheme.colour_names[Face(colour)]

    def piece(self, colours) -> str:
        return "-".join(self.plain(c) for c in colours)

    def facelet(self, index: int) -> str:
        return facelet_name(int(index), self.size)
