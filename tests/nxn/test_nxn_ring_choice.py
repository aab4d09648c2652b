"""The outermost centre ring's solution chosen by the edge pairing after it (ring_choice.py, centre_rings.py)."""

from __future__ import annotations

import random
import threading

import numpy as np
import pytest

from solvers.nxn import centre_rings, pairing
from solvers.nxn.centre_rings import solve_rings
from solvers.nxn.moves import BlockTurn, sequence_permutation
from solvers.nxn.projection import rings
from solvers.nxn.ring_choice import SCREENS, pairing_chooser
from solvers.nxn.scramble import random_turns
from solvers.nxn.state import NxNState


@pytest.mark.parametrize("n", [6, 7])
def test_of_two_solutions_the_one_after_which_nothing_is_left_to_pair_is_kept_though_listed_second(n: int):
    """A solved cube: a first "solution" that mixes the edges by centre-keeping moves, a second that does
    nothing. The chooser keeps the second: the first's turns and its pairing after are more than none."""
    macros, _, _ = pairing._macros(n)
    rng = random.Random(3)
    mixing = [turn for _ in range(4) for turn in rng.choice(macros[18:])]  # past the 18 face turns
    colours = NxNState.solved(n).colours
    assert pairing.unpaired_wings(n, colours[sequence_permutation(n, mixing)]) > 0
    choose = pairing_chooser(n, threading.Event())
    assert choose is not None
    assert choose([], [mixing, []], colours) == []


def test_sizes_without_a_screen_keep_the_ring_that_merges_best():
    assert 5 not in SCREENS and pairing_chooser(5, threading.Event()) is None
    assert 8 not in SCREENS and pairing_chooser(8, threading.Event()) is None


def test_the_finish_found_for_the_kept_solution_solves_the_cube_and_is_given_for_its_state_alone():
    """The 6x6x6's finalists go through the full pairing and 3x3x3 stage; the chooser hands the kept one's finish
    to the solver for exactly the state that solution leaves. Replayed: centres' solution, finish and the wing
    3-cycles after it solve the cube; for the other solution's state it gives nothing."""
    from solvers.nxn.orbit_solve import solve_orbit
    from solvers.nxn.pieces import Kind, orbits

    n = 6
    assert SCREENS[n].finalists >= 2
    macros, _, _ = pairing._macros(n)
    rng = random.Random(5)
    first, second = ([turn for _ in range(3) for turn in rng.choice(macros[18:])] for _ in range(2))
    start = NxNState.solved(n)
    choose = pairing_chooser(n, threading.Event(), None)
    assert choose is not None
    kept = choose([], [first, second], start.colours)
    other = second if kept == first else first
    assert kept in (first, second) and kept != other
    after = start.apply(kept)
    finish = choose.finish_for(after.colours)
    assert finish is not None and choose.finish_for(start.apply(other).colours) is None
    colours = after.apply(finish).colours
    rest = []
    for index, orbit in enumerate(orbits(n)):
        if orbit.kind is Kind.WING:
            done, colours = solve_orbit(n, index, colours)
            rest += done
    assert start.apply(kept + finish + rest).is_solved()


def test_the_chooser_sees_the_outermost_ring_only_its_solutions_least_merged_first(monkeypatch):
    """On a 7x7x7 (two 5x5x5 rings, no bars): the deeper ring keeps its own first solution; the outer ring's
    solutions reach the chooser sorted by their turns once merged with the deeper ring's last turn, and the
    turns end with the one it returns."""
    from solvers.nxn.five import centres as five_centres

    n = 7
    deep, outer = rings(n)
    first = BlockTurn(0, 0, 0, 1)  # lifts to layers 0..1: the outer ring's (0, 0, 1) half turn merges with it
    plain = (BlockTurn(1, 0, 0, 1), BlockTurn(2, 0, 0, 1))
    merging = (BlockTurn(0, 0, 1, 2), BlockTurn(1, 0, 0, 1))
    answers = iter([[(first,)], [plain, merging]])

    def solutions(small, stopped, keep, tried):
        return [five_centres.Candidate(turns, small) for turns in next(answers)][:keep]

    seen: list[list[list[BlockTurn]]] = []

    def last(before: list[BlockTurn], found: list[list[BlockTurn]], colours: np.ndarray) -> list[BlockTurn]:
        seen.append(found)
        return found[-1]

    monkeypatch.setattr(five_centres, "solve_centres", solutions)
    monkeypatch.setattr(centre_rings, "warm_five", lambda: None)  # its warm-up solve would take the first answer
    colours = NxNState.solved(n).apply(random_turns(n, seed=1)).colours
    turns, _, _ = solve_rings(n, colours, choose=last)
    assert seen == [[[outer.lift(t) for t in merging], [outer.lift(t) for t in plain]]]
    assert turns == [deep.lift(first)] + [outer.lift(t) for t in plain]
