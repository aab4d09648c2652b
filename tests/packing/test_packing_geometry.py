"""Voxel geometry: the isometry group, orientations, chirality and connectivity of known polycubes."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from solvers.packing.geometry import (
    N_ISOMETRIES,
    N_ROTATIONS,
    is_chiral,
    is_connected,
    isometries,
    mirror_image,
    normalise,
    orientations,
    same_shape,
    shape_symmetries,
)
from solvers.packing.puzzle import box_cells
from solvers.packing.puzzle_io import load_puzzle


def _key(m: np.ndarray) -> bytes:
    return np.asarray(m, dtype=np.int64).tobytes()


def test_isometries_are_48_with_24_rotations_first_identity_at_zero() -> None:
    mats = isometries()
    assert mats.shape == (N_ISOMETRIES, 3, 3)
    assert np.array_equal(mats[0], np.eye(3))
    dets = np.round(np.linalg.det(mats)).astype(int)
    assert (dets[:N_ROTATIONS] == 1).all() and (dets[N_ROTATIONS:] == -1).all()
    assert len({_key(m) for m in mats}) == N_ISOMETRIES


@given(st.integers(0, N_ISOMETRIES - 1), st.integers(0, N_ISOMETRIES - 1))
def test_isometries_are_closed_under_composition_and_rotations_form_a_subgroup(i: int, j: int) -> None:
    mats = isometries()
    keys = {_key(m): k for k, m in enumerate(mats)}
    product = mats[i] @ mats[j]
    assert _key(product) in keys
    if i < N_ROTATIONS and j < N_ROTATIONS:
        assert keys[_key(product)] < N_ROTATIONS


def test_soma_orientation_counts_and_hands() -> None:
    puzzle = load_puzzle("soma")
    counts = {p.name: len(orientations(p.cells)) for p in puzzle.pieces}
    # a (L) has no rotational symmetry: 24; V, T, S: 12; branch: 8; the two screws: 12 each
    assert counts == {"a": 24, "b": 12, "c": 12, "d": 12, "e": 8, "f": 12, "g": 12}
    chiral = {p.name for p in puzzle.pieces if is_chiral(p.cells)}
    assert chiral == {"f", "g"}
    assert same_shape(mirror_image(puzzle.piece("f").cells), puzzle.piece("g").cells)


def test_flat_pieces_are_achiral_and_free_orientations_include_mirrors() -> None:
    puzzle = load_puzzle("pentomino-6x10")
    for piece in puzzle.pieces:
        assert not is_chiral(piece.cells)
        assert set(orientations(piece.cells)) == set(orientations(piece.cells, with_mirrors=True))
    # in 2D the twelve free pentominoes have 63 fixed orientations; lying flat in 3D each is seen from 3 axes
    flat = sum(len({o for o in orientations(p.cells) if all(v[2] == 0 for v in o)}) for p in puzzle.pieces)
    assert flat == 63


def test_connectivity() -> None:
    assert is_connected([(0, 0, 0), (0, 1, 0), (1, 1, 0)])
    assert not is_connected([(0, 0, 0), (1, 1, 0)])  # edge contact only
    assert not is_connected([])


def test_box_symmetry_group_orders() -> None:
    assert len(shape_symmetries(box_cells((3, 3, 3)), with_mirrors=False)) == 24
    assert len(shape_symmetries(box_cells((3, 3, 3)), with_mirrors=True)) == 48
    assert len(shape_symmetries(box_cells((10, 6, 1)), with_mirrors=False)) == 4
    assert len(shape_symmetries(box_cells((4, 4, 2)), with_mirrors=False)) == 8


def test_normalise_is_translation_invariant() -> None:
    shape = [(5, 2, 1), (6, 2, 1), (5, 3, 1)]
    assert normalise(shape) == normalise([(x - 7, y + 3, z) for x, y, z in shape]) == ((0, 0, 0), (0, 1, 0), (1, 0, 0))
