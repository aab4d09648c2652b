"""Optional feature panels (solver player, net editor, packing browser and designer, statistics) and how they
join the window.

Each feature is a package with `install(host)` that adds its docks, tabs, menus and actions through the
`FeatureHost` interface (cubeviz/feature_host.py) and meets other features only through `host.shared`. Keeping
the list here means the main window never imports a feature, and a feature can be left out without touching the
others. Qt-free: it imports the packages by name, and their `__init__` loads no Qt until `install` runs.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cubeviz.feature_host import FeatureHost

FEATURE_MODULES = (
    "cubeviz.solve",
    "cubeviz.editor",
    "cubeviz.packing",
    "cubeviz.design",
    "cubeviz.insight",
)


def install_order(modules: Mapping[str, object]) -> list[str]:
    """The feature names in an order where each comes after the features it names in its `INSTALL_AFTER` (those
    present): a feature declares what it uses of others instead of relying on the list's order."""
    ordered: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in ordered:
            return
        if name in visiting:
            raise RuntimeError(f"features depend on each other in a circle through {name}")
        visiting.add(name)
        for before in getattr(modules[name], "INSTALL_AFTER", ()):
            if before in modules:
                visit(before)
        visiting.discard(name)
        ordered.append(name)

    for name in modules:
        visit(name)
    return ordered


def install_features(host: FeatureHost, modules: tuple[str, ...] = FEATURE_MODULES) -> list[str]:
    """Install every feature whose package is present into `host` (the main window); return the names installed,
    in order."""
    present = {}
    for name in modules:
        try:
            present[name] = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a feature that is present but broken must fail loudly
                raise
    installed = install_order(present)
    for name in installed:
        present[name].install(host)
    return installed
