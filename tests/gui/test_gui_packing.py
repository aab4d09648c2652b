"""The Packings tab driven like a user: enumerate Soma in the worker, browse, check the rendered colours at
projected voxel centres, pin and compare with the engine's count, explode, click pieces, assemble, export, and
refuse malformed files without changing anything."""

from __future__ import annotations

import random

import numpy as np
import pytest
from packing_helpers import played_assembly
from PyQt6.QtCore import QEvent, QPoint, Qt
from PyQt6.QtGui import QImage

from cubeviz.packing import PackingBrowser
from cubeviz.packing.export import export_list, export_png
from cubeviz.views.gl.polycube_item import hex_rgb
from solvers.packing import SymmetryMode, count_solutions

WAIT_MS = 180_000  # first enumeration compiles the numba kernel unless cached


@pytest.fixture(scope="module")
def browser(qapp):
    widget = PackingBrowser(random.Random(7))
    widget.resize(1300, 760)
    widget.show()
    widget.enumerate(SymmetryMode.NONE)
    deadline_ms = 0
    while widget.worker is not None and deadline_ms < WAIT_MS:
        widget.worker.wait(50)
        qapp.processEvents()
        deadline_ms += 50
    qapp.processEvents()
    yield widget
    widget.shutdown()
    widget.close()
    widget.deleteLater()
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)  # gone now, not in the middle of a later test


@pytest.fixture
def fresh(browser):
    """Back to the full list, first solution, nothing pinned, hidden, highlighted or exploded."""
    m = browser.model
    m.clear_pins()
    m.set_apart_only(False)
    browser.disassembly_bar.apart_only.setChecked(False)
    browser.view_panel.take_apart.setChecked(False)
    m.set_level(SymmetryMode.NONE)
    browser.view_panel.explode.setValue(0)
    browser.view_panel.assemble.setChecked(False)
    browser.view_panel.layers.setCurrentIndex(0)
    browser.legend.show_all()
    browser.navigate("first")
    browser.view.item.finish_transition()
    browser.view.reset_view()
    return browser


def _classify(rgb, colours: dict[str, tuple]) -> str | None:
    """The piece whose colour a lit pixel shows (brightness fitted), if clearly nearest."""
    seen = np.asarray(rgb, dtype=float)
    scored = []
    for name, colour in colours.items():
        ref = np.asarray(colour, dtype=float) * 255
        factor = float(seen @ ref / max(ref @ ref, 1.0))
        scored.append((float(np.linalg.norm(seen - factor * ref)) + 40 * abs(1 - factor), name))
    scored.sort()
    return scored[0][1] if scored[0][0] * 1.5 < scored[1][0] else None


def _check_visible_faces(browser) -> int:
    """Colour at the centre of each outer face the camera sees = the piece the solution string puts there."""
    view, model, item = browser.view, browser.model, browser.view.item
    image = view.grabFramebuffer()
    letters = model.solution_text(model.current_index)
    colours = {p.name: hex_rgb(p.colour) for p in model.puzzle.pieces}
    world = item.world_matrix()
    eye = view.camera.eye()
    checked = 0
    for cell, voxel in enumerate(model.puzzle.target):
        for axis in range(3):
            for side in (-1, 1):
                if voxel[axis] != (0 if side < 0 else model.puzzle.dims[axis] - 1):
                    continue
                normal = np.zeros(3)
                normal[axis] = side
                centre = world @ np.append(np.asarray(voxel) + 0.5 * normal, 1.0)
                world_normal = world[:3, :3] @ normal
                if world_normal @ (eye - centre[:3]) / np.linalg.norm(eye - centre[:3]) < 0.3:
                    continue
                x, y = view.camera.project(centre[:3], view.width(), view.height())[0]
                colour = image.pixelColor(int(round(x)), int(round(y)))
                seen = (colour.red(), colour.green(), colour.blue())
                assert _classify(seen, colours) == letters[cell], (cell, axis, side, seen)
                checked += 1
    return checked


