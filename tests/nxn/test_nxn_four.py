"""The 4x4x4's table-driven centres: tables against independent counts, answers replayed on the sticker model."""

from __future__ import annotations

import threading
from math import comb

import pytest

from solvers.engine import SearchCancelled
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.four.centres import solve_centres, wing_parity
from solvers.nxn.four.layout import phase1_moves, phase2_moves, phase3_moves
from solvers.nxn.four.prune import UNREACHED, table
from solvers.nxn.four.random_state import random_state, random_state_turns
from solvers.nxn.moves import invert_sequence
from solvers.nxn.notation import format_turns
from solvers.nxn.scramble import random_turns, scramble
from solvers.nxn.solver import solve, solve_nxn
from solvers.nxn.state import NxNState, read_facelets
from solvers.nxn.validation import validate
from tests.nxn.sticker_model import StickerModel

# Centre stickers of the 4x4x4 in the facelet string: rows 1-2, columns 1-2 of each face, faces U R F D L B.
CENTRE_INDEX = [16 * f + r * 4 + c for f in range(6) for r in (1, 2) for c in (1, 2)]


def _centre_letters(model: StickerModel) -> list[str]:
    text = model.facelets()
    return [text[i] for i in CENTRE_INDEX]


@pytest.mark.parametrize(
    ("name", "reached"),
    [
        ("four-lr-centres", comb(24, 8)),  # 8 L/R centres anywhere among 24 positions
        ("four-ud-centres", comb(16, 8)),  # 8 U/D centres anywhere off R and L
        ("four-centres", comb(8, 4) ** 3),  # U vs D, F vs B, R vs L within each pair of faces
    ],
)
def test_each_table_reaches_every_placement_once_and_the_goal_is_its_only_zero(name, reached):
    dist = table(name)
    assert int((dist != UNREACHED).sum()) == reached
    assert int((dist == 0).sum()) == 1


@pytest.mark.parametrize(
    ("name", "moves", "letters"),
    [
        ("four-lr-centres", phase1_moves, "RL"),
        ("four-ud-centres", phase2_moves, "UD"),
        ("four-centres", phase3_moves, "UFR"),
    ],
)
def test_the_tables_first_layer_matches_the_sticker_models_count_of_placements_one_turn_away(name, moves, letters):
    """Depth 1 of each table against the placements the independent model reaches from solved in one turn."""
    placements = set()
    for turn in moves().turns:
        model = StickerModel(4)
        model.apply(format_turns([turn], 4))
        placements.add(tuple(letter in letters for letter in _centre_letters(model)))
    placements.discard(tuple(letter in letters for letter in _centre_letters(StickerModel(4))))
    assert int((table(name) == 1).sum()) == len(placements)


@pytest.mark.parametrize("seed", range(6))
def test_the_centre_phases_solve_every_centre_and_leave_the_wings_even(seed):
    model = StickerModel(4)
    model.apply(format_turns(random_turns(4, seed=500 + seed), 4))
    candidates = solve_centres(read_facelets(model.facelets()).colours.copy(), keep=3)
    assert len(candidates) == 3 and len(candidates[0].turns) <= len(candidates[-1].turns) <= 24
    found = candidates[-1]
    model.apply(format_turns(list(found.turns), 4))
    centres = _centre_letters(model)
    assert all(len(set(centres[4 * f : 4 * f + 4])) == 1 for f in range(6)), centres
    assert len(set(centres)) == 6
    assert wing_parity(read_facelets(model.facelets()).colours) == 0


@pytest.mark.parametrize("seed", range(8))
def test_random_4x4_scrambles_are_solved_in_far_fewer_turns_than_before(seed):
    model = StickerModel(4)
    model.apply(format_turns(random_turns(4, seed=700 + seed), 4))
    solution = solve_nxn(read_facelets(model.facelets()))
    model.apply(solution.notation)
    assert model.solved()
    assert solution.length <= 80  # the commutator pipeline took 100-120 on the 4x4x4


def test_a_turned_over_wing_pair_alone_keeps_the_wings_odd_until_the_centre_phases():
    """The odd-wing case (one dedge flipped): its wings are odd; after the centre phases they are even."""
    model = StickerModel(4)
    model.apply("Rw U2 x Rw U2 Rw U2 Rw' U2 Lw U2 Rw' U2 Rw U2 Rw' U2 Rw'")  # the classic single-dedge flip
    colours = read_facelets(model.facelets()).colours
    assert wing_parity(colours) == 1
    found = solve_centres(colours.copy())[0]
    model.apply(format_turns(list(found.turns), 4))
    assert wing_parity(read_facelets(model.facelets()).colours) == 0


def test_the_4x4_stages_are_named_in_words():
    events = list(solve(NxNState.solved(4).apply(random_turns(4, seed=3))))
    stages = [e.stage for e in events if isinstance(e, StageProgress)]
    assert stages[0].startswith("centre tables") and "centres: L and R, U and D, then every face" in stages
    assert "edge pairing: its moves (enumerated once per run)" in stages
    assert any(s.startswith("edge pairing after each of") for s in stages)
    assert any(s.startswith("the 3x3x3 stage after pairing") for s in stages)
    fractions = [e.fraction for e in events if isinstance(e, StageProgress)]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert isinstance(events[-1], BigCubeSolution)


def test_a_set_stop_flag_ends_a_4x4_solve_without_an_answer():
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        solve_nxn(NxNState.solved(4).apply(random_turns(4, seed=4)), stop=stop)


@pytest.mark.parametrize("seed", range(3))
def test_a_random_state_is_a_real_cube_and_its_scramble_reaches_it(seed):
    state = random_state(seed)
    validate(state)  # twists add up, every wing real and once, four centres of each colour
    turns = random_state_turns(seed)
    assert not any(turn.is_rotation(4) for turn in turns)
    # the scramble applied to a solved cube gives the drawn state (in some orientation): undoing it solves the state
    model = StickerModel(4)
    model.set_facelets(state.to_facelets())
    model.apply(format_turns(invert_sequence(turns), 4))
    assert model.solved()


def test_the_4x4_scramble_is_random_state_and_repeatable_and_other_sizes_keep_random_turns():
    first = scramble(4, seed=11)
    assert first == scramble(4, seed=11) and first != scramble(4, seed=12)
    assert first != random_turns(4, seed=11) and 30 <= len(first) <= 90
    assert any(turn.first > 0 and turn.last < 3 for turn in first)  # inner layers alone: random turns have none
    assert scramble(5, seed=3) == random_turns(5, seed=3)


def test_a_4x4_scramble_is_the_same_on_a_machine_a_thousand_times_slower(monkeypatch):
    """The scramble is a function of the seed alone: no stage of the solve behind it may stop on the clock."""
    from solvers.rubik import twophase

    wanted = scramble(4, seed=21)
    ticks = iter(range(10**9))
    monkeypatch.setattr(twophase.time, "perf_counter", lambda: float(next(ticks)))  # a second per look
    assert scramble(4, seed=21) == wanted


def test_a_stop_raised_during_the_centre_phases_ends_them_without_candidates():
    polls = []

    def stopped() -> bool:
        polls.append(1)
        return len(polls) > 2  # the first two searches run, then the stop is seen

    state = NxNState.solved(4).apply(random_turns(4, seed=8))
    assert solve_centres(state.colours.copy(), stopped, keep=3) == []
    assert solve_centres(state.colours.copy(), lambda: False, keep=3)
