"""State-space insight: statistics charts, the recoloured-cube counter, the live distance meter and the
image / animation exports.

`install(window)` adds an "Insight" tab (Statistics, Recoloured Cubes), a "Distance" dock (tabbed behind the
history, so it computes only once shown), and File > Export entries. It sets `window.session_solves` (3x3
solution lengths of the session; the solve feature's `window.player_model` is followed when present) and
`window.insight` (the parts, for tests and other features).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PyQt6.QtCore import Qt
from PyQt6.QtGui import QAction
from PyQt6.QtWidgets import QDockWidget, QTabWidget

from cubeviz.insight.export_actions import animation_dialog, png_dialog
from cubeviz.insight.meter import DistanceMeter
from cubeviz.insight.recolour_panel import RecolourPanel
from cubeviz.insight.session import SessionSolves
from cubeviz.insight.stats_panel import StatsPanel

if TYPE_CHECKING:
    from cubeviz.main_window import MainWindow

__all__ = ["Insight", "install"]


INSTALL_AFTER = ("cubeviz.solve", "cubeviz.editor")  # it follows the player and uses the editor when present


@dataclass
class Insight:
    """The installed parts."""

    tabs: QTabWidget
    stats: StatsPanel
    recolour: RecolourPanel
    meter: DistanceMeter
    meter_dock: QDockWidget
    session: SessionSolves
    exports: list = field(default_factory=list)  # AnimationExport jobs started from the window

    def stop(self) -> None:
        """Cancel and wait for every worker of the feature (window closing, tests)."""
        self.stats.stop()
        self.recolour.stop()
        self.meter.stop()
        for job in self.exports:
            if not job.done:
                job.cancel()
            job.wait()
        self.exports.clear()


def install(window: MainWindow) -> None:
    player = window.player_model
    session = SessionSolves(window)
    if player is not None:
        session.follow(player)
    window.session_solves = session
    stats = StatsPanel(window.model, session)
    recolour = RecolourPanel(window.net_editor)
    tabs = QTabWidget()
    tabs.addTab(stats, "Statistics")
    tabs.addTab(recolour, "Recoloured Cubes")
    index = window.add_tab(tabs, "Insight")
    window.tabs.currentChanged.connect(lambda current: stats.load() if current == index else None)
    meter = DistanceMeter(window.model, player)
    meter.set_active(False)
    # Not in a scroll area: the plot shrinks with its dock rather than scrolling inside it.
    dock = window.add_dock(meter, "Distance", Qt.DockWidgetArea.RightDockWidgetArea, scroll=False)
    window.tabifyDockWidget(window.history_dock, dock)
    window.history_dock.raise_()
    dock.visibilityChanged.connect(meter.set_active)
    if window.net_editor is not None:
        editor = window.net_editor
        recolour.paint_button.clicked.connect(lambda: window.tabs.setCurrentWidget(editor))
    window.insight = Insight(tabs, stats, recolour, meter, dock, session)
    window.on_close(window.insight.stop)
    _add_actions(window)


def _add_actions(window: MainWindow) -> None:
    menu = window.menus["File"]
    before = window.actions.get("quit")
    entries = {
        "export_png": ("Export 3D View as &PNG...", lambda: png_dialog(window)),
        "export_animation": ("Export &Playback as GIF/MP4...", lambda: animation_dialog(window)),
    }
    for name, (text, handler) in entries.items():
        action = QAction(text, window)
        action.triggered.connect(handler)
        if before is not None:
            menu.insertAction(before, action)
        else:
            menu.addAction(action)
        window.actions[name] = action
    if before is not None:
        menu.insertSeparator(before)
