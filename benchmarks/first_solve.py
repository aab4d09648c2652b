"""How long a new user waits: from starting the app on a fresh install (empty table cache, empty numba cache) to
the first two-phase solution of a scrambled 3x3x3 on screen, with the stages the Solve dock showed on the way.

Run: python benchmarks/first_solve.py [--warm]   (needs an X display with GLX, e.g. under xvfb-run)
--warm keeps the caches of a previous run in the same folder, to measure a second launch.
Prints one JSON line: seconds from launch to window shown, to first solution, and the stage timeline.
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
from cubeviz.solve.engines import SolverChoice
window = MainWindow(size=3, seed=11)
window.show()
app.processEvents()
shown = time.time() - began
feature = window.solve_feature
feature.set_choice(SolverChoice.TWOPHASE)
window.model.apply_text("R U F' D2 L B' U2 R' F D' L2 B U' R2 F'")
timeline, first = [], []
panel = feature.dock.progress
def note(*_):
    if not timeline or timeline[-1][0] != panel.stage.value:
        timeline.append((panel.stage.value, round(time.time() - began, 2)))
feature.session.progress.connect(note)
feature.session.found.connect(lambda s: first or first.append(time.time() - began))
feature.session.found.connect(note)
feature.session.ended.connect(lambda _s: (note(), app.quit()))
window.actions["solve"].trigger()
app.exec()
print(json.dumps({"window_shown_s": round(shown, 2), "first_solution_s": round(first[0], 2) if first else None,
                  "stages": timeline}))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default=None, help="cache folder (default: a new empty one)")
    args = parser.parse_args()
    folder = Path(args.folder or tempfile.mkdtemp(prefix="cubeviz-first-"))
    env = dict(os.environ, CUBEVIZ_CACHE_DIR=str(folder / "tables"), NUMBA_CACHE_DIR=str(folder / "numba"),
               XDG_CONFIG_HOME=str(folder / "config"))  # fmt: skip
    began = time.time()
    done = subprocess.run([sys.executable, "-c", CHILD, str(began)], env=env, capture_output=True, text=True,
                          cwd=Path(__file__).parents[1])  # fmt: skip
    if done.returncode != 0:
        print(done.stderr[-3000:], file=sys.stderr)
        return done.returncode
    result = json.loads(done.stdout.strip().splitlines()[-1])
    result["cache_folder"] = str(folder)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
