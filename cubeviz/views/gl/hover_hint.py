"""What a click on the cube would do, in words for the status bar: the cube view says it as the mouse moves over
it, so a newcomer learns the controls by pointing (the menus only cover the keyboard)."""

from __future__ import annotations

from cubeviz.views.gl.cube_geometry import cube_geometry
from cubeviz.views.gl.picking import StickerHit, click_turn

BACKGROUND_HINT = "Drag: orbit the cube · wheel: zoom · Ctrl+0: reset the view"


def hover_hint(hit: StickerHit | None, size: int) -> str:
    """The status-bar hint for the mouse over `hit` (None: over the background)."""
    if hit is None:
        return BACKGROUND_HINT
    geometry = cube_geometry(size)
    clockwise = click_turn(geometry, hit.facelet, True).notation
    anticlockwise = click_turn(geometry, hit.facelet, False).notation
    return (
        f"Click: turn {clockwise} · right-click: {anticlockwise} · "
        "drag across the stickers: turn that row or column the way you drag"
    )
