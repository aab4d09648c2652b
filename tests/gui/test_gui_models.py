"""The app's Qt-free logic: the model's history and undo, turn geometry against the engine, picking maths,
the animation queue and the camera."""

from __future__ import annotations

import numpy as np
import pytest

from cubeviz.models.cube_model import CubeModel, EntryKind
from cubeviz.views.gl.animation import TurnAnimator, ease_in_out
from cubeviz.views.gl.camera import OrbitCamera
from cubeviz.views.gl.cube_geometry import cube_geometry
from cubeviz.views.gl.picking import click_turn, drag_turn, pick_sticker
from cubeviz.views.gl.turn_geometry import Axis, layer_turn_of, turn_of_layer
from solvers.cube.moves import BASIC_TURN_NAMES, layer_turn
from solvers.cube.notation import Turn, parse_algorithm
from solvers.cube.state import CubeState


@pytest.mark.parametrize("size", [2, 3])
def test_layer_turns_match_the_engine(size: int) -> None:
    for name in BASIC_TURN_NAMES:
        if size == 2 and name in ("M", "E", "S"):
            continue
        for amount in (1, 2, 3):
            turn = Turn(name, amount)
            lt = layer_turn_of(turn, size)
            assert layer_turn(size, int(lt.axis), lt.layers, lt.quarters) == turn.state(size), turn


@pytest.mark.parametrize("size", [2, 3])
def test_turn_of_layer_inverts_layer_turn_of(size: int) -> None:
    layers = (-1, 0, 1) if size == 3 else (-1, 1)
    for axis in Axis:
        for layer in layers:
            for quarters in (1, -1, 2):
                turn = turn_of_layer(axis, layer, quarters, size)
                assert layer_turn(size, int(axis), frozenset({layer}), quarters) == turn.state(size)


def test_model_history_undo_and_redo_are_exact(qapp) -> None:
    model = CubeModel(3)
    states = [model.state]
    for text in ("R U", "F2", "M' x"):
        model.apply_text(text)
        states.append(model.state)
    assert model.state == parse_algorithm("R U F2 M' x").state(3)
    assert model.history_text() == "R U F2 M' x"
    model.reset()
    assert model.state.is_identity() and model.history[-1].kind is EntryKind.RESET
    model.undo_stack.undo()
    for expected in reversed(states[:-1]):
        model.undo_stack.undo()
        assert model.state == expected
    model.undo_stack.redo()
    assert model.state == states[1]


def test_model_signals_one_turn_per_animated_turn(qapp) -> None:
    model = CubeModel(2)
    seen: list[str] = []
    model.turned.connect(lambda turn: seen.append(turn.notation))
    model.apply_text("R U2 F'")
    model.undo_stack.undo()
    assert seen == ["R", "U2", "F'", "F", "U2", "R'"]


def test_size_switch_clears_history(qapp) -> None:
    model = CubeModel(3)
    model.apply_text("R")
    model.set_size(2)
    assert model.size == 2 and model.state.is_identity() and model.history == () and not model.undo_stack.canUndo()


@pytest.mark.parametrize("size", [2, 3])
def test_drag_moves_the_sticker_along_the_drag(size: int) -> None:
    """For every sticker and every in-plane direction, the chosen turn carries that sticker's cubie that way."""
    geometry = cube_geometry(size)
    for facelet in range(len(geometry.sticker_group)):
        normal = geometry.sticker_normals[facelet]
        for axis in range(3):
            if abs(normal[axis]) > 0.5:
                continue
            for sign in (1.0, -1.0):
                drag = np.zeros(3)
                drag[axis] = sign
                turn = drag_turn(geometry, facelet, drag)
                lt = layer_turn_of(turn, size)
                cubie = geometry.cubie_coords[geometry.sticker_group[facelet]]
                assert cubie[lt.axis] in lt.layers
                rotation_axis = np.identity(3)[lt.axis] * np.sign(lt.quarters)
                velocity = np.cross(rotation_axis, geometry.sticker_centres[facelet])
                assert velocity @ drag > 0, (facelet, drag, turn)


def test_click_turns_the_face_of_the_sticker() -> None:
    geometry = cube_geometry(3)
    assert click_turn(geometry, 22, clockwise=True) == Turn("F", 1)  # F5
    assert click_turn(geometry, 0, clockwise=False) == Turn("U", 3)


def test_camera_ray_hits_the_sticker_it_was_aimed_at() -> None:
    camera, geometry = OrbitCamera(), cube_geometry(3)
    for facelet in (4, 13, 22):  # U5 R5 F5: the three visible centres
        x, y = camera.project(geometry.sticker_centres[facelet], 800, 600)[0]
        hit = pick_sticker(geometry, *camera.ray(x, y, 800, 600))
        assert hit is not None and hit.facelet == facelet
    assert pick_sticker(geometry, *camera.ray(3, 3, 800, 600)) is None


def test_animator_eases_queues_and_catches_up() -> None:
    landed: list[Turn] = []
    animator = TurnAnimator(3, landed.append)
    animator.seconds_per_quarter = 1.0
    animator.push(Turn("R"), now=0.0)
    layer, angle = animator.advance(0.5)
    assert layer.layers == frozenset({1}) and angle == pytest.approx(-np.pi / 4)  # R is clockwise seen from +x
    animator.push(Turn("U"), now=0.5)
    animator.push(Turn("F"), now=0.5)
    assert animator.advance(1.0) is not None and landed == [Turn("R")]
    assert animator.advance(100.0) is None and landed == [Turn("R"), Turn("U"), Turn("F")]
    assert ease_in_out(0.0) == 0.0 and ease_in_out(1.0) == 1.0 and ease_in_out(0.5) == pytest.approx(0.5)


def test_geometry_is_modest_and_built_once() -> None:
    for size, cubies in ((2, 8), (3, 27)):  # the 3x3 has a hidden core: it closes the cut when a slice turns
        geometry = cube_geometry(size)
        assert geometry.n_groups == cubies
        assert len(geometry.vertices) // 3 <= 150 * cubies  # triangles: bevelled cubies + rounded stickers
        assert int(geometry.piece_count.sum()) == len(geometry.vertices)  # the pieces tile the buffer
        assert cube_geometry(size) is geometry
    assert CubeState.solved(2).colours().shape == (24,)


@pytest.mark.parametrize(
    ("size", "turn", "extra_faces"),
    [
        (3, "R", 18),  # the cut between R and M: 9 faces either side (the core's included)
        (3, "M", 36),  # two cuts
        (3, "U'", 18),
        (3, "Rw", 18),  # one cut, between the wide layer and L
        (3, "x", 0),  # the whole cube turns: nothing opens
        (2, "F", 8),
        (2, "Rw", 0),
    ],
)
def test_only_surface_and_opened_cuts_are_drawn(size: int, turn: str, extra_faces: int) -> None:
    """At rest the drawn faces are the 6 * size**2 outer ones; a turn adds exactly the faces of the cuts it opens."""
    geometry = cube_geometry(size)
    assert int(geometry.visible_faces().sum()) == 6 * size**2
    lt = layer_turn_of(parse_algorithm(turn, size).turns[0], size)
    faces = geometry.visible_faces(int(lt.axis), lt.layers)
    assert int(faces.sum()) == 6 * size**2 + extra_faces
    first, count = geometry.draw_ranges(int(lt.axis), lt.layers)
    assert int(count.sum()) >= geometry.outer_vertices and np.all(first[1:] >= first[:-1] + count[:-1])
