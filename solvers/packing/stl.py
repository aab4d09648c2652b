"""Printable pieces: binary STL of each piece lying flat, of all pieces laid out on a plate, and of an assembled
solution (each piece a separate solid), in millimetres, with a gap that lets printed pieces fit together.

The meshes come from ``voxel_mesh.voxel_mesh`` (closed 2-manifolds, outward normals). STL has no units; slicers read
millimetres, which is what every length here is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import numpy as np

from solvers.packing.assembly import up_direction
from solvers.packing.cover import CoverProblem
from solvers.packing.errors import PackingError
from solvers.packing.mesh import MAX_GAP, Mesh
from solvers.packing.voxel_mesh import voxel_mesh
from solvers.packing.voxels import N_ROTATIONS, Voxel, apply, isometry_matrices, normalise

MAX_UNIT = 1000.0  # mm per cell: a metre-sized cube is a typo, not a print
MAX_PLATE = 10_000.0  # mm
_STL_RECORD = np.dtype([("normal", "<f4", 3), ("vertices", "<f4", (3, 3)), ("attribute", "<u2")])


class PrintOptionsError(PackingError, ValueError):
    """A unit, gap, spacing or plate width that cannot be printed; the message says which and why."""


@dataclass(frozen=True)
class PrintOptions:
    """Lengths in millimetres. ``gap`` is taken off every outer face of every piece, so two pieces that touch in
    the puzzle end up ``2 * gap`` apart; ``bevel`` chamfers the outer edges (0: sharp); ``spacing`` separates
    pieces on a plate, whose rows are at most ``plate_width`` wide (a wider piece gets a row of its own)."""

    unit: float = 10.0
    gap: float = 0.1
    spacing: float = 5.0
    plate_width: float = 200.0
    bevel: float = 0.0

    def __post_init__(self) -> None:
        for name in ("unit", "gap", "spacing", "plate_width", "bevel"):
            if not math.isfinite(getattr(self, name)):
                raise PrintOptionsError(f"the {name.replace('_', ' ')} must be a number of millimetres")
        if not 0 < self.unit <= MAX_UNIT:
            raise PrintOptionsError(f"the unit must be above 0 and at most {MAX_UNIT:g} mm, not {self.unit:g}")
        if not 0 <= self.gap < MAX_GAP * self.unit:
            raise PrintOptionsError(
                f"the gap must be at least 0 and below a quarter of the unit ({MAX_GAP * self.unit:g} mm), "
                f"not {self.gap:g}"
            )
        if not 0 <= self.bevel < MAX_GAP * self.unit - self.gap:
            raise PrintOptionsError(
                f"the bevel must be at least 0 and, with the gap, below a quarter of the unit "
                f"({MAX_GAP * self.unit:g} mm), not {self.bevel:g}"
            )
        if not 0 <= self.spacing <= MAX_PLATE:
            raise PrintOptionsError(f"the spacing must be 0 to {MAX_PLATE:g} mm, not {self.spacing:g}")
        if not 0 < self.plate_width <= MAX_PLATE:
            raise PrintOptionsError(f"the plate width must be above 0 and at most {MAX_PLATE:g} mm")


class PieceLike(Protocol):
    """What printing needs of a piece: a puzzle's ``Piece`` and the designer's draft pieces both have it."""

    name: str
    count: int

    @property
    def cells(self) -> Iterable[Sequence[int]]: ...


def resting_pose(cells: Iterable[Sequence[int]]) -> tuple[Voxel, ...]:
    """The piece turned (never mirrored) to lie on its largest flat face: the most cells in the bottom layer,
    then the lowest, then the smallest footprint; moved to the origin."""
    shape = normalise(cells)

    def score(turned: tuple[Voxel, ...]) -> tuple[int, int, int]:
        top = [max(c[axis] for c in turned) + 1 for axis in range(3)]
        return (-sum(1 for c in turned if c[2] == 0), top[2], top[0] * top[1])

    poses = [normalise(apply(m, shape)) for m in isometry_matrices()[:N_ROTATIONS]]
    return min(poses, key=score)


def piece_mesh(cells: Iterable[Sequence[int]], options: PrintOptions) -> Mesh:
    """One piece in its resting pose, its bounding box's low corner at the origin (lying on z = 0)."""
    mesh = voxel_mesh(resting_pose(cells), unit=options.unit, gap=options.gap, bevel=options.bevel)
    return mesh.moved(shift=[float(-v) for v in mesh.bounds()[0]])


