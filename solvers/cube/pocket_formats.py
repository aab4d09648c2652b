"""Text formats of the 2x2x2: 2x2 net pairs (two colour nets) and F/R/U sticker permutations (24 numbers).

2x2 net (one cube; a pair puts net A, one separator character, then net B on each of the six lines)::

          U1 U2
          U3 U4
    L1 L2 F1 F2 R1 R2 B1 B2
    L3 L4 F3 F4 R3 R4 B3 B4
          D1 D2
          D3 D4

This is exactly the Kociemba net of geometry.py, so net positions map onto our facelets directly. Colours are any
six letters: which letter belongs to which face is read from the cube itself (`colour_map`), not fixed.

F/R/U sticker permutation: 24 numbers, ``v[k]`` = the sticker now seen at sticker place k (the same "replaced by"
reading as CubeState). Places are numbered by block, blocks front before back, then top before bottom, then left
before right, three places per block, listed in `FRU_BLOCKS` by the face each place lies on.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import numpy as np

from solvers.cube.geometry import N_CORNERS, Corner, Face, corner_facelets, facelet_name
from solvers.cube.state import CubeState

N_STICKERS = 24

NET_ROWS: tuple[tuple[str, ...], ...] = (
    ("U1", "U2"),
    ("U3", "U4"),
    ("L1", "L2", "F1", "F2", "R1", "R2", "B1", "B2"),
    ("L3", "L4", "F3", "F4", "R3", "R4", "B3", "B4"),
    ("D1", "D2"),
    ("D3", "D4"),
)
"""The 2x2 net, row by row, as facelet names."""

FRU_BLOCKS: tuple[tuple[Corner, str], ...] = (
    (Corner.UFL, "FLU"),
    (Corner.URF, "FUR"),
    (Corner.DLF, "FDL"),
    (Corner.DFR, "FRD"),
    (Corner.ULB, "BUL"),
    (Corner.UBR, "BRU"),
    (Corner.DBL, "BLD"),
    (Corner.DRB, "BDR"),
)
"""The F/R/U sticker permutation's blocks 0..7 (slot) and the faces of its places 3b, 3b+1, 3b+2 in order."""

FRU_FIXED_PLACES = (18, 19, 20)  # block 6 = DBL, which F/R/U turns never move


class PocketFormatError(ValueError):
    """Text or numbers that do not describe a real 2x2x2; the message says what is wrong (no location)."""


def _facelet(name: str) -> int:
    return 4 * Face[name[0]] + int(name[1]) - 1


NET_ORDER = np.array([_facelet(name) for row in NET_ROWS for name in row], dtype=np.int64)
"""NET_ORDER[k] = facelet of the k-th letter of a net read row by row."""


