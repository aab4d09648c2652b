"""Solve, the player and export on big cubes in the main window: the reduction solver runs in the worker with its
stages in the dock, the player plays its block turns (each as one animated turn) to a solved cube, checked on the
model, on an independent sticker model replaying the move list, and on the pixels; Cancel, a twisted corner, and
a GIF of the solve with one frame per drawn step."""

from __future__ import annotations

import numpy as np
import pytest
from PIL import Image

from cubeviz.insight.animation_export import expected_frames
from cubeviz.insight.export_actions import start_animation_export
from cubeviz.models.big_cube import random_block_scramble
from cubeviz.solve.progress_panel import Stage
from cubeviz.views.gl.animation import AnimationSpeed
from cubeviz.views.gl.turn_geometry import layer_turn_of
from solvers.nxn.moves import BlockTurn
from solvers.nxn.notation import format_turns
from solvers.nxn.state import NxNState
from tests.gui.gui_helpers import classify, visible_stickers
from tests.gui.solve_helpers import pump, solve_and_wait
from tests.gui.window_helpers import active_main_window
from tests.nxn.sticker_model import StickerModel


def _window(qtbot, size: int, screen: tuple[int, int], seed: int = 4):
    window = active_main_window(qtbot, size, seed)
    window.resize(*screen)
    pump(0.1)
    return window


def _scramble(window, seed: int) -> NxNState:
    scramble = random_block_scramble(window.model.size, seed)
    window.model.scramble_with_moves(scramble, f"Scramble: {scramble}")
    return window.model.state


