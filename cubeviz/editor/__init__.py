"""Enter a real cube by hand: a colour-net editor with live, pinpointed validation, paste/copy of
facelet strings, cube files (open, save, drop on the window) and Apply into the main view.

`install(host)` adds the "Editor" tab, File and Edit menu entries and drag-and-drop, and offers the painted net
to other features (`host.shared.net_editor`: Solve's goals, Insight's free colouring). Importing the package
loads no Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

__all__ = ["EditorPanel", "install"]


def install(host: FeatureHost) -> None:
    from cubeviz.editor.feature import install as install_editor

    install_editor(host)


def __getattr__(name: str) -> object:
    """`EditorPanel` on first use: importing it loads Qt."""
    if name == "EditorPanel":
        from cubeviz.editor.panel import EditorPanel

        return EditorPanel
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
