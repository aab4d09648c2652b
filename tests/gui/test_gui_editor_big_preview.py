"""The editor's 3D preview outlines the stickers a verdict names on big cubes too: the pixels on a twisted corner's
frames are the outline's magenta, those of the same picture without the fault are not, and the stickers that are
not named look the same in both pictures."""

from __future__ import annotations

import os

import numpy as np
import pytest
from test_gui_editor_validation import is_lit_magenta

from solvers.nxn.errors import BigCubeReason
from solvers.nxn.pieces import CORNER_NAMES, corner_slots
from solvers.nxn.state import NxNState
from tests.gui.gui_helpers import pixel
from tests.gui.window_helpers import active_main_window


@pytest.fixture(params=[(1366, 768)])
def window(qtbot, request):
    window = active_main_window(qtbot, 4, seed=5)
    window.resize(*request.param)
    window.tabs.setCurrentWidget(window.net_editor)
    qtbot.waitExposed(window.net_editor.preview, timeout=20_000)
    return window


def corner(size: int, name: str) -> list[int]:
    return [int(i) for i in corner_slots(size)[CORNER_NAMES.index(name)]]


def twisted(size: int, name: str) -> np.ndarray:
    colours = NxNState.solved(size).colours.astype(np.int64)
    stickers = corner(size, name)
    colours[stickers] = np.roll(colours[stickers], 1)
    return colours


def keep(image, name: str) -> None:
    """Save the picture for looking at by eye when CUBEVIZ_SHOT_DIR names a folder (a test run writes nothing)."""
    directory = os.environ.get("CUBEVIZ_SHOT_DIR")
    if directory:
        assert image.save(os.path.join(directory, name))


def frame_pixels(preview, image, facelets: list[int]) -> list[tuple[int, int, int]]:
    ratio = image.devicePixelRatio()
    points = preview.outline_points(facelets, preview.camera, preview.width(), preview.height())
    return [pixel(image, x * ratio, y * ratio) for x, y in points]


@pytest.mark.parametrize(
    ("size", "window"), [(4, (1366, 768)), (7, (1366, 768)), (17, (1920, 1080))], indirect=["window"]
)
def test_the_preview_outlines_a_big_cube_s_faulty_stickers(qtbot, window, size, tmp_path) -> None:
    panel = window.net_editor
    preview = panel.preview
    panel.set_size(size)
    panel.model.set_colours(twisted(size, "URF"), "twist")
    verdict = panel.model.verdict
    assert not verdict.valid and verdict.problems[0].reason is BigCubeReason.TWISTED_CORNER
    urf, ufl = corner(size, "URF"), corner(size, "UFL")
    assert verdict.outlined == set(urf)
    preview.repaint()
    faulty = preview.grabFramebuffer()
    keep(faulty, f"preview-{size}-faulty.png")
    outlined = frame_pixels(preview, faulty, urf)
    assert len(outlined) == 12  # URF faces the camera on all three sides, four bars each
    assert all(is_lit_magenta(rgb) for rgb in outlined), outlined
    untouched = frame_pixels(preview, faulty, ufl)
    assert untouched and not any(is_lit_magenta(rgb) for rgb in untouched)

    panel.model.set_colours(NxNState.solved(size).colours, "solved")  # the same picture without the fault
    assert panel.model.verdict.valid and not panel.model.verdict.outlined
    preview.repaint()
    clean = preview.grabFramebuffer()
    keep(clean, f"preview-{size}-clean.png")
    assert not any(is_lit_magenta(rgb) for rgb in frame_pixels(preview, clean, urf))
    assert all(
        np.abs(np.subtract(a, b)).max() > 60 for a, b in zip(outlined, frame_pixels(preview, clean, urf), strict=True)
    )
    assert frame_pixels(preview, clean, ufl) == untouched  # only the named stickers changed


def test_outlined_stickers_at_the_back_turn_the_preview_to_them(qtbot, window) -> None:
    panel = window.net_editor
    preview = panel.preview
    dbl = corner(5, "DBL")
    panel.set_size(5)
    assert not preview.outline_polygons(dbl, preview.camera, preview.width(), preview.height())
    panel.model.set_colours(twisted(5, "DBL"), "twist")
    assert panel.model.verdict.outlined == set(dbl)
    assert len(preview.outline_polygons(dbl, preview.camera, preview.width(), preview.height())) >= 2
    preview.repaint()
    image = preview.grabFramebuffer()
    assert sum(is_lit_magenta(rgb) for rgb in frame_pixels(preview, image, dbl)) >= 8
