"""Big cubes in the main window: the size chooser, the Algorithm box, drags and keys on stickers, the pixels of the
3D view and of the Net dock, each checked against the engine's NxNState."""

from __future__ import annotations

import numpy as np
import pytest
from PyQt6.QtCore import QPoint, Qt

from cubeviz import settings as keys
from cubeviz.views.gl.big_cube_mesh import big_cube_geometry
from solvers.nxn.geometry import Axis, Face, sticker_index
from solvers.nxn.moves import BlockTurn
from solvers.nxn.notation import parse
from solvers.nxn.state import NxNState
from tests.gui.gui_helpers import classify, pixel, visible_stickers
from tests.gui.window_helpers import active_main_window

LEFT = Qt.MouseButton.LeftButton


@pytest.fixture
def window(qtbot):
    return active_main_window(qtbot, 3, seed=5)


def _choose(qtbot, window, size: int) -> None:
    """Type the size into the toolbar's chooser, as a person would, and press Enter."""
    box = window.size_chooser
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box, str(size))
    qtbot.keyClick(box, Qt.Key.Key_Return)


def _point(view, facelet: int, offset: np.ndarray | None = None) -> QPoint:
    geometry = big_cube_geometry(view.model.size)
    centre = geometry.sticker_centres[facelet] + (0.0 if offset is None else offset)
    x, y = view.camera.project(centre, view.width(), view.height())[0]
    return QPoint(int(round(x)), int(round(y)))


def _drag(qtbot, view, start: QPoint, end: QPoint, modifier=Qt.KeyboardModifier.NoModifier) -> None:
    qtbot.mousePress(view, LEFT, modifier, pos=start)
    for k in range(1, 9):
        qtbot.mouseMove(view, start + (end - start) * (k / 8))
    qtbot.mouseRelease(view, LEFT, modifier, pos=end)


@pytest.mark.parametrize("size", (4, 5, 7, 17))
def test_chosen_size_shows_takes_notation_undoes_and_is_remembered(qtbot, window, size) -> None:
    _choose(qtbot, window, size)
    assert window.model.size == size and window.size_chooser.text() == f"{size}x{size}x{size}"
    assert window.settings.number(keys.PUZZLE_SIZE, 0) == size
    assert window.actions["solve"].isEnabled() and window.actions["export_png"].isEnabled()
    assert window.solve_feature.dock.solver.currentText() == f"{size}x{size}: Reduction: centres, edges, then the 3x3x3"
    text = "Rw U2 3Fw' 2R x" + (" M'" if size % 2 else "")
    qtbot.keyClicks(window.algorithm_input.line, text)
    qtbot.keyClick(window.algorithm_input.line, Qt.Key.Key_Return)
    assert window.model.state == NxNState.solved(size).apply(parse(text, size))
    assert window.solved_label.text() == "Unsolved"
    window.actions["undo"].trigger()
    assert window.model.state == NxNState.solved(size)
    window.cube_view.grabFramebuffer()  # the view draws the size without complaint


def test_back_to_the_3x3_solves_again(qtbot, window) -> None:
    _choose(qtbot, window, 6)
    _choose(qtbot, window, 3)
    assert window.model.size == 3 and window.actions["solve"].isEnabled()
    assert window.solve_feature.dock.solver.currentData().size == 3
    assert window.actions["export_animation"].isEnabled() and window.actions["export_png"].isEnabled()


def test_bad_notation_is_reported_and_not_applied(qtbot, window) -> None:
    _choose(qtbot, window, 4)
    qtbot.keyClicks(window.algorithm_input.line, "Rw 5R U")
    qtbot.keyClick(window.algorithm_input.line, Qt.Key.Key_Return)
    assert window.model.history == ()
    assert window.statusBar().currentMessage().startswith("Not applied")
    assert window.algorithm_input.line.selectedText() == "5R"


def test_scramble_button_scrambles_a_big_cube_with_wca_length(qtbot, window) -> None:
    _choose(qtbot, window, 5)
    window.actions["scramble_state"].trigger()
    entry = window.model.history[-1]
    assert len(entry.turns) == 60
    assert window.model.state == NxNState.solved(5).apply(entry.turns)


@pytest.mark.parametrize(
    ("row", "col", "direction", "shift", "expected"),
    [
        (2, 5, (1.0, 0.0, 0.0), False, BlockTurn(Axis.Y, 2, 2, 3)),  # an inner row dragged right: 3U'
        (2, 5, (0.0, 1.0, 0.0), False, BlockTurn(Axis.X, 1, 1, 1)),  # an inner column dragged up: 2R
        (1, 3, (0.0, -1.0, 0.0), False, BlockTurn(Axis.X, 3, 3, 3)),  # the middle column dragged down: M
        (2, 5, (1.0, 0.0, 0.0), True, BlockTurn(Axis.Y, 0, 2, 3)),  # Shift: every row from U down to it
    ],
)
def test_drag_on_a_front_sticker_turns_the_layer_under_it(qtbot, window, row, col, direction, shift, expected) -> None:
    _choose(qtbot, window, 7)
    view = window.cube_view
    facelet = sticker_index(Face.F, row, col, 7)
    offset = np.array(direction) * big_cube_geometry(7).cubie_width * 0.8
    modifier = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    _drag(qtbot, view, _point(view, facelet), _point(view, facelet, offset), modifier)
    assert window.model.history[-1].turns == (expected,)
    assert window.model.state == NxNState.solved(7).apply([expected])


