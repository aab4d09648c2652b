"""Coordinate move tables and symmetry-conjugation tables: pure builders (numba) for the table cache.

``move[coordinate, m]`` is the coordinate after face turn m. Each builder sets the coordinate on an otherwise
solved cube, multiplies by the move (or conjugates by the symmetry) at cubie level and reads the coordinate
back, so the tables can only be as wrong as the cubie model, which the tests check against the core.
"""

from __future__ import annotations

from enum import IntEnum

import numba as nb
import numpy as np

from solvers.cube.moves import Move
from solvers.rubik import coords as cd
from solvers.rubik.cubie import CP, N_MOVE, N_SYM_D4H, identity, move_cubes, multiply, symmetry_cubes, symmetry_inverse


class Coord(IntEnum):
    """The coordinates that have move tables; the value is the builder's switch."""

    TWIST = 0
    FLIP = 1
    SLICE_SORTED = 2
    CORNERS = 3
    UD_EDGES = 4


COORD_SIZE = {
    Coord.TWIST: cd.N_TWIST,
    Coord.FLIP: cd.N_FLIP,
    Coord.SLICE_SORTED: cd.N_SLICE_SORTED,
    Coord.CORNERS: cd.N_CORNERS,
    Coord.UD_EDGES: cd.N_UD_EDGES,
}

PHASE2_MOVES = np.array(
    [Move.U1, Move.U2, Move.U3, Move.D1, Move.D2, Move.D3, Move.R2, Move.L2, Move.F2, Move.B2], dtype=np.int64
)
"""The ten generators of H = <U, D, R2, L2, F2, B2>."""


@nb.njit(cache=True, nogil=True)
def _set(kind: int, c: np.ndarray, value: int) -> None:
    if kind == 0:
        cd.set_twist(c, value)
    elif kind == 1:
        cd.set_flip(c, value)
    elif kind == 2:
        cd.set_slice_sorted(c, value)
    elif kind == 3:
        cd.set_corners(c, value)
    else:
        cd.set_ud_edges(c, value)


@nb.njit(cache=True, nogil=True)
def _get(kind: int, c: np.ndarray) -> int:
    if kind == 0:
        return cd.get_twist(c)
    if kind == 1:
        return cd.get_flip(c)
    if kind == 2:
        return cd.get_slice_sorted(c)
    if kind == 3:
        return cd.get_corners(c)
    return cd.get_ud_edges(c)


@nb.njit(cache=True, nogil=True)
def _build_move_table(kind: int, size: int, identity: np.ndarray, moves: np.ndarray, valid: np.ndarray) -> np.ndarray:
    table = np.full((size, moves.shape[0]), -1, dtype=np.int32)
    c = identity.copy()
    out = identity.copy()
    for value in range(size):
        c[:] = identity
        _set(kind, c, value)
        for m in range(moves.shape[0]):
            if valid[m]:
                multiply(c, moves[m], out)
                table[value, m] = _get(kind, out)
    return table


def build_move_table(coord: Coord) -> np.ndarray:
    """int32 (N, 18). UD_EDGES is only meaningful for the ten phase-2 moves; other entries are -1."""
    valid = np.ones(N_MOVE, dtype=np.bool_)
    if coord is Coord.UD_EDGES:
        valid[:] = False
        valid[PHASE2_MOVES] = True
    return _build_move_table(int(coord), COORD_SIZE[coord], identity(), move_cubes(), valid)


@nb.njit(cache=True, nogil=True)
def _conjugate(c: np.ndarray, s_cube: np.ndarray, s_inv_cube: np.ndarray, tmp: np.ndarray, out: np.ndarray) -> None:
    multiply(s_cube, c, tmp)
    multiply(tmp, s_inv_cube, out)


def _symmetries() -> tuple[np.ndarray, np.ndarray]:
    """The symmetry cubes and the index of each one's inverse (int64), as the builders below take them."""
    return symmetry_cubes(), symmetry_inverse().astype(np.int64)


@nb.njit(cache=True, nogil=True)
def _build_conj_table(
    kind: int, size: int, step: int, identity: np.ndarray, syms: np.ndarray, inv: np.ndarray
) -> np.ndarray:
    """int16 (size, 16): x conjugated by each U-D symmetry, for the coordinate `kind` read in units of `step`
    (coordinate value x * step on the solved cube; the value of the conjugate // step)."""
    table = np.empty((size, 16), dtype=np.int16)
    c = identity.copy()
    tmp = identity.copy()
    out = identity.copy()
    for x in range(size):
        c[:] = identity
        _set(kind, c, x * step)
        for s in range(16):
            _conjugate(c, syms[s], syms[inv[s]], tmp, out)
            table[x, s] = _get(kind, out) // step
    return table


