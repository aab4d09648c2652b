"""Piece-level checks: every corner and edge is a real piece, present once, and twist/flip/parity add up.

Why orientation and parity checks rarely name a piece: a twist (or flip) sum that is off can be repaired by
turning ANY single corner (edge), and odd parity by exchanging any two edges or any two corners, so from colours
alone the check knows only that some piece is wrong. It names one only when the rest of the cube makes that one
far more likely: the single corner (edge) out of orientation while every other one is oriented, or the two
pieces that have exchanged places while every other piece is home (a nearly solved cube). Otherwise it says
what is known (which way the unknown corner is off) and highlights nothing.
"""

from __future__ import annotations

import numpy as np

from solvers.cube.geometry import (
    N_CORNERS,
    N_EDGES,
    OPPOSITE_FACE,
    Corner,
    Edge,
    Face,
    corner_colours,
    corner_facelets,
    edge_colours,
    edge_facelets,
)
from solvers.cube.moves import whole_cube_rotations
from solvers.cube.parity import permutation_parity
from solvers.cube.state import CubeState
from solvers.cube.validation_errors import InvalidCubeError, InvalidReason, Naming

_CORNER_TURN_WORDS = {1: "clockwise", 2: "counter-clockwise"}  # by thirds of a turn needed


def centre_rotation(centres: np.ndarray) -> CubeState | None:
    """The whole-cube rotation that puts each centre colour where `centres` has it; None if no rotation does."""
    for rotation in whole_cube_rotations(3):
        if np.array_equal(rotation.centres, centres):
            return rotation
    return None


def _lookup(home: np.ndarray) -> dict[tuple[int, ...], tuple[int, int]]:
    """Colours seen in slot order -> (piece, orientation), for every piece in every orientation."""
    n = home.shape[1]
    table = {}
    for piece, piece_colours in enumerate(home):
        for twist in range(n):
            table[tuple(int(piece_colours[(k - twist) % n]) for k in range(n))] = (piece, twist)
    return table


def check_pieces(colours: np.ndarray, naming: Naming) -> list[InvalidCubeError]:
    """IMPOSSIBLE_CORNER / IMPOSSIBLE_EDGE for colour sets no piece has, then DUPLICATE_PIECE."""
    kinds: list[tuple[str, np.ndarray, np.ndarray, type[Corner] | type[Edge]]] = [
        ("corner", corner_facelets(naming.size), corner_colours(naming.size), Corner)
    ]
    if naming.size == 3:
        kinds.append(("edge", edge_facelets(3), edge_colours(), Edge))
    problems: list[InvalidCubeError] = []
    duplicates: list[InvalidCubeError] = []
    for kind, slots, home, slot_names in kinds:
        table = _lookup(home)
        found: dict[int, list[int]] = {}
        for slot, stickers in enumerate(slots):
            seen = tuple(int(c) for c in colours[stickers])
            if seen in table:
                found.setdefault(table[seen][0], []).append(slot)
            else:
                problems.append(_impossible(kind, slot_names(slot), stickers, seen, naming))
        missing = [piece for piece in range(len(home)) if piece not in found]
        for piece, where in found.items():
            if len(where) > 1:
                duplicates.append(_duplicate(kind, piece, where, slots, home, slot_names, missing, naming))
    return problems + duplicates


def _impossible(kind: str, slot, stickers: np.ndarray, seen: tuple[int, ...], naming: Naming) -> InvalidCubeError:
    reason = InvalidReason.IMPOSSIBLE_CORNER if kind == "corner" else InvalidReason.IMPOSSIBLE_EDGE
    names = ", ".join(naming.plain(c) for c in seen)
    detail = {"slot": slot, "colours": tuple(Face(c) for c in seen)}
    repeated = [c for c in set(seen) if seen.count(c) > 1]
    opposite = [(a, b) for i, a in enumerate(seen) for b in seen[i + 1 :] if OPPOSITE_FACE[Face(a)] == b]
    if repeated:
        why = f"it has two {naming.plain(repeated[0])} stickers"
    elif opposite:
        a, b = opposite[0]
        why = f"{naming.plain(a)} and {naming.plain(b)} are opposite colours, so no {kind} has both"
    else:
        why = "no corner has them in this clockwise order: it is a mirror image (two of its stickers are swapped)"
        detail["mirror"] = True
    message = f"the {kind} at {slot.name} shows {names}: {why}"
    return InvalidCubeError(reason, message, stickers, detail)


def _duplicate(kind, piece, where, slots, home, slot_names, missing, naming) -> InvalidCubeError:
    piece_name = naming.piece(home[piece])
    places = " and ".join(slot_names(s).name for s in where)
    message = f"the {piece_name} {kind} appears {len(where)} times (at {places})"
    if missing:
        message += "; missing: " + ", ".join(f"the {naming.piece(home[m])} {kind}" for m in missing)
    facelets = [int(i) for s in where for i in slots[s]]
    detail = {
        "kind": kind,
        "piece": slot_names(piece),
        "slots": tuple(slot_names(s) for s in where),
        "missing": tuple(slot_names(m) for m in missing),
    }
    return InvalidCubeError(InvalidReason.DUPLICATE_PIECE, message, facelets, detail)