def test_enumerating_soma_lists_the_published_counts(fresh) -> None:
    b = fresh
    assert b.model.level_counts() == {SymmetryMode.NONE: 11520, SymmetryMode.ROTATION: 480, SymmetryMode.MIRROR: 240}
    assert b.table_model.rowCount() == 11520
    b.source.level_buttons[SymmetryMode.ROTATION].click()
    assert b.table_model.rowCount() == 480
    b.source.level_buttons[SymmetryMode.MIRROR].click()
    assert b.table_model.rowCount() == 240
    assert "240" in b.source.level_buttons[SymmetryMode.MIRROR].text()
    letters = b.table_model.data(b.table_model.index(0, b.table_model.columnCount() - 1))
    assert len(letters) == 27


@pytest.mark.parametrize("moves", [[], ["next"], ["last"], ["random", "random"]])
def test_view_shows_the_solutions_piece_colours(fresh, qtbot, moves: list[str]) -> None:
    for action in moves:
        qtbot.keyClick(fresh.view, Qt.Key.Key_Right) if action == "next" else fresh.navigate(action)
    fresh.view.item.finish_transition()
    assert _check_visible_faces(fresh) == 27  # three faces of nine


def test_jump_by_number_and_table_follow(fresh) -> None:
    assert fresh.jump_to_number(4321)
    assert fresh.model.current_index == 4320
    assert fresh.table.currentIndex().row() == fresh.model.position
    fresh.view.item.finish_transition()
    assert _check_visible_faces(fresh) == 27
    assert not fresh.jump_to_number(99999)
    assert "not in the list" in fresh.source.error.text()


def test_pin_filters_to_the_engines_count(fresh) -> None:
    b = fresh
    b.jump_to_number(500)
    b.legend.legend.setCurrentRow(4)  # highlight piece e in the legend
    assert b.model.highlight == 4
    b.legend.pin_button.click()
    placement = b.model.pins[0]
    engine = count_solutions(b.model.problem, pins=[placement])
    assert b.table_model.rowCount() == engine == len(b.model.visible)
    assert f"{engine:,} of 11,520 match" in b.legend.match_label.text()
    assert b.model.current_index == 499