@cache
def fru_facelets() -> np.ndarray:
    """int64 (24,): our facelet index of each F/R/U sticker permutation place."""
    slots = corner_facelets(2)
    faces = {Corner(c): {int(f) // 4: int(f) for f in slots[c]} for c in Corner}
    result = np.array([faces[slot][Face[letter]] for slot, letters in FRU_BLOCKS for letter in letters])
    result.setflags(write=False)
    return result


# -- 2x2 nets -------------------------------------------------------------------------------------------------
def net_letters(rows: Sequence[str]) -> str:
    """24 letters in facelet order (U1..B4) from the six rows of one net (whitespace ignored)."""
    cleaned = ["".join(row.split()) for row in rows]
    if len(cleaned) != len(NET_ROWS):
        raise PocketFormatError(f"a net has {len(NET_ROWS)} rows, got {len(cleaned)}")
    letters = [""] * N_STICKERS
    k = 0
    for number, (row, names) in enumerate(zip(cleaned, NET_ROWS, strict=True), start=1):
        if len(row) != len(names):
            raise PocketFormatError(f"net row {number} needs {len(names)} letters, got {len(row)} ({row!r})")
        for ch in row:
            if not ch.isalpha():
                raise PocketFormatError(f"net row {number}: {ch!r} is not a colour letter")
            letters[NET_ORDER[k]] = ch.upper()
            k += 1
    return "".join(letters)


def net_rows(letters: str) -> list[str]:
    """The six rows of a net (letters separated by spaces) from 24 letters in facelet order."""
    return [" ".join(letters[_facelet(name)] for name in names) for names in NET_ROWS]


def colour_map(letters: str) -> dict[str, Face]:
    """Which face each of a real cube's six colour letters belongs to, read from the cube's own corners.

    The piece in the DBL slot names D, B and L (its stickers there); U is the colour sharing a corner with B and L
    but not D, R the one with D and B but not L, F the one with D and L but not B. Any real cube then reads with
    its DBL piece home and untwisted; a mirror-image or otherwise impossible colouring fails to read.
    """
    corners = [[letters[f] for f in slot] for slot in corner_facelets(2).tolist()]
    d, b, l = corners[Corner.DBL]
    mapping = {d: Face.D, b: Face.B, l: Face.L}
    for face, (must_a, must_b, must_not) in {Face.U: (b, l, d), Face.R: (d, b, l), Face.F: (d, l, b)}.items():
        found = [c for c in corners if must_a in c and must_b in c and must_not not in c]
        if len(found) != 1:
            raise PocketFormatError(f"colours {must_a} {must_b} {must_not} do not sit on corners like a real cube")
        others = set(found[0]) - {must_a, must_b}
        third = others.pop() if len(others) == 1 else must_a  # a repeated colour: reported just below
        if third in mapping:
            raise PocketFormatError(f"colour {third} would belong to two faces")
        mapping[third] = face
    return mapping


def state_from_letters(letters: str, mapping: dict[str, Face]) -> CubeState:
    """The state shown by 24 letters in facelet order, given the face of each letter; checks it is reachable."""
    if len(letters) != N_STICKERS:
        raise PocketFormatError(f"a 2x2x2 has {N_STICKERS} stickers, got {len(letters)}")
    unknown = sorted(set(letters) - set(mapping))
    if unknown:
        raise PocketFormatError(f"colour {unknown[0]} is not one of the cube's six colours {''.join(mapping)}")
    colours = np.array([mapping[ch] for ch in letters], dtype=np.int64)
    return state_from_colours(colours)


def state_from_colours(colours: np.ndarray) -> CubeState:
    """State of 24 face ids in facelet order; PocketFormatError if the pieces are not those of a real cube."""
    slots = corner_facelets(2)
    try:
        state = CubeState.from_colours(2, colours)
    except ValueError:
        for slot in Corner:
            seen = colours[slots[slot]]
            if len(set(seen.tolist())) != 3 or not _is_piece(seen):
                where = "/".join(facelet_name(int(f), 2) for f in slots[slot])
                shown = ", ".join(Face(int(c)).name for c in seen)
                raise PocketFormatError(f"the corner at {where} shows faces {shown}, which no piece has") from None
        raise
    check_reachable(state)
    return state


def _is_piece(seen: np.ndarray) -> bool:
    home = corner_facelets(2) // 4
    return any(tuple(np.roll(piece, k).tolist()) == tuple(seen.tolist()) for piece in home for k in range(3))


def check_reachable(state: CubeState) -> None:
    """PocketFormatError unless every corner piece appears once and the twists sum to 0 mod 3."""
    pieces = state.cp.tolist()
    for piece in Corner:
        if pieces.count(piece) != 1:
            raise PocketFormatError(f"corner piece {piece.name} appears {pieces.count(piece)} times")
    twist = int(state.co.sum()) % 3
    if twist:
        raise PocketFormatError(f"a corner is twisted in place (twists sum to {twist} mod 3), not reachable by turns")


def letters_of_state(state: CubeState, scheme: dict[Face, str]) -> str:
    """24 letters in facelet order showing `state` in the colours `scheme` gives each face."""
    return "".join(scheme[Face(int(c))] for c in state.colours())


# -- F/R/U sticker permutations -------------------------------------------------------------------------------------
def sticker_permutation(state: CubeState) -> np.ndarray:
    """int64 (24,): our facelet whose sticker is now seen at each facelet (the state as a sticker permutation)."""
    slots = corner_facelets(2)
    result = np.empty(N_STICKERS, dtype=np.int64)
    for slot in range(N_CORNERS):
        piece, twist = int(state.cp[slot]), int(state.co[slot])
        for k in range(3):
            result[slots[slot, (k + twist) % 3]] = slots[piece, k]
    return result


def fru_permutation_from_state(state: CubeState) -> list[int]:
    """The F/R/U sticker permutation (24 numbers) of a 2x2 state."""
    places = fru_facelets()
    place_of = np.argsort(places)  # our facelet -> permutation place
    return [int(v) for v in place_of[sticker_permutation(state)[places]]]


def state_from_fru_permutation(numbers: Sequence[int]) -> CubeState:
    """The 2x2 state of an F/R/U sticker permutation's 24 numbers; PocketFormatError if they are not a real cube's
    permutation."""
    values = [int(v) for v in numbers]
    if len(values) != N_STICKERS:
        raise PocketFormatError(f"expected {N_STICKERS} numbers, got {len(values)}")
    if sorted(values) != list(range(N_STICKERS)):
        bad = next((v for v in values if not 0 <= v < N_STICKERS), None)
        if bad is not None:
            raise PocketFormatError(f"{bad} is not a sticker number 0..23")
        twice = next(v for v in values if values.count(v) > 1)
        raise PocketFormatError(f"sticker {twice} appears {values.count(twice)} times")
    places = fru_facelets()
    colours = np.empty(N_STICKERS, dtype=np.int64)
    colours[places] = places[values] // 4
    state = state_from_colours(colours)
    if fru_permutation_from_state(state) != values:
        raise PocketFormatError("the stickers of a block are split up or out of turn order: not a real cube")
    return state


def format_fru_permutation(state: CubeState) -> str:
    """An F/R/U sticker permutation as an output line: the 24 numbers separated by single spaces."""
    return " ".join(str(v) for v in fru_permutation_from_state(state))
