"""The 3D packing view with its own controls: exploded-view slider, layer view, and the assembly player
(play/pause, step back and forward, a time slider), all acting on the view's PolycubeItem. Taking apart by
BurrTools' rules may leave a part in one piece (its pieces form a group): the player says so at its end. The moves
of a taking apart and the piece-by-piece assembly order are searched in workers (`apart_search.py`): meanwhile a
busy bar with Cancel and the steps searched show, and showing another solution cancels the search."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QProgressBar,
    QPushButton,
    QSlider,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from cubeviz.packing.apart_search import ApartSearch, ApartWork, OrderWork
from cubeviz.views.gl.polycube_item import LAYER_GAP, PolycubeItem
from cubeviz.views.gl.polycube_motion import AssemblyTimeline, DisassemblyTimeline
from cubeviz.views.gl.polycube_view import PolycubeView
from solvers.engine import SearchCancelled
from solvers.packing.assembly import AssemblyStep
from solvers.packing.burrtools_apart import GroupedDisassembly
from solvers.packing.disassembly import Disassembly

SLIDER_STEPS = 100
ORDER_AT_ONCE = 0.03  # seconds an assembly order may be searched on the GUI thread before a worker takes over
TIME_STEPS = 1000
ALL_PLANES, SIDE_BY_SIDE = "all", "side"


class _Deadline:
    """A stop flag that is set once a moment has passed (for a search's Watch)."""

    def __init__(self, when: float) -> None:
        self.when = when

    def is_set(self) -> bool:
        return time.perf_counter() > self.when


class ViewPanel(QWidget):
    """Signals: `status(str)` for the status bar (what a taking apart leaves together)."""

    status = pyqtSignal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.view = PolycubeView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view, 1)

        row = QHBoxLayout()
        row.addWidget(QLabel("Exploded:"))
        self.explode = QSlider(Qt.Orientation.Horizontal)
        self.explode.setRange(0, SLIDER_STEPS)
        self.explode.setToolTip("Move the pieces outward from the centre")
        self.explode.valueChanged.connect(self._explode_changed)
        self.explode.setMinimumWidth(100)  # a slider one can aim at, however narrow the view
        row.addWidget(self.explode, 1)
        row.addWidget(QLabel("Layers:"))
        self.layers = QComboBox()
        self.layers.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.layers.setMinimumContentsLength(8)
        self.layers.setToolTip("Slice the assembly plane by plane, front to back")
        self.layers.currentIndexChanged.connect(self._layer_changed)
        row.addWidget(self.layers)
        self.take_apart = QCheckBox("Taking apart")
        self.take_apart.setToolTip(
            "Play how the packing comes apart by straight moves, the pieces that move together as one group"
        )
        self.take_apart.toggled.connect(self._take_apart_toggled)
        reset = QPushButton("Reset view")
        reset.setToolTip("Back to the default camera")
        reset.clicked.connect(self.reset_view)
        row.addWidget(reset)
        layout.addLayout(row)

        player = QHBoxLayout()
        self.assemble = QCheckBox("Assembly")
        self.assemble.setToolTip("Build the packing piece by piece, each coming in from above")
        self.assemble.toggled.connect(self._assembly_toggled)
        player.addWidget(self.assemble)
        player.addWidget(self.take_apart)  # on the player's row: it plays the taking apart
        self.buttons: dict[str, QToolButton] = {}  # tool buttons: as narrow as their text
        for name, text, tip, handler in (
            ("back", "|<", "One piece back", lambda: self.step(-1)),
            ("play", "Play", "Play or pause the assembly", self.toggle_play),
            ("forward", ">|", "One piece more", lambda: self.step(1)),
        ):
            button = QToolButton()
            button.setText(text)
            button.setToolTip(tip)
            button.clicked.connect(handler)
            player.addWidget(button)
            self.buttons[name] = button
        self.time = QSlider(Qt.Orientation.Horizontal)
        self.time.setRange(0, TIME_STEPS)
        self.time.setToolTip("Drag through the assembly, piece by piece")
        self.time.setMinimumWidth(60)  # a usable scrubber even when the buttons take most of the row
        self.time.valueChanged.connect(self._time_dragged)
        player.addWidget(self.time, 1)
        self.step_label = QLabel("")
        self.step_label.setMinimumWidth(self.step_label.fontMetrics().horizontalAdvance("00/00 pieces"))
        player.addWidget(self.step_label)
        self.searching = QProgressBar()  # busy (no end known) while the taking apart's moves are searched
        self.searching.setRange(0, 0)
        self.searching.setMaximumWidth(80)
        self.cancel_search = QToolButton()
        self.cancel_search.setText("Cancel")
        self.cancel_search.clicked.connect(self._cancel_clicked)
        for widget in (self.searching, self.cancel_search):
            widget.setVisible(False)
            player.addWidget(widget)
        layout.addLayout(player)
        self.view.assembly_changed.connect(self._assembly_moved)
        self._order: list[AssemblyStep] | None = []  # None: not found yet (see set_assembly_order)
        self._order_source: OrderWork = lambda _stop, _report: []
        self._pending: tuple[Disassembly | None, bool] | None = None  # the play waiting for the order (_use_play)
        self.order_search = ApartSearch(self)
        self.order_search.found.connect(self._order_found)
        self.order_search.progress.connect(lambda steps: self.step_label.setText(f"{steps:,} tries"))
        self.order_search.failed.connect(lambda text: self.status.emit(f"Assembly order failed: {text}"))
        self.order_search.busy.connect(self._search_busy)
        self.apart = ApartSearch(self)
        self.apart.found.connect(self._moves_found)
        self.apart.progress.connect(self._search_progress)
        self.apart.failed.connect(lambda text: self.status.emit(f"Taking apart failed: {text}"))
        self.apart.busy.connect(self._search_busy)
        self.disassembly_work: Callable[[], ApartWork | None] = lambda: None  # the shown solution's search
        self.piece_name: Callable[[int], str] = str  # an instance's name, for what a taking apart leaves together
        self._rest = ""  # shown at the end of a taking apart: the part left in one piece as a group
        self._unit = "pieces"
        self._syncing = False
        self._enable_player(False)

    @property
    def item(self) -> PolycubeItem | None:
        return self.view.item

    def shutdown(self) -> None:
        """Cancel and wait for the player's searches (closing the window)."""
        self.apart.shutdown()
        self.order_search.shutdown()

    def set_item(self, item: PolycubeItem | None) -> None:
        self.apart.cancel()
        self._cancel_order()
        self.view.set_item(item)
        self._syncing = True
        self.layers.clear()
        self.layers.addItem("All planes", ALL_PLANES)
        if item is not None and item.puzzle.dims[2] > 1:
            self.layers.addItem("Planes side by side", SIDE_BY_SIDE)
            for plane in range(item.puzzle.dims[2]):
                where = " (front)" if plane == 0 else " (back)" if plane == item.puzzle.dims[2] - 1 else ""
                self.layers.addItem(f"Plane {plane + 1}{where}", plane)
        self._syncing = False
        self.assemble.setChecked(False)
        if item is not None:
            item.explode = self.explode.value() / SLIDER_STEPS
        self.view.reset_view()  # framed to the new puzzle's pieces, laid out apart until a solution is shown
        self._enable_solution_controls(item is not None and not item.laid_out)

    def solution_shown(self, first: bool) -> None:
        """A solution is on show; `first`: the pieces were laid out apart until now (frame the assembled box)."""
        if first:
            self.view.reset_view()
        self._enable_solution_controls(True)

    def _enable_solution_controls(self, on: bool) -> None:
        """Layers, assembly and taking apart act on a solution: offered only while one is shown."""
        for widget in (self.layers, self.take_apart, self.assemble):
            widget.setEnabled(on)

    def reset_view(self) -> None:
        if self.layers.currentData() == SIDE_BY_SIDE:
            self._fit_side_by_side()
        else:
            self.view.reset_view()

    # -- exploded and layer view ---------------------------------------------------------------------------------------
    def _explode_changed(self, value: int) -> None:
        if self.item is not None:
            self.item.explode = value / SLIDER_STEPS
            self.view.update()

    def _layer_changed(self, _index: int) -> None:
        item = self.item
        if item is None or self._syncing:
            return
        data = self.layers.currentData()
        was_side = item.side_by_side
        item.side_by_side = data == SIDE_BY_SIDE
        item.layer = data if isinstance(data, int) else None
        if item.side_by_side:
            self._fit_side_by_side()
        elif was_side:
            self.view.reset_view()
        self.view.update()

    def _fit_side_by_side(self) -> None:
        item = self.item
        depth = item.puzzle.dims[2]
        width = (depth * (item.puzzle.dims[0] + LAYER_GAP) - LAYER_GAP) * item.scale
        self.view.front_view(width * 1.1)

    # -- assembly ------------------------------------------------------------------------------------------------------
    def set_assembly_order(self, order: list[AssemblyStep] | OrderWork) -> None:
        """The order for the shown solution (kept while assembly is off, applied when it is switched on), or the
        search that finds it, run in a worker only when the piece-by-piece assembly is played: finding it takes
        seconds for a box that holds a dozen pieces (AlPackino), which neither showing a solution nor the window
        need wait for."""
        self._cancel_order()
        if callable(order):
            self._order_source, self._order = order, None
        else:
            self._order = list(order)
        if self.assemble.isChecked() and self.item is not None:
            self._apply_timeline(keep_time=False)

    def _cancel_order(self) -> None:
        self.order_search.cancel()
        self._pending = None

    def _apply_timeline(self, keep_time: bool) -> None:
        """The piece-by-piece assembly, or with Taking apart the search for the moves (in a worker; the assembly
        is shown until they come if its order is found at once, else the packing stands assembled: a long order
        search is left until the moves bring no play)."""
        self.apart.cancel()
        work = self.disassembly_work() if self.take_apart.isChecked() else None
        if work is None or self._order is not None or self._order_at_once():
            self._use_play(None, keep_time)
        else:
            self._cancel_order()
            self.item.assembly = None
            self.view.update()
        if work is not None:
            self.apart.start(work)

    def _use_play(self, found: Disassembly | None, keep_time: bool) -> None:
        """Play ``found``'s moves, or the piece-by-piece assembly when there are none."""
        item = self.item
        self._rest = ""
        self.step_label.setToolTip("")
        if found is not None and found.moves:
            item.assembly = DisassemblyTimeline.from_moves(found.moves, item.n_instances)
            self._unit = "moves"
            self._say_together(found)
        elif self._order is None and not self._order_at_once():  # searched in a worker; played when it comes
            self._pending = (found, keep_time)
            item.assembly = None
            if not self.order_search.running:
                self.order_search.start(self._order_source)
        else:
            assert self._order is not None
            order = self._order
            item.assembly = AssemblyTimeline(
                tuple(step.instance for step in order), tuple(step.direction for step in order)
            )
            self._unit = "pieces"
        if isinstance(found, GroupedDisassembly) and found.one_piece:
            self._rest = "one piece"
            text = "One piece: nothing to take apart (BurrTools counts it as no solution)"
            self.step_label.setToolTip(text)
            self.status.emit(text)
        elif found is not None and not found.can_take_apart:
            self.step_label.setToolTip("This packing cannot be taken apart by straight moves")
        if item.assembly is None:
            self.view.update()  # the packing stands assembled while its order is searched
        else:
            self.view.set_assembly_time(item.assembly_time if keep_time else 0.0)

    def _moves_found(self, found: Disassembly | None) -> None:
        if self.item is not None and self.assemble.isChecked() and self.take_apart.isChecked():
            self._use_play(found, keep_time=False)
            self._sync_play_button()

    def _order_at_once(self) -> bool:
        """Try the order on the GUI thread within ORDER_AT_ONCE seconds (most orders take a millisecond: no busy
        bar flickers for them); False when the search needs longer, for the worker to redo."""
        if self.order_search.running:
            return False
        deadline = time.perf_counter() + ORDER_AT_ONCE
        try:
            self._order = self._order_source(_Deadline(deadline), lambda _steps: None)
        except SearchCancelled:
            return False
        return True

    def _order_found(self, order: list[AssemblyStep]) -> None:
        self._order = order
        pending, self._pending = self._pending, None
        if pending is not None and self.item is not None and self.assemble.isChecked():
            self._use_play(*pending)
            self._sync_play_button()

    def _search_busy(self, _busy: bool) -> None:
        """Either search running: the busy bar and Cancel instead of the player's controls."""
        ordering = self.order_search.running
        busy = ordering or self.apart.running
        if ordering:
            self.searching.setToolTip("Searching an order in which the pieces go in")
            self.cancel_search.setToolTip("Stop searching the assembly order (the player switches off)")
        else:
            self.searching.setToolTip("Searching how the packing comes apart")
            self.cancel_search.setToolTip("Stop searching the moves (the assembly stays piece by piece)")
        for widget in (self.searching, self.cancel_search):
            widget.setVisible(busy)
        for widget in (*self.buttons.values(), self.time):
            widget.setEnabled(not busy and self.assemble.isChecked() and self.item is not None)
        if busy:
            self.view.pause_assembly()
            self._sync_play_button()
            self.step_label.setText("searching")

    def _search_progress(self, states: int) -> None:
        self.step_label.setText(f"{states:,} states")

    def _cancel_clicked(self) -> None:
        """Stop the search: the assembly order's switches the player off; the moves' goes back to the
        piece-by-piece assembly."""
        if self.order_search.running:
            self._cancel_order()
            self.assemble.setChecked(False)
            self.status.emit("Assembly order cancelled")
            return
        self.apart.cancel()
        self.take_apart.blockSignals(True)
        self.take_apart.setChecked(False)
        self.take_apart.blockSignals(False)
        if self.item is not None and self.assemble.isChecked():
            self._use_play(None, keep_time=False)
        self.status.emit("Taking apart cancelled")

    def _say_together(self, found: Disassembly) -> None:
        """Name the parts a taking apart leaves in one piece because their pieces form a group, in the status bar
        and the step label's tooltip, and mark the label's last step with the group."""
        if not isinstance(found, GroupedDisassembly) or not found.together or not found.can_take_apart:
            return
        parts = [f"group {group} ({', '.join(self.piece_name(p) for p in pieces)})" for pieces, group in found.together]
        groups = sorted({group for _, group in found.together})
        self._rest = "rest: group " + ", ".join(str(g) for g in groups)
        text = f"Taken apart in {len(found.moves)} moves; the rest stays together as " + " and ".join(parts)
        self.step_label.setToolTip(text)
        self.status.emit(text)

    def _take_apart_toggled(self, on: bool) -> None:
        if not on:
            self.apart.cancel()
        if on and not self.assemble.isChecked():
            self.assemble.setChecked(True)  # switches the player on with the disassembly
        elif self.assemble.isChecked() and self.item is not None:
            self._apply_timeline(keep_time=False)

    def _assembly_toggled(self, on: bool) -> None:
        item = self.item
        self._enable_player(on and item is not None)
        if item is None:
            return
        if on:
            item.assembly_time = 0.0
            self._apply_timeline(keep_time=True)
        else:
            self.apart.cancel()
            self._cancel_order()
            self.view.pause_assembly()
            item.assembly = None
        self._sync_play_button()
        self.view.update()

    def _enable_player(self, on: bool) -> None:
        for widget in (*self.buttons.values(), self.time):
            widget.setEnabled(on)
        self.step_label.setText("")

    def toggle_play(self) -> None:
        if self.view.assembly_playing:
            self.view.pause_assembly()
        else:
            self.view.play_assembly()
        self._sync_play_button()

    def step(self, delta: int) -> None:
        """Pause and move to the start of the previous / the end of the next piece's flight."""
        item = self.item
        if item is None or item.assembly is None:
            return
        self.view.pause_assembly()
        timeline = item.assembly
        current = item.assembly_time / timeline.step_seconds
        target = math.floor(current + 1e-6) + 1 if delta > 0 else math.ceil(current - 1e-6) - 1
        self.view.set_assembly_time(timeline.step_start(target))
        self._sync_play_button()

    def _assembly_moved(self, t: float) -> None:
        timeline = self.item.assembly if self.item is not None else None
        if timeline is None:
            return
        self._syncing = True
        self.time.setValue(round(TIME_STEPS * t / timeline.duration) if timeline.duration else 0)
        self._syncing = False
        placed = min(int(t // timeline.step_seconds), len(timeline.order))
        end = f", {self._rest}" if self._rest and placed == len(timeline.order) else ""
        self.step_label.setText(f"{placed}/{len(timeline.order)} {self._unit}{end}")
        if not self.view.assembly_playing:
            self._sync_play_button()

    def _time_dragged(self, value: int) -> None:
        item = self.item
        if self._syncing or item is None or item.assembly is None:
            return
        self.view.pause_assembly()
        self.view.set_assembly_time(item.assembly.duration * value / TIME_STEPS)
        self._sync_play_button()

    def _sync_play_button(self) -> None:
        self.buttons["play"].setText("Pause" if self.view.assembly_playing else "Play")
