"""The documentation screenshot of a coloured BurrTools problem in the Packings tab: its counts at every level and
the file's colours on the pieces' cubes, made by the browser itself from a file written here.

Run: `.venv/bin/python -m cubeviz.packing.burrtools_screenshots [directory]` (default docs/screenshots; needs a
display, e.g. under xvfb-run). Writes burrtools-colours.png (the whole tab). `cubeviz.packing.screenshots` makes
it with the tab's other pictures.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from PyQt6.QtWidgets import QApplication

from cubeviz.packing.screenshot_browser import finish_work, shown_browser
from cubeviz.screenshots import run
from solvers.packing.puzzle import SymmetryMode

# A 2x2x2 cube chequered in gold (1) and blue (2), filled by two dominoes with a gold end and two with a blue end;
# gold may lie on gold or blue, blue only on blue. 216 assemblies, 23 up to rotation, 13 up to reflection too.
CHEQUERED = (
    b'<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors>'
    b'<color red="240" green="190" blue="30"/><color red="30" green="80" blue="230"/></colors><shapes>'
    b'<voxel x="2" y="2" z="2" type="0" name="chequered cube">#1#2#2#1#2#1#1#2</voxel>'
    b'<voxel x="2" y="1" z="1" type="0" name="gold-ended domino">#1#</voxel>'
    b'<voxel x="2" y="1" z="1" type="0" name="blue-ended domino">#2#</voxel></shapes>'
    b'<problems><problem name="Chequered dominoes"><shapes><shape id="1" count="2"/><shape id="2" count="2"/>'
    b'</shapes><result id="0"/><bitmap><pair piece="0" result="0"/><pair piece="0" result="1"/>'
    b'<pair piece="1" result="1"/></bitmap></problem></problems></puzzle>'
)
SOLUTION_NUMBER = 5  # any fixed one: reproducible pictures


def save_screenshots(directory: Path) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance()
    path = directory / "burrtools-colours.png"
    with shown_browser(1366, 768) as browser:
        with tempfile.TemporaryDirectory() as folder:
            puzzle = Path(folder) / "chequered.xmpuzzle"
            puzzle.write_bytes(CHEQUERED)
            if not browser.open_burrtools_file(puzzle, enumerate_now=True):
                raise RuntimeError(browser.source.error.text())
        finish_work(browser)
        browser.model.set_level(SymmetryMode.MIRROR)
        browser.jump_to_number(SOLUTION_NUMBER)
        browser.view_panel.explode.setValue(40)
        browser.view.item.finish_transition()
        app.processEvents()
        if not browser.grab().save(str(path)):
            raise OSError(f"could not write {path}")
    return [path]


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
