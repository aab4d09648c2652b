"""The file given on the app's command line (``cubeviz FILE``, or a file opened from the desktop): a cube file goes
to the editor, a packing puzzle (or a BurrTools `.xmpuzzle` file) to the Packings tab, as File > Open would take
them.

The file is read whole before anything is shown: a bad one is reported in one line (on stderr and in a dialog,
since a launcher's stderr goes nowhere) and changes nothing.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PyQt6.QtWidgets import QMessageBox

from cubeviz.editor.transfer import looks_like_cube_file
from cubeviz.settings import PACKING_PUZZLE
from cubeviz.views.burrtools_open import is_burrtools_file
from solvers.cube.cube_file import CubeFileError, load_cube_file
from solvers.cube.schemes import ColourScheme
from solvers.packing import PackingError, Puzzle, load_puzzle

if TYPE_CHECKING:
    from cubeviz.main_window import MainWindow


class StartFileError(ValueError):
    """The file cannot be opened; the message is the one line the user sees."""


@dataclass(frozen=True)
class StartFile:
    """A file read and checked: `puzzle` for a packing puzzle, None for a cube file (the editor reads those)."""

    path: Path
    puzzle: Puzzle | None


def read_start_file(path: str | Path, scheme: ColourScheme) -> StartFile:
    """Check the file: a cube file (``.cube``, ``.txt``, a cube's ``.json``) or else a puzzle file."""
    path = Path(path)
    if not path.is_file():
        raise StartFileError(f"cannot open {path}: {'a folder, not a file' if path.is_dir() else 'no such file'}")
    try:
        if looks_like_cube_file(path):
            load_cube_file(path, scheme)
            return StartFile(path, None)
        return StartFile(path, load_puzzle(path))
    except CubeFileError as exc:
        reason = exc.message
    except (PackingError, ValueError) as exc:
        reason = str(exc)
    raise StartFileError(f"cannot open {path}: {reason.removeprefix(f'{path.name}: ')}")


def open_start_file(window: MainWindow, path: str | Path) -> None:
    """Open the file in its tab; a bad file, or a window without that tab, is reported and changes nothing."""
    packings = window.shared.packings
    if is_burrtools_file(path) and Path(path).is_file() and packings is not None:
        packings.open_burrtools_file(path)  # asks for the problem; a bad file says so in a dialog
        return
    try:
        start = read_start_file(path, window.scheme)
        _show(window, start)
    except StartFileError as exc:
        report_start_error(window, str(exc))


def _show(window: MainWindow, start: StartFile) -> None:
    if start.puzzle is None:
        editor = window.shared.net_editor
        if editor is None:
            raise StartFileError(f"cannot open {start.path}: this window has no cube editor")
        editor.open_file(str(start.path))
        return
    packings = window.shared.packings
    if packings is None:
        raise StartFileError(f"cannot open {start.path}: this window has no Packings tab")
    if packings.show_puzzle(start.puzzle):
        window.settings.set(PACKING_PUZZLE, str(start.path.resolve()))


def report_start_error(window: MainWindow, message: str) -> None:
    print(f"cubeviz: {message}", file=sys.stderr)
    QMessageBox.warning(window, "cubeviz", message)
