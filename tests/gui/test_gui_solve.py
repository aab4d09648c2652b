"""Solve and play back, end to end through the window: a seeded scramble is solved, played to the end (the cube
is solved, steps = reported length), stepped back and scrubbed to exact intermediate states, driven by clicks and
keys; the 2x2 distance falls by one per step; a solved cube gets 0 moves."""

from __future__ import annotations

import random
import time

import pytest
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QGuiApplication
from solve_helpers import changed_pixels, frame, make_window, solve_and_wait

from cubeviz.main_window import MainWindow
from cubeviz.models.cube_model import EntryKind
from cubeviz.solve import SolverChoice
from cubeviz.solve.player_panel import HIDDEN_MOVE, SCRUB_STEPS
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_move_scramble
from solvers.cube.state import CubeState
from solvers.pocket import distance


def _scramble(window, length: int, seed: int) -> CubeState:
    algorithm = random_move_scramble(length, window.model.size, random.Random(seed))
    window.model.scramble_with_moves(algorithm, f"test scramble: {algorithm}")
    return algorithm.state(window.model.size)


def _solved_after_scramble(qtbot, size: int, length: int, seed: int) -> tuple[MainWindow, CubeState]:
    """A window whose cube was scrambled by `length` seeded random moves, then solved (the run must finish);
    returns the window and the scrambled state."""
    window = make_window(qtbot, size)
    start = _scramble(window, length, seed)
    assert solve_and_wait(qtbot, window) == ""
    return window, start


def _independent(start: CubeState, labels_text: str, size: int) -> CubeState:
    """The state after a solution's text, parsed afresh (not through the player's own states)."""
    return parse_algorithm(labels_text, size).state(size, start=start) if labels_text else start


@pytest.mark.parametrize("choice", [SolverChoice.POCKET_HTM, SolverChoice.POCKET_QTM])
def test_2x2_solve_plays_to_solved_and_distance_falls_by_one(qtbot, choice) -> None:
    window = make_window(qtbot, 2)
    feature, player = window.solve_feature, window.player_model
    feature.set_choice(choice)
    start = _scramble(window, 11, seed=5)
    assert solve_and_wait(qtbot, window) == ""
    assert player.start_state == start and player.length == len(player.moves) > 0
    steps = 0
    while player.remaining:
        before = distance(window.model.state, choice.metric)
        qtbot.mouseClick(feature.panel.buttons["forward"], Qt.MouseButton.LeftButton)
        steps += 1
        after = distance(window.model.state, choice.metric)
        assert after == before - 1 == player.distance_at(player.position)
        assert f"distance to solved {after}" in feature.panel.readout.text()
    assert window.model.is_solved() and steps == player.length
    assert feature.dock.progress.best.text().endswith("proven optimal")
    assert "optimal solution" in feature.dock.alternatives.summary.text()


def test_3x3_two_phase_play_to_the_end_solves_the_cube(qtbot) -> None:
    window = make_window(qtbot, 3)
    feature, player = window.solve_feature, window.player_model
    start = _scramble(window, 25, seed=11)
    shown: list[tuple[float, int]] = []  # (when, length in the player) at each solution
    feature.session.found.connect(lambda _s: shown.append((time.perf_counter(), player.length)))
    assert solve_and_wait(qtbot, window) == ""
    ended = time.perf_counter()
    assert shown[0][0] < ended - 0.5, "the first solution is shown while the search goes on improving"
    assert [length for _, length in shown] == [s.length for s in feature.session.solutions]
    lengths = [s.length for s in feature.session.solutions]
    assert lengths == sorted(lengths, reverse=True) and lengths[-1] == player.length <= 20
    assert feature.dock.alternatives.found.count() == len(lengths)  # each with its length and time
    assert f"{lengths[0]} moves" in feature.dock.alternatives.found.item(0).text()
    feature.playback.set_tempo(8.0)  # the fastest tempo: this test is about where playing ends, not its pace
    qtbot.mouseClick(feature.panel.buttons["play"], Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: player.remaining == 0 and not feature.playback.playing, timeout=10_000)
    assert window.model.is_solved()
    played = [e for e in window.model.history if e.kind is EntryKind.TURNS]
    assert len(played) == player.length == len(player.moves)
    assert window.model.state == _independent(start, player.text(), 3)
    window.model.apply_text("R U")  # the cube stays usable after playback
    assert not window.model.is_solved()


