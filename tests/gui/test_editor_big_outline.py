"""The big-cube outline frames, without a display: each sticker's frame lies just above its sticker, rings it (no
vertex over the sticker's middle, none past its cubie), and every triangle faces out, so back-face culling keeps
it."""

from __future__ import annotations

import numpy as np
import pytest

from cubeviz.editor.big_outline import FRAME_LIFT, FRAME_OUTER, FRAME_VERTICES, big_outline_frames, frame_inner
from cubeviz.views.gl.big_cube_mesh import big_cube_geometry
from cubeviz.views.gl.mesh import FLOATS_PER_VERTEX, NORMAL_OFFSET, POSITION_OFFSET


@pytest.mark.parametrize("size", [4, 5, 10, 17])
def test_each_frame_rings_its_sticker_just_above_it(size):
    geometry = big_cube_geometry(size)
    frames = big_outline_frames(size)
    stickers = 6 * size * size
    assert frames.shape == (stickers * FRAME_VERTICES, FLOATS_PER_VERTEX)
    points = frames[:, POSITION_OFFSET : POSITION_OFFSET + 3].reshape(stickers, FRAME_VERTICES, 3).astype(float)
    normals = frames[:, NORMAL_OFFSET : NORMAL_OFFSET + 3].reshape(stickers, FRAME_VERTICES, 3).astype(float)
    assert np.array_equal(normals, np.repeat(geometry.sticker_normals[:, None, :], FRAME_VERTICES, axis=1))
    offsets = points - geometry.sticker_centres[:, None, :]
    height = np.einsum("svk,svk->sv", offsets, normals)
    assert np.allclose(height, FRAME_LIFT, atol=1e-5)  # in the plane just above the sticker
    in_plane = offsets - height[:, :, None] * normals
    reach = np.abs(in_plane).max(axis=2) / geometry.cubie_width  # square distance from the sticker's middle
    assert np.allclose(reach.min(), frame_inner(size), atol=1e-4) and np.allclose(reach.max(), FRAME_OUTER, atol=1e-4)
    triangles = points.reshape(stickers, FRAME_VERTICES // 3, 3, 3)
    facing = np.cross(triangles[:, :, 1] - triangles[:, :, 0], triangles[:, :, 2] - triangles[:, :, 0])
    assert (np.einsum("stk,sk->st", facing, geometry.sticker_normals) > 0).all()  # counter-clockwise from outside


def test_frames_are_wider_on_the_biggest_cubes():
    assert frame_inner(9) > frame_inner(10)
    assert FRAME_OUTER - frame_inner(10) == pytest.approx(2 * (FRAME_OUTER - frame_inner(9)))
