"""PlayerModel without any widget: its states follow the moves, positions clamp, a mid-turn fraction never sits at
the end, the nearest matching position is found, hint mode reveals one move at a time, and signals fire."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from cubeviz.models.player_model import PlayerModel
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_move_scramble
from solvers.cube.state import CubeState

SOLUTION = "R U R' U' F2"


def _loaded(text: str = SOLUTION, start: CubeState | None = None) -> PlayerModel:
    player = PlayerModel()
    algorithm = parse_algorithm(text)
    player.set_solution(start or CubeState.solved(3), algorithm.turns)
    return player


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), length=st.integers(0, 12))
def test_state_at_equals_the_parsed_prefix(seed, length):
    algorithm = random_move_scramble(length, 3, random.Random(seed))
    start = parse_algorithm("F D2 L'").state(3)
    player = PlayerModel()
    player.set_solution(start, algorithm.turns)
    words = str(algorithm).split()
    for k in range(len(words) + 1):
        assert player.state_at(k) == parse_algorithm(" ".join(words[:k])).state(3, start=start)
    assert player.remaining == len(words) and player.labels == tuple(words)


def test_positions_clamp_and_fraction_never_sits_at_the_end():
    player = _loaded()
    seen: list[int] = []
    player.position_changed.connect(seen.append)
    player.set_position(99, 0.5)
    assert (player.position, player.fraction) == (5, 0.0)
    player.set_position(-3)
    assert player.position == 0
    player.set_position(2, 0.25)
    assert (player.position, player.fraction, player.remaining) == (2, 0.25, 3)
    player.set_position(2, 0.25)  # no change, no signal
    assert seen == [5, 0, 2]


def test_position_of_picks_the_nearest_matching_state():
    player = _loaded("R R R R U")  # the start state comes back after four quarter turns
    solved = CubeState.solved(3)
    assert player.position_of(solved) == 0
    player.set_position(5)
    assert player.position_of(solved) == 4
    assert player.position_of(parse_algorithm("F").state(3)) is None


def test_hint_mode_reveals_one_move_at_a_time():
    player = _loaded()
    revealed: list[int] = []
    player.revealed_changed.connect(revealed.append)
    assert player.revealed == 5  # without hint mode everything shows
    player.set_hint_mode(True)
    assert player.revealed == 0
    assert player.reveal_next().notation == "R" and player.revealed == 1
    player.set_position(3)  # stepping shows what was played
    assert player.revealed == 3
    assert player.reveal_next().notation == "U'" and player.revealed == 4
    player.reveal_next()
    assert player.reveal_next() is None and player.revealed == 5
    assert revealed == [0, 1, 3, 4, 5]


def test_signals_on_load_and_clear():
    player = PlayerModel()
    events: list[str] = []
    player.solution_changed.connect(lambda: events.append("solution"))
    player.position_changed.connect(lambda p: events.append(f"position {p}"))
    assert not player.has_solution and player.state is None
    player.set_solution(CubeState.solved(2), parse_algorithm("U R'", 2).turns, labels=("U+", "R-"), metric="fru")
    assert player.text() == "U+ R-" and player.length == 2 and player.state == CubeState.solved(2)
    player.clear()
    assert events == ["solution", "position 0", "solution", "position 0"] and not player.has_solution
