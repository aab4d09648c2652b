"""Edit > Training Scramble: a uniformly random 3x3x3 state with a preset's pieces solved, as a scramble.

The state is drawn by `solvers.goals.training` and written as moves by the two-phase solver, whose tables may
load on first use: that runs in a worker, and the cube jumps to the state (one undoable scramble) when it is done.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PyQt6.QtCore import QObject, pyqtSignal
from PyQt6.QtGui import QAction

from cubeviz.workers import CallWorker
from solvers.cube.moves import Move
from solvers.cube.notation import Algorithm, Turn
from solvers.goals.presets import PRESET_NAMES, preset_goal
from solvers.goals.training import random_goal_state, scramble_for

if TYPE_CHECKING:
    from cubeviz.main_window import MainWindow

STATUS_MS = 8000


def training_algorithm(preset: str, seed: int) -> Algorithm:
    """A scramble (WCA moves) producing a uniform random state with `preset`'s pieces solved (D colour)."""
    import random

    moves: tuple[Move, ...] = scramble_for(random_goal_state(preset_goal(preset), random.Random(seed)))
    return Algorithm.from_turns([Turn.from_move(move) for move in moves])


class TrainingScrambles(QObject):
    """One action per preset in an Edit submenu; `applied(str)` carries the preset after the cube shows it."""

    applied = pyqtSignal(str)
    done = pyqtSignal()  # a scramble was made (or failed): the worker is gone

    def __init__(self, window: MainWindow, parent: QObject | None = None) -> None:
        super().__init__(parent or window)
        self.window = window
        self.worker: CallWorker | None = None
        edit = window.menus["Edit"]
        self.menu = edit.addMenu("&Training Scramble")
        self.menu.setToolTipsVisible(True)
        after = window.actions.get("scramble_moves")
        if after is not None:  # next to the other scrambles
            actions = edit.actions()
            following = actions[actions.index(after) + 1] if actions.index(after) + 1 < len(actions) else None
            edit.insertMenu(following, self.menu)
        for name in PRESET_NAMES:
            action = QAction(f"Training: {name}", self.menu)
            action.setToolTip(f"A random 3x3x3 state with the {name} pieces (on D) solved")
            action.triggered.connect(lambda _checked=False, n=name: self.scramble(n))
            self.menu.addAction(action)
            window.actions[f"training_{name}"] = action

    def scramble(self, preset: str) -> None:
        """Start one training scramble (ignored while one is being made)."""
        if self.worker is not None:
            return
        window = self.window
        if window.model.size != 3:
            window.set_size(3)
        seed = window.rng.getrandbits(64)
        window.statusBar().showMessage(f"Training scramble ({preset})...")
        self.menu.setEnabled(False)
        worker = CallWorker(lambda _stop: training_algorithm(preset, seed), self)
        worker.result.connect(lambda algorithm: self._apply(preset, algorithm))
        worker.error.connect(lambda exc: window.statusBar().showMessage(f"No training scramble: {exc}", STATUS_MS))
        worker.finished.connect(self._done)
        self.worker = worker
        worker.start()

    def shutdown(self) -> None:
        if self.worker is not None:
            self.worker.wait()
            self._done()

    def _apply(self, preset: str, algorithm: Algorithm) -> None:
        model = self.window.model
        if model.size != 3:
            return  # the puzzle was switched while the scramble was made
        model.set_state(algorithm.state(3), f"scramble (training {preset}): {algorithm}")
        self.window.statusBar().showMessage(f"Training scramble ({preset}): {algorithm}", STATUS_MS)
        self.applied.emit(preset)

    def _done(self) -> None:
        if self.worker is not None:
            self.worker.deleteLater()
        self.worker = None
        self.menu.setEnabled(True)
        self.done.emit()
