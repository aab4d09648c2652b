"""Insight joined to the window: the "Insight" tab (Statistics, Recoloured Cubes), the "Distance" dock tabbed
behind the history, and File > Export entries; it follows the Solve feature's player and uses the editor's free
colouring when those are installed (`host.shared`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PyQt6.QtCore import Qt
from PyQt6.QtWidgets import QDockWidget, QTabWidget

from cubeviz.actions import SEPARATOR, ActionSpec
from cubeviz.insight.animation_export import AnimationExport
from cubeviz.insight.export_actions import animation_dialog, png_dialog, running_exports
from cubeviz.insight.meter import DistanceMeter
from cubeviz.insight.recolour_panel import RecolourPanel
from cubeviz.insight.session_solves import SessionSolves
from cubeviz.insight.stats_panel import StatsPanel

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

FILE_ENTRIES = [  # above File > Quit
    ActionSpec("export_png", "Export 3D View as &PNG..."),
    ActionSpec("export_animation", "Export &Playback as GIF/MP4..."),
    SEPARATOR,
]


@dataclass
class Insight:
    """The installed parts."""

    tabs: QTabWidget
    stats: StatsPanel
    recolour: RecolourPanel
    meter: DistanceMeter
    meter_dock: QDockWidget
    session: SessionSolves
    exports: list[AnimationExport] = field(default_factory=list)  # AnimationExport jobs started from the window

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


def install(host: FeatureHost) -> None:
    player = host.shared.player
    session = SessionSolves(host.parent_widget)
    if player is not None:
        session.follow(player)
    stats = StatsPanel(host.model, session)
    recolour = RecolourPanel(host.shared.net_editor)
    tabs = QTabWidget()
    tabs.addTab(stats, "Statistics")
    tabs.addTab(recolour, "Recoloured Cubes")
    host.add_tab(tabs, "Insight")
    host.on_tab_shown(tabs, stats.load)
    meter = DistanceMeter(host.model, player)
    meter.set_active(False)
    # Not in a scroll area: the plot shrinks with its dock rather than scrolling inside it.
    dock = host.add_dock(meter, "Distance", Qt.DockWidgetArea.RightDockWidgetArea, scroll=False, behind="History")
    dock.visibilityChanged.connect(meter.set_active)
    insight = Insight(tabs, stats, recolour, meter, dock, session, running_exports(host))
    host.on_close(insight.stop)
    handlers = {"export_png": lambda: png_dialog(host), "export_animation": lambda: animation_dialog(host)}
    host.add_actions("File", FILE_ENTRIES, handlers, before="quit")
    host.publish("session_solves", session)
    host.publish("insight", insight)
