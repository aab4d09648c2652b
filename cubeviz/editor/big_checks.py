"""The editor's verdict on a big cube's colouring (4x4x4 and up): the big-cube engine's validation, in words, with
the stickers it names outlined, and a twisted corner's repair.

Why apart from checks.py: the 2x2x2/3x3x3 judge works on cubies and offers many repairs; a big cube is judged by
`solvers.nxn.validation`, whose error names the pieces at fault (a twisted corner, a wing twice, a centre orbit
short of a colour), and only a twisted corner has a repair the colours alone decide.
"""

from __future__ import annotations

import numpy as np

from cubeviz.editor.checks import BLANK, Fix, Verdict
from cubeviz.editor.grey_paint import GREY
from solvers.nxn.errors import BigCubeReason, InvalidBigCubeError
from solvers.nxn.pieces import CORNER_NAMES, corner_slots
from solvers.nxn.state import NxNState
from solvers.nxn.validation import validate

VALID_TEXT = "A valid cube: Apply loads it into the main view"
GREY_TEXT = "Grey stickers mark goal patterns, which are for the 3x3x3: paint every sticker a colour"


def judge_big(colours: np.ndarray, size: int) -> Verdict:
    """Check a big cube's colouring (colour ids 0..5, BLANK for unpainted, GREY for don't-care)."""
    blanks = np.flatnonzero(colours == BLANK)
    if len(blanks):
        return Verdict(None, f"{len(blanks)} sticker{'s' if len(blanks) > 1 else ''} still blank")
    greys = np.flatnonzero(colours == GREY)
    if len(greys):
        return Verdict(None, GREY_TEXT, (), frozenset(int(i) for i in greys))
    state = NxNState(size, np.asarray(colours, dtype=np.int8))
    problem = _problem(state)
    if problem is None:
        return Verdict(state, VALID_TEXT)
    message = problem.message[:1].upper() + problem.message[1:]
    fixes = _corner_fixes(state, problem)
    fix = fixes[0] if len(fixes) == 1 else None
    choices = fixes if len(fixes) > 1 else ()
    return Verdict(None, message, (problem,), frozenset(int(i) for i in problem.facelets), fix, choices=choices)


def _problem(state: NxNState) -> InvalidBigCubeError | None:
    try:
        validate(state)
    except InvalidBigCubeError as problem:
        return problem
    return None


def _corner_fixes(state: NxNState, problem: InvalidBigCubeError) -> tuple[Fix, ...]:
    """For a twisted corner: each named corner whose turn in place (a third or two thirds: only one of them can
    make the twists add up) makes the whole colouring valid."""
    if problem.reason is not BigCubeReason.TWISTED_CORNER:
        return ()
    slots = corner_slots(state.size)
    fixes = []
    for name in problem.detail.get("twisted", ()):
        stickers = slots[CORNER_NAMES.index(name)]
        for shift in (1, 2):
            colours = state.colours.copy()
            colours[stickers] = np.roll(state.colours[stickers], shift)
            if _problem(NxNState(state.size, colours)) is None:
                fixes.append(Fix(f"Twist the {name} corner back in place", tuple(int(c) for c in colours)))
    return tuple(fixes)
