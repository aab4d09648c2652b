"""Qt-free geometry of the polycube view: fold bands of the piece mesh, cut faces of the layer view, pose
blending, the assembly timeline and voxel picking."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cubeviz.views.gl.mesh import NORMAL_OFFSET, POSITION_OFFSET, SLOT_OFFSET
from cubeviz.views.gl.polycube_mesh import EDGE_BAND, EDGE_SLOT, FIRST_PIECE_SLOT, kind_mesh, polycube_mesh
from cubeviz.views.gl.polycube_motion import AssemblyTimeline, axis_angle, blend_pose
from cubeviz.views.gl.polycube_picking import pick_voxel
from solvers.packing.geometry import isometries

DOMINO = ((0, 0, 0), (1, 0, 0))


def _face_areas(mesh, normal, x_range) -> tuple[float, float]:
    """(coloured, dark) area on the faces with this normal whose triangles' centres lie in x_range."""
    v = mesh.vertices
    tri = v.reshape(-1, 3, v.shape[1])
    on_face = np.all(np.isclose(tri[:, 0, NORMAL_OFFSET : NORMAL_OFFSET + 3], normal), axis=1)
    centre_x = tri[:, :, POSITION_OFFSET].mean(axis=1)
    chosen = tri[on_face & (centre_x > x_range[0]) & (centre_x < x_range[1])]
    corners = chosen[:, :, POSITION_OFFSET : POSITION_OFFSET + 3]
    areas = np.linalg.norm(np.cross(corners[:, 1] - corners[:, 0], corners[:, 2] - corners[:, 0]), axis=1) / 2
    dark = chosen[:, 0, SLOT_OFFSET] == EDGE_SLOT
    return float(areas[~dark].sum()), float(areas[dark].sum())


INNER = 1 - 2 * EDGE_BAND  # the width of a face's coloured middle


def test_a_lone_cube_has_a_dark_band_all_round_each_face() -> None:
    mesh = kind_mesh(((0, 0, 0),))
    coloured, dark = _face_areas(mesh, (0, 1, 0), (-1, 1))
    assert coloured == pytest.approx(INNER**2) and dark == pytest.approx(1 - INNER**2)
    assert len(mesh.vertices) == 6 * 5 * 2 * 3  # per face: a dark strip, dark-coloured-dark, a dark strip


def test_a_flat_seam_between_voxels_of_one_piece_is_not_outlined() -> None:
    mesh = kind_mesh(DOMINO)
    coloured, dark = _face_areas(mesh, (0, 1, 0), (-0.5, 0.5))  # top of voxel 0
    assert coloured == pytest.approx(INNER**2 + EDGE_BAND * INNER)  # the middle, running on to voxel 1
    assert coloured + dark == pytest.approx(1.0)
    assert mesh.cut[0, 0, 1] > 0 and mesh.cut[1, 1, 1] > 0  # +x of voxel 0, -x of voxel 1: cut faces
    assert mesh.cut[0, 1, 1] == 0


def test_a_face_with_no_fold_is_one_quad() -> None:
    slab = tuple((x, y, 0) for x in range(3) for y in range(3))
    mesh = kind_mesh(slab)
    v = mesh.vertices.reshape(-1, 3, mesh.vertices.shape[1])
    positions = v[:, :, POSITION_OFFSET : POSITION_OFFSET + 3]
    inside = (np.abs(positions[:, :, :2] - 1.0) <= 0.5 + 1e-6).all(axis=(1, 2))
    top_of_centre = inside & np.isclose(positions[:, :, 2], 0.5).all(axis=1)
    facing = np.all(np.isclose(v[:, 0, NORMAL_OFFSET : NORMAL_OFFSET + 3], (0, 0, 1)), axis=1)
    assert (top_of_centre & facing).sum() == 2  # the centre voxel's top: folds nowhere, two triangles


def test_cut_faces_drawn_only_where_the_neighbour_is_hidden() -> None:
    mesh = polycube_mesh([DOMINO], [0, 0])
    first, count = mesh.ranges(np.ones(4, dtype=bool))
    assert count.sum() == mesh.outer[:, 1].sum()
    shown = np.array([True, False, True, True])
    first, count = mesh.ranges(shown)
    assert count.sum() == mesh.outer[[0, 2, 3], 1].sum() + mesh.cut[0, 0, 1]
    slots = mesh.vertices[:, SLOT_OFFSET]
    assert set(np.unique(slots).tolist()) == {EDGE_SLOT, FIRST_PIECE_SLOT, FIRST_PIECE_SLOT + 1}


def test_axis_angle_inverts_every_cube_rotation() -> None:
    from cubeviz.views.gl.transforms import rotation

    for matrix in isometries()[:24]:
        axis, angle = axis_angle(matrix.astype(float))
        rebuilt = rotation(axis, angle)[:3, :3] if angle else np.identity(3)
        assert np.allclose(rebuilt, matrix)


def _pose(matrix, shift) -> np.ndarray:
    out = np.identity(4)
    out[:3, :3] = matrix
    out[:3, 3] = shift
    return out


