"""The names of the goal presets, in a module of their own so the command line can list them without numpy."""

from __future__ import annotations

ANY_COLOUR = "any"
FIXED_AXIS_PRESETS = ("eoline", "eo", "co", "corners", "edges")
PRESET_NAMES = ("cross", "xcross", "f2l", "eoline", "eo", "co", "corners", "edges", "2x2x2", "2x2x3", "roux-fb",
                "last-layer")  # fmt: skip
