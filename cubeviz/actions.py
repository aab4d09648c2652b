"""The window's actions and menus as one table: text, shortcut, and the name of the handler that serves it.

Keeping the menu layout as data makes the shortcuts reviewable in one place and keeps main_window.py to wiring;
features declare their entries as `ActionSpec` data too and hand them to the host (`FeatureHost.add_actions`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PyQt6.QtCore import QObject
from PyQt6.QtGui import QAction, QActionGroup, QKeySequence
from PyQt6.QtWidgets import QMainWindow, QMenu

StandardKey = QKeySequence.StandardKey


@dataclass(frozen=True)
class ActionSpec:
    name: str  # key in the returned dict
    text: str
    shortcut: StandardKey | str | None = None
    tip: str = ""
    checkable: bool = False


SEPARATOR = None

MENUS: dict[str, list[ActionSpec | None]] = {
    "&File": [
        ActionSpec("new", "&New Solved Cube", StandardKey.New, "Start again from a solved cube (undoable)"),
        SEPARATOR,
        ActionSpec("quit", "&Quit", StandardKey.Quit),
    ],
    "&Edit": [
        ActionSpec("undo", "&Undo", StandardKey.Undo),
        ActionSpec("redo", "&Redo", "Ctrl+Shift+Z"),
        SEPARATOR,
        ActionSpec("scramble_state", "Scramble (Random &State)", "Ctrl+R", "A uniformly random state, shown as moves"),
        ActionSpec("scramble_moves", "Scramble (Random &Moves)", "Ctrl+Shift+R", "25 (3x3) or 11 (2x2) random turns"),
        ActionSpec("reset", "R&eset Cube", "Ctrl+Backspace", "Back to solved (undoable)"),
        SEPARATOR,
        ActionSpec("copy_history", "&Copy Move History", "Ctrl+Shift+C"),
        ActionSpec("focus_algorithm", "&Type Algorithm...", "Ctrl+L", "Focus the algorithm line"),
    ],
    "&View": [
        ActionSpec("size2", "&2x2x2", "Ctrl+2", checkable=True),
        ActionSpec("size3", "&3x3x3", "Ctrl+3", checkable=True),
        SEPARATOR,
        ActionSpec("reset_view", "Reset &View", "Ctrl+0", "Back to the default camera"),
        ActionSpec("letters", "Sticker &Letters", "Ctrl+Shift+L", "Colour letters on the stickers", checkable=True),
        ActionSpec("hint", "&Hidden Faces", "Ctrl+H", "A small view from behind and below", checkable=True),
    ],
    "&Help": [
        ActionSpec("help_controls", "&Mouse Controls", StandardKey.HelpContents, "What clicks and drags do"),
        ActionSpec("help_shortcuts", "&Keyboard Shortcuts", "Ctrl+/", "Every key the window knows"),
        ActionSpec("about", "&About cubeviz", tip="Versions of cubeviz, Python, Qt, PyOpenGL, numba and OpenGL"),
    ],
}


def build_menus(window: QMainWindow) -> tuple[dict[str, QAction], dict[str, QMenu]]:
    """Create every menu and action (unconnected); returns them by name."""
    actions: dict[str, QAction] = {}
    menus: dict[str, QMenu] = {}
    for title, specs in MENUS.items():
        menu = window.menuBar().addMenu(title)
        menus[title.replace("&", "")] = menu
        for spec in specs:
            if spec is None:
                menu.addSeparator()
                continue
            action = make_action(spec, window)
            menu.addAction(action)
            actions[spec.name] = action
    return actions, menus


def make_action(spec: ActionSpec, parent: QObject) -> QAction:
    """One action from its data (unconnected): the core menus and every feature's entries are made here alike."""
    action = QAction(spec.text, parent)
    if spec.shortcut is not None:
        action.setShortcut(QKeySequence(spec.shortcut))
    action.setStatusTip(spec.tip)
    action.setCheckable(spec.checkable)
    return action


def choice_menu(
    parent_menu: QMenu, title: str, choices: list[tuple[str, object]], current: object, on_choose: Callable
) -> QActionGroup:
    """A submenu of mutually exclusive checkable choices; `on_choose(value)` runs when one is picked."""
    menu = parent_menu.addMenu(title)
    group = QActionGroup(menu)
    group.setExclusive(True)
    for text, value in choices:
        action = QAction(text, menu)
        action.setCheckable(True)
        action.setChecked(value == current)
        action.setData(value)
        group.addAction(action)
        menu.addAction(action)
        action.triggered.connect(lambda _checked=False, v=value: on_choose(v))
    return group
