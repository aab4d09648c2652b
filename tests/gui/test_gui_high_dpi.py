"""At a device pixel ratio of 2 the cube view renders at full device resolution (sharp), clicks still turn the
sticker under the cursor, and exported pictures have exactly the pixel size asked for; at ratio 1 the same probe
is the control."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_probe import run_probe

PROBE = Path(__file__).with_name("dpi_probe.py")
EXPECTED_TURNS = [["F"], ["U"], ["R'"], ["F'"]]  # left click clockwise, right click anticlockwise


@pytest.fixture(scope="module", params=[2, 1], ids=lambda scale: f"scale{scale}")
def report(request) -> dict:
    return {"scale": request.param, **run_probe(PROBE, 1920, 1080, {"QT_SCALE_FACTOR": str(request.param)})}


def test_the_view_renders_at_device_resolution(report):
    assert report["ratio"] == report["scale"]
    width, height = report["logical"]
    assert report["framebuffer"] == [width * report["scale"], height * report["scale"]]


def test_the_picture_is_sharp_not_blown_up(report):
    if report["scale"] == 2:  # a 2x blow-up repeats every pixel: no pair (2k, 2k+1) would differ
        assert report["pair_difference"] > 0.001, report["pair_difference"]


def test_stickers_are_drawn_where_the_clicks_find_them(report):
    assert report["colours"] == ["F", "U", "R", "F"]


def test_a_click_turns_the_sticker_under_the_cursor(report):
    assert report["turns"] == EXPECTED_TURNS


def test_an_export_has_the_pixel_size_asked_for(report):
    assert report["export"] == [300, 200]
