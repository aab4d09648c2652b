"""Cube files and pasted cube text: read any of the app's facelet forms into a colouring, write the JSON file.

A cube file is a small JSON object (extension ``.cube``; the exact format is in docs/editor.md)::

    {"format": "cubeviz-cube", "version": 1, "size": 3,
     "facelets": "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB", "comment": "optional"}

``facelets`` lists the stickers in Kociemba order (U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9; 4 per face on the
2x2x2; N*N per face on a big cube, each face read as the 3x3x3 string reads it: the facelet string of
`solvers.nxn`); each letter names the face whose SOLVED colour the sticker shows, so a cube with its centres at
home is written exactly as its Kociemba string. Sizes 2 to `MAX_SIZE`; reading a file validates it (a big cube
with `solvers.nxn.validation`, whose message names the pieces at fault); any problem raises `CubeFileError`.

Pasted text (and a non-JSON file) may be any of:
  * a facelet string in Kociemba order: face letters U R F D L B, or the scheme's colour letters (W R G Y O B);
  * a big cube's facelet string (6*N*N face letters U R F D L B, N from 4 to `MAX_SIZE`);
  * a 3x3 letter net (3x3x3: 9 rows of 3, 12, 12, 12 ... letters, any six letters, centres name the colours);
  * a 2x2 net (2x2x2: 6 rows of 2, 2, 8, 8, 2, 2 letters, any six letters);
  * a cube file's JSON.
`parse_colouring` returns the colours even when the cube is not valid (the editor shows what is wrong);
`read_cube` insists on a valid cube.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from solvers import strict_json
from solvers.cube.geometry import Face, centre_facelets
from solvers.cube.schemes import ColourScheme, load_scheme
from solvers.cube.state import CubeState
from solvers.cube.validation import validate
from solvers.cube.validation_errors import InvalidCubeError
from solvers.nxn.errors import InvalidBigCubeError
from solvers.nxn.geometry import n_stickers
from solvers.nxn.state import NxNState, read_facelets
from solvers.nxn.validation import validate as validate_big

FORMAT_NAME = "cubeviz-cube"
FORMAT_VERSION = 1
FILE_SUFFIX = ".cube"
MAX_SIZE = 50  # the largest cube a file holds: the app's size chooser goes this far (15,000 stickers)
FIRST_BIG_SIZE = 4  # from here on a cube is the big-cube engine's (solvers.nxn)
MAX_FILE_BYTES = 64 * 1024  # a 50x50x50's file is under 16 KiB; anything huge is not a cube file
BLANK = -1  # colour id of a sticker whose letter names no colour
FACE_LETTERS = "URFDLB"
LETTER_NET_ROWS = (3, 3, 3, 12, 12, 12, 3, 3, 3)
POCKET_NET_ROWS = (2, 2, 8, 8, 2, 2)

__all__ = [
    "AnyCube",
    "CubeFileError",
    "Colouring",
    "dump_cube",
    "load_cube_file",
    "parse_colouring",
    "read_cube",
    "save_cube_file",
]


AnyCube = CubeState | NxNState  # what a cube file holds: the 2x2x2/3x3x3 engine's state, or a big cube's


class CubeFileError(ValueError):
    """Text or a file that is not a cube. `.message` says what is wrong; `.invalid` is the InvalidCubeError when
    the text was read but the cube is impossible (its `.facelets` point at the stickers), else None."""

    def __init__(self, message: str, invalid: InvalidCubeError | None = None) -> None:
        self.message = message
        self.invalid = invalid
        super().__init__(message)


@dataclass(frozen=True)
class Colouring:
    """What a text says: the cube size, a colour id (Face, or BLANK) per facelet, and which form it was in."""

    size: int
    colours: tuple[int, ...]
    form: str  # "kociemba", "colour letters", "facelet string", "3x3 letter net", "2x2 net", "cube file"


# -- reading ------------------------------------------------------------------------------------------------------
def parse_colouring(text: str, scheme: ColourScheme | str = "standard") -> Colouring:
    """The colouring a pasted text or file describes; CubeFileError when its shape is not a cube's."""
    stripped = text.strip()
    if not stripped:
        raise CubeFileError("no cube given: the text is empty")
    if stripped[0] in "{[":
        return _parse_json(stripped)
    rows = ["".join(line.split()) for line in stripped.splitlines() if line.strip()]
    shape = tuple(len(row) for row in rows)
    if shape == LETTER_NET_ROWS:
        return _from_net(rows, 3)
    if shape == POCKET_NET_ROWS:
        return _from_net(rows, 2)
    letters = "".join(rows).upper()
    big = _big_size(len(letters))
    if big:
        return _from_big_letters(letters, big, "facelet string")
    if len(letters) not in (24, 54):
        raise CubeFileError(
            f"{len(letters)} letters given; a facelet string has 6*N*N letters (24 for the 2x2x2, 54 for the "
            f"3x3x3, 96 for the 4x4x4, ... up to {MAX_SIZE}x{MAX_SIZE}x{MAX_SIZE}), and a net has rows of 3/12/3 "
            "(3x3x3) or 2/8/2 (2x2x2) letters"
        )
    size = 2 if len(letters) == 24 else 3
    return _from_letters(letters, size, _scheme(scheme))


