"""Opens the main window on whatever screen DISPLAY has, walks through the pages in an order that used to break the
layout (Insight and back, the pages that hide the docks, back again) and prints, as JSON, after every switch: where
each key widget of the page shown lies, how much of it is visible, the width it asks for, the scroll bars of the
Solve dock, where the tabs are and which dock is in front of the History/Distance stack. Run by
test_gui_layout_hold.py under an Xvfb of each size (a Qt process cannot change its screen)."""

from __future__ import annotations

import json
import sys
import tempfile

from fit_probe import describe, settle
from PyQt6.QtCore import QPoint, QSettings
from PyQt6.QtGui import QSurfaceFormat
from PyQt6.QtWidgets import QAbstractButton, QApplication, QWidget

SEQUENCE = ["Cube", "Insight", "Cube", "Editor", "Cube", "Packings", "Insight", "Design", "Cube", "Insight", "Cube"]
SUMMARY = "Solutions: 3 (shortest last)"


def key_widgets(window) -> dict[str, dict[str, QWidget]]:
    """Per page, the widgets a user must be able to see whole and use."""
    solve = window.solve_feature.dock
    player = solve.player
    browser = window.packing_browser
    panel = browser.view_panel
    editor = window.net_editor
    cube = {
        "cube view": window.cube_view,
        "solver": solve.solver,
        "solve button": solve.solve_button,
        "cancel button": solve.cancel_button,
        **{f"player {name}": button for name, button in player.buttons.items()},
        "tempo": player.tempo,
        "scrubber": player.scrubber,
        "hint mode": player.hint,
        "+1": player.reveal,
        "copy": player.copy,
        "solutions summary": solve.alternatives.summary,
        "net": window.net_view,
        "history": window.history_view,
        "algorithm": window.algorithm_input.line,
    }
    return {
        "Cube": cube,
        "Insight": {
            **{name: widget for name, widget in cube.items() if name != "cube view"},
            **{f"chart {name}": plot for name, plot in window.insight.stats.plots.items()},
            "chart session": window.insight.stats.session_plot,
        },
        "Editor": {
            "net editor": editor.canvas,
            "preview": editor.preview,
            "apply": editor.apply_button,
            "fill from cube": editor.fill_button,
            "origin": editor.origin,
        },
        "Packings": {
            "packing view": browser.view,
            "exploded": panel.explode,
            "layers": panel.layers,
            "reset view": next(b for b in panel.findChildren(QAbstractButton) if b.text() == "Reset view"),
            "solution table": browser.table,
            "pieces": browser.legend.legend,
            "filter": browser.legend.pins,
            "nearest solutions": browser.legend.nearest,
            "take apart all": browser.disassembly_bar.run_button,
            "enumerate": browser.source.enumerate_button,
        },
        "Design": {
            "layer grid": window.designer.grid,
            "design view": window.designer.view,
            "piece list": window.designer.panel.items,
            "design enumerate": window.designer.enumerate_button,
        },
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
    window.solve_feature.dock.alternatives.summary.setText(SUMMARY)  # the longest line the 3x3 run writes there
    screen = window.screen().availableGeometry()
    pages = {window.tabs.tabText(i): i for i in range(window.tabs.count())}
    widgets = key_widgets(window)
    solve_area = window.solve_feature.dock_widget.widget()
    steps = []
    for title in SEQUENCE:
        window.tabs.setCurrentIndex(pages[title])
        settle(app, 60)
        found = {}
        for name, widget in widgets[title].items():
            found[name] = describe(widget, screen) | {
                "hint_width": widget.sizeHint().width(),
                "button": isinstance(widget, QAbstractButton),
            }
        tab_bar = window.tabs.tabBar()
        corner = tab_bar.mapTo(window, QPoint(0, 0))
        steps.append(
            {
                "page": title,
                "widgets": found,
                "tab_bar": [corner.x(), corner.y(), tab_bar.height()],
                "solve_dock": {
                    "shown": window.solve_feature.dock_widget.isVisible(),
                    "width": window.solve_feature.dock_widget.width(),
                    "horizontal_bar": solve_area.horizontalScrollBar().isVisible(),
                    "vertical_bar": solve_area.verticalScrollBar().isVisible(),
                },
                "history_in_front": not window.history_dock.visibleRegion().isEmpty(),
                "summary_whole": not window.solve_feature.dock.alternatives.summary.elided(),
                "window": list(window.frameGeometry().getRect()),
            }
        )
    print(json.dumps({"screen": list(screen.getRect()), "steps": steps}))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
