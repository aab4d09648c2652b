"""The documentation screenshots of the packing browser, made by the browser itself so they stay current.

Run: `.venv/bin/python -m cubeviz.packing.screenshots [directory]` (default docs/screenshots; needs a display,
e.g. under xvfb-run). Writes packing-assembled.png, packing-exploded.png and packing-filtered.png (whole tab), and
burrtools-colours.png (`cubeviz.packing.burrtools_screenshots`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from PyQt6.QtWidgets import QApplication

from cubeviz.packing.browser import PackingBrowser
from cubeviz.packing.screenshot_browser import finish_work, shown_browser
from cubeviz.screenshots import run
from solvers.packing.puzzle import SymmetryMode

SOLUTION_NUMBER = 2024  # any fixed solution: reproducible pictures


def save_screenshots(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance()
    paths = []
    with shown_browser(1400, 800) as browser:
        browser.enumerate(SymmetryMode.NONE)
        finish_work(browser)
        browser.jump_to_number(SOLUTION_NUMBER)
        browser.view.item.finish_transition()
        for name, prepare in (
            ("assembled", lambda: None),
            ("exploded", lambda: browser.view_panel.explode.setValue(100)),
            ("filtered", lambda: _pin(browser)),
        ):
            prepare()
            app.processEvents()
            path = directory / f"packing-{name}.png"
            image = browser.grab() if name == "filtered" else browser.view.grabFramebuffer()
            if not image.save(str(path)):
                raise OSError(f"could not write {path}")
            paths.append(path)
    from cubeviz.packing.burrtools_screenshots import save_screenshots as save_burrtools

    return paths + save_burrtools(directory)


def _pin(browser: PackingBrowser) -> None:
    browser.view_panel.explode.setValue(35)
    browser.legend.legend.setCurrentRow(0)
    browser.legend.pin_button.click()
    browser.legend.legend.setCurrentRow(4)
    browser.legend.pin_button.click()
    browser.model.set_highlight(None)  # full colours in the picture
    browser.view.item.finish_transition()


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
