"""Is a colour net an NxNxN cube that turns can solve? Checks in order, each naming the pieces at fault.

1. every colour on N*N stickers; 2. (odd N) the fixed centres are six colours placed as on a real cube;
3. every orbit of centre pieces holds four of each colour; 4. corners: each a real corner, each once, twists
summing to a whole turn; 5. wings: each wing of an orbit a real one and present once (a single wing turned over
in its slot shows as that wing twice: no turn fixes it); 6. (odd N) middle edges like a 3x3x3's: each once,
flips even, and their permutation parity equal to the corners'.

Even cubes have no further constraint: a quarter turn of one inner layer changes the parity of its wing orbit and
of nothing the checks above constrain. Colours are compared after relabelling so that an odd cube's fixed centres
are at home (`home_relabel`), so a cube held in any orientation is accepted.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from solvers.cube.parity import permutation_parity
from solvers.cube.schemes import load_scheme
from solvers.nxn.errors import BigCubeReason, InvalidBigCubeError
from solvers.nxn.geometry import N_FACES, Axis, Face, sticker_name
from solvers.nxn.moves import BlockTurn
from solvers.nxn.pieces import (
    CORNER_NAMES,
    EDGE_NAMES,
    Kind,
    corner_slots,
    edge_slots,
    orbits,
    partner_table,
    wing_name,
)
from solvers.nxn.state import NxNState

_NAMES = {int(face): name for face, name in load_scheme().colour_names.items()}  # colour -> name


def colour_name(colour: int) -> str:
    """'white (U)': the standard scheme's name and the face letter."""
    return f"{_NAMES[int(colour)]} ({Face(colour).name})"


def piece_colours(colours) -> str:
    return "-".join(_NAMES[int(c)] for c in colours)


@cache
def _rotation_centres() -> dict[tuple[int, ...], tuple[int, ...]]:
    """For each of the 24 orientations: the fixed-centre colours of faces U R F D L B."""
    solved = NxNState.solved(3)
    found: dict[tuple[int, ...], tuple[int, ...]] = {}
    frontier = [solved]
    while frontier:
        state = frontier.pop()
        key = tuple(int(state.colours[9 * f + 4]) for f in range(N_FACES))
        if key in found:
            continue
        found[key] = key
        frontier += [state.apply([BlockTurn(axis, 0, 2, 1)]) for axis in (Axis.X, Axis.Y)]
    return found


