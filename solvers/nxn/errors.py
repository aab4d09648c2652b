"""The error a colour net that is no solvable big cube raises, with the reason and the pieces at fault."""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from solvers.cube.validation_errors import InvalidCubeError


class BigCubeReason(Enum):
    """Why a colouring is not a solvable NxNxN cube, in the order the checks run."""

    WRONG_LENGTH = "wrong_length"
    UNKNOWN_COLOUR = "unknown_colour"
    COLOUR_COUNT = "colour_count"
    CENTRES_NOT_A_CUBE = "centres_not_a_cube"  # the fixed centres of an odd cube
    CENTRE_COUNT = "centre_count"  # an orbit of centre pieces without four of each colour
    IMPOSSIBLE_CORNER = "impossible_corner"
    DUPLICATE_CORNER = "duplicate_corner"
    TWISTED_CORNER = "twisted_corner"
    IMPOSSIBLE_EDGE = "impossible_edge"  # a wing or middle edge with colours no edge has
    DUPLICATE_WING = "duplicate_wing"  # a wing twice in its orbit (a single flipped wing is one)
    DUPLICATE_EDGE = "duplicate_edge"  # a middle edge twice
    FLIPPED_EDGE = "flipped_edge"  # middle edges of an odd cube
    PARITY = "parity"  # odd cube: corners and middle edges with different parities


class InvalidBigCubeError(InvalidCubeError):
    """A colouring that is not a solvable big cube: `.reason` (BigCubeReason), `.message`, `.facelets` (sticker
    indices at fault), `.detail` (the pieces named). An `InvalidCubeError`, so callers of the 3x3x3 readers catch
    it the same way."""

    def __init__(
        self, reason: BigCubeReason, message: str, facelets: Sequence[int] = (), detail: dict | None = None
    ) -> None:
        super().__init__(reason, message, facelets, detail)  # type: ignore[arg-type]
