"""Exports: the 3D view as a PNG of the chosen size showing the model's stickers; a playback as a GIF with one frame
for the start plus `frames_per_turn` per turn, of the chosen size, whose first frame shows the start cube; MP4
without its encoder, an empty playback and a cancel are clear errors that leave no file."""

from __future__ import annotations

import importlib.util

import imageio.v3 as iio
import pytest
from insight_helpers import frame_shows_state, insight_window

from cubeviz.export import ExportError
from cubeviz.insight.animation_export import expected_frames
from cubeviz.insight.export_actions import export_png, playback_path, start_animation_export
from solvers.cube.notation import parse_algorithm

SCRAMBLE = "R U2 F' R' U"


@pytest.fixture
def window(qtbot, monkeypatch):
    yield from insight_window(qtbot, monkeypatch)


def _scramble_and_turn(window, turns: str) -> None:
    start = parse_algorithm(SCRAMBLE, window.model.size).state(window.model.size)
    window.model.set_state(start, f"scramble (test): {SCRAMBLE}")
    window.model.apply_text(turns)


def test_png_at_the_chosen_size_shows_the_cube(window, tmp_path):
    window.set_size(3)
    window.model.apply_text("R U F' L2 D B'")
    window.cube_view.camera.yaw += 25  # the export uses the view's camera, not a default one
    path = tmp_path / "view.png"
    assert export_png(window, path, (640, 360)) == (640, 360)
    image = iio.imread(path)
    assert image.shape == (360, 640, 3)
    assert frame_shows_state(image, window.model.state, window.scheme, window.cube_view.camera) == 27


def test_gif_of_the_turns_since_the_scramble(window, qtbot, tmp_path):
    _scramble_and_turn(window, "F R' U2")
    path = playback_path(window)
    assert path.source == "hand" and len(path.turns) == 3
    file = tmp_path / "turns.gif"
    job = start_animation_export(window, file, (200, 150), fps=10, frames_per_turn=4)
    with qtbot.waitSignal(job.finished, timeout=60000) as blocker:
        pass
    job.wait()
    assert blocker.args == [expected_frames(3, 4)] == [13]
    frames = iio.imread(file, index=None)
    assert frames.shape[:3] == (13, 150, 200)
    checked = frame_shows_state(frames[0][..., :3], path.start, window.scheme, window.cube_view.camera)
    assert checked == 12  # the start cube: three faces of four stickers
    frame_shows_state(frames[-1][..., :3], window.model.state, window.scheme, window.cube_view.camera)


def test_gif_prefers_the_players_solution(window, qtbot, tmp_path):
    player = getattr(window, "player_model", None)
    if player is None:
        pytest.skip("the solve feature (window.player_model) is not installed")
    _scramble_and_turn(window, "R")
    solution = parse_algorithm("U' R U2 R'", 2)
    player.set_solution(window.model.state, solution.turns)
    assert playback_path(window).source == "solution"
    job = start_animation_export(window, tmp_path / "solution.gif", (120, 100), fps=8, frames_per_turn=2)
    with qtbot.waitSignal(job.finished, timeout=60000) as blocker:
        pass
    job.wait()
    assert blocker.args == [1 + 4 * 2]
    frames = iio.imread(tmp_path / "solution.gif", index=None)
    frame_shows_state(frames[0][..., :3], window.model.state, window.scheme, window.cube_view.camera)


def test_cancel_while_drawing_leaves_no_file(window, qtbot, tmp_path):
    _scramble_and_turn(window, "F R' U2 R F'")
    file = tmp_path / "cancelled.gif"
    job = start_animation_export(window, file, (160, 120), fps=10, frames_per_turn=5)
    with qtbot.waitSignal(job.failed, timeout=10000) as blocker:
        job.cancel()
    job.wait()
    assert blocker.args == ["Export cancelled."] and not file.exists()


def test_bad_requests_are_clear_errors(window, tmp_path):
    with pytest.raises(ExportError, match="nothing to play"):
        start_animation_export(window, tmp_path / "empty.gif", (100, 100))
    window.model.apply_text("R")
    with pytest.raises(ExportError, match=".gif or .mp4"):
        start_animation_export(window, tmp_path / "x.avi", (100, 100))
    if importlib.util.find_spec("imageio_ffmpeg") is None:
        with pytest.raises(ExportError, match="imageio-ffmpeg"):
            start_animation_export(window, tmp_path / "x.mp4", (100, 100))
    assert list(tmp_path.iterdir()) == []


def test_closing_the_window_stops_an_export(window, tmp_path):
    _scramble_and_turn(window, "F R' U2 R F'")
    file = tmp_path / "closed.gif"
    job = start_animation_export(window, file, (160, 120), fps=10, frames_per_turn=5)
    window.close()
    assert job.done and not file.exists()
    assert window.insight.exports == []
