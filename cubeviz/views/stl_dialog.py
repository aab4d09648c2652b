"""Export STL: printable pieces (the shown solution assembled, every piece on one plate, or one file per piece)
with the cell size, gap, bevel and spacing chosen in a small dialog. Shared by the Packings and Design tabs, each
handing over what it has to print as an `StlSource`; meshes and files come from ``solvers.packing.stl``, nothing
here computes geometry."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PyQt6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QMessageBox,
    QWidget,
)

from solvers.packing.cover import CoverProblem
from solvers.packing.errors import PackingError
from solvers.packing.stl import PieceLike, PrintOptions, plate_mesh, solution_mesh, write_piece_files, write_stl

if TYPE_CHECKING:
    from cubeviz.models.packing_model import PackingModel
    from cubeviz.settings import Settings

SOLUTION, PLATE, PIECES = "solution", "plate", "pieces"
KIND_TEXT = {
    SOLUTION: "The shown solution, assembled (each piece a separate solid)",
    PLATE: "All pieces laid out on one plate",
    PIECES: "Each piece in its own file (choose a folder)",
}
SETTINGS_KEY = "export/stl"  # followed by /unit, /gap, /spacing, /bevel


@dataclass(frozen=True)
class StlSource:
    """What there is to print: a name for the files, the pieces, and (Packings tab) the shown solution."""

    name: str
    pieces: Sequence[PieceLike]
    problem: CoverProblem | None = None
    rows: Sequence[int] | None = None

    def kinds(self) -> list[str]:
        return ([SOLUTION] if self.rows is not None else []) + [PLATE, PIECES]


def packing_source(model: PackingModel) -> StlSource:
    """The Packings tab's puzzle and, when one is shown, its solution."""
    if model.puzzle is None:
        raise PackingError("No puzzle loaded: nothing to print.")
    index = model.current_index
    rows = None if index is None or model.solutions is None else [int(r) for r in model.solutions.rows[index]]
    return StlSource(model.puzzle.name, model.puzzle.pieces, model.problem, rows)


def design_source(draft) -> StlSource:
    """The draft's pieces as they are (a piece in two parts prints as two parts); an empty piece is refused."""
    empty = [p.name for p in draft.pieces if not p.cells]
    if not draft.pieces or empty:
        raise PackingError(f"Piece '{empty[0]}' has no cells." if empty else "The design has no pieces yet.")
    return StlSource(draft.name, draft.pieces)


def export_stl(source: StlSource, kind: str, options: PrintOptions, path: str | Path) -> list[Path]:
    """Write the chosen STL (``PIECES``: a folder of files); PackingError or OSError say why it could not be."""
    if kind == PIECES:
        return write_piece_files(path, source.pieces, options)
    if kind == SOLUTION:
        if source.problem is None or source.rows is None:
            raise PackingError("No solution shown: nothing to assemble.")
        mesh = solution_mesh(source.problem, source.rows, options)
        title = f"{source.name} solution {source.problem.labels(source.rows)}"
    else:
        mesh = plate_mesh(source.pieces, options)
        title = f"{source.name} pieces"
    write_stl(path, mesh, title)
    return [Path(path)]


class StlExportDialog(QDialog):
    """What to print and how big: the kind, the cell size, the gap, the bevel and the spacing on a plate."""

    def __init__(self, kinds: list[str], options: PrintOptions, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export STL")
        self.kind = QComboBox()
        for kind in kinds:
            self.kind.addItem(KIND_TEXT[kind], kind)
        self.unit = self._spin(options.unit, 0.5, 200.0, 1, 0.5, "Edge of one cube")
        self.gap = self._spin(options.gap, 0.0, 5.0, 2, 0.05, "Taken off every outer face, so printed pieces fit")
        self.bevel = self._spin(options.bevel, 0.0, 5.0, 2, 0.1, "Chamfer of the outer edges (0: sharp)")
        self.spacing = self._spin(options.spacing, 0.0, 100.0, 1, 1.0, "Room between pieces on a plate")
        form = QFormLayout(self)
        form.addRow("Print", self.kind)
        form.addRow("Cube size", self.unit)
        form.addRow("Gap", self.gap)
        form.addRow("Bevel", self.bevel)
        form.addRow("Spacing", self.spacing)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    @staticmethod
    def _spin(value: float, low: float, high: float, decimals: int, step: float, tip: str) -> QDoubleSpinBox:
        spin = QDoubleSpinBox()
        spin.setRange(low, high)
        spin.setDecimals(decimals)
        spin.setSingleStep(step)
        spin.setSuffix(" mm")
        spin.setValue(value)
        spin.setToolTip(tip)
        return spin

    def chosen(self) -> tuple[str, PrintOptions]:
        """The kind and the options (PrintOptionsError when the gap is too large for the cube size)."""
        options = PrintOptions(self.unit.value(), self.gap.value(), self.spacing.value(), bevel=self.bevel.value())
        return self.kind.currentData(), options


def _saved_options(settings: Settings) -> PrintOptions:
    default = PrintOptions()
    try:
        return PrintOptions(
            settings.number(f"{SETTINGS_KEY}/unit", default.unit),
            settings.number(f"{SETTINGS_KEY}/gap", default.gap),
            settings.number(f"{SETTINGS_KEY}/spacing", default.spacing),
            bevel=settings.number(f"{SETTINGS_KEY}/bevel", default.bevel),
        )
    except PackingError:
        return default


def ask_and_export_stl(
    parent: QWidget, settings: Settings, show_status: Callable[[str], None], source: Callable[[], StlSource]
) -> None:
    """The dialog, then where to write; problems (no puzzle, an empty piece, a gap too large, a disk error) are
    shown in a message box, never as a traceback."""
    try:
        chosen = source()
        dialog = StlExportDialog(chosen.kinds(), _saved_options(settings), parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return
        kind, options = dialog.chosen()
        for key in ("unit", "gap", "spacing", "bevel"):
            settings.set(f"{SETTINGS_KEY}/{key}", getattr(options, key))
        if kind == PIECES:
            path = QFileDialog.getExistingDirectory(parent, "Folder for the piece files", settings.directory("exports"))
        else:
            suffix = "solution" if kind == SOLUTION else "pieces"
            path = settings.save_file_name(
                parent, "exports", "Export STL", f"{chosen.name}-{suffix}.stl", "STL files (*.stl)"
            )
        if not path:
            return
        written = export_stl(chosen, kind, options, path)
    except (PackingError, OSError) as exc:
        QMessageBox.warning(parent, "Export STL", str(exc))
        return
    show_status(f"Exported {len(written)} STL file(s) to {Path(written[0]).parent}")
