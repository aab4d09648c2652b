"""Goals in the app, driven through the widgets: grey paint and goal presets in the editor (with pinpointed
refusals), goal solves from the Solve dock whose solutions are replayed on the cube and checked sticker by sticker,
the greyed 3D view read back from the framebuffer, and training scrambles from the Edit menu."""

from __future__ import annotations

from gui_helpers import classify, pixel, visible_stickers
from PyQt6.QtCore import Qt
from solve_helpers import make_window, solve_and_wait
from test_gui_editor_paint import sticker_point

from cubeviz.editor.grey_paint import GREY
from cubeviz.editor.transfer import copy_text, paste_text
from cubeviz.solve.goal_choice import PAINTED, PRESET
from solvers.cube.geometry import Face
from solvers.cube.notation import parse_algorithm
from solvers.goals.presets import preset_pattern

SCRAMBLE = "R U F' L2 D B' R2 U' F2 L D2 B R'"
GREY_SPREAD = 30  # a grey (or white) pixel's channels differ by less than this; the other colours' by more


def shows_pattern(state, pattern: str) -> bool:
    """Every non-grey sticker of `pattern` shows its colour in `state` (read from the stickers, not the engine)."""
    colours = state.colours()
    return all(char == "." or int(colours[i]) == int(Face[char]) for i, char in enumerate(pattern))


def click_sticker(qtbot, canvas, facelet: int) -> None:
    qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=sticker_point(canvas, facelet))


def test_grey_paint_and_a_preset_by_clicks_then_an_impossible_goal_is_pinpointed(qtbot) -> None:
    window = make_window(qtbot, 3)
    panel = window.net_editor
    window.tabs.setCurrentWidget(panel)
    qtbot.waitExposed(panel.canvas, timeout=20_000)
    qtbot.mouseClick(panel.grey_button, Qt.MouseButton.LeftButton)
    for facelet in (0, 1, 2):  # U1-U3 grey
        click_sticker(qtbot, panel.canvas, facelet)
    assert [panel.model.colour_at(i) for i in (0, 1, 2, 3)] == [GREY, GREY, GREY, int(Face.U)]
    verdict = panel.model.verdict
    assert verdict.pattern == "..." + "U" * 6 + "".join(f * 9 for f in "RFDLB")
    assert "3 grey stickers" in panel.message.text() and not panel.apply_button.isEnabled()
    panel.goal_presets.picker.set_preset("cross", "F")
    qtbot.mouseClick(panel.goal_presets.load_button, Qt.MouseButton.LeftButton)
    assert panel.model.verdict.pattern == preset_pattern("cross", "F")
    qtbot.mouseClick(panel.palette.buttons[Face.D], Qt.MouseButton.LeftButton)
    click_sticker(qtbot, panel.canvas, 7)  # U8 yellow: the UF place would need the green-yellow edge, as DF does
    verdict = panel.model.verdict
    assert verdict.pattern is None and verdict.outlined == {7, 19, 25, 28}
    assert "D2=D, F8=F and U8=D, F2=F need 2 different pieces, but only 1 piece fits" in panel.message.text()
    qtbot.mouseClick(panel.palette.buttons[Face.U], Qt.MouseButton.LeftButton)
    click_sticker(qtbot, panel.canvas, 19)  # F2 white too: no edge is white and yellow
    assert panel.model.verdict.outlined == {7, 19}
    assert "U8=D, F2=U fit no real piece" in panel.message.text()
    for _ in range(2):
        qtbot.mouseClick(panel.undo_button, Qt.MouseButton.LeftButton)
    assert panel.model.verdict.pattern == preset_pattern("cross", "F")
    copied = copy_text(panel)  # Copy gives the pattern, Paste takes it back
    assert copied == preset_pattern("cross", "F")
    panel.model.clear()
    assert paste_text(panel, copied) and panel.model.verdict.pattern == copied


