"""Optional feature panels (solver player, net editor, packing browser and designer, statistics) and how they
join the window.

Each feature is a package with `install(window)` that adds its docks, tabs, menus and actions through the
window's public hooks (`add_tab`, `add_dock`, `menus`, `actions`, `model`). Keeping the list here means the
main window never imports a feature's internals, and a feature can be left out without touching the others.
"""

from __future__ import annotations

import importlib

from PyQt6.QtWidgets import QMainWindow

FEATURE_MODULES = (
    "cubeviz.solve",
    "cubeviz.editor",
    "cubeviz.packing",
    "cubeviz.design",
    "cubeviz.insight",
)


def install_order(modules: dict[str, object]) -> list[str]:
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


def install_features(window: QMainWindow, modules: tuple[str, ...] = FEATURE_MODULES) -> list[str]:
    """Install every feature whose package is present into `window` (a MainWindow: typed by its Qt base class so
    this module and main_window.py do not import each other); return the names installed, in order."""
    present = {}
    for name in modules:
        try:
            present[name] = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a feature that is present but broken must fail loudly
                raise
    installed = install_order(present)
    for name in installed:
        present[name].install(window)
    return installed
