"""State-space insight: statistics charts, the recoloured-cube counter, the live distance meter and the
image / animation exports.

`install(host)` adds an "Insight" tab (Statistics, Recoloured Cubes), a "Distance" dock (tabbed behind the
history, so it computes only once shown), and File > Export entries. It follows the Solve feature's player
(`host.shared.player`) and the editor's free colouring (`host.shared.net_editor`) when those are installed.
Importing the package loads no Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

__all__ = ["Insight", "install"]


INSTALL_AFTER = ("cubeviz.solve", "cubeviz.editor")  # it follows the player and uses the editor when present


def install(host: FeatureHost) -> None:
    from cubeviz.insight.feature import install as install_insight

    install_insight(host)


def __getattr__(name: str) -> object:
    """`Insight` (the installed parts) on first use: importing it loads Qt."""
    if name == "Insight":
        from cubeviz.insight.feature import Insight

        return Insight
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
