"""The Packings tab opens on a picture that looks right: before any enumeration the pieces lie apart, and in no pose
the tab shows (laid out, exploded, a solution at rest, a solution exploded) do two faces of different pieces share a
plane and an area (the depth buffer would draw them striped). Checked on the triangles the view draws: the item's
own frame ranges, through the group matrices of that frame."""

from __future__ import annotations

import random
from collections import defaultdict

import numpy as np
import pytest
from PyQt6.QtCore import QEvent

from cubeviz.packing import PackingBrowser
from cubeviz.packing.view_panel import SLIDER_STEPS
from cubeviz.views.gl.mesh import GROUP_OFFSET, POSITION_OFFSET
from cubeviz.views.gl.polycube_layout import laid_out_poses
from solvers.packing import SymmetryMode, load_puzzle, shipped_puzzles

WAIT_MS = 180_000  # an enumeration compiles the numba kernel unless cached
AREA = 1e-6  # in squared world units: a shared edge or corner has none


@pytest.fixture
def browser(qtbot):
    widget = PackingBrowser(random.Random(3))
    qtbot.addWidget(widget)
    widget.resize(1100, 700)
    widget.show()
    qtbot.waitExposed(widget, timeout=20_000)
    yield widget
    widget.shutdown()
    widget.close()
    widget.deleteLater()
    from PyQt6.QtWidgets import QApplication

    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)


def drawn_triangles(item, now: float) -> tuple[np.ndarray, np.ndarray]:
    """(T, 3, 3) world corners of every triangle the frame at `now` draws, and (T,) the piece each belongs to."""
    corners, owners = [], []
    vertices = item.mesh.vertices
    for matrices, first, count, chunk in item.frame_ranges(now):
        for start, length in zip(first.tolist(), count.tolist(), strict=True):
            block = vertices[start : start + length]
            groups = block[:, GROUP_OFFSET].astype(int)
            points = np.hstack([block[:, POSITION_OFFSET : POSITION_OFFSET + 3], np.ones((length, 1))])
            world = np.einsum("nij,nj->ni", matrices[groups], points)[:, :3]
            corners.append(world.reshape(-1, 3, 3))
            owners.append(groups[::3] + item.mesh.chunks[chunk].first)  # a group numbers a piece in its chunk
    return np.concatenate(corners), np.concatenate(owners)


def _cross(u: np.ndarray, v: np.ndarray) -> float:
    return float(u[0] * v[1] - u[1] * v[0])


def _clip(polygon: list[np.ndarray], a: np.ndarray, b: np.ndarray) -> list[np.ndarray]:
    """The part of a convex 2D polygon left of the directed line a -> b."""
    inside = [_cross(b - a, p - a) >= 0 for p in polygon]
    out = []
    for i, p in enumerate(polygon):
        q = polygon[(i + 1) % len(polygon)]
        if inside[i]:
            out.append(p)
        if inside[i] != inside[(i + 1) % len(polygon)]:
            dp, dq = _cross(b - a, p - a), _cross(b - a, q - a)
            out.append(p + (q - p) * dp / (dp - dq))
    return out


def _overlap_area(s: np.ndarray, t: np.ndarray) -> float:
    """Area shared by two 2D triangles (Sutherland-Hodgman)."""
    if _cross(s[1] - s[0], s[2] - s[0]) < 0:
        s = s[::-1]
    polygon = list(t)
    for i in range(3):
        polygon = _clip(polygon, s[i], s[(i + 1) % 3])
        if len(polygon) < 3:
            return 0.0
    xs, ys = np.array([p[0] for p in polygon]), np.array([p[1] for p in polygon])
    return abs(float(np.dot(xs, np.roll(ys, -1)) - np.dot(ys, np.roll(xs, -1)))) / 2


