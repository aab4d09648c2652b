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

Reid strings (`UF UR ... DBR`, 3x3x3 only): Michael Reid's positional notation, which optimal solvers such as
voltara/vcube read (its `--format=reid`); see `to_reid`.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from solvers.cube.geometry import FACE_NORMALS, OPPOSITE_FACE, Corner, Edge, Face, n_facelets, sticker_geometry
from solvers.cube.schemes import ColourScheme, load_scheme
from solvers.cube.state import CubeState
from solvers.cube.validation import SIZES, read_input, validate_colours
from solvers.cube.validation_errors import InvalidCubeError, InvalidReason

__all__ = [
    "REID_POSITIONS",
    "detect_size",
    "from_colour_letters",
    "from_kociemba",
    "from_reid",
    "reid_facelets",
    "to_colour_letters",
    "to_kociemba",
    "to_reid",
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


# Reid's positional notation: the 12 edge positions, then the 8 corner positions, each named by its faces in the
# order its stickers are read. Every corner name runs counter-clockwise seen from outside the cube, so a corner
# turned in place reads as a cyclic rotation of its name (UFR: FRU, RUF), and its mirror image (URF) as no corner.
REID_POSITIONS: tuple[str, ...] = (
    "UF", "UR", "UB", "UL", "DF", "DR", "DB", "DL", "FR", "FL", "BR", "BL",
    "UFR", "URB", "UBL", "ULF", "DRF", "DFL", "DLB", "DBR",
)  # fmt: skip
_FACE_LETTERS = "".join(face.name for face in Face)


@cache
def reid_facelets() -> tuple[tuple[int, ...], ...]:
    """For each Reid position, the facelet indices of its stickers in the order of its name (UFR: U9, F3, R1).

    Computed from the sticker geometry, as every other sticker table is, so that no typed-in index can be wrong.
    """
    positions, normals = sticker_geometry(3)
    table = []
    for name in REID_POSITIONS:
        where = np.sum([FACE_NORMALS[Face[letter]] for letter in name], axis=0)
        at = np.all(positions == where, axis=1)
        table.append(tuple(int(np.flatnonzero(at & np.all(normals == FACE_NORMALS[Face[f]], axis=1))[0]) for f in name))
    return tuple(table)


def to_reid(state: CubeState) -> str:
    """The Reid string of a 3x3x3 state: 20 space-separated cubies, e.g. 'UF UR ... DBR' for the solved cube.

    Why this format: Michael Reid's optimal solver read it, and so do later ones (voltara/vcube's `--format=reid`),
    so it is how cubes are handed to them. Token k names the cubie at position REID_POSITIONS[k] by the faces its
    stickers belong to, read in the position's own order: after R, the UR position holds the FR edge with its F
    sticker on top, "FR". Letters are relative to the centres, as in `to_kociemba`.
    """
    if state.size != 3:
        raise ValueError("Reid notation describes a 3x3x3 only")
    letters = to_kociemba(state)
    return " ".join("".join(letters[i] for i in stickers) for stickers in reid_facelets())


def from_reid(text: str) -> CubeState:
    """Read a Reid string (see `to_reid`; any whitespace between tokens, letters case-insensitive).

    Raises InvalidCubeError as `from_kociemba` does, naming the token: WRONG_LENGTH for other than 20 tokens,
    UNKNOWN_COLOUR for letters other than U R F D L B, IMPOSSIBLE_EDGE / IMPOSSIBLE_CORNER for a token no cubie
    reads as (wrong letter count, a face twice, opposite faces, a mirror-image corner); the checks that need the
    whole cube (a piece twice, twist, flip, parity) are `from_kociemba`'s, on the stickers the tokens place.
    """
    tokens = [token.upper() for token in text.split()]
    if len(tokens) != len(REID_POSITIONS):
        raise InvalidCubeError(
            InvalidReason.WRONG_LENGTH,
            f"{len(tokens)} cubies given; Reid notation lists {len(REID_POSITIONS)} (12 edges, then 8 corners)",
            (),
            {"length": len(tokens), "size": 3},
        )
    _check_reid_letters(tokens)
    for index, token in enumerate(tokens):
        _check_reid_cubie(index, token)
    letters = [face.name for face in Face for _ in range(9)]  # the centres stay; every other sticker is placed
    for token, stickers in zip(tokens, reid_facelets(), strict=True):
        for letter, facelet in zip(token, stickers, strict=True):
            letters[facelet] = letter
    return from_kociemba("".join(letters), 3)


def _check_reid_letters(tokens: list[str]) -> None:
    """UNKNOWN_COLOUR naming every token with a letter that is no face; detail positions are (cubie, letter) indices."""
    bad = [(i, j) for i, token in enumerate(tokens) for j, ch in enumerate(token) if ch not in _FACE_LETTERS]
    if not bad:
        return
    shown = sorted({tokens[i][j] for i, j in bad})
    where = ", ".join(f"{tokens[i]!r} at {REID_POSITIONS[i]}" for i in sorted({i for i, _ in bad}))
    facelets = [reid_facelets()[i][j] for i, j in bad if j < len(reid_facelets()[i])]
    raise InvalidCubeError(
        InvalidReason.UNKNOWN_COLOUR,
        f"unknown face letter {', '.join(map(repr, shown))} in {where}; face letters are {' '.join(_FACE_LETTERS)}",
        facelets,
        {"values": [tokens[i][j] for i, j in bad], "positions": bad},
    )


def _check_reid_cubie(index: int, token: str) -> None:
    """IMPOSSIBLE_EDGE / IMPOSSIBLE_CORNER when `token` reads as no cubie in the position `index`."""
    position = REID_POSITIONS[index]
    kind = "edge" if len(position) == 2 else "corner"
    problem = _why_no_cubie(kind, position, token)
    if problem is None:
        return
    why, mirror = problem
    detail: dict[str, object] = {"slot": _slot(position), "colours": tuple(Face[ch] for ch in token), "token": token}
    if mirror:
        detail["mirror"] = True
    reason = InvalidReason.IMPOSSIBLE_EDGE if kind == "edge" else InvalidReason.IMPOSSIBLE_CORNER
    stickers = reid_facelets()[index][: len(token)]
    raise InvalidCubeError(reason, f"the {kind} at {position} is written {token!r}: {why}", stickers, detail)


def _why_no_cubie(kind: str, position: str, token: str) -> tuple[str, bool] | None:
    """(why, is it a mirror image) when `token` is no edge (corner) read in `position`'s order; None if it is one."""
    faces = [Face[ch] for ch in token]
    repeated = sorted({f.name for f in faces if faces.count(f) > 1})
    opposite = [(a, b) for i, a in enumerate(faces) for b in faces[i + 1 :] if OPPOSITE_FACE[a] == b]
    if len(token) != len(position):
        return f"an {kind} is written with {len(position)} letters", False
    if repeated:
        return f"it has two {repeated[0]} stickers", False
    if opposite:
        return f"{opposite[0][0].name} and {opposite[0][1].name} are opposite faces, so no {kind} has both", False
    if kind == "corner" and token not in _REID_CORNER_READINGS:
        real = next(name for name in REID_POSITIONS[12:] if sorted(name) == sorted(token))
        return f"no corner reads so: it is a mirror image of {real} (two of its stickers are swapped)", True
    return None


def _slot(position: str) -> Corner | Edge:
    """The geometry's slot at a Reid position (Reid's UFR is the slot Corner.URF: same place, other reading)."""
    slots = Edge if len(position) == 2 else Corner
    return next(slot for slot in slots if set(slot.name) == set(position))


_REID_CORNER_READINGS = frozenset(name[k:] + name[:k] for name in REID_POSITIONS[12:] for k in range(3))
