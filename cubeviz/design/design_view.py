"""The designer's 3D view: the shape or piece being edited, drawn like a packing, where a click on a face adds a
cube against it and Shift+click (or a right click) removes the cube clicked, as voxel editors do. Cubes with a
constraint colour are drawn in it, variable (+) cubes of the shape paler; while the brush paints colours a click
reports the cube clicked instead (`cell_clicked`)."""

from __future__ import annotations

import numpy as np
from PyQt6.QtCore import Qt, pyqtSignal
from PyQt6.QtGui import QMouseEvent

from cubeviz.views.gl.polycube_item import PolycubeItem
from cubeviz.views.gl.polycube_picking import pick_voxel_face
from cubeviz.views.gl.polycube_view import PolycubeView
from solvers.packing.puzzle import Piece, Puzzle, file_order
from solvers.packing.voxels import Voxel

WORLD_TO_PUZZLE = np.diag([1.0, -1.0, -1.0])  # the item turns puzzle y and z over (see PolycubeItem.world_matrix)


VARIABLE_TINT = 0.55  # a variable cube is drawn this far from its item's colour towards white


def paler(colour: str) -> str:
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(v + (255 - v) * VARIABLE_TINT):02x}" for v in (red, green, blue))


def shape_item(
    cells: frozenset[Voxel],
    colour: str,
    cell_colours: dict[Voxel, str] | None = None,
    variable: frozenset[Voxel] = frozenset(),
) -> PolycubeItem | None:
    """A drawable item holding one shape at rest (its own cells are the target), or None for no cells; coloured
    cells in their constraint colour, variable cells paler."""
    if not cells:
        return None
    target = file_order(list(cells))
    dims = tuple(max(c[axis] for c in target) + 1 for axis in range(3))
    puzzle = Puzzle("design", (Piece("a", target, colour),), target, dims)
    drawn = {v: paler(colour) for v in variable}
    drawn.update(cell_colours or {})
    return PolycubeItem(puzzle, [0], (drawn,) if drawn else ())


class DesignView(PolycubeView):
    """Signals: `voxel_edit(voxel, add)`: add the voxel (a cell beside the one clicked) or remove it."""

    voxel_edit = pyqtSignal(object, bool)
    cell_clicked = pyqtSignal(object)
    painting_cells = False  # the brush paints cubes: a click reports the cube clicked

    def face_under(self, x: float, y: float) -> tuple[Voxel, Voxel] | None:
        """(cell clicked, the neighbouring cell across the face clicked) in the shape's coordinates, or None."""
        if self.item is None:
            return None
        origin, direction = self.camera.ray(x, y, self.width(), self.height())
        centres, owners, half = self.item.voxel_boxes(self.clock())
        hit = pick_voxel_face(centres, half, origin, direction)
        if hit is None:
            return None
        index, world_normal = hit
        cell = self.item.puzzle.target[self.item.cell_of(int(owners[index]))]
        step = np.rint(WORLD_TO_PUZZLE @ world_normal).astype(int)
        return cell, (cell[0] + int(step[0]), cell[1] + int(step[1]), cell[2] + int(step[2]))

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        press, self._press = self._press, None
        if press is None or press["dragged"]:
            return
        hit = self.face_under(event.position().x(), event.position().y())
        if hit is None:
            return
        cell, beside = hit
        if self.painting_cells:
            if event.button() == Qt.MouseButton.LeftButton:
                self.cell_clicked.emit(cell)
            return
        remove = event.button() == Qt.MouseButton.RightButton or bool(
            event.modifiers() & Qt.KeyboardModifier.ShiftModifier
        )
        if event.button() in (Qt.MouseButton.LeftButton, Qt.MouseButton.RightButton):
            self.voxel_edit.emit(cell if remove else beside, not remove)