def coplanar_overlaps(triangles: np.ndarray, owners: np.ndarray) -> list[tuple[int, int, float]]:
    """(piece, piece, area) for each pair of triangles of different pieces lying in one plane with an area shared."""
    normals = np.cross(triangles[:, 1] - triangles[:, 0], triangles[:, 2] - triangles[:, 0])
    normals /= np.linalg.norm(normals, axis=1, keepdims=True)
    planes: dict[tuple, list[int]] = defaultdict(list)
    for k, (normal, corner) in enumerate(zip(normals, triangles[:, 0], strict=True)):
        axis = int(np.argmax(np.abs(normal)))
        assert abs(abs(normal[axis]) - 1) < 1e-5, "a piece face off the axes"
        planes[(axis, round(float(corner[axis]), 4))].append(k)
    found = []
    for (axis, _offset), members in planes.items():
        keep = [i for i in range(3) if i != axis]
        flat = triangles[members][:, :, keep]
        low, high = flat.min(axis=1), flat.max(axis=1)
        who = owners[members]
        apart = (who[:, None] != who[None, :]) & np.triu(np.ones((len(members),) * 2, dtype=bool), 1)
        span = np.minimum(high[:, None], high[None, :]) - np.maximum(low[:, None], low[None, :])
        candidates = np.argwhere(apart & (span[..., 0] > 1e-6) & (span[..., 1] > 1e-6))
        for i, j in candidates:
            area = _overlap_area(flat[i], flat[j])
            if area > AREA:
                found.append((int(who[i]), int(who[j]), area))
    return found


def _wait(browser, qtbot) -> None:
    waited = 0
    while browser.worker is not None and waited < WAIT_MS:
        browser.worker.wait(50)
        qtbot.wait(1)
        waited += 50


def test_the_tab_opens_on_the_pieces_laid_apart_with_no_face_drawn_over_another(browser):
    item, now = browser.view.item, browser.view.now()
    assert browser.model.solutions is None and item.laid_out
    triangles, owners = drawn_triangles(item, now)
    assert set(owners.tolist()) == set(range(item.n_instances))  # every piece is drawn
    assert coplanar_overlaps(triangles, owners) == []
    # and apart: no cell of one piece is a cell (or a face-neighbour) of another
    cells = np.rint(item.piece_centres(item.poses))  # centres differ: not the pile at the origin it was
    assert len({tuple(c) for c in cells}) == item.n_instances
    browser.view_panel.explode.setValue(SLIDER_STEPS)
    assert coplanar_overlaps(*drawn_triangles(item, now)) == []
    assert not browser.view_panel.layers.isEnabled() and not browser.view_panel.assemble.isEnabled()


def test_before_the_fix_the_pieces_overlapped(browser):
    """The check above can fail: with every piece at its file coordinates (as the tab showed them before any
    solution), faces of different pieces share planes and areas."""
    item = browser.view.item
    item.set_poses(np.repeat(np.identity(4)[None], item.n_instances, axis=0), browser.view.now(), animate=False)
    assert coplanar_overlaps(*drawn_triangles(item, browser.view.now()))


def test_a_solution_at_rest_and_exploded_draws_no_face_over_another(browser, qtbot):
    browser.enumerate(SymmetryMode.ROTATION)
    _wait(browser, qtbot)
    assert browser.model.solutions is not None and len(browser.model.solutions) > 0
    item, view = browser.view.item, browser.view
    item.finish_transition()
    assert not item.laid_out and browser.view_panel.layers.isEnabled()
    assert item.at_rest(view.now())
    assert coplanar_overlaps(*drawn_triangles(item, view.now())) == []
    browser.view_panel.explode.setValue(SLIDER_STEPS // 2)
    assert coplanar_overlaps(*drawn_triangles(item, view.now())) == []


@pytest.mark.parametrize("name", shipped_puzzles())
def test_every_shipped_puzzle_lays_out_apart(name):
    """Every piece of every shipped puzzle in its own cells, a free cell from any other piece's."""
    puzzle = load_puzzle(name)
    kinds = [k for k, piece in enumerate(puzzle.pieces) for _ in range(piece.count)]
    shapes = [np.asarray(puzzle.pieces[k].cells) for k in kinds]
    poses = laid_out_poses(shapes, (np.asarray(puzzle.dims) - 1) / 2)
    owner: dict[tuple, int] = {}
    for n, (shape, pose) in enumerate(zip(shapes, poses, strict=True)):
        for cell in shape + pose[:3, 3].astype(int):
            for dx, dy, dz in np.ndindex(3, 3, 3):  # the cell and every cell around it
                near = (cell[0] + dx - 1, cell[1] + dy - 1, cell[2] + dz - 1)
                assert owner.get(near, n) == n, (name, n, owner.get(near))
            owner[tuple(cell)] = n
