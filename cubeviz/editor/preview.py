"""The live 3D picture of the colouring being entered: the app's CubeView drawing raw sticker colours (blank and
impossible colourings too), with the stickers a problem names outlined. Dragging orbits; it never turns.
"""

from __future__ import annotations

import math

import numpy as np
from OpenGL import GL
from PyQt6.QtCore import QPointF, Qt
from PyQt6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPen, QPolygonF

from cubeviz.editor.checks import BLANK
from cubeviz.editor.editor_model import EditorModel
from cubeviz.models.cube_model import CubeModel
from cubeviz.views.gl.camera import DEFAULT_PITCH, OrbitCamera
from cubeviz.views.gl.cube_geometry import FIRST_STICKER_SLOT, PLASTIC_SLOT
from cubeviz.views.gl.cube_item import PLASTIC_RGB, CubeItem
from cubeviz.views.gl.cube_view import HINT_FRACTION, CubeView
from solvers.cube.geometry import Face
from solvers.cube.state import CubeState

BLANK_RGB = (0.55, 0.55, 0.57)
OUTLINE = QColor(255, 0, 200)
FACING = 0.05  # a sticker is outlined when its normal faces the eye by more than this
MAX_PITCH = 60.0  # degrees: orbiting to show a sticker on U or D stops short of looking straight down


class ColouringItem(CubeItem):
    """A CubeItem whose sticker colours are given directly (any colouring, BLANK allowed), not read from a state."""

    def set_colouring(self, size: int, colours: np.ndarray) -> None:
        self._state = CubeState.solved(size)  # only its size is used: which mesh to draw
        self._faces = np.asarray(colours, dtype=np.int64)
        self._colours = self._slot_colours()

    def _slot_colours(self) -> np.ndarray:
        palette = np.array([self.scheme.rgb[face] for face in Face] + [[0, 0, 0]], dtype=np.float32) / 255.0
        palette[len(Face)] = BLANK_RGB
        faces = np.where(self._faces == BLANK, len(Face), self._faces).astype(int)
        colours = np.empty((FIRST_STICKER_SLOT + len(faces), 3), dtype=np.float32)
        colours[PLASTIC_SLOT] = PLASTIC_RGB
        colours[FIRST_STICKER_SLOT:] = palette[faces]
        return colours


class PreviewView(CubeView):
    """CubeView of an EditorModel. A private CubeModel only carries the size (CubeView listens to one)."""

    def __init__(self, editor: EditorModel, parent=None) -> None:
        self._carrier = CubeModel(editor.size)
        super().__init__(self._carrier, editor.scheme, parent)
        self._carrier.setParent(self)
        self.editor = editor
        self.item = ColouringItem(self._carrier.state, editor.scheme)
        self.show_hint = True  # the hidden faces matter when copying a whole cube
        editor.changed.connect(self.refresh)
        editor.changed.connect(self.show_outlined)
        editor.size_changed.connect(self._carrier.set_size)
        self.refresh()

    def refresh(self) -> None:
        self.item.scheme = self.editor.scheme
        self.item.set_colouring(self.editor.size, self.editor.colours)
        self.update()

    def show_outlined(self) -> None:
        """Orbit so the outlined stickers face the viewer when none of them does (they may all be at the back)."""
        outlined = sorted(self.editor.verdict.outlined)
        if not outlined or self.outline_polygons(outlined, self.camera, self.width(), self.height()):
            return
        _, normals = self.item.sticker_frames()
        mean = normals[outlined].mean(axis=0)
        if np.linalg.norm(mean) < 1e-6:
            mean = normals[outlined[0]]
        mean = mean / np.linalg.norm(mean)
        self.camera.yaw = math.degrees(math.atan2(mean[0], mean[2])) + 20.0  # a little off-axis shows depth
        self.camera.pitch = max(-MAX_PITCH, min(MAX_PITCH, math.degrees(math.asin(mean[1])) or DEFAULT_PITCH))
        self.update()

    def _on_reset(self) -> None:
        self.animator.clear()
        self.item.layer_turn = None
        self.refresh()

    # -- outlines ------------------------------------------------------------------------------------------------
    def paintGL(self) -> None:
        super().paintGL()
        outlined = sorted(self.editor.verdict.outlined)
        if not outlined:
            return
        width, height = self.width(), self.height()
        GL.glDisable(GL.GL_DEPTH_TEST)  # QPainter's lines must not be depth-tested against the cube
        GL.glDisable(GL.GL_CULL_FACE)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(OUTLINE, 3.0))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for polygon in self.outline_polygons(outlined, self.camera, width, height):
            painter.drawPolygon(polygon)
        if self.show_hint:
            side = int(min(width, height) * HINT_FRACTION)
            back = OrbitCamera(self.camera.yaw + 180.0, -self.camera.pitch, self.camera.distance)
            for polygon in self.outline_polygons(outlined, back, side, side):
                polygon.translate(width - side, height - side)
                painter.drawPolygon(polygon)
        painter.end()

    def outline_polygons(self, facelets: list[int], camera: OrbitCamera, width: int, height: int) -> list[QPolygonF]:
        """Screen quadrilaterals of the given stickers that face `camera` (tests read them too)."""
        geometry = self.item.geometry
        centres, normals = self.item.sticker_frames()
        eye = camera.eye()
        polygons = []
        for facelet in facelets:
            to_eye = eye - centres[facelet]
            if float(normals[facelet] @ to_eye) / float(np.linalg.norm(to_eye)) <= FACING:
                continue
            u, v = geometry.sticker_tangents(facelet)
            half = geometry.sticker_half
            corners = [centres[facelet] + half * (a * u + b * v) for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            pixels = camera.project(np.array(corners), width, height)
            polygons.append(QPolygonF([QPointF(float(x), float(y)) for x, y in pixels]))
        return polygons

    # -- input: orbit and zoom only ------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        position = event.position()
        self._press = {"button": event.button(), "start": position, "last": position, "hit": None, "turned": False}
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        event.ignore()