def read_cube(text: str, scheme: ColourScheme | str = "standard") -> AnyCube:
    """The valid cube a text describes (a CubeState for the 2x2x2 and 3x3x3, an NxNState from 4x4x4 up);
    CubeFileError (with `.invalid` for an impossible cube) otherwise."""
    colouring = parse_colouring(text, scheme)
    try:
        if colouring.size >= FIRST_BIG_SIZE:
            state = NxNState.from_colours(colouring.size, colouring.colours)
            validate_big(state)
            return state
        return validate(list(colouring.colours), colouring.size)
    except InvalidCubeError as exc:
        raise CubeFileError(f"not a valid cube: {exc.message}", exc) from None


def load_cube_file(path: str | Path, scheme: ColourScheme | str = "standard") -> AnyCube:
    """Read a cube file (or a text file holding any pasteable form); CubeFileError names the file and problem."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise CubeFileError(f"{path.name}: {path.stat().st_size} bytes is far too big for a cube file")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CubeFileError(f"cannot read {path.name}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CubeFileError(f"{path.name} is not a text file") from None
    try:
        return read_cube(text, scheme)
    except CubeFileError as exc:
        raise CubeFileError(f"{path.name}: {exc.message}", exc.invalid) from None


def _parse_json(text: str) -> Colouring:
    try:
        data = strict_json.loads(text)
    except json.JSONDecodeError as exc:
        raise CubeFileError(f"broken JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    if not isinstance(data, dict):
        raise CubeFileError("a cube file is a JSON object with keys format, version, size and facelets")
    if data.get("format") != FORMAT_NAME:
        raise CubeFileError(f'not a cube file: "format" must be "{FORMAT_NAME}", got {data.get("format")!r}')
    if type(data.get("version")) is not int or data.get("version") != FORMAT_VERSION:  # not true, not 1.0
        raise CubeFileError(f"cube file version {data.get('version')!r} is not supported (this app reads 1)")
    size = data.get("size")
    if type(size) is not int or not 2 <= size <= MAX_SIZE:  # not true, not 4.0
        raise CubeFileError(f'"size" must be a whole number from 2 to {MAX_SIZE}, got {size!r}')
    facelets = data.get("facelets")
    if not isinstance(facelets, str):
        raise CubeFileError('"facelets" must be a string of face letters U R F D L B')
    letters = "".join(facelets.split()).upper()
    if len(letters) != n_stickers(size):
        raise CubeFileError(f'"facelets" has {len(letters)} letters; a {size}x{size}x{size} needs {n_stickers(size)}')
    bad = sorted(set(letters) - set(FACE_LETTERS))
    if bad:
        raise CubeFileError(f'"facelets" may only use U R F D L B, found {", ".join(bad)}')
    return Colouring(size, tuple(FACE_LETTERS.index(ch) for ch in letters), "cube file")


def _big_size(length: int) -> int:
    """N when `length` letters are a big cube's facelet string (6*N*N, N from 4 to MAX_SIZE), else 0."""
    sizes = {6 * n * n: n for n in range(FIRST_BIG_SIZE, MAX_SIZE + 1)}
    return sizes.get(length, 0)