def test_exploded_view_moves_pieces_away_from_the_centre(fresh) -> None:
    item = fresh.view.item
    now = fresh.view.now()
    assembled, _ = item.instance_matrices(now)
    fresh.view_panel.explode.setValue(100)
    exploded, _ = item.instance_matrices(now)
    centres = item.local_centres
    before = np.linalg.norm(np.einsum("nij,nj->ni", assembled[:, :3, :3], centres) + assembled[:, :3, 3], axis=1)
    after = np.linalg.norm(np.einsum("nij,nj->ni", exploded[:, :3, :3], centres) + exploded[:, :3, 3], axis=1)
    off_centre = before > 1e-6
    assert np.all(after[off_centre] > before[off_centre] * 1.5)
    image = fresh.view.grabFramebuffer()
    background = image.pixelColor(fresh.view.width() // 2, fresh.view.height() // 2)
    assert background.red() > 180  # the centre of the box opens up: background shows through


def test_clicking_a_piece_highlights_it(fresh, qtbot) -> None:
    view, item = fresh.view, fresh.view.item
    centres, owners, _ = item.voxel_boxes(view.now())
    # the voxel nearest the camera is in front of everything
    nearest = int(np.argmin(np.linalg.norm(centres - view.camera.eye(), axis=1)))
    x, y = view.camera.project(centres[nearest], view.width(), view.height())[0]
    qtbot.mouseClick(view, Qt.MouseButton.LeftButton, pos=QPoint(int(x), int(y)))
    instance = int(item.mesh.voxel_instance[owners[nearest]])
    assert fresh.model.highlight == instance == item.highlight
    assert fresh.legend.legend.currentRow() == instance


def test_hiding_a_piece_in_the_legend(fresh) -> None:
    item = fresh.legend.legend.item(0)
    item.setCheckState(Qt.CheckState.Unchecked)
    assert fresh.model.hidden == {0}
    assert fresh.view.item.hidden[0]
    _, shown = fresh.view.item.instance_matrices(fresh.view.now())
    assert not shown[0] and shown[1:].all()


def test_assembly_frames_add_one_piece_at_a_time(fresh, qtbot) -> None:
    panel = fresh.view_panel
    panel.assemble.setChecked(True)
    timeline = played_assembly(qtbot, fresh)
    assert len(timeline.order) == 7
    empty = fresh.view.render_assembly_frame(0.0)
    assert empty.shape[2] == 3
    assert fresh.view.item.instance_matrices(fresh.view.now())[1].sum() == 1  # only the first piece, flying in
    previous = empty
    for k in range(1, 8):
        frame = fresh.view.render_assembly_frame(timeline.step_start(k))
        _, shown = fresh.view.item.instance_matrices(fresh.view.now())
        assert shown.sum() == min(k + 1, 7)  # k placed, the next one in flight (at its start, out of the picture)
        assert not np.array_equal(frame, previous)
        previous = frame
    panel.assemble.setChecked(False)
    assembled = fresh.view.render_assembly_frame(0.0)
    assert np.array_equal(previous, assembled)  # the end of the assembly is the packing
    panel.assemble.setChecked(True)
    fresh.view.set_assembly_time(timeline.duration)
    panel.step(-1)
    assert fresh.view.item.assembly_time == pytest.approx(timeline.step_start(6))


def test_layer_view_shows_one_plane(fresh) -> None:
    panel = fresh.view_panel
    panel.layers.setCurrentIndex(panel.layers.findData(0))
    item = fresh.view.item
    centres, owners, _ = item.voxel_boxes(fresh.view.now())
    assert len(centres) == 9
    assert set(item.voxel_planes()[owners].tolist()) == {0}


def test_exports(fresh, tmp_path) -> None:
    png = tmp_path / "view.png"
    export_png(fresh, png)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    text = tmp_path / "list.txt"
    fresh.model.set_level(SymmetryMode.MIRROR)
    export_list(fresh, text)
    lines = [line for line in text.read_text().splitlines() if not line.startswith("#")]
    assert len(lines) == 240


def test_malformed_puzzle_file_is_refused_and_changes_nothing(fresh, tmp_path) -> None:
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "cubeviz-packing-puzzle", "version": 1, "name": "x", "pieces": [}')
    before = (fresh.model.puzzle, fresh.model.solutions, fresh.model.current_index)
    assert not fresh.open_puzzle_file(bad)
    assert "broken.json" in fresh.source.error.text() and "invalid JSON" in fresh.source.error.text()
    assert (fresh.model.puzzle, fresh.model.solutions, fresh.model.current_index) == before
    assert fresh.worker is None


def test_malformed_solution_file_is_refused(fresh, qtbot, tmp_path) -> None:
    bad = tmp_path / "sols.json"
    bad.write_text('{"format": "cubeviz-packing-solutions", "version": 1, "puzzle": 3}')
    before = fresh.model.solutions
    fresh.open_solution_file(bad)
    qtbot.waitUntil(lambda: fresh.worker is None, timeout=20_000)
    assert "Solutions not opened" in fresh.source.error.text()
    assert fresh.model.solutions is before


def test_cancel_stops_the_worker(fresh) -> None:
    before = fresh.model.solutions
    fresh.enumerate(SymmetryMode.NONE)
    fresh.cancel()
    assert fresh.worker is None
    assert fresh.source.enumerate_button.isEnabled()
    assert fresh.model.solutions is before or fresh.model.solutions is not None


def test_transition_animates_only_moving_pieces(fresh) -> None:
    view, item = fresh.view, fresh.view.item
    now = [50.0]
    view.clock = lambda: now[0]
    try:
        fresh.jump_to_number(1)
        item.finish_transition()
        start = item.poses.copy()
        nearest, moved = fresh.model.nearest(1)[0]
        fresh.jump_to_number(nearest + 1)
        now[0] += 0.3
        middle = item.current_poses(now[0])
        still = np.all(np.isclose(start, item.poses), axis=(1, 2))
        assert still.sum() == 7 - moved
        assert np.allclose(middle[still], start[still])
        assert not np.allclose(middle[~still], item.poses[~still])
        now[0] += 1.0
        assert np.allclose(item.current_poses(now[0]), item.poses)
    finally:
        view.clock = __import__("time").perf_counter


def test_assembly_animation_export_writes_every_frame(fresh, tmp_path) -> None:
    from cubeviz.packing.export import export_animation

    path = tmp_path / "assembly.gif"
    written = export_animation(fresh, path, fresh, fps=3)
    assert written == int(fresh.view.item.assembly.duration * 3) + 1
    assert path.read_bytes()[:6] in (b"GIF89a", b"GIF87a")
    assert fresh.view.minimumWidth() == 240  # the view is resizable again afterwards


def _front_voxel(view) -> tuple[QPoint, int]:
    """Widget position of the voxel nearest the camera, and which instance-voxel it is."""
    centres, owners, _ = view.item.voxel_boxes(view.now())
    nearest = int(np.argmin(np.linalg.norm(centres - view.camera.eye(), axis=1)))
    x, y = view.camera.project(centres[nearest], view.width(), view.height())[0]
    return QPoint(int(x), int(y)), int(owners[nearest])


def test_ctrl_click_pins_the_piece_where_it_is(fresh, qtbot) -> None:
    fresh.jump_to_number(321)
    fresh.view.item.finish_transition()
    position, voxel = _front_voxel(fresh.view)
    qtbot.mouseClick(fresh.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ControlModifier, position)
    instance = int(fresh.view.item.mesh.voxel_instance[voxel])
    (pin,) = fresh.model.pins
    assert pin == fresh.model.problem.placement(fresh.model.current_rows()[instance])
    assert len(fresh.model.visible) == count_solutions(fresh.model.problem, pins=[pin])


def test_shift_click_pins_the_piece_on_one_cube(fresh, qtbot) -> None:
    fresh.jump_to_number(321)
    fresh.view.item.finish_transition()
    position, voxel = _front_voxel(fresh.view)
    qtbot.mouseClick(fresh.view, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, position)
    cell = fresh.view.item.cell_of(voxel)
    letter = fresh.model.solution_text(320)[cell]
    (pin,) = fresh.model.pins
    assert (pin.piece, pin.cell) == (letter, cell)
    independent = sum(fresh.model.solution_text(i)[cell] == letter for i in range(11520))
    assert len(fresh.model.visible) == independent
    assert f"{independent:,} of 11,520 match" in fresh.legend.match_label.text()
    fresh.legend._unpin_item(fresh.legend.pins.item(0))
    assert len(fresh.model.visible) == 11520


def test_taking_apart_moves_each_group_as_the_disassembly_says(fresh, qtbot) -> None:
    from solvers.packing.disassembly import disassemble_solution

    panel = fresh.view_panel
    panel.take_apart.setChecked(True)
    assert panel.assemble.isChecked()
    qtbot.waitUntil(lambda: not panel.apart.running, timeout=20_000)  # the moves are searched in a worker
    timeline = fresh.view.item.assembly
    found = disassemble_solution(fresh.model.problem, fresh.model.current_rows())
    assert len(timeline.order) == len(found.moves) == 6  # Soma: one piece slides out at a time
    assembled = fresh.view.render_assembly_frame(0.0)
    for k, move in enumerate(found.moves):
        _, offsets = timeline.state(timeline.step_start(k + 1))  # move k done, the next not begun
        moved = {i for i in range(7) if np.abs(offsets[i]).sum() > 0}
        assert moved == {i for m in found.moves[: k + 1] for i in m.pieces}
        direction = np.asarray(move.direction, dtype=float)
        for piece in move.pieces:  # the group went along the move's direction, clear of the others
            assert offsets[piece] @ direction >= move.distance
    apart = fresh.view.render_assembly_frame(timeline.duration)
    assert not np.array_equal(apart, assembled)
    panel.take_apart.setChecked(False)
    assert len(played_assembly(qtbot, fresh).order) == 7  # back to the piece-by-piece assembly


def test_take_apart_all_adds_a_level_column_and_filters(fresh, qtbot) -> None:
    fresh.model.set_level(SymmetryMode.MIRROR)
    bar = fresh.disassembly_bar
    assert bar.run_button.isEnabled() and not bar.apart_only.isEnabled()
    bar.run_button.click()
    qtbot.waitUntil(lambda: bar.worker is None, timeout=120_000)
    levels = fresh.model.disassembly
    listed = fresh.model.level_list()
    assert levels[listed].tolist() == [1] * 240  # every Soma class comes apart at level 1
    header = [
        fresh.table_model.headerData(c, Qt.Orientation.Horizontal) for c in range(fresh.table_model.columnCount())
    ]
    assert "Level" in header
    assert fresh.table_model.data(fresh.table_model.index(0, header.index("Level"))) == 1
    bar.apart_only.setChecked(True)
    assert len(fresh.model.visible) == 240
    fresh.model.set_level(SymmetryMode.NONE)  # levels were found for the classes only: the rest is not listed
    assert len(fresh.model.visible) == 240 and bar.run_button.isEnabled()
    bar.apart_only.setChecked(False)
    assert len(fresh.model.visible) == 11520


def test_a_cli_solution_file_of_classes_opens_at_every_level(fresh, qtbot, tmp_path) -> None:
    from solvers.packing import all_solutions
    from solvers.packing.queries import with_classes
    from solvers.packing.solution_io import write_solutions

    problem = fresh.model.problem
    classes = with_classes(problem, all_solutions(problem, up_to=SymmetryMode.ROTATION), SymmetryMode.ROTATION)
    path = tmp_path / "soma-rotation.json"
    write_solutions(path, classes)
    with qtbot.waitSignal(fresh.loaded, timeout=30_000):
        fresh.open_solution_file(path)
    qtbot.waitUntil(lambda: fresh.worker is None, timeout=20_000)
    counts = fresh.model.level_counts()
    assert counts == {SymmetryMode.NONE: 11520, SymmetryMode.ROTATION: 480, SymmetryMode.MIRROR: 240}
    assert fresh.source.error.text() == ""


def test_drag_orbits_and_wheel_zooms(fresh, qtbot) -> None:
    view = fresh.view
    yaw, distance = view.camera.yaw, view.camera.distance
    start = QPoint(20, 20)  # background: a drag anywhere orbits
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=start)
    for step in range(1, 6):
        qtbot.mouseMove(view, QPoint(20 + 12 * step, 20))
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=QPoint(80, 20))
    assert view.camera.yaw != yaw
    assert fresh.model.highlight is None  # a drag is no click
    from PyQt6.QtCore import QPointF
    from PyQt6.QtGui import QWheelEvent

    event = QWheelEvent(
        QPointF(50, 50), QPointF(50, 50), QPoint(0, 0), QPoint(0, 120),
        Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False,
    )  # fmt: skip
    view.wheelEvent(event)
    assert view.camera.distance < distance


