"""Facelet strings in and out: Kociemba face-letter strings and colour-letter strings in any colour scheme.

Both list the stickers in Kociemba order (U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9; 4 per face on a 2x2x2, see
geometry.py); whitespace anywhere is ignored, letters are case-insensitive. Every reader validates and raises
`InvalidCubeError` (a ValueError) naming the first problem; facelet indices in errors count letters only.

Kociemba strings (`UUUUUUUUURRR...`): a letter names the face whose centre has that sticker's colour.
  * 3x3x3: the centres define the colours. A string whose centres are turned by a whole-cube rotation (U5 = 'F'
    and so on) is read relative to its centres and normalised: the returned state has its centres at home, and
    `to_kociemba` of it has U5 = 'U'. Centres arranged as no real cube has them are CENTRES_NOT_A_CUBE.
  * 2x2x2: there are no centres, so a letter names the face of the SOLVED cube that has that colour. A solved
    2x2x2 held in another orientation is a valid string and `is_solved()`, though not `is_identity()`.
Colour-letter strings (`WWWWWWWWWRRR...` with a scheme's letters) name colours directly and are not normalised:
a 3x3x3 held with green on top reads as a state whose centres are turned, and writes back to the same string.
"""

from __future__ import annotations

import numpy as np

from solvers.cube.geometry import Face, n_facelets
from solvers.cube.schemes import ColourScheme, load_scheme
from solvers.cube.state import CubeState
from solvers.cube.validation import SIZES, read_input, validate_colours
from solvers.cube.validation_errors import InvalidCubeError, InvalidReason

__all__ = [
    "detect_size",
    "from_colour_letters",
    "from_kociemba",
    "to_colour_letters",
    "to_kociemba",
]


def detect_size(text: str) -> int:
    """2 or 3 from the number of letters (24 or 54, whitespace ignored); InvalidCubeError WRONG_LENGTH otherwise."""
    length = sum(1 for ch in text if not ch.isspace())
    for size in SIZES:
        if length == n_facelets(size):
            return size
    wanted = " or ".join(str(n_facelets(size)) for size in SIZES)
    raise InvalidCubeError(
        InvalidReason.WRONG_LENGTH, f"{length} stickers given; need {wanted}", (), {"length": length, "size": None}
    )


def from_kociemba(text: str, size: int | None = None) -> CubeState:
    """Read a Kociemba facelet string (size detected from its length when not given); see the module docstring."""
    colours, naming = read_input(text, size, None)
    state = validate_colours(colours, naming)
    if state.size == 3 and not np.array_equal(state.centres, np.arange(len(Face))):
        # Letters are relative to the centres: recolour so that each centre shows its own face's colour.
        relabel = np.argsort(state.centres)
        state = CubeState.from_colours(3, relabel[colours])
    return state


def to_kociemba(state: CubeState) -> str:
    """The Kociemba facelet string of a state; on a 3x3x3 letters are relative to the centres (U5 is always 'U')."""
    colours = state.colours()
    if state.size == 3:
        colours = np.argsort(state.centres)[colours]
    return "".join(Face(int(c)).name for c in colours)


def from_colour_letters(text: str, size: int | None = None, scheme: ColourScheme | str = "standard") -> CubeState:
    """Read a string of a scheme's colour letters (e.g. 'W' white, 'G' green in 'standard'); no normalisation."""
    colours, naming = read_input(text, size, _scheme(scheme))
    return validate_colours(colours, naming)


def to_colour_letters(state: CubeState, scheme: ColourScheme | str = "standard") -> str:
    """The colour letters of each sticker of `state` in Kociemba order."""
    letters = _scheme(scheme).letters
    return "".join(letters[Face(int(c))] for c in state.colours())


def _scheme(scheme: ColourScheme | str) -> ColourScheme:
    return scheme if isinstance(scheme, ColourScheme) else load_scheme(scheme)
