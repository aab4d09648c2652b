"""Frames per second of the cube view while turns animate, at 1000x800 by default, with peers side by side.

Run: `.venv/bin/python benchmarks/gl_animation.py [--frames 300] [--trials 3] [--width 1000 --height 800]
[--size N ...]` (default: the 3x3x3 and the 2x2x2; a big cube, e.g. `--size 17 --width 1366 --height 768`, is
drawn by the big-cube renderer, so only the first two peers apply to it).
Without DISPLAY it starts its own Xvfb, so Mesa's llvmpipe does the rendering (the set-up of the published figures).

Each row renders `--frames` frames while one turn after another plays (one always queued, so it never idles);
frames/s is the best of `--trials` runs (the machine is shared: the best run is the one least disturbed) with
the worst shown too. Peers:

* `view`: the cube view as shipped: 4x multisampling only inside the cube's rectangle, only visible pieces drawn
  (from 10x10x10 up, frames in motion without multisampling and the picture at rest with it);
* `MSAA in motion too` (big cubes from 10x10x10 up): the view multisampling every frame, as it did before;
* `no MSAA`: the same without multisampling (the cost of antialiasing);
* `whole-widget MSAA, all faces`: what the first version did (QOpenGLWidget multisampling of the whole widget,
  every face of every cubie drawn), for comparison.

It also checks that no frame allocates GPU memory: mesh uploads and render-target allocations must not move
while animating; the exit status is 1 if they do.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

PEERS = ("view", "no MSAA", "whole-widget MSAA, all faces", "MSAA in motion too")


@dataclass
class Row:
    puzzle: int
    peer: str
    triangles: int
    fps: list[float]
    new_allocations: int
    cpu_ms: list[float] = field(default_factory=list)


def _ensure_display() -> subprocess.Popen | None:
    if os.environ.get("DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "xcb")
        return None
    if shutil.which("Xvfb") is None:
        sys.exit("no DISPLAY and no Xvfb")
    number = next(n for n in range(90, 200) if not Path(f"/tmp/.X11-unix/X{n}").exists())
    server = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1600x1200x24", "+extension", "GLX", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    while not Path(f"/tmp/.X11-unix/X{number}").exists():
        time.sleep(0.05)
    os.environ["DISPLAY"] = f":{number}"
    os.environ["QT_QPA_PLATFORM"] = "xcb"
    return server


def _make_view(size: int, peer: str, width: int, height: int):
    from PyQt6.QtWidgets import QApplication

    from cubeviz.models.cube_model import CubeModel
    from cubeviz.views.gl.cube_item import mesh_key
    from cubeviz.views.gl.cube_view import CubeView, surface_format

    model = CubeModel(size)
    view = CubeView(model)
    if peer in ("no MSAA", "whole-widget MSAA, all faces"):
        view.samples = 0
    if peer == "MSAA in motion too":
        view.plain_motion_size = sys.maxsize
    if peer.startswith("whole-widget"):
        fmt = surface_format()
        fmt.setSamples(4)
        view.setFormat(fmt)
        item = view.item

        def draw_everything(renderer) -> None:
            renderer.set_colours(item._colours)
            renderer.set_groups(item.group_matrices())
            renderer.draw(mesh_key(item.state.size))

        item.draw = draw_everything
    view.resize(width, height)
    view.show()
    app = QApplication.instance()
    while view.frames_drawn == 0:
        app.processEvents()
    return model, view


def _allocations(view) -> int:
    return view.renderer.buffer_uploads + view.big_renderer.allocations + view.msaa.allocations


def _endless_turns(size: int):
    """Random turns to keep the view busy: face turns on the 2x2x2/3x3x3, block turns (any width) on big cubes."""
    from cubeviz.models.big_cube import is_big
    from solvers.cube.scramble import random_move_scramble
    from solvers.nxn.scramble import random_turns

    if is_big(size):
        return iter(random_turns(size, seed=1, length=10_000))
    return iter(random_move_scramble(10_000, size, rng=1).turns)


def measure(size: int, peer: str, frames: int, width: int, height: int) -> tuple[float, int, int, str, float]:
    """(frames/s, GPU allocations during the animation, triangles, renderer name, CPU ms per frame) of one run.

    The CPU time is this process's, every thread's (Python, Qt, llvmpipe's rasteriser threads), per frame: on a
    machine shared with other jobs it moves far less than frames/s does. The X server's share is not in it."""
    from OpenGL import GL
    from PyQt6.QtWidgets import QApplication

    from cubeviz.views.gl.animation import AnimationSpeed

    app = QApplication.instance()
    model, view = _make_view(size, peer, width, height)
    view.makeCurrent()
    renderer_name = GL.glGetString(GL.GL_RENDERER).decode()
    view.doneCurrent()
    view.set_speed(AnimationSpeed.SLOW)
    turns = _endless_turns(size)
    model.apply_turn(next(turns))
    allocations = _allocations(view)
    start_frames, start, cpu_start = view.frames_drawn, time.perf_counter(), time.process_time()
    while view.frames_drawn - start_frames < frames:
        if view.animator.pending < 2:  # keep exactly one turn queued: always animating, never catching up
            model.apply_turn(next(turns))
        app.processEvents()
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    result = (
        (view.frames_drawn - start_frames) / elapsed,
        _allocations(view) - allocations,
        _triangles(view.item.geometry),
        renderer_name,
        1000.0 * cpu / (view.frames_drawn - start_frames),
    )
    close_view(view)
    return result


def _triangles(geometry) -> int:
    """Triangles in the mesh: every vertex array's third on the 2x2x2/3x3x3, the index buffer's on big cubes."""
    indices = getattr(geometry, "indices", None)
    return len(geometry.vertices if indices is None else indices) // 3


def close_view(view) -> None:
    """Close a measured view and let Qt delete it before the next one is made."""
    from PyQt6.QtWidgets import QApplication

    view.close()
    view.deleteLater()
    QApplication.instance().processEvents()


def frame_arguments(description: str) -> argparse.Namespace:
    """The options every view benchmark takes: frames per run, runs, and the window's size."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--width", type=int, default=1000)
    parser.add_argument("--height", type=int, default=800)
    parser.add_argument("--size", type=int, action="append", help="cube size to measure (repeatable)")
    return parser.parse_args()


def main() -> int:
    args = frame_arguments(__doc__.splitlines()[0])
    server = _ensure_display()
    try:
        from PyQt6.QtWidgets import QApplication

        app = QApplication(sys.argv[:1])  # noqa: F841 - keeps the application alive
        sizes = args.size or [3, 2]
        rows = {
            (size, peer): Row(size, peer, 0, [], 0)
            for size in sizes
            for peer in PEERS
            if (peer != PEERS[3] and (size <= 3 or peer in PEERS[:2])) or (peer == PEERS[3] and size >= 10)
        }
        renderer_name = ""
        for _ in range(args.trials):  # trials interleaved, so a disturbance hits every peer alike
            for (size, peer), row in rows.items():
                fps, allocations, row.triangles, renderer_name, cpu_ms = measure(
                    size, peer, args.frames, args.width, args.height
                )
                row.fps.append(fps)
                row.cpu_ms.append(cpu_ms)
                row.new_allocations += allocations
        setup = f"{args.width}x{args.height}; {args.frames} animated frames x {args.trials} trials"
        print(f"renderer: {renderer_name}; {setup}")
        print(
            f"{'puzzle':<10}{'peer':<31}{'triangles':>10}{'best frames/s':>15}{'worst':>8}"
            f"{'CPU ms/frame':>14}{'new GPU buffers':>17}"
        )
        for row in rows.values():
            puzzle = f"{row.puzzle}x{row.puzzle}x{row.puzzle}"
            print(
                f"{puzzle:<10}{row.peer:<31}{row.triangles:>10}{max(row.fps):>15.1f}{min(row.fps):>8.1f}"
                f"{min(row.cpu_ms):>14.1f}{row.new_allocations:>17}"
            )
        return 0 if all(row.new_allocations == 0 for row in rows.values()) else 1
    finally:
        if server is not None:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    sys.exit(main())
