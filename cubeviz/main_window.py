"""The main window: wiring only. Views take the model; features (solver, editor, packings, plots) drop in
through the `FeatureHost` interface it implements (tabs, docks, actions, status, shared models, close hooks)
without the window naming any of them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from PyQt6.QtCore import QByteArray, QObject, Qt, QThread, QTimer, pyqtSignal
from PyQt6.QtGui import QAction, QCloseEvent, QGuiApplication, QUndoGroup, QUndoStack
from PyQt6.QtWidgets import (
    QApplication,
    QDockWidget,
    QLabel,
    QMainWindow,
    QMenu,
    QMessageBox,
    QScrollArea,
    QToolBar,
    QWidget,
)

from cubeviz import settings as keys
from cubeviz.actions import ActionSpec, build_menus, choice_menu, make_action
from cubeviz.feature_host import STATUS_MS, SharedModels
from cubeviz.features import install_features
from cubeviz.models.big_cube import is_big
from cubeviz.models.cube_model import CubeModel
from cubeviz.models.scrambles import (
    Scramble,
    distance_to_solved,
    load_pocket_engine,
    pocket_engine_ready,
    random_move_scramble,
    random_state_scramble,
)
from cubeviz.models.table_memory import format_bytes, loaded_table_bytes, process_memory_bytes
from cubeviz.settings import Settings
from cubeviz.views.algorithm_input import AlgorithmInput
from cubeviz.views.cube_toolbar import build_cube_toolbar
from cubeviz.views.fit import clamp_to_screen, first_launch_geometry, scrollable
from cubeviz.views.gl.animation import AnimationSpeed
from cubeviz.views.gl.cube_view import CubeView
from cubeviz.views.help import ShortcutsDialog, about_html, app_version
from cubeviz.views.history_view import HistoryView
from cubeviz.views.net_view import NetView
from cubeviz.views.page_tabs import PageTabs
from cubeviz.views.size_chooser import add_size_chooser, saved_size
from cubeviz.workers import CallWorker, GeneratorWorker
from solvers.cube.schemes import available_schemes, load_scheme

APP_TITLE = "cubeviz"
STATUS_MESSAGE_MS = STATUS_MS
CONTROLS_HELP = """<h3>Mouse</h3>
<p>Click a sticker: turn its face clockwise (left button) or anticlockwise (right button).<br>
Drag across stickers: turn that layer (middle slices too) the way you dragged; on a 4x4x4 and up,
Shift+drag turns every layer from the face to it.<br>
Drag on the background: orbit. Wheel: zoom.</p>
<p>The status bar says what a click would do as you point at the cube.
Every key: Help &gt; Keyboard Shortcuts.</p>"""


class MainWindow(QMainWindow):
    """Puzzle size and colour scheme not given here come from the settings (the last ones used), else 3 and
    "standard". `scramble_done` fires when a random-state scramble made in a worker has landed (or failed);
    `scheme_changed` carries the new colour scheme. It is the `FeatureHost` of cubeviz/feature_host.py."""

    scramble_done = pyqtSignal()
    scheme_changed = pyqtSignal(object)  # ColourScheme
    scramble_progress = pyqtSignal(object)  # a random-state scramble preparing its solver (tables, compiling)

    def __init__(
        self,
        size: int | None = None,
        scheme: str | None = None,
        seed: int | None = None,
        settings: Settings | None = None,
    ) -> None:
        super().__init__()
        self.setWindowTitle(APP_TITLE)
        self.settings = settings or Settings()
        size = size or saved_size(self.settings)
        scheme = scheme or self.settings.text(keys.SCHEME, "standard")
        if scheme not in available_schemes() and not scheme.endswith(".json"):
            scheme = "standard"
        self.rng = random.Random(seed)
        self.model = CubeModel(size, self)
        self.scheme_name = scheme
        self.scheme = load_scheme(scheme)
        self._dockless_tabs: set[QWidget] = set()  # tabs the cube-only docks make room for
        self.undo_group = QUndoGroup(self)  # Edit > Undo acts on the stack of the tab shown
        self._tab_undo_stacks: dict[QWidget, QUndoStack] = {}
        self._docks_hidden_for_tab: list[QDockWidget] = []
        self._layout_before_hiding: QByteArray | None = None  # the docks' layout before they hid for a page
        self._worker: CallWorker | None = None  # a random-state scramble being computed
        self._close_hooks: list[Callable[[], None]] = []  # features' stops, run by closeEvent
        self._distance_worker: CallWorker | None = None  # the 2x2 engine's table being loaded for the read-out
        self._distance_error = ""
        self.shared = SharedModels()  # what the features offer one another
        self._docks: dict[str, QDockWidget] = {}  # by title, for a dock tabbed behind another

        self.cube_view = CubeView(self.model, self.scheme)
        self.net_view = NetView(self.model, self.scheme)
        self.history_view = HistoryView(self.model)
        self.algorithm_input = AlgorithmInput(self.model)
        self.tabs = PageTabs(self)
        self.setCentralWidget(self.tabs)
        self.page_bar = self._build_page_bar()
        self.add_tab(self.cube_view, "Cube")
        self.actions, self.menus = build_menus(self)
        self._extend_view_menu()
        # The side docks reach down to the status bar (the Algorithm dock sits under the cube only): the tall
        # Solve dock then fits a 720-line screen whole.
        self.setCorner(Qt.Corner.BottomLeftCorner, Qt.DockWidgetArea.LeftDockWidgetArea)
        self.setCorner(Qt.Corner.BottomRightCorner, Qt.DockWidgetArea.RightDockWidgetArea)
        self.net_dock = self.add_dock(self.net_view, "Net", Qt.DockWidgetArea.RightDockWidgetArea)
        self.history_dock = self.add_dock(self.history_view, "History", Qt.DockWidgetArea.RightDockWidgetArea)
        self.algorithm_dock = self.add_dock(
            self.algorithm_input, "Algorithm", Qt.DockWidgetArea.BottomDockWidgetArea, scroll=False
        )
        self._build_status_bar()
        self._connect()
        self._refresh_readouts()
        self.features = install_features(self)
        self.cube_toolbar = build_cube_toolbar(self, self.actions)
        self.size_chooser = add_size_chooser(self.cube_toolbar, self.model, self.set_size)
        # The row keeps its height when the cube's toolbar hides on the other pages: the tabs never move.
        self.page_bar.setMinimumHeight(self.cube_toolbar.sizeHint().height())
        self.tabs.page_changing.connect(self._page_changing)
        self.tabs.currentChanged.connect(self._tab_shown)
        self._default_layout = self.saveState()
        self._restore_layout()
        self.cube_view.setFocus()

    # -- layout hooks for later views ----------------------------------------------------------------------------
    def add_tab(
        self, widget: QWidget, title: str, with_cube_docks: bool = True, undo_stack: QUndoStack | None = None
    ) -> int:
        """A tab; `with_cube_docks=False` hides the cube's docks while it is shown, to give it their room. With
        `undo_stack`, Edit > Undo and Redo act on that stack while the tab is shown (on the cube's otherwise)."""
        if not with_cube_docks:
            self._dockless_tabs.add(widget)
        if undo_stack is not None:
            self._tab_undo_stacks[widget] = undo_stack
            self.undo_group.addStack(undo_stack)
        return self.tabs.addTab(widget, title)

    def add_dock(
        self, widget: QWidget, title: str, area: Qt.DockWidgetArea, scroll: bool = True, behind: str | None = None
    ) -> QDockWidget:
        """A dock holding `widget`, in a scroll area unless `scroll` is False: a tall panel then scrolls up and
        down instead of setting the window's minimum size. It never scrolls sideways: the dock is never narrower
        than the panel's minimum width (cut-off buttons and a sideways scroll bar read as broken). With `behind`,
        it is tabbed behind the dock of that title, which stays in front."""
        dock = QDockWidget(title, self)
        dock.setObjectName(f"dock-{title.lower()}")
        dock.setWidget(scrollable(widget, horizontal=False) if scroll else widget)
        self.addDockWidget(area, dock)
        self.panels_menu.insertAction(self._panels_end, dock.toggleViewAction())
        if behind is not None:
            front = self._docks[behind]
            self.tabifyDockWidget(front, dock)
            front.raise_()
        self._docks[title] = dock
        return dock

    def show_tab(self, widget: QWidget) -> None:
        self.tabs.setCurrentWidget(widget)

    def on_tab_shown(self, widget: QWidget, shown: Callable[[], None]) -> None:
        self.tabs.currentChanged.connect(lambda index: shown() if self.tabs.widget(index) is widget else None)

    def add_menu(self, title: str) -> QMenu:
        menu = QMenu(title, self)
        help_menu = self.menus.get("Help")
        if help_menu is not None:  # Help stays last
            self.menuBar().insertMenu(help_menu.menuAction(), menu)
        else:
            self.menuBar().addMenu(menu)
        self.menus[title.replace("&", "")] = menu
        return menu

    def add_submenu(self, menu: str, title: str, after: str | None = None) -> QMenu:
        parent = self.menus[menu]
        submenu = QMenu(title, parent)
        following = None
        if after is not None:
            actions = parent.actions()
            place = actions.index(self.actions[after]) + 1
            following = actions[place] if place < len(actions) else None
        if following is not None:
            parent.insertMenu(following, submenu)
        else:
            parent.addMenu(submenu)
        return submenu

    def add_actions(
        self,
        menu: str | QMenu,
        specs: Sequence[ActionSpec | None],
        handlers: Mapping[str, Callable[[], object]],
        before: str | None = None,
    ) -> dict[str, QAction]:
        target = self.menus[menu] if isinstance(menu, str) else menu
        place = self.actions[before] if before is not None else None
        made: dict[str, QAction] = {}
        for spec in specs:
            if spec is None:
                if place is not None:
                    target.insertSeparator(place)
                else:
                    target.addSeparator()
                continue
            if spec.name in self.actions:
                raise ValueError(f"two actions are named {spec.name!r}")
            action = make_action(spec, self)
            if spec.tip and target.toolTipsVisible():
                action.setToolTip(spec.tip)
            handler = handlers.get(spec.name)
            if handler is not None:
                action.triggered.connect(lambda _checked=False, run=handler: run())
            if place is not None:
                target.insertAction(place, action)
            else:
                target.addAction(action)
            self.actions[spec.name] = made[spec.name] = action
        return made

    def show_status(self, message: str, ms: int = STATUS_MS) -> None:
        self.statusBar().showMessage(message, ms)

    def add_status_widget(self, widget: QWidget) -> None:
        self.statusBar().addPermanentWidget(widget)

    def accept_drops(self, event_filter: QObject) -> None:
        self.setAcceptDrops(True)
        self.installEventFilter(event_filter)

    @property
    def parent_widget(self) -> QWidget:
        return self

    def publish(self, name: str, part: object) -> None:
        if name in vars(self) or hasattr(type(self), name):
            raise ValueError(f"the window already has a {name!r}")
        setattr(self, name, part)

    def _build_page_bar(self) -> QToolBar:
        """The toolbar row holding the pages' tabs, first in the top row (the cube's toolbar follows it there)."""
        bar = QToolBar("Pages", self)
        bar.setObjectName("toolbar-pages")
        bar.setMovable(False)
        bar.toggleViewAction().setVisible(False)  # the tabs are the way between pages: never hidden
        bar.addWidget(self.tabs.tab_bar)
        self.addToolBar(Qt.ToolBarArea.TopToolBarArea, bar)
        return bar

    def _build_status_bar(self) -> None:
        self.solved_label = QLabel()
        self.distance_label = QLabel()
        self.moves_label = QLabel()
        for label in (self.moves_label, self.distance_label, self.solved_label):
            label.setMinimumWidth(label.fontMetrics().horizontalAdvance("Distance to solved: 14 (HTM)") // 2)
            self.statusBar().addPermanentWidget(label)

    def _extend_view_menu(self) -> None:
        view = self.menus["View"]
        view.addSeparator()
        speeds = [(speed.name.capitalize(), speed) for speed in AnimationSpeed]
        saved_speed = self.settings.text(keys.ANIMATION_SPEED, AnimationSpeed.NORMAL.name)
        speed = AnimationSpeed.__members__.get(saved_speed, AnimationSpeed.NORMAL)
        self.cube_view.set_speed(speed)
        self.speed_group = choice_menu(view, "Animation &Speed", speeds, speed, self.set_animation_speed)
        schemes = [(name.capitalize(), name) for name in available_schemes()]
        self.scheme_group = choice_menu(view, "Colour S&cheme", schemes, self.scheme_name, self.set_scheme)
        view.addSeparator()
        # Each dock's toggle goes in Panels above the separator (add_dock); Reset Layout stays last, on its own.
        self.panels_menu = view.addMenu("&Panels")
        self._panels_end = self.panels_menu.addSeparator()
        reset_layout = QAction("Reset &Layout", self)
        reset_layout.setStatusTip("Put the window back to its first-launch size and the panels where they started")
        reset_layout.triggered.connect(self.reset_layout)
        self.panels_menu.addAction(reset_layout)
        self.actions["reset_layout"] = reset_layout

    # -- wiring --------------------------------------------------------------------------------------------------
    def _connect(self) -> None:
        a, model, stack = self.actions, self.model, self.model.undo_stack
        a["new"].triggered.connect(model.reset)
        a["quit"].triggered.connect(self.close)
        group = self.undo_group
        group.addStack(stack)
        group.setActiveStack(stack)
        a["undo"].triggered.connect(group.undo)
        a["redo"].triggered.connect(group.redo)
        group.canUndoChanged.connect(a["undo"].setEnabled)
        group.canRedoChanged.connect(a["redo"].setEnabled)
        a["undo"].setEnabled(False)
        a["redo"].setEnabled(False)
        a["scramble_state"].triggered.connect(self.scramble_random_state)
        a["scramble_moves"].triggered.connect(self.scramble_random_moves)
        a["reset"].triggered.connect(model.reset)
        a["copy_history"].triggered.connect(self.copy_history)
        a["focus_algorithm"].triggered.connect(self.algorithm_input.line.setFocus)
        a["size2"].triggered.connect(lambda: self.set_size(2))
        a["size3"].triggered.connect(lambda: self.set_size(3))
        a["reset_view"].triggered.connect(self.cube_view.reset_view)
        a["letters"].setChecked(self.settings.flag(keys.LETTERS))
        self.cube_view.set_show_letters(a["letters"].isChecked())
        a["letters"].toggled.connect(self.cube_view.set_show_letters)
        a["letters"].toggled.connect(lambda on: self.settings.set(keys.LETTERS, on))
        a["hint"].toggled.connect(self.cube_view.set_show_hint)
        a["help_controls"].triggered.connect(self._show_controls)
        a["help_shortcuts"].triggered.connect(self._show_shortcuts)
        a["about"].triggered.connect(self._show_about)
        self.cube_view.hint_changed.connect(self._show_hint)
        model.changed.connect(self._refresh_readouts)
        self.algorithm_input.error.connect(lambda message: self.statusBar().showMessage(message, STATUS_MESSAGE_MS))
        self.algorithm_input.applied.connect(lambda text: self.statusBar().showMessage(f"Applied {text}", 3000))

    # -- commands ------------------------------------------------------------------------------------------------
    def set_size(self, size: int) -> None:
        self._cancel_worker()
        self.model.set_size(size)
        self.settings.set(keys.PUZZLE_SIZE, size)
        self._refresh_readouts()

    def set_scheme(self, name: str) -> None:
        self.scheme_name = name
        self.scheme = load_scheme(name)
        self.cube_view.set_scheme(self.scheme)
        self.net_view.set_scheme(self.scheme)
        self.settings.set(keys.SCHEME, name)
        self.scheme_changed.emit(self.scheme)

    def set_animation_speed(self, speed: AnimationSpeed) -> None:
        self.cube_view.set_speed(speed)
        self.settings.set(keys.ANIMATION_SPEED, speed.name)

    # -- size, layout and what is remembered of them -------------------------------------------------------------
    def _available_geometry(self):
        screen = self.screen() or QGuiApplication.primaryScreen()
        return screen.availableGeometry()

    def _restore_layout(self) -> None:
        """The saved geometry, clamped to this screen, and the saved dock layout; at first launch 85% of the
        screen, centred."""
        available = self._available_geometry()
        geometry = self.settings.bytes(keys.GEOMETRY)
        if geometry is None or not self.restoreGeometry(geometry):
            self.setGeometry(first_launch_geometry(available))
        else:
            self.setGeometry(clamp_to_screen(self.geometry(), available))
        state = self.settings.bytes(keys.DOCK_STATE)
        self._fit_docks_when_shown = state is None or not self.restoreState(state)
        making_room = set(self.settings.names(keys.DOCKS_MAKING_ROOM))
        for dock in self.findChildren(QDockWidget):
            if dock.objectName() in making_room:
                dock.show()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._fit_docks_when_shown:  # dock widths only take once the window is laid out on screen
            self._fit_docks_when_shown = False
            QTimer.singleShot(0, self._default_dock_widths)

    def _default_dock_widths(self) -> None:
        """Side docks as wide as their content asks (within a quarter of the window each); the cube takes the rest."""
        limit = self.width() // 4
        for area in (Qt.DockWidgetArea.LeftDockWidgetArea, Qt.DockWidgetArea.RightDockWidgetArea):
            docks = [dock for dock in self.findChildren(QDockWidget) if self.dockWidgetArea(dock) == area]
            if docks:
                want = max(
                    (dock.widget().widget().sizeHint().width() + 24 for dock in docks if _scrolled(dock)), default=0
                )
                if want:
                    self.resizeDocks(docks, [min(want, limit)] * len(docks), Qt.Orientation.Horizontal)

    def reset_layout(self) -> None:
        """View > Reset Layout: the first-launch size and place, every dock back where it started."""
        self._docks_hidden_for_tab, self._layout_before_hiding = [], None
        self.restoreState(self._default_layout)
        for dock in self.findChildren(QDockWidget):
            dock.setFloating(False)
            dock.show()
        self.showNormal()
        self.setGeometry(first_launch_geometry(self._available_geometry()))
        self._default_dock_widths()  # the window is on screen already: no need to wait for a show event
        self._tab_shown(self.tabs.currentIndex())

    def save_layout(self) -> None:
        """Write geometry and dock layout. Docks hidden only to make room for the tab shown are written down as
        such (showing them now would start their work while the window closes)."""
        self.settings.set(keys.GEOMETRY, self.saveGeometry())
        self.settings.set(keys.DOCK_STATE, self.saveState())
        self.settings.set(keys.DOCKS_MAKING_ROOM, [dock.objectName() for dock in self._docks_hidden_for_tab])
        self.settings.sync()

    def _tab_shown(self, index: int) -> None:
        if self.tabs.widget(index) in self._dockless_tabs:
            self._page_changing(index)
        else:
            self._show_cube_docks()
        self.cube_toolbar.setVisible(self.tabs.widget(index) is self.cube_view)
        self.undo_group.setActiveStack(self._tab_undo_stacks.get(self.tabs.widget(index), self.model.undo_stack))

    def _page_changing(self, index: int) -> None:
        """Before a page that needs the room is shown: hide the cube's docks (kept to show again on leaving it)."""
        if self.tabs.widget(index) in self._dockless_tabs and not self._docks_hidden_for_tab:
            docks = [dock for dock in self.findChildren(QDockWidget) if dock.isVisible() and not dock.isFloating()]
            self._layout_before_hiding = self.saveState()
            self._docks_hidden_for_tab = docks
            for dock in docks:
                dock.hide()

    def _show_cube_docks(self) -> None:
        """Show the docks hidden for a page as they were: same sizes, the same dock in front of each stack of
        tabbed docks. Shown one by one, they came back at their minimum widths, and the last one shown of a
        stack in front (Distance in the place of History)."""
        docks, self._docks_hidden_for_tab = self._docks_hidden_for_tab, []
        for dock in docks:
            dock.show()
        before, self._layout_before_hiding = self._layout_before_hiding, None
        if docks and before is not None:
            self.restoreState(before)

    def copy_history(self) -> None:
        QGuiApplication.clipboard().setText(self.model.history_text())
        self.statusBar().showMessage("Move history copied", 3000)

    def scramble_random_moves(self) -> None:
        scramble = random_move_scramble(self.model.size, self.rng)
        self.model.scramble_with_moves(scramble.algorithm, scramble.label)
        self.statusBar().showMessage(f"Scramble: {scramble.algorithm}", STATUS_MESSAGE_MS)

    def scramble_random_state(self) -> None:
        """Solved in a worker: the solver's tables may need loading or building (seconds for the 3x3)."""
        if self._worker is not None:
            return
        if is_big(self.model.size):  # random turns, as the WCA scrambles 5x5x5 and up (docs/big-cubes.md, Scrambles)
            self.scramble_random_moves()
            return
        size, seed = self.model.size, self.rng.getrandbits(64)
        self.statusBar().showMessage("Scrambling...")  # the Solve dock shows any preparation of the solver
        self.actions["scramble_state"].setEnabled(False)
        worker = CallWorker(lambda stop: random_state_scramble(size, seed, stop, worker.report), self)
        worker.progress.connect(self.scramble_progress)
        worker.result.connect(lambda scramble: self._apply_state_scramble(scramble, size))
        worker.error.connect(lambda exc: self.statusBar().showMessage(f"No scramble: {exc}", STATUS_MESSAGE_MS))
        worker.finished.connect(self._worker_done)
        self._worker = worker
        worker.start()

    def _apply_state_scramble(self, scramble: Scramble, size: int) -> None:
        if size != self.model.size:
            return  # the puzzle was switched while the solver ran
        self.model.set_state(scramble.state(size), scramble.label)
        self.statusBar().showMessage(f"Scramble: {scramble.algorithm}", STATUS_MESSAGE_MS)

    @property
    def scramble_pending(self) -> bool:
        """A random-state scramble is being computed: the cube shown is about to change."""
        return self._worker is not None

    def _worker_done(self) -> None:
        if self._worker is not None:
            self._worker.deleteLater()
        self._worker = None
        self.actions["scramble_state"].setEnabled(True)
        self.scramble_done.emit()

    def _cancel_worker(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            self._worker.wait()
            self._worker_done()

    def wait_for_workers(self) -> None:
        """Block until background work (scramble, distance table) is done: for shutdown and tests."""
        for worker in (self._worker, self._distance_worker):
            if worker is not None:
                worker.wait()
        QApplication.processEvents()  # deliver their results

    # -- read-outs -----------------------------------------------------------------------------------------------
    def _refresh_readouts(self) -> None:
        model = self.model
        self.actions["size2"].setChecked(model.size == 2)
        self.actions["size3"].setChecked(model.size == 3)
        self.solved_label.setText("Solved" if model.is_solved() else "Unsolved")
        if model.size == 2:
            self._load_distance_engine()
        self.distance_label.setText(self._distance_text())
        self.distance_label.setVisible(model.size == 2)
        self.moves_label.setText(f"Moves: {sum(len(e.turns) for e in model.history if e.kind.value == 'turns')}")

    def _load_distance_engine(self) -> None:
        """Start loading the 2x2 engine's table in a worker, once (the read-out says "computing" meanwhile)."""
        if pocket_engine_ready() or self._distance_worker is not None or self._distance_error:
            return
        worker = CallWorker(load_pocket_engine, self)
        worker.error.connect(self._distance_failed)
        worker.finished.connect(self._distance_loaded)
        self._distance_worker = worker
        worker.start()

    def _distance_text(self) -> str:
        """The 2x2 read-out: the distance once the engine is loaded, "computing..." while it loads."""
        if self.model.size != 2:
            return ""
        distance = distance_to_solved(self.model.state)
        if distance is not None:
            return f"Distance to solved: {distance} (HTM)"
        if self._distance_error:
            return f"Distance to solved: unavailable ({self._distance_error})"
        return "Distance to solved: computing..."

    def _distance_loaded(self) -> None:
        if self._distance_worker is not None:
            self._distance_worker.deleteLater()
        self._distance_worker = None
        self._refresh_readouts()

    def _distance_failed(self, exc: Exception) -> None:
        self._distance_error = str(exc)

    def _show_controls(self) -> None:
        QMessageBox.information(self, "Mouse controls", CONTROLS_HELP)

    def _show_shortcuts(self) -> None:
        ShortcutsDialog(self).exec()

    def _show_about(self) -> None:
        view = self.cube_view
        memory = [
            ("Memory in use", format_bytes(process_memory_bytes())),
            ("Solver tables loaded", f"{format_bytes(loaded_table_bytes())} (Solve > Release Solver Tables)"),
        ]
        html = about_html(view.gl_renderer, view.gl_version, app_version(), memory)
        QMessageBox.about(self, "About cubeviz", html)

    def _show_hint(self, text: str) -> None:
        if text:
            self.statusBar().showMessage(text)
        else:
            self.statusBar().clearMessage()

    def on_close(self, stop: Callable[[], None]) -> None:
        """Run `stop` when the window closes (a feature stops its workers there: a QThread must not outlive its
        window). Stops run in the reverse order of registration, after the window's own."""
        self._close_hooks.append(stop)

    def closeEvent(self, event: QCloseEvent) -> None:
        """The one shutdown path: save the layout, hide the window, stop the window's workers, then every feature's.

        Hidden before any stop: a table load or a kernel compile cannot be interrupted and holds its worker for
        seconds on a first run, and a window left on screen meanwhile looks hung. Hiding unmaps it at once, and its
        own windows (floating docks, dialogs), which hiding the window leaves on screen; the stops then wait for the
        workers, and the process ends as soon as they return: every worker the window holds is told to stop before
        the first is waited for, so that what they cannot interrupt runs side by side, not one after another. The
        layout is saved only from a window on screen: a second close (of a window already hidden, its floating docks
        too) would write them down as hidden."""
        if self.isVisible():
            self.save_layout()
        for widget in self.findChildren(QWidget):
            if widget.isWindow() and widget.isVisible():
                widget.hide()
        self.hide()
        for worker in self.findChildren(QThread):
            if isinstance(worker, CallWorker | GeneratorWorker) and worker.isRunning():
                worker.cancel()
        self._cancel_worker()
        if self._distance_worker is not None:
            self._distance_worker.wait()  # a table load cannot be interrupted; it takes about a second at most
        for stop in reversed(self._close_hooks):
            stop()
        super().closeEvent(event)


def _scrolled(dock: QDockWidget) -> bool:
    """Whether the dock's panel sits in the scroll area `add_dock` puts it in."""
    return isinstance(dock.widget(), QScrollArea)
