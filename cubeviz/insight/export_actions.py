"""The Export menu: the 3D view as PNG at a chosen size, and a playback (the player's solution, else the turns since
the last scramble) as GIF or MP4 with a progress dialog. Dialog-free functions do the work, for tests and scripts.
"""

from __future__ import annotations

import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QMessageBox,
    QProgressDialog,
    QSpinBox,
    QWidget,
)

from cubeviz.export import ExportError, write_png
from cubeviz.insight.animation_export import AnimationExport
from cubeviz.insight.frames import MAX_SIDE, FrameRenderer
from cubeviz.insight.paths import Path as CubePath
from cubeviz.insight.paths import hand_path, player_path
from cubeviz.insight.worker import PROGRESS_STEPS

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

DEFAULT_PNG_SIZE = (1200, 1000)
DEFAULT_ANIMATION_SIZE = (480, 400)

_RUNNING: weakref.WeakKeyDictionary[object, list[AnimationExport]] = weakref.WeakKeyDictionary()


def running_exports(host: FeatureHost) -> list[AnimationExport]:
    """The animation exports started in `host`'s window (one list per window: Insight stops them on close)."""
    return _RUNNING.setdefault(host, [])


def export_png(host: FeatureHost, file: str | Path, size: tuple[int, int]) -> tuple[int, int]:
    """Draw the window's cube with its camera and scheme at `size` and write it as PNG; returns (width, height)."""
    renderer = FrameRenderer(host.model.state, host.scheme, size, host.cube_view.camera)
    try:
        renderer.view.set_show_letters(host.cube_view.show_letters)
        return write_png(renderer.grab(), file)
    finally:
        renderer.close()


def playback_path(host: FeatureHost) -> CubePath:
    """What an animation export plays: the player's solution when there is one, else the turns since the scramble."""
    return player_path(host.shared.player) or hand_path(host.model)


def start_animation_export(
    host: FeatureHost, file: str | Path, size: tuple[int, int], fps: float = 12.0, frames_per_turn: int = 6
) -> AnimationExport:
    """Begin exporting `playback_path(host)`; returns the running AnimationExport (raises ExportError at once)."""
    path = playback_path(host)
    if not path.turns:
        raise ExportError("There is nothing to play: solve the cube or turn it after a scramble first.")
    camera = host.cube_view.camera
    job = AnimationExport(path, file, host.scheme, size, fps, frames_per_turn, camera, host.parent_widget)
    running = running_exports(host)  # so closing the window stops it
    running[:] = [j for j in running if not j.done] + [job]
    job.start()
    return job


TITLE_BAR_BUTTONS = 120  # pixels: close, maximise and the like beside a dialog's title


class ExportOptions(QDialog):
    """Width and height (and, for animations, frames per second and frames per turn)."""

    def __init__(self, parent: QWidget, size: tuple[int, int], animation: bool) -> None:
        super().__init__(parent)
        title = "Animation Options" if animation else "Image Size"
        self.setWindowTitle(title)
        # Window managers cut a title wider than the dialog: leave room for it and the title bar's buttons.
        self.setMinimumWidth(self.fontMetrics().horizontalAdvance(title) * 2 + TITLE_BAR_BUTTONS)
        form = QFormLayout(self)
        self.width_box = self._spin(size[0], 16, MAX_SIDE, self)
        self.height_box = self._spin(size[1], 16, MAX_SIDE, self)
        form.addRow("Width (pixels):", self.width_box)
        form.addRow("Height (pixels):", self.height_box)
        # Only an animation shows these: created without a parent otherwise, so no stray box covers the form.
        owner = self if animation else None
        self.fps_box, self.steps_box = self._spin(12, 1, 60, owner), self._spin(6, 1, 30, owner)
        if animation:
            form.addRow("Frames per second:", self.fps_box)
            form.addRow("Frames per turn:", self.steps_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    @staticmethod
    def _spin(value: int, low: int, high: int, owner: QWidget | None) -> QSpinBox:
        box = QSpinBox(owner)
        box.setRange(low, high)
        box.setValue(value)
        return box

    def size_chosen(self) -> tuple[int, int]:
        return self.width_box.value(), self.height_box.value()


def png_dialog(host: FeatureHost) -> None:
    window = host.parent_widget
    options = ExportOptions(window, DEFAULT_PNG_SIZE, animation=False)
    if options.exec() != QDialog.DialogCode.Accepted:
        return
    file = host.settings.save_file_name(window, "exports", "Export 3D View as PNG", "cube.png", "PNG images (*.png)")
    if not file:
        return
    try:
        width, height = export_png(host, file, options.size_chosen())
    except (ExportError, ValueError, OSError) as exc:
        QMessageBox.warning(window, "Export failed", str(exc))
        return
    host.show_status(f"Saved {Path(file).name} ({width}x{height})")


def animation_dialog(host: FeatureHost) -> AnimationExport | None:
    window = host.parent_widget
    path = playback_path(host)
    if not path.turns:
        QMessageBox.information(window, "Nothing to export", "Solve the cube, or turn it after a scramble, first.")
        return None
    options = ExportOptions(window, DEFAULT_ANIMATION_SIZE, animation=True)
    if options.exec() != QDialog.DialogCode.Accepted:
        return None
    what = "solution" if path.source == "solution" else "turns"
    title = f"Export Playback of the {what.capitalize()}"
    file = host.settings.save_file_name(window, "exports", title, f"{what}.gif", "Animations (*.gif *.mp4)")
    if not file:
        return None
    try:
        job = start_animation_export(
            host, file, options.size_chosen(), options.fps_box.value(), options.steps_box.value()
        )
    except (ExportError, ValueError, OSError) as exc:
        QMessageBox.warning(window, "Export failed", str(exc))
        return None
    _show_progress(host, job, file)
    return job


def _show_progress(host: FeatureHost, job: AnimationExport, file: str) -> None:
    dialog = QProgressDialog("Exporting...", "Cancel", 0, PROGRESS_STEPS, host.parent_widget)
    dialog.setWindowTitle("Export Animation")
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    job.progress.connect(lambda value, message: (dialog.setValue(value), dialog.setLabelText(message)))
    dialog.canceled.connect(job.cancel)
    job.finished.connect(lambda count: host.show_status(f"Saved {Path(file).name}: {count} frames"))
    job.failed.connect(host.show_status)
    job.finished.connect(dialog.reset)
    job.failed.connect(dialog.reset)
