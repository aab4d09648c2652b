"""WCA/SiGN notation of big cubes: read text into `BlockTurn`s and write them back in WCA style.

Tokens (amount suffix '', '2' or "'", "2'" read as 2):
  R U F L D B         the outer face            nR        the n-th layer from that face alone (1R = R)
  Rw, r               the two outer layers      nRw, nr   the n outer layers
  a-bRw, a-br         layers a..b from that face (SiGN), e.g. 2-3Rw on a 5x5x5
  M E S               the middle layer of an odd cube, turning like L, D and F
  x y z               the whole cube, turning like R, U and F
Tokens may be separated by spaces or written together (`RUR'`). An error names the first bad token and its
column (`NotationError` with `.position` and `.token`).

Printing chooses the nearer face for inner layers (`2L` rather than `4R` on a 5x5x5), `M E S` for the single
middle layer of an odd cube, x y z for whole-cube turns, and the a-bRw form only for inner ranges of several
layers, which WCA notation cannot write as one turn.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from solvers.cube.notation_nodes import NotationError
from solvers.nxn.geometry import FACE_AXIS, POSITIVE_FACE, Axis, Face, check_size
from solvers.nxn.moves import BlockTurn

_TOKEN = re.compile(
    r"(?P<range>(?P<a>\d+)-(?P<b>\d+))?(?P<n>\d+)?"
    r"(?:(?P<face>[URFDLB])(?P<w>w)?|(?P<lower>[urfdlb])|(?P<slice>[MES])|(?P<rot>[xyz]))"
    r"(?P<amount>2'|2|'|)"
)
_SLICE_FOLLOWS = {"M": Face.L, "E": Face.D, "S": Face.F}
_ROTATION_AXIS = {"x": Axis.X, "y": Axis.Y, "z": Axis.Z}
_AMOUNT = {"": 1, "2": 2, "2'": 2, "'": 3}
_SUFFIX = {1: "", 2: "2", 3: "'"}


def _error(text: str, position: int, token: str, hint: str) -> NotationError:
    return NotationError(f"{token!r} at column {position + 1}: {hint}", position, token)


def _from_face(face: Face, first: int, last: int, quarters: int, size: int) -> BlockTurn:
    """Layers first..last counted from `face` (0 = the face), turned clockwise as seen from that face."""
    axis, sign = FACE_AXIS[face]
    if sign > 0:
        return BlockTurn(axis, first, last, quarters)
    return BlockTurn(axis, size - 1 - last, size - 1 - first, 4 - quarters)


def _read(match: re.Match, size: int) -> tuple[Face | None, int, int, str]:
    """(face, first, last, problem) of one matched token; problem is '' when the token is a turn of this cube."""
    groups = match.groupdict()
    prefix = groups["n"]
    if groups["rot"]:
        return None, 0, size - 1, "a rotation takes no layer count" if prefix or groups["range"] else ""
    if groups["slice"]:
        if prefix or groups["range"]:
            return None, 0, 0, "a slice takes no layer count"
        if size % 2 == 0:
            return None, 0, 0, f"a {size}x{size}x{size} has no middle layer for {groups['slice']}"
        return _SLICE_FOLLOWS[groups["slice"]], size // 2, size // 2, ""
    wide = bool(groups["w"] or groups["lower"])
    face = Face[(groups["face"] or groups["lower"]).upper()]
    if groups["range"]:
        if prefix:
            return face, 0, 0, "write a layer range as a-b before the face"
        a, b = int(groups["a"]), int(groups["b"])
        if not wide:
            return face, 0, 0, "a layer range needs w (2-3Rw) or a lowercase face (2-3r)"
        if not 1 <= a <= b <= size:
            return face, 0, 0, f"layers {a}-{b} are not within 1..{size} with {a} <= {b}"
        return face, a - 1, b - 1, ""
    count = int(prefix) if prefix else (2 if wide else 1)
    if not 1 <= count <= size:
        return face, 0, 0, f"a {size}x{size}x{size} has layers 1..{size}, not {count}"
    return (face, 0, count - 1, "") if wide else (face, count - 1, count - 1, "")


def parse(text: str, size: int) -> list[BlockTurn]:
    """The turns `text` writes for a size-N cube; NotationError at the first token that is not one."""
    check_size(size)
    turns: list[BlockTurn] = []
    position = 0
    while position < len(text):
        if text[position].isspace():
            position += 1
            continue
        match = _TOKEN.match(text, position)
        if match is None:
            end = position
            while end < len(text) and not text[end].isspace():
                end += 1
            raise _error(text, position, text[position:end], "not a turn (R, Rw, 3Rw, 2R, r, M, x, ...)")
        token = match.group(0)
        face, first, last, problem = _read(match, size)
        if problem:
            raise _error(text, position, token, problem)
        quarters = _AMOUNT[match.group("amount")]
        if face is None:
            turns.append(BlockTurn(_ROTATION_AXIS[match.group("rot")], 0, size - 1, quarters))
        else:
            turns.append(_from_face(face, first, last, quarters, size))
        position = match.end()
    return turns


def _negative_face(axis: Axis) -> Face:
    return next(face for face, (a, sign) in FACE_AXIS.items() if a == axis and sign < 0)


def _layers_token(face: Face, first: int, last: int) -> str:
    """The WCA spelling of layers first..last counted from `face` (without the amount)."""
    name = face.name
    if first == 0:
        return name if last == 0 else (f"{name}w" if last == 1 else f"{last + 1}{name}w")
    if first == last:
        return f"{first + 1}{name}"
    return f"{first + 1}-{last + 1}{name}w"


def format_turn(turn: BlockTurn, size: int) -> str:
    """One turn in WCA style, e.g. `Rw'`, `3Uw2`, `2L`, `M2`, `y`."""
    turn.check(size)
    if turn.is_rotation(size):
        return "xyz"[turn.axis] + _SUFFIX[turn.quarters]
    if size % 2 == 1 and turn.first == turn.last == size // 2 and size > 1:
        letter = "MES"[turn.axis]
        follows = _SLICE_FOLLOWS[letter]
        quarters = turn.quarters if FACE_AXIS[follows][1] > 0 else 4 - turn.quarters
        return letter + _SUFFIX[quarters]
    near_positive = turn.first == 0 or (turn.last != size - 1 and turn.first <= size - 1 - turn.last)
    if near_positive:
        return _layers_token(POSITIVE_FACE[turn.axis], turn.first, turn.last) + _SUFFIX[turn.quarters]
    first, last = size - 1 - turn.last, size - 1 - turn.first
    return _layers_token(_negative_face(turn.axis), first, last) + _SUFFIX[4 - turn.quarters]


def format_turns(turns: Iterable[BlockTurn], size: int) -> str:
    """Turns separated by spaces, in WCA style."""
    return " ".join(format_turn(turn, size) for turn in turns)
