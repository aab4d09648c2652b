"""Scrambles: uniformly random reachable states, and random-move sequences that never waste a turn.

A random-state scramble is the fair one (every solvable state equally likely, as WCA uses), but it is a state, not
moves: to show it as a sequence, solve the state with a solver (the 2x2x2 optimal solver or the 3x3x3 two-phase
solver) and invert the solution. Random-move scrambles need no solver but are not uniform.

Every function takes `rng`: a `random.Random`, a `numpy.random.Generator`, an int seed, or None (fresh entropy),
so tests and users can reproduce a scramble exactly.
"""

from __future__ import annotations

import random
from math import factorial

import numpy as np

from solvers.cube.geometry import N_CORNERS, N_EDGES, Corner, Face
from solvers.cube.notation import Algorithm, Turn
from solvers.cube.notation_nodes import QUARTERS_PER_TURN
from solvers.cube.parity import permutation_parity
from solvers.cube.state import CubeState

RandomSource = random.Random | np.random.Generator | int | None

DEFAULT_LENGTH = {2: 11, 3: 25}  # moves in a random-move scramble: about God's number of each cube plus margin
ALL_FACES: tuple[Face, ...] = tuple(Face)
POCKET_FACES: tuple[Face, ...] = (Face.U, Face.R, Face.F)  # 2x2x2 scrambles keep the DBL corner still
_AXIS = {Face.U: 0, Face.D: 0, Face.R: 1, Face.L: 1, Face.F: 2, Face.B: 2}


def randbelow(rng: RandomSource):
    """A function n -> uniform int in [0, n) drawing from any supported source."""
    if isinstance(rng, np.random.Generator):
        return lambda n: int(rng.integers(n))
    source = rng if isinstance(rng, random.Random) else random.Random(rng)
    return source.randrange


def random_permutation(n: int, below) -> list[int]:
    """Fisher-Yates with the given randomness, so numpy and stdlib sources give the same kind of result."""
    perm = list(range(n))
    for i in range(n - 1, 0, -1):
        j = below(i + 1)
        perm[i], perm[j] = perm[j], perm[i]
    return perm


def _orientations(n: int, modulus: int, below) -> list[int]:
    """n orientations, all but the last free, the last making the sum 0 mod `modulus` (the cube's law)."""
    free = [below(modulus) for _ in range(n - 1)]
    return [*free, (-sum(free)) % modulus]


def random_state(size: int = 3, rng: RandomSource = None) -> CubeState:
    """A uniformly random solvable state, centres at home.

    3x3x3: each of the 8! * 3^7 * 12! * 2^11 / 2 states equally likely (edge parity follows corner parity).
    2x2x2: the DBL corner stays home and unturned, the other seven uniform: 7! * 3^6 = 3,674,160 states, one per
    orientation class, so this is also uniform over 2x2x2 positions up to whole-cube rotation.
    """
    below = randbelow(rng)
    if size == 2:
        fixed = int(Corner.DBL)
        others = [c for c in range(N_CORNERS) if c != fixed]
        shuffled = random_permutation(len(others), below)
        cp = list(range(N_CORNERS))
        for slot, k in zip(others, shuffled, strict=True):
            cp[slot] = others[k]
        twists = _orientations(len(others), 3, below)
        co = [0] * N_CORNERS
        for slot, twist in zip(others, twists, strict=True):
            co[slot] = twist
        return CubeState.from_arrays(2, cp, co)
    if size != 3:
        raise ValueError(f"only 2x2x2 and 3x3x3 cubes are modelled, not {size}")
    cp = random_permutation(N_CORNERS, below)
    ep = random_permutation(N_EDGES, below)
    if permutation_parity(cp) != permutation_parity(ep):
        ep[-1], ep[-2] = ep[-2], ep[-1]  # a fixed transposition: a bijection between odd and even, so still uniform
    return CubeState.from_arrays(3, cp, _orientations(N_CORNERS, 3, below), ep, _orientations(N_EDGES, 2, below))


def state_count(size: int) -> int:
    """How many states random_state draws from (for tests and documentation)."""
    if size == 2:
        return factorial(7) * 3**6
    return factorial(8) * 3**7 * factorial(12) * 2**11 // 2


def random_move_scramble(
    length: int | None = None,
    size: int = 3,
    rng: RandomSource = None,
    faces: tuple[Face, ...] | None = None,
) -> Algorithm:
    """`length` random face turns (each amount equally likely) in which no turn is wasted.

    Never the same face twice in a row (R R' or R R2 would merge), and never three turns on one axis (R L R
    would merge to R2 L): after two turns on one axis the next must leave it. `faces` defaults to all six on a
    3x3x3 and to U R F on a 2x2x2 (so the DBL corner stays home, matching random_state).
    """
    if length is None:
        length = DEFAULT_LENGTH[size]
    if faces is None:
        faces = ALL_FACES if size == 3 else POCKET_FACES
    if length < 0:
        raise ValueError("a scramble cannot have a negative length")
    below = randbelow(rng)
    chosen: list[Face] = []
    turns: list[Turn] = []
    for _ in range(length):
        allowed = [f for f in faces if _allowed(chosen, f)]
        if not allowed:
            raise ValueError(f"faces {[f.name for f in faces]} cannot make a scramble without wasted turns")
        face = allowed[below(len(allowed))]
        chosen.append(face)
        turns.append(Turn(face.name, 1 + below(QUARTERS_PER_TURN - 1)))
    return Algorithm.from_turns(turns)


def _allowed(previous: list[Face], face: Face) -> bool:
    if previous and previous[-1] == face:
        return False
    return not (len(previous) >= 2 and _AXIS[previous[-1]] == _AXIS[previous[-2]] == _AXIS[face])
