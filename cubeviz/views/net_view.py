"""The flat net of the model's cube (U on top; L F R B across; D below), painted with QPainter.

Shows the model's state at once (no animation), so it doubles as a check on the 3D view.
"""

from __future__ import annotations

from PyQt6.QtCore import QPointF, QRectF, QSize, Qt
from PyQt6.QtGui import QColor, QPainter, QPaintEvent
from PyQt6.QtWidgets import QSizePolicy, QWidget

from cubeviz.models.big_cube import sticker_faces
from cubeviz.models.cube_model import CubeModel
from solvers.cube.geometry import Face
from solvers.cube.schemes import ColourScheme, load_scheme

# Where each face sits in the net, in face-sized cells (column, row).
NET_CELLS: dict[Face, tuple[int, int]] = {
    Face.U: (1, 0),
    Face.L: (0, 1),
    Face.F: (1, 1),
    Face.R: (2, 1),
    Face.B: (3, 1),
    Face.D: (1, 2),
}
NET_COLUMNS, NET_ROWS = 4, 3
MARGIN = 6  # pixels around the net
GAP_FRACTION = 0.08  # of a sticker cell, drawn as the dark plastic between stickers
PLASTIC = QColor(25, 25, 28)


class NetView(QWidget):
    """Paints the model's stickers as a net; `sticker_rect(facelet)` says where each one is (tests use it)."""

    def __init__(self, model: CubeModel, scheme: ColourScheme | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.scheme = scheme or load_scheme()
        self.setMinimumSize(160, 120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        model.changed.connect(self.update)

    def set_scheme(self, scheme: ColourScheme) -> None:
        self.scheme = scheme
        self.update()

    def sizeHint(self) -> QSize:
        return QSize(320, 240)

    def _cell(self) -> float:
        """Side of one sticker cell in pixels: the largest that fits the net in the widget."""
        size = self.model.size
        return min((self.width() - 2 * MARGIN) / (NET_COLUMNS * size), (self.height() - 2 * MARGIN) / (NET_ROWS * size))

    def _origin(self) -> QPointF:
        cell, size = self._cell(), self.model.size
        return QPointF((self.width() - NET_COLUMNS * size * cell) / 2.0, (self.height() - NET_ROWS * size * cell) / 2.0)

    def sticker_rect(self, facelet: int) -> QRectF:
        """The sticker's square in widget pixels (without the plastic gap)."""
        size = self.model.size
        per_face = size * size
        face, position = Face(facelet // per_face), facelet % per_face
        column, row = NET_CELLS[face]
        cell = self._cell()
        origin = self._origin()
        gap = cell * GAP_FRACTION
        x = origin.x() + (column * size + position % size) * cell
        y = origin.y() + (row * size + position // size) * cell
        return QRectF(x + gap, y + gap, cell - 2 * gap, cell - 2 * gap)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = self.model.size
        cell = self._cell()
        origin = self._origin()
        for face, (column, row) in NET_CELLS.items():
            painter.fillRect(
                QRectF(origin.x() + column * size * cell, origin.y() + row * size * cell, size * cell, size * cell),
                PLASTIC,
            )
            del face
        colours = sticker_faces(self.model.state)
        painter.setPen(Qt.PenStyle.NoPen)
        for facelet, face_id in enumerate(colours.tolist()):
            painter.setBrush(QColor(*self.scheme.rgb[Face(face_id)]))
            painter.drawRoundedRect(self.sticker_rect(facelet), cell * 0.08, cell * 0.08)
        painter.end()
