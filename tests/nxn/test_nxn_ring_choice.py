"""The outermost centre ring's solution chosen by the edge pairing after it (ring_choice.py, centre_rings.py)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solvers.nxn import pairing
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
    choose = pairing_chooser(n, lambda: False)
    assert choose is not None
    assert choose([], [mixing, []], colours) == []


def test_sizes_without_a_screen_keep_the_ring_that_merges_best():
    assert 5 not in SCREENS and pairing_chooser(5, lambda: False) is None
    assert 8 not in SCREENS and pairing_chooser(8, lambda: False) is None


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
    colours = NxNState.solved(n).apply(random_turns(n, seed=1)).colours
    turns, _, _ = solve_rings(n, colours, choose=last)
    assert seen == [[[outer.lift(t) for t in merging], [outer.lift(t) for t in plain]]]
    assert turns == [deep.lift(first)] + [outer.lift(t) for t in plain]