def plate_mesh(pieces: Sequence[PieceLike], options: PrintOptions) -> Mesh:
    """Every copy of every piece in its resting pose, laid out in rows on the XY plane (a shelf packing, deepest
    pieces first), ``options.spacing`` apart."""
    meshes = []
    for piece in pieces:
        mesh = piece_mesh(piece.cells, options)
        meshes.extend([mesh] * piece.count)
    return Mesh.join(shelf_layout(meshes, options.spacing, options.plate_width))


def shelf_layout(meshes: Sequence[Mesh], spacing: float, width: float) -> list[Mesh]:
    """The meshes (each with its low corner at the origin) moved into rows: left to right while a row stays within
    ``width``, deepest first so each row's depth is set by its first piece."""
    sizes = [mesh.bounds()[1] for mesh in meshes]
    order = sorted(range(len(meshes)), key=lambda i: (-sizes[i][1], -sizes[i][0], i))
    placed: list[Mesh] = []
    x = y = row_depth = 0.0
    for i in order:
        w, d = float(sizes[i][0]), float(sizes[i][1])
        if x > 0 and x + w > width:
            x, y, row_depth = 0.0, y + row_depth + spacing, 0.0
        placed.append(meshes[i].moved(shift=(x, y, 0.0)))
        x += w + spacing
        row_depth = max(row_depth, d)
    return placed


def solution_mesh(problem: CoverProblem, rows: Iterable[int], options: PrintOptions) -> Mesh:
    """An assembled solution: each placed piece a separate solid in its place, the puzzle's "up" turned to +z
    and the whole resting on z = 0. Needs a gap above 0, or touching pieces would share faces."""
    if options.gap <= 0:
        raise PrintOptionsError("an assembled solution needs a gap above 0, so that the pieces print apart")
    target = np.asarray(problem.puzzle.target, dtype=np.int64)
    turn = _up_to_z(up_direction(problem.puzzle))
    meshes = []
    for row in rows:
        cells = problem.row_cells[int(row)]
        if (cells < 0).all():  # a copy the assembly leaves unused (BurrTools' count ranges)
            continue
        voxels = target[cells[cells >= 0]] @ turn.T
        meshes.append(voxel_mesh(voxels, unit=options.unit, gap=options.gap, bevel=options.bevel))
    mesh = Mesh.join(meshes)
    return mesh.moved(shift=[float(-v) for v in mesh.bounds()[0]])


def _up_to_z(up: Sequence[int]) -> np.ndarray:
    """A rotation taking the unit vector ``up`` to +z (about the x axis when ``up`` lies in the yz plane)."""
    if tuple(up) == (0, -1, 0):
        return np.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]])  # y (rows top to bottom) down, z (front to back) as y
    if tuple(up) == (0, 0, -1):
        return np.array([[1, 0, 0], [0, -1, 0], [0, 0, -1]])
    raise ValueError(f"no turn for up direction {tuple(up)}")


def stl_bytes(mesh: Mesh, title: str = "") -> bytes:
    """Binary STL: an 80-byte header (never starting with "solid", which some readers take for ASCII STL), the
    triangle count, then per triangle its unit normal (from its winding), its three corners, and 0."""
    header = f"cubeviz {title}".encode("ascii", "replace")[:80].ljust(80, b" ")
    corners = mesh.vertices[mesh.triangles]
    normals = np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0])
    normals /= np.linalg.norm(normals, axis=1, keepdims=True)
    records = np.zeros(len(corners), dtype=_STL_RECORD)
    records["normal"] = normals
    records["vertices"] = corners
    return header + np.uint32(len(records)).tobytes() + records.tobytes()


def write_stl(path: str | Path, mesh: Mesh, title: str = "") -> None:
    """Write ``mesh`` as binary STL (OSError when the path cannot be written)."""
    Path(path).write_bytes(stl_bytes(mesh, title))


def piece_file_name(index: int, piece: PieceLike) -> str:
    """``03-e.stl``; a name that is not a plain letter or digit is spelled by its code point (``05-u002a.stl``),
    and ``-x6`` tells how many copies to print. The number keeps ``a`` and ``A`` apart on any file system."""
    name = piece.name if re.fullmatch(r"[A-Za-z0-9]", piece.name) else f"u{ord(piece.name):04x}"
    copies = f"-x{piece.count}" if piece.count > 1 else ""
    return f"{index + 1:02d}-{name}{copies}.stl"


def write_piece_files(directory: str | Path, pieces: Sequence[PieceLike], options: PrintOptions) -> list[Path]:
    """One STL per kind of piece, lying flat at the origin, in ``directory`` (made if missing)."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for index, piece in enumerate(pieces):
        path = folder / piece_file_name(index, piece)
        write_stl(path, piece_mesh(piece.cells, options), f"piece {piece.name}")
        written.append(path)
    return written
