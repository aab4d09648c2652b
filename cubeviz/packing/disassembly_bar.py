"""Disassembly of the list shown: "Take apart all" finds the level of each solution listed at the symmetry level
shown (classes are quicker than every solution) in a worker, with progress and Cancel; the table then shows a Level
column, and "Only those that come apart" filters the list. A solution file written with `pack --disassemble` brings
its levels along. A BurrTools problem's assemblies come apart by BurrTools' rules, as `pack FILE.xmpuzzle
--disassemble` takes them apart: a part whose pieces form a group may stay together."""

from __future__ import annotations

import numpy as np
from PyQt6.QtCore import pyqtSignal
from PyQt6.QtWidgets import QCheckBox, QPushButton, QVBoxLayout, QWidget

from cubeviz.models.packing_model import NOT_TAKEN_APART, PackingModel
from cubeviz.workers import CallWorker
from solvers.packing.burrtools_apart import ONE_PIECE, burrtools_solution_levels
from solvers.packing.burrtools_puzzle import BurrProblem
from solvers.packing.disassembly import STUCK, solution_levels


class DisassemblyBar(QWidget):
    """Signals: `status(str)` for the status bar."""

    status = pyqtSignal(str)
    _done = pyqtSignal(int)  # emitted from the worker's thread; Qt queues it to this widget's

    def __init__(self, model: PackingModel, parent=None) -> None:
        super().__init__(parent)
        self.model = model
        self.worker: CallWorker | None = None
        layout = QVBoxLayout(self)  # a column: the list's panel stays as narrow as the table
        layout.setContentsMargins(0, 0, 0, 0)
        self.run_button = QPushButton("Take apart all")
        self.run_button.setToolTip(
            "Find each solution's level: how it comes apart by straight moves (in the background; a BurrTools "
            "problem by BurrTools' rules, so a part whose pieces form a group may stay together)"
        )
        self.run_button.clicked.connect(self.toggle)
        layout.addWidget(self.run_button)
        self.apart_only = QCheckBox("Come apart only")
        self.apart_only.setToolTip("List only the solutions that can be taken apart")
        self.apart_only.toggled.connect(model.set_apart_only)
        layout.addWidget(self.apart_only)
        self._done.connect(self._progress)
        model.subscribe(self._on_model)
        self._sync()

    def toggle(self) -> None:
        if self.worker is not None:
            self.cancel()
            return
        solutions, problem = self.model.solutions, self.model.problem
        if solutions is None or problem is None:
            return
        listed = self.model.level_list()
        rows = solutions.rows[listed]
        burr = self.model.burrtools
        if burr is None:
            worker = CallWorker(lambda stop: solution_levels(problem, rows, stop, self._done.emit), self)
        else:
            worker = CallWorker(
                lambda stop: burrtools_solution_levels(burr, problem, rows, stop, self._done.emit), self
            )
        rules = _rules(burr)
        worker.result.connect(lambda levels, s=solutions, at=listed: self._finished(s, at, levels, rules))
        worker.error.connect(lambda exc: self.status.emit(f"Disassembly failed: {exc}"))
        worker.finished.connect(self._worker_ended)
        self.worker = worker
        self.run_button.setText("Cancel")
        self.status.emit(f"Taking apart {len(rows)} solutions...")
        worker.start()

    def cancel(self) -> None:
        if self.worker is not None:
            self.worker.cancel()
            self.worker.wait()

    shutdown = cancel

    def _progress(self, done: int) -> None:
        self.status.emit(f"Taking apart: {done} of {len(self.model.level_list())} solutions")

    def _finished(self, solutions, listed: np.ndarray, levels: np.ndarray | None, rules: str = "") -> None:
        if levels is None or solutions is not self.model.solutions:
            return
        known = self.model.disassembly
        if known is None:
            known = np.full(len(solutions), NOT_TAKEN_APART, dtype=np.int64)
        known = known.copy()
        known[listed] = levels
        self.model.set_disassembly(known)
        stuck, apart, alone = (
            int(n) for n in ((levels == STUCK).sum(), (levels >= 0).sum(), (levels == ONE_PIECE).sum())
        )
        undecided = len(levels) - stuck - apart - alone
        unknown = f", {undecided} undecided (the search reached its bound)" if undecided else ""
        single = f", {alone} of one piece (nothing to take apart)" if alone else ""
        self.status.emit(f"Taken apart{rules}: {apart} come apart, {stuck} cannot{single}{unknown}")

    def _worker_ended(self) -> None:
        self.worker = None
        self._sync()

    def _on_model(self, event: str) -> None:
        if event in ("puzzle", "solutions"):
            self.cancel()
        if event in ("puzzle", "solutions", "list"):
            self._sync()

    def _sync(self) -> None:
        known = self.model.disassembly is not None
        levels = self.model.disassembly
        missing = levels is None or bool((levels[self.model.level_list()] == NOT_TAKEN_APART).any())
        self.run_button.setText("Take apart all")
        self.run_button.setEnabled(self.model.solutions is not None and missing and self.worker is None)
        self.apart_only.setEnabled(known)
        if not known and self.apart_only.isChecked():
            self.apart_only.setChecked(False)


def _rules(burr: BurrProblem | None) -> str:
    """How the status line names the rules a BurrTools problem is taken apart by ("" for plain disassembly)."""
    if burr is None:
        return ""
    if any(kind.groups for kind in burr.kinds):
        return " by BurrTools' rules (piece groups may stay together)"
    return " by BurrTools' rules"
