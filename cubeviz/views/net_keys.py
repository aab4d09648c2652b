"""The keys of the editor's paintable net, as one table: the net handles them and the shortcuts help lists them,
so the help reads them here without importing the editor."""

from __future__ import annotations

from PyQt6.QtCore import Qt

MOVES = {Qt.Key.Key_Left: (-1, 0), Qt.Key.Key_Right: (1, 0), Qt.Key.Key_Up: (0, -1), Qt.Key.Key_Down: (0, 1)}
BLANK_KEYS = (Qt.Key.Key_Delete, Qt.Key.Key_Backspace)
GREY_KEY = "."  # typed in the net, like the pattern syntax


def key_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for the help, from the keys the net handles."""
    arrows = ", ".join(key.name.removeprefix("Key_") for key in MOVES)
    blanks = ", ".join(key.name.removeprefix("Key_") for key in BLANK_KEYS)
    return [
        (arrows, "move the sticker cursor"),
        ("colour letter, 1-6", "paint the sticker under the cursor and go on to the next (1-6: U R F D L B)"),
        (GREY_KEY, "paint it grey: a sticker the goal does not care about (3x3x3)"),
        (blanks, "blank the sticker under the cursor"),
        ("Ctrl+Z, Ctrl+Shift+Z", "undo, redo painting"),
    ]
