"""Big cubes from 10x10x10 up draw frames in motion without multisampling and the picture at rest with it, read
from the pixels: the shipped view's frame is compared with the same frame drawn by a view that never multisamples
and by one that always does."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from cubeviz.insight.frames import image_to_array
from cubeviz.models.cube_model import CubeModel
from cubeviz.views.gl.animation import AnimationSpeed
from cubeviz.views.gl.cube_view import PLAIN_MOTION_SIZE, CubeView
from solvers.nxn.moves import BlockTurn

TURN = BlockTurn(0, 0, 2, 1)  # 3Rw


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _view(qtbot, size: int, **settings) -> tuple[CubeView, _Clock]:
    """A shown view of a solved cube on a clock that stands still; `settings` (samples, plain_motion_size) are set
    before its first frame, where the multisampled target is made."""
    view = CubeView(CubeModel(size))
    for name, value in settings.items():
        setattr(view, name, value)
    clock = _Clock()
    view.clock = clock
    view.set_speed(AnimationSpeed.NORMAL)
    qtbot.addWidget(view)
    view.resize(683, 384)
    view.show()
    qtbot.waitExposed(view, timeout=20_000)
    return view, clock


def _frames(qtbot, size: int, **settings) -> tuple[np.ndarray, np.ndarray, bool, bool]:
    """(picture half-way through 3Rw, picture after it landed, plain then?, plain after?) of a view with
    `settings` (samples, plain_motion_size) changed from the shipped ones."""
    view, clock = _view(qtbot, size, **settings)
    view.model.apply_turn(TURN)
    clock.now = view.animator.seconds_per_quarter / 2
    moving = image_to_array(view.grabFramebuffer())
    plain_moving = view._plain_frame()
    clock.now = 10.0
    landed = image_to_array(view.grabFramebuffer())
    assert not view.animator.busy
    view.close()  # each big view holds its buffers and GL context: three per test would pile up in one worker
    view.deleteLater()
    return moving, landed, plain_moving, view._plain_frame()


def _differ(a: np.ndarray, b: np.ndarray) -> int:
    return int(np.count_nonzero(np.abs(a.astype(int) - b.astype(int)).sum(axis=2)))


@pytest.mark.parametrize("size", (PLAIN_MOTION_SIZE, 17))
def test_a_big_cube_turning_is_drawn_plain_and_at_rest_antialiased(qtbot, size) -> None:
    moving, landed, plain_moving, plain_landed = _frames(qtbot, size)
    assert plain_moving and not plain_landed
    never_moving, never_landed, _, _ = _frames(qtbot, size, samples=0)
    always_moving, always_landed, _, _ = _frames(qtbot, size, plain_motion_size=sys.maxsize)
    assert _differ(moving, never_moving) == 0 and _differ(moving, always_moving) > 500
    assert _differ(landed, always_landed) == 0 and _differ(landed, never_landed) > 500


def test_smaller_cubes_stay_antialiased_while_turning(qtbot) -> None:
    moving, _landed, plain_moving, _ = _frames(qtbot, PLAIN_MOTION_SIZE - 1)
    always_moving, _, _, _ = _frames(qtbot, PLAIN_MOTION_SIZE - 1, plain_motion_size=sys.maxsize)
    assert not plain_moving and _differ(moving, always_moving) == 0
