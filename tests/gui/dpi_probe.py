"""Opens the main window at whatever scale QT_SCALE_FACTOR sets, and prints as JSON: the cube view's device pixel
ratio and framebuffer size, whether its picture is a true full-resolution render (not a blown-up half-size one),
the sticker colours found at the device pixels of known stickers, the turns that clicks on those stickers made,
and the pixel size of an exported picture. Run by test_gui_high_dpi.py under Xvfb (its own process: the scale
factor is fixed when Qt starts)."""

from __future__ import annotations

import json
import sys
import tempfile

import numpy as np
from fit_probe import settle
from gui_helpers import classify, pixel
from PyQt6.QtCore import QPoint, QSettings, Qt
from PyQt6.QtGui import QSurfaceFormat
from PyQt6.QtTest import QTest
from PyQt6.QtWidgets import QApplication

CLICKS = [("F", 5, "left"), ("U", 9, "left"), ("R", 7, "right"), ("F", 1, "right")]
EXPORT_SIZE = (300, 200)


def pair_difference(image: np.ndarray) -> float:
    """Share of pixel pairs (2k, 2k+1) along rows that differ: 0 for a picture scaled up 2x from half size."""
    even, odd = image[:, 0:-1:2].astype(int), image[:, 1::2].astype(int)
    return float(np.mean(np.abs(even - odd).sum(axis=2) > 24))


def main() -> int:
    from cubeviz.views.gl.cube_view import surface_format

    QSurfaceFormat.setDefaultFormat(surface_format())
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication(sys.argv[:1])
    from cubeviz.insight.frames import FrameRenderer, image_to_array
    from cubeviz.main_window import MainWindow
    from cubeviz.views.gl.animation import AnimationSpeed
    from cubeviz.views.gl.cube_geometry import cube_geometry
    from solvers.cube.geometry import Face, facelet_index

    window = MainWindow(size=3, seed=1)
    window.show()
    settle(app)
    view = window.cube_view
    view.set_speed(AnimationSpeed.INSTANT)
    view.update()
    settle(app)
    image = view.grabFramebuffer()
    ratio = view.devicePixelRatioF()
    geometry = cube_geometry(3)
    colours, turns = [], []
    points = []
    for face, position, _button in CLICKS:
        centre = geometry.sticker_centres[facelet_index(Face[face], position, 3)]
        points.append(view.camera.project(centre, view.width(), view.height())[0])
    for x, y in points:
        seen = classify(pixel(image, x * ratio, y * ratio), window.scheme)
        colours.append(seen.name if seen is not None else None)
    for (x, y), (_face, _position, button) in zip(points, CLICKS, strict=True):
        mouse = Qt.MouseButton.LeftButton if button == "left" else Qt.MouseButton.RightButton
        QTest.mouseClick(view, mouse, Qt.KeyboardModifier.NoModifier, QPoint(round(x), round(y)))
        settle(app, 5)
        turns.append([turn.notation for entry in window.model.history for turn in entry.turns][-1:])
        window.model.undo_stack.undo()
        settle(app, 5)
    renderer = FrameRenderer(window.model.state, window.scheme, EXPORT_SIZE, view.camera)
    exported = renderer.grab()
    renderer.close()
    report = {
        "ratio": ratio,
        "logical": [view.width(), view.height()],
        "framebuffer": [image.width(), image.height()],
        "pair_difference": pair_difference(image_to_array(image)),
        "colours": colours,
        "turns": turns,
        "export": [int(exported.shape[1]), int(exported.shape[0])],
    }
    print(json.dumps(report))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
