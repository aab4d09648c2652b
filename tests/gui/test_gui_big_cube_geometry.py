"""Big cubes without a window: the cube model on NxNState and block turns, the mesh's runs and winding, the
animation's rotation against the engine's permutations, and the turns that drags and keys ask for."""

from __future__ import annotations

import numpy as np
import pytest
from PyQt6.QtCore import Qt

from cubeviz.models.big_cube import BigAlgorithm, check_size
from cubeviz.models.cube_model import CubeModel, EntryKind
from cubeviz.models.scrambles import random_move_scramble
from cubeviz.views.gl.big_cube_input import LayerKeys, click_block_turn, drag_block_turn
from cubeviz.views.gl.big_cube_item import BigCubeItem
from cubeviz.views.gl.big_cube_mesh import big_cube_geometry
from cubeviz.views.gl.cube_geometry import FIRST_STICKER_SLOT
from cubeviz.views.gl.turn_geometry import QUARTERS, layer_turn_of
from solvers.cube.notation import NotationError
from solvers.cube.schemes import load_scheme
from solvers.nxn.geometry import Axis, Face, sticker_index
from solvers.nxn.moves import BlockTurn, turn_permutation
from solvers.nxn.notation import parse
from solvers.nxn.state import NxNState

SIZES = (4, 5, 7, 17)
ALGORITHM = "Rw U2 3Fw' 2R r' x D' y2 Lw"


@pytest.mark.parametrize("size", SIZES)
def test_model_applies_big_notation_as_the_engine_does_and_undo_restores(qapp, size) -> None:
    model = CubeModel(3)
    model.set_size(size)
    text = ALGORITHM + (" M E' S2" if size % 2 else "")
    model.apply_text(text)
    assert model.state == NxNState.solved(size).apply(parse(text, size))
    assert not model.is_solved()
    model.undo_stack.undo()
    assert model.state == NxNState.solved(size)
    model.undo_stack.redo()
    assert model.state == NxNState.solved(size).apply(parse(text, size))


def test_notation_error_names_the_first_bad_token_and_changes_nothing(qapp) -> None:
    model = CubeModel(4)
    model.apply_text("R U")
    before = model.state
    with pytest.raises(NotationError) as caught:
        model.apply_text("Rw M U")  # no middle layer on an even cube
    assert caught.value.position == 3 and caught.value.token == "M"
    with pytest.raises(NotationError):
        model.apply_text("5R")  # a 4x4x4 has four layers
    assert model.state == before and len(model.history) == 1


@pytest.mark.parametrize(("size", "length"), [(4, 40), (5, 60), (7, 100), (17, 300)])
def test_scramble_is_wca_length_and_leads_where_its_text_says(qapp, size, length) -> None:
    model = CubeModel(size)
    scramble = random_move_scramble(size, 11)
    model.scramble_with_moves(scramble.algorithm, scramble.label)
    assert len(scramble.algorithm) == length
    assert model.state == NxNState.solved(size).apply(parse(str(scramble.algorithm), size))
    assert model.history[-1].kind is EntryKind.SCRAMBLE
    assert model.current_scramble() == str(scramble.algorithm)
    model.reset()
    assert model.is_solved()


def test_sizes_outside_the_chooser_are_refused(qapp) -> None:
    for bad in (1, 0, 51, "7", True):
        with pytest.raises(ValueError):
            check_size(bad)
    model = CubeModel(5)
    with pytest.raises(ValueError):
        model.set_size(51)
    assert model.size == 5


@pytest.mark.parametrize("size", (4, 5, 12))
def test_mesh_faces_point_outwards_and_runs_hold_exactly_their_layers(size) -> None:
    geometry = big_cube_geometry(size)
    triangles = geometry.vertices[geometry.indices].reshape(-1, 3, geometry.vertices.shape[1])
    edges = np.cross(triangles[:, 1, :3] - triangles[:, 0, :3], triangles[:, 2, :3] - triangles[:, 0, :3])
    assert (np.einsum("ij,ij->i", edges, triangles[:, 0, 3:6]) > 0).all()
    for face in Face:
        normal_axis = int(np.argmax(np.abs(geometry.sticker_normals[sticker_index(face, 0, 0, size)])))
        for axis in {0, 1, 2} - {normal_axis}:
            first, count = geometry.face_run(int(face), axis, 1, size - 2)
            slots = geometry.vertices[geometry.indices[first : first + count], 9].astype(int)
            stickers = set(slots[slots >= FIRST_STICKER_SLOT] - FIRST_STICKER_SLOT)
            layers = geometry.sticker_layer[:, axis]
            expected = {i for i in range(face * size * size, (face + 1) * size * size) if 1 <= layers[i] <= size - 2}
            assert stickers == expected