def build_twist_conj() -> np.ndarray:
    """int16 (N_TWIST, 16): the twist of S_s * c * S_s^-1 for the 16 U-D symmetries."""
    return _build_conj_table(int(Coord.TWIST), cd.N_TWIST, 1, identity(), *_symmetries())


@nb.njit(cache=True, nogil=True)
def _build_flipslice_classes(identity: np.ndarray, syms: np.ndarray, inv: np.ndarray, perm4: int):
    """perm4 = 1: the slice coordinate is slice_sorted (order kept); perm4 = 24: the unsorted UD-slice."""
    n_slice = cd.N_SLICE_SORTED // perm4
    n = n_slice * cd.N_FLIP
    class_of = np.full(n, -1, dtype=np.int32)
    sym_of = np.zeros(n, dtype=np.int8)
    reps = np.empty(n, dtype=np.int32)
    stabiliser = np.zeros(n, dtype=np.uint16)
    n_classes = 0
    c = identity.copy()
    tmp = identity.copy()
    out = identity.copy()
    for x in range(n):
        if class_of[x] >= 0:
            continue
        c[:] = identity
        cd.set_slice_sorted(c, (x // cd.N_FLIP) * perm4)
        cd.set_flip(c, x % cd.N_FLIP)
        reps[n_classes] = x
        for s in range(N_SYM_D4H):
            _conjugate(c, syms[s], syms[inv[s]], tmp, out)
            y = (cd.get_slice_sorted(out) // perm4) * cd.N_FLIP + cd.get_flip(out)
            if y == x:
                stabiliser[n_classes] |= np.uint16(1 << s)
            if class_of[y] < 0:
                class_of[y] = n_classes
                sym_of[y] = inv[s]  # conjugating y by S_s^-1 gives back the representative x
        n_classes += 1
    return class_of, sym_of, reps[:n_classes].copy(), stabiliser[:n_classes].copy()


def build_flipslice_classes(sorted_slice: bool = False) -> dict[str, np.ndarray]:
    """Symmetry classes (under the 16 U-D symmetries) of the edge coordinate N_FLIP * slice + flip.

    With the unsorted UD-slice (phase 1) there are 64430 classes; with slice_sorted, which also keeps the order
    of the four slice edges (the optimal solver's edge table), 1523864.
    class_of[x], sym_of[x]: x conjugated by symmetry sym_of[x] is the representative reps[class_of[x]];
    stabiliser[c]: bit s set when symmetry s maps the representative of class c to itself.
    """
    class_of, sym_of, reps, stab = _build_flipslice_classes(
        identity(), *_symmetries(), 1 if sorted_slice else cd.N_PERM4
    )
    return {"class_of": class_of, "sym_of": sym_of, "reps": reps, "stabiliser": stab}


@nb.njit(cache=True, nogil=True)
def _build_corner_classes(identity: np.ndarray, syms: np.ndarray, inv: np.ndarray):
    class_sym = np.full(cd.N_CORNERS, -1, dtype=np.int64)
    reps = np.empty(cd.N_CORNERS, dtype=np.int32)
    stabiliser = np.zeros(cd.N_CORNERS, dtype=np.uint16)
    n_classes = 0
    c = identity.copy()
    tmp = identity.copy()
    out = identity.copy()
    for x in range(cd.N_CORNERS):
        if class_sym[x] >= 0:
            continue
        c[:] = identity
        cd.set_corners(c, x)
        reps[n_classes] = x
        for s in range(N_SYM_D4H):
            _conjugate(c, syms[s], syms[inv[s]], tmp, out)
            y = cd.get_corners(out)
            if y == x:
                stabiliser[n_classes] |= np.uint16(1 << s)
            if class_sym[y] < 0:
                class_sym[y] = 16 * n_classes + inv[s]
        n_classes += 1
    return class_sym.astype(np.uint32), reps[:n_classes].copy(), stabiliser[:n_classes].copy()


def build_corner_classes() -> dict[str, np.ndarray]:
    """Symmetry classes of the corner permutation under the 16 U-D symmetries (2768 of them).

    class_sym[x] = 16 * class + s: conjugating x by symmetry s gives reps[class]; stabiliser as for flipslice.
    """
    class_sym, reps, stab = _build_corner_classes(identity(), *_symmetries())
    return {"class_sym": class_sym, "reps": reps, "stabiliser": stab}


def build_slice_conj() -> np.ndarray:
    """int16 (N_SLICE, 16): the UD-slice of S_s * c * S_s^-1; the U-D symmetries keep the slice a slice."""
    return _build_conj_table(int(Coord.SLICE_SORTED), cd.N_SLICE, cd.N_PERM4, identity(), *_symmetries())


N_CORNER_COMB = 70  # C(8, 4): which four corner slots hold the U-layer corners URF, UFL, ULB, UBR
N_CORNER_SPLIT = 35  # the combs paired with their complements: which four slots hold one layer's corners


def _corner_comb_index() -> np.ndarray:
    """rank[mask]: the 4-of-8 slot masks in lexicographic order of their slots, so the solved {0,1,2,3} is 0."""
    import itertools

    rank = np.full(256, -1, dtype=np.int64)
    for k, slots in enumerate(itertools.combinations(range(8), 4)):
        rank[sum(1 << i for i in slots)] = k
    return rank


@nb.njit(cache=True, nogil=True)
def _corner_comb(c: np.ndarray, rank: np.ndarray) -> int:
    mask = 0
    for i in range(8):
        if c[i] < 4:  # CP field: slot i holds a U-layer corner
            mask |= 1 << i
    return rank[mask]


@nb.njit(cache=True, nogil=True)
def _build_corner_comb_tables(identity, moves, syms, inv, rank):
    comb_of = np.empty(cd.N_CORNERS, dtype=np.uint8)
    rep = np.full(N_CORNER_COMB, -1, dtype=np.int64)
    c = identity.copy()
    tmp = identity.copy()
    out = identity.copy()
    for x in range(cd.N_CORNERS):
        c[:] = identity
        cd.set_corners(c, x)
        k = _corner_comb(c, rank)
        comb_of[x] = k
        if rep[k] < 0:
            rep[k] = x
    comb_move = np.empty((N_CORNER_COMB, moves.shape[0]), dtype=np.int32)
    comb_conj = np.empty((N_CORNER_COMB, 16), dtype=np.int16)
    for k in range(N_CORNER_COMB):
        c[:] = identity
        cd.set_corners(c, rep[k])
        for m in range(moves.shape[0]):
            multiply(c, moves[m], out)
            comb_move[k, m] = _corner_comb(out, rank)
        for s in range(16):
            _conjugate(c, syms[s], syms[inv[s]], tmp, out)
            comb_conj[k, s] = _corner_comb(out, rank)
    return comb_of, comb_move, comb_conj


def build_corner_comb_tables() -> dict[str, np.ndarray]:
    """The corner-comb coordinate (which four slots hold the U-layer corners, 0 = solved) and its tables.

    comb_of[corners]: the comb of a corner permutation; comb_move[comb, m]; comb_conj[comb, s]: the comb of
    S_s * c * S_s^-1 for the 16 U-D symmetries (a U-D swap sends the U corners down, so the comb of the image
    is that of the other four corners, moved). The comb after a move or a symmetry depends on the comb alone,
    so one representative permutation per comb gives each row; the tests check that against every permutation.
    """
    comb_of, comb_move, comb_conj = _build_corner_comb_tables(
        identity(), move_cubes(), *_symmetries(), _corner_comb_index()
    )
    return {"comb_of": comb_of, "comb_move": comb_move, "comb_conj": comb_conj}


def build_corner_split_tables(combs: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The corner split (which four slots hold one layer's corners, not saying which layer; 0 = solved) and its
    tables, from the comb's (`build_corner_comb_tables`): split_of[corners], split_move[split, m],
    split_conj[split, s], as the comb's.

    Each comb is paired with its complement (the slots of the other layer's corners). A move or a symmetry maps
    the complement of a set of slots to the complement of its image, so the split after either depends on the
    split alone; the tests check that against every permutation. Why: a table with the split in the comb's
    place has half the large table's entries and keeps most of what the comb tells."""
    comb_of, comb_move, comb_conj = (combs[k].astype(np.int64) for k in ("comb_of", "comb_move", "comb_conj"))
    complement = np.empty(N_CORNER_COMB, dtype=np.int64)
    cube = identity()
    for comb in range(N_CORNER_COMB):
        cube[:] = identity()
        cd.set_corners(cube, int(np.argmax(comb_of == comb)))
        cube[CP : CP + 8] = (cube[CP : CP + 8] + 4) % 8  # the U corners named D and the D corners U
        complement[comb] = comb_of[cd.get_corners(cube)]
    least = np.minimum(np.arange(N_CORNER_COMB), complement)  # each pair named by its lesser comb
    reps = np.unique(least)  # N_CORNER_SPLIT combs, the solved comb 0 first
    split_of_comb = np.searchsorted(reps, least)
    return {
        "split_of": split_of_comb[comb_of].astype(np.uint8),
        "split_move": split_of_comb[comb_move[reps]].astype(np.int32),
        "split_conj": split_of_comb[comb_conj[reps]].astype(np.int16),
    }
