"""The packing browser as the documentation screenshots use it: shown at a fixed size, waited on until its work
is done, and shut down afterwards, so each picture script only says what to show."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

from PyQt6.QtWidgets import QApplication

from cubeviz.packing.browser import PackingBrowser


@contextmanager
def shown_browser(width: int, height: int) -> Iterator[PackingBrowser]:
    """A browser on screen at width x height with a fixed random seed (reproducible pictures); shut down and
    closed on leaving, so no worker thread outlives the picture."""
    browser = PackingBrowser(random.Random(1))
    browser.resize(width, height)
    browser.show()
    try:
        yield browser
    finally:
        browser.shutdown()
        browser.close()


def finish_work(browser: PackingBrowser) -> None:
    """Wait for the browser's enumeration to end and its results to be shown."""
    app = QApplication.instance()
    while browser.worker is not None:
        browser.worker.wait(50)
        app.processEvents()
    app.processEvents()
