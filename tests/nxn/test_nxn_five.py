"""The 5x5x5's table-driven centres: tables against independent counts, answers replayed on the sticker model."""

from __future__ import annotations

import threading
from math import comb

import pytest

from solvers.engine import SearchCancelled
from solvers.nxn.events import BigCubeSolution, StageProgress
from solvers.nxn.five.centres import edge_parity, solve_centres, wing_parity
from solvers.nxn.five.joint import PAIRS, TABLE_PAIRS, coordinates, distance, joint_table
from solvers.nxn.five.layout import phase1_moves, phase2_moves, phase3_moves
from solvers.nxn.five.prune import TABLE_NAMES, table
from solvers.nxn.four.prune import UNREACHED
from solvers.nxn.notation import format_turns
from solvers.nxn.scramble import random_turns
from solvers.nxn.slice_pairing import unpaired_wings
from solvers.nxn.solver import solve, solve_nxn
from solvers.nxn.state import NxNState, read_facelets
from solvers.nxn.validation import home_relabel
from tests.nxn.sticker_model import StickerModel

# Centre stickers of the 5x5x5 in the facelet string, per face U R F D L B: x-centres (diagonal neighbours of the
# fixed centre) and +-centres (its edge neighbours).
X_INDEX = [25 * f + r * 5 + c for f in range(6) for r, c in ((1, 1), (1, 3), (3, 1), (3, 3))]
PLUS_INDEX = [25 * f + r * 5 + c for f in range(6) for r, c in ((1, 2), (2, 1), (2, 3), (3, 2))]
FIXED_INDEX = [25 * f + 12 for f in range(6)]
PHASE_LETTERS = ("RL", "UD")
PHASE_MOVES = (phase1_moves, phase2_moves)


@pytest.mark.parametrize(
    ("phase", "reached"),
    [
        (0, comb(24, 8)),  # 8 L/R pieces of an orbit anywhere among its 24 positions
        (1, comb(16, 8)),  # 8 U/D pieces anywhere off R and L
    ],
)
@pytest.mark.parametrize("orbit", [0, 1])
def test_each_table_reaches_every_placement_and_the_goal_is_its_only_zero(phase, orbit, reached):
    dist = table(phase, orbit)
    assert int((dist != UNREACHED).sum()) == reached
    assert int((dist == 0).sum()) == 1


@pytest.mark.parametrize("phase", [0, 1])
@pytest.mark.parametrize("orbit", [0, 1])
def test_the_tables_first_layer_matches_the_sticker_models_placements_one_turn_away(phase, orbit):
    """Depth 1 of each table against the placements the independent model reaches from solved in one turn."""
    index = (X_INDEX, PLUS_INDEX)[orbit]
    letters = PHASE_LETTERS[phase]

    def placement(model: StickerModel) -> tuple[bool, ...]:
        text = model.facelets()
        return tuple(text[i] in letters for i in index)

    placements = set()
    for turn in PHASE_MOVES[phase]().turns:
        model = StickerModel(5)
        model.apply(format_turns([turn], 5))
        assert [model.facelets()[i] for i in FIXED_INDEX] == list("URFDLB")  # no move turns the middle layer
        placements.add(placement(model))
    placements.discard(placement(StickerModel(5)))
    assert int((table(phase, orbit) == 1).sum()) == len(placements)


@pytest.mark.parametrize("index", range(3))
def test_each_joint_table_reaches_every_placement_of_both_orbits_on_its_two_face_pairs(index):
    dist = joint_table(index)
    assert int((dist != UNREACHED).sum()) == comb(8, 4) ** 4  # four first-colour pieces among 8, four times over
    assert int((dist == 0).sum()) == 1
    assert int(dist[dist != UNREACHED].max()) <= 12


