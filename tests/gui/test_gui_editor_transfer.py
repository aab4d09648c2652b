"""Cubes in and out of the editor: pasted strings round-trip through Copy, cube files save and open, malformed
files and text are refused without changing anything, a dropped file opens; and the free-colouring contract."""

from __future__ import annotations

import random

from PyQt6.QtCore import QMimeData, QPointF, Qt, QUrl
from PyQt6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PyQt6.QtWidgets import QApplication
from test_gui_editor_paint import window  # noqa: F401  (the fixture)

from cubeviz.editor.transfer import copy_text, open_path, paste_text, save_path
from solvers.cube.formats import to_colour_letters, to_kociemba
from solvers.cube.geometry import Face
from solvers.cube.moves import basic_turn
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_state


def test_pasted_strings_round_trip_through_copy(qtbot, window) -> None:  # noqa: F811
    panel = window.net_editor
    rng = random.Random(5)
    for size in (3, 2, 3):
        state = random_state(size, rng)
        for text in (to_kociemba(state), to_colour_letters(state, panel.model.scheme)):
            assert paste_text(panel, text)
            assert panel.model.size == size and panel.model.verdict.state == state
            assert copy_text(panel) == to_kociemba(state)
    QGuiApplication.clipboard().setText(to_kociemba(basic_turn(3, "R")))
    qtbot.mouseClick(panel.paste_button, Qt.MouseButton.LeftButton)
    assert panel.model.verdict.state == basic_turn(3, "R")
    panel.model.fill_from(basic_turn(3, "F"))
    qtbot.mouseClick(panel.copy_button, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == to_kociemba(basic_turn(3, "F"))


def test_bad_paste_changes_nothing(qtbot, window) -> None:  # noqa: F811
    panel = window.net_editor
    before = panel.model.colours.tolist()
    steps = panel.model.undo_stack.count()
    assert not paste_text(panel, "hello world")
    assert panel.model.colours.tolist() == before and panel.model.undo_stack.count() == steps
    assert panel.message.text().startswith("Not loaded: 10 letters given")


def test_save_then_open_a_cube_file(qtbot, window, tmp_path) -> None:  # noqa: F811
    panel = window.net_editor
    state = parse_algorithm("R U2 F' L D").state(3)
    panel.model.fill_from(state)
    path = tmp_path / "mine.cube"
    assert save_path(panel, path)
    panel.model.clear()
    assert not save_path(panel, tmp_path / "blank.cube")  # only a valid cube is saved
    assert not (tmp_path / "blank.cube").exists()
    assert open_path(panel, path)
    assert panel.model.verdict.state == state
    assert panel.apply()
    assert window.model.state == state


def test_malformed_files_are_refused_without_changing_the_cube(qtbot, window, tmp_path) -> None:  # noqa: F811
    panel = window.net_editor
    window.model.apply_text("R U")
    main_before = window.model.state
    panel.model.fill_from(basic_turn(3, "L"))
    editor_before = panel.model.colours.tolist()
    bad = {
        "broken.cube": '{"format": "cubeviz-cube", "version": 1, "size": 3, "facelets": ',
        "short.cube": '{"format": "cubeviz-cube", "version": 1, "size": 3, "facelets": "UUU"}',
        "twisted.cube": "UUUFURRRFRFFDDDDLLLLBBBB",
    }
    for name, text in bad.items():
        (tmp_path / name).write_text(text)
        assert not open_path(panel, tmp_path / name)
        assert panel.message.text().startswith(f"Not loaded: {name}: ")
        assert panel.model.colours.tolist() == editor_before
        assert window.model.state == main_before
    assert "twisted" in panel.message.text()


def test_dropping_a_file_on_the_window_opens_it(qtbot, window, tmp_path) -> None:  # noqa: F811
    state = parse_algorithm("F R' D2").state(3)
    path = tmp_path / "dropped.cube"
    path.write_text(to_kociemba(state))
    window.tabs.setCurrentIndex(0)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(path))])
    where = QPointF(window.cube_view.mapTo(window, window.cube_view.rect().center()))
    copy, none, plain = Qt.DropAction.CopyAction, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(where.toPoint(), copy, mime, none, plain)
    QApplication.sendEvent(window, enter)
    assert enter.isAccepted()
    QApplication.sendEvent(window, QDropEvent(where, copy, mime, none, plain))
    assert window.tabs.currentWidget() is window.net_editor
    assert window.net_editor.model.verdict.state == state


def test_free_colouring_contract(qtbot, window) -> None:  # noqa: F811
    panel = window.net_editor
    received: list[str] = []
    panel.colouring_changed.connect(received.append)
    panel.set_recolour_mode(True)
    assert panel.model.size == 2 and panel.recolour_box.isChecked()
    assert received == ["WWWWRRRRGGGGYYYYOOOOBBBB"] == [panel.colouring()]
    # The recoloured 2x2 sample: front orange, right green, top yellow, left green, bottom orange, back yellow.
    recoloured = {"U": "Y", "R": "G", "F": "O", "D": "O", "L": "G", "B": "Y"}
    canvas = panel.canvas
    for face_index, face in enumerate("URFDLB"):
        colour = panel.model.scheme.face_of_letter(recoloured[face])
        qtbot.mouseClick(panel.palette.buttons[colour], Qt.MouseButton.LeftButton)
        for k in range(4):
            point = canvas.sticker_rect(4 * face_index + k).center().toPoint()
            qtbot.mouseClick(canvas, Qt.MouseButton.LeftButton, pos=point)
    expected = "".join(recoloured[face] * 4 for face in "URFDLB")
    assert panel.colouring() == expected and received[-1] == expected
    assert not panel.apply_button.isEnabled() and not panel.model.verdict.outlined
    panel.set_recolour_mode(False)
    assert not panel.recolour_box.isChecked() and not panel.model.verdict.valid


def test_only_cube_files_are_taken_from_a_drop(qtbot, window, tmp_path) -> None:  # noqa: F811
    from cubeviz.editor.transfer import looks_like_cube_file

    puzzle = tmp_path / "soma.json"
    puzzle.write_text('{"name": "soma", "pieces": []}')
    cube_json = tmp_path / "mine.json"
    cube_json.write_text('{"format": "cubeviz-cube", "version": 1, "size": 2, "facelets": "UUUURRRRFFFFDDDDLLLLBBBB"}')
    picture = tmp_path / "a.png"
    picture.write_bytes(b"\x89PNG")
    assert looks_like_cube_file(tmp_path / "x.cube") and looks_like_cube_file(tmp_path / "x.txt")
    assert looks_like_cube_file(cube_json)
    assert not looks_like_cube_file(puzzle) and not looks_like_cube_file(picture)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(puzzle))])
    enter = QDragEnterEvent(
        window.rect().center(), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier
    )
    enter.ignore()
    assert not window.editor_drop.eventFilter(window, enter)


def test_the_editor_follows_the_colour_scheme(qtbot, window) -> None:  # noqa: F811
    panel = window.net_editor
    japanese = next(a for a in window.scheme_group.actions() if a.data() == "japanese")
    japanese.trigger()
    assert panel.model.scheme.name == "Japanese"
    assert panel.palette.buttons[Face.D].text().startswith("B")  # blue on D in the Japanese scheme
    panel.set_recolour_mode(True)
    assert panel.colouring() == "WWWWRRRRGGGGBBBBOOOOYYYY"
