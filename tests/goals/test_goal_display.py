"""What the app builds on the goal engine: preset patterns for painting, the stickers a view greys, refusals that
carry their sticker indices, and the any-colour run (the best of six separate solves, proven only at the end)."""

from __future__ import annotations

import random
import threading

import pytest

from cubeviz.solve.engine_bridge import PlayerSolution
from cubeviz.solve.goal_run import GoalRequest, goal_events
from solvers.cube.geometry import Face, centre_facelets, corner_facelets, edge_facelets
from solvers.cube.notation import Turn, parse_algorithm
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState
from solvers.goals.goal import GoalError, ignored_facelets, parse_goal
from solvers.goals.presets import FIXED_AXIS_PRESETS, LAYER_PRESETS, preset_goal, preset_pattern
from solvers.goals.search import solve_goal


@pytest.mark.parametrize("name", sorted(LAYER_PRESETS) + ["corners", "edges"])
def test_preset_pattern_is_the_preset(name: str) -> None:
    colour = "D" if name in FIXED_AXIS_PRESETS else "L"
    goal, pattern = preset_goal(name, colour), preset_pattern(name, colour)
    rng = random.Random(name)
    for _ in range(30):  # the same cubes reach both: the pattern read back and the preset
        state = random_state(3, rng) if rng.random() < 0.5 else CubeState.solved(3) * _random_moves(rng)
        assert parse_goal(pattern).reached_by(state) == goal.reached_by(state)
    shown = sum(char != "." for char in pattern) - 6
    assert shown == sum(3 if p < 8 else 2 for p in goal.constrained)  # every sticker of its pieces, no other


def _random_moves(rng: random.Random) -> CubeState:
    """A cube a few turns from solved, so that goals are sometimes reached (a random state almost never does)."""
    text = " ".join(rng.choice("URFDLB") + rng.choice(["", "'", "2"]) for _ in range(rng.randrange(0, 3)))
    return parse_algorithm(text, 3).state(3) if text else CubeState.solved(3)


def test_orientation_presets_have_no_pattern() -> None:
    with pytest.raises(GoalError, match="oriented pieces anywhere"):
        preset_pattern("eo")


def test_ignored_facelets_follow_the_pieces() -> None:
    goal = preset_goal("cross")
    state = parse_algorithm("R U F'", 3).state(3)
    mask = ignored_facelets(goal, state)
    assert not mask[centre_facelets()].any()
    kept_slots = [slot for slot in range(12) if not mask[edge_facelets(3)[slot]].any()]
    assert sorted(8 + int(state.ep[slot]) for slot in kept_slots) == sorted(goal.constrained)  # wherever they went
    assert mask[corner_facelets(3)].all()  # no corner belongs to the cross
    assert int((~mask).sum()) == 6 + 8  # the centres and the four cross edges


def test_refusals_carry_the_stickers_at_fault() -> None:
    pattern = list(preset_pattern("cross", "F"))
    pattern[7], pattern[19] = "D", "U"  # U8 yellow, F2 white: no such edge
    with pytest.raises(GoalError, match="U8=D, F2=U fit no real piece") as caught:
        parse_goal("".join(pattern))
    assert set(caught.value.facelets) == {7, 19}


def test_any_colour_is_the_best_of_six_proven_at_the_end() -> None:
    state = parse_algorithm("R U F' L2 D B' R2 U' F2 L D2 B R'", 3).state(3)
    events = list(goal_events(GoalRequest.preset("cross", "any"), state, "htm", threading.Event()))
    found = [e for e in events if isinstance(e, PlayerSolution)]
    assert all(not s.proven_optimal for s in found[:-1]) and found[-1].proven_optimal
    six = min(solve_goal(state, preset_goal("cross", c))[0].length for c in (f.name for f in Face))
    assert found[-1].length == six
    after = parse_algorithm(found[-1].text, 3).state(3, start=state)
    assert found[-1].goal.reached_by(after)


def test_a_turned_cube_gets_moves_for_itself_and_patterns_need_it_home() -> None:
    state = parse_algorithm("R U F' L2 D", 3).state(3) * Turn("y").state(3)
    found = [e for e in goal_events(GoalRequest.preset("cross", "D"), state, "htm", threading.Event())]
    best = [e for e in found if isinstance(e, PlayerSolution)][-1]
    after = parse_algorithm(best.text, 3).state(3, start=state)
    assert best.goal.reached_by(after * Turn("y", 3).state(3))
    with pytest.raises(GoalError, match="home orientation"):
        list(goal_events(GoalRequest.pattern(preset_pattern("cross")), state, "htm", threading.Event()))