def test_back_and_scrubber_restore_exact_intermediate_states(qtbot) -> None:
    window, start = _solved_after_scramble(qtbot, 3, 8, seed=2)
    feature, player = window.solve_feature, window.player_model
    labels = player.labels
    history_before = len(window.model.history)
    for _ in range(4):
        qtbot.mouseClick(feature.panel.buttons["forward"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(feature.panel.buttons["back"], Qt.MouseButton.LeftButton)
    assert player.position == 3
    assert window.model.state == _independent(start, " ".join(labels[:3]), 3)
    assert len(window.model.history) == history_before + 3  # back undid the step: no R R' pairs in the history
    whole = frame(window)
    feature.panel.scrubber.setValue(int(1.5 * SCRUB_STEPS))  # mid-turn: the model is at move 1, the view turns on
    assert (player.position, player.fraction) == (1, 0.5)
    assert window.model.state == _independent(start, labels[0], 3)
    held = frame(window)
    assert window.cube_view.item.layer_turn is not None and window.cube_view.item.angle != 0.0
    feature.panel.scrubber.setValue(SCRUB_STEPS)
    at_one = frame(window)
    assert window.cube_view.item.layer_turn is None
    assert changed_pixels(held, at_one) > 500 and changed_pixels(whole, at_one) > 500
    feature.panel.scrubber.setValue(0)
    assert window.model.state == start and player.position == 0
    feature.panel.scrubber.setValue(len(labels) * SCRUB_STEPS)
    assert window.model.is_solved()


def test_keys_and_move_list_clicks_drive_the_player(qtbot) -> None:
    window, start = _solved_after_scramble(qtbot, 2, 9, seed=8)
    feature, player = window.solve_feature, window.player_model
    view = window.cube_view
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Right)
    qtbot.keyClick(view, Qt.Key.Key_Left)
    assert player.position == 1 and window.model.state == player.state_at(1)
    qtbot.keyClick(view, Qt.Key.Key_End)
    assert window.model.is_solved()
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert window.model.state == start
    moves = feature.panel.moves
    item = moves.item(2)
    qtbot.mouseClick(moves.viewport(), Qt.MouseButton.LeftButton, pos=moves.visualItemRect(item).center())
    assert player.position == 3 and moves.currentRow() == 2
    assert window.model.state == _independent(start, " ".join(player.labels[:3]), 2)
    qtbot.keyClick(view, Qt.Key.Key_Space)
    qtbot.waitUntil(lambda: player.remaining == 0, timeout=10_000)
    assert window.model.is_solved()


def test_solved_cube_reports_zero_moves(qtbot) -> None:
    for size in (2, 3):
        window = make_window(qtbot, size)
        assert solve_and_wait(qtbot, window) == ""
        player = window.player_model
        assert player.has_solution and player.moves == () and player.length == 0
        assert window.solve_feature.panel.readout.text().startswith("Move 0 of 0")
        assert not window.solve_feature.panel.buttons["play"].isEnabled()


def test_hint_mode_reveals_one_move_at_a_time_and_copy(qtbot) -> None:
    window = make_window(qtbot, 2)
    feature, player = window.solve_feature, window.player_model
    feature.set_choice(SolverChoice.POCKET_FRU)
    _scramble(window, 9, seed=4)
    assert solve_and_wait(qtbot, window) == ""
    assert all(label[-1] in "+2-" for label in player.labels)  # the F/R/U notation
    window.actions["solve_copy"].trigger()
    assert QGuiApplication.clipboard().text() == " ".join(player.labels)
    feature.panel.hint.setChecked(True)
    texts = lambda: [feature.panel.moves.item(k).text() for k in range(feature.panel.moves.count())]  # noqa: E731
    assert set(texts()) == {HIDDEN_MOVE}
    qtbot.mouseClick(feature.panel.reveal, Qt.MouseButton.LeftButton)
    assert texts()[0] == player.labels[0] and set(texts()[1:]) == {HIDDEN_MOVE}
    assert window.model.state == player.start_state  # revealing does not move the cube
    window.actions["solve_copy"].trigger()
    assert QGuiApplication.clipboard().text() == player.labels[0]
    qtbot.mouseClick(feature.panel.buttons["forward"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(feature.panel.buttons["forward"], Qt.MouseButton.LeftButton)
    assert texts()[:2] == list(player.labels[:2]) and set(texts()[2:]) <= {HIDDEN_MOVE}


def test_2x2_alternatives_can_be_browsed_and_each_solves(qtbot) -> None:
    window, start = _solved_after_scramble(qtbot, 2, 11, seed=21)
    feature, player = window.solve_feature, window.player_model
    best = feature.session.solutions[-1]
    assert best.optimal_count >= len(best.alternatives) > 1, "seed 21 has several optimal solutions"
    qtbot.mouseClick(feature.panel.buttons["forward"], Qt.MouseButton.LeftButton)
    seen = set()
    for k in [*range(2, min(4, len(best.alternatives)) + 1), 1]:
        feature.dock.alternatives.browse.setValue(k)
        assert window.model.state == start and player.position == 0  # the cube went back to the start
        assert player.length == best.length and player.labels not in seen
        seen.add(player.labels)
        assert _independent(start, player.text(), 2).is_solved()
        assert player.distances == tuple(range(best.length, -1, -1))


def test_hand_turn_leaves_the_path_and_undo_comes_back(qtbot) -> None:
    window, _start = _solved_after_scramble(qtbot, 3, 6, seed=9)
    feature, player = window.solve_feature, window.player_model
    qtbot.mouseClick(feature.panel.buttons["forward"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(feature.panel.buttons["forward"], Qt.MouseButton.LeftButton)
    window.model.apply_text("x")  # a whole-cube rotation is never on a solution's path
    assert not feature.playback.synced and not feature.panel.buttons["forward"].isEnabled()
    assert "left this solution" in feature.panel.readout.text()
    window.model.undo_stack.undo()
    assert feature.playback.synced and player.position == 2
    window.model.undo_stack.undo()  # undo of a played step is a step back
    assert player.position == 1 and window.model.state == player.state_at(1)
