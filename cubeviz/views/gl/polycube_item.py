"""One packing as a drawable item: piece poses, colours, exploded view, hidden and highlighted pieces, layer
view, transitions between solutions and the assembly timeline -- everything a frame needs, without OpenGL.

World coordinates: the box is centred on the origin and scaled so its longest side spans ``WORLD_EXTENT`` (the
cube view's camera then suits every puzzle); puzzle y (rows, top to bottom) and z (planes, front to back) are
turned to world -y and -z, a rotation, so the first row is on top and the front plane faces the default camera.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from cubeviz.views.gl.polycube_layout import laid_out_poses
from cubeviz.views.gl.polycube_mesh import EDGE_SLOT, FIRST_PIECE_SLOT, PolycubeMesh, polycube_mesh
from cubeviz.views.gl.polycube_motion import AssemblyTimeline, blend_pose
from cubeviz.views.gl.renderer import GroupedMeshRenderer
from solvers.packing.assembly import up_direction
from solvers.packing.geometry import FACE_NEIGHBOURS
from solvers.packing.puzzle import Puzzle

WORLD_EXTENT = 3.0
EDGE_RGB = (0.07, 0.07, 0.08)
DIM_TOWARDS = np.array([0.86, 0.88, 0.91])  # the view's background: dimmed pieces fade into it
DIM_AMOUNT = 0.7
EXPLODE_SPREAD = 1.6  # at explode 1 a piece's centre is this many times farther out than assembled
TRANSITION_SECONDS = 0.8
TRANSITION_TRAVEL = 2.0  # puzzle units a moving piece is drawn out of the box before it turns
LAYER_AXIS = 2  # planes front to back, as the Soma 27-cell lines list them
LAYER_GAP = 1.0  # puzzle units between planes laid side by side
_MESH_KEYS = itertools.count()


class FramePass(NamedTuple):
    """One draw call of a frame: the group matrices (world space) of one chunk's instances and its vertex ranges."""

    matrices: np.ndarray
    first: np.ndarray
    count: np.ndarray
    chunk: int


def hex_rgb(colour: str) -> tuple[float, float, float]:
    return tuple(int(colour[i : i + 2], 16) / 255.0 for i in (1, 3, 5))


@dataclass
class _Transition:
    start: np.ndarray  # (n, 4, 4) poses
    end: np.ndarray
    t0: float
    duration: float


