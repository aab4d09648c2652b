"""Training scrambles: uniformly random cubes among those in which a preset's pieces are solved.

Pieces pinned to one coordinate stay there; the others are shuffled over the remaining slots, each oriented at
random among the orientations its goal allows. The cube's laws are then restored without bias: a permutation
parity mismatch swaps a fixed pair of free slots (a bijection between the odd and even halves), and the last
freely oriented piece of each kind takes the orientation that makes the total right.
"""

from __future__ import annotations

from collections.abc import Iterator

from solvers.cube.moves import Move
from solvers.cube.parity import permutation_parity
from solvers.cube.scramble import RandomSource, randbelow, random_permutation
from solvers.cube.state import CubeState
from solvers.goals.goal import Goal, GoalError

SCRAMBLE_LENGTH = 20  # the first two-phase solution of at most this many moves is the scramble (God's number)


def random_goal_state(goal: Goal, rng: RandomSource = None) -> CubeState:
    """A uniformly random solvable cube whose pieces all sit where `goal` allows (preset-shaped goals)."""
    below = randbelow(rng)
    cp, co = _place(goal, 0, 8, 3, below)
    ep, eo = _place(goal, 8, 12, 2, below)
    if permutation_parity(cp) != permutation_parity(ep):
        free = [s for s in range(12) if _free(goal, 8 + ep[s])] or []
        kind = (ep, eo, free) if len(free) >= 2 else (cp, co, [s for s in range(8) if _free(goal, cp[s])])
        perm, _, slots = kind
        if len(slots) < 2:
            raise GoalError(f"{goal.name}: no free pieces to fix the permutation parity with")
        a, b = slots[-2], slots[-1]
        perm[a], perm[b] = perm[b], perm[a]
    _settle_orientation(goal, cp, co, 0, 3)
    _settle_orientation(goal, ep, eo, 8, 2)
    return CubeState.from_arrays(3, cp, co, ep, eo)


def _free(goal: Goal, piece: int) -> bool:
    return int(goal.allowed[piece].sum()) > 1 and not _pinned_slot(goal, piece)


def _pinned_slot(goal: Goal, piece: int) -> bool:
    twists = 3 if piece < 8 else 2
    return len({int(c) // twists for c in goal.allowed[piece].nonzero()[0]}) == 1


def _place(goal: Goal, first: int, count: int, twists: int, below) -> tuple[list[int], list[int]]:
    """Pieces pinned to a slot go there; the rest are shuffled uniformly over the other slots."""
    perm = [-1] * count
    loose = []
    for piece in range(count):
        coords = goal.allowed[first + piece].nonzero()[0]
        if _pinned_slot(goal, first + piece):
            perm[int(coords[0]) // twists] = piece
        else:
            loose.append(piece)
    open_slots = [s for s in range(count) if perm[s] < 0]
    for slot, k in zip(open_slots, random_permutation(len(loose), below), strict=True):
        perm[slot] = loose[k]
    ori = []
    for slot in range(count):
        choices = [o for o in range(twists) if goal.allowed[first + perm[slot], slot * twists + o]]
        ori.append(choices[below(len(choices))])
    return perm, ori


def _settle_orientation(goal: Goal, perm: list[int], ori: list[int], first: int, twists: int) -> None:
    """Give the last fully free piece the orientation the cube's law requires (uniform: it was uniform before)."""
    total = sum(ori) % twists
    if total == 0:
        return
    free = [s for s in range(len(perm)) if all(goal.allowed[first + perm[s], s * twists + o] for o in range(twists))]
    if not free:
        raise GoalError(f"{goal.name}: its orientations cannot all hold on a real cube")
    ori[free[-1]] = (ori[free[-1]] - total) % twists


def scramble_for(state: CubeState) -> tuple[Move, ...]:
    """A move sequence that takes a solved cube to `state`: a two-phase solution, reversed and inverted.

    A pure function of the state: one search thread (the six racing views would let the fastest thread decide)
    stopping at its first solution of at most SCRAMBLE_LENGTH moves (a time limit would let the machine's speed
    decide how far it improves), so a seed gives the same scrambles on any machine under any load."""
    from solvers.rubik.twophase import solve_twophase

    solution = solve_twophase(state, target_length=SCRAMBLE_LENGTH, n_variants=1)
    return tuple(move.inverse() for move in reversed(solution.moves))


def training_scrambles(goal: Goal, count: int, seed: int | None = None) -> Iterator[tuple[Move, ...]]:
    """`count` scrambles, each producing an independent uniform state with the goal's pieces solved."""
    import random

    rng = random.Random(seed)
    for _ in range(count):
        yield scramble_for(random_goal_state(goal, rng))
