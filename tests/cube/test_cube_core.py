"""The existing core (geometry, cubie states, moves) checked against independent facts and group laws."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.cube.geometry import (
    Corner,
    Edge,
    Face,
    centre_facelets,
    corner_facelets,
    edge_facelets,
    facelet_index,
    facelet_name,
    n_facelets,
    sticker_geometry,
)
from solvers.cube.moves import BASIC_TURN_NAMES, Move, apply_moves, basic_turn, move_state, whole_cube_rotations
from solvers.cube.notation import parse_algorithm
from solvers.cube.scramble import random_state
from solvers.cube.state import CubeState

SUPERFLIP = "U R2 F B R B2 R U2 L B2 R U' D' R2 F R' L B2 U2 F2"


def test_facelet_numbering_matches_kociemba():
    assert [facelet_index(face, 1, 3) for face in Face] == [0, 9, 18, 27, 36, 45]
    assert [facelet_index(face, 1, 2) for face in Face] == [0, 4, 8, 12, 16, 20]
    assert facelet_name(53, 3) == "B9" and facelet_name(23, 2) == "B4"
    assert centre_facelets().tolist() == [4, 13, 22, 31, 40, 49]
    # Kociemba's cornerFacelet / edgeFacelet tables (U9 R1 F3 for URF, U6 R2 for UR, ...)
    assert corner_facelets(3)[Corner.URF].tolist() == [8, 9, 20]
    assert corner_facelets(3)[Corner.DRB].tolist() == [35, 17, 51]
    assert edge_facelets(3)[Edge.UR].tolist() == [5, 10]
    assert edge_facelets(3)[Edge.BR].tolist() == [48, 14]
    assert corner_facelets(2)[Corner.URF].tolist() == [3, 4, 9]


@pytest.mark.parametrize("size", [2, 3])
def test_every_sticker_belongs_to_exactly_one_piece_slot(size):
    used = corner_facelets(size).ravel().tolist()
    if size == 3:
        used += edge_facelets(3).ravel().tolist() + centre_facelets().tolist()
    assert sorted(used) == list(range(n_facelets(size)))
    positions, normals = sticker_geometry(size)
    assert len({(tuple(p), tuple(n)) for p, n in zip(positions.tolist(), normals.tolist(), strict=True)}) == len(used)


def test_face_turns_match_kociemba_cubie_tables():
    r = move_state(3, Move.R1)
    assert r.cp.tolist() == [4, 1, 2, 0, 7, 5, 6, 3]
    assert r.co.tolist() == [2, 0, 0, 1, 1, 0, 0, 2]
    assert r.ep.tolist() == [8, 1, 2, 3, 11, 5, 6, 7, 4, 9, 10, 0]
    f = move_state(3, Move.F1)
    assert f.eo.tolist() == [0, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0]


def _kociemba_string(state: CubeState) -> str:
    return "".join(Face(int(c)).name for c in state.colours())


def test_face_turns_move_the_stickers_people_expect():
    # R lifts the F column onto U, drops U onto B (upside down), B onto D and D onto F.
    assert _kociemba_string(basic_turn(3, "R")) == "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB"
    # U (clockwise seen from above) brings R's top row to F, B's to R, L's to B and F's to L.
    assert (
        _kociemba_string(basic_turn(3, "U"))
        == "U" * 9 + "BBB" + "R" * 6 + "RRR" + "F" * 6 + "D" * 9 + "FFF" + "L" * 6 + "LLL" + "B" * 6
    )


@pytest.mark.parametrize("size", [2, 3])
def test_every_basic_turn_has_order_four(size):
    for name in BASIC_TURN_NAMES:
        if size == 2 and name in "MES":
            with pytest.raises(ValueError):
                basic_turn(size, name)
            continue
        assert basic_turn(size, name).order() == 4, name


def test_whole_cube_rotations_are_24_distinct_solved_looking_states():
    for size in (2, 3):
        rotations = whole_cube_rotations(size)
        assert len(set(rotations)) == 24
        assert all(r.is_solved() for r in rotations)
        assert sum(r.is_identity() for r in rotations) == 1


def test_wide_turn_is_face_turn_plus_slice_and_rotation_identities():
    assert parse_algorithm("Rw").state() == parse_algorithm("R M'").state()
    assert parse_algorithm("x").state() == parse_algorithm("R M' L'").state()
    assert parse_algorithm("y").state() == parse_algorithm("U E' D'").state()
    assert parse_algorithm("z").state() == parse_algorithm("F S B'").state()
    assert parse_algorithm("Rw", 2).state(2) == parse_algorithm("x", 2).state(2)


def test_named_group_orders():
    assert parse_algorithm("U").state().order() == 4
    assert parse_algorithm("R U").state().order() == 105
    assert parse_algorithm("R U R' U'").state().order() == 6
    assert parse_algorithm("R U", 2).state(2).order() == 15  # corners only: the 2x2x2 cycle of R U


def test_superflip_flips_every_edge_and_nothing_else():
    state = parse_algorithm(SUPERFLIP).state()
    assert state.eo.tolist() == [1] * 12
    assert state.ep.tolist() == list(range(12))
    assert state.cp.tolist() == list(range(8)) and state.co.tolist() == [0] * 8
    assert state.centres.tolist() == list(range(6))
    assert state.inverse() == state and (state * state).is_identity()
    assert len(parse_algorithm(SUPERFLIP)) == 20


TURN_TEXT = st.lists(st.tuples(st.sampled_from(BASIC_TURN_NAMES), st.sampled_from(["", "2", "'"])), max_size=25).map(
    lambda turns: " ".join(name + suffix for name, suffix in turns)
)


@settings(max_examples=150, deadline=None)
@given(TURN_TEXT)
def test_any_algorithm_followed_by_its_inverse_is_the_identity(text):
    alg = parse_algorithm(text)
    assert (alg + alg.inverse()).state().is_identity()
    assert alg.inverse().state() == alg.state().inverse()


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**32))
def test_state_group_laws_on_random_states(seed_a, seed_b):
    a, b = random_state(3, seed_a), random_state(3, seed_b)
    assert (a * b).inverse() == b.inverse() * a.inverse()
    assert (a * a.inverse()).is_identity()
    assert a * (b * a) == (a * b) * a
    assert a**3 == a * a * a and a**-2 == (a * a).inverse()


@pytest.mark.parametrize("size", [2, 3])
def test_facelet_cubie_round_trip_on_random_states(size):
    rng = np.random.default_rng(7)
    for _ in range(100):
        state = random_state(size, rng)
        assert CubeState.from_colours(size, state.colours()) == state
    for rotation in whole_cube_rotations(size):
        assert CubeState.from_colours(size, rotation.colours()) == rotation


def _sticker_permutation(size: int, name: str) -> np.ndarray:
    """Where each sticker goes under one clockwise quarter of `name`, computed from 3D geometry alone."""
    positions, normals = sticker_geometry(size)
    where = {(tuple(p), tuple(n)): i for i, (p, n) in enumerate(zip(positions.tolist(), normals.tolist(), strict=True))}
    axis, sign = {"U": (1, 1), "R": (0, 1), "F": (2, 1), "D": (1, -1), "L": (0, -1), "B": (2, -1)}[name]
    angle = -sign * np.pi / 2
    c, s = int(round(np.cos(angle))), int(round(np.sin(angle)))
    rot = np.eye(3, dtype=int)
    i, j = [k for k in range(3) if k != axis]
    rot[i, i], rot[i, j], rot[j, i], rot[j, j] = c, -s, s, c
    if axis == 1:  # right-handed order for the y axis is (z, x)
        rot = rot.T
    perm = np.arange(len(positions))
    for k in range(len(positions)):
        if positions[k][axis] == sign:
            perm[k] = where[(tuple((rot @ positions[k]).tolist()), tuple((rot @ normals[k]).tolist()))]
    return perm


@pytest.mark.parametrize("size", [2, 3])
def test_cubie_composition_agrees_with_sticker_permutation(size):
    rng = np.random.default_rng(11)
    for name in "URFDLB":
        perm = _sticker_permutation(size, name)
        for _ in range(10):
            state = random_state(size, rng)
            expected = np.empty_like(state.colours())
            expected[perm] = state.colours()
            assert np.array_equal((state * basic_turn(size, name)).colours(), expected), name


def test_apply_moves_equals_product_and_is_solved_semantics():
    moves = [Move.R1, Move.U2, Move.F3]
    assert apply_moves(CubeState.solved(), moves) == parse_algorithm("R U2 F'").state()
    rotated = parse_algorithm("x y").state()
    assert rotated.is_solved() and not rotated.is_identity()
    assert not parse_algorithm("R").state().is_solved()
