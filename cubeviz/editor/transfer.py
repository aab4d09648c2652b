"""Cubes in and out of the editor: paste and copy strings, open and save cube files, drop a file on the window.

Bad text or a bad file changes nothing: the panel's message and the status bar say what is wrong. Big cubes
(4x4x4 and up) travel as facelet strings of 6N^2 face letters, and cube files hold every size the editor does.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PyQt6.QtCore import QEvent, QObject
from PyQt6.QtGui import QGuiApplication

from cubeviz.editor.grey_paint import read_pattern
from cubeviz.models.big_cube import FIRST_BIG_SIZE, MAX_SIZE
from cubeviz.settings import Settings
from solvers.cube.cube_file import (
    FILE_SUFFIX,
    FORMAT_NAME,
    CubeFileError,
    load_cube_file,
    parse_colouring,
    save_cube_file,
)
from solvers.cube.formats import to_kociemba
from solvers.nxn.errors import InvalidBigCubeError
from solvers.nxn.state import NxNState, read_facelets

if TYPE_CHECKING:
    from PyQt6.QtCore import pyqtBoundSignal
    from PyQt6.QtWidgets import QLabel

    from cubeviz.editor.editor_model import EditorModel


class EditorPanel(Protocol):
    """What transfer needs of the editor panel (a protocol, so this module does not import the panel that
    imports it)."""

    model: EditorModel
    message: QLabel
    status: pyqtBoundSignal

    def set_recolour_mode(self, on: bool) -> None: ...


FILE_FILTER = f"Cube files (*{FILE_SUFFIX} *.json *.txt);;All files (*)"


def _refuse(panel: EditorPanel, message: str) -> bool:
    panel.message.setText(f"Not loaded: {message}")
    panel.message.setStyleSheet("color: #a0004f; font-weight: bold;")
    panel.status.emit(f"Not loaded: {message}")
    return False


def paste_text(panel: EditorPanel, text: str) -> bool:
    """Put a pasted cube into the editor (one undo step), even an invalid one: the verdict then says what is wrong.

    Text whose shape is not a cube's (wrong length, unknown letters) is refused and changes nothing. A goal
    pattern (face letters with '.' for grey, as Copy gives it) is painted as one.
    """
    pattern = read_pattern(text)
    if pattern is not None:
        if panel.model.recolour:
            panel.set_recolour_mode(False)
        panel.model.set_size(3)
        panel.model.set_colours(pattern, "paste pattern")
        panel.status.emit("Pasted a goal pattern")
        return True
    big = _big_cube(text)
    if isinstance(big, NxNState):
        if panel.model.recolour:
            panel.set_recolour_mode(False)
        panel.model.fill_from(big)
        panel.status.emit(f"Pasted a {big.size}x{big.size}x{big.size} (facelet string)")
        return True
    try:
        colouring = parse_colouring(text, panel.model.scheme)
    except CubeFileError as exc:
        return _refuse(panel, big or exc.message)
    if colouring.size != panel.model.size:
        if panel.model.recolour:
            panel.set_recolour_mode(False)
        panel.model.set_size(colouring.size)
    panel.model.set_colours(colouring.colours, "paste")
    panel.status.emit(f"Pasted a {colouring.size}x{colouring.size}x{colouring.size} ({colouring.form})")
    return True


def _big_cube(text: str) -> NxNState | str | None:
    """The big cube a text of 6N^2 face letters (N >= 4) writes; the reason when it has that length but is no
    colouring (a letter that is no face); None for any other text (left to the 2x2x2/3x3x3 reader)."""
    letters = "".join(text.split())
    sizes = {6 * n * n: n for n in range(FIRST_BIG_SIZE, MAX_SIZE + 1)}
    if len(letters) not in sizes:
        return None
    try:
        return read_facelets(letters, sizes[len(letters)])
    except InvalidBigCubeError as exc:
        return exc.message


def copy_text(panel: EditorPanel) -> str:
    """The facelet string of a valid cube (Kociemba's for the 3x3x3); otherwise the stickers as face letters ('?'
    for blanks)."""
    state = panel.model.verdict.state
    if isinstance(state, NxNState):
        return state.to_facelets()
    return to_kociemba(state) if state is not None else panel.model.face_letters()


def paste_from_clipboard(panel: EditorPanel) -> bool:
    return paste_text(panel, QGuiApplication.clipboard().text())


def copy_to_clipboard(panel: EditorPanel) -> None:
    text = copy_text(panel)
    QGuiApplication.clipboard().setText(text)
    panel.status.emit(f"Copied {text}")


def open_path(panel: EditorPanel, path: str | Path) -> bool:
    """Load a cube file (or text file) into the editor; a malformed or impossible cube is refused whole."""
    try:
        state = load_cube_file(path, panel.model.scheme)
    except CubeFileError as exc:
        return _refuse(panel, exc.message)
    if panel.model.recolour:
        panel.set_recolour_mode(False)
    panel.model.fill_from(state)
    panel.status.emit(f"Opened {Path(path).name}")
    return True


def save_path(panel: EditorPanel, path: str | Path) -> bool:
    """Save the editor's cube; only a valid cube can be saved (the file format holds real cubes)."""
    state = panel.model.verdict.state
    if state is None:
        panel.status.emit("Not saved: the cube is not valid yet")
        return False
    try:
        save_cube_file(path, state)
    except OSError as exc:
        panel.status.emit(f"Not saved: {exc.strerror or exc}")
        return False
    panel.status.emit(f"Saved {Path(path).name}")
    return True


def open_dialog(panel: EditorPanel) -> None:
    path = Settings().open_file_name(panel, "cubes", "Open Cube File", FILE_FILTER)
    if path:
        open_path(panel, path)


def save_dialog(panel: EditorPanel) -> None:
    path = Settings().save_file_name(panel, "cubes", "Save Cube File", f"cube{FILE_SUFFIX}", FILE_FILTER)
    if path:
        save_path(panel, path)


def looks_like_cube_file(path: str | Path) -> bool:
    """A .cube or .txt file, or a .json file that says it is a cube file (a puzzle file is left to its feature)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix in (FILE_SUFFIX, ".txt"):
        return True
    if suffix != ".json":
        return False
    try:
        with path.open("r", encoding="utf-8", errors="replace") as handle:
            return FORMAT_NAME in handle.read(4096)
    except OSError:
        return False


class CubeFileDrop(QObject):
    """Event filter for the main window: a dropped local file is opened in the editor (and the editor shown)."""

    def __init__(self, panel: EditorPanel, show_editor=None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.panel = panel
        self.show_editor = show_editor

    @staticmethod
    def _local_file(event) -> str | None:
        """The one dropped local file if it looks like a cube (other features may take other files)."""
        mime = event.mimeData()
        if mime is None or not mime.hasUrls():
            return None
        files = [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
        return files[0] if len(files) == 1 and looks_like_cube_file(files[0]) else None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove) and self._local_file(event):
            event.acceptProposedAction()
            return True
        if kind == QEvent.Type.Drop and (path := self._local_file(event)):
            event.acceptProposedAction()
            if self.show_editor is not None:
                self.show_editor()
            open_path(self.panel, path)
            return True
        return False
