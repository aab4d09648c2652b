"""Is this colouring a real, solvable cube?  And if not, exactly what is wrong, in words a person can act on.

Checks run from the most basic to the most subtle, so the first error is always about the first real problem:

    1. WRONG_LENGTH, UNKNOWN_COLOUR           (nothing else can be checked until every sticker has a colour)
    2. COLOUR_COUNT, CENTRES_NOT_DISTINCT, CENTRES_NOT_A_CUBE, IMPOSSIBLE_CORNER, IMPOSSIBLE_EDGE, DUPLICATE_PIECE
    3. TWISTED_CORNER, FLIPPED_EDGE, PARITY   (only meaningful once every piece is real and present once)

`validate()` raises the first problem and returns the CubeState otherwise; `validate_all()` lists every problem
of the first failing stage (all of stage 2 together), for a live editor that highlights as the user types.
Input: a string or sequence of letters (a scheme's colour letters, or Kociemba's face letters U R F D L B when no
scheme is given; whitespace in strings is ignored and facelet indices count letters only), or a sequence of
colour ids 0..5 (the home face of each colour, as `CubeState.colours()` gives). The piece checks live in
validation_pieces.py.
"""

from __future__ import annotations

import numpy as np

from solvers.cube.geometry import OPPOSITE_FACE, Face, centre_facelets, facelets_per_face, n_facelets
from solvers.cube.schemes import ColourScheme, load_scheme
from solvers.cube.state import CubeState
from solvers.cube.validation_errors import InvalidCubeError, InvalidReason, Naming
from solvers.cube.validation_pieces import centre_rotation, check_orientation_and_parity, check_pieces

__all__ = ["KOCIEMBA_LETTERS", "InvalidCubeError", "InvalidReason", "validate", "validate_all"]

KOCIEMBA_LETTERS: dict[Face, str] = {face: face.name for face in Face}
SIZES = (2, 3)


def _scheme_of(scheme: ColourScheme | str | None) -> ColourScheme:
    return scheme if isinstance(scheme, ColourScheme) else load_scheme(scheme or "standard")


def read_input(facelets, size: int | None, scheme: ColourScheme | str | None) -> tuple[np.ndarray, Naming]:
    """Colour ids and naming for any accepted input; raises WRONG_LENGTH / UNKNOWN_COLOUR (both when both apply)."""
    problems, colours, naming = _read(facelets, size, scheme)
    if problems:
        raise problems[0]
    return colours, naming


def _read(facelets, size: int | None, scheme) -> tuple[list[InvalidCubeError], np.ndarray, Naming]:
    colour_scheme = _scheme_of(scheme)
    letters = colour_scheme.letters if scheme is not None else KOCIEMBA_LETTERS
    by_letter = {letter: int(face) for face, letter in letters.items()}
    items = [ch for ch in facelets if not ch.isspace()] if isinstance(facelets, str) else list(facelets)
    values: list[int] = []
    unknown: list[int] = []
    for index, item in enumerate(items):
        value = _colour_id(item, by_letter)
        values.append(-1 if value is None else value)
        if value is None:
            unknown.append(index)
    problems: list[InvalidCubeError] = []
    if size is None:
        size = {n_facelets(n): n for n in SIZES}.get(len(items))
    if size not in SIZES:
        wanted = " or ".join(f"{n_facelets(n)} for a {n}x{n}x{n}" for n in SIZES)
        if size is None:
            problems.append(_wrong_length(f"{len(items)} stickers given; need {wanted}", len(items), None))
        else:
            raise ValueError(f"only 2x2x2 and 3x3x3 cubes are modelled, not {size}")
        size = 3
    elif len(items) != n_facelets(size):
        problems.append(
            _wrong_length(
                f"{len(items)} stickers given; a {size}x{size}x{size} cube has {n_facelets(size)}", len(items), size
            )
        )
    naming = Naming(size, colour_scheme, letters)
    if unknown:
        shown = sorted({repr(items[i]) if isinstance(items[i], str) else str(items[i]) for i in unknown})
        named = not problems  # with the right length, name stickers (U1); otherwise count letters (1-based)
        where = ", ".join(naming.facelet(i) if named else f"letter {i + 1}" for i in unknown[:5])
        where += " ..." if len(unknown) > 5 else ""
        known = " ".join(letters[face] for face in Face)
        problems.append(
            InvalidCubeError(
                InvalidReason.UNKNOWN_COLOUR,
                f"unknown colour {', '.join(shown)} at {where}; colours are {known}",
                [i for i in unknown if i < n_facelets(size)],
                {"values": [items[i] for i in unknown], "positions": unknown},
            )
        )
    return problems, np.array(values, dtype=np.int64), naming


