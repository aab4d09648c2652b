"""What is wrong with the colouring being entered, in words, with the stickers to outline and a one-click fix.

Qt-free: the editor panel shows a `Verdict`; tests read it. The foundation's `validate_all` does the judging; this
module adds what only an editor has (blank stickers) and the repair: where exactly one change makes the cube
valid (a twisted corner, a flipped edge, two swapped pieces, one mis-painted sticker) it is offered as a `Fix`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from cubeviz.editor.grey_paint import has_grey, judge_pattern
from solvers.cube.geometry import (
    Corner,
    Edge,
    Face,
    centre_facelets,
    corner_facelets,
    edge_facelets,
    facelet_name,
    facelets_per_face,
)
from solvers.cube.schemes import ColourScheme
from solvers.cube.state import CubeState
from solvers.cube.validation import validate_all
from solvers.cube.validation_errors import InvalidCubeError, InvalidReason

if TYPE_CHECKING:
    from solvers.nxn.state import NxNState

BLANK = -1


@dataclass(frozen=True)
class Fix:
    """A repair: what to tell the person and the colouring after it (valid by construction)."""

    text: str
    colours: tuple[int, ...]


@dataclass(frozen=True)
class Verdict:
    """The editor's judgement: `state` when valid, else the problems, plain message and stickers to outline."""

    state: CubeState | NxNState | None  # NxNState: a big cube's (big_checks.py)
    message: str
    problems: tuple[InvalidCubeError, ...] = ()
    outlined: frozenset[int] = field(default_factory=frozenset)
    fix: Fix | None = None
    pattern: str | None = None  # a partly grey net some cube can show: the goal pattern (URFDLB and '.')
    choices: tuple[Fix, ...] = ()  # repairs to pick from when the colours cannot tell which piece is wrong

    @property
    def valid(self) -> bool:
        return self.state is not None

    @property
    def reasons(self) -> tuple[InvalidReason, ...]:
        return tuple(problem.reason for problem in self.problems)


def judge(colours: np.ndarray, size: int, scheme: ColourScheme) -> Verdict:
    """Check a colouring (colour ids, BLANK for unpainted) and find a single fix when there is one."""
    blanks = np.flatnonzero(colours == BLANK)
    if len(blanks):
        return Verdict(None, f"{len(blanks)} sticker{'s' if len(blanks) > 1 else ''} still blank", (), frozenset())
    if has_grey(colours):
        found = judge_pattern(colours, size)
        return Verdict(None, found.message, (), found.outlined, pattern=found.pattern)
    problems = validate_all([int(c) for c in colours], size, scheme)
    if not problems:
        state = CubeState.from_colours(size, colours)
        return Verdict(state, "A valid cube: Apply loads it into the main view")
    outlined = frozenset(int(i) for problem in problems for i in problem.facelets)
    message = "\n".join(_capitalised(problem.message) for problem in problems)
    fix = find_fix(colours, size, scheme, problems)
    choices = () if fix is not None else fix_choices(colours, size, scheme, problems)
    return Verdict(None, message, tuple(problems), outlined, fix, choices=choices)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _is_valid(colours: np.ndarray, size: int, scheme: ColourScheme) -> bool:
    return not validate_all([int(c) for c in colours], size, scheme)


def find_fix(colours: np.ndarray, size: int, scheme: ColourScheme, problems: list[InvalidCubeError]) -> Fix | None:
    """The one repair that makes the colouring valid, if the problems point at exactly one; else None."""
    counts = [p for p in problems if p.reason is InvalidReason.COLOUR_COUNT]
    if counts:  # one mis-painted sticker shows as two wrong counts (plus the pieces it spoils)
        candidates = _single_sticker_candidates(colours, size, scheme, counts)
    elif len(problems) == 1:
        candidates = _piece_candidates(colours, size, problems[0])
    else:
        return None
    valid = [(text, fixed) for text, fixed in candidates if _is_valid(fixed, size, scheme)]
    if len(valid) != 1:
        return None
    text, fixed = valid[0]
    return Fix(_capitalised(text), tuple(int(c) for c in fixed))


