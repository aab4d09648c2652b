"""The 2x2 net pairs workload in bulk: many pairs of colour nets to cube states to distances, all in numpy at once.

The per-pair logic is the same as `solvers.cube.pocket_formats` (which gives the precise error messages): read the
colour of each face from net A's own corners, read both nets' corner pieces, view B from the side that puts its DBL
piece home, then look up ``A^-1 * B`` in the God's table. Here every step is one array operation over all pairs,
which is what makes 250,000 pairs take a fraction of a second. Pairs that fail a check get distance -1.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from solvers.cube.geometry import N_CORNERS, Corner, Face, corner_facelets
from solvers.cube.pocket_formats import NET_ORDER, NET_ROWS
from solvers.engine import Metric
from solvers.pocket.gods import gods_table
from solvers.pocket.packed import UNREADABLE, frame_indices, is_reachable, relative

INVALID = -1
_WHITESPACE = b" \t\n\r\v\f"
_NO_FACE = 6  # face id of a letter that is not one of the six colours
_CHUNK = 1 << 15  # pairs per chunk: the working arrays stay in the CPU cache


@dataclass(frozen=True)
class PairLayout:
    """Where the letters of net A and net B and the separators sit among one pair's non-blank characters."""

    chars_per_pair: int
    a_columns: np.ndarray  # (24,) column of the letter for each facelet of net A
    b_columns: np.ndarray  # (24,) same for net B
    separators: np.ndarray  # (6,) columns of the separator characters
    row_starts: np.ndarray  # (6,) column where each row (net A's letters, separator, net B's letters) begins
    row_widths: np.ndarray  # (6,) characters in each row


@cache
def pair_layout() -> PairLayout:
    a_net: list[int] = []
    b_net: list[int] = []
    separators: list[int] = []
    column = 0
    for row in NET_ROWS:
        a_net += range(column, column + len(row))
        separators.append(column + len(row))
        b_net += range(column + len(row) + 1, column + 2 * len(row) + 1)
        column += 2 * len(row) + 1
    net_position = np.argsort(NET_ORDER)  # facelet -> position in net reading order
    widths = np.array([2 * len(row) + 1 for row in NET_ROWS], dtype=np.int64)
    return PairLayout(
        column,
        np.array(a_net)[net_position],
        np.array(b_net)[net_position],
        np.array(separators, dtype=np.int64),
        np.concatenate(([0], np.cumsum(widths)[:-1])),
        widths,
    )


@cache
def byte_classes() -> tuple[np.ndarray, np.ndarray]:
    whitespace = np.zeros(256, dtype=bool)
    whitespace[list(_WHITESPACE)] = True
    letter = np.zeros(256, dtype=bool)
    letter[list(range(ord("A"), ord("Z") + 1)) + list(range(ord("a"), ord("z") + 1))] = True
    return whitespace, letter


def split_count(data: bytes) -> tuple[bytes, int]:
    """(first token, offset just after it) of the input; the token is empty if the input is blank."""
    stripped = data.lstrip(_WHITESPACE)
    start = len(data) - len(stripped)
    end = start
    while end < len(data) and data[end] not in _WHITESPACE:
        end += 1
    return data[start:end], end


def bulk_letters(data: bytes, offset: int, count: int) -> np.ndarray | None:
    """Letters (count, 2, 24) uint8 in facelet order, upper-cased; None if the text is not exactly `count` pairs.

    Structure only, and the same structure the line-by-line reader asks for, so that whether a pair is answered
    never depends on its neighbours: each of a pair's six rows on a line of its own, the right number of
    non-blank characters, letters where letters go and a printable ASCII non-letter as each row's separator.
    Colours are checked later. On None the caller diagnoses line by line.
    """
    whitespace, letter = byte_classes()
    raw = np.frombuffer(data, dtype=np.uint8)[offset:]
    solid = np.flatnonzero(~whitespace[raw])
    layout = pair_layout()
    if len(solid) != count * layout.chars_per_pair:
        return None
    block = raw[solid].reshape(count, layout.chars_per_pair)
    separators = block[:, layout.separators]
    if letter[separators].any() or (separators < 0x21).any() or (separators > 0x7E).any():
        return None
    letters = block[:, np.stack([layout.a_columns, layout.b_columns])]  # (count, 2, 24)
    if not letter[letters].all():
        return None
    line = np.cumsum(raw == ord("\n"))[solid].reshape(count, layout.chars_per_pair)
    row_line = line[:, layout.row_starts]  # (count, 6): the line each row starts on
    rows_whole = (line == np.repeat(row_line, layout.row_widths, axis=1)).all()
    if not rows_whole or (np.diff(row_line.ravel()) <= 0).any():
        return None
    return letters & np.uint8(0xDF)  # ASCII upper case


