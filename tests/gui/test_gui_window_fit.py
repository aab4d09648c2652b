"""The window fits the screens people have: on a real X screen of each size (a separate Xvfb per size), the window
opens inside the screen, its minimum is small enough for any laptop, and in every tab the key widgets are shown,
on screen, unclipped and big enough to use."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_probe import run_probe

PROBE = Path(__file__).with_name("fit_probe.py")
SCREENS = [(1280, 720), (1366, 768), (1920, 1080)]
MINIMUM_WINDOW = (1024, 640)
USABLE = {  # the smallest size (width, height) at which each kind of widget is still usable
    "cube view": (400, 350),
    "packing view": (350, 300),
    "net editor": (360, 270),
    "solution table": (200, 150),
    "net": (160, 120),
    "layer grid": (160, 160),
    "design view": (240, 200),
    "piece list": (150, 100),
}
BUTTON = (20, 18)
CHART = (200, 150)
CUBE_DOCKS = {"Algorithm", "Distance", "History", "Net", "Solve"}


@pytest.fixture(scope="module", params=SCREENS, ids=lambda size: f"{size[0]}x{size[1]}")
def report(request) -> dict:
    return run_probe(PROBE, *request.param)


def test_window_opens_inside_the_screen_at_about_85_percent(report):
    sx, sy, sw, sh = report["screen"]
    x, y, w, h = report["window"]
    assert sx <= x and sy <= y and x + w <= sx + sw and y + h <= sy + sh
    assert abs(w - 0.85 * sw) <= 2 and abs(h - 0.85 * sh) <= 2 or (w, h) >= MINIMUM_WINDOW
    assert abs((x + w / 2) - (sx + sw / 2)) <= 2 and abs((y + h / 2) - (sy + sh / 2)) <= 2


def test_minimum_size_fits_a_small_laptop(report):
    width, height = report["minimum"]
    assert width <= MINIMUM_WINDOW[0] and height <= MINIMUM_WINDOW[1]


def test_every_key_widget_is_shown_whole_and_usable(report):
    for tab, widgets in report["tabs"].items():
        for name, found in widgets.items():
            where = f"{tab} tab, {name}: {found}"
            assert found["shown"] and found["on_screen"], where
            assert found["visible"] == found["size"], where  # nothing cut off by a scroll area or a splitter
            least = USABLE.get(name, CHART if tab == "Insight" else BUTTON)
            assert found["size"][0] >= least[0] and found["size"][1] >= least[1], where


def test_cube_docks_give_their_room_to_the_packings_and_design_tabs(report):
    assert set(report["docks"]["Cube"]) | {"Distance"} >= CUBE_DOCKS  # Distance shares a tab with History
    assert not CUBE_DOCKS & set(report["docks"]["Packings"])
    assert not CUBE_DOCKS & set(report["docks"]["Design"])
    packing_view = report["tabs"]["Packings"]["packing view"]["size"][0]
    assert packing_view >= 0.4 * report["window"][2]
