"""Every cube-grid BurrTools example opens in the Packings tab and its first listed assembly is drawn, at 1366x768
and 1920x1080: the colours in the view's pixels are those of the pieces shown, and each piece, shown alone (hidden
in the legend's way, one after another), is drawn in its own colour (a box may hold the others out of sight).
SolidSixPieceBurrs included, whose 133 piece copies pass the renderer's 64 matrices and 128 colours per draw; before
any assembly is shown its copies lie apart, every one of its piece colours on screen."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from PyQt6.QtGui import QImage
from PyQt6.QtWidgets import QDialog, QMessageBox
from solve_helpers import make_window

from cubeviz.packing.view_panel import SLIDER_STEPS
from cubeviz.views.gl.cube_view import BACKGROUND
from cubeviz.views.gl.polycube_item import hex_rgb
from cubeviz.views.problem_chooser import ProblemChooser

EXAMPLES = Path("/work/peers/burr-tools/examples")
CUBE_GRID = (
    "AlPackino",
    "CubeInCage",
    "DemoMirrorParadox",
    "DemoPieceGenerator",
    "DraculasDentalDesaster",
    "PelikanBurr",
    "SolidSixPieceBurrs",
)
SIZES = ((1366, 768), (1920, 1080))
SLOW = {(size, "SolidSixPieceBurrs") for size in SIZES}  # listing its 588 assemblies with classes: 15 s and more
WAIT_MS = 180_000  # the first search may compile the kernels
MIN_PIXELS = 60  # pixels of one colour that make it "seen": a piece's exploded faces give hundreds
GREY_CHROMA = 30.0  # a colour whose chroma is weaker has no hue worth telling apart
SAME_HUE = 0.995  # cosine between two colours' chroma above which they count as one hue
MATCH = 0.99  # cosine between a pixel's chroma and a hue's above which the pixel shows that hue
SEEN_SHARE = 0.002  # of the coloured pixels, at least, for a hue to count as seen
STRAY_SHARE = 0.01  # coloured pixels of no expected colour, at most: edges blend two colours in a few


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def size(request) -> tuple[int, int]:
    return request.param


@pytest.fixture
def window(qtbot, monkeypatch, size):
    win = make_window(qtbot, 3)
    win.resize(*size)
    warnings: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, _title, text: warnings.append(text))
    monkeypatch.setattr(ProblemChooser, "exec", _first_problem)
    win.test_warnings = warnings
    win.tabs.setCurrentWidget(win.packing_browser)
    qtbot.waitUntil(lambda: win.packing_browser.view.width() > 300, timeout=20_000)
    yield win
    win.close()


def _first_problem(dialog: ProblemChooser) -> int:
    dialog.problems.setCurrentRow(0)
    return QDialog.DialogCode.Accepted


def _open(qtbot, window, name: str):
    path = EXAMPLES / f"{name}.xmpuzzle"
    if not path.exists():
        pytest.skip("the BurrTools examples are not on this machine")
    browser = window.packing_browser
    assert browser.open_burrtools_file(path) and window.test_warnings == []
    return browser


def _rgb(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height = image.width(), image.height()
    data = np.frombuffer(image.constBits().asstring(image.sizeInBytes()), dtype=np.uint8)
    return data.reshape(height, image.bytesPerLine())[:, : width * 3].reshape(height, width, 3).astype(float)


def _direction(colour: str) -> np.ndarray | None:
    """The unit chroma of a colour (what lighting keeps), None for a grey, which lighting cannot tell from the
    background or the edges."""
    rgb = np.array(hex_rgb(colour)) * 255.0
    chroma = rgb - rgb.min()
    norm = float(np.linalg.norm(chroma))
    return chroma / norm if norm >= GREY_CHROMA else None


def _hues(colours: set[str]) -> dict[str, int]:
    """Each colour that has a hue -> its hue class: colours whose chroma points the same way (a file's red cell on
    a red piece) cannot be told apart once lit, so they count as one."""
    reps: list[np.ndarray] = []
    out = {}
    for colour in sorted(colours):
        direction = _direction(colour)
        if direction is None:
            continue
        same = [i for i, rep in enumerate(reps) if float(rep @ direction) > SAME_HUE]
        if not same:
            reps.append(direction)
        out[colour] = same[0] if same else len(reps) - 1
    return out


def _hue_pixels(image: QImage, hues: dict[str, int]) -> tuple[dict[int, int], int, int]:
    """Pixels per hue class (chroma direction matched), the coloured pixels that match none, and the pixels that
    differ from the background at all."""
    rgb = _rgb(image).reshape(-1, 3)
    drawn = int((np.abs(rgb - np.array(BACKGROUND) * 255.0).sum(axis=1) > 30).sum())
    chroma = rgb - rgb.min(axis=1, keepdims=True)
    strength = np.linalg.norm(chroma, axis=1)
    coloured = strength > 40
    classes = sorted(set(hues.values()))
    targets = np.array([_direction(min(c for c, k in hues.items() if k == cls)) for cls in classes])
    if not len(classes):
        return {}, int(coloured.sum()), drawn
    cosine = (chroma[coloured] @ targets.T) / strength[coloured, None]
    best = cosine.argmax(axis=1)
    matched = cosine.max(axis=1) > MATCH
    counts = {cls: int((matched & (best == i)).sum()) for i, cls in enumerate(classes)}
    return counts, int((~matched).sum()), drawn


def _expected_colours(browser) -> set[str]:
    """The colours the shown pieces wear: each piece's colour, or a cell's own colour from the file."""
    model, item = browser.model, browser.view.item
    out: set[str] = set()
    for instance, kind in enumerate(model.instance_kinds()):
        if item.hidden[instance]:
            continue
        piece = model.puzzle.pieces[kind]
        own = model.cell_colours[kind] if kind < len(model.cell_colours) else {}
        out |= {own.get(tuple(cell), piece.colour) for cell in piece.cells}
    return out


def _check_colours(browser, image: QImage, every: bool = True) -> None:
    """The hues seen are the shown pieces' (every one of them when ``every``), and hardly anything else; a piece
    all grey is seen as something drawn."""
    expected_colours = _expected_colours(browser)
    hues = _hues(expected_colours | {p.colour for p in browser.model.puzzle.pieces})
    expected = {hues[c] for c in expected_colours if c in hues}
    counts, unmatched, drawn = _hue_pixels(image, hues)
    least = max(MIN_PIXELS, SEEN_SHARE * sum(counts.values()))  # edges blend neighbours into a few stray pixels
    seen = {cls for cls, n in counts.items() if n >= least}
    assert seen == expected if every else seen <= expected and (seen or drawn >= MIN_PIXELS), (expected, counts)
    assert drawn >= MIN_PIXELS
    assert unmatched <= STRAY_SHARE * sum(counts.values()) + MIN_PIXELS


def _each_piece_alone(browser) -> int:
    """Show each piece of the assembly alone and check its colours; the number of pieces checked."""
    model, item = browser.model, browser.view.item
    shown = np.flatnonzero(~item.hidden).tolist()
    for other in shown[1:]:
        model.set_hidden(other, True)
    for previous, instance in zip([None, *shown], shown, strict=False):
        if previous is not None:
            model.set_hidden(previous, True)
            model.set_hidden(instance, False)
        assert np.flatnonzero(~item.hidden).tolist() == [instance]
        _check_colours(browser, browser.view.grabFramebuffer())
    for other in shown:
        model.set_hidden(other, False)
    return len(shown)


def _drawn(qtbot, window, name: str):
    """Open an example, list its assemblies (the file's stored ones, or Enumerate's), show the first exploded."""
    browser = _open(qtbot, window, name)
    if browser.model.solutions is None:
        browser.enumerate()
        qtbot.waitUntil(lambda: browser.worker is None, timeout=WAIT_MS)
    assert window.test_warnings == [] and len(browser.model.visible) > 0
    browser.navigate("first")
    browser.view.item.finish_transition()
    browser.view_panel.explode.setValue(SLIDER_STEPS)
    browser.view.reset_view()
    return browser


@pytest.mark.parametrize(
    ("size", "name"),
    [pytest.param(size, n, marks=[pytest.mark.slow] if (size, n) in SLOW else [], id=f"{size[0]}x{size[1]}-{n}")
     for size in SIZES for n in CUBE_GRID],
)  # fmt: skip
def test_the_first_assembly_of_every_cube_grid_example_is_drawn_in_its_colours(qtbot, window, name, tmp_path):
    browser = _drawn(qtbot, window, name)
    image = browser.view.grabFramebuffer()
    image.save(str(tmp_path / f"{name}.png"))
    _check_colours(browser, image, every=False)
    rows = browser.model.current_rows()
    used = sum(1 for r in rows if (browser.model.problem.row_cells[r] >= 0).any())
    assert _each_piece_alone(browser) == used >= 1


def test_solid_six_piece_burrs_draws_all_its_copies_laid_out(qtbot, window, tmp_path):
    browser = _open(qtbot, window, "SolidSixPieceBurrs")
    item = browser.view.item
    assert item.n_instances == 133 and len(item.mesh.chunks) > 1 and item.laid_out
    assert not item.hidden.any()
    image = browser.view.grabFramebuffer()
    image.save(str(tmp_path / "solid-six-laid-out.png"))
    colours = {p.colour for p in browser.model.puzzle.pieces}
    assert len(colours) >= 10  # the palette's colours, each on several of its 25 shapes
    _check_colours(browser, image)
