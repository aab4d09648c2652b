"""The main window as the GUI tests that type shortcuts and click it need it."""

from __future__ import annotations

from cubeviz.main_window import MainWindow
from cubeviz.views.gl.animation import AnimationSpeed


def active_main_window(qtbot, size: int, seed: int) -> MainWindow:
    """A shown main window with instant turns, made the active window: shortcuts only reach the active window
    (Xvfb has no window manager)."""
    window = MainWindow(size, seed=seed)
    window.cube_view.set_speed(AnimationSpeed.INSTANT)
    qtbot.addWidget(window)
    with qtbot.waitActive(window):
        window.show()
        window.activateWindow()
    return window
