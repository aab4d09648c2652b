"""Flat cubie arrays for the numba kernels: one int8 row of 40 per cube, moves and the 48 cube symmetries.

A cube is ``[cp(8) | co(8) | ep(12) | eo(12)]`` in the core's "replaced by" convention (see
``solvers.cube.state``), so a ``CubeState`` converts by concatenation. Corner orientations 3..5 mark mirrored
corners, which only the reflection symmetries produce; products follow Kociemba's rules for them so that
conjugating a real cube by a reflection gives a real cube again.

Symmetry ``s = 16 * urf3 + 8 * f2 + 2 * u4 + lr2`` is the product ``URF3^urf3 * F2^f2 * U4^u4 * LR2^lr2``;
the first 16 keep the U-D axis (they map the UD-slice and the phase-2 move set to themselves).
"""

from __future__ import annotations

from functools import cache

import numba as nb
import numpy as np

from solvers.cube.moves import Move, basic_turn, move_state
from solvers.cube.state import CubeState

CP, CO, EP, EO = 0, 8, 16, 28  # offsets of the four fields in a flat cube
CUBE_LEN = 40
N_SYM = 48  # all rotations and reflections of the cube
N_SYM_D4H = 16  # those that keep the U-D axis
N_MOVE = 18


def flat(state: CubeState) -> np.ndarray:
    """The 40-entry flat form of a 3x3x3 state (centres must be home: a face turn never moves them)."""
    if state.size != 3:
        raise ValueError("the rubik engine handles 3x3x3 states only")
    return np.concatenate([state.cp, state.co, state.ep, state.eo]).astype(np.int8)


def unflat(cube: np.ndarray) -> CubeState:
    return CubeState.from_arrays(3, cube[CP:CO], cube[CO:EP], cube[EP:EO], cube[EO:CUBE_LEN])


@nb.njit(cache=True, nogil=True)
def multiply(a: np.ndarray, b: np.ndarray, out: np.ndarray) -> None:
    """out = a followed by b (corner orientations 3..5 are mirrored corners)."""
    for i in range(8):
        j = b[CP + i]
        out[CP + i] = a[CP + j]
        oa = a[CO + j]
        ob = b[CO + i]
        if oa < 3 and ob < 3:
            o = (oa + ob) % 3
        elif oa < 3:  # b mirrored: the product is mirrored
            o = 3 + (oa + ob) % 3
        elif ob < 3:  # a mirrored: the product is mirrored
            o = 3 + (oa - ob) % 3
        else:  # both mirrored: the product is a real cube
            o = (oa - ob) % 3
        out[CO + i] = o
    for i in range(12):
        j = b[EP + i]
        out[EP + i] = a[EP + j]
        out[EO + i] = (a[EO + j] + b[EO + i]) % 2


@nb.njit(cache=True, nogil=True)
def inverse(a: np.ndarray, out: np.ndarray) -> None:
    """out = a^-1 (real or mirrored)."""
    for i in range(8):
        out[CP + a[CP + i]] = i
    for i in range(8):
        o = a[CO + out[CP + i]]
        out[CO + i] = (-o) % 3 if o < 3 else o
    for i in range(12):
        out[EP + a[EP + i]] = i
    for i in range(12):
        out[EO + i] = a[EO + out[EP + i]]


def product(*cubes: np.ndarray) -> np.ndarray:
    """Python-side convenience: the product of flat cubes, left to right."""
    result = identity()
    for cube in cubes:
        out = np.empty(CUBE_LEN, dtype=np.int8)
        multiply(result, cube, out)
        result = out
    return result


def invert(cube: np.ndarray) -> np.ndarray:
    out = np.empty(CUBE_LEN, dtype=np.int8)
    inverse(cube, out)
    return out


def identity() -> np.ndarray:
    return flat(CubeState.solved(3))


@cache
def move_cubes() -> np.ndarray:
    """int8 (18, 40): the flat cube of each `Move`, derived from the core's geometric moves."""
    table = np.stack([flat(move_state(3, move)) for move in Move])
    table.setflags(write=False)
    return table


def _rotation(name: str) -> np.ndarray:
    """A whole-cube rotation as a flat cube: its pieces' motion, centres left out (they only relabel faces)."""
    return flat(CubeState.from_arrays(3, *(getattr(basic_turn(3, name), f) for f in ("cp", "co", "ep", "eo"))))


def _urf3() -> np.ndarray:
    """The 120-degree turn about the URF-DBL diagonal that takes the U face to R (found among x/y products)."""
    x, y = _rotation("x"), _rotation("y")
    candidate = product(x, y)
    if candidate[CP] != 0 or not np.array_equal(product(candidate, candidate, candidate), identity()):
        raise AssertionError("x y should be a 3-fold rotation fixing the URF corner")
    return candidate


def _lr2() -> np.ndarray:
    """The reflection in the plane through the U, D, F and B centres (left and right swap)."""
    cube = identity()
    cube[CP:CO] = [1, 0, 3, 2, 5, 4, 7, 6]  # URF<->UFL, ULB<->UBR, DFR<->DLF, DBL<->DRB
    cube[CO:EP] = 3  # every corner is seen in the mirror
    cube[EP:EO] = [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10]  # UR<->UL, DR<->DL, FR<->FL, BL<->BR
    return cube


@cache
def symmetry_cubes() -> np.ndarray:
    """int8 (48, 40): symmetry s as a flat cube, numbered as in the module docstring."""
    urf3, f2, u4, lr2 = _urf3(), product(_rotation("z"), _rotation("z")), _rotation("y"), _lr2()
    cubes = []
    for a in range(3):
        for b in range(2):
            for c in range(4):
                for d in range(2):
                    parts = [urf3] * a + [f2] * b + [u4] * c + [lr2] * d
                    cubes.append(product(*parts))
    table = np.stack(cubes)
    table.setflags(write=False)
    return table


@cache
def symmetry_inverse() -> np.ndarray:
    """int16 (48,): the index of each symmetry's inverse."""
    syms = symmetry_cubes()
    ident = identity()
    inv = np.full(N_SYM, -1, dtype=np.int16)
    for s in range(N_SYM):
        for t in range(N_SYM):
            if np.array_equal(product(syms[s], syms[t]), ident):
                inv[s] = t
    assert (inv >= 0).all()
    return inv


@cache
def conjugate_move_table() -> np.ndarray:
    """int8 (48, 18): conj[s, m] is the move S_s * m * S_s^-1 (conjugation maps face turns to face turns)."""
    syms, inv, moves = symmetry_cubes(), symmetry_inverse(), move_cubes()
    # One look-up per product: a process's first solution waits for this table, and comparing each product with
    # every move (15552 array comparisons) took 0.3 s.
    move_of = {moves[k].tobytes(): k for k in range(N_MOVE)}
    table = np.full((N_SYM, N_MOVE), -1, dtype=np.int8)
    for s in range(N_SYM):
        for m in range(N_MOVE):
            table[s, m] = move_of.get(product(syms[s], moves[m], syms[inv[s]]).tobytes(), -1)
    assert (table >= 0).all(), "a symmetry conjugated a face turn into something else"
    table.setflags(write=False)
    return table


def conjugate(cube: np.ndarray, s: int) -> np.ndarray:
    """S_s * cube * S_s^-1."""
    return product(symmetry_cubes()[s], cube, symmetry_cubes()[symmetry_inverse()[s]])