def test_preset_goal_solve_reaches_the_goal_plays_it_and_greys_the_rest(qtbot) -> None:
    window = make_window(qtbot, 3)
    window.model.apply_text(SCRAMBLE)
    start = window.model.state
    goals = window.solve_feature.goals
    goals.choice.set_kind(PRESET)
    goals.choice.picker.set_preset("xcross", "F")
    assert solve_and_wait(qtbot, window) == ""
    best = window.solve_feature.session.solutions[-1]
    assert best.proven_optimal and best.goal is not None
    after = parse_algorithm(best.text, 3).state(3, start=start)
    assert shows_pattern(after, preset_pattern("xcross", "F")) and not after.is_solved()
    assert "Reached xcross (F)" in window.solve_feature.dock.progress.status.text()
    window.solve_feature.playback.last()
    assert window.model.state == after
    view = window.cube_view
    view.repaint()
    image = view.grabFramebuffer()
    greyed = view.item.greyed(after)
    kept_seen = grey_seen = 0
    indices, pixels = visible_stickers(view)
    white = pixel(image, *pixels[list(indices).index(4)])  # the U centre: white, never grey
    for facelet, (x, y) in zip(indices, pixels, strict=True):
        rgb = pixel(image, x, y)
        if greyed[facelet]:  # neutral like white, but clearly darker than the white centre under the same light
            assert max(rgb) - min(rgb) < GREY_SPREAD and sum(rgb) < 0.7 * sum(white), (facelet, rgb, white)
            grey_seen += 1
        else:
            assert classify(rgb, view.item.scheme) == Face(int(after.colours()[facelet])), (facelet, rgb)
            kept_seen += 1
    assert grey_seen and kept_seen
    window.model.apply_text("U")  # off the solution's path: full colour again
    view.repaint()
    assert view.item.greyed is None


def test_painted_pattern_goal_solve_and_an_impossible_pattern_refused(qtbot) -> None:
    window = make_window(qtbot, 3)
    window.model.apply_text(SCRAMBLE)
    start = window.model.state
    editor = window.net_editor
    editor.goal_presets.picker.set_preset("cross", "B")
    qtbot.mouseClick(editor.goal_presets.load_button, Qt.MouseButton.LeftButton)
    pattern = editor.model.verdict.pattern
    window.solve_feature.goals.choice.set_kind(PAINTED)
    assert solve_and_wait(qtbot, window) == ""
    best = window.solve_feature.session.solutions[-1]
    assert best.proven_optimal and shows_pattern(parse_algorithm(best.text, 3).state(3, start=start), pattern)
    editor.model.paint(0, int(Face.U))
    editor.model.paint(36, int(Face.U))  # U1 and L1 both white: no corner has two white stickers
    window.actions["solve"].trigger()  # refused before any worker starts: the read-out names the stickers
    assert not window.solve_feature.session.running
    status = window.solve_feature.dock.progress.status.text()
    assert "U1=U" in status and "L1=U" in status and "fit no real piece" in status


def test_a_large_goal_shows_a_first_answer_and_cancel_keeps_it(qtbot) -> None:
    window = make_window(qtbot, 3)
    window.model.apply_text(SCRAMBLE)
    start = window.model.state
    feature = window.solve_feature
    feature.goals.choice.set_kind(PRESET)
    feature.goals.choice.picker.set_preset("f2l", "D")
    with qtbot.waitSignal(feature.session.found, timeout=30_000):  # the two-phase answer, before the tables
        window.actions["solve"].trigger()
    with qtbot.waitSignal(feature.session.ended, timeout=10_000) as ended:
        qtbot.mouseClick(feature.dock.cancel_button, Qt.MouseButton.LeftButton)
    assert ended.args == ["cancelled"] and not feature.session.running
    best = feature.session.solutions[-1]
    assert not best.proven_optimal
    assert shows_pattern(parse_algorithm(best.text, 3).state(3, start=start), preset_pattern("f2l"))
    assert f"Stopped; best found for f2l (D): {best.length} moves (HTM, best so far" in (
        feature.dock.progress.status.text()
    )
    assert feature.player.moves == best.turns  # the player holds it, ready to play


def test_training_scramble_from_the_edit_menu_leaves_the_preset_solved(qtbot) -> None:
    window = make_window(qtbot, 2)  # a 2x2 on screen: the training scramble switches to the 3x3x3
    training = window.solve_feature.training
    with qtbot.waitSignal(training.applied, timeout=60_000):
        window.actions["training_f2l"].trigger()
    training.shutdown()
    state = window.model.state
    assert window.model.size == 3 and not state.is_solved()
    assert shows_pattern(state, preset_pattern("f2l"))
    assert "training f2l" in window.model.history[-1].text
    assert parse_algorithm(window.model.history[-1].text.split(": ", 1)[1], 3).state(3) == state
