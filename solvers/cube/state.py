"""Cubie-level cube states: corner/edge permutation and orientation (plus centres on the 3x3).

A state is read as "replaced by": ``cp[i]`` is the corner piece sitting in slot ``i`` and ``co[i]`` is where its
reference (U/D) sticker sits among the slot's stickers (0, 1 or 2, counting clockwise). Edges likewise with
``ep``/``eo`` (0 or 1). ``centres[f]`` is the centre piece on face ``f``: it only moves under slice moves and
whole-cube rotations. Every move, slice and rotation is itself a state (see moves.py), and ``a * b`` means
"do a, then b", so a move sequence is a plain product.

Why cubies and not facelets: permutation/orientation arrays make composition, inversion and the solvers'
coordinates exact and cheap; facelets exist only at the edges of the system (input, output, drawing).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from solvers.cube.geometry import (
    N_CORNERS,
    N_EDGES,
    N_FACES,
    centre_facelets,
    corner_colours,
    corner_facelets,
    edge_colours,
    edge_facelets,
    facelets_per_face,
    n_facelets,
)


def _frozen(values, dtype=np.int8) -> np.ndarray:
    array = np.array(values, dtype=dtype)
    array.setflags(write=False)
    return array


@dataclass(frozen=True, eq=False)
class CubeState:
    """An immutable 2x2x2 (size 2: corners only) or 3x3x3 (size 3) state at cubie level."""

    size: int
    cp: np.ndarray
    co: np.ndarray
    ep: np.ndarray
    eo: np.ndarray
    centres: np.ndarray

    # -- construction ---------------------------------------------------------------------------------------
    @classmethod
    def solved(cls, size: int = 3) -> CubeState:
        n_edges = N_EDGES if size == 3 else 0
        n_centres = N_FACES if size == 3 else 0
        return cls(
            size,
            _frozen(range(N_CORNERS)),
            _frozen([0] * N_CORNERS),
            _frozen(range(n_edges)),
            _frozen([0] * n_edges),
            _frozen(range(n_centres)),
        )

    @classmethod
    def from_arrays(cls, size: int, cp, co, ep=(), eo=(), centres=None) -> CubeState:
        """Build from plain sequences; `centres` defaults to the home position on a 3x3."""
        if centres is None:
            centres = range(N_FACES) if size == 3 else ()
        return cls(size, _frozen(cp), _frozen(co), _frozen(ep), _frozen(eo), _frozen(centres))

    # -- group operations --------------------------------------------------------------------------------------
    def __mul__(self, other: CubeState) -> CubeState:
        """This state followed by `other` (a move, an algorithm or any state)."""
        if other.size != self.size:
            raise ValueError("cannot combine a 2x2x2 and a 3x3x3 state")
        cp = self.cp[other.cp]
        co = (self.co[other.cp] + other.co) % 3
        ep = self.ep[other.ep]
        eo = (self.eo[other.ep] + other.eo) % 2
        centres = self.centres[other.centres]
        return CubeState(self.size, _frozen(cp), _frozen(co), _frozen(ep), _frozen(eo), _frozen(centres))

    def inverse(self) -> CubeState:
        cp = np.argsort(self.cp)
        co = (-self.co[cp]) % 3
        ep = np.argsort(self.ep)
        eo = (-self.eo[ep]) % 2
        centres = np.argsort(self.centres)
        return CubeState(self.size, _frozen(cp), _frozen(co), _frozen(ep), _frozen(eo), _frozen(centres))

    def __pow__(self, exponent: int) -> CubeState:
        base = self if exponent >= 0 else self.inverse()
        result = CubeState.solved(self.size)
        for _ in range(abs(exponent)):
            result = result * base
        return result

    def order(self) -> int:
        """Smallest n > 0 with self**n the identity."""
        current, n = self, 1
        identity = CubeState.solved(self.size)
        while current != identity:
            current, n = current * self, n + 1
        return n

    # -- comparison -----------------------------------------------------------------------------------------
    def _key(self) -> tuple:
        return (
            self.size,
            self.cp.tobytes(),
            self.co.tobytes(),
            self.ep.tobytes(),
            self.eo.tobytes(),
            self.centres.tobytes(),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CubeState) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        parts = [f"size={self.size}", f"cp={self.cp.tolist()}", f"co={self.co.tolist()}"]
        if self.size == 3:
            parts += [f"ep={self.ep.tolist()}", f"eo={self.eo.tolist()}", f"centres={self.centres.tolist()}"]
        return f"CubeState({', '.join(parts)})"

    # -- facelets ---------------------------------------------------------------------------------------------
    def colours(self) -> np.ndarray:
        """int8 array of n_facelets: the home face (= colour) of the sticker seen at each facelet."""
        out = np.empty(n_facelets(self.size), dtype=np.int8)
        slots = corner_facelets(self.size)
        piece_colours = corner_colours(self.size)
        for slot in range(N_CORNERS):
            for k in range(3):
                out[slots[slot, (k + self.co[slot]) % 3]] = piece_colours[self.cp[slot], k]
        if self.size == 3:
            edge_slots = edge_facelets(3)
            edge_piece_colours = edge_colours()
            for slot in range(N_EDGES):
                for k in range(2):
                    out[edge_slots[slot, (k + self.eo[slot]) % 2]] = edge_piece_colours[self.ep[slot], k]
            out[centre_facelets()] = self.centres
        return out

    @classmethod
    def from_colours(cls, size: int, colours) -> CubeState:
        """Read a state from the colour (home face) at each facelet.

        Expects a colouring that is made of real pieces; use `solvers.cube.validation` first to get a precise
        reason when it may not be. Raises ValueError when a piece cannot be identified.
        """
        colours = np.asarray(colours, dtype=np.int64)
        if colours.shape != (n_facelets(size),):
            raise ValueError(f"a {size}x{size} cube has {n_facelets(size)} facelets, got {colours.shape}")
        cp, co = _read_pieces(colours[corner_facelets(size)], corner_colours(size), "corner")
        if size == 2:
            return cls.from_arrays(2, cp, co)
        ep, eo = _read_pieces(colours[edge_facelets(3)], edge_colours(), "edge")
        centres = colours[centre_facelets()]
        return cls.from_arrays(3, cp, co, ep, eo, centres)

    def is_solved(self) -> bool:
        """Every face shows one colour: solved up to a whole-cube rotation (the way a person judges it)."""
        per_face = facelets_per_face(self.size)
        faces = self.colours().reshape(6, per_face)
        return bool(np.all(faces == faces[:, :1]))

    def is_identity(self) -> bool:
        """Every piece home and unturned, centres included (stricter than is_solved)."""
        return self == CubeState.solved(self.size)


def _read_pieces(seen: np.ndarray, home: np.ndarray, kind: str) -> tuple[list[int], list[int]]:
    """Identify each slot's piece from the colours seen there, and the piece's orientation.

    `seen[slot]` lists the slot's sticker colours in slot order; `home[piece]` the piece's colours in order.
    """
    n_stickers = home.shape[1]
    lookup = {}
    for piece, piece_colours in enumerate(home):
        for twist in range(n_stickers):
            rotated = tuple(int(piece_colours[(k - twist) % n_stickers]) for k in range(n_stickers))
            lookup[rotated] = (piece, twist)
    perm, orient = [], []
    for slot, colours in enumerate(seen):
        key = tuple(int(c) for c in colours)
        if key not in lookup:
            raise ValueError(f"the {kind} in slot {slot} has colours {key}, which no {kind} piece has")
        piece, twist = lookup[key]
        perm.append(piece)
        orient.append(twist)
    return perm, orient
