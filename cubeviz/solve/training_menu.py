"""Edit > Training Scramble: a uniformly random 3x3x3 state with a preset's pieces solved, as a scramble.

The state is drawn by `solvers.goals.training` and written as moves by the two-phase solver, whose tables may
load on first use: that runs in a worker, and the cube jumps to the state (one undoable scramble) when it is done.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from PyQt6.QtCore import QObject, pyqtSignal

from cubeviz.actions import ActionSpec
from cubeviz.workers import CallWorker
from solvers.cube.moves import Move
from solvers.cube.notation import Algorithm, Turn
from solvers.goals.presets import PRESET_NAMES, preset_goal
from solvers.goals.training import random_goal_state, scramble_for

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

STATUS_MS = 8000


def training_algorithm(preset: str, seed: int) -> Algorithm:
    """A scramble (WCA moves) producing a uniform random state with `preset`'s pieces solved (D colour)."""
    import random

    moves: tuple[Move, ...] = scramble_for(random_goal_state(preset_goal(preset), random.Random(seed)))
    return Algorithm.from_turns([Turn.from_move(move) for move in moves])


def _tip(preset: str) -> str:
    return f"A random 3x3x3 state with the {preset} pieces (on D) solved"


class TrainingScrambles(QObject):
    """One action per preset in an Edit submenu; `applied(str)` carries the preset after the cube shows it."""

    applied = pyqtSignal(str)
    done = pyqtSignal()  # a scramble was made (or failed): the worker is gone

    def __init__(self, host: FeatureHost, parent: QObject | None = None) -> None:
        super().__init__(parent or host.parent_widget)
        self.host = host
        self.worker: CallWorker | None = None
        self.menu = host.add_submenu("Edit", "&Training Scramble", after="scramble_moves")  # by the other scrambles
        self.menu.setToolTipsVisible(True)
        specs = [ActionSpec(f"training_{name}", f"Training: {name}", tip=_tip(name)) for name in PRESET_NAMES]
        handlers = {f"training_{name}": partial(self.scramble, name) for name in PRESET_NAMES}
        host.add_actions(self.menu, specs, handlers)

    def scramble(self, preset: str) -> None:
        """Start one training scramble (ignored while one is being made)."""
        if self.worker is not None:
            return
        host = self.host
        if host.model.size != 3:
            host.set_size(3)
        seed = host.rng.getrandbits(64)
        host.show_status(f"Training scramble ({preset})...", 0)
        self.menu.setEnabled(False)
        worker = CallWorker(lambda _stop: training_algorithm(preset, seed), self)
        worker.result.connect(lambda algorithm: self._apply(preset, algorithm))
        worker.error.connect(lambda exc: host.show_status(f"No training scramble: {exc}", STATUS_MS))
        worker.finished.connect(self._done)
        self.worker = worker
        worker.start()

    def shutdown(self) -> None:
        if self.worker is not None:
            self.worker.wait()
            self._done()

    def _apply(self, preset: str, algorithm: Algorithm) -> None:
        model = self.host.model
        if model.size != 3:
            return  # the puzzle was switched while the scramble was made
        model.set_state(algorithm.state(3), f"scramble (training {preset}): {algorithm}")
        self.host.show_status(f"Training scramble ({preset}): {algorithm}", STATUS_MS)
        self.applied.emit(preset)

    def _done(self) -> None:
        if self.worker is not None:
            self.worker.deleteLater()
        self.worker = None
        self.menu.setEnabled(True)
        self.done.emit()
