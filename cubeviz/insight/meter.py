"""The distance meter: a small live plot of the distance to solved after each move, while turning by hand and
during a solution's playback. Exact on the 2x2; on the 3x3 the best known upper bound over the heuristic's lower
bound, computed in a worker (a state's bounds are kept, so each new move costs one state's search).
"""

from __future__ import annotations

import pyqtgraph as pg
from PyQt6.QtWidgets import QLabel, QVBoxLayout, QWidget

from cubeviz.insight.distances import exact_distances, moves_left, state_bounds, tightened, upright
from cubeviz.insight.paths import Path, hand_path, player_path
from cubeviz.models.big_cube import is_big
from cubeviz.models.cube_model import CubeModel
from cubeviz.models.scrambles import load_pocket_engine, pocket_engine_ready
from cubeviz.workers import CallWorker
from solvers.cube.state import CubeState

EXACT_RGB, UPPER_RGB, LOWER_RGB = (40, 90, 170), (200, 80, 40), (40, 140, 70)
EXACT_PEN = pg.mkPen(EXACT_RGB, width=2)
UPPER_PEN = pg.mkPen(UPPER_RGB, width=2)
LOWER_PEN = pg.mkPen(LOWER_RGB, width=2)
KEY_RGB = {"exact": EXACT_RGB, "upper": UPPER_RGB, "lower": LOWER_RGB}
# The y axis runs from 0 to the farthest any cube is from solved (HTM): every scramble fits, and the axis keeps its
# scale while turning by hand. 2x2: 11 (the God's table); 3x3: 20 (God's number).
FARTHEST = {2: 11, 3: 20}
LEAST_MOVES_SHOWN = 4  # the x axis spans at least this many moves: a lone point reads as a point at 0