@pytest.mark.parametrize("index", range(3))
def test_the_joint_tables_first_layer_matches_the_sticker_models_placements_one_turn_away(index):
    """What a joint table sees: per orbit and each of its two face pairs, which stickers show the pair's first
    colour; read on the independent model after each of phase 3's turns."""
    faces = "URFDLB"
    pairs = [(faces[int(PAIRS[p][0])], faces[int(PAIRS[p][1])]) for p in TABLE_PAIRS[index]]

    def placement(model: StickerModel) -> tuple[bool, ...]:
        text = model.facelets()
        seen = []
        for stickers in (X_INDEX, PLUS_INDEX):
            for first, second in pairs:
                on_pair = [i for i in stickers if "URFDLB"[i // 25] in (first, second)]
                seen += [text[i] == first for i in on_pair]
        return tuple(seen)

    placements = set()
    for turn in phase3_moves().turns:
        model = StickerModel(5)
        model.apply(format_turns([turn], 5))
        placements.add(placement(model))
    placements.discard(placement(StickerModel(5)))
    assert int((joint_table(index) == 1).sum()) == len(placements)


def test_the_joint_bound_is_zero_on_solved_centres_and_at_most_the_turns_away():
    assert distance(coordinates(NxNState.solved(5).colours)) == 0
    turns = [phase3_moves().turns[m] for m in (0, 20, 4, 27, 9)]  # five of phase 3's turns
    model = StickerModel(5)
    model.apply(format_turns(turns, 5))
    assert 1 <= distance(coordinates(read_facelets(model.facelets()).colours)) <= 5


def _assert_centres_home_wings_even(model: StickerModel, turns) -> None:
    """Replayed on the independent model: every face's x-, +- and fixed centres one colour, the wings even."""
    model.apply(format_turns(list(turns), 5))
    text = model.facelets()
    for f in range(6):
        face = {text[i] for i in X_INDEX[4 * f : 4 * f + 4] + PLUS_INDEX[4 * f : 4 * f + 4] + [FIXED_INDEX[f]]}
        assert len(face) == 1, (f, face)
    state = read_facelets(text)
    assert wing_parity(home_relabel(state)[state.colours]) == 0


@pytest.mark.parametrize("seed", range(3))
def test_the_centre_phases_solve_every_centre_and_leave_the_wings_even(seed):
    model = StickerModel(5)
    model.apply(format_turns(random_turns(5, seed=500 + seed), 5))
    candidates = solve_centres(read_facelets(model.facelets()).colours.copy(), keep=2)
    assert candidates
    found = candidates[-1]
    _assert_centres_home_wings_even(model, found.turns)
    # about 28 turns, and 15 more for the wing exchange when the wings end odd; the general centre stages took 70-90
    assert sum(1 for t in found.turns if not t.is_rotation(5)) <= 50


def test_wings_left_odd_by_an_inner_quarter_turn_are_even_after_the_centre_phases():
    """The 5x5x5's edge parity (a lone wing exchange in the last two edges) starts as odd wings: the centre
    phases end with them even."""
    model = StickerModel(5)
    model.apply("Rw U R' F Rw' D2 2R")
    colours = read_facelets(model.facelets()).colours
    assert wing_parity(colours) == 1
    found = solve_centres(colours.copy())[0]
    model.apply(format_turns(list(found.turns), 5))
    state = read_facelets(model.facelets())
    assert wing_parity(home_relabel(state)[state.colours]) == 0


def test_the_edge_parity_turns_exchange_two_wings_and_keep_everything_else():
    model = StickerModel(5)
    model.apply(format_turns(list(edge_parity()), 5))
    text, solved = model.facelets(), StickerModel(5).facelets()
    changed = [i for i in range(150) if text[i] != solved[i]]
    assert len(changed) == 4  # two wings of one edge, each showing the other's colours
    state = read_facelets(text)
    assert wing_parity(home_relabel(state)[state.colours]) == 1


def test_unpaired_wings_are_counted_against_the_middle_edges():
    assert unpaired_wings(5, NxNState.solved(5).colours) == 0
    model = StickerModel(5)
    model.apply("2R U R' U' 2R'")  # the slice moves one wing of each of a few edges off its middle edge
    assert unpaired_wings(5, read_facelets(model.facelets()).colours) > 0


@pytest.mark.parametrize("seed", range(3))
def test_random_5x5_scrambles_are_solved_in_far_fewer_turns_than_before(seed):
    model = StickerModel(5)
    model.apply(format_turns(random_turns(5, seed=900 + seed), 5))
    solution = solve_nxn(read_facelets(model.facelets()))
    model.apply(solution.notation)
    assert model.solved()
    assert solution.length <= 100  # the general pipeline took 125-150, the shared pairing 95-110


def test_the_5x5_stages_are_named_in_words():
    events = list(solve(NxNState.solved(5).apply(random_turns(5, seed=3))))
    stages = [e.stage for e in events if isinstance(e, StageProgress)]
    assert stages[0] == f"centre tables: {TABLE_NAMES[0][0]}"
    assert "centres: L and R, U and D, then every face" in stages
    assert any(s.startswith("edge pairing after each of") for s in stages)
    assert any(s.startswith("the 3x3x3 stage after pairing") for s in stages)
    fractions = [e.fraction for e in events if isinstance(e, StageProgress)]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0
    assert isinstance(events[-1], BigCubeSolution)


def test_a_set_stop_flag_ends_a_5x5_solve_without_an_answer():
    stop = threading.Event()
    stop.set()
    with pytest.raises(SearchCancelled):
        solve_nxn(NxNState.solved(5).apply(random_turns(5, seed=4)), stop=stop)


def test_a_stop_raised_during_the_centre_phases_ends_them_without_candidates():
    polls = []

    def stopped() -> bool:
        polls.append(1)
        return len(polls) > 2

    state = NxNState.solved(5).apply(random_turns(5, seed=8))
    assert solve_centres(state.colours.copy(), stopped, keep=2) == []


@pytest.mark.parametrize("seed", [10, 21, 23])
def test_a_cube_whose_last_centre_phase_ran_past_its_budget_is_solved_by_the_tables(seed):
    """On these scrambles phase 3 needs 11 or 12 turns where either orbit alone needs 5 or 6: with per-orbit
    tables its search ran past its budget on every candidate and the general pipeline took the cube (125-150
    turns); the joint tables bound it closely."""
    model = StickerModel(5)
    model.apply(format_turns(random_turns(5, seed=seed), 5))
    state = read_facelets(model.facelets())
    events = list(solve(state))
    assert not any(isinstance(e, StageProgress) and e.stage.startswith("centres: block") for e in events)
    solution = events[-1]
    assert isinstance(solution, BigCubeSolution)
    model.apply(solution.notation)
    assert model.solved()
    assert solution.length <= 100


def test_wings_left_odd_by_the_shortest_centre_solutions_cost_no_wing_exchange():
    """Seed 0's shortest phase-2 endings all leave the wings odd: the centres took 41 turns, 15 of them the wing
    exchange; phase 2's endings that leave the wings even make it about 27."""
    state = NxNState.solved(5).apply(random_turns(5, seed=0))
    found = solve_centres(home_relabel(state)[state.colours], keep=1)[0]
    assert found.turns[-len(edge_parity()) :] != edge_parity()
    assert wing_parity(found.colours) == 0
    assert sum(1 for t in found.turns if not t.is_rotation(5)) <= 30


def test_when_every_even_phase_2_search_runs_past_its_budget_a_patient_one_still_avoids_the_wing_exchange(
    monkeypatch,
):
    """Seed 0's shortest phase-2 endings all leave the wings odd. With the searches for even endings running past
    their usual budget (as a 6x6x6's outer ring's did on nxn_bench.py's seed 11: 43 turns with the exchange), the
    centres would end with the 15-turn wing exchange; phase 2 tried again for even endings with a larger budget
    finds them."""
    from solvers.nxn.five import centres as five_centres

    plain = five_centres._search

    def even_past_budget(phase, moves, colours, need_even, limit, stop, budget=0):
        if phase == 1 and need_even and not budget:
            return []
        return plain(phase, moves, colours, need_even, limit, stop, budget)

    monkeypatch.setattr(five_centres, "_search", even_past_budget)
    monkeypatch.setattr(five_centres, "EVEN_BUDGET", five_centres.BUDGETS[1])  # what this scramble needs: cheap
    model = StickerModel(5)
    model.apply(format_turns(random_turns(5, seed=0), 5))
    state = read_facelets(model.facelets())
    found = solve_centres(home_relabel(state)[state.colours], keep=1, tried=12)[0]  # the rings' RING_TRIED
    assert found.turns[-len(edge_parity()) :] != edge_parity()
    assert sum(1 for t in found.turns if not t.is_rotation(5)) <= 30
    _assert_centres_home_wings_even(model, found.turns)