def _piece_candidates(colours: np.ndarray, size: int, problem: InvalidCubeError) -> list[tuple[str, np.ndarray]]:
    """The validator's own suggestion for a twist, flip or swap, as a repaired colouring."""
    if problem.reason is InvalidReason.TWISTED_CORNER:
        stickers = corner_facelets(size)[problem.detail["slot"]]
        return [(problem.fix or "twist the corner", _rolled(colours, stickers, k)) for k in (1, 2)]
    if problem.reason is InvalidReason.FLIPPED_EDGE:
        stickers = edge_facelets(3)[problem.detail["slot"]]
        return [(problem.fix or "flip the edge", _rolled(colours, stickers, 1))]
    if problem.reason is InvalidReason.PARITY and problem.detail.get("slots"):
        return [(problem.fix or "exchange the two pieces", _swapped(colours, size, problem.detail))]
    if problem.reason is InvalidReason.CENTRES_NOT_A_CUBE and problem.detail.get("mirror"):
        fixed = colours.copy()
        r, l = centre_facelets()[[Face.R, Face.L]]
        fixed[r], fixed[l] = colours[l], colours[r]
        return [(problem.fix or "exchange the R and L centre colours", fixed)]
    return []


def fix_choices(colours: np.ndarray, size: int, scheme: ColourScheme, problems: list) -> tuple[Fix, ...]:
    """For a lone twist or flip the colours cannot place: one repair per corner (edge), for the person to pick
    the piece they entered wrong; every one of them makes the colouring valid."""
    if len(problems) != 1 or problems[0].detail.get("slot", 0) is not None:
        return ()
    problem = problems[0]
    if problem.reason is InvalidReason.TWISTED_CORNER:
        thirds, direction = problem.detail["thirds"], problem.detail["direction"]
        pieces = [(slot, stickers) for slot, stickers in zip(Corner, corner_facelets(size), strict=True)]
        what = f"turn the corner at {{}} ({{}}) {direction}"
        shift = thirds
    elif problem.reason is InvalidReason.FLIPPED_EDGE:
        pieces = [(slot, stickers) for slot, stickers in zip(Edge, edge_facelets(3), strict=True)]
        what, shift = "flip the edge at {} ({})", 1
    else:
        return ()
    choices = []
    for slot, stickers in pieces:
        fixed = _rolled(colours, stickers, shift)
        if _is_valid(fixed, size, scheme):
            shown = "-".join(scheme.colour_names[Face(int(c))] for c in colours[stickers])
            choices.append(Fix(_capitalised(what.format(slot.name, shown)), tuple(int(c) for c in fixed)))
    return tuple(choices)


def _rolled(colours: np.ndarray, stickers: np.ndarray, shift: int) -> np.ndarray:
    out = colours.copy()
    out[stickers] = np.roll(colours[stickers], shift)
    return out


def _swapped(colours: np.ndarray, size: int, detail: dict) -> np.ndarray:
    slots = edge_facelets(3) if detail["kind"] == "edges" else corner_facelets(size)
    a, b = (slots[int(s)] for s in detail["slots"])
    out = colours.copy()
    out[a], out[b] = colours[b], colours[a]
    return out


def _single_sticker_candidates(colours, size, scheme, problems) -> list[tuple[str, np.ndarray]]:
    """One colour one too many and another one short: try repainting each sticker of the first."""
    need = facelets_per_face(size)
    over = [p.detail["colour"] for p in problems if p.detail["count"] == need + 1]
    under = [p.detail["colour"] for p in problems if p.detail["count"] == need - 1]
    if len(problems) != 2 or len(over) != 1 or len(under) != 1:
        return []
    out = []
    for index in np.flatnonzero(colours == over[0]):
        fixed = colours.copy()
        fixed[index] = under[0]
        name = scheme.colour_names[Face(int(under[0]))]
        out.append((f"paint {facelet_name(int(index), size)} {name}", fixed))
    return out
