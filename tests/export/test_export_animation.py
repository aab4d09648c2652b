"""Animation and PNG writers: frame counts, sizes and pixels read back with imageio; errors are typed and clear."""

from __future__ import annotations

import importlib.util
import threading

import imageio.v3 as iio
import numpy as np
import pytest

from cubeviz.export import ExportCancelled, ExportError, write_animation, write_png


def _frames(count: int, height: int = 24, width: int = 32) -> list[np.ndarray]:
    """Flat frames in distinct primary-ish colours, so palette quantisation in GIF cannot blur them together."""
    colours = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (255, 255, 255), (255, 128, 0)]
    return [np.full((height, width, 3), colours[i % len(colours)], np.uint8) for i in range(count)]


def test_gif_frames_size_and_colours_read_back(tmp_path):
    path = tmp_path / "a.gif"
    seen: list[int] = []
    written = write_animation(iter(_frames(5)), path, fps=10, progress=seen.append)
    assert written == 5 and seen == [1, 2, 3, 4, 5]
    back = iio.imread(path, index=None)
    assert back.shape[:3] == (5, 24, 32)
    for i, frame in enumerate(_frames(5)):
        assert np.abs(back[i, ..., :3].astype(int) - frame.astype(int)).max() <= 8


def test_cancel_removes_partial_file(tmp_path):
    path = tmp_path / "c.gif"
    stop = threading.Event()

    def frames():
        for i, frame in enumerate(_frames(10)):
            if i == 3:
                stop.set()
            yield frame

    with pytest.raises(ExportCancelled):
        write_animation(frames(), path, fps=5, stop=stop)
    assert not path.exists()


@pytest.mark.parametrize(
    ("name", "frames", "message"),
    [
        ("x.avi", _frames(2), ".gif or .mp4"),
        ("x.gif", [], "no frames"),
        ("x.gif", [np.zeros((4, 4), np.uint8)], "HxWx3"),
        ("x.gif", [np.zeros((4, 4, 3), np.uint8), np.zeros((5, 4, 3), np.uint8)], "the first was"),
    ],
)
def test_bad_input_is_a_clear_error_and_leaves_no_file(tmp_path, name, frames, message):
    with pytest.raises(ExportError, match=message):
        write_animation(frames, tmp_path / name, fps=5)
    assert not (tmp_path / name).exists()


def test_mp4_without_encoder_names_the_package(tmp_path, monkeypatch):
    real_find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "imageio_ffmpeg" else real_find_spec(name, *a)
    )
    with pytest.raises(ExportError, match="imageio-ffmpeg"):
        write_animation(_frames(2), tmp_path / "x.mp4", fps=5)
    assert not (tmp_path / "x.mp4").exists()


def test_mp4_frames_size_and_colours_read_back(tmp_path):
    pytest.importorskip("imageio_ffmpeg", reason="MP4 needs the video extra (imageio-ffmpeg)")
    import imageio.v2 as imageio

    path = tmp_path / "a.mp4"
    assert write_animation(iter(_frames(6, 48, 64)), path, fps=10) == 6
    reader = imageio.get_reader(path, format="FFMPEG")
    try:
        back = [frame for frame in reader]
    finally:
        reader.close()
    assert len(back) == 6 and back[0].shape == (48, 64, 3)
    for got, want in zip(back, _frames(6, 48, 64), strict=True):  # lossy codec: colours close, not exact
        assert np.abs(got.astype(int) - want.astype(int)).mean() < 20


def test_png_at_chosen_size(tmp_path):
    image = np.zeros((20, 40, 3), np.uint8)
    image[:, 20:] = (0, 0, 255)
    assert write_png(image, tmp_path / "same.png") == (40, 20)
    assert np.array_equal(iio.imread(tmp_path / "same.png"), image)
    assert write_png(image, tmp_path / "big.png", size=(80, 40)) == (80, 40)
    big = iio.imread(tmp_path / "big.png")
    assert big.shape == (40, 80, 3)
    assert tuple(big[20, 5]) == (0, 0, 0) and tuple(big[20, 75]) == (0, 0, 255)
    with pytest.raises(ExportError, match=".png"):
        write_png(image, tmp_path / "x.jpg")


def test_writers_do_not_need_qt():
    """Scripts and the CLI can write animations without Qt: importing and using the writers loads no PyQt6."""
    import subprocess
    import sys

    code = (
        "import sys, tempfile, numpy as np; from cubeviz.export import write_animation; "
        "write_animation([np.zeros((4, 4, 3), np.uint8)], tempfile.mktemp(suffix='.gif'), 5); "
        "assert not any(m.startswith('PyQt6') for m in sys.modules), 'Qt imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
