"""The 3x3 letter nets format: a 54-letter colour net, and its numbering of the twelve quarter turns.

The net is the usual cross, read row by row, letters only (its own colour letters, any six; the centre
of each face names that face's colour)::

            0  1  2
            3  4  5
            6  7  8
     9 10 11 12 13 14 15 16 17 18 19 20
    21 22 23 24 25 26 27 28 29 30 31 32
    33 34 35 36 37 38 39 40 41 42 43 44
           45 46 47
           48 49 50
           51 52 53

The top block is U, the middle band is L F R B (three stickers each per row) and the bottom block is D, each
face drawn as in our Kociemba net (solvers.cube.geometry), so the mapping is pure re-indexing.

Turns: the format numbers twelve quarter turns 0..11 and prints a turn as ``face direction`` with
face = index // 2 in the order L F R B U D and direction 1 for the even index (clockwise seen from that face)
and -1 for the odd one (anticlockwise).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

import numpy as np

from solvers.cube.geometry import Face
from solvers.cube.moves import Move
from solvers.cube.state import CubeState
from solvers.cube.validation import InvalidCubeError, validate
from solvers.cube.validation_errors import InvalidReason

NET_FACES: tuple[Face, ...] = (Face.L, Face.F, Face.R, Face.B, Face.U, Face.D)
"""The format's face number -> our face."""
CLOCKWISE, ANTICLOCKWISE = 1, -1
N_NET_FACELETS = 54
_BAND = (Face.L, Face.F, Face.R, Face.B)  # left to right in the middle band
_BAND_START, _BAND_ROW, _BOTTOM_START = 9, 12, 45


def _net_to_kociemba() -> np.ndarray:
    table = np.empty(N_NET_FACELETS, dtype=np.int16)
    for row in range(3):
        for col in range(3):
            table[3 * row + col] = 9 * Face.U + 3 * row + col
            table[_BOTTOM_START + 3 * row + col] = 9 * Face.D + 3 * row + col
            for k, face in enumerate(_BAND):
                table[_BAND_START + _BAND_ROW * row + 3 * k + col] = 9 * face + 3 * row + col
    table.setflags(write=False)
    return table


NET_TO_KOCIEMBA = _net_to_kociemba()
"""NET_TO_KOCIEMBA[i]: our facelet index (Kociemba order) of the net's position i."""


def read_net(letters: str) -> CubeState:
    """The cube of 54 net-order colour letters; raises InvalidCubeError saying what is wrong.

    Each letter is renamed after the face whose centre shows it (Kociemba's face letters), so the foundation's
    validation reports problems in its usual words; a letter no centre shows becomes '?', an unknown colour.
    """
    if len(letters) != N_NET_FACELETS:
        raise InvalidCubeError(
            InvalidReason.WRONG_LENGTH, f"{len(letters)} stickers given; need 54", (), {"length": len(letters)}
        )
    ours = [""] * N_NET_FACELETS
    for i, ch in enumerate(letters):
        ours[NET_TO_KOCIEMBA[i]] = ch
    names: dict[str, str] = {}
    for face in Face:
        names.setdefault(ours[9 * face + 4], face.name)
    for i, ch in enumerate(letters):
        if ch not in names:
            raise InvalidCubeError(
                InvalidReason.UNKNOWN_COLOUR,
                f"letter {ch!r} at net position {i} is the colour of no centre",
                (int(NET_TO_KOCIEMBA[i]),),
                {"letter": ch},
            )
    return validate("".join(names[ch] for ch in ours), 3)


def write_net(state: CubeState, letters: str = "wrgyob") -> str:
    """54 net-order letters for `state`, `letters[f]` being the colour of face f (U R F D L B)."""
    colours = state.colours()
    return "".join(letters[int(colours[NET_TO_KOCIEMBA[i]])] for i in range(N_NET_FACELETS))


def net_turn_move(turn: int) -> Move:
    """Our Move for the format's turn number 0..11."""
    if not 0 <= turn < 2 * len(NET_FACES):
        raise ValueError(f"turn numbers are 0..11, not {turn}")
    return Move.of(NET_FACES[turn // 2], 1 if turn % 2 == 0 else 3)


def net_pairs(moves: Iterable[Move]) -> Iterator[tuple[int, int]]:
    """(face, direction) pairs as the 3x3 letter nets format prints them; a half turn is two clockwise quarter turns."""
    for move in moves:
        face = NET_FACES.index(move.face)
        if move.quarter_turns == 2:
            yield face, CLOCKWISE
            yield face, CLOCKWISE
        else:
            yield face, CLOCKWISE if move.quarter_turns == 1 else ANTICLOCKWISE


def format_answer(moves: Iterable[Move]) -> str:
    """The format's answer: the number of quarter turns, then (unless 0) the pairs on one line."""
    pairs = list(net_pairs(moves))
    if not pairs:
        return "0"
    return f"{len(pairs)}\n" + " ".join(f"{f} {d}" for f, d in pairs)


def split_cases(text: str) -> tuple[int, list[str]]:
    """T and the cases' 54-letter nets; whitespace is insignificant. Raises ValueError naming the problem."""
    tokens = text.split()
    if not tokens:
        raise ValueError("empty input: expected the number of cases")
    try:
        count = int(tokens[0])
    except ValueError:
        raise ValueError(f"first token {tokens[0]!r} is not the number of cases") from None
    if count < 0:
        raise ValueError(f"negative number of cases {count}")
    letters = "".join(tokens[1:])
    bad = sorted({ch for ch in letters if not ("a" <= ch <= "z")})
    if bad:
        raise ValueError(f"unexpected characters {''.join(bad)!r}: nets are lowercase colour letters")
    nets = [letters[i : i + N_NET_FACELETS] for i in range(0, len(letters), N_NET_FACELETS)]
    return count, nets