def test_the_main_window_has_the_packings_tab(qtbot) -> None:
    from cubeviz.main_window import MainWindow

    window = MainWindow(3, seed=1)
    qtbot.addWidget(window)
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert "Packings" in titles
    browser = window.packing_browser
    assert browser.model.puzzle.name == "soma" and browser.worker is None  # nothing runs until asked
    assert {"packing_open_puzzle", "packing_open_solutions", "packing_export_png"} <= set(window.actions)
    window.actions["packing_show"].trigger()
    assert window.tabs.currentWidget() is browser
    browser.enumerate(SymmetryMode.MIRROR)
    window.close()  # stops the enumeration: no thread outlives the window
    assert browser.worker is None


def test_the_chooser_groups_the_shipped_puzzles_by_collection(qtbot) -> None:
    from cubeviz.models.packing_model import PackingModel
    from cubeviz.packing.source_panel import SourcePanel
    from solvers.packing.puzzle_io import shipped_puzzles

    panel = SourcePanel(PackingModel())
    qtbot.addWidget(panel)
    combo = panel.chooser
    model = combo.model()
    texts = [combo.itemText(i) for i in range(combo.count())]
    headings = [t for i, t in enumerate(texts) if not model.item(i).isEnabled()]
    assert headings == ["Classic", "Pentominoes", "Soma figures"]
    assert sorted(t for t in texts if t not in headings) == shipped_puzzles()  # every puzzle once
    assert combo.currentText() == "soma" and texts.index("soma") == 1  # the Soma cube first, under Classic
    assert texts.index("soma-pyramid") > texts.index("Soma figures") > texts.index("pentomino-8x8-hole")
    with qtbot.waitSignal(panel.puzzle_chosen, timeout=20_000) as chosen:
        combo.setCurrentIndex(texts.index("soma-pyramid"))
        combo.activated.emit(combo.currentIndex())
    assert chosen.args == ["soma-pyramid"]


