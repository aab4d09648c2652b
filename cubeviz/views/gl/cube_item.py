"""The cube as a drawable item: colours from a state and a scheme, cubie matrices for a turn in progress.

Kept apart from the widget so another view (the solution player) can draw the same item, and so the
packing browser has a model to copy: an item supplies a mesh key, group matrices and slot colours.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from cubeviz.views.gl.cube_geometry import FIRST_STICKER_SLOT, PLASTIC_SLOT, CubeGeometry, cube_geometry
from cubeviz.views.gl.renderer import GroupedMeshRenderer
from cubeviz.views.gl.transforms import rotation
from cubeviz.views.gl.turn_geometry import LayerTurn
from solvers.cube.geometry import Face
from solvers.cube.schemes import ColourScheme
from solvers.cube.state import CubeState

PLASTIC_RGB = (0.045, 0.045, 0.05)
GREY_STICKER_RGB = (0.42, 0.42, 0.44)  # a "don't care" sticker of a goal solve


def mesh_key(size: int) -> str:
    return f"cube{size}"


class CubeItem:
    """What to draw for one cube: which mesh, the sticker colours of the shown state, the layer turn in progress."""

    def __init__(self, state: CubeState, scheme: ColourScheme) -> None:
        self.scheme = scheme
        self.greyed: Callable[[CubeState], np.ndarray] | None = None  # state -> stickers to show grey
        self.state = state
        self.layer_turn: LayerTurn | None = None
        self.angle = 0.0

    @property
    def geometry(self) -> CubeGeometry:
        return cube_geometry(self.state.size)

    @property
    def state(self) -> CubeState:
        return self._state

    @state.setter
    def state(self, state: CubeState) -> None:
        self._state = state
        self._faces = state.colours()
        self._colours = self._slot_colours()

    @property
    def sticker_faces(self) -> np.ndarray:
        """The face colour (Face id) shown on each facelet."""
        return self._faces

    def set_scheme(self, scheme: ColourScheme) -> None:
        self.scheme = scheme
        self._colours = self._slot_colours()

    def set_greyed(self, greyed: Callable[[CubeState], np.ndarray] | None) -> None:
        """Grey the stickers `greyed(state)` picks, for every state shown from now on (None: full colour)."""
        self.greyed = greyed
        self._colours = self._slot_colours()

    def sticker_rgb(self, facelet: int) -> tuple[int, int, int]:
        return self.scheme.rgb[Face(int(self._faces[facelet]))]

    def _slot_colours(self) -> np.ndarray:
        palette = np.array([self.scheme.rgb[face] for face in Face], dtype=np.float32) / 255.0
        colours = np.empty((FIRST_STICKER_SLOT + len(self._faces), 3), dtype=np.float32)
        colours[PLASTIC_SLOT] = PLASTIC_RGB
        colours[FIRST_STICKER_SLOT:] = palette[self._faces.astype(int)]
        if self.greyed is not None:
            colours[FIRST_STICKER_SLOT:][self.greyed(self._state)] = GREY_STICKER_RGB
        return colours

    def group_matrices(self) -> np.ndarray:
        """(n_cubies, 4, 4): identity, except the cubies of the turning layer, rotated by the current angle."""
        geometry = self.geometry
        matrices = np.repeat(np.identity(4)[None], geometry.n_groups, axis=0)
        if self.layer_turn is not None and self.angle != 0.0:
            axis_vector = np.identity(3)[int(self.layer_turn.axis)]
            moving = np.isin(geometry.cubie_coords[:, int(self.layer_turn.axis)], list(self.layer_turn.layers))
            matrices[moving] = rotation(axis_vector, self.angle)
        return matrices

    def corner_points(self) -> np.ndarray:
        """World corners of every cubie as currently drawn, (n_cubies * 8, 3): whatever is drawn lies within them."""
        geometry = self.geometry
        signs = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], dtype=float)
        rest = geometry.cubie_coords[:, None, :] * geometry.spacing + signs[None] * (geometry.cubie_width / 2.0)
        if self.layer_turn is None or self.angle == 0.0:
            return rest.reshape(-1, 3)
        rotations = self.group_matrices()[:, :3, :3]
        return np.einsum("gij,gkj->gki", rotations, rest).reshape(-1, 3)

    def sticker_frames(self) -> tuple[np.ndarray, np.ndarray]:
        """World centres and normals of every sticker as currently drawn (the turning layer included)."""
        geometry = self.geometry
        matrices = self.group_matrices()[geometry.sticker_group]
        centres = np.einsum("nij,nj->ni", matrices[:, :3, :3], geometry.sticker_centres) + matrices[:, :3, 3]
        normals = np.einsum("nij,nj->ni", matrices[:, :3, :3], geometry.sticker_normals)
        return centres, normals

    def draw(self, renderer: GroupedMeshRenderer) -> None:
        renderer.set_colours(self._colours)
        renderer.set_groups(self.group_matrices())
        turning = self.layer_turn is not None and self.angle != 0.0
        axis, layers = (int(self.layer_turn.axis), self.layer_turn.layers) if turning else (None, frozenset())
        renderer.draw_ranges(mesh_key(self.state.size), *self.geometry.draw_ranges(axis, layers))
