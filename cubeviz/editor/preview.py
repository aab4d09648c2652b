"""The live 3D picture of the colouring being entered: the app's CubeView drawing raw sticker colours (blank and
impossible colourings too), with the stickers a problem names outlined, at any size (a big cube's frames are in
big_outline.py). Dragging orbits; it never turns.
"""

from __future__ import annotations

import math

import numpy as np
from PyQt6.QtCore import QPointF
from PyQt6.QtGui import QKeyEvent, QMouseEvent, QPolygonF

from cubeviz.editor.big_outline import (  # one frame shape at every size (wider bars from 10x10x10 up)
    FRAME_INNER,
    FRAME_LIFT,
    FRAME_OUTER,
    FRAME_VERTICES,
    big_outline_frames,
    big_outline_key,
    frame_inner,
)
from cubeviz.editor.checks import BLANK
from cubeviz.editor.editor_model import EditorModel
from cubeviz.editor.grey_paint import GREY, GREY_RGB
from cubeviz.models.big_cube import is_big
from cubeviz.models.cube_model import CubeModel
from cubeviz.views.gl.big_cube_item import BigCubeItem
from cubeviz.views.gl.big_cube_mesh import STICKER_HALF as BIG_STICKER_HALF
from cubeviz.views.gl.camera import DEFAULT_PITCH, OrbitCamera
from cubeviz.views.gl.cube_geometry import FIRST_STICKER_SLOT, PLASTIC_SLOT, cube_geometry
from cubeviz.views.gl.cube_item import PLASTIC_RGB, CubeItem
from cubeviz.views.gl.cube_view import CubeView
from cubeviz.views.gl.mesh import MeshBuilder, face_tangents
from solvers.cube.geometry import Face
from solvers.cube.schemes import ColourScheme
from solvers.cube.state import CubeState
from solvers.nxn.state import NxNState

BLANK_RGB = (0.55, 0.55, 0.57)
OUTLINE_RGB = (1.0, 0.0, 0.85)  # magenta: no scheme has it
FACING = 0.05  # a sticker is outlined when its normal faces the eye by more than this
MAX_PITCH = 60.0  # degrees: orbiting to show a sticker on U or D stops short of looking straight down


def outline_key(size: int) -> str:
    return f"editor-outline{size}"


def outline_frames(size: int) -> np.ndarray:
    """Vertices of a thin square frame just above every sticker, facelet order, FRAME_VERTICES each."""
    geometry = cube_geometry(size)
    builder = MeshBuilder()
    outer, inner = FRAME_OUTER * geometry.cubie_width, FRAME_INNER * geometry.cubie_width
    for facelet in range(len(geometry.sticker_group)):
        normal = geometry.sticker_normals[facelet]
        centre = geometry.sticker_centres[facelet] + FRAME_LIFT * normal
        u, v = geometry.sticker_tangents(facelet)
        group, slot = int(geometry.sticker_group[facelet]), FIRST_STICKER_SLOT + facelet
        for a, b in ((u, v), (v, -u), (-u, -v), (-v, u)):  # four bars, each a quad of two triangles
            p = [centre + outer * (a - b), centre + outer * (a + b), centre + inner * (a + b), centre + inner * (a - b)]
            builder.triangle(p[0], p[1], p[2], normal, group, slot)
            builder.triangle(p[0], p[2], p[3], normal, group, slot)
    return builder.array()


class ColouringItem(CubeItem):
    """A CubeItem whose sticker colours are given directly (any colouring, BLANK allowed), not read from a state."""

    def set_colouring(self, size: int, colours: np.ndarray) -> None:
        self._state = CubeState.solved(size)  # only its size is used: which mesh to draw
        self._faces = np.asarray(colours, dtype=np.int64)
        self._colours = self._slot_colours()

    def _slot_colours(self) -> np.ndarray:
        return colouring_slots(self.scheme, self._faces)


class BigColouringItem(BigCubeItem):
    """The big cube's item showing given colours (BLANK and GREY too) rather than a state's."""

    _faces: np.ndarray | None = None

    def set_colouring(self, size: int, colours: np.ndarray) -> None:
        self._faces = np.asarray(colours, dtype=np.int64)
        self.state = NxNState.solved(size)  # only its size is used: which mesh to draw; recolours from _faces

    def _slot_colours(self) -> np.ndarray:
        faces = self._faces
        if faces is None or len(faces) != len(self._state.colours):
            faces = self._state.colours.astype(np.int64)
        self._palette_dirty = True
        return colouring_slots(self.scheme, faces)


def colouring_slots(scheme: ColourScheme, faces: np.ndarray) -> np.ndarray:
    """A colour per mesh slot: the plastic, then each sticker's colour (grey-blue for BLANK, grey for GREY)."""
    palette = np.array([scheme.rgb[face] for face in Face] + [[0, 0, 0], GREY_RGB], dtype=np.float32) / 255.0
    palette[len(Face)] = BLANK_RGB
    indices = np.where(faces == BLANK, len(Face), faces)
    indices = np.where(indices == GREY, len(Face) + 1, indices).astype(int)
    colours = np.empty((FIRST_STICKER_SLOT + len(indices), 3), dtype=np.float32)
    colours[PLASTIC_SLOT] = PLASTIC_RGB
    colours[FIRST_STICKER_SLOT:] = palette[indices]
    return colours


