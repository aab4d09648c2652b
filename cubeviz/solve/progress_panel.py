"""The solve's read-out: what the solve is doing now, in words and numbers, and nothing stale.

Why a widget of its own: the engines report in several shapes (table progress, compiling, search heartbeats,
proof lines) and the user should read them in one place, in words, while the cube stays usable. A solve goes
through stages (building tables, compiling, searching, improving, then proven, finished, cancelled or failed);
each has its own words, and the live search figures are shown only while a search is live: at the end they give
way to a summary. Every time shown says what it counts: the search's own seconds (nodes / seconds = the rate
shown), and apart from them the seconds the tables, the compiler and a scramble took since Solve was pressed.
"""

from __future__ import annotations

import time
from enum import Enum

from PyQt6.QtCore import Qt, QTimer
from PyQt6.QtWidgets import QLabel, QProgressBar, QSizePolicy, QStackedWidget, QVBoxLayout, QWidget

from cubeviz.solve.big_cube_solve import BigCubeChoice, stage_words
from cubeviz.solve.engine_bridge import PlayerSolution, SolverChoice
from cubeviz.solve.progress_words import compile_words, format_eta, format_rate, rate_of, seconds_text, table_words
from solvers.nxn.events import StageProgress
from solvers.rubik.events import DepthExhausted, DepthProgress
from solvers.rubik.preparation import Prepared, TableProgress
from solvers.rubik.warmup import CompileProgress
from solvers.time_left import TimeLeft, describe_seconds, describe_size

PROOF_MARK = "\N{CHECK MARK}"
TICK_MS = 1000  # while tables build or the search compiles, the read-out's clock moves once a second


def steady_label(label: QLabel, lines: int = 2) -> None:
    """A wrapped label whose text never resizes the dock: on llvmpipe a relayout re-renders the 3D view, which
    stalls the event loop far longer than the text change itself."""
    label.setWordWrap(True)
    label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
    label.setFixedHeight(label.fontMetrics().lineSpacing() * lines + 4)


