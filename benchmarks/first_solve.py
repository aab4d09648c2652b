"""How long a new user waits: on a fresh install (empty table cache, empty numba cache), the set-up's prepare step
(`cubeviz-solve prepare`, which `bash .ci/setup.sh app` runs before the app), then the app: launch, Ctrl+R (a
random-state scramble), Ctrl+Return at once (Solve, queued behind the scramble), until the first two-phase
solution is on screen; with the stages the Solve dock showed on the way.

Run: python benchmarks/first_solve.py [--repo CLONE] [--no-prepare] [--folder DIR]
(needs an X display with GLX, e.g. under xvfb-run). --repo runs a checkout's code (a fresh clone, say) with this
interpreter; --no-prepare launches the app straight away, as before the set-up prepared anything; --folder keeps
the caches of an earlier run (a second launch). Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHILD = r"""
import json, sys, time
began = float(sys.argv[1])
from PyQt6.QtGui import QSurfaceFormat
from PyQt6.QtWidgets import QApplication
from cubeviz.views.gl.cube_view import surface_format
QSurfaceFormat.setDefaultFormat(surface_format())
app = QApplication(sys.argv[:1])
from cubeviz.main_window import MainWindow
from cubeviz.solve.engine_bridge import SolverChoice
window = MainWindow(size=3, seed=11)
window.resize(1366, 768)
if "--no-head-start" not in sys.argv:
    window.solve_feature.prepare_in_background()  # as cubeviz.app.main does
window.show()
app.processEvents()
shown = time.time() - began
feature = window.solve_feature
feature.set_choice(SolverChoice.TWOPHASE)
timeline, first, pressed = [], [], []
panel = feature.dock.progress
def note(*_):
    if not timeline or timeline[-1][0] != panel.stage.value:
        timeline.append((panel.stage.value, round(time.time() - began, 2)))
window.scramble_progress.connect(note)
feature.session.progress.connect(note)
feature.session.found.connect(lambda s: first or first.append(time.time() - began))
feature.session.found.connect(note)
feature.session.ended.connect(lambda _s: (note(), app.quit()))
def press():
    window.actions["scramble_state"].trigger()  # Ctrl+R
    pressed.append(time.time() - began)
    window.actions["solve"].trigger()  # Ctrl+Return, queued behind the scramble
    note()
from PyQt6.QtCore import QTimer
QTimer.singleShot(0, press)
app.exec()
print(json.dumps({"window_shown_s": round(shown, 2), "solve_pressed_s": round(pressed[0], 2),
                  "first_solution_s": round(first[0], 2) if first else None,
                  "solution_after_solve_s": round(first[0] - pressed[0], 2) if first else None,
                  "stages": timeline, "times_line": panel.times.text(), "search_line": panel.search.text()}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default=None, help="cache folder (default: a new empty one)")
    parser.add_argument("--repo", default=str(Path(__file__).parents[1]), help="the checkout whose code runs")
    parser.add_argument("--no-prepare", action="store_true", help="launch without the set-up's prepare step")
    parser.add_argument("--no-head-start", action="store_true",
                        help="launch without the app's start-up loading of the two-phase solver")  # fmt: skip
    args = parser.parse_args()
    folder = Path(args.folder or tempfile.mkdtemp(prefix="cubeviz-first-"))
    repo = Path(args.repo).resolve()
    env = dict(os.environ, CUBEVIZ_CACHE_DIR=str(folder / "tables"), NUMBA_CACHE_DIR=str(folder / "numba"),
               XDG_CONFIG_HOME=str(folder / "config"), PYTHONPATH=str(repo))  # fmt: skip
    result: dict[str, object] = {}
    if not args.no_prepare:
        began = time.time()
        done = subprocess.run([sys.executable, "-m", "solvers", "prepare"], env=env, capture_output=True, text=True,
                              cwd=repo)  # fmt: skip
        if done.returncode != 0:
            print(done.stderr[-3000:], file=sys.stderr)
            return done.returncode
        result["prepare_s"] = round(time.time() - began, 2)
        result["prepare_said"] = done.stdout.strip()
    began = time.time()
    child = [sys.executable, "-c", CHILD, str(began), *(["--no-head-start"] if args.no_head_start else [])]
    done = subprocess.run(child, env=env, capture_output=True, text=True, cwd=repo)
    if done.returncode != 0:
        print(done.stderr[-3000:], file=sys.stderr)
        return done.returncode
    result.update(json.loads(done.stdout.strip().splitlines()[-1]))
    result["cache_folder"] = str(folder)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