def _colour_id(item, by_letter: dict[str, int]) -> int | None:
    if isinstance(item, str):
        return by_letter.get(item.upper()) if len(item) == 1 else None
    if isinstance(item, bool):
        return None
    if isinstance(item, int | np.integer) and 0 <= int(item) < len(Face):
        return int(item)
    return None


def _wrong_length(message: str, got: int, size: int | None) -> InvalidCubeError:
    return InvalidCubeError(InvalidReason.WRONG_LENGTH, message, (), {"length": got, "size": size})


def validate_all(facelets, size: int | None = None, scheme: ColourScheme | str | None = None) -> list[InvalidCubeError]:
    """Every problem of the first failing stage (see the module docstring); [] for a solvable cube."""
    problems, colours, naming = _read(facelets, size, scheme)
    if problems:
        return problems
    return _check_colours(colours, naming)[0]


def validate(facelets, size: int | None = None, scheme: ColourScheme | str | None = None) -> CubeState:
    """The CubeState of a solvable colouring; raises InvalidCubeError describing the first problem otherwise."""
    colours, naming = read_input(facelets, size, scheme)
    problems, state = _check_colours(colours, naming)
    if problems:
        raise problems[0]
    assert state is not None  # no problems means a state was built
    return state


def validate_colours(colours: np.ndarray, naming: Naming) -> CubeState:
    """validate() for colour ids already read (used by formats.py)."""
    problems, state = _check_colours(colours, naming)
    if problems:
        raise problems[0]
    assert state is not None  # no problems means a state was built
    return state


def _check_colours(colours: np.ndarray, naming: Naming) -> tuple[list[InvalidCubeError], CubeState | None]:
    problems = _colour_counts(colours, naming)
    if naming.size == 3:
        problems += centre_problems(colours, naming)
    problems += check_pieces(colours, naming)
    if problems:
        return problems, None
    state = CubeState.from_colours(naming.size, colours)
    problems = check_orientation_and_parity(state, naming)
    return problems, (None if problems else state)


def _colour_counts(colours: np.ndarray, naming: Naming) -> list[InvalidCubeError]:
    need = facelets_per_face(naming.size)
    problems = []
    for face in Face:
        where = np.flatnonzero(colours == face)
        if len(where) != need:
            problems.append(
                InvalidCubeError(
                    InvalidReason.COLOUR_COUNT,
                    f"{len(where)} {naming.colour(face)} stickers, need {need}",
                    where if len(where) > need else (),
                    {"colour": face, "count": len(where), "need": need},
                )
            )
    return problems


def centre_problems(colours: np.ndarray, naming: Naming) -> list[InvalidCubeError]:
    """Centres must show six different colours, arranged as on a real cube (opposites opposite, not mirrored)."""
    places = centre_facelets()
    centres = colours[places]
    problems = []
    for colour in sorted(set(centres.tolist())):
        faces = [Face(int(f)) for f in np.flatnonzero(centres == colour)]
        if len(faces) > 1:
            names = " and ".join(f.name for f in faces)
            problems.append(
                InvalidCubeError(
                    InvalidReason.CENTRES_NOT_DISTINCT,
                    f"the {names} centres are {'both' if len(faces) == 2 else 'all'} {naming.colour(colour)}; "
                    "each centre must be a different colour",
                    places[[int(f) for f in faces]],
                    {"colour": Face(colour), "faces": faces},
                )
            )
    if problems or centre_rotation(centres) is not None:
        return problems
    return [_centres_not_a_cube(centres, places, naming)]


def _centres_not_a_cube(centres: np.ndarray, places: np.ndarray, naming: Naming) -> InvalidCubeError:
    for face in (Face.U, Face.R, Face.F):
        opposite = OPPOSITE_FACE[face]
        colour = Face(int(centres[face]))
        if int(centres[opposite]) != OPPOSITE_FACE[colour]:
            partner = Face(int(np.flatnonzero(centres == OPPOSITE_FACE[colour])[0]))
            return InvalidCubeError(
                InvalidReason.CENTRES_NOT_A_CUBE,
                f"the {naming.colour(colour)} and {naming.colour(OPPOSITE_FACE[colour])} centres are on {face.name} "
                f"and {partner.name}, but those colours belong on opposite faces",
                places[[int(face), int(partner)]],
                {"faces": (face, partner), "colours": (colour, OPPOSITE_FACE[colour])},
            )
    return InvalidCubeError(
        InvalidReason.CENTRES_NOT_A_CUBE,
        "the centres are a mirror image of a real cube",
        places[[int(Face.R), int(Face.L)]],
        {"faces": (Face.R, Face.L), "mirror": True},
        fix="exchange the R and L centre colours",
    )
