"""An NxNxN cube state as the colours of its 6*N*N stickers, and its facelet strings.

The state is an immutable int8 array: `colours[i]` is the `Face` whose solved colour sticker i shows (numbering in
geometry.py). Turns act by their gather permutations, so applying a sequence is a few array gathers. A state may
hold any colouring; `validation.validate` says whether it is a cube that turns can solve.

Facelet strings: 6*N*N letters U R F D L B, faces in that order, each read row by row as the 3x3x3 string reads
it; a letter names the face whose solved colour the sticker has. For N = 3 this is the Kociemba string of today's
3x3x3 engine (its reader also re-orients a 3x3x3 whose centres are turned; here letters are colours, unchanged).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from solvers.nxn.errors import BigCubeReason, InvalidBigCubeError
from solvers.nxn.geometry import N_FACES, Face, check_size, n_stickers
from solvers.nxn.moves import BlockTurn, sequence_permutation

_LETTER_TO_FACE = {face.name: int(face) for face in Face}
MAX_SIZE_FROM_TEXT = 1000  # a facelet string of more than 6 million letters is not a cube anyone means


@dataclass(frozen=True, eq=False)
class NxNState:
    """The sticker colours of a size-N cube (read-only array of 6N^2 Face values)."""

    size: int
    colours: np.ndarray

    def __post_init__(self) -> None:
        check_size(self.size)
        if self.colours.shape != (n_stickers(self.size),):
            raise ValueError(f"a {self.size}x{self.size}x{self.size} has {n_stickers(self.size)} stickers")
        self.colours.setflags(write=False)

    @classmethod
    def solved(cls, size: int) -> NxNState:
        check_size(size)
        return cls(size, np.repeat(np.arange(N_FACES, dtype=np.int8), size * size))

    @classmethod
    def from_colours(cls, size: int, colours: Iterable[int]) -> NxNState:
        return cls(size, np.array(list(colours) if not isinstance(colours, np.ndarray) else colours, dtype=np.int8))

    def apply(self, turns: Iterable[BlockTurn]) -> NxNState:
        """The state after `turns`, first turn first."""
        return NxNState(self.size, self.colours[sequence_permutation(self.size, turns)])

    def is_solved(self) -> bool:
        """Every face one colour (in whatever orientation the cube is held)."""
        faces = self.colours.reshape(N_FACES, -1)
        return bool((faces == faces[:, :1]).all())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, NxNState) and other.size == self.size and np.array_equal(other.colours, self.colours)

    def __hash__(self) -> int:
        return hash((self.size, self.colours.tobytes()))

    def to_facelets(self) -> str:
        """The facelet string: 6N^2 letters U R F D L B."""
        return "".join(Face(int(c)).name for c in self.colours)


def size_of_length(length: int) -> int:
    """N from the number of letters 6*N*N; InvalidBigCubeError (WRONG_LENGTH) when no cube has that many."""
    size = math.isqrt(length // N_FACES) if length > 0 else 0
    if length % N_FACES or size * size * N_FACES != length or size < 2 or size > MAX_SIZE_FROM_TEXT:
        below = max(2, size)
        hint = (
            f"; a {below}x{below}x{below} has {n_stickers(below)}, a {below + 1}x{below + 1}x{below + 1} has "
            f"{n_stickers(below + 1)}"
        )
        raise InvalidBigCubeError(
            BigCubeReason.WRONG_LENGTH,
            f"{length} stickers given; a cube has 6*N*N (24, 54, 96, 150, ...){hint}",
            detail={"length": length},
        )
    return size


def read_facelets(text: str, size: int | None = None) -> NxNState:
    """The colouring a facelet string writes (whitespace ignored, letters case-insensitive), not yet validated.

    Raises InvalidBigCubeError for a length that is no cube's (or not `size`'s) or a letter that is no face.
    """
    letters = "".join(text.split()).upper()
    found = size_of_length(len(letters)) if size is None else size
    if len(letters) != n_stickers(found):
        raise InvalidBigCubeError(
            BigCubeReason.WRONG_LENGTH,
            f"{len(letters)} stickers given; a {found}x{found}x{found} has {n_stickers(found)}",
            detail={"length": len(letters), "size": found},
        )
    colours = np.empty(len(letters), dtype=np.int8)
    for index, letter in enumerate(letters):
        face = _LETTER_TO_FACE.get(letter)
        if face is None:
            raise InvalidBigCubeError(
                BigCubeReason.UNKNOWN_COLOUR,
                f"sticker {index + 1} is {letter!r}, not one of U R F D L B",
                facelets=(index,),
                detail={"letter": letter},
            )
        colours[index] = face
    return NxNState(found, colours)