def test_the_chooser_names_a_puzzle_opened_from_a_file_and_choosing_it_loads_nothing(qtbot) -> None:
    import dataclasses

    from cubeviz.models.packing_model import PackingModel
    from cubeviz.packing.source_panel import SourcePanel
    from solvers.packing.puzzle_io import load_puzzle

    model = PackingModel()
    panel = SourcePanel(model)
    qtbot.addWidget(panel)
    combo = panel.chooser
    shipped = load_puzzle("soma")
    opened = dataclasses.replace(shipped, name="my-cube", title="My own cube")
    model.set_puzzle(opened)
    assert combo.currentText() == "My own cube"  # not the shipped puzzle chosen before
    assert combo.itemText(combo.currentIndex() - 1) == "Opened from a file"
    count = combo.count()
    model.set_puzzle(dataclasses.replace(shipped, name="other", title="Another file"))
    assert combo.currentText() == "Another file" and combo.count() == count  # one entry for the file on screen
    chosen: list[str] = []
    panel.puzzle_chosen.connect(chosen.append)
    combo.activated.emit(combo.currentIndex())
    assert chosen == []  # already on screen: nothing to load
    model.set_puzzle(shipped)
    assert combo.currentText() == "soma"
    combo.activated.emit(combo.currentIndex())
    assert chosen == ["soma"]


