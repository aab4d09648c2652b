"""What the main window offers a feature: the one interface a feature's `install(host)` is written against.

A feature adds its tabs, docks, menus and actions (as `ActionSpec` data), status messages and close hooks through
these methods, reads the window's shared models (the cube, the colour scheme, settings, the random source), and
meets other features only through `SharedModels`: what one offers (the player, the painted net, the packing
browser's puzzle input) is typed here, so no feature imports another's modules and the window names no feature.
Qt-free at import (Qt types appear only in annotations), so the app's Qt-free modules can name it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from PyQt6.QtCore import QObject, Qt
    from PyQt6.QtGui import QAction, QUndoStack
    from PyQt6.QtWidgets import QDockWidget, QMenu, QWidget

    from cubeviz.actions import ActionSpec
    from cubeviz.models.cube_model import CubeModel
    from cubeviz.models.player_model import PlayerModel
    from cubeviz.settings import Settings
    from cubeviz.views.burrtools_open import Chosen
    from cubeviz.views.gl.cube_view import CubeView
    from solvers.cube.schemes import ColourScheme
    from solvers.packing import Puzzle

STATUS_MS = 6000  # how long a feature's status message stays, unless it says otherwise


class NetEditing(Protocol):
    """What the cube editor offers other features: its painted net as a goal, its free colouring of the 2x2, and
    opening a cube file in it."""

    colouring_changed: Any  # a bound signal carrying the colouring (facelet letters U R F D L B)

    def goal_pattern(self) -> str:
        """The net as a goal pattern (or a whole painted 3x3 cube's letters); GoalError says why it is none."""
        ...

    def colouring(self) -> str:
        """The free colouring painted (letters in facelet order), for counting recoloured cubes."""
        ...

    def recolouring(self) -> bool:
        """Whether the editor is in free-colouring mode now."""
        ...

    def start_recolouring(self) -> None:
        """Switch the editor to free colouring of the 2x2 and show it."""
        ...

    def open_file(self, path: str) -> None:
        """Read a cube file into the editor and show it (a bad file is reported there)."""
        ...


class PuzzleInput(Protocol):
    """What the packing browser offers: take a puzzle already read (a file, a design) and show it."""

    def show_puzzle(self, puzzle: Puzzle) -> bool:
        """Show `puzzle` in the Packings tab and enumerate it; False (with the reason shown) if it is refused."""
        ...

    def open_burrtools_file(self, path: str | Path) -> bool:
        """Show the Packings tab and open one problem of a BurrTools file (asking which when it holds several);
        False (with the reason shown in a dialog) if it is refused."""
        ...

    def show_burrtools(self, chosen: Chosen) -> bool:
        """Show the Packings tab with one problem of a BurrTools file already read (a design with colour
        constraints) and count it as BurrTools counts; False (with the reason shown in a dialog) if it is refused."""
        ...


@dataclass
class SharedModels:
    """What installed features offer one another; None while the feature offering it is not installed (a window
    built without it still answers). A feature sets its own entry at install and reads only the others'."""

    player: PlayerModel | None = None  # the Solve feature's solution player
    net_editor: NetEditing | None = None  # the cube editor
    packings: PuzzleInput | None = None  # the packing browser


class FeatureHost(Protocol):
    """The main window as a feature sees it (MainWindow implements it)."""

    model: CubeModel  # the cube on screen: every feature's turns are its undoable commands
    settings: Settings
    rng: random.Random  # the window's one random source (seeded in tests and screenshots)
    scheme: ColourScheme  # the colour scheme in use; `scheme_changed` says when it changes
    cube_view: CubeView  # the 3D cube: features draw on it (greyed stickers) and read its keys and camera
    shared: SharedModels
    scheme_changed: Any  # bound signal (ColourScheme)
    scramble_done: Any  # bound signal: a scramble made in a worker has landed (or failed)
    scramble_progress: Any  # bound signal: that scramble preparing its solver (tables, compiling): the event

    @property
    def parent_widget(self) -> QWidget:
        """The window as the parent of a feature's dialogs and objects (they close with it)."""
        ...

    @property
    def scramble_pending(self) -> bool:
        """A random-state scramble is being computed: the cube shown is about to change."""
        ...

    def add_tab(
        self, widget: QWidget, title: str, with_cube_docks: bool = True, undo_stack: QUndoStack | None = None
    ) -> int: ...

    def show_tab(self, widget: QWidget) -> None: ...

    def on_tab_shown(self, widget: QWidget, shown: Callable[[], None]) -> None:
        """Call `shown` each time `widget`'s tab becomes the current one."""
        ...

    def add_dock(
        self, widget: QWidget, title: str, area: Qt.DockWidgetArea, scroll: bool = True, behind: str | None = None
    ) -> QDockWidget:
        """A dock holding `widget`; with `behind`, tabbed behind the dock of that title, which stays in front."""
        ...

    def add_menu(self, title: str) -> QMenu:
        """A menu of its own in the menu bar (before Help, which stays last)."""
        ...

    def add_submenu(self, menu: str, title: str, after: str | None = None) -> QMenu:
        """A submenu of the menu named `menu` ("Edit"), placed after the action named `after` when given."""
        ...

    def add_actions(
        self,
        menu: str | QMenu,
        specs: Sequence[ActionSpec | None],
        handlers: Mapping[str, Callable[[], object]],
        before: str | None = None,
    ) -> dict[str, QAction]:
        """Actions made from `specs` (None: a separator) in `menu` (a menu's name or a QMenu), placed before the
        action named `before` when given; each triggers its handler (when it has one); also in `actions`."""
        ...

    def show_status(self, message: str, ms: int = STATUS_MS) -> None: ...

    def add_status_widget(self, widget: QWidget) -> None:
        """A permanent read-out at the right of the status bar."""
        ...

    def accept_drops(self, event_filter: QObject) -> None:
        """Files dropped on the window go to `event_filter` (it sees the window's drag and drop events)."""
        ...

    def set_size(self, size: int) -> None:
        """Switch the puzzle size (any from 2: big cubes use solvers.nxn); remembered for the next start."""
        ...

    def on_close(self, stop: Callable[[], None]) -> None:
        """Run `stop` when the window closes (no thread may outlive the window)."""
        ...

    def publish(self, name: str, part: object) -> None:
        """Make a feature's part reachable as `window.<name>` for tests and screenshot scripts that drive the whole
        window. Features never read another's parts: what they share goes through `shared`."""
        ...