def keep_layout(widget: QWidget) -> None:
    """Hiding `widget` leaves its space in the layout (no relayout when it comes and goes)."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)


class Stage(Enum):
    IDLE = "idle"
    WAITING = "waiting for the scramble"
    BUILDING = "building tables"
    COMPILING = "compiling"
    SEARCHING = "searching"
    IMPROVING = "improving"
    PROVEN = "proven"
    FINISHED = "finished"  # a best answer, not proven optimal (two-phase's time is up)
    CANCELLED = "cancelled"
    FAILED = "failed"


LIVE_STAGES = (Stage.BUILDING, Stage.COMPILING, Stage.SEARCHING, Stage.IMPROVING)
PREPARING = (Stage.BUILDING, Stage.COMPILING)
DOT = " \N{MIDDLE DOT} "
IDLE_TEXT = "Press Solve (Ctrl+Return) to solve the cube shown."


class ElidedLabel(QLabel):
    """One line that elides at its width (the whole text in the tooltip), so a long builder message never
    widens the dock or spills over the bar."""

    def __init__(self) -> None:
        super().__init__()
        self._full = ""
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(self.fontMetrics().lineSpacing() + 2)

    def set_full_text(self, text: str) -> None:
        self._full = text
        self.setToolTip(text)
        self._elide()

    def full_text(self) -> str:
        return self._full

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        self.setText(self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, max(20, self.width())))


class ProgressPanel(QWidget):
    """Labels for the run (status, search figures, best solution); under the status, a bar with one line of
    detail while tables load or build or the search compiles, and the run's times otherwise. `stage` is the
    solve's current Stage."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.status = QLabel(IDLE_TEXT)
        self.search = QLabel()
        self.best = QLabel()
        for label in (self.status, self.search, self.best):
            steady_label(label)
        self.table_bar = QProgressBar()
        self.table_bar.setRange(0, 1000)
        self.table_bar.setTextVisible(True)
        self.table_bar.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.detail = ElidedLabel()
        self.times = QLabel()
        steady_label(self.times)
        self.slot = QStackedWidget()  # the bar and its detail while preparing, the run's times otherwise
        preparing = QWidget()
        column = QVBoxLayout(preparing)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(2)
        column.addWidget(self.table_bar)
        column.addWidget(self.detail)
        self.slot.addWidget(self.times)
        self.slot.addWidget(preparing)
        self.slot.setFixedHeight(max(self.table_bar.sizeHint().height() + self.detail.height() + 2,
                                     self.times.height()))  # fmt: skip
        self.slot.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.status, self.slot, self.search, self.best):
            layout.addWidget(widget)
        self.stage = Stage.IDLE
        self._ticker = QTimer(self)
        self._ticker.setInterval(TICK_MS)
        self._ticker.timeout.connect(self._tick)
        self._choice: SolverChoice | BigCubeChoice | None = None
        self._best: PlayerSolution | None = None
        self._proofs: list[int] = []
        self._figures: tuple[int, float] | None = None  # (nodes, search seconds) of the last live heartbeat
        self._pressed: float | None = None  # when Solve was pressed (earlier than the start when it waited)
        self._started = 0.0
        self._prepared: Prepared | None = None
        self._background = ""  # who is preparing the solver when it is not the solve itself ("Scramble", ...)
        self._preparing: TableProgress | CompileProgress | None = None
        self._preparing_since = 0.0
        self._solving_since: float | None = None  # a big-cube solve's start on this clock (its stages' seconds)
        self._time_left = TimeLeft()
        self._show_bar(False)

    # -- the run's life ------------------------------------------------------------------------------------------
    def waiting_for_scramble(self) -> None:
        """Solve was pressed while a scramble is still being made: the solve starts when it lands."""
        if self._pressed is None:
            self._pressed = time.perf_counter()
        if self.stage not in PREPARING:  # a scramble preparing the solver keeps its bar; only the words change
            self.stage = Stage.WAITING
            self.status.setText("Waiting for the scramble; the solve starts as soon as it lands...")

    def on_started(self, choice: SolverChoice | BigCubeChoice, size: int | None = None) -> None:
        """A solve of a cube of `size` layers (default: the choice's own size) has started."""
        size = choice.size if size is None else size
        now = time.perf_counter()
        self._choice, self._best, self._proofs, self._figures = choice, None, [], None
        self._started, self._prepared, self._background = now, None, ""
        self._pressed = self._pressed if self._pressed is not None else now
        self.stage = Stage.SEARCHING
        self.status.setText(f"Solving: {size}x{size}x{size}, {choice.text}...")
        self.search.setText("")
        self.best.setText("")
        self.times.setText("")
        self._show_bar(False)

    def on_progress(self, event: object) -> None:
        if self.stage not in LIVE_STAGES:
            return  # a heartbeat queued before the end: the run is over, its figures are not live any more
        if isinstance(event, TableProgress | CompileProgress):
            self._show_preparing(event)
            return
        if isinstance(event, StageProgress):
            self._show_stage(event)
            return
        if isinstance(event, Prepared):
            self._prepared = event
            self._show_bar(False)
            self.stage = Stage.SEARCHING
            self.status.setText(f"Searching: {self._choice.text if self._choice else 'solver'}...")
            self._show_times(live=True)
            return
        self._show_bar(False)
        if isinstance(event, DepthProgress):
            self._show_search(event)
        elif isinstance(event, DepthExhausted):  # a proof line
            self._proofs.append(event.depth)
            if self._figures is None or event.elapsed >= self._figures[1]:
                self._figures = (event.total_nodes, event.elapsed)  # the whole search's count at this moment
            self.status.setText(f"No solution of length {event.depth} exists ({event.elapsed:.1f} s); searching on...")

    def on_scramble_progress(self, event: object) -> None:
        """A random-state scramble is preparing the two-phase solver (see `on_background_progress`)."""
        self.on_background_progress(event, "Scramble")

    def on_background_progress(self, event: object, who: str) -> None:
        """Work other than a solve (`who`: a scramble, the start-up) is preparing the two-phase solver, the
        solve's own tables and kernel: shown here when no solve is running, so a wait is never silent."""
        if self._choice_running():
            return
        if isinstance(event, TableProgress | CompileProgress):
            self._background = who
            self._show_preparing(event)

    def scramble_landed(self) -> None:
        """The scramble is made (or the start-up's preparation done): its read-out goes (a queued solve then
        starts and shows its own)."""
        if self._background:
            self._background = ""
            self._show_bar(False)
            waiting = self._pressed is not None
            self.stage = Stage.WAITING if waiting else Stage.IDLE
            self.status.setText("The scramble is made; solving it..." if waiting else IDLE_TEXT)
            self.search.setText("")

    def on_found(self, solution: PlayerSolution) -> None:
        self._show_bar(False)
        self._best = solution
        mark = f" {PROOF_MARK} proven optimal" if solution.proven_optimal else ""
        self.best.setText(
            f"Best: {solution.length} {solution.metric.upper()}, found {solution.elapsed:.2f} s into the search{mark}"
        )
        if isinstance(self._choice, BigCubeChoice):  # one answer, no search for a shorter one
            self.best.setText(f"Answer: {solution.length} block turns, found in {solution.elapsed:.2f} s")
            return
        if not solution.proven_optimal and self.stage in LIVE_STAGES:
            self.stage = Stage.IMPROVING
            self.status.setText(f"Found {solution.length} moves; looking for a shorter solution...")

    def on_ended(self, status: str) -> None:
        self._show_bar(False)
        self.search.setText(self._summary())
        self._show_times(live=False)
        self._pressed = None
        best = self._best
        if status == "cancelled":
            self.stage = Stage.CANCELLED
            kept = f" The best solution so far ({best.length} moves, not proven optimal) is kept." if best else ""
            self.status.setText("Solve cancelled." + kept)
        elif status:
            self.stage = Stage.FAILED
            self.status.setText(f"No solution: {status}")
        elif best is not None and isinstance(self._choice, BigCubeChoice):
            self.stage = Stage.FINISHED
            self.status.setText(f"Solved: {best.length} block turns ({len(best.turns)} turns to play).")
        elif best is not None:
            self.stage = Stage.PROVEN if best.proven_optimal else Stage.FINISHED
            proven = "proven optimal" if best.proven_optimal else "not proven optimal"
            self.status.setText(f"Solved: {best.length} moves ({best.metric.upper()}, {proven}).")
        else:
            self.stage = Stage.FAILED
            self.status.setText("The search ended without a solution.")

    def clear(self) -> None:
        """Back to the idle read-out (a new puzzle: the last one's solve says nothing about it)."""
        self.stage = Stage.IDLE
        self._best, self._figures, self._proofs, self._pressed, self._prepared = None, None, [], None, None
        self._background = ""
        self._show_bar(False)
        self.status.setText(IDLE_TEXT)
        for label in (self.search, self.best, self.times):
            label.setText("")

    # -- preparing: tables and the compiler ----------------------------------------------------------------------
    def _choice_running(self) -> bool:
        """A solve's own run is live (a scramble's preparation must not write over it)."""
        return self.stage in (Stage.SEARCHING, Stage.IMPROVING) or (self.stage in PREPARING and not self._background)

    def _show_preparing(self, event: TableProgress | CompileProgress) -> None:
        now = time.perf_counter()
        if _stage_key(event) != _stage_key(self._preparing):
            self._preparing_since = now
            self._time_left = TimeLeft()
        self._preparing = event
        if isinstance(event, TableProgress):
            self.stage = Stage.BUILDING
            self._time_left.add(event.fraction, now)
            self.status.setText(table_words(event, self._background))
            self.status.setToolTip("Built once on this machine, then loaded from the cache" if event.building else "")
        else:
            self.stage = Stage.COMPILING
            self.status.setText(compile_words(event, self._background))
            self.status.setToolTip("")
        self.search.setText("")
        self._show_bar(True)
        self._tick()

    def _tick(self) -> None:
        """Refresh the bar's text and the detail line: the time left counts down and the seconds so far count up
        between the builder's reports, so a slow stretch of a build never looks like a stall."""
        event = self._preparing
        if event is None and self._solving_since is not None and self.slot.currentIndex() == 1:
            self.detail.set_full_text(f"{describe_seconds(time.perf_counter() - self._solving_since)} so far")
            return
        if event is None or self.slot.currentIndex() != 1:
            return
        now = time.perf_counter()
        so_far = describe_seconds(now - self._preparing_since)
        if isinstance(event, CompileProgress):
            self.table_bar.setRange(0, 0)  # a compile has no fraction to show: a busy bar
            verb = "loading the compiled search" if event.cached else "compiling"
            self.detail.set_full_text(f"{verb}: {so_far} so far")
            return
        self.table_bar.setRange(0, 1000)
        self.table_bar.setValue(int(event.fraction * 1000))
        size = f" of {describe_size(event.size_bytes)}" if event.size_bytes else ""
        left = self._time_left.seconds(now)
        if not event.building:
            when = ""
        elif left is None:
            when = f"{DOT}estimating time left"
        elif left < 1 and event.fraction < 1:
            when = f"{DOT}finishing"
        else:
            when = f"{DOT}{describe_seconds(left)} left"
        self._set_bar_text(f"{event.fraction:.0%}{size}{when}")
        self.detail.set_full_text(f"{event.message}{DOT}{so_far} so far" if event.message else f"{so_far} so far")

    def _set_bar_text(self, text: str) -> None:
        """The bar's one line, elided to the bar's width (whole in the tooltip)."""
        self.table_bar.setToolTip(text)
        room = max(40, self.table_bar.width() - 12)
        self.table_bar.setFormat(self.table_bar.fontMetrics().elidedText(text, Qt.TextElideMode.ElideRight, room))

    def _show_bar(self, shown: bool) -> None:
        self.slot.setCurrentIndex(1 if shown else 0)
        self.table_bar.setVisible(shown)
        if shown:
            self._ticker.start()
        else:
            self._ticker.stop()
            self._preparing = None
            self._solving_since = None
            self.status.setToolTip("")

    # -- searching -----------------------------------------------------------------------------------------------
    def _show_stage(self, event: StageProgress) -> None:
        """A big-cube solve's stage: its words above, the bar at how far the whole solve is, the seconds so far."""
        self._show_bar(True)  # its ticker counts the seconds up between the solver's stage events
        self._solving_since = time.perf_counter() - event.elapsed
        self.stage = Stage.SEARCHING
        self.status.setText(stage_words(event))
        self.table_bar.setRange(0, 1000)
        self.table_bar.setValue(int(event.fraction * 1000))
        self._set_bar_text(f"{event.fraction:.0%}")
        self._tick()

    def _show_search(self, event) -> None:
        if event.nodes == 0 and self._best is None and self._prepared is None:  # a kernel still compiling
            self.stage = Stage.COMPILING
            self.status.setText("Compiling the search for this machine (first run only, cached afterwards)...")
            self.search.setText(f"Waiting for the compiler: {event.elapsed:.1f} s")
            return
        if self.stage is not Stage.IMPROVING:
            self.stage = Stage.SEARCHING
            self.status.setText(f"Searching: {self._choice.text if self._choice else 'solver'}...")
        self._figures = (event.nodes, event.elapsed)
        best = "none yet" if event.best_length is None else str(event.best_length)
        if self._best is not None:
            best = str(self._best.length)
        eta = "" if event.eta is None else f"{DOT}ETA for depth {event.depth}: {format_eta(event.eta)}"
        self.search.setText(
            f"Depth {event.depth}{DOT}{event.nodes:,} nodes in {seconds_text(event.elapsed)} s"
            f"{DOT}{format_rate(rate_of(event.nodes, event.elapsed))}{DOT}best {best}{eta}"
        )

    def _summary(self) -> str:
        """The finished search in one line (not live figures): how much it searched, and what it proved."""
        parts = []
        if self._figures is not None and self._figures[0] > 0:
            nodes, seconds = self._figures
            parts.append(
                f"Searched {nodes:,} nodes in {seconds_text(seconds)} s ({format_rate(rate_of(nodes, seconds))})"
            )
        if self._proofs:
            parts.append(f"no solution shorter than {max(self._proofs) + 1} moves")
        return "; ".join(parts) + ("." if parts else "")

    def _show_times(self, live: bool) -> None:
        """Where the time since Solve went: the scramble waited for, the tables, the compiler, the search (the
        rest). Said when a table was built or something besides the search took a noticeable share."""
        prepared, now = self._prepared, time.perf_counter()
        waited = self._started - self._pressed if self._pressed is not None else 0.0
        tables = prepared.table_seconds if prepared else 0.0
        compiling = prepared.compile_seconds if prepared else 0.0
        if waited + tables + compiling < 0.5 and not (prepared and prepared.built):
            self.times.setText("")
            return
        parts = [f"scramble {waited:.1f} s"] if waited >= 0.05 else []
        built = f" ({len(prepared.built)} built)" if prepared and prepared.built else ""
        parts += [f"tables {tables:.1f} s{built}", f"compiling {compiling:.1f} s"]
        if live:
            self.times.setText(f"Before the search: {', '.join(parts)}.")
            return
        total = now - (self._pressed if self._pressed is not None else self._started)
        search = max(0.0, total - waited - tables - compiling)
        self.times.setText(f"{total:.1f} s since Solve: {', '.join(parts)}, search {search:.1f} s.")


def _stage_key(event: object) -> tuple:
    if isinstance(event, TableProgress):
        return ("table", event.index, event.title or event.message)
    if isinstance(event, CompileProgress):
        return ("compile", event.what)
    return ()
