"""The documentation screenshots of BurrTools problems in the Packings tab: a coloured problem (its counts at every
level and the file's colours on the pieces' cubes, made by the browser itself from a file written here) and, when
BurrTools' examples are at hand, SolidSixPieceBurrs (133 piece copies) with its first assembly exploded.

Run: `.venv/bin/python -m cubeviz.packing.burrtools_screenshots [directory]` (default docs/screenshots; needs a
display, e.g. under xvfb-run). Writes burrtools-colours.png (the whole tab), and burrtools-solid-six.png when the
environment variable BURRTOOLS_EXAMPLES names the folder of BurrTools' examples (they are not ours to ship).
`cubeviz.packing.screenshots` makes them with the tab's other pictures.
"""

from __future__ import annotations

import os
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
SOLID_SIX = "SolidSixPieceBurrs.xmpuzzle"


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
    examples = os.environ.get("BURRTOOLS_EXAMPLES")
    if examples and (Path(examples) / SOLID_SIX).exists():
        return [path, _solid_six(Path(examples) / SOLID_SIX, directory / "burrtools-solid-six.png")]
    return [path]


def _solid_six(puzzle: Path, path: Path) -> Path:
    """SolidSixPieceBurrs enumerated, its first assembly shown a little exploded (the unused copies hidden)."""
    app = QApplication.instance()
    with shown_browser(1366, 768) as browser:
        if not browser.open_burrtools_file(puzzle, enumerate_now=True):
            raise RuntimeError(browser.source.error.text())
        finish_work(browser)
        browser.navigate("first")
        browser.view_panel.explode.setValue(40)
        browser.view.item.finish_transition()
        app.processEvents()
        if not browser.grab().save(str(path)):
            raise OSError(f"could not write {path}")
    return path


def main(argv: list[str] | None = None) -> int:
    return run(save_screenshots, argv)


if __name__ == "__main__":
    sys.exit(main())