def reference_orientation(state: CubeState) -> CubeState:
    """The whole-cube rotation the pieces are judged against: the centres' (3x3) or the best-fitting one (2x2)."""
    if state.size == 3:
        rotation = centre_rotation(state.centres)
        if rotation is None:
            raise ValueError("centres are not those of a real cube")
        return rotation
    return max(
        whole_cube_rotations(2),
        key=lambda r: int(np.sum((r.cp == state.cp) & (r.co == state.co))),
    )


def check_orientation_and_parity(state: CubeState, naming: Naming) -> list[InvalidCubeError]:
    """TWISTED_CORNER, FLIPPED_EDGE and (3x3 only) PARITY for a state made of real, distinct pieces."""
    reference = reference_orientation(state)
    problems = []
    twist = int(np.sum(state.co)) % 3
    if twist:
        problems.append(_twisted(state, reference, twist, naming))
    if state.size == 3:
        flip = int(np.sum(state.eo)) % 2
        if flip:
            problems.append(_flipped(state, reference, naming))
        odd = (permutation_parity(state.cp) + permutation_parity(state.ep) + permutation_parity(state.centres)) % 2
        if odd:
            problems.append(_odd(state, reference, naming))
    return problems


UNKNOWN_PIECE = "the colours cannot tell which"


def _twisted(state: CubeState, reference: CubeState, twist: int, naming: Naming) -> InvalidCubeError:
    thirds = (-twist) % 3
    direction = _CORNER_TURN_WORDS[thirds]
    message = f"a corner is twisted (the corner twists add up to {twist}/3 of a turn, not 0)"
    detail = {"slot": None, "direction": direction, "thirds": thirds, "twist_sum": twist, "likely": False}
    off = [s for s in range(N_CORNERS) if (state.co[s] - reference.co[s]) % 3]
    if len(off) != 1:
        return InvalidCubeError(
            InvalidReason.TWISTED_CORNER,
            f"{message}: one corner needs a third of a turn {direction}; {UNKNOWN_PIECE}: "
            "check the corners you entered last",
            (),
            detail,
        )
    slot = Corner(off[0])
    piece = naming.piece(corner_colours(state.size)[state.cp[slot]])
    return InvalidCubeError(
        InvalidReason.TWISTED_CORNER,
        message,
        corner_facelets(state.size)[slot],
        {**detail, "slot": slot, "likely": True},
        fix=f"turn the {piece} corner at {slot.name} {direction}",
    )


def _flipped(state: CubeState, reference: CubeState, naming: Naming) -> InvalidCubeError:
    message = "an edge is flipped (an odd number of edges are flipped)"
    off = [s for s in range(N_EDGES) if state.eo[s] != reference.eo[s]]
    if len(off) != 1:
        return InvalidCubeError(
            InvalidReason.FLIPPED_EDGE,
            f"{message}; {UNKNOWN_PIECE}: check the edges you entered last",
            (),
            {"slot": None, "likely": False},
        )
    slot = Edge(off[0])
    piece = naming.piece(edge_colours()[state.ep[slot]])
    return InvalidCubeError(
        InvalidReason.FLIPPED_EDGE,
        message,
        edge_facelets(3)[slot],
        {"slot": slot, "likely": True},
        fix=f"flip the {piece} edge at {slot.name}",
    )


def _odd(state: CubeState, reference: CubeState, naming: Naming) -> InvalidCubeError:
    relative = reference.inverse() * state  # the same cube seen with its centres at home
    message = "two pieces are exchanged (the permutation is odd)"
    moved_edges = [s for s in range(N_EDGES) if relative.ep[s] != s]
    moved_corners = [s for s in range(N_CORNERS) if relative.cp[s] != s]
    for kind, moved, other, slots, home, names in (
        ("edges", moved_edges, moved_corners, edge_facelets(3), edge_colours(), Edge),
        ("corners", moved_corners, moved_edges, corner_facelets(3), corner_colours(3), Corner),
    ):
        if len(moved) == 2 and not other:  # a nearly solved cube: these two have taken each other's places
            pair = (names(moved[0]), names(moved[1]))
            pieces = " and ".join(naming.piece(home[state_piece]) for state_piece in _pieces(state, kind, pair))
            return InvalidCubeError(
                InvalidReason.PARITY,
                message,
                [int(i) for s in pair for i in slots[s]],
                {"kind": kind, "slots": pair},
                fix=f"the {pieces} {kind} at {pair[0].name} and {pair[1].name} look swapped: exchange them",
            )
    return InvalidCubeError(
        InvalidReason.PARITY,
        f"{message}; {UNKNOWN_PIECE}: check for two edges or two corners entered in each other's places",
        (),
        {"kind": None, "slots": ()},
    )


def _pieces(state: CubeState, kind: str, pair) -> list[int]:
    perm = state.ep if kind == "edges" else state.cp
    return [int(perm[slot]) for slot in pair]
