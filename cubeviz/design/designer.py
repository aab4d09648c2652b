"""The Design tab: make a packing puzzle. Start from a box, a shipped puzzle or nothing; paint the shape and each
piece layer by layer or click faces in 3D; see at once what is wrong, how many placements each piece has and how
big the search will be; save the puzzle file or enumerate it in the Packings tab. Cubes may carry BurrTools'
constraint colours and shape cubes may be variable (the brush above the grid, the colour pairs in the side panel),
a piece may have a count range (each assembly uses between min and max copies) and belong to piece groups, and the
empty cells may be bounded (maxHoles): such a design is saved as a BurrTools file and counted as BurrTools counts.

The review of a draft (``review.py``) runs in a worker after each edit, so a big shape never stalls the editing;
a review that an edit has overtaken is dropped.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

from PyQt6.QtCore import Qt, QTimer, pyqtSignal
from PyQt6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from cubeviz.design.burrtools_design import draft_from_burrtools, write_design_burrtools
from cubeviz.design.colour_panel import CELLS, Brush, ColourPairs
from cubeviz.design.design_model import DesignModel
from cubeviz.design.design_view import DesignView, shape_item
from cubeviz.design.draft import TARGET, PuzzleDraft
from cubeviz.design.layer_grid import LayerGrid
from cubeviz.design.piece_panel import SHAPE_COLOUR, PiecePanel
from cubeviz.design.review import Review, review
from cubeviz.views.burrtools_open import Cancelled, Chosen, is_burrtools_file, read_problem, refuse
from cubeviz.views.puzzle_chooser import fill_puzzle_chooser
from cubeviz.workers import CallWorker
from solvers.packing.errors import PackingError
from solvers.packing.puzzle_io import load_puzzle

REVIEW_DELAY_MS = 150  # after the last edit of a burst (a drag paints many cells)
SPLIT_SIZES = [340, 480, 480]  # side panel, layer grid, 3D view: the grid gets as much room as the view
BOX_LIMIT = 8


class Designer(QWidget):
    """Signals: `enumerate_requested(Puzzle or Chosen)` (a BurrTools problem for a design with colours, variable
    cells or count ranges); `status(str)` for the window's status bar."""

    enumerate_requested = pyqtSignal(object)
    status = pyqtSignal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.model = DesignModel(parent=self)
        self.last_review: Review | None = None
        self._reviewed_draft: PuzzleDraft | None = None
        self._worker: CallWorker | None = None
        self._review_pending = False
        self._closed = False  # after shutdown no review starts (a queued "finished" would start the pending one)
        self._build()
        self._timer = QTimer(self, singleShot=True, interval=REVIEW_DELAY_MS)
        self._timer.timeout.connect(self._start_review)
        self.model.changed.connect(self._changed)
        self.model.item_changed.connect(lambda _item: self._show_item())
        self._changed()

    # -- layout --------------------------------------------------------------------------------------------------
    def _build(self) -> None:
        outer = QVBoxLayout(self)
        outer.addLayout(self._template_row())
        split = QSplitter(Qt.Orientation.Horizontal)
        self.panel = PiecePanel(self.model)
        self.panel.problem.connect(self._say_problem)
        self.brush = Brush(self.model)
        self.brush.currentIndexChanged.connect(lambda _index: self._brush_chosen())
        self.pairs = ColourPairs(self.model, self.brush)
        self.pairs.problem.connect(self._say_problem)
        self.panel.add_section(self.pairs, "Constraint colours")
        split.addWidget(self.panel)
        layers = QWidget()
        column = QVBoxLayout(layers)
        row = QHBoxLayout()
        row.addWidget(QLabel("Layer z"))
        self.layer = QSpinBox()
        self.layer.setToolTip("The plane painted below (0 is the front); Page Up / Page Down")
        self.layer.valueChanged.connect(self._layer_chosen)
        row.addWidget(self.layer)
        row.addSpacing(12)
        row.addWidget(QLabel("Brush"))
        row.addWidget(self.brush)
        row.addStretch(1)
        column.addLayout(row)
        self.grid = LayerGrid()
        self.grid.stroke_started.connect(self._stroke_started)
        self.grid.stroke_ended.connect(self.model.undo_stack.endMacro)
        self.grid.painted.connect(self._painted)
        self.grid.touched.connect(self._touched)
        column.addWidget(self.grid, 1)
        split.addWidget(layers)
        self.view = DesignView()
        self.view.setToolTip("Click a face to add a cube against it; Shift+click or right click removes a cube")
        self.view.voxel_edit.connect(self._paint)
        self.view.cell_clicked.connect(self._clicked)
        split.addWidget(self.view)
        split.setStretchFactor(0, 0)
        split.setStretchFactor(1, 1)
        split.setStretchFactor(2, 1)
        split.setSizes(SPLIT_SIZES)
        split.setChildrenCollapsible(False)
        outer.addWidget(split, 1)
        self.findings = QLabel()
        self.findings.setWordWrap(True)
        self.findings.setTextFormat(Qt.TextFormat.RichText)
        outer.addWidget(self.findings)

    def _template_row(self) -> QHBoxLayout:
        row = QHBoxLayout()
        row.addWidget(QLabel("Box"))
        self.box_sizes = []
        for index, value in enumerate((3, 3, 3)):
            if index:
                row.addWidget(QLabel("x"))
            spin = QSpinBox()
            spin.setRange(1, BOX_LIMIT)
            spin.setValue(value)
            spin.setToolTip(("Width (x)", "Height (y)", "Depth (z)")[index])
            self.box_sizes.append(spin)
            row.addWidget(spin)
        new_box = QPushButton("New box")
        new_box.setToolTip("Start again from a W x H x D box without pieces")
        new_box.clicked.connect(lambda: self.start_box(*(s.value() for s in self.box_sizes)))
        row.addWidget(new_box)
        row.addSpacing(12)
        row.addWidget(QLabel("or"))
        self.template = QComboBox()
        fill_puzzle_chooser(self.template)
        self.template.setToolTip("A shipped puzzle to start a variant from")
        row.addWidget(self.template)
        start = QPushButton("Start from puzzle")
        start.setToolTip("Its shape and pieces become the design (undoable)")
        start.clicked.connect(lambda: self.start_from(self.template.currentText()))
        row.addWidget(start)
        empty = QPushButton("Empty")
        empty.setToolTip("One cube of shape and no pieces")
        empty.clicked.connect(lambda: self.model.replace_all(PuzzleDraft(target=frozenset({(0, 0, 0)})), "empty"))
        row.addWidget(empty)
        row.addStretch(1)
        self.undo_button = QPushButton("Undo")
        self.undo_button.setToolTip("Undo the last edit of the design (Ctrl+Z)")
        self.undo_button.clicked.connect(self.model.undo_stack.undo)
        self.model.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        self.redo_button = QPushButton("Redo")
        self.redo_button.setToolTip("Redo the edit undone last (Ctrl+Shift+Z)")
        self.redo_button.clicked.connect(self.model.undo_stack.redo)
        self.model.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_button.setEnabled(False)
        self.redo_button.setEnabled(False)
        self.enumerate_button = QPushButton("Enumerate")
        self.enumerate_button.setToolTip("Count and browse the solutions in the Packings tab")
        self.enumerate_button.clicked.connect(self.request_enumeration)
        for button in (self.undo_button, self.redo_button, self.enumerate_button):
            row.addWidget(button)
        return row

    # -- templates and files -------------------------------------------------------------------------------------
    def start_box(self, width: int, height: int, depth: int) -> None:
        self.model.replace_all(PuzzleDraft.box(width, height, depth), "new box")

    def start_from(self, name_or_path: str | Path) -> bool:
        """Open a shipped puzzle, a puzzle file or one problem of a BurrTools file as the design; a bad file is said
        (a BurrTools file in a message box) and changes nothing."""
        if is_burrtools_file(name_or_path):
            return self._start_from_burrtools(name_or_path)
        try:
            puzzle = load_puzzle(name_or_path)
        except PackingError as exc:
            self._say_problem(f"Puzzle not opened: {exc}")
            return False
        self.model.replace_all(PuzzleDraft.from_puzzle(puzzle), "open puzzle")
        self.status.emit(f"Designing {puzzle.title}")
        return True

    def _start_from_burrtools(self, path: str | Path) -> bool:
        try:
            draft = draft_from_burrtools(read_problem(path, self))
        except Cancelled:
            return False
        except PackingError as exc:
            self._say_problem(f"Puzzle not opened: {exc}")
            refuse(self, "Puzzle not opened", exc)
            return False
        self.model.replace_all(draft, "open BurrTools problem")
        if draft.palette:  # its constraint colours and their pairs in view
            self.panel.show_section(self.pairs)
        self.status.emit(f"Designing {draft.title or draft.name}")
        return True

    def save(self, path: str | Path) -> bool:
        """Write the puzzle file; only a design without problems is written (it must open again as it is)."""
        if self.last_review is None or self.last_review.problems:
            problems = "; ".join(f.message for f in self.last_review.problems) if self.last_review else "checking"
            self._say_problem(f"Not saved: {problems}")
            return False
        lost = self.model.draft.lost_in_puzzle_file()
        if lost and not is_burrtools_file(path):
            why = f"a puzzle file (.json) cannot hold {lost}: save it as a BurrTools file (.xmpuzzle)"
            self._say_problem(f"Not saved: {why}")
            refuse(self, "Not saved", ValueError(why))
            return False
        try:
            if is_burrtools_file(path):
                write_design_burrtools(path, self.model.draft)
            else:
                Path(path).write_text(json.dumps(self.model.draft.to_dict(), indent=2) + "\n", encoding="utf-8")
        except OSError as exc:
            self._say_problem(f"Not saved: {exc.strerror}")
            return False
        except PackingError as exc:
            self._say_problem(f"Not saved: {exc}")
            refuse(self, "Not saved", exc)
            return False
        self.status.emit(f"Saved {Path(path).name}")
        return True

    def request_enumeration(self) -> None:
        found = self.last_review
        if found is None or not found.ready:
            return
        if found.burrtools is not None:
            file, problem = found.burrtools
            self.enumerate_requested.emit(Chosen(file, 0, file.problems[0], problem, self.model.draft.name))
        else:
            self.enumerate_requested.emit(found.puzzle)

    # -- editing -------------------------------------------------------------------------------------------------
    def _painted(self, cells) -> None:
        self.model.apply(self.model.draft.with_cells(self.model.item, cells), "paint")

    def _stroke_started(self) -> None:
        self.brush.start_stroke()
        self.model.undo_stack.beginMacro("paint")

    def _brush_chosen(self) -> None:
        painting = self.brush.brush() != CELLS
        if painting:
            self.panel.show_section(self.pairs)  # the colours being painted, and their pairs, in view
        self.grid.recolouring = painting
        self.view.painting_cells = painting

    def _clicked(self, voxel) -> None:
        """A click in the 3D view with a painting brush: a stroke of one cube."""
        self.brush.start_stroke()
        self._touched(voxel)

    def _touched(self, voxel) -> None:
        refused = self.brush.paint(tuple(voxel))
        if refused:
            self._say_problem(refused)

    def _paint(self, voxel, add: bool) -> None:
        draft = self.model.draft
        self.model.apply(draft.toggled(self.model.item, tuple(voxel), add), "add cube" if add else "remove cube")

    def _layer_chosen(self, layer: int) -> None:
        self.grid.set_layer(layer)

    def keyPressEvent(self, event) -> None:
        steps = {Qt.Key.Key_PageUp: 1, Qt.Key.Key_PageDown: -1}
        if event.key() in steps:
            self.layer.setValue(self.layer.value() + steps[event.key()])
            return
        super().keyPressEvent(event)

    # -- showing -------------------------------------------------------------------------------------------------
    def _changed(self) -> None:
        self._show_item()
        self.enumerate_button.setEnabled(False)
        self._timer.start()

    def _show_item(self) -> None:
        draft, item = self.model.draft, self.model.item
        cells = draft.cells_of(item)
        colour = SHAPE_COLOUR if item == TARGET else draft.pieces[item].colour
        painted = {v: draft.rgb(c) for v, c in draft.colours_of(item).items() if c <= len(draft.palette)}
        variable = draft.variable if item == TARGET else frozenset()
        self.grid.set_shape(cells, colour, painted, variable)
        low, high = self.grid.layers()
        blocked = self.layer.blockSignals(True)
        self.layer.setRange(low, high)
        self.layer.setValue(self.grid.layer)
        self.layer.blockSignals(blocked)
        self.view.set_item(shape_item(cells, colour, painted, variable))

    def _start_review(self) -> None:
        if self._closed:
            return
        if self._worker is not None:  # one review at a time: the newest draft is reviewed when it ends
            self._review_pending = True
            self._worker.cancel()
            return
        draft = self.model.draft
        worker = CallWorker(lambda stop: (draft, review(draft, stop.is_set)), self)
        worker.result.connect(self._reviewed)
        worker.error.connect(lambda exc: self._say_problem(f"Could not check the design: {exc}"))
        worker.finished.connect(self._review_finished)
        self._worker = worker
        worker.start()

    def _review_finished(self) -> None:
        self._worker = None
        if self._review_pending:
            self._review_pending = False
            self._start_review()

    def _reviewed(self, result: tuple[PuzzleDraft, Review]) -> None:
        draft, found = result
        if draft != self.model.draft:
            self._review_pending = True
            return
        self.last_review = found
        self._reviewed_draft = draft
        self.panel.set_placements(found.placements)
        self.enumerate_button.setEnabled(found.ready)
        self.findings.setText(_findings_html(found))

    def _say_problem(self, message: str) -> None:
        if message:
            self.status.emit(message)

    def shutdown(self) -> None:
        self._closed = True
        self._timer.stop()
        if self._worker is not None:
            self._worker.cancel()
            self._worker.wait()

    def wait_for_review(self, timeout_ms: int = 10_000) -> Review | None:
        """Tests and scripts: let the pending review run (events processed) and return it."""
        from PyQt6.QtCore import QCoreApplication, QElapsedTimer

        clock = QElapsedTimer()
        clock.start()
        while clock.elapsed() < timeout_ms:
            QCoreApplication.processEvents()
            idle = self._worker is None and not self._timer.isActive() and not self._review_pending
            if idle and self._reviewed_draft == self.model.draft:
                return self.last_review
            threading.Event().wait(0.01)
        return None


