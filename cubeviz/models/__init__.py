"""Observable application state: views read it and listen to its signals, and never hold the truth themselves.

Importing the package loads no Qt: its Qt-free modules (scrambles, table memory, the packing model) serve scripts
and tests without a display; `CubeModel` and `HistoryEntry` load on first use."""

from __future__ import annotations

__all__ = ["CubeModel", "HistoryEntry"]


def __getattr__(name: str) -> object:
    if name in __all__:
        from cubeviz.models import cube_model

        return getattr(cube_model, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