def _frame(view) -> np.ndarray:
    view.update()
    image = view.grabFramebuffer().convertToFormat(QImage.Format.Format_RGB888)
    width, height = image.width(), image.height()
    rows = np.frombuffer(image.bits().asstring(image.sizeInBytes()), np.uint8).reshape(height, -1)
    return rows[:, : width * 3].reshape(height, width, 3)


def test_at_rest_faces_against_other_pieces_are_left_out_and_the_picture_is_unchanged(fresh) -> None:
    view, item = fresh.view, fresh.view.item
    now = view.now()
    assert item.at_rest(now)
    shown = np.ones(len(item.mesh.voxel_cell), dtype=bool)
    neighbours = item.rest_neighbours()
    covered = (neighbours >= 0) & (item.mesh.outer_face[:, :, 1] > 0)  # across a face of the surface
    _, all_counts = item.mesh.ranges(shown)
    _, rest_counts = item.mesh.ranges(shown, covered)
    # the Soma cube: 27 voxels, 54 outer unit faces of the 3x3x3; every other piece face touches another piece
    outer_faces = (item.mesh.outer_face[:, :, 1] > 0).sum()
    assert outer_faces - covered.sum() == 54 and rest_counts.sum() < all_counts.sum() / 2
    culled = _frame(view)
    item.cull_contacts = False
    try:
        whole = _frame(view)
    finally:
        item.cull_contacts = True
    # the same picture, but for a few samples on seams, where a hidden face's edge meets the surface and showed
    # through the multisampling (11 of 461,718 pixels when measured)
    differ = np.any(culled != whole, axis=2)
    assert differ.sum() <= differ.size // 10_000
    for voxel, faces in enumerate(np.where(covered, neighbours, -1)):  # another piece's voxel, which touches back
        for other in faces[faces >= 0]:
            assert item.mesh.voxel_instance[other] != item.mesh.voxel_instance[voxel] and voxel in neighbours[other]


def test_hiding_a_piece_or_exploding_draws_the_faces_it_covered(fresh) -> None:
    item = fresh.view.item
    shown = np.ones(len(item.mesh.voxel_cell), dtype=bool)
    neighbours = item.rest_neighbours()
    hidden_piece = 0
    shown_without = shown & (item.mesh.voxel_instance != hidden_piece)
    covered = (neighbours >= 0) & shown_without[np.maximum(neighbours, 0)]
    touching = (neighbours >= 0) & (item.mesh.voxel_instance[np.maximum(neighbours, 0)] == hidden_piece)
    assert touching[shown_without].any() and not covered[touching].any()
    fresh.view_panel.explode.setValue(50)
    assert not item.at_rest(fresh.view.now())
