"""The Packings tab: wires the model to the source panel, the solution table, the 3D view and the legend, and
runs enumeration and file loading in workers. Views only render the model; every change goes through it."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
from PyQt6.QtCore import QItemSelectionModel, Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHeaderView,
    QSplitter,
    QStyle,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from cubeviz.models.packing_model import LEVEL_NAMES, PackingModel
from cubeviz.packing.apart_search import ApartWork
from cubeviz.packing.disassembly_bar import DisassemblyBar
from cubeviz.packing.legend import LegendPanel
from cubeviz.packing.loading import (
    Loaded,
    burrtools_enumeration,
    cluster_enumeration,
    default_level,
    enumeration,
    load_solution_file,
)
from cubeviz.packing.solution_list import NavigationBar, SolutionTableModel
from cubeviz.packing.source_panel import SourcePanel
from cubeviz.packing.view_panel import ViewPanel
from cubeviz.views.burrtools_open import (
    BrowserProblem,
    Cancelled,
    Chosen,
    browser_problem,
    is_burrtools_file,
    read_problem,
    refuse,
)
from cubeviz.views.fit import ScrolledColumn, scrollable
from cubeviz.views.gl.polycube_item import PolycubeItem
from cubeviz.workers import CallWorker, GeneratorWorker
from solvers.packing.assembly import assembly_order
from solvers.packing.burrtools_apart import play_rows
from solvers.packing.burrtools_puzzle import BurrProblem
from solvers.packing.cover import CoverProblem, build_cover
from solvers.packing.disassembly import disassemble_solution
from solvers.packing.errors import PackingError
from solvers.packing.puzzle import Puzzle, SymmetryMode
from solvers.packing.puzzle_io import load_puzzle
from solvers.packing.search import CoverProgress
from solvers.packing.watch import Watch

DEFAULT_PUZZLE = "soma"
PROGRESS_STEPS = 1000


class PackingBrowser(QWidget):
    """Signals: `status(str)` for the window's status bar; `loaded()` after a solution set arrives."""

    status = pyqtSignal(str)
    loaded = pyqtSignal()

    def __init__(self, rng: random.Random | None = None, parent=None) -> None:
        super().__init__(parent)
        self.rng = rng or random.Random()
        self.model = PackingModel()
        self.worker: GeneratorWorker | CallWorker | None = None
        self.burrtools: BrowserProblem | None = None  # a BurrTools problem Enumerate lists as BurrTools counts
        self._level_after: SymmetryMode | None = None  # the level to show once a BurrTools enumeration arrives
        self._animate_next = False
        self._build()
        self.model.subscribe(self._on_model)
        self._connect()
        self.load_shipped(DEFAULT_PUZZLE, enumerate_now=False)
        self._side_panels_fitted = False

    def _build(self) -> None:
        self.source = SourcePanel(self.model)
        self.table_model = SolutionTableModel(self.model, self)
        self.table = QTableView()
        self.table.setModel(self.table_model)
        self.table.setToolTip("The solutions: click one to show it; sort by a column by clicking its header")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.navigation = NavigationBar()
        left = QWidget()
        left_layout = ScrolledColumn(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.source)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.navigation)
        self.view_panel = ViewPanel()
        self.view_panel.disassembly_work = self._disassembly_work
        self.view_panel.piece_name = self.model.instance_label
        self.view_panel.status.connect(self._say)
        self.view = self.view_panel.view
        self.legend = LegendPanel(self.model)
        self.disassembly_bar = DisassemblyBar(self.model)
        self.disassembly_bar.status.connect(self._say)
        disassembly_box = QGroupBox("Taking apart")
        QVBoxLayout(disassembly_box).addWidget(self.disassembly_bar)
        self.legend.layout().addWidget(disassembly_box)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        # The side panels scroll up and down only: the splitter cannot squeeze them narrower than their content.
        sides = (scrollable(left, horizontal=False), scrollable(self.legend, horizontal=False))
        for widget, stretch in ((sides[0], 0), (self.view_panel, 1), (sides[1], 0)):
            splitter.addWidget(widget)
            splitter.setStretchFactor(splitter.count() - 1, stretch)
        splitter.setCollapsible(1, False)  # the side panels may fold away, the 3D view never
        self.left_panel = left
        self.splitter = splitter
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._side_panels_fitted:  # the first time shown: only then are the panels' sizes final
            self._side_panels_fitted = True
            self._fit_side_panels()

    def _fit_side_panels(self) -> None:
        """Side panels as wide as their content needs (no sideways scrolling); the 3D view takes the rest."""
        bar = self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        side = [panel.minimumSizeHint().width() + bar + 6 for panel in (self.left_panel, self.legend)]
        self.splitter.setSizes([side[0], 700, side[1]])

    def _disassembly_work(self) -> ApartWork | None:
        """The search that takes the shown solution apart, for the player's worker: a BurrTools problem's by
        BurrTools' rules (a part whose pieces form a group stays together) under the bound of `pack
        --disassemble`, any other as `disassemble_solution` takes it apart; None when no solution is shown."""
        rows = self.model.current_rows()
        problem, burr = self.model.problem, self.model.burrtools
        if rows is None or problem is None:
            return None
        if burr is not None:
            return lambda stop, report: play_rows(burr, problem, rows, stop, report)
        return lambda stop, report: disassemble_solution(
            problem, rows, on_state=Watch(stop, report, "taking apart stopped")
        )

    def _connect(self) -> None:
        s = self.source
        s.puzzle_chosen.connect(lambda name: self.load_shipped(name, enumerate_now=True))
        s.enumerate_requested.connect(self.enumerate)
        s.cancel_requested.connect(self.cancel)
        self.navigation.navigate.connect(self.navigate)
        self.navigation.jump.connect(self.jump_to_number)
        self.view.navigate.connect(self.navigate)
        self.view.piece_clicked.connect(self._piece_clicked)
        self.view.background_clicked.connect(lambda: self.model.set_highlight(None))
        self.table.selectionModel().currentRowChanged.connect(lambda current, _prev: self._row_chosen(current.row()))
        self.legend.jump_to_solution.connect(lambda index: self.jump_to_number(index + 1))

    # -- sources -------------------------------------------------------------------------------------------------------
    def load_shipped(self, name: str, enumerate_now: bool = True) -> bool:
        return self.open_puzzle_file(name, enumerate_now)

    def open_puzzle_file(self, path: str | Path, enumerate_now: bool = True) -> bool:
        """Load a puzzle (shipped name, puzzle file or BurrTools file); on a bad file say why and change nothing."""
        if is_burrtools_file(path):
            return self.open_burrtools_file(path, enumerate_now)
        try:
            puzzle = load_puzzle(path)
        except (PackingError, ValueError) as exc:
            self._error(f"Puzzle not opened: {exc}")
            return False
        return self.use_puzzle(puzzle, enumerate_now)

    def open_burrtools_file(self, path: str | Path, enumerate_now: bool = False) -> bool:
        """Open one problem of a BurrTools file (asking which when it holds several): its pieces and result, the
        assemblies the file stores listed at once, and Enumerate set to the level whose count is BurrTools' count
        (enumerated at once only when asked and the file stores no assembly). A file that cannot be shown is
        refused in one message box and changes nothing."""
        try:
            chosen = read_problem(path, self)
        except Cancelled:
            return False
        except (PackingError, ValueError) as exc:
            self._error(f"Puzzle not opened: {exc}")
            refuse(self, "Puzzle not opened", exc)
            return False
        return self.show_burrtools(chosen, enumerate_now)

    def show_burrtools(self, chosen: Chosen, enumerate_now: bool = False) -> bool:
        """Show one problem of a BurrTools file already read (a file, or a design with colour constraints) as
        :meth:`open_burrtools_file` does."""
        try:
            shown = browser_problem(chosen)
        except (PackingError, ValueError) as exc:
            self._error(f"Puzzle not opened: {exc}")
            refuse(self, "Puzzle not opened", exc)
            return False
        path = chosen.file_name
        if not self.use_puzzle(shown.puzzle, False, shown.cover, undefined=shown.undefined, colours=shown.cell_colours,
                               burrtools=chosen.problem):  # fmt: skip
            return False
        self.source.set_default_level(shown.level)
        if shown.burr is not None:
            self.burrtools = shown
            self._say(
                f"{shown.label}: Enumerate lists every assembly (unused pieces hidden) with its classes; "
                f"{LEVEL_NAMES[shown.level].lower()} counts as BurrTools counts"
            )
            if enumerate_now:
                self.enumerate(shown.level)
            return True
        if shown.stored is not None:
            self.model.set_solutions(shown.stored, f"{shown.puzzle.title}: stored in {Path(path).name}")
        stored = len(shown.stored) if shown.stored is not None else 0
        left_out = f" ({shown.skipped} left out: not placements of these pieces)" if shown.skipped else ""
        self._say(
            f"{shown.label}: {stored:,} assembl{'y' if stored == 1 else 'ies'} stored in the file{left_out}; Enumerate "
            f"{LEVEL_NAMES[shown.level].lower()} counts as BurrTools counts"
        )
        if enumerate_now and shown.stored is None:
            self.enumerate(shown.level)
        return True

    def use_puzzle(
        self,
        puzzle: Puzzle,
        enumerate_now: bool = True,
        cover: CoverProblem | None = None,
        *,
        undefined: dict[SymmetryMode, str] | None = None,
        colours: tuple[dict[tuple[int, int, int], str], ...] = (),
        burrtools: BurrProblem | None = None,
    ) -> bool:
        """Show a puzzle already read (a file, or one made in the designer) and enumerate it unless told not to;
        ``undefined``, ``colours`` and ``burrtools`` as :meth:`PackingModel.set_puzzle` takes them."""
        try:
            problem = cover if cover is not None else build_cover(puzzle)
        except (PackingError, ValueError) as exc:
            self._error(f"Puzzle not opened: {exc}")
            return False
        self.cancel()
        self.burrtools = None
        self.source.show_error("")
        self.model.set_puzzle(puzzle, problem, undefined=undefined, cell_colours=colours, burrtools=burrtools)
        self.source.set_default_level(default_level(puzzle))
        self.source.status.setText(f"{puzzle.title}: {puzzle.n_instances} pieces, {puzzle.n_cells} cells")
        if enumerate_now:
            self.enumerate(self.source.up_to.currentData())
        return True

    def open_solution_file(self, path: str | Path) -> None:
        """Read a solution file in a worker; a malformed file is reported and changes nothing."""
        self.cancel()
        worker = CallWorker(lambda stop: load_solution_file(path, stop), self)
        worker.result.connect(self._loaded)
        worker.error.connect(lambda exc: self._error(f"Solutions not opened: {exc}"))
        self._start(worker, f"Reading {Path(path).name}...")

    def enumerate(self, mode: SymmetryMode | None = None) -> None:
        if self.model.problem is None:
            return
        self.cancel()
        if self.burrtools is not None and self.burrtools.burr is not None:
            shown = self.burrtools
            wanted = SymmetryMode(mode or shown.level)
            self._level_after = shown.level if wanted in self.model.undefined_levels else wanted
            work = burrtools_enumeration(shown.burr, self.model.problem, shown.shift)
            worker = GeneratorWorker(work, lambda e: isinstance(e, Loaded), self)
            worker.solution.connect(self._loaded)
            worker.cancelled.connect(lambda: self._say("Enumeration cancelled"))
            worker.error.connect(lambda exc: self._error(f"Enumeration failed: {exc}"))
            self._start(worker, f"Counting {self.model.puzzle.title} as BurrTools counts...")
            return
        self._level_after = None
        mode = SymmetryMode(mode or SymmetryMode.NONE)
        address = self.source.cluster.text().strip()
        work = (
            cluster_enumeration(self.model.problem, mode, address) if address else enumeration(self.model.problem, mode)
        )
        worker = GeneratorWorker(work, lambda e: isinstance(e, Loaded), self)
        worker.progress.connect(self._progress)
        worker.solution.connect(self._loaded)
        worker.cancelled.connect(lambda: self._say("Enumeration cancelled"))
        worker.error.connect(lambda exc: self._error(f"Enumeration failed: {exc}"))
        first = f" on {address}" if address else " (the first search compiles the engine: a few seconds)"
        self._start(worker, f"Enumerating {self.model.puzzle.title}...{first}")

    def _start(self, worker, message: str) -> None:
        self.worker = worker
        worker.finished.connect(lambda w=worker: self._finished(w))
        self.source.set_busy(True)
        self.source.progress.setValue(0)
        self._say(message)
        worker.start()

    def cancel(self) -> None:
        """Stop the running worker and wait for it (it checks the stop flag every few milliseconds)."""
        worker = self.worker
        if worker is not None:
            worker.cancel()
            worker.wait()
            self._finished(worker)

    def shutdown(self) -> None:
        self.cancel()
        self.disassembly_bar.shutdown()
        self.view_panel.shutdown()

    def _finished(self, worker) -> None:
        if worker is self.worker:
            self.worker = None
            self._level_after = None  # a cancelled BurrTools enumeration leaves no level for the next set
            self.source.set_busy(False)
            worker.deleteLater()

    def _progress(self, event) -> None:
        if isinstance(event, CoverProgress):
            self.source.progress.setValue(int(event.fraction * PROGRESS_STEPS))
            eta = f", about {event.eta:.0f} s left" if event.eta is not None and event.eta >= 1 else ""
            self.source.status.setText(f"{event.solutions:,} found{eta}")

    def _loaded(self, loaded: Loaded) -> None:
        self.source.show_error("")
        self.source.progress.setValue(PROGRESS_STEPS)
        self.model.set_solutions(loaded.solutions, loaded.source)
        level, self._level_after = self._level_after, None
        if level is not None and level in self.model.level_counts():
            self.model.set_level(level)  # a BurrTools problem: every assembly listed, the level asked for shown
        counts = ", ".join(f"{n:,}" for n in self.model.level_counts().values())
        self._say(f"{loaded.source}: {counts}")
        self.loaded.emit()

    def _say(self, message: str) -> None:
        self.source.status.setText(message)
        self.status.emit(message)

    def _error(self, message: str) -> None:
        self.source.show_error(message)
        self.status.emit(message)

    # -- browsing ------------------------------------------------------------------------------------------------------
    def navigate(self, action: str) -> None:
        self._animate_next = True
        self.model.navigate(action, self.rng)

    def jump_to_number(self, number: int) -> bool:
        self._animate_next = True
        if not self.model.jump_to_number(number):
            self._error(f"No. {number} is not in the list shown")
            return False
        self.source.show_error("")
        return True

    def _row_chosen(self, row: int) -> None:
        if row >= 0 and row != self.model.position:
            self._animate_next = True
            self.model.go_to(row)

    def _piece_clicked(self, instance: int, cell: int, modifiers: Qt.KeyboardModifier) -> None:
        """Click: highlight (again: clear). Ctrl+click: pin the piece where it is. Shift+click: pin it on that cube."""
        if modifiers & Qt.KeyboardModifier.ControlModifier:
            self.model.pin_instance(instance)
        elif modifiers & Qt.KeyboardModifier.ShiftModifier:
            self.model.pin_cell(instance, cell)
        else:
            self.model.set_highlight(None if self.model.highlight == instance else instance)

    # -- model -> views ------------------------------------------------------------------------------------------------
    def _on_model(self, event: str) -> None:
        model = self.model
        if event == "puzzle":
            self._animate_next = False
            self.view_panel.set_item(PolycubeItem(model.puzzle, model.instance_kinds(), model.cell_colours))
            self.table_model.refresh()
            self.navigation.set_range(0)
        elif event == "solutions":
            self._animate_next = False
        elif event == "list":
            self.table_model.refresh()
            self.navigation.set_range(len(model.solutions) if model.solutions is not None else 0)
        elif event == "current":
            self._show_current()
        elif event == "pieces":
            item = self.view.item
            item.hidden = self._hidden_mask(item.n_instances)
            item.highlight = model.highlight
            self.view.update()

    def _hidden_mask(self, n_instances: int) -> np.ndarray:
        """Pieces hidden by hand, and copies the shown assembly leaves unused (rows without cells)."""
        rows = self.model.current_rows() or []
        absent = {i for i, r in enumerate(rows) if (self.model.problem.row_cells[r] < 0).all()}
        return np.array([i in self.model.hidden or i in absent for i in range(n_instances)], dtype=bool)

    def _show_current(self) -> None:
        model, item = self.model, self.view.item
        poses = model.current_poses()
        if item is None or poses is None:
            return
        first = item.laid_out
        item.hidden = self._hidden_mask(item.n_instances)
        item.set_poses(poses, self.view.now(), animate=self._animate_next and not first)
        self._animate_next = False
        self.view_panel.solution_shown(first)
        problem, rows = model.problem, model.current_rows()
        self.view_panel.set_assembly_order(  # searched in a worker when the assembly plays
            lambda stop, report: assembly_order(problem, rows, on_step=Watch(stop, report, "assembly order stopped"))
        )
        index = self.table_model.index(model.position, 0)
        selection = self.table.selectionModel()
        if selection.currentIndex().row() != model.position:
            flags = QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
            selection.setCurrentIndex(index, flags)
        self.table.scrollTo(index)
        self.navigation.number.blockSignals(True)
        self.navigation.number.setValue(model.current_index + 1)
        self.navigation.number.blockSignals(False)
        self.view.update()
