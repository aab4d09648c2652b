"""Wiring of the Solve feature into the main window: menu, dock, keys, solver choice, copy, shutdown on close.

Kept apart from the parts it joins (session, playback, panels) so each of those stays testable alone; this is the
only module that knows the host's hooks (`add_menu`, `add_actions`, `add_dock`, `model`, `cube_view`, `on_close`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PyQt6.QtCore import QEvent, QObject, Qt
from PyQt6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PyQt6.QtWidgets import QLabel

from cubeviz.actions import SEPARATOR, ActionSpec, choice_menu
from cubeviz.models.big_cube import is_big
from cubeviz.models.player_model import PlayerModel
from cubeviz.models.table_memory import format_bytes, loaded_table_bytes, process_memory_bytes, release_tables
from cubeviz.settings import PLAYER_TEMPO, SOLVER_CHOICE
from cubeviz.solve.big_cube_solve import BigCubeChoice, big_cube_choice
from cubeviz.solve.dock import SolveDock
from cubeviz.solve.engine_bridge import DEFAULT_CHOICE, SolverChoice
from cubeviz.solve.goal_solving import GoalSolving
from cubeviz.solve.playback import Playback
from cubeviz.solve.player_panel import PlayerPanel
from cubeviz.solve.solve_runner import SolveSession
from cubeviz.solve.table_tier import TableTierSetting
from cubeviz.solve.training_menu import TrainingScrambles
from cubeviz.workers import CallWorker
from solvers.goals.goal import GoalError

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

STATUS_MS = 6000

MENU: list[ActionSpec | None] = [
    ActionSpec("solve", "&Solve", "Ctrl+Return"),
    ActionSpec("solve_cancel", "&Cancel Solve"),
    SEPARATOR,
    ActionSpec("solve_play", "&Play / Pause"),
    ActionSpec("solve_forward", "Step &Forward"),
    ActionSpec("solve_back", "Step &Back"),
    ActionSpec("solve_first", "F&irst"),
    ActionSpec("solve_last", "&Last"),
    SEPARATOR,
    ActionSpec("solve_copy", "&Copy Solution", "Ctrl+Alt+C"),
    ActionSpec("solve_reveal", "Reveal &Next Move (+1)"),
    SEPARATOR,
    ActionSpec("solve_release", "&Release Solver Tables"),
    ActionSpec("solve_hint", "&Hint Mode", checkable=True),
    SEPARATOR,
]

PLAYER_KEY_WORDS = {
    Qt.Key.Key_Space: "play or pause the solution",
    Qt.Key.Key_Right: "one move forward",
    Qt.Key.Key_Left: "one move back",
    Qt.Key.Key_Home: "back to the start of the solution",
    Qt.Key.Key_End: "to the end of the solution",
    Qt.Key.Key_Plus: "hint mode: reveal the next move",
}


class SolveFeature(QObject):
    """Everything Solve adds to one window; published as `window.solve_feature` for tests and scripts."""

    def __init__(self, host: FeatureHost) -> None:
        super().__init__(host.parent_widget)
        self.host = host
        self.player = PlayerModel(self)
        self.session = SolveSession(self.player, self)
        self.playback = Playback(self.player, host.model, host.cube_view, self)
        self.session.rewind = self._rewind
        self.choices: dict[int, SolverChoice] = {size: _saved_choice(host, size) for size in DEFAULT_CHOICE}
        self.playback.set_tempo(host.settings.number(PLAYER_TEMPO, self.playback.tempo))
        self.panel = PlayerPanel(self.player, self.playback, self._set_tempo)
        self.dock = SolveDock(self.session, self.panel, host.model.size)
        self.dock.show_size(host.model.size, self.choice_for(host.model.size))
        self.dock_widget = host.add_dock(self.dock, "Solve", Qt.DockWidgetArea.LeftDockWidgetArea)
        self.dock.connect_buttons(self.solve, self.session.cancel)
        self.dock.choice_changed.connect(self.set_choice)
        self.goals = GoalSolving(host, self.session, self.dock, self.playback, self)
        self.training = TrainingScrambles(host, self)
        self._build_menu()
        self._bind_keys()
        host.model.size_changed.connect(self._size_changed)
        self.table_memory = QLabel()
        self.table_memory.setToolTip(
            "Solver tables kept for the next solve (Solve > Release Solver Tables), and "
            "the memory this program holds in all (resident)"
        )
        host.add_status_widget(self.table_memory)
        self.table_memory.hide()
        self._solve_queued = False
        self._preparing: CallWorker | None = None  # the start-up's loading of the two-phase solver
        host.scramble_done.connect(self._scramble_landed)
        host.scramble_progress.connect(self.dock.progress.on_scramble_progress)
        self.training.done.connect(self._scramble_landed)
        self.session.ended.connect(self._ended)
        self.session.started.connect(lambda _c: self._running(True))
        self.session.progress.connect(lambda _event: self.show_table_memory())  # tables load inside a solve
        host.on_close(self.shutdown)
        self._running(False)

    # -- commands ------------------------------------------------------------------------------------------------
    def solve(self) -> None:
        """Solve the cube shown; while a scramble is still being made, wait for it and solve the scrambled cube
        (the cube on screen is about to change: solving it now would solve the wrong cube)."""
        model = self.host.model
        if self.session.running:
            return
        if self.host.scramble_pending or self.training.worker is not None:
            self._solve_queued = True
            self.dock.progress.waiting_for_scramble()
            return
        self._solve_queued = False
        try:
            goal = self.goals.request() if model.size == 3 else None
        except GoalError as exc:
            self.dock.progress.status.setText(f"Cannot solve to that goal: {exc}")
            self.host.show_status(f"Cannot solve to that goal: {exc}", STATUS_MS)
            return
        if not self.playback.synced:
            self.player.clear()  # a solution for a cube no longer shown only confuses the new run's read-out
        self.session.solve(model.state, self.choice_for(model.size), goal)

    def prepare_in_background(self) -> None:
        """Start loading the two-phase solver (tables and compiled search) in a worker when the caches hold it,
        so the first scramble or solve finds it in memory; building anything is left to the work that needs it.
        The app calls this at start-up (tests, which open many windows, do not)."""
        if self._preparing is not None or self.host.model.size != 3:
            return
        from solvers.rubik.preparation import load_if_ready
        from solvers.rubik.rubik_tables import default_tables

        worker = CallWorker(lambda stop: load_if_ready(default_tables(), worker.report, stop), self)
        worker.progress.connect(self._background_progress)
        worker.finished.connect(self._prepared_in_background)
        self._preparing = worker
        worker.start()

    def _background_progress(self, event: object) -> None:
        if self.host.model.size == 3:  # (a 2x2 on screen: the 3x3 solver's loading is no news)
            self.dock.progress.on_background_progress(event, "Start-up")

    def _prepared_in_background(self) -> None:
        worker, self._preparing = self._preparing, None
        if worker is not None:
            worker.deleteLater()
        self.dock.progress.scramble_landed()
        self.show_table_memory()

    def choice_for(self, size: int) -> SolverChoice | BigCubeChoice:
        """What Solve runs on a cube of `size`: the chosen 2x2x2/3x3x3 solver, or the one big-cube solver."""
        return big_cube_choice(size) if is_big(size) else self.choices[size]

    def set_choice(self, choice: SolverChoice | BigCubeChoice) -> None:
        if isinstance(choice, BigCubeChoice):  # the only one for its size: nothing to remember
            return
        self.choices[choice.size] = choice
        self.host.settings.set(f"{SOLVER_CHOICE}/{choice.size}", choice.name)
        self.dock.set_choice(choice)
        for action in self.choice_groups[choice.size].actions():
            action.setChecked(action.data() == choice)

    def copy_solution(self) -> None:
        player = self.player
        if not player.has_solution:
            self.host.show_status("No solution to copy: press Solve first", STATUS_MS)
            return
        text = " ".join(player.labels[: player.revealed])
        QGuiApplication.clipboard().setText(text)
        self.host.show_status(f"Copied: {text or '(no moves)'}", 3000)

    def reveal_next(self) -> None:
        if not self.player.hint_mode:
            self.panel.hint.setChecked(True)
        turn = self.player.reveal_next()
        if turn is not None:
            self.host.show_status(f"Next move: {self.player.labels[self.player.revealed - 1]}", 3000)

    # -- wiring --------------------------------------------------------------------------------------------------
    def _build_menu(self) -> None:
        menu = self.host.add_menu("&Solve")
        handlers = {
            "solve": self.solve,
            "solve_cancel": self.session.cancel,
            "solve_play": self.playback.toggle_playing,
            "solve_forward": lambda: self.playback.step(1),
            "solve_back": lambda: self.playback.step(-1),
            "solve_first": self.playback.first,
            "solve_last": self.playback.last,
            "solve_copy": self.copy_solution,
            "solve_reveal": self.reveal_next,
            "solve_release": self.release_tables,
        }
        self.actions = self.host.add_actions(menu, MENU, handlers)
        hint = self.actions["solve_hint"]
        hint.toggled.connect(self.panel.hint.setChecked)
        self.panel.hint.toggled.connect(hint.setChecked)
        self.actions["solve_cancel"].setEnabled(False)
        self.choice_groups = {}
        for size in (2, 3):
            options = [(choice.text, choice) for choice in SolverChoice.for_size(size)]
            self.choice_groups[size] = choice_menu(menu, f"{size}x{size}x{size} Solver", options,
                                                   self.choices[size], self.set_choice)  # fmt: skip
        self.table_tier = TableTierSetting(self.host, self.session, menu)

    def _bind_keys(self) -> None:
        """Space, arrows, Home and End in the dock (shortcuts) and in the cube view (a filter: its letters turn)."""
        self.keys = {
            Qt.Key.Key_Space: self.playback.toggle_playing,
            Qt.Key.Key_Right: lambda: self.playback.step(1),
            Qt.Key.Key_Left: lambda: self.playback.step(-1),
            Qt.Key.Key_Home: self.playback.first,
            Qt.Key.Key_End: self.playback.last,
            Qt.Key.Key_Plus: self.reveal_next,
        }
        for key, handler in self.keys.items():
            shortcut = QShortcut(QKeySequence(key), self.dock, context=Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.setWhatsThis(f"{PLAYER_KEY_WORDS[key]} (also in the cube view)")
            shortcut.activated.connect(handler)
        self._key_codes = {int(key.value): handler for key, handler in self.keys.items()}  # any int code looks up
        self.host.cube_view.installEventFilter(self)

    def shutdown(self) -> None:
        """The window is closing: stop playing, the solve and a training scramble being made. Every worker is told
        to stop before the first is waited for, so that loads they cannot interrupt end side by side."""
        self.playback.set_playing(False)
        self.session.cancel()
        if self._preparing is not None:
            self._preparing.cancel()
        self.session.shutdown()
        self.training.shutdown()
        if self._preparing is not None:
            self._preparing.cancel()
            self._preparing.wait()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.host.cube_view and event.type() == QEvent.Type.KeyPress:
            no_modifiers = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
            if event.key() == Qt.Key.Key_Escape and self.session.running:
                self.session.cancel()
                return True
            handler = self._key_codes.get(int(event.key()))
            if handler is not None and no_modifiers and self.player.has_solution:
                handler()
                return True
        return False

    def _rewind(self) -> None:
        """Before another solution of the same solve is loaded, take the cube back to that solve's start."""
        if self.player.start_state == self.session.start_state:
            self.playback.first()

    def _set_tempo(self, moves_per_second: float) -> None:
        self.playback.set_tempo(moves_per_second)
        self.host.settings.set(PLAYER_TEMPO, self.playback.tempo)

    def _scramble_landed(self) -> None:
        self.dock.progress.scramble_landed()
        if self._solve_queued:
            self.solve()

    def _size_changed(self, size: int) -> None:
        self._solve_queued = False
        self.session.shutdown()
        self.dock.show_size(size, self.choice_for(size))
        self.dock.progress.clear()  # the last puzzle's solve says nothing about this one
        self.dock.alternatives.clear()
        self._running(False)

    def _running(self, running: bool) -> None:
        self.actions["solve"].setEnabled(not running)
        self.dock.solve_button.setEnabled(not running)
        self.dock.solver.setEnabled(not running)
        self.actions["solve_cancel"].setEnabled(running)
        self.actions["solve_release"].setEnabled(not running)
        if not running:
            self.show_table_memory()

    def release_tables(self) -> None:
        """Give back the tables' memory (only between solves); the next solve loads them again from the cache."""
        if self.session.running:
            return
        released = release_tables()
        self.show_table_memory()
        self.host.show_status(f"Released {format_bytes(released)} of solver tables", STATUS_MS)

    def show_table_memory(self) -> None:
        loaded = loaded_table_bytes()
        resident = format_bytes(process_memory_bytes())
        self.table_memory.setText(f"Tables: {format_bytes(loaded)} ({resident} resident)" if loaded else "")
        self.table_memory.setVisible(bool(loaded))

    def _ended(self, status: str) -> None:
        self._running(False)
        if status and status != "cancelled":
            self.host.show_status(f"Solve failed: {status}", STATUS_MS)


def _saved_choice(host: FeatureHost, size: int) -> SolverChoice:
    """The solver last chosen for `size` (the default when none was, or the saved name is no longer offered)."""
    name = host.settings.text(f"{SOLVER_CHOICE}/{size}")
    choice = SolverChoice.__members__.get(name)
    return choice if choice is not None and choice.size == size else DEFAULT_CHOICE[size]
