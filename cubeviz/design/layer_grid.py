"""Painting a shape layer by layer: one plane (z) of the edited shape as a grid, x to the right and y downwards (the
puzzle files' rows), with a margin of one cell all round so a shape can grow in any direction.

A press on an empty cell starts adding, on a filled cell removing; dragging keeps doing the same to every cell
passed over, and the whole stroke is one undo step. While a stroke lasts the grid keeps its frame (extent and
coordinates), so the cells under the mouse stay where they are even when the shape grows or moves back to the
origin; it reports the whole shape painted so far, in that frame. The plane below shows faintly, as tracing paper
does.

With ``recolouring`` on, a stroke does not change the shape: it reports each filled cell it passes (`touched`), for
the designer to paint a constraint colour on it or make it variable. Cells with a constraint colour are drawn in that
colour inside a border of the item's own colour; variable (+) cells carry a cross.
"""

from __future__ import annotations

from PyQt6.QtCore import QPointF, QRectF, QSize, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QMouseEvent, QPainter, QPen
from PyQt6.QtWidgets import QSizePolicy, QWidget

from solvers.packing.voxels import Voxel

MARGIN = 1  # empty cells shown around the shape
MIN_CELL_PIXELS = 14
MAX_CELL_PIXELS = 64
EMPTY = QColor("#fbfbfc")
GHOST = QColor(0, 0, 0, 28)
GRID = QColor("#b8bcc4")
VARIABLE_MARK = QColor("#202020")
COLOUR_INSET = 0.12  # a coloured cell keeps a border of its item's colour this wide (fraction of the cell)


