"""Write frames to an animated GIF or MP4, and a single frame to a PNG at a chosen size, through imageio.

The suffix of the path decides the format. MP4 needs the `imageio-ffmpeg` package; when it is missing the caller
gets an `ExportError` naming it before any file is created, so the GUI can say exactly what to install.
"""

from __future__ import annotations

import importlib.util
import threading
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np

ANIMATION_SUFFIXES = (".gif", ".mp4")


class ExportError(ValueError):
    """A picture or animation cannot be written: bad path, bad frame, or a missing encoder package."""


class ExportCancelled(Exception):
    """The stop event was set while frames were being written; the partial file has been removed."""


def check_animation_path(path: str | Path) -> str:
    """Return the format ("gif" or "mp4") the path asks for, or raise `ExportError` saying why it cannot be written.

    Called before rendering any frame, so a user who lacks the MP4 encoder learns it at once, not after a long wait.
    """
    suffix = Path(path).suffix.lower()
    if suffix not in ANIMATION_SUFFIXES:
        raise ExportError(f"Cannot write an animation to '{Path(path).name}': use a .gif or .mp4 file name.")
    if suffix == ".mp4" and importlib.util.find_spec("imageio_ffmpeg") is None:
        raise ExportError("MP4 export needs the 'imageio-ffmpeg' package (pip install imageio-ffmpeg); GIF works.")
    return suffix[1:]


def _check_frame(frame: np.ndarray, index: int, shape: tuple[int, ...] | None) -> np.ndarray:
    """Frames must all be HxWx3 uint8 of one size: encoders silently rescale or fail obscurely otherwise."""
    array = np.asarray(frame)
    if array.ndim != 3 or array.shape[2] != 3 or array.dtype != np.uint8:
        raise ExportError(f"Frame {index} is {array.shape} {array.dtype}; expected an HxWx3 uint8 image.")
    if shape is not None and array.shape != shape:
        raise ExportError(f"Frame {index} is {array.shape[1]}x{array.shape[0]}; the first was {shape[1]}x{shape[0]}.")
    return np.ascontiguousarray(array)


def write_animation(
    frames: Iterable[np.ndarray],
    path: str | Path,
    fps: float,
    progress: Callable[[int], None] | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Encode `frames` (HxWx3 uint8, consumed lazily) to `path`; return how many frames were written.

    `progress(n)` is called after each frame with the count so far. If `stop` is set, writing ends, the partial
    file is deleted and `ExportCancelled` is raised. GIFs loop forever, as a teaching animation should.
    """
    kind = check_animation_path(path)
    if not fps > 0:
        raise ExportError(f"Frames per second must be positive, not {fps}.")
    import imageio.v2 as imageio  # deferred: imageio's plugins are slow to import

    path = Path(path)
    if kind == "gif":
        writer = imageio.get_writer(path, mode="I", format="GIF", duration=1000.0 / fps, loop=0)
    else:
        writer = imageio.get_writer(path, format="FFMPEG", mode="I", fps=fps, macro_block_size=1)
    count, shape, completed = 0, None, False
    try:
        for frame in frames:
            if stop is not None and stop.is_set():
                break
            array = _check_frame(frame, count, shape)
            shape = array.shape
            writer.append_data(array)
            count += 1
            if progress is not None:
                progress(count)
        else:
            completed = True
    finally:
        writer.close()
        if not completed or count == 0:
            path.unlink(missing_ok=True)
    if not completed:
        raise ExportCancelled(f"Export to {path.name} cancelled after {count} frames.")
    if count == 0:
        raise ExportError("There are no frames to write.")
    return count


def write_png(image: np.ndarray, path: str | Path, size: tuple[int, int] | None = None) -> tuple[int, int]:
    """Write an HxWx3 (or HxWx4) uint8 image as PNG, resized to `size` = (width, height) if given.

    Resizing here (Lanczos through Pillow, which imageio already depends on) is for images rendered at another
    size; the 3D view export renders at the chosen size itself and passes `size=None`. Returns (width, height).
    """
    if Path(path).suffix.lower() != ".png":
        raise ExportError(f"Cannot write a PNG to '{Path(path).name}': the file name must end in .png.")
    array = np.asarray(image)
    if array.ndim != 3 or array.shape[2] not in (3, 4) or array.dtype != np.uint8:
        raise ExportError(f"Image is {array.shape} {array.dtype}; expected HxWx3 or HxWx4 uint8.")
    if size is not None:
        width, height = int(size[0]), int(size[1])
        if width < 1 or height < 1:
            raise ExportError(f"Image size must be positive, not {width}x{height}.")
        if (width, height) != (array.shape[1], array.shape[0]):
            from PIL import Image

            array = np.asarray(Image.fromarray(array).resize((width, height), Image.Resampling.LANCZOS))
    import imageio.v3 as iio

    iio.imwrite(Path(path), np.ascontiguousarray(array), extension=".png")
    return array.shape[1], array.shape[0]
