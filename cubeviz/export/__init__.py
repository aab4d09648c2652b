"""Qt-free writers for pictures and animations made by the app (3D view snapshots, solution and assembly playback).

Kept apart from the views so any feature can hand frames (HxWx3 uint8 arrays) to one place, and so the encoders
stay those of a well-kept library (imageio) instead of anything written here.
"""

from __future__ import annotations

from cubeviz.export.animation import (
    ANIMATION_SUFFIXES,
    ExportCancelled,
    ExportError,
    check_animation_path,
    write_animation,
    write_png,
)

__all__ = [
    "ANIMATION_SUFFIXES",
    "ExportCancelled",
    "ExportError",
    "check_animation_path",
    "write_animation",
    "write_png",
]
