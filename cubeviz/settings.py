"""What the app remembers between runs: window geometry and dock layout, puzzle, colours, speeds, solver choice,
the last packing puzzle and the last folder of each kind of file.

Why one small service: every feature reads its values once at start and writes them when they change, under keys
listed here, so the set of remembered things is reviewable in one place and tests can point it at a temporary
location (`QSettings.setPath`). The values live where the platform keeps application settings (on Linux
`~/.config/cubeviz/cubeviz.conf`).
"""

from __future__ import annotations

from pathlib import Path

from PyQt6.QtCore import QByteArray, QSettings
from PyQt6.QtWidgets import QFileDialog, QWidget

ORGANISATION = "cubeviz"
APPLICATION = "cubeviz"

GEOMETRY = "window/geometry"
DOCK_STATE = "window/state"
DOCKS_MAKING_ROOM = "window/docks-making-room"  # docks hidden at exit only because the tab shown needed the room
PUZZLE_SIZE = "cube/size"
SCHEME = "view/scheme"
LETTERS = "view/letters"
ANIMATION_SPEED = "view/speed"
PLAYER_TEMPO = "player/tempo"
SOLVER_CHOICE = "solve/choice"  # followed by /2 or /3: one choice per puzzle size
OPTIMAL_TABLES = "solve/optimal_tables"  # the optimal solver's table tier: standard or large
PACKING_PUZZLE = "packing/puzzle"
LAST_DIRECTORY = "paths"  # followed by /<kind>: cube files, puzzles, solutions, images


class Settings:
    """Typed reads (a wrong or missing value gives the default, never an error) and immediate writes."""

    def __init__(self) -> None:
        self.store = QSettings(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, ORGANISATION, APPLICATION)

    def text(self, key: str, default: str = "") -> str:
        value = self.store.value(key)
        return value if isinstance(value, str) and value else default

    def number(self, key: str, default: float) -> float:
        try:
            return float(self.store.value(key, default))
        except (TypeError, ValueError):
            return default

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.store.value(key, default)
        if isinstance(value, str):
            return value.lower() in ("true", "1", "yes")
        return bool(value)

    def names(self, key: str) -> list[str]:
        """A list of strings (QSettings gives a lone string, or nothing, for lists of one or none)."""
        value = self.store.value(key)
        if isinstance(value, str):
            return [value] if value else []
        return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []

    def bytes(self, key: str) -> QByteArray | None:
        value = self.store.value(key)
        return value if isinstance(value, QByteArray) and not value.isEmpty() else None

    def set(self, key: str, value: object) -> None:
        self.store.setValue(key, value)

    def clear(self) -> None:
        """Forget everything (the `--reset-settings` option)."""
        self.store.clear()
        self.store.sync()

    def sync(self) -> None:
        self.store.sync()

    # -- folders -------------------------------------------------------------------------------------------------
    def directory(self, kind: str) -> str:
        """The folder a file of this kind was last opened from or saved to ("" at first: the dialog's default)."""
        folder = self.text(f"{LAST_DIRECTORY}/{kind}")
        return folder if folder and Path(folder).is_dir() else ""

    def remember_file(self, kind: str, path: str) -> None:
        if path:
            self.set(f"{LAST_DIRECTORY}/{kind}", str(Path(path).parent))

    def open_file_name(self, parent: QWidget, kind: str, title: str, pattern: str) -> str:
        """QFileDialog's open dialog, starting in the last folder of `kind`; "" when cancelled."""
        path, _ = QFileDialog.getOpenFileName(parent, title, self.directory(kind), pattern)
        self.remember_file(kind, path)
        return path

    def save_file_name(self, parent: QWidget, kind: str, title: str, name: str, pattern: str) -> str:
        """QFileDialog's save dialog with `name` proposed in the last folder of `kind`; "" when cancelled."""
        folder = self.directory(kind)
        path, _ = QFileDialog.getSaveFileName(parent, title, str(Path(folder) / name) if folder else name, pattern)
        self.remember_file(kind, path)
        return path
