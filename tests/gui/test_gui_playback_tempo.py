"""Playing a solution goes at a pace a person can follow: at the default tempo an 8-move solution takes the time
its tempo says, on the clock (less the moments a busy machine held the event loop while a move was due), each move a
separate turn followed by a rest; hand turns keep their own speed."""

from __future__ import annotations

import time

import pytest
from loop_stalls import LoopStalls
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
    """Judged on the clock, less the moments the event loop was held while a move was due (a busy machine's, not
    the player's: no move can start before the loop runs again); a move never starts early, whatever the load."""
    window = make_window(qtbot, 3)
    window.cube_view.set_speed(AnimationSpeed.FAST)  # hand turns: quick; playing must not follow them
    feature = window.solve_feature
    assert feature.playback.tempo == DEFAULT_TEMPO
    _load_solution(window)
    period = 1 / DEFAULT_TEMPO
    turn = TURN_SHARE * period
    starts: list[float] = []
    window.model.changed.connect(lambda: starts.append(time.perf_counter()))
    animating_at_start: list[bool] = []
    window.model.changed.connect(lambda: animating_at_start.append(window.cube_view.animator.pending > 1))
    turn_times: list[float] = []  # the quarter-turn time the view animates each played move with
    window.model.changed.connect(lambda: turn_times.append(window.cube_view.animator.seconds_per_quarter))
    halfway: list[tuple[float, bool]] = []  # (seconds after its start, still turning) halfway through each turn

    def look_halfway() -> None:
        moved = time.perf_counter()
        QTimer.singleShot(
            int(turn * 1000) // 2, lambda: halfway.append((time.perf_counter() - moved, window.cube_view.animating))
        )

    window.model.changed.connect(look_halfway)
    stalls = LoopStalls()
    began = time.perf_counter()
    qtbot.mouseClick(feature.panel.buttons["play"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: feature.player.remaining == 0 and not window.cube_view.animating, timeout=20_000)
    ended = time.perf_counter()
    stalls.stop()
    assert window.model.is_solved() and len(starts) == 8
    wall = ended - began
    expected = 7 * period + turn  # seven moves with their rests, then the last turn
    moves = list(zip(starts, starts[1:], strict=False))
    due = [(began, starts[0]), *((a + period, b) for a, b in moves), (starts[-1] + turn, ended)]  # a move or landing
    held = sum(stalls.within(a, b) for a, b in due)
    assert expected - 0.15 <= wall and wall - held <= expected + 0.6, (wall, held, expected)
    gaps = [(b - a, stalls.within(a + period, b)) for a, b in moves]
    assert all(period - 0.05 <= gap and gap - late <= period + 0.25 for gap, late in gaps), gaps
    assert turn_times == [pytest.approx(turn)] * 8  # each move turned at the tempo's pace, not the hand turns'
    qtbot.waitUntil(lambda: len(halfway) == 8, timeout=20_000)
    seen = [turning for after, turning in halfway if after < 0.9 * turn]  # a look held past the turn's end: no say
    assert seen and all(seen), halfway
    assert not any(animating_at_start)  # each move starts after the last one landed: a separate, visible turn


def test_hand_turns_keep_their_own_quick_animation(qtbot):
    window = make_window(qtbot, 3)
    window.cube_view.set_speed(AnimationSpeed.FAST)
    window.solve_feature.playback.set_tempo(0.5)
    stalls = LoopStalls()
    began = time.perf_counter()
    window.model.apply_text("R")
    assert window.cube_view.animator.seconds_per_quarter == AnimationSpeed.FAST.value
    qtbot.waitUntil(lambda: not window.cube_view.animating, timeout=20_000)
    took = time.perf_counter() - began
    stalls.stop()
    assert took - stalls.within(began, began + took) < AnimationSpeed.FAST.value + 0.4, took
