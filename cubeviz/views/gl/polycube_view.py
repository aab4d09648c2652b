"""The 3D packing widget: draws a PolycubeItem with the shared renderer, orbit camera and multisampled target,
animates transitions and the assembly, and reports clicks on pieces.

It holds no truth of its own beyond the picture: the packing browser sets the item's poses and options and
listens to `piece_clicked` / `navigate`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import numpy as np
from OpenGL import GL
from PyQt6.QtCore import QPointF, Qt, pyqtSignal
from PyQt6.QtGui import QImage, QKeyEvent, QMouseEvent, QWheelEvent
from PyQt6.QtOpenGLWidgets import QOpenGLWidget

from cubeviz.views.gl.camera import (
    FAR,
    FIELD_OF_VIEW,
    MAX_DISTANCE,
    MIN_DISTANCE,
    NEAR,
    ZOOM_PER_WHEEL_STEP,
    OrbitCamera,
)
from cubeviz.views.gl.cube_view import BACKGROUND, CLICK_SLOP_PIXELS, MSAA_SAMPLES, RECT_MARGIN, surface_format
from cubeviz.views.gl.msaa import MultisampleTarget, Rect
from cubeviz.views.gl.polycube_item import WORLD_EXTENT, PolycubeItem
from cubeviz.views.gl.polycube_picking import pick_voxel
from cubeviz.views.gl.renderer import GroupedMeshRenderer, no_garbage_collection, one_error_check
from cubeviz.views.gl.transforms import perspective

DEFAULT_DISTANCE = 13.0  # a little farther than the cube view: exploded pieces stay in the picture
LAID_OUT_FRAMING = 0.75  # pieces laid out apart are not exploded further at first: less room around them
_NAVIGATION_KEYS = {
    Qt.Key.Key_Right: "next",
    Qt.Key.Key_Down: "next",
    Qt.Key.Key_Left: "previous",
    Qt.Key.Key_Up: "previous",
    Qt.Key.Key_Home: "first",
    Qt.Key.Key_End: "last",
}


def key_rows() -> list[tuple[str, str]]:
    """(keys, what they do) for the help, from the navigation key map."""
    by_action: dict[str, list[str]] = {}
    for key, action in _NAVIGATION_KEYS.items():
        by_action.setdefault(action, []).append(key.name.removeprefix("Key_"))
    return [(", ".join(keys), f"{action} solution") for action, keys in by_action.items()]


class FitCamera(OrbitCamera):
    """The orbit camera, but a tall narrow widget widens the vertical field so the box still fits across, and the
    camera may stand as far back as the pieces need: a hundred pieces laid out apart (a BurrTools problem's copies)
    are framed from well beyond the cube camera's farthest distance and far plane, which would clip them all."""

    farthest = MAX_DISTANCE  # the view raises it to the distance that frames the pieces laid out

    def zoom(self, wheel_steps: float) -> None:
        self.distance = max(MIN_DISTANCE, min(self.farthest, self.distance / ZOOM_PER_WHEEL_STEP**wheel_steps))

    def projection_matrix(self, width: int, height: int) -> np.ndarray:
        aspect = max(width, 1) / max(height, 1)
        fov = FIELD_OF_VIEW
        if aspect < 1.0:
            fov = math.degrees(2.0 * math.atan(math.tan(math.radians(FIELD_OF_VIEW / 2)) / aspect))
        return perspective(fov, aspect, NEAR, max(FAR, 2.0 * self.distance))


class PolycubeView(QOpenGLWidget):
    """Signals: `piece_clicked(instance, file cell, modifiers)`, `background_clicked()`, `navigate(str)` (arrow
    keys), `assembly_changed(float)` (the assembly clock moved)."""

    piece_clicked = pyqtSignal(int, int, object)
    background_clicked = pyqtSignal()
    navigate = pyqtSignal(str)
    assembly_changed = pyqtSignal(float)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFormat(surface_format())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(240, 200)
        self.camera = FitCamera(distance=DEFAULT_DISTANCE)
        self.renderer = GroupedMeshRenderer()
        self.item: PolycubeItem | None = None
        self.clock: Callable[[], float] = time.perf_counter  # tests freeze it to grab a mid-animation frame
        self.samples = MSAA_SAMPLES
        self.msaa: MultisampleTarget | None = None
        self.frames_drawn = 0
        self.assembly_speed = 1.0
        self._playing_since: tuple[float, float] | None = None  # (clock, assembly time) when play started
        self._press: dict | None = None

    # -- item and options ------------------------------------------------------------------------------------------
    def set_item(self, item: PolycubeItem | None) -> None:
        self.item = item
        self._playing_since = None
        self.update()

    def now(self) -> float:
        return self.clock()

    def reset_view(self) -> None:
        """The default camera, moved back as far as the pieces spread beyond the box (laid out apart)."""
        self.camera.reset()
        spread = self.item.extent() / WORLD_EXTENT if self.item is not None else 1.0
        self.camera.distance = DEFAULT_DISTANCE * max(1.0, LAID_OUT_FRAMING * spread)
        self.camera.farthest = max(MAX_DISTANCE, self.camera.distance)
        self.update()

    def front_view(self, fit_width: float) -> None:
        """Face the front plane squarely, far enough back to see ``fit_width`` world units across."""
        self.camera.yaw, self.camera.pitch = 0.0, 0.0
        aspect = max(self.width(), 1) / max(self.height(), 1)
        half = fit_width / 2.0 / min(aspect, 1.0)
        self.camera.distance = min(max(half / math.tan(math.radians(FIELD_OF_VIEW / 2)) + 2.0, 6.0), 30.0)
        self.update()

    @property
    def animating(self) -> bool:
        item = self.item
        return item is not None and (item.transitioning(self.clock()) or self._playing_since is not None)

    # -- assembly playback -----------------------------------------------------------------------------------------
    @property
    def assembly_playing(self) -> bool:
        return self._playing_since is not None

    def play_assembly(self) -> None:
        item = self.item
        if item is None or item.assembly is None:
            return
        if item.assembly_time >= item.assembly.duration:
            item.assembly_time = 0.0
        self._playing_since = (self.clock(), item.assembly_time)
        self.update()

    def pause_assembly(self) -> None:
        self._advance_assembly()
        self._playing_since = None

    def set_assembly_time(self, t: float) -> None:
        item = self.item
        if item is None or item.assembly is None:
            return
        item.assembly_time = min(max(t, 0.0), item.assembly.duration)
        if self._playing_since is not None:
            self._playing_since = (self.clock(), item.assembly_time)
        self.assembly_changed.emit(item.assembly_time)
        self.update()

    def _advance_assembly(self) -> None:
        item = self.item
        if self._playing_since is None or item is None or item.assembly is None:
            return
        started, at = self._playing_since
        item.assembly_time = min(at + (self.clock() - started) * self.assembly_speed, item.assembly.duration)
        if item.assembly_time >= item.assembly.duration:
            self._playing_since = None
        self.assembly_changed.emit(item.assembly_time)

    def render_assembly_frame(self, t: float) -> np.ndarray:
        """The picture of the assembly at ``t`` seconds as an (h, w, 3) uint8 array (for animation export)."""
        self.pause_assembly()
        self.set_assembly_time(t)
        return image_to_rgb(self.grabFramebuffer())

    # -- OpenGL ----------------------------------------------------------------------------------------------------
    def initializeGL(self) -> None:
        self.renderer.initialize()
        self.msaa = MultisampleTarget(MultisampleTarget.supported_samples(self.samples))

    def paintGL(self) -> None:
        self._advance_assembly()
        ratio = self.devicePixelRatioF()
        width, height = int(self.width() * ratio), int(self.height() * ratio)
        with no_garbage_collection(), one_error_check():
            self._render(width, height)
        self.frames_drawn += 1
        if self.animating:
            self.update()

    def _render(self, width: int, height: int) -> None:
        widget_fbo = self.defaultFramebufferObject()
        GL.glClearColor(*BACKGROUND, 1.0)
        GL.glClear(GL.GL_COLOR_BUFFER_BIT | GL.GL_DEPTH_BUFFER_BIT)
        item = self.item
        if item is None:
            return
        if not self.renderer.has_mesh(item.mesh_key):
            self.renderer.upload(item.mesh_key, item.mesh.vertices)
        self.msaa.begin_frame(width, height, widget_fbo)
        GL.glViewport(0, 0, width, height)
        GL.glEnable(GL.GL_DEPTH_TEST)
        GL.glDisable(GL.GL_CULL_FACE)  # mirrored pieces are drawn with a reflection, which flips the winding
        now = self.clock()
        self.renderer.begin_frame(self.camera.projection_matrix(width, height), self.camera.view_matrix())
        item.draw(self.renderer, now, self.camera.eye())
        self.renderer.end_frame()
        if self.msaa.samples:
            rect = self._drawn_rect(item, now, width, height)
            self.msaa.resolve([rect] if rect is not None else [], widget_fbo)

    def _drawn_rect(self, item: PolycubeItem, now: float, width: int, height: int) -> Rect | None:
        points = item.corner_points(now)
        homogeneous = np.hstack([points, np.ones((len(points), 1))]) @ self.camera.view_matrix().T
        if np.any(homogeneous[:, 2] > -0.5):  # something reaches behind the eye: resolve everything
            return Rect(0, 0, width, height)
        pixels = self.camera.project(points, width, height)
        x0, y0 = np.floor(pixels.min(axis=0)).astype(int) - RECT_MARGIN
        x1, y1 = np.ceil(pixels.max(axis=0)).astype(int) + RECT_MARGIN
        return Rect(int(x0), int(height - y1), int(x1 - x0), int(y1 - y0)).clipped(width, height)

    # -- input -----------------------------------------------------------------------------------------------------
    def pick(self, position: QPointF) -> tuple[int, int] | None:
        """(instance, file cell) of the voxel under a widget position, or None."""
        if self.item is None:
            return None
        origin, direction = self.camera.ray(position.x(), position.y(), self.width(), self.height())
        centres, owners, half = self.item.voxel_boxes(self.clock())
        hit = pick_voxel(centres, half, origin, direction)
        if hit is None:
            return None
        voxel = int(owners[hit])
        return int(self.item.mesh.voxel_instance[voxel]), self.item.cell_of(voxel)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = {"start": event.position(), "last": event.position(), "dragged": False}
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        press = self._press
        if press is None:
            return
        position = event.position()
        moved = position - press["start"]
        if abs(moved.x()) + abs(moved.y()) > CLICK_SLOP_PIXELS:
            press["dragged"] = True
        delta = position - press["last"]
        if press["dragged"]:
            self.camera.orbit(delta.x(), delta.y(), self.width())
            self.update()
        press["last"] = position

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        if press is None or press["dragged"] or event.button() != Qt.MouseButton.LeftButton:
            return
        hit = self.pick(event.position())
        if hit is None:
            self.background_clicked.emit()
        else:
            self.piece_clicked.emit(*hit, event.modifiers())

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.camera.zoom(event.angleDelta().y() / 120.0)
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        action = _NAVIGATION_KEYS.get(Qt.Key(event.key()))
        if action is None or event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            super().keyPressEvent(event)
            return
        self.navigate.emit(action)
        event.accept()


def image_to_rgb(image: QImage) -> np.ndarray:
    """A QImage as an (h, w, 3) uint8 array (a copy)."""
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    data = np.frombuffer(image.constBits().asstring(stride * height), dtype=np.uint8).reshape(height, stride)
    return data[:, : width * 3].reshape(height, width, 3).copy()
