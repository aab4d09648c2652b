"""The named goals cubers practise (`cross`, `f2l`, ...), each on the D face by default or on any colour.

Layer and block presets are sets of pieces, written for D (the cross of the D centre's colour, the U layer
last) and carried to another colour by the whole-cube rotation that takes D there. The orientation presets
(`eo`, `co`, `eoline`) and the all-of-a-kind ones (`corners`, `edges`) are fixed to the standard axes: edge
orientation as Kociemba's (good for U, D, R, L quarter turns), corner orientation as twist around U/D.
"""

from __future__ import annotations

import numpy as np

from solvers.cube.geometry import Corner, Edge, Face, centre_facelets, corner_facelets, edge_facelets
from solvers.goals.goal import GREY, N_COORD, N_PIECES, Goal, GoalError, home_coordinate, solved_goal
from solvers.goals.preset_names import ANY_COLOUR, FIXED_AXIS_PRESETS, PRESET_NAMES

_CROSS = ("DR", "DF", "DL", "DB")
_F2L = _CROSS + ("DFR", "DLF", "DBL", "DRB", "FR", "FL", "BL", "BR")
LAYER_PRESETS: dict[str, tuple[str, ...]] = {
    "cross": _CROSS,
    "xcross": _CROSS + ("DFR", "FR"),
    "f2l": _F2L,
    "2x2x2": ("DBL", "DB", "DL", "BL"),
    "2x2x3": ("DBL", "DLF", "DB", "DL", "BL", "DF", "FL"),
    "roux-fb": ("DL", "DLF", "DBL", "FL", "BL"),
    "last-layer": _F2L,  # everything but the U layer: the goal of F2L, the start of last-layer practice
}
COLOURS = tuple(face.name for face in Face)
# The face each face goes to under a whole-cube rotation that takes D to the colour's face (x2, x', x, z, z').
_ROTATION_FROM_D: dict[str, dict[str, str]] = {
    "D": {f: f for f in "URFDLB"},
    "U": {"D": "U", "U": "D", "F": "B", "B": "F", "R": "R", "L": "L"},
    "F": {"D": "F", "F": "U", "U": "B", "B": "D", "R": "R", "L": "L"},
    "B": {"D": "B", "B": "U", "U": "F", "F": "D", "R": "R", "L": "L"},
    "R": {"D": "R", "R": "U", "U": "L", "L": "D", "F": "F", "B": "B"},
    "L": {"D": "L", "L": "U", "U": "R", "R": "D", "F": "F", "B": "B"},
}


def _piece_with_faces(faces: set[str]) -> int:
    for corner in Corner:
        if set(corner.name) == faces:
            return int(corner)
    for edge in Edge:
        if set(edge.name) == faces:
            return 8 + int(edge)
    raise ValueError(f"no piece has faces {sorted(faces)}")


def preset_goal(name: str, colour: str = "D") -> Goal:
    """The goal of preset `name` on face `colour` (U R F D L B); GoalError names what is wrong."""
    colour = colour.upper()
    if name not in PRESET_NAMES:
        raise GoalError(f"unknown goal {name!r}: a preset ({', '.join(PRESET_NAMES)}) or 54 stickers URFDLB/.")
    if colour not in COLOURS:
        raise GoalError(f"unknown colour {colour!r}: one of {', '.join(COLOURS)} or {ANY_COLOUR}")
    if name in FIXED_AXIS_PRESETS:
        if colour != "D":
            raise GoalError(f"{name} is defined on the standard axes only; --colour does not apply to it")
        return _fixed_axis_goal(name)
    turn = _ROTATION_FROM_D[colour]
    pieces = [_piece_with_faces({turn[f] for f in piece}) for piece in LAYER_PRESETS[name]]
    return solved_goal(pieces, f"{name} ({colour})")


def preset_colours(name: str, colour: str) -> tuple[str, ...]:
    """The colours a `--colour` value stands for: all six for "any" (one for the fixed-axis presets)."""
    if colour.lower() != ANY_COLOUR:
        return (colour.upper(),)
    return ("D",) if name in FIXED_AXIS_PRESETS else COLOURS


def _fixed_axis_goal(name: str) -> Goal:
    if name == "corners":
        return solved_goal(range(8), name)
    if name == "edges":
        return solved_goal(range(8, 20), name)
    allowed = np.ones((N_PIECES, N_COORD), dtype=bool)
    first, twists = (0, 3) if name == "co" else (8, 2)
    for piece in range(first, first + (8 if name == "co" else 12)):
        allowed[piece] = np.arange(N_COORD) % twists == 0  # any slot, oriented
    if name == "eoline":
        for piece in (8 + Edge.DF, 8 + Edge.DB):
            allowed[piece] = False
            allowed[piece, home_coordinate(piece)] = True
    return Goal(allowed, name)


def preset_pattern(name: str, colour: str = "D") -> str:
    """The 54-sticker pattern (Kociemba order, `.` grey) of a preset that fixes whole pieces, for painting.

    The stickers of the preset's pieces show their home colours, every other sticker but the centres is grey.
    Orientation presets (`eo`, `co`, `eoline`) say "oriented, anywhere", which no sticker pattern expresses.
    """
    goal = preset_goal(name, colour)
    pinned = [p for p in goal.constrained if int(goal.allowed[p].sum()) == 1]
    if len(pinned) != len(goal.constrained):
        raise GoalError(f"{name} asks for oriented pieces anywhere: no pattern of grey and coloured stickers says that")
    pattern = [GREY] * 54
    for index in centre_facelets():
        pattern[int(index)] = Face(int(index) // 9).name
    for piece in pinned:
        stickers = corner_facelets(3)[piece] if piece < 8 else edge_facelets(3)[piece - 8]
        for index in stickers:
            pattern[int(index)] = Face(int(index) // 9).name
    return "".join(pattern)
