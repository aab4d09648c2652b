"""Goals for part of a 3x3x3: which places each piece may take, read from a facelet pattern with `.` for grey.

A piece is one of the 8 corners (index 0..7, `Corner` order) or 12 edges (8..19, `Edge` order); a piece's
*coordinate* is ``slot * k + orientation`` (k = 3 for corners, 2 for edges), so 0 <= coordinate < 24 for both.
A goal is a boolean array ``allowed[piece, coordinate]``. "Every non-grey sticker matches the pattern" is a
condition on slots; since pieces and slots are in bijection it is the same as "every piece sits at an allowed
coordinate", which lets each piece be tracked on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.cube.geometry import (
    Corner,
    Edge,
    Face,
    centre_facelets,
    corner_colours,
    corner_facelets,
    edge_colours,
    edge_facelets,
    facelet_name,
)
from solvers.cube.state import CubeState
from solvers.goals.laws import law_problem

N_PIECES = 20  # 8 corners + 12 edges
N_COORD = 24  # 8 slots x 3 twists = 12 slots x 2 flips
GREY = "."
N_GOAL_FACELETS = 54
_GOAL_CHARACTERS = frozenset("URFDLBurfdlb" + GREY)
_ASCII_SPACE = frozenset(" \t\r\n\f\v")  # spaces may group the stickers; nothing else is read as a space


class GoalError(ValueError):
    """A goal no cube can reach; the message names the stickers at fault (one line), `facelets` their indices."""

    def __init__(self, message: str, facelets=()) -> None:
        super().__init__(message)
        self.facelets: tuple[int, ...] = tuple(int(f) for f in facelets)


def piece_name(piece: int) -> str:
    return Corner(piece).name if piece < 8 else Edge(piece - 8).name


def orientations(piece: int) -> int:
    return 3 if piece < 8 else 2


def home_coordinate(piece: int) -> int:
    return piece * 3 if piece < 8 else (piece - 8) * 2


@dataclass(frozen=True, eq=False)
class Goal:
    """allowed[piece, coordinate]; `name` is for display ("cross (D)")."""

    allowed: np.ndarray
    name: str = "pattern"

    @property
    def constrained(self) -> list[int]:
        """Pieces whose place matters (not allowed everywhere)."""
        return [p for p in range(N_PIECES) if not self.allowed[p].all()]

    def reached_by(self, state: CubeState) -> bool:
        return all(self.allowed[p, c] for p, c in enumerate(piece_coordinates(state)))

    def key(self) -> bytes:
        return np.packbits(self.allowed).tobytes()


def piece_coordinates(state: CubeState) -> list[int]:
    """The coordinate of every piece (index = piece) in `state`."""
    coords = [0] * N_PIECES
    for slot in range(8):
        coords[int(state.cp[slot])] = slot * 3 + int(state.co[slot])
    for slot in range(12):
        coords[8 + int(state.ep[slot])] = slot * 2 + int(state.eo[slot])
    return coords


def ignored_facelets(goal: Goal, state: CubeState) -> np.ndarray:
    """54 booleans: which stickers of `state` belong to pieces `goal` does not constrain (a view greys them).

    Pieces are followed by identity, so a greyed piece stays grey wherever turns take it; centres never grey.
    """
    mask = np.zeros(N_GOAL_FACELETS, dtype=bool)
    shown = set(goal.constrained)
    for slot, stickers in enumerate(corner_facelets(3)):
        mask[stickers] = int(state.cp[slot]) not in shown
    for slot, stickers in enumerate(edge_facelets(3)):
        mask[stickers] = 8 + int(state.ep[slot]) not in shown
    return mask


def solved_goal(pieces, name: str = "pattern") -> Goal:
    """Only `pieces` matter, each at home, oriented."""
    allowed = np.ones((N_PIECES, N_COORD), dtype=bool)
    for piece in pieces:
        allowed[piece] = False
        allowed[piece, home_coordinate(piece)] = True
    return Goal(allowed, name)


def goal_stickers(text: str) -> str:
    """`text` without the ASCII spaces that may group a pattern's stickers (no other character counts as one)."""
    return "".join(c for c in text if c not in _ASCII_SPACE)


