"""Colour letters painted over the stickers that face the viewer, for telling colours apart without seeing them."""

from __future__ import annotations

import numpy as np
from PyQt6.QtCore import QRectF, Qt
from PyQt6.QtGui import QColor, QFont, QPainter
from PyQt6.QtWidgets import QWidget

from cubeviz.views.gl.camera import OrbitCamera
from cubeviz.views.gl.cube_item import CubeItem
from solvers.cube.geometry import Face

LETTER_HEIGHT_FRACTION = 0.045  # letter size relative to the widget height
DARK, LIGHT = QColor(20, 20, 20), QColor(245, 245, 245)
LIGHT_STICKER = 140  # stickers brighter than this (0..255 luminance) get a dark letter


def paint_letters(widget: QWidget, item: CubeItem, camera: OrbitCamera) -> None:
    """Paint with QPainter on `widget` (after its OpenGL drawing): each visible sticker's colour letter, centred,
    dark on light colours and light on dark ones. Stickers without a face colour (an editor's blanks) get none."""
    centres, normals = item.sticker_frames()
    visible = np.einsum("ij,ij->i", normals, camera.eye() - centres) > 0
    pixels = camera.project(centres, widget.width(), widget.height())
    size = max(8, int(widget.height() * LETTER_HEIGHT_FRACTION))
    font = QFont()
    font.setBold(True)
    font.setPixelSize(size)
    painter = QPainter(widget)
    painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
    painter.setFont(font)
    faces = set(int(face) for face in Face)
    for facelet in np.flatnonzero(visible).tolist():
        face = int(item.sticker_faces[facelet])
        if face not in faces:
            continue
        r, g, b = item.scheme.rgb[Face(face)]
        painter.setPen(DARK if 0.299 * r + 0.587 * g + 0.114 * b > LIGHT_STICKER else LIGHT)
        x, y = pixels[facelet]
        box = QRectF(x - size, y - size, 2 * size, 2 * size)
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, item.scheme.letters[Face(face)])
    painter.end()