class DistanceMeter(QWidget):
    """`exact` (2x2) or `lower`/`upper` (3x3) hold the plotted points, index i = after i moves of `path`."""

    def __init__(self, model: CubeModel, player=None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.player = player
        self.path: Path = hand_path(model)
        self.exact: list[int] = []
        self.lower: list[int] = []
        self.upper: list[int] = []
        self._bounds: dict[CubeState, tuple[int, int]] = {}
        self._failed: dict[CubeState, str] = {}  # states whose bounds could not be computed, and why
        self._worker: CallWorker | None = None
        self.active = True  # computing only while shown: a hidden meter must not start threads on every turn
        self.plot = pg.PlotWidget(background="w")
        self.plot.setLabel("bottom", "moves")
        self.plot.setLabel("left", "distance")
        self.plot.setMouseEnabled(x=False, y=False)
        self.plot.hideButtons()
        for side in ("bottom", "left"):  # whole moves, never "x0.001" scaling of a range around one point
            self.plot.getAxis(side).enableAutoSIPrefix(False)
        self.plot.getPlotItem().vb.disableAutoRange()
        self.plot.setMinimumHeight(90)
        self._curves = {
            "exact": self.plot.plot([], [], pen=EXACT_PEN, symbol="o", symbolSize=6, name="exact (HTM)"),
            "upper": self.plot.plot([], [], pen=UPPER_PEN, symbol="o", symbolSize=5, name="upper bound"),
            "lower": self.plot.plot([], [], pen=LOWER_PEN, symbol="t", symbolSize=5, name="lower bound"),
        }
        # The key of the lines sits under the plot, not on it: a legend inside the plot covered the lines.
        self.key = QLabel(self)
        self.key.setWordWrap(True)
        self.label = QLabel(self)
        self.label.setWordWrap(True)  # one long line would widen the dock past its width
        self.plot.setMinimumWidth(160)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(2, 2, 2, 2)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.key)
        layout.addWidget(self.label)
        model.changed.connect(self._model_changed)
        if player is not None:
            player.solution_changed.connect(self._player_changed)
            player.position_changed.connect(lambda _position: self._player_changed())
        self.refresh()

    # -- which path ----------------------------------------------------------------------------------------------
    def _player_changed(self) -> None:
        path = player_path(self.player)
        self.path = path if path is not None else hand_path(self.model)
        self.refresh()

    def _model_changed(self) -> None:
        """A change of the main cube: keep following the playback if the cube is where the playback is."""
        playing = player_path(self.player)
        if playing is not None and self.player.state == self.model.state:  # the player keeps its path's states
            self.path = playing
        else:
            self.path = hand_path(self.model)
        self.refresh()

    # -- computing -----------------------------------------------------------------------------------------------
    def set_active(self, on: bool) -> None:
        """The dock shows or hides the meter: it computes only while shown, and catches up when shown again."""
        self.active = on
        if on:
            self.refresh()

    def refresh(self) -> None:
        if not self.active:
            return
        self.exact, self.lower, self.upper = [], [], []
        if is_big(self.path.start.size):  # no distances for big cubes
            self._draw()
            return
        states = self.path.states(self.path.position)
        if self.path.start.size == 2:
            if pocket_engine_ready():
                self.exact = exact_distances(states)
            elif not self._failed:
                self._run(lambda stop: load_pocket_engine(stop))
        else:
            missing = [s for s in states if upright(s) not in self._bounds and upright(s) not in self._failed]
            if missing:
                self._run(lambda stop: self._compute_bounds(missing, stop))
            self._fill_bounds(states)
        self._draw()

    def _compute_bounds(self, states: list[CubeState], stop) -> None:
        for state in states:
            if stop.is_set():
                return
            key = upright(state)
            if key not in self._bounds:
                try:
                    self._bounds[key] = state_bounds(key, stop)
                except Exception as exc:  # shown in the label; the state is not retried
                    self._failed[key] = str(exc) or type(exc).__name__

    def _fill_bounds(self, states: list[CubeState]) -> None:
        """Bounds of every state already computed; stop at the first missing (the worker will fill it in)."""
        known = []
        for state in states:
            bounds = self._bounds.get(upright(state))
            if bounds is None:
                break
            known.append(bounds)
        if not known:
            return
        lower, upper = [b[0] for b in known], [b[1] for b in known]
        left = None
        if self.path.source == "solution" and self.path.states()[-1].is_solved():
            left = moves_left(len(known), len(self.path.turns))
        self.lower, self.upper = tightened(lower, upper, left)

    def _run(self, function) -> None:
        if self._worker is not None:
            return  # `_worker_done` refreshes, which starts the next job for whatever is still missing
        worker = CallWorker(function, self)
        worker.error.connect(self._worker_failed)
        worker.finished.connect(self._worker_done)
        self._worker = worker
        self.label.setText("Computing distances...")
        worker.start()

    def _worker_done(self) -> None:
        if self._worker is not None:
            self._worker.deleteLater()
        self._worker = None
        self.refresh()

    def _worker_failed(self, exc: Exception) -> None:
        self._failed[self.path.start] = str(exc)

    def wait(self) -> None:
        """Block until the distances of the current path are in (tests, shutdown)."""
        from PyQt6.QtWidgets import QApplication

        while self._worker is not None:
            self._worker.wait()
            QApplication.processEvents()

    def stop(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            self._worker.wait()

    # -- drawing -------------------------------------------------------------------------------------------------
    def _draw(self) -> None:
        series = {"exact": self.exact, "upper": self.upper, "lower": self.lower}
        key = []
        for name, values in series.items():
            curve = self._curves[name]
            curve.setData(list(range(len(values))), values)
            curve.setVisible(bool(values))
            if values:
                key.append(f'<span style="color: rgb{KEY_RGB[name]}">&#9632;</span> {curve.name()}')
        self.key.setText(" &nbsp; ".join(key))
        self.key.setVisible(bool(key))
        self._fit_axes(max((len(values) for values in series.values()), default=0), series)
        what = "Solution playback" if self.path.source == "solution" else "Turns since the last scramble"
        if self.exact:
            self.label.setText(f"{what}: distance {self.exact[-1]} (exact, HTM)")
        elif self.upper:
            low, up = self.lower[-1], self.upper[-1]
            value = f"{low}" if low == up else f"between {low} and {up}"
            self.label.setText(f"{what}: distance {value} (HTM)")
        elif self._failed:
            self.label.setText(f"Distance unavailable: {next(iter(self._failed.values()))}")
        elif self._worker is None:
            self.label.setText(what)

    def _fit_axes(self, points: int, series: dict[str, list[int]]) -> None:
        """x from 0 to the last move (at least a few moves), y from 0 to the farthest a cube can be from solved,
        both with whole-number ticks."""
        moves = max(points - 1, LEAST_MOVES_SHOWN)
        top = max([FARTHEST.get(self.path.start.size, 20), *(max(v) for v in series.values() if v)])
        self.plot.setXRange(0, moves, padding=0.04)
        self.plot.setYRange(0, top, padding=0.04)
        self.plot.getAxis("bottom").setTickSpacing(*_whole_ticks(moves))
        self.plot.getAxis("left").setTickSpacing(*_whole_ticks(top))


def _whole_ticks(span: int) -> tuple[int, int]:
    """(major, minor) tick spacing in whole moves for an axis of `span` moves: about four to eight labels."""
    for major in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if span / major <= 8:
            return major, max(major // 5, 1) if major >= 5 else major
    return 1000, 200