def test_click_turns_the_face_and_layer_keys_turn_inner_layers(qtbot, window) -> None:
    _choose(qtbot, window, 5)
    view = window.cube_view
    qtbot.mouseClick(view, LEFT, pos=_point(view, sticker_index(Face.U, 1, 3, 5)))
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_3)
    qtbot.keyClick(view, Qt.Key.Key_R, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClick(view, Qt.Key.Key_F)
    turns = [turn for entry in window.model.history for turn in entry.turns]
    assert turns == parse("U 3R' F", 5)
    assert window.model.state == NxNState.solved(5).apply(parse("U 3R' F", 5))


@pytest.mark.parametrize("size", (5, 17))
def test_stickers_on_screen_show_the_state_colours(qtbot, window, size) -> None:
    """After turns, the pixel at each visible sticker's centre is that sticker's colour in the engine's state."""
    _choose(qtbot, window, size)
    window.model.apply_text("R 2U' 3Fw")
    view = window.cube_view
    image = view.grabFramebuffer()
    ratio = image.devicePixelRatio()
    state = NxNState.solved(size).apply(parse("R 2U' 3Fw", size))
    indices, pixels = visible_stickers(view)
    checked = 0
    for facelet, (x, y) in zip(indices.tolist(), pixels.tolist(), strict=True):
        seen = classify(pixel(image, x * ratio, y * ratio), window.scheme)
        if seen is not None:
            checked += 1
            assert seen == Face(int(state.colours[facelet])), f"sticker {facelet}"
    assert checked >= 3 * size * size * 0.8  # three faces in view, nearly every sticker identified
    moved = [f for f in indices.tolist() if state.colours[f] != f // (size * size)]
    assert len(moved) > size  # the picture checked is not the solved cube's


def test_a_turn_in_progress_moves_the_pixels_of_its_block_only(qtbot, window) -> None:
    _choose(qtbot, window, 7)
    view = window.cube_view
    before = view.grabFramebuffer()
    from cubeviz.views.gl.animation import AnimationSpeed

    now = [0.0]
    view.clock = lambda: now[0]
    view.set_speed(AnimationSpeed.SLOW)
    window.model.apply_text("3Rw")
    now[0] += AnimationSpeed.SLOW.value * 0.5
    during = view.grabFramebuffer()
    ratio = during.devicePixelRatio()
    indices, pixels = visible_stickers(view)  # frames as drawn mid-turn
    still = sticker_index(Face.F, 3, 0, 7)  # the left column of F stays where it was
    x, y = pixels[indices.tolist().index(still)]
    assert classify(pixel(during, x * ratio, y * ratio), window.scheme) == Face.F
    assert pixel(before, x * ratio, y * ratio) == pixel(during, x * ratio, y * ratio)
    moving = sticker_index(Face.F, 3, 6, 7)  # the right column of F is in the block: it has moved
    rest = view.camera.project(big_cube_geometry(7).sticker_centres[moving], view.width(), view.height())[0]
    assert np.linalg.norm(pixels[indices.tolist().index(moving)] - rest) > 5.0


def test_net_dock_shows_the_n_by_n_net(qtbot, window) -> None:
    _choose(qtbot, window, 7)
    window.model.apply_text("Rw' 3U 2F2")
    net = window.net_view
    image = net.grab().toImage()
    ratio = image.devicePixelRatio()
    state = NxNState.solved(7).apply(parse("Rw' 3U 2F2", 7))
    for facelet in range(6 * 49):
        centre = net.sticker_rect(facelet).center()
        assert (
            pixel(image, centre.x() * ratio, centre.y() * ratio) == window.scheme.rgb[Face(int(state.colours[facelet]))]
        )


def test_a_remembered_big_size_opens_with_its_solver_offered(qtbot) -> None:
    from cubeviz.settings import Settings

    Settings().set(keys.PUZZLE_SIZE, 9)
    window = active_main_window(qtbot, None, seed=2)
    assert window.model.size == 9 and window.size_chooser.value() == 9
    assert window.actions["solve"].isEnabled() and window.solve_feature.dock.solver.currentData().size == 9
    window.model.apply_text("4Lw2 M")
    assert window.model.state == NxNState.solved(9).apply(parse("4Lw2 M", 9))


def test_the_distance_meter_stays_quiet_on_a_big_cube(qtbot, window) -> None:
    meter = window.insight.meter
    meter.set_active(True)
    _choose(qtbot, window, 6)
    window.model.apply_text("Rw U 3Fw")
    assert meter.exact == meter.lower == meter.upper == []
    window.actions["undo"].trigger()
    assert window.model.is_solved()