class LayerGrid(QWidget):
    """Signals: `stroke_started()`, `painted(cells)` (the shape so far, in the grid's frame) as a stroke passes
    cells, `stroke_ended()`."""

    stroke_started = pyqtSignal()
    painted = pyqtSignal(object)
    touched = pyqtSignal(object)
    stroke_ended = pyqtSignal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.cells: frozenset[Voxel] = frozenset()
        self.colour = QColor("#8fa3bf")
        self.layer = 0
        self._adding: bool | None = None
        self._frame: tuple[int, int, int, int] | None = None  # the extent kept while a stroke lasts
        self._waiting: tuple | None = None  # a shape that arrived during the stroke
        self.cell_colours: dict[Voxel, QColor] = {}
        self.variable: frozenset[Voxel] = frozenset()
        self.recolouring = False
        self._touched: set[Voxel] | None = None  # the cells a recolouring stroke has passed
        self.setMouseTracking(False)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumSize(160, 160)

    # -- content -------------------------------------------------------------------------------------------------
    def set_shape(
        self,
        cells: frozenset[Voxel],
        colour: str,
        cell_colours: dict[Voxel, str] | None = None,
        variable: frozenset[Voxel] = frozenset(),
    ) -> None:
        if self._adding is not None:
            self._waiting = (cells, colour, cell_colours, variable)
            return
        self.cells = cells
        self.colour = QColor(colour)
        self.cell_colours = {v: QColor(c) for v, c in (cell_colours or {}).items()}
        self.variable = variable
        self.layer = min(max(self.layer, self.layers()[0]), self.layers()[1])
        self.update()

    def set_layer(self, layer: int) -> None:
        low, high = self.layers()
        self.layer = min(max(layer, low), high)
        self.update()

    def layers(self) -> tuple[int, int]:
        """The planes that can be painted: the shape's, and one more on each side."""
        if not self.cells:
            return (0, 0)
        zs = [c[2] for c in self.cells]
        return (min(zs) - MARGIN, max(zs) + MARGIN)

    def extent(self) -> tuple[int, int, int, int]:
        """(x0, y0, columns, rows) of the grid shown: the shape's x and y range plus the margin."""
        if self._frame is not None:
            return self._frame
        if not self.cells:
            return (-MARGIN, -MARGIN, 1 + 2 * MARGIN, 1 + 2 * MARGIN)
        xs = [c[0] for c in self.cells]
        ys = [c[1] for c in self.cells]
        x0, y0 = min(xs) - MARGIN, min(ys) - MARGIN
        return x0, y0, max(xs) + MARGIN - x0 + 1, max(ys) + MARGIN - y0 + 1

    def cell_size(self) -> float:
        _, _, columns, rows = self.extent()
        size = min(self.width() / columns, self.height() / rows)
        return max(MIN_CELL_PIXELS, min(MAX_CELL_PIXELS, size))

    def cell_rect(self, x: int, y: int) -> QRectF:
        """Where the cell (x, y) of the current plane is drawn."""
        x0, y0, columns, rows = self.extent()
        size = self.cell_size()
        left = (self.width() - columns * size) / 2
        top = (self.height() - rows * size) / 2
        return QRectF(left + (x - x0) * size, top + (y - y0) * size, size, size)

    def voxel_at(self, point: QPointF) -> Voxel | None:
        x0, y0, columns, rows = self.extent()
        size = self.cell_size()
        column = int((point.x() - (self.width() - columns * size) / 2) // size)
        row = int((point.y() - (self.height() - rows * size) / 2) // size)
        if 0 <= column < columns and 0 <= row < rows:
            return (x0 + column, y0 + row, self.layer)
        return None

    def sizeHint(self) -> QSize:
        return QSize(320, 320)

    # -- drawing -------------------------------------------------------------------------------------------------
    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        x0, y0, columns, rows = self.extent()
        below = {(x, y) for x, y, z in self.cells if z == self.layer - 1}
        here = {(x, y) for x, y, z in self.cells if z == self.layer}
        painter.setPen(QPen(GRID, 1))
        for x in range(x0, x0 + columns):
            for y in range(y0, y0 + rows):
                rect = self.cell_rect(x, y)
                painter.fillRect(rect, self.colour if (x, y) in here else EMPTY)
                if (x, y) in below and (x, y) not in here:
                    painter.fillRect(rect.adjusted(3, 3, -3, -3), GHOST)
                voxel = (x, y, self.layer)
                if (x, y) in here and voxel in self.cell_colours:
                    inset = rect.width() * COLOUR_INSET
                    painter.fillRect(rect.adjusted(inset, inset, -inset, -inset), self.cell_colours[voxel])
                if (x, y) in here and voxel in self.variable:
                    painter.setPen(QPen(VARIABLE_MARK, 2))
                    inset = rect.width() * 0.25
                    painter.drawLine(rect.center() + QPointF(-inset, 0), rect.center() + QPointF(inset, 0))
                    painter.drawLine(rect.center() + QPointF(0, -inset), rect.center() + QPointF(0, inset))
                    painter.setPen(QPen(GRID, 1))
                painter.drawRect(rect)
        painter.end()

    # -- input ---------------------------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        voxel = self.voxel_at(event.position())
        if voxel is None or event.button() != Qt.MouseButton.LeftButton:
            return
        if self.recolouring:
            if voxel in self.cells:
                self._frame = self.extent()
                self._touched = {voxel}
                self.stroke_started.emit()
                self.touched.emit(voxel)
            return
        self._frame = self.extent()
        self._adding = voxel not in self.cells
        self.stroke_started.emit()
        self._paint(voxel)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._touched is not None:
            voxel = self.voxel_at(event.position())
            if voxel is not None and voxel in self.cells and voxel not in self._touched:
                self._touched.add(voxel)
                self.touched.emit(voxel)
            return
        if self._adding is None:
            return
        voxel = self.voxel_at(event.position())
        if voxel is not None:
            self._paint(voxel)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self._touched is not None:
            self._touched, self._frame = None, None
            self.stroke_ended.emit()
            return
        if self._adding is None:
            return
        self._adding, self._frame = None, None
        waiting, self._waiting = self._waiting, None
        self.stroke_ended.emit()
        if waiting is not None:
            self.set_shape(*waiting)
        self.update()

    def _paint(self, voxel: Voxel) -> None:
        """Add or remove one cell in the stroke's frame (never the shape's last cell) and report the shape."""
        cells = self.cells | {voxel} if self._adding else self.cells - {voxel}
        if cells != self.cells and cells:
            self.cells = cells
            self.update()
            self.painted.emit(cells)
