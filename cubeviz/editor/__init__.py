"""Enter a real cube by hand: a colour-net editor with live, pinpointed validation, paste/copy of
facelet strings, cube files (open, save, drop on the window) and Apply into the main view.

`install(window)` adds the "Editor" tab, File and Edit menu entries, drag-and-drop, and sets
`window.net_editor` (an EditorPanel) for other features (Insight uses its free-colouring mode).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PyQt6.QtGui import QAction, QKeySequence

from cubeviz.editor.panel import EditorPanel
from cubeviz.editor.transfer import CubeFileDrop, copy_to_clipboard, open_dialog, paste_from_clipboard, save_dialog
from solvers.cube.schemes import load_scheme

if TYPE_CHECKING:
    from cubeviz.main_window import MainWindow

__all__ = ["EditorPanel", "install"]

STATUS_MS = 6000


def install(window: MainWindow) -> None:
    panel = EditorPanel(window.model, window.scheme, window.set_size, window.rng, window)
    index = window.add_tab(panel, "Editor", with_cube_docks=False)  # it has its own net and 3D preview
    window.net_editor = panel

    def show_editor() -> None:
        window.tabs.setCurrentIndex(index)

    def to_cube_tab(_state) -> None:
        window.tabs.setCurrentWidget(window.cube_view)

    panel.status.connect(lambda message: window.statusBar().showMessage(message, STATUS_MS))
    panel.applied.connect(to_cube_tab)
    window.scheme_group.triggered.connect(lambda action: panel.set_scheme(load_scheme(action.data())))
    window.editor_drop = CubeFileDrop(panel, show_editor, window)
    window.setAcceptDrops(True)
    window.installEventFilter(window.editor_drop)
    _add_actions(window, panel, show_editor)


def _add_actions(window: MainWindow, panel: EditorPanel, show_editor) -> None:
    entries = {
        "editor_open": ("File", "&Open Cube File...", QKeySequence.StandardKey.Open, lambda: open_dialog(panel)),
        "editor_save": ("File", "&Save Cube File...", QKeySequence.StandardKey.Save, lambda: save_dialog(panel)),
        "editor_show": ("Edit", "Enter Cube by &Hand", "Ctrl+E", show_editor),
        "editor_paste": ("Edit", "&Paste Cube String", "Ctrl+Shift+V", lambda: paste_from_clipboard(panel)),
        "editor_copy": ("Edit", "Copy Cube as &String", "Ctrl+Shift+K", lambda: copy_to_clipboard(panel)),
    }
    for name, (menu_name, text, shortcut, handler) in entries.items():
        action = QAction(text, window)
        action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(handler)
        if name in ("editor_open", "editor_save", "editor_paste"):
            action.triggered.connect(show_editor)
        menu = window.menus[menu_name]
        first = menu.actions()[0] if menu_name == "File" and menu.actions() else None
        if first is not None:
            menu.insertAction(first, action)
        else:
            menu.addAction(action)
        window.actions[name] = action