def parse_goal(text: str) -> Goal:
    """A 54-character Kociemba-order pattern (face letters U R F D L B, `.` grey) as a Goal; GoalError if none fits.

    Every character is checked against the ASCII alphabet before any case mapping: Unicode case rules turn one
    character into two ("\ufb02".upper() is "FL"), which would shift every sticker after it."""
    pattern = goal_stickers(text)
    for index, char in enumerate(pattern):
        if char not in _GOAL_CHARACTERS:
            named = len(pattern) == N_GOAL_FACELETS
            where = f"sticker {facelet_name(index, 3)}" if named else f"character {index + 1}"
            shown = repr(char) if char.isascii() else f"{char!r} (U+{ord(char):04X})"
            raise GoalError(f"{where}: {shown} is neither a face letter URFDLB nor '.'", [index] if named else [])
    if len(pattern) != N_GOAL_FACELETS:
        raise GoalError(f"a goal has {N_GOAL_FACELETS} stickers (letters URFDLB or '.'), not {len(pattern)}")
    wanted = [-1 if char == GREY else int(Face[char.upper()]) for char in pattern]
    for face, index in zip(Face, centre_facelets(), strict=True):
        if wanted[index] not in (-1, int(face)):
            raise GoalError(
                f"centre {facelet_name(int(index), 3)} must stay {face.name} (face turns never move centres)", [index]
            )
    allowed = np.zeros((N_PIECES, N_COORD), dtype=bool)
    _fill(allowed, wanted, corner_facelets(3), corner_colours(3), 0)
    _fill(allowed, wanted, edge_facelets(3), edge_colours(), 8)
    _check_slots(allowed, wanted)
    problem = law_problem(allowed, wanted)
    if problem is not None:
        raise GoalError(*problem)
    _drop_implied(allowed)
    return Goal(allowed)


def _fill(allowed, wanted, facelets, colours, first: int) -> None:
    twists = facelets.shape[1]
    for piece in range(len(colours)):
        for slot in range(len(facelets)):
            for ori in range(twists):
                shown = [(int(facelets[slot][(n + ori) % twists]), int(colours[piece][n])) for n in range(twists)]
                if all(wanted[f] in (-1, c) for f, c in shown):
                    allowed[first + piece, slot * twists + ori] = True


def _check_slots(allowed: np.ndarray, wanted: list[int]) -> None:
    """Each slot must fit some piece, and the slots together need distinct pieces (a matching)."""
    for first, count, facelets in ((0, 8, corner_facelets(3)), (8, 12, edge_facelets(3))):
        twists = facelets.shape[1]
        fits = [{p - first for p in range(first, first + count) if allowed[p, s * twists : (s + 1) * twists].any()}
                for s in range(count)]  # fmt: skip
        for slot, pieces in enumerate(fits):
            if not pieces:
                raise GoalError(f"stickers {_describe(facelets[slot], wanted)} fit no real piece", facelets[slot])
        match: dict[int, int] = {}
        for slot in range(count):
            tried: set[int] = set()
            if not _augment(slot, fits, match, tried):
                # Hall's condition fails: these places together fit only the pieces tried, one fewer than they need
                places = [slot] + sorted(match[p] for p in tried)
                stickers = [facelets[s] for s in places]
                text = " and ".join(_describe(s, wanted) for s in stickers)
                count_text = f"{len(tried)} piece fits" if len(tried) == 1 else f"{len(tried)} pieces fit"
                raise GoalError(
                    f"stickers {text} need {len(places)} different pieces, but only {count_text} them",
                    [int(f) for s in stickers for f in s],
                )


def _drop_implied(allowed: np.ndarray) -> None:
    """A slot only one piece fits holds that piece in every goal state: pin it there and let the others be.

    Lifting those exclusions leaves the set of goal states unchanged but keeps untouched pieces unconstrained,
    so the search tracks only the pieces the pattern is really about.
    """
    for first, count, twists in ((0, 8, 3), (8, 12, 2)):
        for slot in range(count):
            columns = slice(slot * twists, (slot + 1) * twists)
            fitting = [p for p in range(first, first + count) if allowed[p, columns].any()]
            if len(fitting) == 1:
                pinned = allowed[fitting[0], columns].copy()
                allowed[fitting[0]] = False
                allowed[fitting[0], columns] = pinned  # the slot needs it, so it can be nowhere else
                for piece in range(first, first + count):
                    if piece != fitting[0]:
                        allowed[piece, columns] = True


def _augment(slot: int, fits, match: dict[int, int], seen: set[int]) -> bool:
    for piece in fits[slot]:
        if piece in seen:
            continue
        seen.add(piece)
        if piece not in match or _augment(match[piece], fits, match, seen):
            match[piece] = slot
            return True
    return False


def _describe(stickers, wanted: list[int]) -> str:
    return ", ".join(f"{facelet_name(int(f), 3)}={Face(wanted[f]).name if wanted[f] >= 0 else GREY}" for f in stickers)
