"""A big cube as a drawable item: the shown sticker state, the block turn in progress, and what picking and the
view's multisampled rectangle need; the same surface as the 2x2x2/3x3x3 `CubeItem`, drawn by `BigCubeRenderer`."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cubeviz.models.big_cube import is_big
from cubeviz.views.gl.big_cube_mesh import BigCubeGeometry, big_cube_geometry
from cubeviz.views.gl.big_cube_renderer import BigCubeRenderer
from cubeviz.views.gl.cube_geometry import CUBE_HALF_EXTENT, FIRST_STICKER_SLOT, PLASTIC_SLOT
from cubeviz.views.gl.cube_item import PLASTIC_RGB, CubeItem
from cubeviz.views.gl.transforms import rotation
from cubeviz.views.gl.turn_geometry import LayerTurn
from solvers.cube.geometry import Face
from solvers.cube.schemes import ColourScheme
from solvers.nxn.state import NxNState

_BOX_SIGNS = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], dtype=float)


class BigCubeItem:
    """What to draw for one big cube: the state's colours (uploaded when they change) and the turning block."""

    def __init__(self, state: NxNState, scheme: ColourScheme) -> None:
        self.scheme = scheme
        self.layer_turn: LayerTurn | None = None  # layers are the engine's (0 = the R, U or F face)
        self.angle = 0.0
        self._palette_dirty = True
        self.state = state

    @property
    def geometry(self) -> BigCubeGeometry:
        return big_cube_geometry(self.state.size)

    @property
    def state(self) -> NxNState:
        return self._state

    @state.setter
    def state(self, state: NxNState) -> None:
        self._state = state
        self._colours = self._slot_colours()

    @property
    def sticker_faces(self) -> np.ndarray:
        return self._state.colours

    def set_scheme(self, scheme: ColourScheme) -> None:
        self.scheme = scheme
        self._colours = self._slot_colours()

    def set_greyed(self, greyed: Callable | None) -> None:
        """Goal solves (the only users of grey stickers) are for the 3x3x3: a big cube always shows its colours."""

    def sticker_rgb(self, facelet: int) -> tuple[int, int, int]:
        return self.scheme.rgb[Face(int(self._state.colours[facelet]))]

    def _slot_colours(self) -> np.ndarray:
        palette = np.array([self.scheme.rgb[face] for face in Face], dtype=np.float32) / 255.0
        colours = np.empty((FIRST_STICKER_SLOT + len(self._state.colours), 3), dtype=np.float32)
        colours[PLASTIC_SLOT] = PLASTIC_RGB
        colours[FIRST_STICKER_SLOT:] = palette[self._state.colours.astype(int)]
        self._palette_dirty = True
        return colours

    def _turning(self) -> tuple[int, int, int, np.ndarray] | None:
        """(axis, first, last, 4x4 rotation) of the block turning now, or None at rest."""
        turn = self.layer_turn
        if turn is None or self.angle == 0.0:
            return None
        axis = int(turn.axis)
        return axis, min(turn.layers), max(turn.layers), rotation(np.identity(3)[axis], self.angle)

    def corner_points(self) -> np.ndarray:
        """World points enclosing whatever is drawn this frame: the cube's box, and the turning block's box turned."""
        h = CUBE_HALF_EXTENT
        box = _BOX_SIGNS * h
        turning = self._turning()
        if turning is None:
            return box
        axis, first, last, matrix = turning
        geometry = self.geometry
        half = geometry.cubie_width / 2.0
        low, high = geometry.layer_centre(last) - half, geometry.layer_centre(first) + half
        block = _BOX_SIGNS * h
        block[:, axis] = np.where(_BOX_SIGNS[:, axis] < 0, low, high)
        return np.concatenate([box, block @ matrix[:3, :3].T])

    def sticker_frames(self) -> tuple[np.ndarray, np.ndarray]:
        """World centres and normals of every sticker as drawn now (the turning block included)."""
        geometry = self.geometry
        centres, normals = geometry.sticker_centres.copy(), geometry.sticker_normals.copy()
        turning = self._turning()
        if turning is not None:
            axis, first, last, matrix = turning
            layer = geometry.sticker_layer[:, axis]
            moving = (layer >= first) & (layer <= last)
            centres[moving] = centres[moving] @ matrix[:3, :3].T
            normals[moving] = normals[moving] @ matrix[:3, :3].T
        return centres, normals

    def draw(self, renderer: BigCubeRenderer) -> None:
        geometry = self.geometry
        if not renderer.has_mesh(geometry.size):
            renderer.upload(geometry)
        if self._palette_dirty:
            renderer.set_palette(self._colours)
            self._palette_dirty = False
        turning = self._turning()
        if turning is None:
            renderer.set_turn(None, 0, 0, np.identity(4))
            renderer.draw_runs(geometry.size, geometry.draw_runs(renderer.eye, None, 0, 0))
            return
        axis, first, last, matrix = turning
        renderer.set_turn(axis, first, last, matrix)
        renderer.draw_runs(geometry.size, geometry.draw_runs(renderer.eye, axis, first, last))


def item_for(state, scheme: ColourScheme) -> CubeItem | BigCubeItem:
    """The item that draws a cube of this state's size."""
    return BigCubeItem(state, scheme) if is_big(state.size) else CubeItem(state, scheme)
