"""The Packings tab enumerates on a Dask cluster when given its address: the same counts and the same solutions,
in the same order, as on this computer, with progress on the way, and Cancel stops it."""

from __future__ import annotations

import random

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from cubeviz.packing.browser import PackingBrowser  # noqa: E402
from solvers.packing.puzzle import SymmetryMode  # noqa: E402

WAIT_MS = 120_000


@pytest.fixture(scope="module")
def address():
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0")
    yield cluster.scheduler_address
    cluster.close()


def _enumerated(qtbot, address: str, mode: SymmetryMode) -> PackingBrowser:
    browser = PackingBrowser(random.Random(7))
    qtbot.addWidget(browser)
    browser.show()
    browser.source.cluster.setText(address)
    fractions: list[float] = []
    browser.enumerate(mode)
    browser.worker.progress.connect(lambda event: fractions.append(event.fraction))
    qtbot.waitUntil(lambda: browser.worker is None, timeout=WAIT_MS)
    browser.fractions = fractions
    return browser


def test_enumerating_on_a_cluster_gives_the_local_solutions(qtbot, address):
    there = _enumerated(qtbot, address, SymmetryMode.NONE)
    here = _enumerated(qtbot, "", SymmetryMode.NONE)
    counts = {SymmetryMode.NONE: 11520, SymmetryMode.ROTATION: 480, SymmetryMode.MIRROR: 240}
    assert there.model.level_counts() == here.model.level_counts() == counts
    assert np.array_equal(there.model.solutions.rows, here.model.solutions.rows)
    assert there.fractions and there.fractions[-1] == 1.0  # progress chunk by chunk, to the end


def test_cancel_stops_a_cluster_enumeration(qtbot, address):
    browser = PackingBrowser(random.Random(7))
    qtbot.addWidget(browser)
    browser.show()
    browser.source.cluster.setText(address)
    browser.enumerate(SymmetryMode.NONE)
    browser.cancel()
    assert browser.worker is None and browser.source.enumerate_button.isEnabled()