class PolycubeItem:
    """What to draw for one puzzle; ``set_poses`` switches the solution (optionally animated)."""

    def __init__(
        self,
        puzzle: Puzzle,
        instance_kind: list[int],
        cell_colours: tuple[dict[tuple[int, int, int], str], ...] = (),
    ) -> None:
        """``cell_colours``: per kind, the colour (``#rrggbb``) of single cells of the piece, drawn instead of the
        piece's colour there (a BurrTools file's constraint colours)."""
        self.puzzle = puzzle
        self.mesh: PolycubeMesh = polycube_mesh([p.cells for p in puzzle.pieces], instance_kind, cell_colours)
        self.mesh_key = f"polycube-{next(_MESH_KEYS)}"  # never reused: a recycled id() would find a stale mesh
        n = self.mesh.n_instances
        dims = np.asarray(puzzle.dims, dtype=float)
        self.box_centre = (dims - 1.0) / 2.0
        # Until a solution is shown the pieces lie apart, side by side (see polycube_layout.py).
        self.poses = laid_out_poses([np.asarray(puzzle.pieces[k].cells) for k in instance_kind], self.box_centre)
        self.laid_out = True
        self.explode = 0.0
        self.hidden = np.zeros(n, dtype=bool)
        self.highlight: int | None = None
        self.layer: int | None = None  # show only this plane
        self.side_by_side = False  # lay the planes out left to right
        self.assembly: AssemblyTimeline | None = None
        self.assembly_time = 0.0
        self._transition: _Transition | None = None
        self.scale = WORLD_EXTENT / float(dims.max())
        self.up = np.asarray(up_direction(puzzle), dtype=float)
        kinds = self.mesh.instance_kind
        self.local_centres = np.array([np.mean(puzzle.pieces[k].cells, axis=0) for k in kinds])
        self.base_rgb = np.array([hex_rgb(puzzle.pieces[k].colour) for k in kinds])
        self._cell_index = puzzle.cell_index()
        self.cull_contacts = True  # leave out faces against another piece while at rest (tests compare without)
        self._rest_neighbours: np.ndarray | None = None

    # -- state -----------------------------------------------------------------------------------------------------
    @property
    def n_instances(self) -> int:
        return self.mesh.n_instances

    def set_poses(self, poses: np.ndarray, now: float, animate: bool) -> None:
        poses = np.asarray(poses, dtype=float)
        moving = not np.allclose(poses, self.poses)
        if animate and moving:
            self._transition = _Transition(self.current_poses(now), poses, now, TRANSITION_SECONDS)
        else:
            self._transition = None
        self.poses = poses
        self.laid_out = False
        self._rest_neighbours = None

    def at_rest(self, now: float) -> bool:
        """Every piece drawn sits on its target cells: no transition, no exploded view, no piece flying in."""
        if self.transitioning(now) or self.explode != 0.0:
            return False
        return self.assembly is None or not np.any(self.assembly.state(self.assembly_time)[1])

    def rest_neighbours(self) -> np.ndarray:
        """(N, 6) for each instance-voxel and face direction (FACE_NEIGHBOURS), the instance-voxel on the other side
        of that face when every piece rests on its target cells (-1: none). Cached until the poses change."""
        if self._rest_neighbours is None:
            mesh = self.mesh
            turns = self.poses[mesh.voxel_instance, :3, :3]
            cells = np.rint(np.einsum("nij,nj->ni", turns, mesh.voxel_cell) + self.poses[mesh.voxel_instance, :3, 3])
            cells = cells.astype(np.int64)
            towards = np.rint(np.einsum("nij,dj->ndi", turns, np.asarray(FACE_NEIGHBOURS, dtype=float)))
            dims = np.asarray(self.puzzle.dims, dtype=np.int64)
            grid = np.full(tuple(dims), -1, dtype=np.int64)
            inside = np.all((cells >= 0) & (cells < dims), axis=1)
            grid[tuple(cells[inside].T)] = np.flatnonzero(inside)
            across = cells[:, None, :] + towards.astype(np.int64)
            valid = np.all((across >= 0) & (across < dims), axis=2)
            clipped = np.clip(across, 0, dims - 1)
            self._rest_neighbours = np.where(valid, grid[clipped[..., 0], clipped[..., 1], clipped[..., 2]], -1)
        return self._rest_neighbours

    def transitioning(self, now: float) -> bool:
        return self._transition is not None and now - self._transition.t0 < self._transition.duration

    def finish_transition(self) -> None:
        self._transition = None

    def current_poses(self, now: float) -> np.ndarray:
        tr = self._transition
        if tr is None or now - tr.t0 >= tr.duration:
            self._transition = None
            return self.poses
        s = (now - tr.t0) / tr.duration
        out_start, out_end = self._outward(tr.start), self._outward(tr.end)
        return np.array(
            [
                blend_pose(a, b, c, s, o1, o2) if not np.array_equal(a, b) else b
                for a, b, c, o1, o2 in zip(tr.start, tr.end, self.local_centres, out_start, out_end, strict=True)
            ]
        )

    def _outward(self, poses: np.ndarray) -> np.ndarray:
        """(n, 3) how far a moving piece is drawn out of the box: away from the centre (up for a central piece)."""
        direction = self.piece_centres(poses) - self.box_centre
        norms = np.linalg.norm(direction, axis=1, keepdims=True)
        unit = np.where(norms > 0.25, direction / np.maximum(norms, 1e-9), self.up)
        return unit * TRANSITION_TRAVEL

    # -- geometry of a frame -----------------------------------------------------------------------------------------
    def extent(self) -> float:
        """The longest side, in world units, of the box holding every piece at its target pose (the assembled
        box: WORLD_EXTENT; more while the pieces are laid out apart)."""
        cells = np.einsum("nij,nj->ni", self.poses[self.mesh.voxel_instance, :3, :3], self.mesh.voxel_cell)
        cells = cells + self.poses[self.mesh.voxel_instance, :3, 3]
        return float((cells.max(axis=0) - cells.min(axis=0) + 1.0).max() * self.scale)

    def world_matrix(self) -> np.ndarray:
        """Puzzle coordinates -> world: centre, turn y and z over, scale."""
        m = np.diag([self.scale, -self.scale, -self.scale, 1.0])
        m[:3, 3] = -m[:3, :3] @ self.box_centre
        return m

    def piece_centres(self, poses: np.ndarray | None = None) -> np.ndarray:
        """(n, 3) centre of each piece in puzzle coordinates at the given (default: target) poses."""
        poses = self.poses if poses is None else poses
        return np.einsum("nij,nj->ni", poses[:, :3, :3], self.local_centres) + poses[:, :3, 3]

    def explode_offsets(self) -> np.ndarray:
        """(n, 3) puzzle-unit shifts pushing each piece away from the box centre (zero when assembled)."""
        return (self.piece_centres() - self.box_centre) * (EXPLODE_SPREAD - 1.0) * self.explode

    def instance_matrices(self, now: float) -> tuple[np.ndarray, np.ndarray]:
        """(group matrices in world space, pieces shown) for the frame at ``now``."""
        poses = self.current_poses(now)
        offsets = self.explode_offsets()
        shown = ~self.hidden
        if self.assembly is not None:
            assembled, flying = self.assembly.state(self.assembly_time)
            shown = shown & assembled[: len(shown)]
            offsets = offsets + flying[: len(shown)]
        moved = poses.copy()
        moved[:, :3, 3] += offsets
        return np.einsum("ij,njk->nik", self.world_matrix(), moved), shown

    def voxel_planes(self) -> np.ndarray:
        """(N,) the plane (target coordinate along LAYER_AXIS) each instance-voxel occupies at rest."""
        mesh = self.mesh
        poses = self.poses[mesh.voxel_instance]
        target = np.einsum("nij,nj->ni", poses[:, :3, :3], mesh.voxel_cell) + poses[:, :3, 3]
        return np.rint(target[:, LAYER_AXIS]).astype(int)

    def passes(self, now: float) -> list[tuple[np.ndarray, np.ndarray]]:
        """What to draw: a list of (group matrices, voxels shown) passes -- one, or one per plane side by side."""
        matrices, shown_instances = self.instance_matrices(now)
        voxel_shown = shown_instances[self.mesh.voxel_instance]
        planes = self.voxel_planes()
        if self.layer is not None:
            voxel_shown = voxel_shown & (planes == self.layer)
        if not self.side_by_side:
            return [(matrices, voxel_shown)]
        out = []
        depth = self.puzzle.dims[LAYER_AXIS]
        width = self.puzzle.dims[0] + LAYER_GAP
        for plane in range(depth):
            shift = np.identity(4)
            # plane k moves right by k box widths and back to the front plane, centred as a row
            shift[:3, 3] = self.world_matrix()[:3, :3] @ np.array([(plane - (depth - 1) / 2) * width, 0.0, -plane])
            out.append((np.einsum("ij,njk->nik", shift, matrices), voxel_shown & (planes == plane)))
        return out

    def voxel_boxes(self, now: float) -> tuple[np.ndarray, np.ndarray, float]:
        """(world centres (M, 3), index of the instance-voxel, half size) of every voxel drawn: for picking."""
        centres, owners = [], []
        cells = np.hstack([self.mesh.voxel_cell, np.ones((len(self.mesh.voxel_cell), 1))])
        for matrices, shown in self.passes(now):
            idx = np.flatnonzero(shown)
            m = matrices[self.mesh.voxel_instance[idx]]
            centres.append(np.einsum("nij,nj->ni", m, cells[idx])[:, :3])
            owners.append(idx)
        if not centres:
            return np.zeros((0, 3)), np.zeros(0, dtype=int), self.scale / 2
        return np.concatenate(centres), np.concatenate(owners), self.scale / 2

    def slot_colours(self, chunk: int = 0) -> np.ndarray:
        """(n_slots, 3) the colours of drawing chunk ``chunk`` (see polycube_mesh.py): edges, each instance's colour
        (dimmed unless it is the highlighted one), then the chunk's cell colours."""
        part = self.mesh.chunks[chunk]
        extra = part.cell_slots
        colours = np.empty((part.n_slots, 3), dtype=np.float32)
        colours[EDGE_SLOT] = EDGE_RGB
        own = self.base_rgb.reshape(-1, 3)[part.first : part.first + part.count]
        rgb = np.vstack([own, np.array([hex_rgb(c) for _, c in extra]).reshape(-1, 3)])
        if self.highlight is not None:
            local = np.concatenate([np.arange(part.count), [j for j, _ in extra]]).astype(np.int64)
            owner = np.where(local >= 0, local + part.first, -1)
            dim = (owner != self.highlight) & (owner >= 0)
            rgb[dim] = rgb[dim] * (1.0 - DIM_AMOUNT) + DIM_TOWARDS * DIM_AMOUNT
        colours[FIRST_PIECE_SLOT:] = rgb
        return colours

    def corner_points(self, now: float) -> np.ndarray:
        """World corners of every drawn voxel: whatever is drawn lies within them (for the resolve rectangle)."""
        centres, _, half = self.voxel_boxes(now)
        if not len(centres):
            return np.zeros((1, 3))
        signs = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)], dtype=float)
        return (centres[:, None, :] + signs[None] * half * 1.8).reshape(-1, 3)  # 1.8: room for turning pieces

    def frame_ranges(self, now: float, eye: np.ndarray | None = None) -> list[FramePass]:
        """What the frame at ``now`` draws: per pass and drawing chunk, (group matrices in world space of the
        chunk's instances, first vertices, vertex counts, chunk index) (tests read the drawn triangles from it: a
        vertex's group indexes the matrices); with the camera's ``eye`` (world point) the nearest voxels go first."""
        neighbours = self.rest_neighbours() if self.cull_contacts and self.at_rest(now) else None
        cells = np.hstack([self.mesh.voxel_cell, np.ones((len(self.mesh.voxel_cell), 1))])
        out = []
        for matrices, shown in self.passes(now):
            covered = None if neighbours is None else (neighbours >= 0) & shown[np.maximum(neighbours, 0)]
            depth = None
            if eye is not None:
                centres = np.einsum("nij,nj->ni", matrices[self.mesh.voxel_instance, :3], cells)
                depth = np.linalg.norm(centres - eye, axis=1)
            first, count = self.mesh.ranges(shown, covered, depth)
            for chunk, chunk_first, chunk_count in self.mesh.by_chunk(first, count):
                part = self.mesh.chunks[chunk]
                out.append(FramePass(matrices[part.first : part.first + part.count], chunk_first, chunk_count, chunk))
        return out

    def draw(self, renderer: GroupedMeshRenderer, now: float, eye: np.ndarray | None = None) -> None:
        """Draw the frame at ``now`` (see `frame_ranges`), each chunk with its own colours."""
        colours_of = -1
        for frame_pass in self.frame_ranges(now, eye):
            if frame_pass.chunk != colours_of:
                renderer.set_colours(self.slot_colours(frame_pass.chunk))
                colours_of = frame_pass.chunk
            renderer.set_groups(frame_pass.matrices)
            renderer.draw_ranges(self.mesh_key, frame_pass.first, frame_pass.count)

    def cell_of(self, voxel: int) -> int:
        """File cell index of instance-voxel ``voxel`` at rest."""
        mesh = self.mesh
        pose = self.poses[mesh.voxel_instance[voxel]]
        target = pose[:3, :3] @ mesh.voxel_cell[voxel] + pose[:3, 3]
        return self._cell_index[tuple(int(round(c)) for c in target)]
