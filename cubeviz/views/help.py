"""Help that stays true: the keyboard shortcuts as the window really has them, and the versions it really runs.

Why generated: a hand-kept list of keys drifts from the menus. The shortcuts table is read from the window's
actions (every menu, submenus too) and its QShortcut objects (each described by its whatsThis), plus the keys the
views handle themselves, which each view module describes next to its own key map.
"""

from __future__ import annotations

import platform
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from PyQt6.QtCore import PYQT_VERSION_STR, QT_VERSION_STR, QSortFilterProxyModel, Qt
from PyQt6.QtGui import QKeySequence, QShortcut, QStandardItem, QStandardItemModel
from PyQt6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLineEdit,
    QMainWindow,
    QMenu,
    QTableView,
    QVBoxLayout,
    QWidget,
)

COLUMNS = ("Keys", "Does", "Where")


@dataclass(frozen=True)
class KeyRow:
    keys: str
    does: str
    where: str


def _plain(text: str) -> str:
    """Menu text without its mnemonic ampersands and trailing dots."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&").rstrip(".")


def _key_text(sequences: Iterable[QKeySequence]) -> str:
    names = [sequence.toString(QKeySequence.SequenceFormat.NativeText) for sequence in sequences]
    return ", ".join(name for name in names if name)


def menu_rows(menus: Iterable[QMenu], path: str = "") -> list[KeyRow]:
    """Every action with a shortcut in these menus and their submenus, named by its menu path."""
    rows: list[KeyRow] = []
    for menu in menus:
        where = f"{path} > {_plain(menu.title())}" if path else _plain(menu.title())
        for action in menu.actions():
            if action.menu() is not None:
                rows.extend(menu_rows([action.menu()], where))
            elif not action.isSeparator() and (keys := _key_text(action.shortcuts())):
                rows.append(KeyRow(keys, _plain(action.text()), f"{where} menu"))
    return rows


def window_menus(window: QMainWindow) -> list[QMenu]:
    return [action.menu() for action in window.menuBar().actions() if action.menu() is not None]


def shortcut_rows(window: QWidget) -> list[KeyRow]:
    """The window's QShortcut objects (keys bound to a panel, not to a menu item), described by their whatsThis."""
    rows = []
    for shortcut in window.findChildren(QShortcut):
        keys = _key_text([shortcut.key()])
        if keys and shortcut.whatsThis():
            rows.append(KeyRow(keys, shortcut.whatsThis(), _owner_title(shortcut.parent())))
    return rows


def _owner_title(widget: QWidget | None) -> str:
    while widget is not None and not widget.windowTitle():
        widget = widget.parentWidget()
    return f"{widget.windowTitle()} panel" if widget is not None and not widget.isWindow() else "the window"


def view_key_rows() -> list[KeyRow]:
    """The keys the views handle themselves (turning letters, solution and net navigation)."""
    from cubeviz.views.gl.keyboard import key_rows as cube_keys
    from cubeviz.views.gl.polycube_view import key_rows as packing_keys
    from cubeviz.views.net_keys import key_rows as net_keys

    sources: list[tuple[str, Callable[[], list[tuple[str, str]]]]] = [
        ("3D cube view", cube_keys),
        ("Editor net", net_keys),
        ("Packings 3D view", packing_keys),
    ]
    return [KeyRow(keys, does, where) for where, rows in sources for keys, does in rows()]


def all_key_rows(window: QMainWindow) -> list[KeyRow]:
    rows = menu_rows(window_menus(window)) + shortcut_rows(window) + view_key_rows()
    return list(dict.fromkeys(rows))  # the same binding reached twice is listed once


class ShortcutsDialog(QDialog):
    """Every key the window knows, in a table that can be filtered by typing and sorted by any column."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.setWindowTitle("Keyboard Shortcuts")
        self.rows = all_key_rows(window)
        source = QStandardItemModel(len(self.rows), len(COLUMNS), self)
        source.setHorizontalHeaderLabels(COLUMNS)
        for r, row in enumerate(self.rows):
            for c, text in enumerate((row.keys, row.does, row.where)):
                item = QStandardItem(text)
                item.setEditable(False)
                source.setItem(r, c, item)
        self.filtered = QSortFilterProxyModel(self)
        self.filtered.setSourceModel(source)
        self.filtered.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filtered.setFilterKeyColumn(-1)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Filter: type a key or a word")
        self.search.setToolTip("Show only the rows that contain this text")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.filtered.setFilterFixedString)
        self.table = QTableView(self)
        self.table.setModel(self.filtered)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(2, Qt.SortOrder.AscendingOrder)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        screen = window.screen().availableGeometry()
        self.resize(min(760, screen.width() * 9 // 10), min(560, screen.height() * 8 // 10))


def app_version() -> str:
    """cubeviz's own version as installed (a source checkout that was never installed says so), as --version says."""
    from solvers.version import cubeviz_version

    return cubeviz_version()


def versions(gl_renderer: str, gl_version: str) -> list[tuple[str, str]]:
    """(component, version) of everything a bug report needs."""
    import numba
    import numpy
    import OpenGL

    return [
        ("Python", platform.python_version()),
        ("Qt", QT_VERSION_STR),
        ("PyQt", PYQT_VERSION_STR),
        ("PyOpenGL", OpenGL.__version__),
        ("numba", numba.__version__),
        ("numpy", numpy.__version__),
        ("OpenGL renderer", gl_renderer or "not known yet (no 3D view drawn)"),
        ("OpenGL version", gl_version or "not known yet"),
        ("System", platform.platform(terse=True)),
    ]


def about_html(gl_renderer: str, gl_version: str, version: str, extra: list[tuple[str, str]] = ()) -> str:
    """The About box: what cubeviz is, then every version (and `extra` rows, e.g. memory) as a table."""
    pairs = versions(gl_renderer, gl_version) + list(extra)
    rows = "".join(f"<tr><td>{name}</td><td>{value}</td></tr>" for name, value in pairs)
    return (
        f"<h3>cubeviz {version}</h3><p>Visualise and solve 2x2x2 and 3x3x3 cubes; browse and enumerate polycube "
        f"packings.</p><table cellspacing='6'>{rows}</table>"
    )
