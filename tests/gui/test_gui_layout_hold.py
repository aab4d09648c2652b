"""Layouts that hold: on a real X screen of each size, the window is walked through its pages (Insight and back, the
pages that hide the cube's docks and back) and after every switch each key widget of the page shown is whole,
inside its scroll area's view, and at least as wide as it asks to be; the Solve dock never scrolls sideways and
keeps its width; the tabs never move; History stays in front of Distance."""

from __future__ import annotations

from pathlib import Path

import pytest
from screen_probe import run_probe

PROBE = Path(__file__).with_name("layout_probe.py")
SCREENS = [(1280, 720), (1366, 768), (1920, 1080)]
LEAST = {  # the smallest (width, height) at which each of these is still usable
    "cube view": (400, 350),
    "packing view": (350, 300),
    "exploded": (100, 10),
    "net editor": (300, 250),
    "pieces": (150, 100),
    "filter": (150, 40),
    "nearest solutions": (150, 50),
    "scrubber": (90, 10),
}


@pytest.fixture(scope="module", params=SCREENS, ids=lambda size: f"{size[0]}x{size[1]}")
def report(request) -> dict:
    return run_probe(PROBE, *request.param)


def test_every_key_widget_is_whole_after_every_switch(report):
    for number, step in enumerate(report["steps"]):
        for name, found in step["widgets"].items():
            where = f"switch {number} to {step['page']}, {name}: {found}"
            assert found["shown"] and found["on_screen"], where
            assert found["visible"] == found["size"], where  # not cut by a scroll area, a splitter or the window
            least = LEAST.get(name, (1, 1))
            assert found["size"][0] >= least[0] and found["size"][1] >= least[1], where
            if found["button"]:  # every button's text whole: never narrower than it asks
                assert found["size"][0] >= found["hint_width"], where


def test_the_solve_dock_never_scrolls_sideways_and_keeps_its_width(report):
    cube_steps = [step for step in report["steps"] if step["page"] in ("Cube", "Insight")]
    for step in cube_steps:
        dock = step["solve_dock"]
        assert dock["shown"] and not dock["horizontal_bar"], step["page"]
        assert not dock["vertical_bar"], step["page"]  # the player row and the Hint / +1 / Copy row in sight
        assert step["summary_whole"], step["page"]  # "Solutions: 3 (shortest last)" on one line, whole
    widths = {step["solve_dock"]["width"] for step in cube_steps}
    assert max(widths) - min(widths) <= 2, widths


def test_the_tabs_stay_put_and_history_stays_in_front(report):
    places = {tuple(step["tab_bar"]) for step in report["steps"]}
    assert len(places) == 1, places
    for step in report["steps"]:
        if step["page"] in ("Cube", "Insight"):
            assert step["history_in_front"], step["page"]
    sx, sy, sw, sh = report["screen"]
    for step in report["steps"]:
        x, y, w, h = step["window"]
        assert sx <= x and sy <= y and x + w <= sx + sw and y + h <= sy + sh, step["page"]  # never grows past it