def _from_big_letters(letters: str, size: int, form: str) -> Colouring:
    """A big cube's face letters (no colour letters: W R G Y O B share R and B with the faces, and a big cube's
    centres do not name its colours), read by the big-cube engine so a bad letter is named with its sticker."""
    try:
        state = read_facelets(letters, size)
    except InvalidBigCubeError as exc:
        raise CubeFileError(exc.message) from None
    return Colouring(size, tuple(int(c) for c in state.colours), form)


def _from_letters(letters: str, size: int, scheme: ColourScheme) -> Colouring:
    """Face letters (relative to the centres on a 3x3, like from_kociemba) or else the scheme's colour letters."""
    if set(letters) <= set(FACE_LETTERS):
        colours = np.array([FACE_LETTERS.index(ch) for ch in letters])
        if size == 3:
            centres = colours[centre_facelets()]
            if sorted(centres.tolist()) == list(range(6)):
                colours = np.argsort(centres)[colours]  # letters name centres: recolour so each centre is home
        return Colouring(size, tuple(int(c) for c in colours), "kociemba")
    by_letter = {letter: int(face) for face, letter in scheme.letters.items()}
    if set(letters) <= set(by_letter):
        return Colouring(size, tuple(by_letter[ch] for ch in letters), "colour letters")
    unknown = sorted(set(letters) - set(by_letter) - set(FACE_LETTERS))
    known = " ".join(scheme.letters[face] for face in Face)
    raise CubeFileError(
        f"unknown letters {', '.join(unknown)}: use face letters U R F D L B or the colours {known} "
        "(a net in rows may use any six letters)"
    )


def _from_net(rows: list[str], size: int) -> Colouring:
    """A letter net (any six letters): colours are named by the centres (3x3) or read from the corners (2x2)."""
    if size == 3:
        from solvers.cube.letter_net import NET_TO_KOCIEMBA  # lazy: its owner may still be changing it

        ordered = [""] * 54
        for i, ch in enumerate("".join(rows).upper()):
            ordered[NET_TO_KOCIEMBA[i]] = ch
        centres = [ordered[i] for i in centre_facelets().tolist()]
        by_letter: dict[str, int] = {}
        for face, letter in zip(Face, centres, strict=True):
            by_letter.setdefault(letter, int(face))
        return Colouring(3, tuple(by_letter.get(ch, BLANK) for ch in ordered), "3x3 letter net")
    from solvers.cube.pocket_formats import PocketFormatError, colour_map, net_letters

    try:
        letters = net_letters(rows).upper()
        mapping = colour_map(letters)
    except PocketFormatError as exc:
        raise CubeFileError(f"2x2 net: {exc}") from None
    return Colouring(2, tuple(int(mapping[ch]) if ch in mapping else BLANK for ch in letters), "2x2 net")


def _scheme(scheme: ColourScheme | str) -> ColourScheme:
    return scheme if isinstance(scheme, ColourScheme) else load_scheme(scheme)


# -- writing ------------------------------------------------------------------------------------------------------
def dump_cube(state: AnyCube, comment: str = "") -> str:
    """The cube file text of a state (colours as home-face letters, no normalisation)."""
    if not 2 <= state.size <= MAX_SIZE:
        raise ValueError(f"cube files hold cubes of 2 to {MAX_SIZE} layers, not {state.size}")
    if isinstance(state, NxNState):
        facelets = state.to_facelets()
    else:
        facelets = "".join(FACE_LETTERS[int(c)] for c in state.colours())
    data: dict[str, object] = {
        "format": FORMAT_NAME,
        "version": FORMAT_VERSION,
        "size": state.size,
        "facelets": facelets,
    }
    if comment:
        data["comment"] = comment
    return json.dumps(data, indent=2) + "\n"


def save_cube_file(path: str | Path, state: AnyCube, comment: str = "") -> None:
    """Write a cube file; the parent directory must exist (OSError otherwise)."""
    Path(path).write_text(dump_cube(state, comment), encoding="utf-8")
