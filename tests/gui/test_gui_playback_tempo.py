"""Playing a solution goes at a pace a person can follow: at the default tempo an 8-move solution takes the time
its tempo says, on the clock, each move a separate turn followed by a rest; hand turns keep their own speed."""

from __future__ import annotations

import time

from PyQt6.QtCore import Qt, QTimer
from solve_helpers import make_window

from cubeviz.solve.playback import DEFAULT_TEMPO, TURN_SHARE
from cubeviz.views.gl.animation import AnimationSpeed
from solvers.cube.notation import parse_algorithm

SCRAMBLE = "R U F D L B R' U'"
SOLUTION = "U R B' L' D' F' U' R'"  # the scramble undone: 8 moves, every one a quarter turn


def _load_solution(window) -> None:
    window.model.apply_text(SCRAMBLE)
    window.cube_view.finish_animation()
    turns = parse_algorithm(SOLUTION, 3).turns
    window.player_model.set_solution(window.model.state, turns)


def test_default_tempo_is_made_for_watching():
    assert 1.5 <= DEFAULT_TEMPO <= 2.0


def test_an_eight_move_solution_plays_at_the_default_tempo(qtbot):
    window = make_window(qtbot, 3)
    window.cube_view.set_speed(AnimationSpeed.FAST)  # hand turns: quick; playing must not follow them
    feature = window.solve_feature
    assert feature.playback.tempo == DEFAULT_TEMPO
    _load_solution(window)
    starts: list[float] = []
    window.model.changed.connect(lambda: starts.append(time.perf_counter()))
    animating_at_start: list[bool] = []
    window.model.changed.connect(lambda: animating_at_start.append(window.cube_view.animator.pending > 1))
    # each played move is still turning halfway through its turn time: it is seen turning. A look that a busy
    # machine delays past the turn's end proves nothing either way, so each look keeps how late it came.
    halfway: list[tuple[bool, float]] = []
    turn_ms = int(TURN_SHARE / DEFAULT_TEMPO * 1000)

    def look_halfway() -> None:
        asked = time.perf_counter()
        QTimer.singleShot(
            turn_ms // 2,
            lambda: halfway.append((window.cube_view.animating, time.perf_counter() - asked)),
        )

    window.model.changed.connect(look_halfway)
    began = time.perf_counter()
    qtbot.mouseClick(feature.panel.buttons["play"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: feature.player.remaining == 0 and not window.cube_view.animating, timeout=15_000)
    wall = time.perf_counter() - began
    assert window.model.is_solved() and len(starts) == 8
    period = 1 / DEFAULT_TEMPO
    turn = TURN_SHARE * period
    expected = 7 * period + turn  # seven moves with their rests, then the last turn
    assert expected - 0.15 <= wall <= expected + 0.6, (wall, expected)
    gaps = [b - a for a, b in zip(starts, starts[1:], strict=False)]
    assert all(period - 0.05 <= gap <= period + 0.25 for gap in gaps), gaps
    qtbot.waitUntil(lambda: len(halfway) == 8, timeout=2_000)
    in_time = [turning for turning, after in halfway if after < 0.8 * turn_ms / 1000]
    assert in_time and all(in_time), halfway
    assert not any(animating_at_start)  # each move starts after the last one landed: a separate, visible turn


def test_hand_turns_keep_their_own_quick_animation(qtbot):
    window = make_window(qtbot, 3)
    window.cube_view.set_speed(AnimationSpeed.FAST)
    window.solve_feature.playback.set_tempo(0.5)
    began = time.perf_counter()
    window.model.apply_text("R")
    qtbot.waitUntil(lambda: not window.cube_view.animating, timeout=5_000)
    assert time.perf_counter() - began < AnimationSpeed.FAST.value + 0.4
