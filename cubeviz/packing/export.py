"""Exports of the packing browser: the 3D view as PNG, the shown solution list as text, and the assembly as an
animation (frames rendered by the view, encoded by the shared cubeviz.export writer; never an encoder here)."""

from __future__ import annotations

import threading
from pathlib import Path

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QApplication, QProgressDialog

from cubeviz.export import ExportCancelled, ExportError, check_animation_path, write_animation, write_png
from cubeviz.packing.browser import PackingBrowser
from cubeviz.settings import Settings
from cubeviz.views.gl.polycube_view import image_to_rgb

ANIMATION_FPS = 20


def export_png(browser: PackingBrowser, path: str | Path) -> None:
    """The view as it is now (ExportError with the reason when the path is unusable)."""
    write_png(image_to_rgb(browser.view.grabFramebuffer()), path)


def export_list(browser: PackingBrowser, path: str | Path) -> None:
    if browser.model.solutions is None:
        raise ExportError("No solutions to export yet: enumerate or open a solution file first.")
    try:
        Path(path).write_text(browser.model.list_text(), encoding="utf-8")
    except OSError as exc:
        raise ExportError(f"Cannot write '{Path(path).name}': {exc.strerror}") from None


def assembly_frames(browser: PackingBrowser, fps: float = ANIMATION_FPS):
    """Frames of the whole assembly of the shown solution (assembly mode is switched on for it)."""
    panel = browser.view_panel
    if not panel.assemble.isChecked():
        panel.assemble.setChecked(True)
    timeline = browser.view.item.assembly
    if timeline is None:  # a long assembly order is searched in a worker
        raise ExportError("The assembly order is still being searched: export once the player shows it.")
    count = int(timeline.duration * fps) + 1

    def frames():
        view = browser.view
        size = view.size()
        view.setFixedSize(size)  # every frame the same size, whatever the panel's labels do meanwhile
        try:
            for k in range(count):
                yield view.render_assembly_frame(k / fps)
        finally:
            view.setMinimumSize(240, 200)
            view.setMaximumSize(16777215, 16777215)

    return count, frames()


def export_animation(browser: PackingBrowser, path: str | Path, parent=None, fps: float = ANIMATION_FPS) -> int:
    """Render and encode on the GUI thread (frames come from OpenGL) with a cancellable progress dialog."""
    if browser.model.current_index is None:
        raise ExportError("No solution shown: nothing to assemble.")
    check_animation_path(path)
    count, frames = assembly_frames(browser, fps)
    dialog = QProgressDialog("Rendering the assembly...", "Cancel", 0, count, parent)
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    stop = threading.Event()
    dialog.canceled.connect(stop.set)

    def progress(n: int) -> None:
        dialog.setValue(n)
        QApplication.processEvents()

    try:
        return write_animation(frames, path, fps, progress=progress, stop=stop)
    except ExportCancelled:
        return 0
    finally:
        dialog.close()
        dialog.deleteLater()


def ask_and_export(browser: PackingBrowser, kind: str) -> None:
    """File dialog, then the export; problems are shown in the browser's error line, never as a traceback."""
    filters = {
        "png": ("Export packing view", "packing.png", "PNG image (*.png)"),
        "list": ("Export solution list", "solutions.txt", "Text (*.txt)"),
        "anim": ("Export assembly animation", "assembly.gif", "Animation (*.gif *.mp4)"),
    }
    title, name, pattern = filters[kind]
    path = Settings().save_file_name(browser, "exports", title, name, pattern)
    if not path:
        return
    try:
        if kind == "png":
            export_png(browser, path)
        elif kind == "list":
            export_list(browser, path)
        else:
            export_animation(browser, path, browser)
    except (ExportError, OSError) as exc:
        browser.source.show_error(str(exc))
        return
    browser.status.emit(f"Exported {Path(path).name}")
