"""What the OpenGL view shows is the model: grab the framebuffer at a fixed camera and check the colour at the
centre of every visible sticker against the model's state."""

from __future__ import annotations

import pytest
from gui_helpers import classify, pixel, visible_stickers

from cubeviz.views.gl.animation import AnimationSpeed, ease_in_out
from solvers.cube.geometry import Face
from solvers.cube.notation import Turn

KNOWN_STATES = ["", "R", "R U R' U'", "F2 B2 L' D M S' E2", "x y' R2 U F'", "(R U R' F')3 D2 B"]


def _assert_view_shows_model(view) -> int:
    image = view.grabFramebuffer()
    scheme = view.item.scheme
    colours = view.model.state.colours()
    indices, pixels = visible_stickers(view)
    for facelet, (x, y) in zip(indices.tolist(), pixels, strict=True):
        seen = pixel(image, x, y)
        assert classify(seen, scheme) == Face(int(colours[facelet])), (facelet, seen)
    return len(indices)


@pytest.mark.parametrize("algorithm", KNOWN_STATES)
def test_3x3_sticker_colours_are_the_models(cube_view, algorithm: str) -> None:
    cube_view.model.apply_text(algorithm) if algorithm else None
    assert _assert_view_shows_model(cube_view) == 27  # U, F and R: three faces of nine


@pytest.mark.parametrize("algorithm", ["", "R U2 F'", "x R' U R' D2 R U' R D2 R2"])
def test_2x2_sticker_colours_are_the_models(cube_view, algorithm: str) -> None:
    cube_view.model.set_size(2)
    cube_view.model.apply_text(algorithm) if algorithm else None
    assert _assert_view_shows_model(cube_view) == 12


def test_hidden_faces_from_the_opposite_camera(cube_view) -> None:
    cube_view.model.apply_text("R U F' L2 D B'")
    cube_view.camera.yaw += 180.0
    cube_view.camera.pitch = -cube_view.camera.pitch
    assert _assert_view_shows_model(cube_view) == 27  # D, B and L


def test_scheme_change_recolours(cube_view) -> None:
    from solvers.cube.schemes import load_scheme

    cube_view.set_scheme(load_scheme("japanese"))
    assert _assert_view_shows_model(cube_view) == 27


def test_background_and_plastic(cube_view) -> None:
    image = cube_view.grabFramebuffer()
    r, g, b = pixel(image, 3, 3)
    assert (r, g, b) == pytest.approx((219, 224, 232), abs=3)


def test_mid_turn_frame_rotates_only_the_turning_layer(cube_view) -> None:
    """Freeze the clock halfway through an R turn: the R layer is drawn at the eased angle, F's left columns stay."""
    now = [100.0]
    cube_view.clock = lambda: now[0]
    cube_view.set_speed(AnimationSpeed.SLOW)
    cube_view.model.apply_turn(Turn("R"))
    now[0] += AnimationSpeed.SLOW.value * 0.25
    image = cube_view.grabFramebuffer()
    assert cube_view.item.layer_turn is not None
    assert cube_view.item.angle == pytest.approx(-ease_in_out(0.25) * 3.14159265 / 2, rel=1e-4)
    scheme = cube_view.item.scheme
    indices, pixels = visible_stickers(cube_view)
    shown = cube_view.item.sticker_faces  # still the state before R while it turns
    checked = 0
    for facelet, (x, y) in zip(indices.tolist(), pixels, strict=True):
        assert classify(pixel(image, x, y), scheme) == Face(int(shown[facelet])), facelet
        checked += 1
    assert checked >= 24
    now[0] += AnimationSpeed.SLOW.value
    cube_view.grabFramebuffer()
    assert not cube_view.animating and cube_view.item.state == cube_view.model.state