@pytest.mark.parametrize("size", (4, 5))
@pytest.mark.parametrize(
    "turn",
    [BlockTurn(Axis.X, 0, 0, 1), BlockTurn(Axis.Y, 1, 2, 3), BlockTurn(Axis.Z, 2, 3, 2), BlockTurn(Axis.X, 0, 3, 1)],
)
def test_the_animation_ends_where_the_engine_puts_every_sticker(size, turn) -> None:
    """Rotating the block by the animation's full angle carries each sticker onto the place the engine's
    permutation sends it: what the view shows is what the model records."""
    item = BigCubeItem(NxNState.solved(size), load_scheme())
    rest = item.geometry.sticker_centres
    layer_turn = layer_turn_of(turn, size)
    item.layer_turn, item.angle = layer_turn, layer_turn.quarters * np.pi / 2
    turned, _normals = item.sticker_frames()
    gather = turn_permutation(size, turn)  # after the turn, place j shows what place gather[j] showed
    for j in range(len(rest)):
        assert np.allclose(turned[gather[j]], rest[j], atol=1e-9)
    assert abs(layer_turn.quarters) <= QUARTERS // 2


def test_drags_and_clicks_ask_for_the_layer_under_the_sticker() -> None:
    size = 7
    geometry = big_cube_geometry(size)
    front = sticker_index(Face.F, 2, 5, size)  # third row from the top, sixth column from the left
    right, up = np.array([1.0, 0.0, 0.0]), np.array([0.0, 1.0, 0.0])
    # F moving to the right is U anticlockwise (U moves F to the left): the sticker's row, 3 from U
    assert drag_block_turn(geometry, front, right) == BlockTurn(Axis.Y, 2, 2, 3)
    assert drag_block_turn(geometry, front, right, wide=True) == BlockTurn(Axis.Y, 0, 2, 3)
    # F moving up is R clockwise: the sticker's column is the second layer from R
    assert drag_block_turn(geometry, front, up) == BlockTurn(Axis.X, 1, 1, 1)
    assert drag_block_turn(geometry, front, -up, wide=True) == BlockTurn(Axis.X, 0, 1, 3)
    low = sticker_index(Face.F, 5, 5, size)  # nearer D: a wide turn comes from the D side
    assert drag_block_turn(geometry, low, right, wide=True) == BlockTurn(Axis.Y, 5, 6, 3)
    assert click_block_turn(geometry, front, True) == BlockTurn(Axis.Z, 0, 0, 1)
    assert click_block_turn(geometry, sticker_index(Face.L, 3, 3, size), False) == BlockTurn(Axis.X, 6, 6, 1)


def test_layer_keys_take_a_number_before_the_face() -> None:
    keys, size, none = LayerKeys(), 17, Qt.KeyboardModifier.NoModifier
    shift = Qt.KeyboardModifier.ShiftModifier
    assert keys.turn_for_key(Qt.Key.Key_R, none, size) == BlockTurn(Axis.X, 0, 0, 1)
    assert keys.turn_for_key(Qt.Key.Key_1, none, size) is None
    assert keys.turn_for_key(Qt.Key.Key_2, none, size) is None
    assert keys.turn_for_key(Qt.Key.Key_Shift, shift, size) is None and keys.prefix == "12"  # Shift comes first
    assert keys.turn_for_key(Qt.Key.Key_L, shift, size) == BlockTurn(Axis.X, 5, 5, 1)  # 12L' = layer 12 from L
    assert keys.turn_for_key(Qt.Key.Key_M, none, size) == BlockTurn(Axis.X, 8, 8, 3)
    assert keys.turn_for_key(Qt.Key.Key_9, none, 4) is None and keys.turn_for_key(Qt.Key.Key_U, none, 4) is None
    assert keys.turn_for_key(Qt.Key.Key_M, none, 4) is None  # no middle layer on an even cube
    assert keys.turn_for_key(Qt.Key.Key_Y, shift, 4) == BlockTurn(Axis.Y, 0, 3, 3)
    assert keys.turn_for_key(Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier, 4) is None and keys.prefix == ""


def test_big_algorithm_prints_wca_and_inverts() -> None:
    algorithm = BigAlgorithm(5, parse("r U2 3Bw' 2L M", 5))
    assert str(algorithm) == "Rw U2 3Bw' 2L M"
    assert algorithm.state().apply(algorithm.inverse().turns) == NxNState.solved(5)


def test_the_help_lists_the_layer_keys() -> None:
    from cubeviz.views.gl.keyboard import key_rows

    assert any(keys.startswith("1-9") and "3R" in does for keys, does in key_rows())
