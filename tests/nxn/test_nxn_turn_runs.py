"""Merged run costs (turn_runs.py) against compact.py, which writes the merged turns the solver returns."""

from __future__ import annotations

import random

import numpy as np
import pytest

from solvers.nxn.compact import compact
from solvers.nxn.geometry import Axis
from solvers.nxn.moves import BlockTurn, block_turn_count
from solvers.nxn.turn_runs import NO_AXIS, MacroRuns, run_amounts, run_cost


def _random_turn(rng: random.Random, size: int, axes: tuple[Axis, ...] = tuple(Axis)) -> BlockTurn:
    first = rng.randrange(size)
    return BlockTurn(rng.choice(axes), first, rng.randrange(first, size), rng.choice((1, 2, 3)))


@pytest.mark.parametrize("size", (5, 6, 7, 10))
def test_a_run_costs_the_block_turns_compact_writes_for_it(size):
    rng = random.Random(size)
    for _ in range(300):
        run = [_random_turn(rng, size, (Axis.X,)) for _ in range(rng.randrange(1, 6))]
        assert run_cost(run_amounts(run, size)[None])[0] == block_turn_count(size, compact(run, size)), run


@pytest.mark.parametrize("size", (6, 7))
def test_a_macro_costs_what_it_adds_to_the_compacted_turns_before_it(size):
    """Macros of 1-4 turns over two axes at most, appended one by one: each step's cost is the growth of the
    compacted sequence, and the trail carried from step to step stays right."""
    rng = random.Random(size * 11)
    macros = []
    for _ in range(60):
        axes = tuple(rng.sample(list(Axis), 2))
        macros.append([_random_turn(rng, size, axes) for _ in range(rng.randrange(1, 5))])
    macros += [[BlockTurn(Axis.X, 0, 0, 1)], [BlockTurn(Axis.X, 0, 0, 3)]]  # cancelling turns cost -1
    runs = MacroRuns.of(macros, size)
    for _ in range(20):
        axis, trail = np.full(1, NO_AXIS), np.zeros((1, size), dtype=np.int8)
        done: list[BlockTurn] = []
        for _ in range(8):
            m = rng.randrange(len(macros))
            before = block_turn_count(size, compact(done, size))
            done += macros[m]
            assert runs.costs(axis, trail)[0, m] == block_turn_count(size, compact(done, size)) - before
            axis, trail = runs.after(axis, trail, np.array([m]))