def faces_from_letters(letters: np.ndarray) -> np.ndarray:
    """Face ids (count, 2, 24) uint8 of each letter, the colour map read from each pair's net A (see colour_map).

    A letter outside the six colours gets the id 6; a net whose corners cannot name the faces gets all 6s.
    """
    count = len(letters)
    slots = corner_facelets(2).astype(np.int64)
    corners = letters[:, 0, :][:, slots]  # (count, 8, 3) uint8
    corner_sums = corners.sum(axis=2, dtype=np.int16)
    d, b, l = (letters[:, 0, int(f)] for f in slots[Corner.DBL])

    def has(colour: np.ndarray) -> np.ndarray:
        return (corners == colour[:, None, None]).any(axis=2)

    has_d, has_b, has_l = has(d), has(b), has(l)
    rows = np.arange(count)
    colour_of = {Face.D: d, Face.B: b, Face.L: l}
    good = np.ones(count, dtype=bool)
    for face, first, second, select in (
        (Face.U, b, l, has_b & has_l & ~has_d),
        (Face.R, d, b, has_d & has_b & ~has_l),
        (Face.F, d, l, has_d & has_l & ~has_b),
    ):
        good &= select.sum(axis=1) == 1
        third = corner_sums[rows, np.argmax(select, axis=1)] - first.astype(np.int16) - second
        colour_of[face] = third.astype(np.uint8)
    faces = np.full(letters.shape, _NO_FACE, dtype=np.uint8)
    for face, colour in colour_of.items():
        np.putmask(faces, letters == colour[:, None, None], np.uint8(face))
    faces[~good] = _NO_FACE
    return faces


@cache
def _piece_lookup() -> np.ndarray:
    """[49 * c0 + 7 * c1 + c2] -> slot code 3 * piece + twist for the face ids seen at a slot; 24 if no piece."""
    table = np.full(7**3, UNREADABLE, dtype=np.int64)
    home = corner_facelets(2) // 4
    for piece in range(N_CORNERS):
        for twist in range(3):
            seen = [int(home[piece, (j - twist) % 3]) for j in range(3)]
            table[49 * seen[0] + 7 * seen[1] + seen[2]] = 3 * piece + twist
    table.setflags(write=False)
    return table


def slot_codes(faces: np.ndarray) -> list[np.ndarray]:
    """Eight int64 columns of slot codes (see packed.py) from face ids (n, 24)."""
    lookup = _piece_lookup()
    codes = []
    for stickers in corner_facelets(2).tolist():
        key = faces[:, stickers[0]] * np.int16(49)
        key += faces[:, stickers[1]] * np.int16(7)
        key += faces[:, stickers[2]]
        codes.append(lookup[key])
    return codes


def pair_distances(letters: np.ndarray, metric: Metric | str = Metric.QTM) -> np.ndarray:
    """Distance (int16) from net A to net B of every pair, rotations free; -1 where a net is not a real cube.

    Fast path: one letter -> face map (read from the first pair) serves every pair painted the same way; only
    pairs it cannot read get their own map from their net A. Any real-cube naming gives the same distance.
    Works in chunks that stay in cache.
    """
    table = gods_table(metric)
    shared = _shared_map(letters)
    result = np.empty(len(letters), dtype=np.int16)
    for start in range(0, len(letters), _CHUNK):
        stop = min(start + _CHUNK, len(letters))
        result[start:stop] = _chunk_distances(letters[start:stop], shared, table)
    return result


def _chunk_distances(letters: np.ndarray, shared: np.ndarray, table: np.ndarray) -> np.ndarray:
    faces = shared[letters]
    a, b = slot_codes(faces[:, 0]), slot_codes(faces[:, 1])
    ok = is_reachable(a) & is_reachable(b)
    retry = np.flatnonzero(~ok)
    if len(retry):
        own = faces_from_letters(letters[retry])
        a_own, b_own = slot_codes(own[:, 0]), slot_codes(own[:, 1])
        for column, fixed in zip(a + b, a_own + b_own, strict=True):
            column[retry] = fixed
        ok[retry] = is_reachable(a_own) & is_reachable(b_own)
    # A^-1 * B seen from the side that holds its DBL piece home: turning A and B first would give the same
    # distance (a rotation conjugates face turns into face turns), at twice the cost.
    distances = table[frame_indices(relative(a, b))].astype(np.int16)
    distances[~ok] = INVALID
    return distances


def _shared_map(letters: np.ndarray, tries: int = 8) -> np.ndarray:
    """uint8 (256,): byte -> face id from the first of the first `tries` pairs whose net A is a real cube."""
    table = np.full(256, _NO_FACE, dtype=np.uint8)
    for net in letters[:tries, 0]:
        faces = faces_from_letters(net[None, None, :])[0]
        if is_reachable(slot_codes(faces[:1]))[0]:
            table[net] = faces[0]
            break
    return table
