"""The large paintable net: click or drag to paint with the chosen colour, keys to move and paint, outlines on
the stickers a validation problem names. Geometry and drawing of the net are the read-only NetView's.
"""

from __future__ import annotations

from PyQt6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, pyqtSignal
from PyQt6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPaintEvent, QPen
from PyQt6.QtWidgets import QToolTip, QWidget

from cubeviz.editor.checks import BLANK
from cubeviz.editor.editor_model import EditorModel, n_facelets
from cubeviz.editor.grey_paint import GREY, GREY_RGB
from cubeviz.views.net_keys import BLANK_KEYS, GREY_KEY, MOVES
from cubeviz.views.net_view import NET_CELLS, NET_COLUMNS, NET_ROWS, PLASTIC, NetView
from solvers.cube.geometry import Face

BLANK_RGB = QColor(150, 150, 155)
OUTLINE = QColor(255, 0, 200)  # magenta: not a sticker colour in any scheme
CURSOR = QColor(20, 20, 20)
CENTRE_MISMATCH = "Centres are fixed: this letter was read as the centre and skipped. Change centres with Top / front."


class NetCanvas(NetView):
    """Paints an EditorModel's colouring. `current_colour` is the palette choice; `cursor` the keyboard sticker.

    Mouse: left click/drag paints (a drag is one undo step), right click picks that sticker's colour.
    Keys: arrows move the cursor; a colour letter or 1-6 (or '.' for grey) paints it and moves on; Delete/Backspace
    blanks it.
    """

    colour_picked = pyqtSignal(int)

    def __init__(self, model: EditorModel, parent: QWidget | None = None) -> None:
        super().__init__(model, model.scheme, parent)  # NetView only needs .size and .changed from its model
        self.editor = model
        self.current_colour = int(Face.U)
        self.cursor = 0
        self._stroke = False
        self._painting = False
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(360, 270)
        model.size_changed.connect(self._on_size)

    def sizeHint(self) -> QSize:
        return QSize(640, 480)

    def _on_size(self, _size: int) -> None:
        self.cursor = 0
        self.update()

    # -- geometry ------------------------------------------------------------------------------------------------
    def facelet_at(self, point: QPointF) -> int | None:
        """The sticker under a widget point (its cell, gap included), or None."""
        size = self.editor.size
        cell, origin = self._cell(), self._origin()
        column = int((point.x() - origin.x()) // cell)
        row = int((point.y() - origin.y()) // cell)
        if not (0 <= column < NET_COLUMNS * size and 0 <= row < NET_ROWS * size):
            return None
        return self._facelet_of_cell(column, row)

    def _facelet_of_cell(self, column: int, row: int) -> int | None:
        size = self.editor.size
        for face, (face_column, face_row) in NET_CELLS.items():
            if (column // size, row // size) == (face_column, face_row):
                return int(face) * size * size + (row % size) * size + column % size
        return None

    def _cell_of_facelet(self, facelet: int) -> tuple[int, int]:
        size = self.editor.size
        face, position = divmod(facelet, size * size)
        face_column, face_row = NET_CELLS[Face(face)]
        return face_column * size + position % size, face_row * size + position // size

    # -- drawing -------------------------------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        size, cell, origin = self.editor.size, self._cell(), self._origin()
        for column, row in NET_CELLS.values():
            face_rect = QRectF(
                origin.x() + column * size * cell, origin.y() + row * size * cell, size * cell, size * cell
            )
            painter.fillRect(face_rect, PLASTIC)
        outlined = self.editor.verdict.outlined
        for facelet in range(n_facelets(size)):
            self._draw_sticker(painter, facelet, facelet in outlined, cell)
        if self.hasFocus():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(CURSOR, max(2.0, cell * 0.05), Qt.PenStyle.DashLine))
            painter.drawRect(self.sticker_rect(self.cursor).adjusted(3, 3, -3, -3))
        painter.end()

    def _draw_sticker(self, painter: QPainter, facelet: int, outlined: bool, cell: float) -> None:
        colour = self.editor.colour_at(facelet)
        rect = self.sticker_rect(facelet)
        painter.setPen(Qt.PenStyle.NoPen)
        if colour in (BLANK, GREY):
            painter.setBrush(BLANK_RGB if colour == BLANK else QColor(*GREY_RGB))
        else:
            painter.setBrush(QColor(*self.editor.scheme.rgb[Face(colour)]))
        painter.drawRoundedRect(rect, cell * 0.08, cell * 0.08)
        if colour == BLANK:
            painter.setPen(QColor(60, 60, 60))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "?")
        if self.editor.is_fixed(facelet):  # a small dot: centres are chosen by orientation, not painted
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(0, 0, 0, 90))
            painter.drawEllipse(rect.center(), cell * 0.08, cell * 0.08)
        if outlined:
            width = max(3.0, cell * 0.1)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(OUTLINE, width))
            inset = width / 2.0
            painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), cell * 0.08, cell * 0.08)

    # -- mouse ---------------------------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        facelet = self.facelet_at(event.position())
        if facelet is None:
            return
        self.cursor = facelet
        if event.button() == Qt.MouseButton.RightButton:
            colour = self.editor.colour_at(facelet)
            if colour != BLANK:
                self.current_colour = colour
                self.colour_picked.emit(colour)
        elif event.button() == Qt.MouseButton.LeftButton:
            self._painting = True
            self._paint(facelet, self.current_colour)
        self.update()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if not self._painting:
            return
        facelet = self.facelet_at(event.position())
        if facelet is not None:
            self.cursor = facelet
            self._paint(facelet, self.current_colour)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        self._painting = False
        if self._stroke:
            self.editor.undo_stack.endMacro()
            self._stroke = False

    def _paint(self, facelet: int, colour: int) -> None:
        """Paint within the current stroke; the stroke's undo macro opens at its first real change."""
        if self.editor.is_fixed(facelet) or self.editor.colour_at(facelet) == colour:
            return
        if self._painting and not self._stroke:
            self.editor.undo_stack.beginMacro("paint")
            self._stroke = True
        self.editor.paint(facelet, colour)

    # -- keyboard ------------------------------------------------------------------------------------------------
    def event(self, event: QEvent) -> bool:
        """Take Ctrl+Z / Ctrl+Shift+Z before the window's shortcuts do: here they undo painting."""
        if event.type() == QEvent.Type.ShortcutOverride and self._undo_key(event) is not None:
            event.accept()
            return True
        return super().event(event)

    @staticmethod
    def _undo_key(event: QKeyEvent) -> str | None:
        if event.key() != Qt.Key.Key_Z or not event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            return None
        return "redo" if event.modifiers() & Qt.KeyboardModifier.ShiftModifier else "undo"

    def keyPressEvent(self, event: QKeyEvent) -> None:
        key = event.key()
        undo = self._undo_key(event)
        if undo is not None:
            getattr(self.editor.undo_stack, undo)()
        elif key in MOVES:
            self._move(*MOVES[key])
        elif key in BLANK_KEYS:
            self.editor.paint(self.cursor, BLANK)
        elif (colour := self._colour_of_key(event.text())) is not None:
            if self.editor.is_fixed(self.cursor):
                self._typed_on_centre(colour)
            else:
                self.editor.paint(self.cursor, colour)
                self.current_colour = colour
                self.colour_picked.emit(colour)
            self._advance()
        else:
            super().keyPressEvent(event)
            return
        self.update()

    def _colour_of_key(self, text: str) -> int | None:
        text = text.strip().upper()
        if len(text) != 1:
            return None
        if text == GREY_KEY:
            return GREY
        if text in "123456":
            return int(text) - 1  # 1..6 = the palette in face order U R F D L B
        for face, letter in self.editor.scheme.letters.items():
            if letter == text:
                return int(face)
        return None

    def _move(self, dx: int, dy: int) -> None:
        """One sticker in the arrow's direction, jumping over the empty corners of the net."""
        column, row = self._cell_of_facelet(self.cursor)
        size = self.editor.size
        while True:
            column, row = column + dx, row + dy
            if not (0 <= column < NET_COLUMNS * size and 0 <= row < NET_ROWS * size):
                return
            facelet = self._facelet_of_cell(column, row)
            if facelet is not None:
                self.cursor = facelet
                return

    def _advance(self) -> None:
        """To the next sticker in facelet order, centres included: typing a face's nine letters row by row fills
        that face, the centre's letter being read (centres are fixed) rather than painted on the next sticker."""
        self.cursor = (self.cursor + 1) % n_facelets(self.editor.size)

    def _typed_on_centre(self, colour: int) -> None:
        """A letter typed on a fixed centre is consumed; one that differs from the centre is pointed out."""
        centre = int(self.editor.colours[self.cursor])
        if colour != centre:
            where = self.mapToGlobal(self.sticker_rect(self.cursor).center().toPoint())
            QToolTip.showText(where, CENTRE_MISMATCH, self)
