"""Opens the main window on whatever screen DISPLAY has, shows each tab and prints, as JSON, where the window and
each tab's key widgets lie and how much of each is visible. Run by test_gui_window_fit.py under an Xvfb of a
given size (a separate process per screen size: a Qt process cannot change its screen)."""

from __future__ import annotations

import json
import sys
import tempfile

from PyQt6.QtCore import QPoint, QRect, QSettings
from PyQt6.QtGui import QSurfaceFormat
from PyQt6.QtWidgets import QApplication, QDockWidget, QWidget


def settle(app: QApplication, rounds: int = 30) -> None:
    for _ in range(rounds):
        app.processEvents()


def describe(widget: QWidget, screen: QRect) -> dict:
    """The widget's size, the part of it actually visible (not clipped by a scroll area or a splitter) and whether
    it lies on the screen."""
    top_left = widget.mapToGlobal(QPoint(0, 0))
    on_screen = screen.contains(QRect(top_left, widget.size()))
    window = widget.window()
    visible = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    ancestor = widget.parentWidget()
    while ancestor is not None and ancestor is not window:  # each parent clips what lies outside it
        visible &= QRect(ancestor.mapTo(window, QPoint(0, 0)), ancestor.size())
        ancestor = ancestor.parentWidget()
    return {
        "shown": widget.isVisible(),
        "size": [widget.width(), widget.height()],
        "visible": [visible.width(), visible.height()],
        "on_screen": on_screen,
    }


def main() -> int:
    from cubeviz.views.gl.cube_view import surface_format

    QSurfaceFormat.setDefaultFormat(surface_format())
    QSettings.setPath(QSettings.Format.NativeFormat, QSettings.Scope.UserScope, tempfile.mkdtemp())
    app = QApplication(sys.argv[:1])
    from cubeviz.main_window import MainWindow

    window = MainWindow(seed=1)
    window.show()
    settle(app)
    screen = window.screen().availableGeometry()
    solve = window.solve_feature.dock
    browser = window.packing_browser
    tabs = {
        "Cube": {
            "cube view": window.cube_view,
            "solve button": solve.solve_button,
            "player play": solve.player.buttons["play"],
            "player last": solve.player.buttons["last"],
            "net": window.net_view,
        },
        "Editor": {"net editor": window.net_editor.canvas, "apply": window.net_editor.apply_button},
        "Packings": {"solution table": browser.table, "packing view": browser.view, "enumerate": browser.source},
        "Design": {
            "layer grid": window.designer.grid,
            "design view": window.designer.view,
            "piece list": window.designer.panel.items,
            "design enumerate": window.designer.enumerate_button,
        },
        "Insight": {name: plot for name, plot in window.insight.stats.plots.items()},
    }
    report = {
        "screen": [screen.x(), screen.y(), screen.width(), screen.height()],
        "window": [
            window.frameGeometry().x(),
            window.frameGeometry().y(),
            window.frameGeometry().width(),
            window.frameGeometry().height(),
        ],  # fmt: skip
        "minimum": [window.minimumSizeHint().width(), window.minimumSizeHint().height()],
        "tabs": {},
    }
    for index in range(window.tabs.count()):
        title = window.tabs.tabText(index)
        window.tabs.setCurrentIndex(index)
        settle(app)
        report["tabs"][title] = {name: describe(widget, screen) for name, widget in tabs.get(title, {}).items()}
        docks = [dock.windowTitle() for dock in window.findChildren(QDockWidget) if dock.isVisible()]
        report["docks"] = {**report.get("docks", {}), title: sorted(docks)}
    print(json.dumps(report, default=str))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