def test_blend_starts_and_ends_on_the_poses_and_turns_halfway() -> None:
    start = _pose(np.identity(3), [0, 0, 0])
    quarter = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1]], dtype=float)
    end = _pose(quarter, [2, 0, 0])
    centre = np.array([0.5, 0.5, 0.5])
    assert np.allclose(blend_pose(start, end, centre, 0.0), start)
    assert np.allclose(blend_pose(start, end, centre, 1.0), end)
    middle = blend_pose(start, end, centre, 0.5, np.array([0, 0, 1.0]), np.array([0, 0, 1.0]))
    _, angle = axis_angle(middle[:3, :3])
    assert angle == pytest.approx(math.pi / 4)
    held = middle[:3, :3] @ centre + middle[:3, 3]
    assert held[2] == pytest.approx(centre[2] + 1.0)  # drawn out of the box while it travels


def test_a_reflection_is_blended_by_shrinking_and_growing() -> None:
    start = _pose(np.identity(3), [0, 0, 0])
    end = _pose(np.diag([-1.0, 1, 1]), [1, 0, 0])
    centre = np.array([0.5, 0.5, 0.5])
    assert np.allclose(blend_pose(start, end, centre, 0.5)[:3, :3], 0)
    assert abs(np.linalg.det(blend_pose(start, end, centre, 0.75)[:3, :3])) == pytest.approx(0.125)


def test_assembly_timeline_brings_pieces_in_one_by_one() -> None:
    timeline = AssemblyTimeline((2, 0, 1), ((0, -1, 0), (1, 0, 0), (0, -1, 0)), step_seconds=1.0, fly_distance=4.0)
    shown, offsets = timeline.state(0.0)
    assert shown.tolist() == [False, False, True]
    assert offsets[2].tolist() == [0, -4, 0]
    shown, offsets = timeline.state(1.8)  # piece 0 has landed (rest part of its step)
    assert shown.tolist() == [True, False, True] and np.allclose(offsets, 0)
    shown, offsets = timeline.state(timeline.duration)
    assert shown.all() and np.allclose(offsets, 0)


def test_picking_finds_the_nearest_box_on_the_ray() -> None:
    centres = np.array([[0.0, 0, 0], [0, 0, 2], [5, 0, 0]])
    origin, direction = np.array([0.0, 0, 10]), np.array([0.0, 0, -1])
    assert pick_voxel(centres, 0.5, origin, direction) == 1
    assert pick_voxel(centres, 0.5, np.array([3.0, 0, 10]), direction) is None


def test_many_copies_are_cut_into_chunks_that_fit_the_renderer() -> None:
    """150 copies (a BurrTools problem's ranges) pass 64 matrices and 128 colours per draw: each chunk fits, its
    vertices name only its own groups and slots, and every instance is in exactly one chunk, in order."""
    from cubeviz.views.gl.mesh import GROUP_OFFSET
    from cubeviz.views.gl.shaders import MAX_GROUPS, MAX_SLOTS

    kinds = [k % 3 for k in range(150)]
    colours = ({(0, 0, 0): "#0000ff", (1, 0, 0): "#00ff00"}, {}, {(0, 0, 0): "#ff0000"})
    mesh = polycube_mesh([DOMINO, DOMINO, ((0, 0, 0),)], kinds, colours)
    assert len(mesh.chunks) > 2
    covered = []
    for chunk in mesh.chunks:
        assert chunk.count <= MAX_GROUPS and chunk.n_slots <= MAX_SLOTS
        block = mesh.vertices[chunk.vertex_start : chunk.vertex_end]
        assert set(np.unique(block[:, GROUP_OFFSET]).astype(int).tolist()) == set(range(chunk.count))
        assert int(block[:, SLOT_OFFSET].max()) < chunk.n_slots
        covered.extend(range(chunk.first, chunk.first + chunk.count))
        owners = mesh.voxel_instance[(mesh.outer[:, 0] >= chunk.vertex_start) & (mesh.outer[:, 0] < chunk.vertex_end)]
        assert set(owners.tolist()) == set(range(chunk.first, chunk.first + chunk.count))
    assert covered == list(range(150))
    first, count = mesh.ranges(np.ones(len(mesh.voxel_instance), dtype=bool))
    split = mesh.by_chunk(first, count)
    assert [k for k, _, _ in split] == list(range(len(mesh.chunks)))
    assert sum(int(c.sum()) for _, _, c in split) == int(count.sum())


def test_a_few_pieces_are_one_chunk_numbered_as_before() -> None:
    mesh = polycube_mesh([DOMINO], [0, 0, 0])
    assert len(mesh.chunks) == 1 and (mesh.chunks[0].first, mesh.chunks[0].count) == (0, 3)
    assert set(np.unique(mesh.vertices[:, SLOT_OFFSET]).tolist()) == {
        EDGE_SLOT,
        *(FIRST_PIECE_SLOT + j for j in range(3)),
    }
