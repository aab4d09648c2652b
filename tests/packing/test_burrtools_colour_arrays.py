"""The colour checks worked out with numpy over all rotations at once (``burrtools_colour``) against the same checks
made one rotation and one cell at a time with plain tuples: the distinct coloured orientations, mirror images,
chirality, rotation equality, and every row's allowed colourings in the cover of each hand-written colour case."""

from __future__ import annotations

import numpy as np
from burrtools_cases import CASES, xml_file
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.packing.burrtools_colour import (
    ColouredShape,
    coloured_chiral,
    coloured_mirror,
    coloured_orientations,
    coloured_same,
    coloured_shape,
    row_colourings,
)
from solvers.packing.burrtools_count import _engine_puzzle, _result_coordinates
from solvers.packing.burrtools_io import parse_burrtools
from solvers.packing.burrtools_puzzle import burr_problem
from solvers.packing.cover import build_cover
from solvers.packing.voxels import N_ROTATIONS, apply, isometry_matrices, normalise

MIRROR = ((-1, 0, 0), (0, 1, 0), (0, 0, 1))


def _turned(m, shape: ColouredShape) -> ColouredShape:
    """A coloured shape moved by ``m`` cell by cell, colours carried along, back in normal form."""
    moved = apply(m, [(x, y, z) for x, y, z, _ in shape])
    return coloured_shape(moved, {v: s[3] for v, s in zip(moved, shape, strict=True)})


def _orientations_one_by_one(shape: ColouredShape) -> list[ColouredShape]:
    out: list[ColouredShape] = []
    for m in isometry_matrices()[:N_ROTATIONS]:
        turned = _turned(m, shape)
        if turned not in out:
            out.append(turned)
    return out


coloured_pieces = st.dictionaries(
    st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 2)), st.integers(0, 3), min_size=1, max_size=9
).map(lambda cells: coloured_shape(list(cells), cells))


@settings(max_examples=60, deadline=None)
@given(coloured_pieces, coloured_pieces, st.integers(0, N_ROTATIONS - 1))
def test_rotations_at_once_equal_the_one_by_one_ones(shape, other, turn) -> None:
    expected = _orientations_one_by_one(shape)
    assert coloured_orientations(shape) == expected
    mirrored = _turned(MIRROR, shape)
    assert coloured_mirror(shape) == mirrored
    assert coloured_chiral(shape) == (mirrored not in expected)
    assert coloured_same(shape, _turned(isometry_matrices()[turn], shape))
    assert coloured_same(shape, other) == (other in expected)


def _colourings_one_by_one(problem, kind, cells) -> list:
    """Every coloured rotation of the kind lying on ``cells`` whose coloured cells may sit on the result cells
    under them, once each, in rotation order."""
    result = dict(problem.result_colours)
    low = tuple(min(v[a] for v in cells) for a in range(3))
    out: list = []
    seen: set = set()
    for m in isometry_matrices()[:N_ROTATIONS]:
        turned = _turned(m, kind.coloured())
        if turned in seen or normalise([v[:3] for v in turned]) != normalise(cells):
            continue
        seen.add(turned)
        placed = tuple(((x + low[0], y + low[1], z + low[2]), c) for x, y, z, c in turned if c)
        if all(result.get(v, 0) == 0 or (c, result[v]) in problem.colour_pairs for v, c in placed):
            out.append(placed)
    return out


def test_every_rows_colourings_equal_the_one_by_one_ones() -> None:
    checked = 0
    for shapes, parts, result, pairs, n_colours in CASES.values():
        problem = burr_problem(parse_burrtools(xml_file(shapes, parts, result, pairs, n_colours).encode()))
        puzzle, hole = _engine_puzzle(problem)
        cover = build_cover(puzzle)
        target = _result_coordinates(problem, puzzle)
        enabled = np.ones(cover.n_rows, dtype=np.uint8)
        found = row_colourings(problem, cover, target, enabled, hole)
        for row in range(cover.n_rows):
            kind = int(cover.row_kind[row])
            if kind == hole:
                assert enabled[row]
                continue
            cells = [target[c] for c in cover.row_cells[row].tolist() if c >= 0]
            expected = _colourings_one_by_one(problem, problem.kinds[kind], cells)
            assert bool(enabled[row]) == bool(expected)
            if expected:
                assert found[row] == expected
                checked += 1
    assert checked > 100


def _symmetries_one_by_one(problem) -> list:
    """Every isometry, turned cell by cell, that maps the result onto itself with the labels (required, optional,
    colour) kept, with the shift that puts the moved cells back in place."""
    label = {v: ("#", 0) for v in problem.required} | {v: ("+", 0) for v in problem.optional}
    for v, c in problem.result_colours:
        label[v] = (label[v][0], c)
    cells = list(label)
    low = [min(v[a] for v in cells) for a in range(3)]
    out = []
    for n, m in enumerate(isometry_matrices()):
        moved = apply(m, cells)
        shift = tuple(low[a] - min(v[a] for v in moved) for a in range(3))
        placed = {
            (x + shift[0], y + shift[1], z + shift[2]): label[v] for (x, y, z), v in zip(moved, cells, strict=True)
        }
        if placed == label:
            out.append((m, shift, n < N_ROTATIONS))
    return out


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 1)), min_size=1, max_size=18),
    st.integers(0, 2**18 - 1),
    st.integers(0, 2**18 - 1),
    st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(-3, 3)),
)
def test_result_symmetries_at_once_equal_the_one_by_one_ones(cells, optional_bits, colour_bits, offset) -> None:
    from solvers.packing.burrtools_count import _symmetries_of
    from solvers.packing.burrtools_puzzle import BurrProblem

    cells = sorted((x + offset[0], y + offset[1], z + offset[2]) for x, y, z in cells)
    optional = tuple(v for i, v in enumerate(cells) if optional_bits >> i & 1)
    required = tuple(v for v in cells if v not in optional)
    colours = tuple(
        (v, 1 + (colour_bits >> (2 * i) & 1)) for i, v in enumerate(cells) if colour_bits >> (2 * i + 1) & 1
    )
    problem = BurrProblem("p", "p", "", required, optional, (), result_colours=colours)
    assert _symmetries_of(problem) == _symmetries_one_by_one(problem)
