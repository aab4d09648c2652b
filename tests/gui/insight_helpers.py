"""Shared set-up of the insight GUI tests: the window they drive, the meter shown, stickers checked in a frame."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from types import SimpleNamespace

import numpy as np
from gui_helpers import classify, visible_stickers
from window_helpers import active_main_window

from cubeviz import main_window
from cubeviz.features import install_features
from cubeviz.main_window import MainWindow
from cubeviz.views.gl.cube_item import CubeItem
from solvers.cube.geometry import Face

INSIGHT_FEATURES = ("cubeviz.solve", "cubeviz.editor", "cubeviz.insight")  # insight's own and those it works with


def insight_window(qtbot, monkeypatch) -> Iterator[MainWindow]:
    """Body of each module's `window` fixture: a shown 2x2 main window with the features insight uses (the others
    are tested with the whole window elsewhere); the insight workers are stopped at the end."""
    monkeypatch.setattr(main_window, "install_features", partial(install_features, modules=INSIGHT_FEATURES))
    window = active_main_window(qtbot, 2, seed=5)
    yield window
    window.insight.stop()
    window.wait_for_workers()


def show_meter(window, qtbot) -> None:
    """Raise the Distance dock (tabbed behind the history) so the meter computes."""
    window.insight.meter_dock.raise_()
    qtbot.waitUntil(lambda: window.insight.meter.active, timeout=20_000)


def frame_shows_state(frame: np.ndarray, state, scheme, camera) -> int:
    """Assert each squarely visible sticker's centre pixel in `frame` (HxWx3) has the state's colour there;
    return how many stickers were checked. The stickers are projected with the camera the frame was drawn with."""
    height, width = frame.shape[:2]
    view = SimpleNamespace(item=CubeItem(state, scheme), camera=camera, width=lambda: width, height=lambda: height)
    indices, pixels = visible_stickers(view)
    colours = state.colours()
    for facelet, (x, y) in zip(indices.tolist(), pixels, strict=True):
        seen = tuple(int(c) for c in frame[int(round(y)), int(round(x)), :3])
        assert classify(seen, scheme) == Face(int(colours[facelet])), (facelet, seen)
    return len(indices)
