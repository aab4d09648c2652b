"""The Cube tab's toolbar: the first things a newcomer looks for (scramble, solve, undo), in sight, each button's
tooltip naming its key so the keyboard is learnt along the way."""

from __future__ import annotations

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QAction, QKeySequence
from PyQt6.QtWidgets import QMainWindow, QToolBar

TOOLBAR_ACTIONS = ("scramble_state", "scramble_moves", "solve", "solve_cancel", None, "undo", "redo", "reset")
BUTTON_TEXT = {  # shorter than the menu text: the toolbar must fit a small window
    "scramble_state": "Scramble",
    "scramble_moves": "Scramble (moves)",
    "solve": "Solve",
    "solve_cancel": "Cancel",
    "reset": "Reset",
}


def tooltip_with_key(action: QAction) -> str:
    """'Undo (Ctrl+Z)': the menu text without mnemonics, then the shortcut when it has one."""
    text = action.text().replace("&", "").rstrip(".")
    key = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
    detail = f": {action.statusTip()}" if action.statusTip() else ""
    return f"{text} ({key}){detail}" if key else f"{text}{detail}"


def build_cube_toolbar(window: QMainWindow, actions: dict[str, QAction]) -> QToolBar:
    toolbar = QToolBar("Cube Toolbar", window)
    toolbar.setObjectName("toolbar-cube")  # saveState/restoreState find it by name
    toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
    toolbar.setMovable(False)
    for name in TOOLBAR_ACTIONS:
        if name is None:
            toolbar.addSeparator()
            continue
        action = actions[name]
        button_action = QAction(BUTTON_TEXT.get(name, action.text().replace("&", "")), toolbar)
        button_action.setToolTip(tooltip_with_key(action))
        button_action.setStatusTip(action.statusTip())
        button_action.triggered.connect(action.trigger)
        button_action.setEnabled(action.isEnabled())
        action.changed.connect(lambda a=action, b=button_action: _follow(a, b))
        toolbar.addAction(button_action)
    window.addToolBar(Qt.ToolBarArea.TopToolBarArea, toolbar)
    return toolbar


def _follow(action: QAction, button_action: QAction) -> None:
    """Mirror the menu action: enabled or not, and its tooltip (which says why, when the action is greyed)."""
    button_action.setEnabled(action.isEnabled())
    button_action.setToolTip(tooltip_with_key(action))
    button_action.setStatusTip(action.statusTip())
