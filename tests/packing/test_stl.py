"""STL of packing pieces read back by an independent reader: closed 2-manifolds with outward normals, the volume
of the cells (or of the cells shrunk by the gap, computed on a finer grid), bounding boxes, pieces lying flat, a
plate whose pieces do not overlap, an assembled solution whose shells hold exactly their pieces' cells."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from stl_reader import edge_problems, inside, read_stl, shells, volume, winding_normals

from solvers.packing import build_cover, load_puzzle, shipped_puzzles
from solvers.packing.mesh import SEPARATION
from solvers.packing.pykernel import iter_solutions
from solvers.packing.stl import (
    PrintOptions,
    PrintOptionsError,
    piece_file_name,
    piece_mesh,
    plate_mesh,
    resting_pose,
    solution_mesh,
    stl_bytes,
    write_piece_files,
)
from solvers.packing.voxel_mesh import voxel_mesh

EDGE_TOUCH = [(0, 0, 0), (1, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1)]  # (0,0,0) and (1,1,0) meet along an edge only
CORNER_TOUCH = [(0, 0, 0), (0, -1, 0), (1, -1, 0), (2, -1, 0), (2, 0, 0), (2, 1, 0), (2, 1, 1), (1, 1, 1)]
# a ring whose ends (0,0,0) and (1,1,1) meet only at a corner: no other cell round that corner
RING = [(x, y, z) for x in range(2) for y in range(2) for z in range(2) if (x, y, z) not in ((0, 1, 0), (1, 0, 1))]
# six cells round a point whose two empty octants meet only at it (the empty space touches itself at a corner)


def _checked(data: bytes, shells_expected: int | None = None):
    """The file read back, after checking it is closed, manifold and outward-facing shell by shell."""
    stl = read_stl(data)
    assert not stl.header.startswith(b"solid")
    assert edge_problems(stl) == []
    normals = winding_normals(stl.corners)
    assert np.all(np.einsum("ij,ij->i", normals, stl.normals) > 0.999), "a stored normal disagrees with its winding"
    parts = shells(stl)
    if shells_expected is not None:
        assert len(parts) == shells_expected
    for part in parts:
        assert volume(stl.corners[part]) > 0, "a shell faces inward"
    return stl, parts


def _eroded_volume(cells, unit: float, gap: float, steps: int) -> float:
    """The volume of the cells with ``gap`` taken off every outer face, counted on a grid ``steps`` times finer
    where ``gap`` is one fine step: a fine cube survives when its 26 neighbours are all inside."""
    assert abs(unit / steps - gap) < 1e-12
    cells = np.asarray(cells) - np.min(cells, axis=0)
    fine = np.zeros(tuple((cells.max(axis=0) + 1) * steps + 2), dtype=bool)
    for x, y, z in cells:
        fine[
            1 + x * steps : 1 + (x + 1) * steps,
            1 + y * steps : 1 + (y + 1) * steps,
            1 + z * steps : 1 + (z + 1) * steps,
        ] = True
    kept = fine[1:-1, 1:-1, 1:-1].copy()
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            for dz in (-1, 0, 1):
                kept &= fine[
                    1 + dx : fine.shape[0] - 1 + dx, 1 + dy : fine.shape[1] - 1 + dy, 1 + dz : fine.shape[2] - 1 + dz
                ]
    return float(kept.sum()) * gap**3


def _mesh_file(cells, unit=1.0, gap=0.0, bevel=0.0) -> bytes:
    return stl_bytes(voxel_mesh(cells, unit=unit, gap=gap, bevel=bevel))


def _in_bevelled(cells, unit: float, gap: float, bevel: float, points: np.ndarray) -> np.ndarray:
    """Whether each point is within L1 distance ``bevel`` of the cells shrunk by ``gap + bevel``: the shrunk cells
    are the union of every block of at most 2x2x2 filled cells, shrunk (a cube of half side below 1/2 round a
    point of the shrunk set meets at most such a block, all filled)."""
    filled = {tuple(c) for c in cells}
    h = (gap + bevel) / unit
    distance = np.full(len(points), np.inf)
    for cell in filled:
        for extent in itertools.product((1, 2), repeat=3):
            block = itertools.product(*(range(c, c + e) for c, e in zip(cell, extent, strict=True)))
            if all(b in filled for b in block):
                lo, hi = (np.array(cell) + h) * unit, (np.array(cell) + np.array(extent) - h) * unit
                d = (np.maximum(0, lo - points) + np.maximum(0, points - hi)).sum(axis=1)
                distance = np.minimum(distance, d)
    return distance <= bevel


def test_a_cube_is_twelve_triangles_of_its_volume():
    stl, _ = _checked(_mesh_file([(0, 0, 0)], unit=10.0), shells_expected=1)
    assert len(stl.corners) == 12
    assert volume(stl.corners) == pytest.approx(1000.0)
    assert stl.corners.reshape(-1, 3).min(axis=0).tolist() == [0, 0, 0]
    assert stl.corners.reshape(-1, 3).max(axis=0).tolist() == [10, 10, 10]


@pytest.mark.parametrize("name", ["soma", "bedlam", "pentomino-6x10", "diabolical"])
def test_pieces_without_gap_have_the_volume_and_box_of_their_cells(name):
    for piece in load_puzzle(name).pieces:
        stl, _ = _checked(_mesh_file(piece.cells, unit=7.5), shells_expected=1)
        assert volume(stl.corners) == pytest.approx(len(piece.cells) * 7.5**3, rel=1e-6)
        span = np.ptp(stl.corners.reshape(-1, 3), axis=0)
        assert span.tolist() == pytest.approx((np.ptp(np.array(piece.cells), axis=0) + 1) * 7.5)


@pytest.mark.parametrize("cells", [[(0, 0, 0), (1, 0, 0), (0, 1, 0)], EDGE_TOUCH, CORNER_TOUCH, RING])
@pytest.mark.parametrize("gap", [0.5, 1.0])
def test_the_gap_takes_exactly_the_shrunk_volume(cells, gap):
    unit = 10.0
    stl, _ = _checked(_mesh_file(cells, unit=unit, gap=gap), shells_expected=1)
    assert volume(stl.corners) == pytest.approx(_eroded_volume(cells, unit, gap, int(unit / gap)), rel=1e-6)
    points = stl.corners.reshape(-1, 3)
    low, high = np.min(cells, axis=0), np.max(cells, axis=0) + 1  # cells stay where they are
    assert points.min(axis=0).tolist() == pytest.approx(low * unit + gap)
    assert points.max(axis=0).tolist() == pytest.approx(high * unit - gap)


@pytest.mark.parametrize("cells", [EDGE_TOUCH, CORNER_TOUCH, RING])
def test_cells_touching_along_an_edge_or_at_a_corner_stay_manifold_without_gap(cells):
    """Without a gap the sheets that touch are pulled apart by SEPARATION, and nothing else moves."""
    stl, _ = _checked(_mesh_file(cells, unit=10.0), shells_expected=1)
    lost = len(cells) * 1000.0 - volume(stl.corners)
    assert 0 < lost < 20 * SEPARATION * 1000.0
    points = stl.corners.reshape(-1, 3)
    off_grid = np.abs(points / 10.0 - np.round(points / 10.0)) > 1e-9
    assert off_grid.any(axis=1).sum() < len(points) / 2  # most corners are still grid points


def test_random_voxel_sets_are_closed_manifolds():
    """Cells thrown at random into a 3x3x3 box touch along edges and at corners in every way there is."""
    rng = np.random.default_rng(7)
    for _ in range(60):
        cells = sorted({tuple(int(v) for v in c) for c in rng.integers(0, 3, (rng.integers(2, 16), 3))})
        for gap in (0.0, 0.5):
            stl, _ = _checked(_mesh_file(cells, unit=10.0, gap=gap))
            if gap:
                assert volume(stl.corners) == pytest.approx(_eroded_volume(cells, 10.0, gap, 20), rel=1e-6)
            else:
                assert 0 <= len(cells) * 1000.0 - volume(stl.corners) < 5.0 * len(cells)  # 0.5 % of each 1000 mm3 cell


@pytest.mark.parametrize(("gap", "bevel"), [(0.0, 1.0), (0.5, 1.5)])
def test_a_bevelled_cube_is_a_chamfered_cube(gap, bevel):
    """A cube shrunk by gap + bevel and grown by an octahedron of radius bevel: a^3 + 6a^2 b + 6a b^2 + 4/3 b^3."""
    stl, _ = _checked(_mesh_file([(0, 0, 0)], unit=10.0, gap=gap, bevel=bevel), shells_expected=1)
    a = 10.0 - 2 * (gap + bevel)
    assert volume(stl.corners) == pytest.approx(a**3 + 6 * a * a * bevel + 6 * a * bevel**2 + 4 / 3 * bevel**3)
    assert len(stl.corners) == 6 * 2 + 12 * 2 + 8  # faces, edge strips, corner triangles
    points = stl.corners.reshape(-1, 3)
    assert points.min(axis=0).tolist() == pytest.approx([gap] * 3)
    assert points.max(axis=0).tolist() == pytest.approx([10.0 - gap] * 3)


@pytest.mark.parametrize("cells", [[(0, 0, 0), (1, 0, 0), (0, 1, 0)], EDGE_TOUCH, CORNER_TOUCH, RING])
@pytest.mark.parametrize(("gap", "bevel"), [(0.0, 1.0), (0.3, 0.8), (1.0, 0.5)])
def test_a_bevelled_piece_is_the_shrunk_piece_grown_by_an_octahedron(cells, gap, bevel):
    """Closed, and inside exactly where an independent test says (2,000 random points)."""
    stl, _ = _checked(_mesh_file(cells, unit=10.0, gap=gap, bevel=bevel), shells_expected=1)
    rng = np.random.default_rng(len(cells))
    low, high = np.min(cells, axis=0) * 10.0, (np.max(cells, axis=0) + 1) * 10.0
    points = rng.uniform(low - 1, high + 1, (2000, 3))
    expected = _in_bevelled(cells, 10.0, gap, bevel, points)
    assert 200 < expected.sum() < 1900
    assert (inside(stl.corners, points) == expected).all()


def test_random_voxel_sets_bevel_into_closed_manifolds():
    rng = np.random.default_rng(11)
    for _ in range(40):
        cells = sorted({tuple(int(v) for v in c) for c in rng.integers(0, 3, (rng.integers(2, 14), 3))})
        stl, _ = _checked(_mesh_file(cells, unit=10.0, gap=0.2, bevel=1.0))
        points = rng.uniform(-1, 31, (300, 3))
        assert (inside(stl.corners, points) == _in_bevelled(cells, 10.0, 0.2, 1.0, points)).all()


def test_a_piece_lies_on_its_largest_face():
    pose = resting_pose([(0, 0, 0), (0, 0, 1), (0, 0, 2), (0, 1, 2)])  # an L standing up
    assert sorted(pose) == sorted(resting_pose(pose))
    assert sum(1 for c in pose if c[2] == 0) == 4
    bedlam_pieces = load_puzzle("bedlam").pieces
    for piece in bedlam_pieces:
        pose = resting_pose(piece.cells)
        best = max(
            sum(1 for c in piece.cells if c[axis] == edge)
            for axis in range(3)
            for edge in (0, max(v[axis] for v in piece.cells))
        )
        assert sum(1 for c in pose if c[2] == 0) == best
        mesh = piece_mesh(piece.cells, PrintOptions())
        assert mesh.bounds()[0].tolist() == [0, 0, 0]


@pytest.mark.parametrize("name", shipped_puzzles())
def test_every_shipped_puzzle_prints_on_a_plate(name):
    puzzle = load_puzzle(name)
    options = PrintOptions(unit=10.0, gap=0.2, spacing=4.0, plate_width=150.0)
    stl, parts = _checked(stl_bytes(plate_mesh(puzzle.pieces, options)), shells_expected=puzzle.n_instances)
    assert stl.corners[:, :, 2].min() == pytest.approx(0.0, abs=1e-5)
    boxes = [(stl.corners[p].reshape(-1, 3).min(axis=0), stl.corners[p].reshape(-1, 3).max(axis=0)) for p in parts]
    for i, (lo_a, hi_a) in enumerate(boxes):
        assert lo_a[2] == pytest.approx(0.0, abs=1e-5), "every piece lies on the plate"
        for lo_b, hi_b in boxes[i + 1 :]:
            apart = (hi_a[:2] + 4.0 - 1e-3 <= lo_b[:2]) | (hi_b[:2] + 4.0 - 1e-3 <= lo_a[:2])
            assert apart.any(), "two pieces' footprints overlap or are closer than the spacing"
    width = max(hi[0] for _, hi in boxes)
    widest = max(hi[0] - lo[0] for lo, hi in boxes)
    assert width <= max(150.0, widest) + 1e-3
    expected = sum(_eroded_volume(p.cells, 10.0, 0.2, 50) * p.count for p in puzzle.pieces) if name == "soma" else None
    if expected is not None:
        assert volume(stl.corners) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize("name", shipped_puzzles())
def test_every_shipped_puzzle_prints_piece_by_piece_without_gap(name, tmp_path):
    puzzle = load_puzzle(name)
    paths = write_piece_files(tmp_path, puzzle.pieces, PrintOptions(gap=0.0))
    assert [p.name for p in paths] == [piece_file_name(i, p) for i, p in enumerate(puzzle.pieces)]
    assert len({p.name.lower() for p in paths}) == len(paths)
    for piece, path in zip(puzzle.pieces, paths, strict=True):
        stl, _ = _checked(path.read_bytes(), shells_expected=1)
        assert volume(stl.corners) == pytest.approx(len(piece.cells) * 1000.0, rel=1e-4)


@pytest.mark.parametrize("name", shipped_puzzles())
def test_every_shipped_puzzle_prints_bevelled(name):
    puzzle = load_puzzle(name)
    options = PrintOptions(unit=10.0, gap=0.1, bevel=0.6)
    for piece in puzzle.pieces:
        _checked(stl_bytes(piece_mesh(piece.cells, options)), shells_expected=1)


def test_an_assembled_solution_holds_each_piece_in_its_cells():
    problem = build_cover(load_puzzle("soma"))
    rows = next(iter_solutions(problem))
    options = PrintOptions(unit=10.0, gap=0.5)
    stl, parts = _checked(stl_bytes(solution_mesh(problem, rows, options)), shells_expected=7)
    points = stl.corners.reshape(-1, 3)
    assert points.min(axis=0).tolist() == pytest.approx([0, 0, 0], abs=1e-5)
    assert points.max(axis=0).tolist() == pytest.approx([29.0, 29.0, 29.0])
    grid = [(x, y, z) for z in range(3) for y in range(3) for x in range(3)]
    centres = (np.array(grid) + 0.5) * 10
    owners = np.full(len(centres), -1)
    for k, part in enumerate(parts):
        hit = inside(stl.corners[part], centres)
        assert not (hit & (owners >= 0)).any(), "two shells hold one cell"
        owners[hit] = k
        held = [grid[i] for i in np.flatnonzero(hit)]
        assert volume(stl.corners[part]) == pytest.approx(_eroded_volume(held, 10.0, 0.5, 20), rel=1e-6)
    assert (owners >= 0).all()
    sizes = sorted(int((owners == k).sum()) for k in range(len(parts)))
    assert sizes == sorted(len(p.cells) for p in problem.puzzle.pieces)


def test_an_assembled_solution_stands_the_figure_upright():
    """Soma figures count rows from the top: the first row of cells ends up highest."""
    problem = build_cover(load_puzzle("soma-tower"))  # 2 wide, 7 high, 2 deep
    rows = next(iter_solutions(problem))
    mesh = solution_mesh(problem, rows, PrintOptions(unit=10.0, gap=0.1))
    size = mesh.bounds()[1] - mesh.bounds()[0]
    assert size.tolist() == pytest.approx([19.8, 19.8, 69.8])


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"unit": 0.0}, "unit must be above 0"),
        ({"unit": float("inf")}, "unit must be a number"),
        ({"gap": -0.1}, "gap must be at least 0"),
        ({"unit": 4.0, "gap": 1.0}, "below a quarter of the unit (1 mm)"),
        ({"spacing": -1.0}, "spacing must be"),
        ({"plate_width": 0.0}, "plate width must be"),
        ({"bevel": -0.5}, "bevel must be at least 0"),
        ({"unit": 10.0, "gap": 1.0, "bevel": 1.5}, "with the gap, below a quarter of the unit (2.5 mm), not 1.5"),
    ],
)
def test_unprintable_options_are_refused_by_name(options, words):
    with pytest.raises(PrintOptionsError, match=None) as info:
        PrintOptions(**options)
    assert words in str(info.value)


def test_an_assembled_solution_needs_a_gap():
    problem = build_cover(load_puzzle("soma"))
    with pytest.raises(PrintOptionsError, match="needs a gap above 0"):
        solution_mesh(problem, next(iter_solutions(problem)), PrintOptions(gap=0.0))