def _faces_on_screen(window) -> dict[int, set[object]]:
    """Face index -> the colours (classified pixels) its visible stickers show in the 3D view."""
    view = window.cube_view
    image = view.grabFramebuffer()
    ratio = image.devicePixelRatio()
    indices, pixels = visible_stickers(view)
    n2 = window.model.size**2
    seen: dict[int, set[object]] = {}
    for facelet, (x, y) in zip(indices, pixels, strict=True):
        colour = image.pixelColor(int(round(x * ratio)), int(round(y * ratio)))
        rgb = (colour.red(), colour.green(), colour.blue())
        seen.setdefault(int(facelet) // n2, set()).add(classify(rgb, window.scheme))
    return seen


@pytest.mark.parametrize(("size", "screen"), [(4, (1366, 768)), (5, (1920, 1080))])
def test_solve_shows_stages_and_the_player_plays_the_answer_to_solved(qtbot, size, screen) -> None:
    window = _window(qtbot, size, screen)
    start = _scramble(window, seed=size)
    feature = window.solve_feature
    panel = feature.dock.progress
    stages: list[str] = []
    feature.session.progress.connect(lambda _event: stages.append(panel.status.text()))
    assert solve_and_wait(qtbot, window) == ""
    assert any(stage.startswith("Centre") for stage in stages) and any(
        stage.startswith("Edge pairing") for stage in stages
    )
    assert panel.stage is Stage.FINISHED and panel.status.text().startswith("Solved: ")
    player = feature.player
    assert player.start_state == start and window.model.state == start  # nothing played yet
    assert panel.status.text() == f"Solved: {player.length} block turns ({len(player.moves)} turns to play)."
    assert feature.panel.moves.count() == len(player.moves)  # the move list, one entry a block turn
    # The labels alone solve the scramble on a sticker model that shares no code with the engine.
    replay = StickerModel(size)
    replay.set_facelets(start.to_facelets())
    replay.apply(" ".join(player.labels))
    assert replay.solved()
    assert format_turns(player.moves, size) == " ".join(player.labels)
    # Step forward and back, play a few at the chosen tempo, then jump to the end.
    window.actions["solve_forward"].trigger()
    window.actions["solve_forward"].trigger()
    assert player.position == 2 and window.model.state == start.apply(player.moves[:2])
    window.actions["solve_back"].trigger()
    assert player.position == 1 and window.model.state == start.apply(player.moves[:1])
    feature.playback.set_tempo(8.0)
    window.actions["solve_play"].trigger()
    qtbot.waitUntil(lambda: player.position >= 4, timeout=10_000)
    window.actions["solve_play"].trigger()
    assert not feature.playback.playing
    assert window.model.state == start.apply(player.moves[: player.position])
    player_at = player.position
    changes: list[None] = []
    window.model.changed.connect(lambda: changes.append(None))
    history = len(window.model.history)
    window.actions["solve_last"].trigger()  # a long jump: each turn its own undo step, announced once
    window.cube_view.finish_animation()
    assert player.position == len(player.moves) and window.model.state.is_solved()
    assert len(changes) == 1 and len(window.model.history) == history + len(player.moves) - player_at
    pump(0.1)
    faces = _faces_on_screen(window)
    assert len(faces) == 3  # three faces squarely in view, each one colour, no two the same
    colours = [next(iter(shown)) for shown in faces.values() if len(shown) == 1]
    assert len(colours) == 3 and None not in colours and len(set(colours)) == 3


def test_cancel_stops_the_solve_and_leaves_the_cube_and_player_alone(qtbot) -> None:
    window = _window(qtbot, 9, (1366, 768))
    start = _scramble(window, seed=3)
    feature = window.solve_feature
    stages: list[object] = []
    feature.session.progress.connect(stages.append)
    ended: list[str] = []
    feature.session.ended.connect(ended.append)
    window.actions["solve"].trigger()
    assert not window.actions["solve"].isEnabled() and window.actions["solve_cancel"].isEnabled()
    qtbot.waitUntil(lambda: len(stages) >= 1, timeout=20_000)
    panel = feature.dock.progress
    assert panel.stage is Stage.SEARCHING and panel.status.text().endswith("...")
    assert panel.table_bar.isVisible() and panel.detail.full_text().endswith(" s so far")
    window.actions["solve_cancel"].trigger()
    qtbot.waitUntil(lambda: bool(ended), timeout=20_000)
    assert ended == ["cancelled"] and feature.dock.progress.stage is Stage.CANCELLED
    assert feature.dock.progress.status.text() == "Solve cancelled."
    assert not feature.player.has_solution and window.model.state == start
    assert window.actions["solve"].isEnabled() and not window.actions["solve_cancel"].isEnabled()


def test_a_twisted_corner_is_refused_with_the_corner_named(qtbot) -> None:
    window = _window(qtbot, 4, (1366, 768))
    colours = NxNState.solved(4).colours.copy()
    urf = [15, 16, 35]  # U's bottom-right, R's top-left, F's top-right: the URF corner's stickers
    colours[urf] = colours[[urf[1], urf[2], urf[0]]]  # turned in place
    window.model.set_state(NxNState(4, colours), "Twisted")
    assert solve_and_wait(qtbot, window) != ""
    status = window.solve_feature.dock.progress.status.text()
    assert status.startswith("No solution: ") and "twisted" in status and "URF" in status
    assert not window.solve_feature.player.has_solution


def test_the_player_animates_a_block_turn_as_one_turn(qtbot) -> None:
    window = _window(qtbot, 6, (1366, 768))
    start = NxNState.solved(6).apply([BlockTurn(0, 0, 2, 3)])  # 3Rw' done: the answer is 3Rw, one block turn
    window.model.set_state(start, "3Rw'")
    feature = window.solve_feature
    turn = BlockTurn(0, 0, 2, 1)
    feature.player.set_solution(start, (turn,), ("3Rw",), 1, "btm")
    window.cube_view.set_speed(AnimationSpeed.NORMAL)
    window.actions["solve_forward"].trigger()
    animator = window.cube_view.animator
    assert animator.pending == 1  # one turn queued and playing, not three layer turns one after another
    layers = layer_turn_of(turn, 6).layers
    assert len(layers) == 3
    qtbot.waitUntil(lambda: not window.cube_view.animating, timeout=20_000)
    assert window.model.state.is_solved() and feature.player.position == 1


def test_export_writes_a_gif_of_the_big_cube_solve(qtbot, tmp_path) -> None:
    window = _window(qtbot, 4, (1366, 768))
    start = _scramble(window, seed=8)
    assert window.actions["export_animation"].isEnabled() and window.actions["export_png"].isEnabled()
    assert solve_and_wait(qtbot, window) == ""
    player = window.solve_feature.player
    file = tmp_path / "solve.gif"
    job = start_animation_export(window, file, (120, 100), fps=24, frames_per_turn=2)
    written: list[int] = []
    job.finished.connect(written.append)
    job.failed.connect(lambda message: written.append(message))
    qtbot.waitUntil(lambda: bool(written), timeout=120_000)
    job.wait()
    assert written == [expected_frames(len(player.moves), 2)]
    with Image.open(file) as gif:
        assert gif.n_frames == 1 + 2 * len(player.moves)
        first = np.asarray(gif.convert("RGB"))
        gif.seek(gif.n_frames - 1)
        last = np.asarray(gif.convert("RGB"))
    assert player.start_state == start
    assert first.shape == last.shape == (100, 120, 3)
    scheme = window.scheme
    assert _sticker_colours(last, scheme) == 3 < _sticker_colours(first, scheme)  # solved: three faces, one colour each


def _sticker_colours(frame: np.ndarray, scheme) -> int:
    """How many scheme colours cover at least 10% of a frame's sticker pixels (the GIF palette is tolerated). The
    background (the corner pixel's colour, a pale grey that reads as white) is left out: it is most of the frame."""
    counts: dict[object, int] = {}
    pixels = frame.reshape(-1, 3)
    background = frame[0, 0].astype(int)
    for rgb in pixels[np.abs(pixels.astype(int) - background).sum(axis=1) > 24][::3]:
        face = classify(tuple(int(c) for c in rgb), scheme)
        if face is not None:
            counts[face] = counts.get(face, 0) + 1
    total = sum(counts.values())
    return sum(1 for count in counts.values() if count >= 0.10 * total)


def test_a_cube_above_the_solvers_limit_is_refused_at_once(qtbot) -> None:
    from solvers.nxn.solver import MAX_SOLVE_SIZE

    size = MAX_SOLVE_SIZE + 1
    window = _window(qtbot, size, (1366, 768))
    window.model.apply_text("Rw U")
    start = window.model.state
    assert solve_and_wait(qtbot, window) != ""
    status = window.solve_feature.dock.progress.status.text()
    top = MAX_SOLVE_SIZE
    assert (
        status
        == f"No solution: a {size}x{size}x{size} cube is beyond the solver, which takes cubes up to {top}x{top}x{top}"
    )
    assert window.model.state == start and not window.solve_feature.player.has_solution
