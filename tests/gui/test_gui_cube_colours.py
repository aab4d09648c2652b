"""What the OpenGL view shows is the model: grab the framebuffer at a fixed camera and check the colour at the
centre of every visible sticker against the model's state."""

from __future__ import annotations

import numpy as np
import pytest
from gui_helpers import classify, pixel, visible_stickers
from PyQt6.QtGui import QImage

from cubeviz.views.gl.animation import AnimationSpeed, ease_in_out
from cubeviz.views.gl.camera import OrbitCamera
from cubeviz.views.gl.cube_view import HINT_BACKGROUND, HINT_FRACTION
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


def _image_array(image) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = image.width(), image.height()
    data = np.frombuffer(image.constBits().asstring(image.sizeInBytes()), dtype=np.uint8)
    return data.reshape(height, image.bytesPerLine())[:, : 3 * width].reshape(height, width, 3).astype(int)


@pytest.mark.parametrize(("size", "turn"), [(3, "R"), (3, "M'"), (3, "U2"), (3, "S"), (3, "Lw"), (2, "F'"), (2, "D")])
@pytest.mark.parametrize("camera", [(35.0, 28.0), (-120.0, -40.0)])
def test_drawing_only_visible_pieces_looks_like_drawing_everything(cube_view, size, turn, camera) -> None:
    """Mid-turn, the frame drawn from the visible pieces equals the frame drawn from every face of every cubie."""
    from cubeviz.views.gl.cube_item import mesh_key

    cube_view.model.set_size(size)
    cube_view.model.apply_text("R U F' L2 D B'" if size == 3 else "R U F'")
    cube_view.camera.yaw, cube_view.camera.pitch = camera
    now = [50.0]
    cube_view.clock = lambda: now[0]
    cube_view.set_speed(AnimationSpeed.SLOW)
    cube_view.model.apply_text(turn)
    now[0] += AnimationSpeed.SLOW.value * 0.4
    culled = _image_array(cube_view.grabFramebuffer())
    item = cube_view.item

    def draw_everything(renderer) -> None:
        renderer.set_colours(item._colours)
        renderer.set_groups(item.group_matrices())
        renderer.draw(mesh_key(item.state.size))

    item.draw = draw_everything
    everything = _image_array(cube_view.grabFramebuffer())
    assert cube_view.animating and cube_view.item.angle != 0.0
    differing = np.abs(culled - everything).max(axis=2) > 24
    assert differing.mean() < 0.0005, differing.sum()


def test_hidden_faces_inset_shows_the_back(cube_view) -> None:
    cube_view.model.apply_text("R U F' L2 D B'")
    cube_view.set_show_hint(True)
    image = cube_view.grabFramebuffer()
    side = int(min(cube_view.width(), cube_view.height()) * HINT_FRACTION)
    x0, y0 = cube_view.width() - side, cube_view.height() - side
    assert pixel(image, x0 + 2, y0 + 2) == pytest.approx(tuple(round(255 * c) for c in HINT_BACKGROUND), abs=2)
    back = OrbitCamera(cube_view.camera.yaw + 180.0, -cube_view.camera.pitch, cube_view.camera.distance)
    centres, normals = cube_view.item.sticker_frames()
    to_eye = back.eye() - centres
    facing = np.einsum("ij,ij->i", normals, to_eye) / np.linalg.norm(to_eye, axis=1) > 0.35
    pixels = back.project(centres[facing], side, side)
    colours = cube_view.model.state.colours()[facing]
    assert len(pixels) >= 20
    for (x, y), colour in zip(pixels, colours, strict=True):
        assert classify(pixel(image, x0 + x, y0 + y), cube_view.item.scheme) == Face(int(colour))
    assert set(np.flatnonzero(facing) // 9) == {Face.D, Face.L, Face.B}  # the faces the main view cannot show


def test_letters_are_drawn_on_the_stickers(cube_view) -> None:
    indices, pixels = visible_stickers(cube_view)
    plain = _image_array(cube_view.grabFramebuffer())
    cube_view.set_show_letters(True)
    lettered = _image_array(cube_view.grabFramebuffer())
    half = 8  # pixels around each sticker centre, where its letter sits
    for x, y in pixels.astype(int):
        patch = np.abs(
            lettered[y - half : y + half, x - half : x + half] - plain[y - half : y + half, x - half : x + half]
        )
        assert (patch.max(axis=2) > 80).sum() >= 6  # glyph strokes in contrast to the sticker
    assert len(indices) == 27


def test_multisampling_smooths_the_outline(qtbot, model) -> None:
    """Where the cube's outline meets the background, a multisampled frame has in-between colours; one drawn
    without samples has none (each pixel is all cube or all background)."""
    from cubeviz.views.gl.cube_view import CubeView

    blended = {}
    for samples in (4, 0):
        view = CubeView(model)
        view.samples = samples
        view.resize(600, 500)
        qtbot.addWidget(view)
        view.show()
        qtbot.waitExposed(view, timeout=20_000)
        image = _image_array(view.grabFramebuffer())
        background = image[2, 2]
        edge = []
        for row in image[100:400]:
            touched = np.flatnonzero(np.abs(row - background).max(axis=1) > 6)
            if len(touched):
                edge.append(row[touched[0]])  # the first pixel of the cube from the left
        luminance = np.array(edge).mean(axis=1)
        blended[samples] = float(np.mean((luminance > 60) & (luminance < background.mean() - 20)))
        view.close()
    assert blended[4] > 0.3 and blended[0] < 0.05, blended


def test_animating_allocates_no_gpu_memory(qtbot, cube_view) -> None:
    """Eight queued turns drawn frame by frame, each frame at a moment of the view's clock the test sets: on the
    real clock a busy machine draws fewer frames and lands several turns in one, and the test would see less."""
    now = [0.0]
    cube_view.clock = lambda: now[0]
    cube_view.set_speed(AnimationSpeed.FAST)
    uploads, allocations = cube_view.renderer.buffer_uploads, cube_view.msaa.allocations
    frames = cube_view.frames_drawn
    cube_view.model.apply_text("R U R' U' M2 E S' F2")
    cube_view.set_show_hint(True)
    turning: list[object] = []  # the layer turn of each frame drawn mid-turn
    while cube_view.animating and now[0] < 10.0:
        now[0] += AnimationSpeed.FAST.value / 8  # a step shorter than the shortest turn (FAST / 6, caught up)
        cube_view.grabFramebuffer()
        if cube_view.item.layer_turn is not None:
            turning.append(cube_view.item.layer_turn)
    assert not cube_view.animating
    changes = sum(a is not b for a, b in zip(turning, turning[1:], strict=False))
    assert changes == 7 and cube_view.frames_drawn - frames >= 8  # every turn seen turning, frame by frame
    assert (cube_view.renderer.buffer_uploads, cube_view.msaa.allocations) == (uploads, allocations)
    assert np.array_equal(cube_view.item.sticker_faces, cube_view.model.state.colours())


def test_documentation_screenshots_are_made_by_the_view(qapp, tmp_path) -> None:
    from cubeviz.views.gl.screenshots import save_screenshots

    paths = save_screenshots(tmp_path, (400, 320))
    assert sorted(paths) == ["letters-hint", "midturn", "scrambled", "solved"]
    solved, midturn = QImage(str(paths["solved"])), QImage(str(paths["midturn"]))
    assert (solved.width(), solved.height()) == (400, 320)
    assert pixel(solved, 2, 2) == pixel(midturn, 2, 2) != pixel(solved, 200, 160)  # background around a cube
    assert _image_array(solved).std() > 20 and not np.array_equal(_image_array(solved), _image_array(midturn))
