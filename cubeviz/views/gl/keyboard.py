"""Keyboard turns: U D L R F B (M E S on the 3x3) and the rotations x y z; Shift makes the turn anticlockwise."""

from __future__ import annotations

from PyQt6.QtCore import Qt

from solvers.cube.notation import Turn

_KEYS = {getattr(Qt.Key, f"Key_{letter.upper()}").value: letter for letter in "UDLRFBMESxyz"}
_SLICES = frozenset("MES")
CLOCKWISE, PRIME = 1, 3


def turn_for_key(key: int, modifiers: Qt.KeyboardModifier, size: int) -> Turn | None:
    """The turn a key asks for, or None (other keys, or Ctrl/Alt/Meta held: those are shortcuts)."""
    if modifiers & (
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier | Qt.KeyboardModifier.MetaModifier
    ):
        return None
    name = _KEYS.get(int(key))
    if name is None or (size == 2 and name in _SLICES):
        return None
    prime = bool(modifiers & Qt.KeyboardModifier.ShiftModifier)
    return Turn(name, PRIME if prime else CLOCKWISE)


def key_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for the help, from the key map itself."""
    faces = " ".join(letter for letter in _KEYS.values() if letter.isupper() and letter not in _SLICES)
    slices = " ".join(letter for letter in _KEYS.values() if letter in _SLICES)
    rotations = " ".join(letter.upper() for letter in _KEYS.values() if letter.islower())
    return [
        (faces, "turn that face clockwise; with Shift, anticlockwise"),
        (slices, "turn that middle slice (3x3x3); with Shift, the other way"),
        (rotations, "rotate the whole cube (x, y, z); with Shift, the other way"),
        ("1-9 then a face", "4x4x4 and up: turn that layer alone (3 then R is 3R); M E S on odd sizes"),
    ]