class PreviewView(CubeView):
    """CubeView of an EditorModel. A private CubeModel only carries the size (CubeView listens to one)."""

    def __init__(self, editor: EditorModel, parent=None) -> None:
        self._carrier = CubeModel(editor.size)
        super().__init__(self._carrier, editor.scheme, parent)
        self._carrier.setParent(self)
        self.editor = editor
        kind = BigColouringItem if is_big(editor.size) else ColouringItem
        self.item: ColouringItem | BigColouringItem = kind(self._carrier.state, editor.scheme)
        self.show_hint = True  # the hidden faces matter when copying a whole cube
        editor.changed.connect(self.refresh)
        editor.changed.connect(self.show_outlined)
        editor.size_changed.connect(self._carrier.set_size)
        self.refresh()

    def refresh(self) -> None:
        size = self.editor.size
        if isinstance(self.item, BigColouringItem) != is_big(size):  # the editor switched to or from a big cube
            kind = BigColouringItem if is_big(size) else ColouringItem
            self.item = kind(self._carrier.state if self._carrier.size == size else _solved(size), self.editor.scheme)
        self.item.scheme = self.editor.scheme
        self.item.set_colouring(self.editor.size, self.editor.colours)
        self.update()

    def show_outlined(self) -> None:
        """Orbit so the outlined stickers face the viewer when none of them does (they may all be at the back)."""
        outlined = sorted(self.editor.verdict.outlined)
        if not outlined or self._facing(outlined, self.camera):
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

    # -- outlines: a magenta frame mesh per sticker, drawn for the outlined ones (main view and hidden-faces view)
    def initializeGL(self) -> None:
        super().initializeGL()
        for size in (2, 3):
            self.renderer.upload(outline_key(size), outline_frames(size))

    def _draw_with(self, camera: OrbitCamera, width: int, height: int) -> None:
        super()._draw_with(camera, width, height)
        outlined = np.array(sorted(self.editor.verdict.outlined), dtype=np.int32)
        if not len(outlined):
            return
        first = outlined * FRAME_VERTICES
        if isinstance(self.item, BigColouringItem):
            self._draw_big_outlines(camera, width, height, first)
            return
        colours = np.tile(np.array(OUTLINE_RGB, dtype=np.float32), (self.item.geometry.n_slots, 1))
        self.renderer.set_colours(colours)
        self.renderer.draw_ranges(outline_key(self.item.geometry.size), first, np.full_like(first, FRAME_VERTICES))

    def _draw_big_outlines(self, camera: OrbitCamera, width: int, height: int, first: np.ndarray) -> None:
        """The frames over a big cube, drawn by the grouped-mesh renderer after the big cube's own (the preview
        never turns a layer: one group, at rest). The size's frame mesh is uploaded the first time it is needed."""
        size = self.item.geometry.size
        key = big_outline_key(size)
        if not self.renderer.has_mesh(key):
            self.renderer.upload(key, big_outline_frames(size))
        self.renderer.begin_frame(camera.projection_matrix(width, height), camera.view_matrix())
        self.renderer.set_groups(np.identity(4)[None])
        self.renderer.set_colours(np.tile(np.array(OUTLINE_RGB, dtype=np.float32), (FIRST_STICKER_SLOT + 1, 1)))
        self.renderer.draw_ranges(key, first, np.full_like(first, FRAME_VERTICES))

    def _facing(self, facelets: list[int], camera: OrbitCamera) -> list[int]:
        """The given stickers whose faces turn towards `camera` (more than the FACING cosine)."""
        centres, normals = self.item.sticker_frames()
        eye = camera.eye()
        facing = []
        for facelet in facelets:
            to_eye = eye - centres[facelet]
            if float(normals[facelet] @ to_eye) / float(np.linalg.norm(to_eye)) > FACING:
                facing.append(facelet)
        return facing

    def outline_polygons(self, facelets: list[int], camera: OrbitCamera, width: int, height: int) -> list[QPolygonF]:
        """Screen quadrilaterals of the given stickers that face `camera` (tests read them too)."""
        centres, normals = self.item.sticker_frames()
        geometry = self.item.geometry
        half = BIG_STICKER_HALF * geometry.cubie_width if isinstance(self.item, BigColouringItem) else None
        polygons = []
        for facelet in self._facing(facelets, camera):
            u, v = face_tangents(normals[facelet])
            side = half if half is not None else geometry.sticker_half  # type: ignore[union-attr]
            corners = [centres[facelet] + side * (a * u + b * v) for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
            pixels = camera.project(np.array(corners), width, height)
            polygons.append(QPolygonF([QPointF(float(x), float(y)) for x, y in pixels]))
        return polygons

    def outline_points(self, facelets: list[int], camera: OrbitCamera, width: int, height: int) -> np.ndarray:
        """Screen points in the middle of each frame bar of the given stickers that face `camera` (for tests)."""
        centres, normals = self.item.sticker_frames()
        size = self.item.geometry.size
        inner = frame_inner(size) if isinstance(self.item, BigColouringItem) else FRAME_INNER
        middle = (FRAME_OUTER + inner) / 2.0 * self.item.geometry.cubie_width
        points = []
        for facelet in self._facing(facelets, camera):
            u, v = face_tangents(normals[facelet])
            lifted = centres[facelet] + FRAME_LIFT * normals[facelet]  # where the frame is drawn
            points += [lifted + middle * side for side in (u, v, -u, -v)]
        return camera.project(np.array(points), width, height) if points else np.empty((0, 2))

    # -- input: orbit and zoom only ------------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        position = event.position()
        self._press = {"button": event.button(), "start": position, "last": position, "hit": None, "turned": False}
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        event.ignore()


def _solved(size: int) -> CubeState | NxNState:
    return NxNState.solved(size) if is_big(size) else CubeState.solved(size)
