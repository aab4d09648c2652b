"""Frames per second of the packing view with small and big puzzles, beside the cube view, at 1000x800.

Run: `.venv/bin/python benchmarks/gl_packing.py [--frames 300] [--trials 3]` (without DISPLAY it starts its own Xvfb,
so Mesa's llvmpipe renders, as for the published figures of gl_animation.py).

Rows, each the best (and worst) of `--trials` runs of `--frames` frames:

* `cube view 3x3x3`: the cube view while turns play (gl_animation.py's `view` row), the bar to reach;
* `packing, Soma (27 voxels)`: the Packings tab's view with a Soma solution;
* `packing, 300 voxels`: sixty pentominoes, five layers of a 6x10 solution stacked in a 10x6x5 box;
* `packing, 150 pieces`: the same, twelve and a half layers (150 pentominoes, 750 voxels): more pieces than the
  renderer's 64 matrices per draw, so the frame is drawn in three chunks, as a BurrTools problem with many copies;
* `..., at rest` rows: the same puzzles assembled, the camera turning (faces against another piece are left out).

Each exploded packing frame turns the camera and moves the exploded view a little, so every frame redraws every
piece at a new place (nothing can be cached between frames). The whole puzzle is one mesh uploaded once: a frame is one
draw call per run of visible pieces, whatever the number of voxels.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from gl_animation import _ensure_display, close_view, frame_arguments, measure  # noqa: E402 (after the path set-up)

LAYERS = 5


def _soma_item():
    from cubeviz.views.gl.polycube_item import PolycubeItem
    from solvers.packing import build_cover, load_puzzle
    from solvers.packing.poses import PoseTable, instance_kinds, instance_rows
    from solvers.packing.search import CoverSolution, enumerate_solutions

    problem = build_cover(load_puzzle("soma"))
    rows = next(e.rows for e in enumerate_solutions(problem) if isinstance(e, CoverSolution))
    table = PoseTable(problem)
    item = PolycubeItem(problem.puzzle, instance_kinds(problem))
    item.set_poses(np.array([table.pose(r).as_matrix() for r in instance_rows(problem, rows)]), 0.0, False)
    return item


def _stacked_pentominoes(layers: int = LAYERS, pieces: int | None = None):
    """``layers`` copies of one 6x10 pentomino solution stacked into a 10x6x``layers`` box: 60 pieces, 300 voxels by
    default; only the first ``pieces`` of them when given."""
    from dataclasses import replace

    from cubeviz.views.gl.polycube_item import PolycubeItem
    from solvers.packing import build_cover, load_puzzle
    from solvers.packing.poses import PoseTable, instance_kinds, instance_rows
    from solvers.packing.puzzle import box_cells
    from solvers.packing.search import CoverSolution, enumerate_solutions

    flat = build_cover(load_puzzle("pentomino-6x10"))
    rows = instance_rows(flat, next(e.rows for e in enumerate_solutions(flat) if isinstance(e, CoverSolution)))
    table = PoseTable(flat)
    poses = []
    for layer in range(layers):
        for row in rows:
            pose = table.pose(row).as_matrix()
            pose[2, 3] += layer
            poses.append(pose)
    kinds = instance_kinds(flat) * layers
    if pieces is not None:
        poses, kinds = poses[:pieces], kinds[:pieces]
    dims = (10, 6, layers)
    puzzle = replace(flat.puzzle, target=box_cells(dims), dims=dims, name="stacked")
    item = PolycubeItem(puzzle, kinds)
    item.set_poses(np.array(poses), 0.0, False)
    return item


def _many_pentominoes():
    return _stacked_pentominoes(layers=13, pieces=150)


def measure_packing(make_item, frames: int, width: int, height: int, explode: bool = True) -> tuple[float, int, int]:
    """(frames/s, voxels, triangles) of the packing view redrawing a moving item (exploded, or assembled)."""
    from PyQt6.QtWidgets import QApplication

    from cubeviz.views.gl.polycube_view import PolycubeView

    app = QApplication.instance()
    view = PolycubeView()
    item = make_item()
    view.set_item(item)
    view.resize(width, height)
    view.show()
    while view.frames_drawn == 0:
        app.processEvents()
    start_frames, start = view.frames_drawn, time.perf_counter()
    drawn = 0
    while view.frames_drawn - start_frames < frames:
        if view.frames_drawn - start_frames >= drawn:
            drawn += 1
            view.camera.orbit(3.0, 0.5, view.width())
            item.explode = 0.25 + 0.25 * math.sin(drawn / 10.0) if explode else 0.0
            view.update()
        app.processEvents()
    elapsed = time.perf_counter() - start
    result = ((view.frames_drawn - start_frames) / elapsed, len(item.mesh.voxel_cell), len(item.mesh.vertices) // 3)
    close_view(view)
    return result


def main() -> int:
    args = frame_arguments(__doc__.splitlines()[0])
    server = _ensure_display()
    try:
        from PyQt6.QtWidgets import QApplication

        app = QApplication.instance() or QApplication(sys.argv[:1])  # noqa: F841 - must outlive the views
        packings = (
            ("packing, Soma (27 voxels)", _soma_item, True),
            ("packing, 300 voxels", _stacked_pentominoes, True),
            ("packing, Soma, at rest", _soma_item, False),
            ("packing, 300 voxels, at rest", _stacked_pentominoes, False),
            ("packing, 150 pieces (750 voxels)", _many_pentominoes, True),
            ("packing, 150 pieces, at rest", _many_pentominoes, False),
        )
        rows: dict[str, list] = {"cube view 3x3x3": [], **{name: [] for name, _, _ in packings}}
        sizes: dict[str, tuple[int, int]] = {}
        for _ in range(args.trials):  # interleaved, so a disturbance hits every row alike
            fps, _, triangles, *_ = measure(3, "view", args.frames, args.width, args.height)
            rows["cube view 3x3x3"].append(fps)
            sizes["cube view 3x3x3"] = (27, triangles)
            for name, make, explode in packings:
                fps, voxels, triangles = measure_packing(make, args.frames, args.width, args.height, explode)
                rows[name].append(fps)
                sizes[name] = (voxels, triangles)
        print(
            f"| view | voxels | triangles | best frames/s | worst |  ({args.width}x{args.height}, {args.frames} frames)"
        )
        print("|---|---:|---:|---:|---:|")
        for name, values in rows.items():
            voxels, triangles = sizes[name]
            print(f"| {name} | {voxels} | {triangles} | {max(values):.1f} | {min(values):.1f} |")
    finally:
        if server is not None:
            server.terminate()
    return 0


if __name__ == "__main__":
    sys.exit(main())
