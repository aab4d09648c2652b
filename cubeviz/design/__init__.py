"""Design packing puzzles: the "Design" tab (shape and pieces painted layer by layer or clicked on in 3D, live
checks, placements per piece, an estimate of the search) with File menu entries to open and save puzzle files.

`install(host)` adds the tab (Edit > Undo and Redo act on the design while it is shown). Enumerate hands the
puzzle to the Packings tab (`host.shared.packings`), so this feature comes after it. Importing the package loads
no Qt: the draft and its review are Qt-free.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

__all__ = ["Designer", "install"]

INSTALL_AFTER = ("cubeviz.packing",)  # Enumerate shows the designed puzzle in the packing browser


def install(host: FeatureHost) -> None:
    from cubeviz.design.feature import install as install_design

    install_design(host)


def __getattr__(name: str) -> object:
    """`Designer` on first use: importing it loads Qt."""
    if name == "Designer":
        from cubeviz.design.designer import Designer

        return Designer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
