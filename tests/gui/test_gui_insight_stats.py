"""Statistics panel: the bars drawn are the engine's God's-table histograms, the log scale and hover read the same
counts, the current cube's distance is the marked bar, and the 3x3 session chart counts the session's solutions."""

from __future__ import annotations

import numpy as np
import pytest
from insight_helpers import insight_window
from PyQt6.QtCore import QPointF
from window_helpers import settled

from solvers.cube.notation import parse_algorithm
from solvers.pocket import depth_histogram, distance


@pytest.fixture
def window(qtbot, monkeypatch):
    yield from insight_window(qtbot, monkeypatch)


def _open_stats(window, qtbot):
    window.tabs.setCurrentWidget(window.insight.tabs)
    stats = window.insight.stats
    qtbot.waitUntil(lambda: bool(stats.histograms), timeout=60000)
    return stats


def _drawn(plot) -> tuple[np.ndarray, np.ndarray]:
    opts = plot._bars.opts
    return np.asarray(opts["x"]), np.asarray(opts["height"])


@pytest.mark.parametrize("metric", ["htm", "qtm", "fru"])
def test_histograms_shown_equal_the_engines(window, qtbot, metric):
    stats = _open_stats(window, qtbot)
    expected = depth_histogram(metric)
    plot = stats.plots[metric]
    x, heights = _drawn(plot)
    assert plot.counts == expected
    assert x.tolist() == list(range(len(expected))) and heights.tolist() == expected
    assert sum(expected) == 3_674_160
    stats.log_box.setChecked(True)
    _x, logged = _drawn(plot)
    assert np.allclose(logged, np.log10(expected) + 1)


def test_hover_tells_the_count_and_current_distance_is_marked(window, qtbot):
    stats = _open_stats(window, qtbot)
    window.model.apply_text("R U F' R2")
    state = window.model.state
    for metric in ("htm", "qtm", "fru"):
        assert stats.plots[metric].marked == distance(state, metric)
    plot = stats.plots["qtm"]
    marked = plot.marked
    assert marked == distance(parse_algorithm("R U F' R2").state(2), "qtm") == 5
    brushes = plot._bars.opts["brushes"]
    assert brushes[marked].color().getRgb()[:3] == (220, 90, 40)
    assert brushes[marked - 1].color().getRgb()[:3] != (220, 90, 40)
    bar_top = plot.getPlotItem().vb.mapViewToScene(QPointF(marked, plot.counts[marked] / 2))
    plot.scene().sigMouseMoved.emit(bar_top)
    assert plot.hover_text == f"distance 5: {depth_histogram('qtm')[5]:,} (0.0614%) (current)"
    window.set_size(3)
    assert all(plot.marked is None for plot in stats.plots.values())


def test_session_chart_counts_the_session_solves(window):
    stats, session = window.insight.stats, window.insight.session
    player = getattr(window, "player_model", None)
    if player is not None:  # through the solve feature's player: one entry per position, holding its best solution
        first = parse_algorithm("R U F D")
        padded = first.inverse() + parse_algorithm("R R'")
        player.set_solution(first.state(3), padded.turns)
        assert session.lengths == [6]
        player.set_solution(first.state(3), first.inverse().turns)
        second = parse_algorithm("R2 U' F")
        player.set_solution(second.state(3), second.inverse().turns)
        player.set_solution(parse_algorithm("R U").state(2), parse_algorithm("U' R'").turns)  # a 2x2: not counted
    else:
        session.record(4)
        session.record(3)
    assert session.lengths == [4, 3]
    session.record(4)
    assert stats.session_plot.counts == [0, 0, 0, 1, 2]
    assert "3 solves, mean 3.67" in stats.session_plot.title


def test_the_session_chart_shows_every_solve_and_its_title_fits(window, qtbot):
    """A long solve (20 moves) among short ones: the x axis reaches it, and no title is wider than its chart (a
    title wider than the chart widened the plot's scene past the widget and cut off the axis's end)."""
    window.resize(1280 * 85 // 100, 720 * 85 // 100)
    stats = _open_stats(window, qtbot)
    for length in (20, 7, 18):
        window.insight.session.record(length)
    plot = stats.session_plot
    assert plot.counts[20] == 1
    charts = [*stats.plots.values(), plot]

    def every_chart_fits() -> None:
        (x_low, x_high), _ = plot.getPlotItem().vb.viewRange()
        assert x_low < 0 and x_high > 20
        for chart in charts:
            assert chart.sceneRect().width() <= chart.width() + 1, chart.title
            assert chart.getPlotItem().geometry().width() <= chart.width() + 1, chart.title  # nothing cut at the right
            if chart.shown_title() != chart.title:  # shortened to fit: the whole title is a tooltip away
                assert chart.shown_title().endswith("\N{HORIZONTAL ELLIPSIS}") and chart.toolTip() == chart.title

    # the charts' ranges and layouts are updated by the event loop (paints, posted layout requests, a resize that
    # shortens a title): the state they come to is what is judged; one that never fits fails with the last miss,
    # and once they fit they must still fit when the layout has held still
    qtbot.waitUntil(every_chart_fits, timeout=20_000)
    settled(
        qtbot, lambda: [(c.getPlotItem().vb.viewRange(), c.sceneRect(), c.getPlotItem().geometry()) for c in charts]
    )
    every_chart_fits()
