"""Browse enumerated polycube packings in 3D: choose or open a puzzle, enumerate in a worker or open a
solution file, switch symmetry levels, browse and filter the list, explode, slice and assemble in 3D, export.

`install(host)` adds the "Packings" tab (the cube's docks give it their room while it is shown) and File and View
menu entries, and offers the browser's puzzle input to other features (`host.shared.packings`). Nothing is
enumerated at start-up (no thread runs until asked): the last puzzle used (at first the Soma cube) is loaded,
ready to enumerate. Importing the package loads no Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

__all__ = ["PackingBrowser", "install"]


def install(host: FeatureHost) -> None:
    from cubeviz.packing.feature import install as install_packings

    install_packings(host)


def __getattr__(name: str) -> object:
    """`PackingBrowser` on first use: importing it loads Qt."""
    if name == "PackingBrowser":
        from cubeviz.packing.browser import PackingBrowser

        return PackingBrowser
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
