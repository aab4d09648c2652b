"""Pictures of a cube for export, drawn by a private, never-shown 3D view at the size asked for.

A private `CubeView` on its own `CubeModel` renders at exactly the requested pixel size (no rescaling of a
screen grab), with the main view's camera and colour scheme, so an export looks like what the user sees. On a
high-DPI screen a widget's framebuffer has (logical size x device pixel ratio) pixels, so the view is given the
logical size that comes to the requested pixels. Turns
are drawn mid-way by freezing the view's animation clock, the same way the documentation screenshots do it.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence

import numpy as np
from PyQt6.QtCore import Qt
from PyQt6.QtGui import QImage
from PyQt6.QtWidgets import QApplication

from cubeviz.models.cube_model import CubeModel
from cubeviz.views.gl.animation import HALF_TURN_TIME_FACTOR
from cubeviz.views.gl.camera import OrbitCamera
from cubeviz.views.gl.cube_view import CubeView
from cubeviz.views.gl.turn_geometry import layer_turn_of
from solvers.cube.notation import Algorithm, Turn
from solvers.cube.schemes import ColourScheme
from solvers.cube.state import CubeState
from solvers.nxn.moves import BlockTurn
from solvers.nxn.state import NxNState

MAX_SIDE = 4096  # pixels; larger offscreen targets fail on common drivers
SECONDS_PER_QUARTER = 1.0  # the private view's clock is frozen, so any positive duration works


def image_to_array(image: QImage) -> np.ndarray:
    """HxWx3 uint8 copy of a QImage (converted to RGB888 first, rows padded to 4 bytes are trimmed)."""
    rgb = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = rgb.width(), rgb.height(), rgb.bytesPerLine()
    buffer = np.frombuffer(rgb.constBits().asstring(stride * height), dtype=np.uint8)
    return buffer.reshape(height, stride)[:, : width * 3].reshape(height, width, 3).copy()


class FrameRenderer:
    """Owns a hidden CubeView of `size` = (width, height); `close()` it when done (it holds a GL context)."""

    def __init__(
        self,
        state: CubeState | NxNState,
        scheme: ColourScheme,
        size: tuple[int, int],
        camera: OrbitCamera | None = None,
    ) -> None:
        width, height = int(size[0]), int(size[1])
        if not (1 <= width <= MAX_SIDE and 1 <= height <= MAX_SIDE):
            raise ValueError(f"Image size must be between 1 and {MAX_SIDE} pixels a side, not {width}x{height}.")
        self.model = CubeModel(state.size)
        self.model.set_state(state, "export start")
        self.view = CubeView(self.model, scheme)
        self.view.setMinimumSize(1, 1)
        if camera is not None:
            self.view.camera = copy.copy(camera)
        self.view.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        self.size = (width, height)
        ratio = self.view.devicePixelRatioF()
        self.view.resize(max(1, round(width / ratio)), max(1, round(height / ratio)))
        self.view.animator.seconds_per_quarter = SECONDS_PER_QUARTER
        self._now = 0.0
        self.view.clock = lambda: self._now
        self.view.show()
        app = QApplication.instance()
        while self.view.frames_drawn == 0:
            app.processEvents()

    def grab(self) -> np.ndarray:
        """The current picture as HxWx3 uint8 (exactly the requested size; at a fractional device pixel ratio
        the last pixel of rounding is made up by a smooth rescale)."""
        image = self.view.grabFramebuffer()
        width, height = self.size
        if (image.width(), image.height()) != (width, height):
            image = image.scaled(
                width, height, Qt.AspectRatioMode.IgnoreAspectRatio, Qt.TransformationMode.SmoothTransformation
            )
        return image_to_array(image)

    def frames_of_turn(self, turn: Turn | BlockTurn, steps: int) -> Iterator[np.ndarray]:
        """`steps` pictures of one turn: steps-1 mid-turn angles, then the landed cube."""
        quarters = abs(layer_turn_of(turn, self.model.size).quarters)
        duration = SECONDS_PER_QUARTER * (HALF_TURN_TIME_FACTOR if quarters == 2 else 1.0)
        start = self._now
        self.model.apply_turn(turn)
        for step in range(1, steps):
            self._now = start + duration * step / steps
            yield self.grab()
        self._now = start + duration
        self.view.finish_animation()
        yield self.grab()

    def close(self) -> None:
        self.view.close()
        self.view.deleteLater()


def turns_of(moves: Sequence) -> list[Turn | BlockTurn]:
    """Turns from what a solution may hold: Turns, Moves (engine enums), a big cube's BlockTurns or an Algorithm."""
    if isinstance(moves, Algorithm):
        return list(moves.turns)
    turns: list[Turn | BlockTurn] = []
    for move in moves:
        turns.extend([move] if isinstance(move, Turn | BlockTurn) else Algorithm.from_moves([move]).turns)
    return turns