def fixed_centres(state: NxNState) -> np.ndarray:
    """The colours of the six fixed centres of an odd cube (faces U R F D L B)."""
    n = state.size
    return np.array([state.colours[f * n * n + (n // 2) * n + n // 2] for f in range(N_FACES)], dtype=np.int8)


def home_relabel(state: NxNState) -> np.ndarray:
    """int array (6,): colour -> the face it belongs on (odd N: the face of its fixed centre; even N: itself)."""
    if state.size % 2 == 0:
        return np.arange(N_FACES, dtype=np.int8)
    relabel = np.empty(N_FACES, dtype=np.int8)
    relabel[fixed_centres(state)] = np.arange(N_FACES)
    return relabel


def validate(state: NxNState) -> None:
    """Raise InvalidBigCubeError for the first check the colouring fails (see the module docstring)."""
    _check_counts(state)
    _check_fixed_centres(state)
    colours = home_relabel(state)[state.colours]
    _check_centre_orbits(state.size, colours)
    corner_parity = _check_corners(state.size, colours)
    _check_wings(state.size, colours)
    if state.size % 2 == 1 and state.size > 2:
        _check_middle_edges(state.size, colours, corner_parity)


def _check_counts(state: NxNState) -> None:
    counts = np.bincount(state.colours, minlength=N_FACES)
    wanted = state.size * state.size
    for colour in range(N_FACES):
        if counts[colour] != wanted:
            at = [int(i) for i in np.nonzero(state.colours == colour)[0]] if counts[colour] > wanted else []
            raise InvalidBigCubeError(
                BigCubeReason.COLOUR_COUNT,
                f"{colour_name(colour)} is on {counts[colour]} stickers; a {state.size}x{state.size}x{state.size} "
                f"has {wanted} of each colour",
                at,
                {"colour": colour, "count": int(counts[colour])},
            )


def _check_fixed_centres(state: NxNState) -> None:
    if state.size % 2 == 0:
        return
    centres = tuple(int(c) for c in fixed_centres(state))
    if centres not in _rotation_centres():
        n = state.size
        at = [f * n * n + (n // 2) * n + n // 2 for f in range(N_FACES)]
        listed = ", ".join(f"{Face(f).name} {_NAMES[int(c)]}" for f, c in enumerate(centres))
        raise InvalidBigCubeError(
            BigCubeReason.CENTRES_NOT_A_CUBE,
            f"the fixed centres ({listed}) are not placed as on any real cube",
            at,
            {"centres": centres},
        )


def _check_centre_orbits(size: int, colours: np.ndarray) -> None:
    for orbit in orbits(size):
        if orbit.kind is not Kind.CENTRE:
            continue
        counts = np.bincount(colours[orbit.stickers], minlength=N_FACES)
        wanted = len(orbit.stickers) // N_FACES
        for colour in range(N_FACES):
            if counts[colour] > wanted:
                at = orbit.stickers[colours[orbit.stickers] == colour]
                names = " ".join(sticker_name(int(i), size) for i in at)
                raise InvalidBigCubeError(
                    BigCubeReason.CENTRE_COUNT,
                    f"the centre orbit of {sticker_name(int(orbit.stickers[0]), size)} has {counts[colour]} "
                    f"{_NAMES[int(colour)]} pieces ({names}); turns keep {wanted} of each colour in it",
                    at,
                    {"orbit": [int(i) for i in orbit.stickers], "colour": colour, "count": int(counts[colour])},
                )


def _corner_home() -> dict[tuple[int, ...], tuple[int, int]]:
    """(colours read clockwise from the slot's U/D sticker) -> (piece, twist) for every piece in every twist."""
    home = NxNState.solved(2).colours[corner_slots(2)]
    table = {}
    for piece, triple in enumerate(home.tolist()):
        for twist in range(3):
            table[tuple(triple[-twist:] + triple[:-twist]) if twist else tuple(triple)] = (piece, twist)
    return table


def _check_corners(size: int, colours: np.ndarray) -> int:
    """The corners' permutation parity, after raising for an impossible, repeated or twisted corner."""
    slots = corner_slots(size)
    table = _corner_home()
    where: dict[int, int] = {}
    twists = []
    for slot, stickers in enumerate(slots.tolist()):
        triple = tuple(int(colours[i]) for i in stickers)
        if triple not in table:
            raise InvalidBigCubeError(
                BigCubeReason.IMPOSSIBLE_CORNER,
                f"corner {CORNER_NAMES[slot]} is {piece_colours(triple)}: no corner has these colours in this order",
                stickers,
                {"slot": CORNER_NAMES[slot], "colours": triple},
            )
        piece, twist = table[triple]
        if piece in where:
            other = where[piece]
            raise InvalidBigCubeError(
                BigCubeReason.DUPLICATE_CORNER,
                f"corners {CORNER_NAMES[other]} and {CORNER_NAMES[slot]} are both the {CORNER_NAMES[piece]} corner",
                list(slots[other]) + list(stickers),
                {"slots": (CORNER_NAMES[other], CORNER_NAMES[slot]), "piece": CORNER_NAMES[piece]},
            )
        where[piece] = slot
        twists.append(twist)
    if sum(twists) % 3:
        twisted = [CORNER_NAMES[slot] for slot, twist in enumerate(twists) if twist]
        at = [i for slot, twist in enumerate(twists) if twist for i in slots[slot].tolist()]
        raise InvalidBigCubeError(
            BigCubeReason.TWISTED_CORNER,
            f"a corner is twisted in place (twisted corners: {', '.join(twisted)}; their twists do not add up to "
            f"whole turns): no turn fixes that, twist one back",
            at,
            {"twisted": twisted},
        )
    permutation = [0] * 8
    for piece, slot in where.items():
        permutation[slot] = piece
    return permutation_parity(permutation)


def _check_wings(size: int, colours: np.ndarray) -> None:
    partner = partner_table(size)
    for orbit in orbits(size):
        if orbit.kind is not Kind.WING:
            continue
        home = {(int(i) // (size * size), int(partner[i]) // (size * size)): int(i) for i in orbit.stickers}
        seen: dict[tuple[int, int], int] = {}
        for index in orbit.stickers.tolist():
            pair = (int(colours[index]), int(colours[partner[index]]))
            if pair not in home:
                raise InvalidBigCubeError(
                    BigCubeReason.IMPOSSIBLE_EDGE,
                    f"{wing_name(size, index)} is {piece_colours(pair)}: no edge has these colours",
                    (index, int(partner[index])),
                    {"wing": wing_name(size, index), "colours": pair},
                )
            if pair in seen:
                first = seen[pair]
                raise InvalidBigCubeError(
                    BigCubeReason.DUPLICATE_WING,
                    f"{wing_name(size, first)} and {wing_name(size, index)} show the same wing "
                    f"({piece_colours(pair)}) of one orbit: a wing is turned over in its slot (a single flipped "
                    "wing), which no turn can fix",
                    (first, int(partner[first]), index, int(partner[index])),
                    {"wings": (wing_name(size, first), wing_name(size, index)), "colours": pair},
                )
            seen[pair] = index


def _check_middle_edges(size: int, colours: np.ndarray, corner_parity: int) -> None:
    middle = edge_slots(size)[:, (size - 2) // 2, :]
    home = {tuple(int(i) // (size * size) for i in pair): slot for slot, pair in enumerate(middle.tolist())}
    where: dict[int, int] = {}
    flips = []
    for slot, (a, b) in enumerate(middle.tolist()):
        pair = (int(colours[a]), int(colours[b]))
        piece, flip = (home[pair], 0) if pair in home else (home.get(pair[::-1], -1), 1)
        if piece < 0:
            raise InvalidBigCubeError(
                BigCubeReason.IMPOSSIBLE_EDGE,
                f"middle edge {EDGE_NAMES[slot]} is {piece_colours(pair)}: no edge has these colours",
                (a, b),
                {"slot": EDGE_NAMES[slot], "colours": pair},
            )
        if piece in where:
            raise InvalidBigCubeError(
                BigCubeReason.DUPLICATE_EDGE,
                f"middle edges {EDGE_NAMES[where[piece]]} and {EDGE_NAMES[slot]} are both the {EDGE_NAMES[piece]} edge",
                (a, b),
                {"slots": (EDGE_NAMES[where[piece]], EDGE_NAMES[slot]), "piece": EDGE_NAMES[piece]},
            )
        where[piece] = slot
        flips.append(flip)
    if sum(flips) % 2:
        flipped = [EDGE_NAMES[slot] for slot, flip in enumerate(flips) if flip]
        raise InvalidBigCubeError(
            BigCubeReason.FLIPPED_EDGE,
            f"a middle edge is flipped in place (flipped: {', '.join(flipped)}; an odd number): no turn fixes that",
            [int(i) for slot, flip in enumerate(flips) if flip for i in middle[slot]],
            {"flipped": flipped},
        )
    permutation = [0] * 12
    for piece, slot in where.items():
        permutation[slot] = piece
    if permutation_parity(permutation) != corner_parity:
        raise InvalidBigCubeError(
            BigCubeReason.PARITY,
            "two middle edges (or two corners) are swapped: the corners and middle edges have different "
            "parities, which no turn can fix",
            (),
            {},
        )
