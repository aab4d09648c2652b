"""Export a playback as GIF/MP4: frames are drawn in the GUI thread (OpenGL lives there) a few per timer tick, then
encoded by `cubeviz.export.write_animation` in a worker. Both stages report to one progress signal and cancel.
"""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
from PyQt6.QtCore import QObject, QTimer, pyqtSignal
from PyQt6.QtWidgets import QApplication

from cubeviz.export import ExportCancelled, check_animation_path, write_animation
from cubeviz.insight.frames import FrameRenderer
from cubeviz.insight.paths import Path as CubePath
from cubeviz.insight.worker import PROGRESS_STEPS, ProgressWorker
from cubeviz.views.gl.camera import OrbitCamera
from solvers.cube.schemes import ColourScheme

RENDER_SHARE = 0.5  # of the progress bar: drawing frames, then encoding them
HOLD_FRAMES = 0  # extra copies of the last frame (none: the frame count stays 1 + turns * frames_per_turn)


def expected_frames(n_turns: int, frames_per_turn: int) -> int:
    """The start picture, then `frames_per_turn` pictures per turn (the last one of each shows it landed)."""
    return 1 + n_turns * frames_per_turn + HOLD_FRAMES


class AnimationExport(QObject):
    """One export job. Signals: `progress(int 0..PROGRESS_STEPS, str)`, `finished(int frames)`, `failed(str)`."""

    progress = pyqtSignal(int, str)
    finished = pyqtSignal(int)
    failed = pyqtSignal(str)

    def __init__(
        self,
        path: CubePath,
        file: str | Path,
        scheme: ColourScheme,
        size: tuple[int, int],
        fps: float = 12.0,
        frames_per_turn: int = 6,
        camera: OrbitCamera | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        check_animation_path(file)  # raises ExportError at once: no rendering for a file that cannot be written
        self.path, self.file, self.fps, self.frames_per_turn = path, Path(file), fps, max(1, int(frames_per_turn))
        self.total = expected_frames(len(path.turns), self.frames_per_turn)
        self.renderer = FrameRenderer(path.start, scheme, size, camera)
        self.frames: list[np.ndarray] = [self.renderer.grab()]
        self._turn = 0
        self._stop = threading.Event()
        self._worker: ProgressWorker | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._render_next)
        self.done = False

    def start(self) -> None:
        self._timer.start()

    def cancel(self) -> None:
        """Stop at once (rendering) or at the next frame (encoding); `failed` reports the cancel."""
        self._stop.set()
        if self._timer.isActive():
            self._timer.stop()
            self._finish_render()
            self._fail("Export cancelled.")
        if self._worker is not None:
            self._worker.cancel()

    def wait(self) -> None:
        """Tests: block until the encoding worker (if started) has ended."""
        if self._worker is not None:
            self._worker.wait()
        QApplication.processEvents()  # deliver its result or error

    def _render_next(self) -> None:
        if self._turn >= len(self.path.turns):
            self._timer.stop()
            self._finish_render()
            self._encode()
            return
        self.frames.extend(self.renderer.frames_of_turn(self.path.turns[self._turn], self.frames_per_turn))
        self._turn += 1
        share = len(self.frames) / self.total * RENDER_SHARE
        self.progress.emit(int(share * PROGRESS_STEPS), f"Drawing frame {len(self.frames)} of {self.total}")

    def _finish_render(self) -> None:
        if self.renderer is not None:
            self.renderer.close()
            self.renderer = None

    def _encode(self) -> None:
        frames, total, file, fps = self.frames, self.total, self.file, self.fps

        def run(progress, stop):
            def report(n: int) -> None:
                progress(RENDER_SHARE + (1 - RENDER_SHARE) * n / total, f"Writing frame {n} of {total}")

            return write_animation(iter(frames), file, fps, report, stop)

        worker = ProgressWorker(run, self)
        worker.progress.connect(self.progress)
        worker.result.connect(self._written)
        worker.error.connect(
            lambda exc: self._fail("Export cancelled." if isinstance(exc, ExportCancelled) else str(exc))
        )
        worker.finished.connect(self._worker_done)
        self._worker = worker
        if self._stop.is_set():
            worker.cancel()
        worker.start()

    def _worker_done(self) -> None:
        if self._worker is not None:
            self._worker.deleteLater()
        self._worker = None

    def _encode_failed(self, exc: Exception) -> None:
        self._fail("Export cancelled." if isinstance(exc, ExportCancelled) else str(exc))

    def _written(self, count: int) -> None:
        self.frames = []
        self.done = True
        self.progress.emit(PROGRESS_STEPS, f"Wrote {count} frames to {self.file.name}")
        self.finished.emit(count)

    def _fail(self, message: str) -> None:
        self.frames = []
        self.done = True
        self.failed.emit(message)