def _findings_html(found: Review) -> str:
    if found.problems:
        lines = "".join(f"<li>{_escape(f.message)}</li>" for f in found.problems)
        return f"<b style='color:#b00020'>Not ready to enumerate:</b><ul style='margin:0'>{lines}</ul>"
    if found.burrtools is not None:
        problem = found.burrtools[1]
        held = [what for what, present in (
            ("colour constraints", problem.coloured or problem.colour_pairs),
            ("variable cells", problem.optional),
            ("count ranges (each assembly uses between min and max copies of a piece)", problem.has_ranges),
            ("piece groups (a part whose pieces can share a group need not come apart)",
             any(k.groups for k in problem.kinds)),
            (f"at most {problem.max_holes} empty cell{'' if problem.max_holes == 1 else 's'} (maxHoles)",
             problem.max_holes is not None and problem.optional and problem.has_ranges),
        ) if present]  # fmt: skip
        said = ", ".join(held) if held else "a BurrTools problem"
        said = said[0].upper() + said[1:]  # not capitalize(): it would lower "maxHoles"
        return f"<b style='color:#1b6e20'>Ready.</b> {_escape(said)}: counted as BurrTools counts."
    estimate = found.estimate
    size = ""
    if estimate is not None:
        solutions = "too rare to estimate" if estimate.solutions == 0 else f"about {estimate.solutions:.3g}"
        size = f" Expected solutions (before symmetry): {solutions}; search of about {estimate.nodes:.2g} placements."
    return f"<b style='color:#1b6e20'>Ready.</b>{_escape(size)}"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
