"""The 3D cube widget: draws the model's cube, animates its turns, and turns it by mouse and keyboard.

The model is the truth: a hand turn is sent to the model at once and comes back as `turned`, which queues the
animation; so the history is right even while the picture is still catching up.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np
from OpenGL import GL
from PyQt6.QtCore import QPointF, Qt, pyqtSignal
from PyQt6.QtGui import QKeyEvent, QMouseEvent, QSurfaceFormat, QWheelEvent
from PyQt6.QtOpenGLWidgets import QOpenGLWidget

from cubeviz.models.big_cube import is_big, state_after
from cubeviz.models.cube_model import CubeModel
from cubeviz.views.gl.animation import QUARTER_ANGLE, AnimationSpeed, TurnAnimator
from cubeviz.views.gl.big_cube_input import LayerKeys, click_block_turn, drag_block_turn, hover_text
from cubeviz.views.gl.big_cube_item import BigCubeItem, item_for
from cubeviz.views.gl.big_cube_mesh import big_cube_geometry
from cubeviz.views.gl.big_cube_renderer import BigCubeRenderer
from cubeviz.views.gl.camera import OrbitCamera
from cubeviz.views.gl.cube_geometry import cube_geometry
from cubeviz.views.gl.cube_item import CubeItem, mesh_key
from cubeviz.views.gl.hover_hint import hover_hint
from cubeviz.views.gl.keyboard import turn_for_key
from cubeviz.views.gl.letters import paint_letters
from cubeviz.views.gl.msaa import MultisampleTarget, Rect
from cubeviz.views.gl.picking import click_turn, drag_turn, pick_sticker, plane_point
from cubeviz.views.gl.renderer import GroupedMeshRenderer, gl_strings, no_garbage_collection, one_error_check
from cubeviz.views.gl.turn_geometry import layer_turn_of
from solvers.cube.notation import Turn
from solvers.cube.schemes import ColourScheme, load_scheme

BACKGROUND = (0.86, 0.88, 0.91)
HINT_BACKGROUND = (0.78, 0.80, 0.84)  # the hidden-faces inset: a slightly darker panel
MSAA_SAMPLES = 4
RECT_MARGIN = 3  # pixels around the cube's projected box that are resolved too
DRAG_THRESHOLD = 0.3  # a drag turns once it has moved this many cubie widths across the face
CLICK_SLOP_PIXELS = 6  # a press and release closer than this is a click
HINT_FRACTION = 0.28  # the hidden-faces view takes this share of the width and height
# From this size up, frames in motion (a turn playing, an orbit drag) are drawn without multisampling, and the
# picture it comes to rest on with it: on llvmpipe 4x MSAA nearly doubles a 17x17x17 frame, and the eye does not
# see jagged edges on stickers that move (benchmarks/RESULTS-view3d.md).
PLAIN_MOTION_SIZE = 10


def surface_format() -> QSurfaceFormat:
    """OpenGL 3.3 core with a depth buffer. No multisampling here: the view multisamples its own target (msaa.py)."""
    fmt = QSurfaceFormat()
    fmt.setRenderableType(QSurfaceFormat.RenderableType.OpenGL)
    fmt.setVersion(3, 3)
    fmt.setProfile(QSurfaceFormat.OpenGLContextProfile.CoreProfile)
    fmt.setDepthBufferSize(24)
    return fmt


class CubeView(QOpenGLWidget):
    """OpenGL view of a CubeModel. Options: `show_letters`, `show_hint`, `set_speed()`, `reset_view()`.
    `hint_changed(text)` says what a click where the mouse is would do ("" when it leaves)."""

    hint_changed = pyqtSignal(str)

    def __init__(self, model: CubeModel, scheme: ColourScheme | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setFormat(surface_format())
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(240, 200)
        self.setMouseTracking(True)  # hover hints: what a click would do
        self._hint = ""
        self.model = model
        self.camera = OrbitCamera()
        self.item: CubeItem | BigCubeItem = item_for(model.state, scheme or load_scheme())
        self.renderer = GroupedMeshRenderer()
        self.big_renderer = BigCubeRenderer()  # 4x4x4 and up (big_cube_mesh.py)
        self.layer_keys = LayerKeys()  # a layer number typed before a face key, on big cubes
        self.animator = TurnAnimator(model.size, self._landed)
        self.clock: Callable[[], float] = time.perf_counter  # tests freeze it to grab a mid-turn frame
        self.show_letters = False
        self.show_hint = False
        self.frames_drawn = 0
        self.gl_renderer = self.gl_version = ""  # known once the first frame has set up OpenGL
        self.samples = MSAA_SAMPLES  # set before the first paint; 0 draws without multisampling
        self.msaa: MultisampleTarget | None = None
        self.plain_motion_size = PLAIN_MOTION_SIZE  # (the benchmark sets it out of reach to compare)
        self._rect_cache: tuple = (None, None)
        self._press: dict | None = None
        self._held: tuple | None = None  # (layer turn, angle) held still part-way: the solution player's scrubber
        model.turned.connect(self._on_turned)
        model.state_reset.connect(self._on_reset)
        model.size_changed.connect(self._on_size)

    # -- options -------------------------------------------------------------------------------------------------
    def set_speed(self, speed: AnimationSpeed) -> None:
        self.animator.seconds_per_quarter = speed.value
        if speed is AnimationSpeed.INSTANT:
            self.animator.finish_all()
            self.update()

    def set_scheme(self, scheme: ColourScheme) -> None:
        self.item.set_scheme(scheme)
        self.update()

    def set_greyed(self, greyed) -> None:
        """Grey the stickers `greyed(state) -> bool[n_facelets]` picks (a goal solve's don't-care pieces)."""
        self.item.set_greyed(greyed)
        self.update()

    def set_show_letters(self, on: bool) -> None:
        self.show_letters = on
        self.update()

    def set_show_hint(self, on: bool) -> None:
        self.show_hint = on
        self.update()

    def reset_view(self) -> None:
        self.camera.reset()
        self.update()

    @property
    def animating(self) -> bool:
        return self.animator.busy

    def finish_animation(self) -> None:
        self.animator.finish_all()
        self.item.layer_turn = None
        self.update()

    def hold_turn(self, turn: Turn | None, fraction: float = 0.0) -> None:
        """Show `turn` held `fraction` (0..1) of the way over the shown state, without changing the model (the
        solution player's scrubber between two moves); None or a new model turn or reset lets go. Letting go
        leaves a turn in progress alone, so a played move still animates; holding lands it first."""
        self._held = None
        if turn is not None and fraction > 0.0:
            self.finish_animation()
            layer_turn = layer_turn_of(turn, self.model.size)
            self._held = (layer_turn, fraction * layer_turn.quarters * QUARTER_ANGLE)
        self.update()

    # -- model signals -------------------------------------------------------------------------------------------
    def _on_turned(self, turn: Turn) -> None:
        self._held = None
        self.animator.push(turn, self.clock())
        self.update()

    def _landed(self, turn: Turn) -> None:
        self.item.state = state_after(self.item.state, turn)
        self.item.layer_turn = None

    def _on_reset(self) -> None:
        self._held = None
        self.animator.clear()
        self.item.layer_turn = None
        self.item.state = self.model.state
        self.update()

    def _on_size(self, size: int) -> None:
        self.animator.clear()
        self.animator.size = size
        self.layer_keys.prefix = ""
        if isinstance(self.item, BigCubeItem) != is_big(size):
            self.item = item_for(self.model.state, self.item.scheme)
        self._on_reset()

    def _pick_geometry(self):
        """The sticker frames picking uses: the 2x2x2/3x3x3 mesh's, or the big cube's."""
        size = self.model.size
        return big_cube_geometry(size) if is_big(size) else cube_geometry(size)

    # -- OpenGL --------------------------------------------------------------------------------------------------
    def initializeGL(self) -> None:
        self.gl_renderer, self.gl_version = gl_strings()
        self.renderer.initialize()
        self.big_renderer.initialize()  # a big cube's buffer is uploaded when it is first drawn
        for size in (2, 3):  # both puzzles uploaded once; switching only changes which mesh is drawn
            self.renderer.upload(mesh_key(size), cube_geometry(size).vertices)
        self.msaa = MultisampleTarget(MultisampleTarget.supported_samples(self.samples))
        GL.glEnable(GL.GL_DEPTH_TEST)
        GL.glEnable(GL.GL_CULL_FACE)

    def paintGL(self) -> None:
        with no_garbage_collection():
            progress = self.animator.advance(self.clock()) or self._held
            self.item.layer_turn, self.item.angle = progress if progress else (None, 0.0)
            ratio = self.devicePixelRatioF()
            width, height = int(self.width() * ratio), int(self.height() * ratio)
            with one_error_check():
                self._render(width, height)
            self.frames_drawn += 1
            if self.show_letters:
                self._draw_letters()
        if self.animator.busy:
            self.update()

    def _render(self, width: int, height: int) -> None:
        """Clear, draw the main view and the inset into the multisampled target, resolve into the widget."""
        widget_fbo = self.defaultFramebufferObject()
        GL.glClearColor(*BACKGROUND, 1.0)
        GL.glClear(GL.GL_COLOR_BUFFER_BIT | GL.GL_DEPTH_BUFFER_BIT)
        multisampled = not self._plain_frame() and self.msaa.begin_frame(width, height, widget_fbo)
        GL.glEnable(GL.GL_DEPTH_TEST)
        GL.glEnable(GL.GL_CULL_FACE)
        drawn: list[Rect] = []
        for camera, viewport, regions, background in self._regions(width, height):
            GL.glViewport(viewport.x, viewport.y, viewport.width, viewport.height)
            if background != BACKGROUND:  # an inset panel: clear just its square (glClear ignores the viewport)
                GL.glEnable(GL.GL_SCISSOR_TEST)
                GL.glScissor(viewport.x, viewport.y, viewport.width, viewport.height)
                GL.glClearColor(*background, 1.0)
                GL.glClear(GL.GL_COLOR_BUFFER_BIT | GL.GL_DEPTH_BUFFER_BIT)
                GL.glDisable(GL.GL_SCISSOR_TEST)
            self._draw_with(camera, viewport.width, viewport.height)
            drawn.extend(rect for rect in (region.clipped(width, height) for region in regions) if rect is not None)
        self.renderer.end_frame()
        self.big_renderer.end_frame()
        if multisampled:
            self.msaa.resolve(drawn, widget_fbo)
        GL.glViewport(0, 0, width, height)

    def _plain_frame(self) -> bool:
        """Whether this frame goes without multisampling: a big cube in motion (see PLAIN_MOTION_SIZE)."""
        if self.model.size < self.plain_motion_size or not isinstance(self.item, BigCubeItem):
            return False
        return self.animator.busy or bool(self._press and self._press.get("orbited"))

    def _regions(self, width: int, height: int) -> list[tuple[OrbitCamera, Rect, list[Rect], tuple[float, ...]]]:
        """(camera, viewport, rectangles to resolve, background) of the main view and the hidden-faces inset."""
        full = Rect(0, 0, width, height)
        regions = [(self.camera, full, self._cube_rects(self.camera, width, height), BACKGROUND)]
        if self.show_hint:
            side = int(min(width, height) * HINT_FRACTION)
            inset = Rect(width - side, 0, side, side)  # bottom-right corner (OpenGL counts y upwards)
            regions.append((self._back_camera(), inset, [inset], HINT_BACKGROUND))
        return regions

    def _cube_rects(self, camera: OrbitCamera, width: int, height: int) -> list[Rect]:
        """The pixels the cube covers: the projected corners of its cubies as they stand in this frame (cached
        while nothing moves)."""
        item = self.item
        turn = None if item.layer_turn is None else (item.layer_turn, item.angle)
        key = (camera.yaw, camera.pitch, camera.distance, width, height, item.state.size, turn)
        if self._rect_cache[0] != key:
            pixels = camera.project(item.corner_points(), width, height)
            x0, y0 = np.floor(pixels.min(axis=0)).astype(int) - RECT_MARGIN
            x1, y1 = np.ceil(pixels.max(axis=0)).astype(int) + RECT_MARGIN
            self._rect_cache = (key, [Rect(int(x0), int(height - y1), int(x1 - x0), int(y1 - y0))])
        return self._rect_cache[1]

    def _draw_with(self, camera: OrbitCamera, width: int, height: int) -> None:
        renderer = self.big_renderer if isinstance(self.item, BigCubeItem) else self.renderer
        renderer.begin_frame(camera.projection_matrix(width, height), camera.view_matrix())
        self.item.draw(renderer)

    def _draw_letters(self) -> None:
        paint_letters(self, self.item, self.camera)

    # -- input ---------------------------------------------------------------------------------------------------
    def _view_at(self, position: QPointF) -> tuple[OrbitCamera, QPointF, int, int]:
        """(camera, viewport origin, viewport size) under a widget position: inside the hidden-faces inset its back
        camera, so the hidden stickers can be clicked and dragged there too; elsewhere the main camera."""
        if self.show_hint:
            side = int(min(self.width(), self.height()) * HINT_FRACTION)
            origin = QPointF(self.width() - side, self.height() - side)
            if position.x() >= origin.x() and position.y() >= origin.y():
                return self._back_camera(), origin, side, side
        return self.camera, QPointF(0.0, 0.0), self.width(), self.height()

    def _back_camera(self) -> OrbitCamera:
        return OrbitCamera(self.camera.yaw + 180.0, -self.camera.pitch, self.camera.distance)

    def _ray(self, position: QPointF, view: tuple | None = None) -> tuple[np.ndarray, np.ndarray]:
        camera, origin, width, height = view or self._view_at(position)
        local = position - origin
        return camera.ray(local.x(), local.y(), width, height)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        view = self._view_at(event.position())
        hit = pick_sticker(self._pick_geometry(), *self._ray(event.position(), view))
        self._press = {
            "button": event.button(),
            "modifiers": event.modifiers(),
            "start": event.position(),
            "last": event.position(),
            "hit": hit,
            "turned": False,
            "view": view,  # a drag keeps following the view it started in
        }
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        press = self._press
        if press is None:
            hit = pick_sticker(self._pick_geometry(), *self._ray(event.position()))
            big = is_big(self.model.size) and hit is not None
            self._show_hint(hover_text(self._pick_geometry(), hit.facelet) if big else hover_hint(hit, self.model.size))
            return
        position = event.position()
        if press["hit"] is None:
            delta = position - press["last"]
            self.camera.orbit(delta.x(), delta.y(), self.width())
            press["orbited"] = True
            self.update()
        elif not press["turned"]:
            press["modifiers"] |= event.modifiers()
            self._maybe_drag_turn(press, position)
        press["last"] = position

    def _maybe_drag_turn(self, press: dict, position: QPointF) -> None:
        geometry = self._pick_geometry()
        hit = press["hit"]
        point = plane_point(geometry, hit.facelet, *self._ray(position, press.get("view")))
        if point is None:
            return
        drag = point - hit.point
        if np.linalg.norm(drag) >= DRAG_THRESHOLD * geometry.cubie_width:
            press["turned"] = True
            if is_big(self.model.size):
                wide = bool(press["modifiers"] & Qt.KeyboardModifier.ShiftModifier)
                self.model.apply_turn(drag_block_turn(geometry, hit.facelet, drag, wide))
            else:
                self.model.apply_turn(drag_turn(geometry, hit.facelet, drag))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        if press is not None and press.get("orbited"):
            self.update()  # the picture at rest, antialiased again
        if press is None or press["hit"] is None or press["turned"]:
            return
        moved = event.position() - press["start"]
        if abs(moved.x()) + abs(moved.y()) > CLICK_SLOP_PIXELS:
            return
        clockwise = press["button"] == Qt.MouseButton.LeftButton
        if press["button"] in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            click = click_block_turn if is_big(self.model.size) else click_turn
            self.model.apply_turn(click(self._pick_geometry(), press["hit"].facelet, clockwise))

    def leaveEvent(self, event) -> None:
        self._show_hint("")
        super().leaveEvent(event)

    def _show_hint(self, text: str) -> None:
        if text != self._hint:
            self._hint = text
            self.hint_changed.emit(text)

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.camera.zoom(event.angleDelta().y() / 120.0)
        self.update()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if is_big(self.model.size):
            self._big_key(event)
            return
        turn = turn_for_key(event.key(), event.modifiers(), self.model.size)
        if turn is None:
            super().keyPressEvent(event)
            return
        self.model.apply_turn(turn)
        event.accept()

    def _big_key(self, event: QKeyEvent) -> None:
        """Keys on a big cube: a typed layer number is kept for the face key that follows it."""
        turn = self.layer_keys.turn_for_key(event.key(), event.modifiers(), self.model.size)
        if turn is not None:
            self.model.apply_turn(turn)
        elif not self.layer_keys.prefix:
            super().keyPressEvent(event)
            return
        event.accept()

    def contextMenuEvent(self, event) -> None:
        event.accept()  # the right button turns anticlockwise; no menu
