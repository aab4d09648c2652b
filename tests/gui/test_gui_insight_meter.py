"""Distance meter: its points are the engine's distances for a known solve applied through the model (2x2 exact;
3x3 bounds that bracket the true distance), it follows a solution's playback, and it computes nothing while hidden."""

from __future__ import annotations

import pytest
from insight_helpers import insight_window, show_meter

from solvers.cube.notation import Algorithm, parse_algorithm
from solvers.pocket import distances_along, optimal_solution

SCRAMBLE_2 = "R U2 F' R' U F2 R U'"
SCRAMBLE_3 = "R U F' D2"  # four moves: its distance is 4, each move undone lowers it by one


@pytest.fixture
def window(qtbot, monkeypatch):
    yield from insight_window(qtbot, monkeypatch)


def test_meter_points_equal_the_engines_distances_for_a_solve_by_hand(window, qtbot):
    show_meter(window, qtbot)
    meter = window.insight.meter
    start = parse_algorithm(SCRAMBLE_2, 2).state(2)
    window.model.set_state(start, f"scramble (test): {SCRAMBLE_2}")
    solution = Algorithm.from_moves(optimal_solution(start))
    for turn in solution.turns:  # one hand turn at a time, as the keyboard or mouse would
        window.model.apply_turn(turn)
    meter.wait()
    expected = distances_along(start, solution)
    assert meter.exact == expected
    assert expected[0] == len(solution) and expected[-1] == 0
    xs, ys = meter._curves["exact"].getData()
    assert list(xs) == list(range(len(expected))) and list(ys) == expected
    window.model.undo_stack.undo()  # the meter follows undo: one point fewer
    assert meter.exact == expected[:-1]


def test_meter_follows_the_solution_playback(window, qtbot):
    player = getattr(window, "player_model", None)
    if player is None:
        pytest.skip("the solve feature (window.player_model) is not installed")
    show_meter(window, qtbot)
    meter = window.insight.meter
    start = parse_algorithm(SCRAMBLE_2, 2).state(2)
    solution = Algorithm.from_moves(optimal_solution(start))
    player.set_solution(start, solution.turns)
    expected = distances_along(start, solution)
    for position in range(len(solution) + 1):
        player.set_position(position)
        assert meter.path.source == "solution"
        assert meter.exact == expected[: position + 1]


def test_3x3_bounds_bracket_the_distance(window, qtbot):
    window.set_size(3)
    show_meter(window, qtbot)
    meter = window.insight.meter
    start = parse_algorithm(SCRAMBLE_3).state(3)
    window.model.set_state(start, f"scramble (test): {SCRAMBLE_3}")
    for turn in parse_algorithm(SCRAMBLE_3).inverse().turns:
        window.model.apply_turn(turn)
    meter.wait()
    assert len(meter.lower) == len(meter.upper) == 5
    for moves_done, (low, up) in enumerate(zip(meter.lower, meter.upper, strict=True)):
        assert low <= 4 - moves_done <= up
    assert meter.lower[-1] == meter.upper[-1] == 0
    assert meter.upper[0] <= 5  # a two-phase solution of a 4-move scramble is short
    assert "(HTM)" in meter.label.text()


def test_hidden_meter_starts_no_work(window, qtbot):
    meter = window.insight.meter
    window.history_dock.raise_()
    qtbot.waitUntil(lambda: not meter.active, timeout=20_000)
    window.set_size(3)
    window.model.apply_text("R U F")
    assert meter._worker is None and meter.upper == []


def test_axes_start_at_zero_with_whole_moves_and_a_solved_cube_is_one_point_at_zero(window, qtbot):
    show_meter(window, qtbot)
    meter = window.insight.meter
    meter.wait()
    assert meter.exact == [0]  # the solved 2x2: one point, at 0 moves and distance 0
    xs, ys = meter._curves["exact"].getData()
    assert list(xs) == [0] and list(ys) == [0]
    (x_low, x_high), (y_low, y_high) = meter.plot.getPlotItem().vb.viewRange()
    assert -0.5 < x_low <= 0 < 4 <= x_high < 5  # a few moves wide, starting at 0: never "-400...400 (x0.001)"
    assert -1 < y_low <= 0 and 11 <= y_high < 12  # 0 to the farthest a 2x2 is from solved (11 HTM)
    for side in ("bottom", "left"):
        axis = meter.plot.getAxis(side)
        assert not axis.autoSIPrefix and axis._tickSpacing is not None and axis._tickSpacing[0][0] % 1 == 0
    window.model.apply_text("R U F' R2 U' F R U2 F' R' U")
    meter.wait()
    (x_low, x_high), _ = meter.plot.getPlotItem().vb.viewRange()
    assert x_low <= 0 and x_high >= len(meter.exact) - 1  # every move of the path in sight
    assert meter.key.isVisible() and "exact" in meter.key.text()  # the key is under the plot, not on the lines
    assert not [item for item in meter.plot.getPlotItem().items if type(item).__name__ == "LegendItem"]
