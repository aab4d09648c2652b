"""Grey ("don't care") stickers in the editor: the grey paint colour, its palette button, and the judging of a
partly grey 3x3 net as a goal pattern.

A net with grey stickers is not a cube but a goal: "reach a state showing these colours wherever the net is not
grey". The engine's `parse_goal` judges it; its refusals name the stickers at fault, which the editor outlines.
Colour ids are the editor's (Face ids, BLANK for unpainted, GREY here); the pattern letters are home faces, so a
pattern is read with the centres at home (the standard orientation).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PyQt6.QtWidgets import QPushButton

from cubeviz.views.net_keys import GREY_KEY
from solvers.cube.geometry import Face, centre_facelets
from solvers.goals.goal import GREY as GREY_LETTER
from solvers.goals.goal import GoalError, parse_goal

GREY = -2  # the editor's colour id of a don't-care sticker (BLANK, -1, is "not painted yet")
GREY_RGB = (92, 92, 98)


@dataclass(frozen=True)
class PatternJudgement:
    """A partly grey net read as a goal: `pattern` (54 letters URFDLB or '.') when some cube can show it."""

    pattern: str | None
    message: str
    outlined: frozenset[int] = frozenset()


def has_grey(colours: np.ndarray) -> bool:
    return bool((np.asarray(colours) == GREY).any())


def pattern_text(colours: np.ndarray) -> str:
    """The colouring as pattern letters: a sticker's colour is named by its home face, grey is '.'."""
    return "".join(GREY_LETTER if int(c) == GREY else Face(int(c)).name for c in colours)


def pattern_colours(pattern: str) -> np.ndarray:
    """The editor colour ids of a 54-letter pattern (the inverse of `pattern_text`)."""
    return np.array([GREY if char == GREY_LETTER else int(Face[char]) for char in pattern], dtype=np.int64)


def read_pattern(text: str) -> np.ndarray | None:
    """The colour ids of pasted pattern text (54 letters URFDLB with at least one '.'); None for anything else."""
    pattern = "".join(text.split()).upper()
    if len(pattern) != 54 or GREY_LETTER not in pattern or set(pattern) - set("URFDLB" + GREY_LETTER):
        return None
    return pattern_colours(pattern)


def judge_pattern(colours: np.ndarray, size: int) -> PatternJudgement:
    """Whether a partly grey net is a goal some cube can reach; if not, which stickers make it impossible."""
    colours = np.asarray(colours)
    greys = int((colours == GREY).sum())
    if size != 3:
        return PatternJudgement(None, "Grey stickers make a goal pattern, which is for the 3x3x3 only")
    centres = colours[centre_facelets()]
    if [int(c) for c in centres] != [int(face) for face in Face]:
        return PatternJudgement(
            None,
            "A goal pattern is read in the standard orientation: choose the top and front colours of a solved cube",
            frozenset(int(i) for i in centre_facelets()),
        )
    try:
        pattern = parse_goal(pattern_text(colours))
    except GoalError as exc:
        why = str(exc)
        return PatternJudgement(None, f"Impossible goal: {why[:1].upper()}{why[1:]}", frozenset(exc.facelets))
    pieces = len(pattern.constrained)
    return PatternJudgement(
        pattern_text(colours),
        f"A goal pattern: {greys} grey sticker{'s' if greys != 1 else ''}, {pieces} piece{'s' if pieces != 1 else ''}"
        " that matter. Solve it from the Solve dock (solve: the painted pattern)",
    )


def add_grey_button(palette) -> QPushButton:
    """A grey swatch in the palette's exclusive group (id GREY), after the six colours."""
    button = QPushButton(f"grey\n{GREY_KEY}", palette)
    button.setCheckable(True)
    button.setFixedSize(palette.buttons[Face.U].size())
    button.setToolTip(f"Grey: a sticker you don't care about (a goal pattern); key {GREY_KEY}")
    r, g, b = GREY_RGB
    button.setStyleSheet(
        f"QPushButton {{ background: rgb({r},{g},{b}); color: #eee; font-weight: bold;"
        " border: 2px solid #555; border-radius: 6px; } QPushButton:checked { border: 4px solid #ff00c8; }"
    )
    palette.group.addButton(button, GREY)
    layout = palette.layout()
    layout.insertWidget(layout.count() - 1, button)  # before the stretch
    return button
