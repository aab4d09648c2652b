"""The engine stays usable without Qt: importing every solvers module pulls in no GUI library."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import solvers

FORBIDDEN = ("PyQt6", "OpenGL", "pyqtgraph", "cubeviz")


def test_solvers_never_import_qt_opengl_or_the_app() -> None:
    modules = sorted(m.name for m in pkgutil.walk_packages(solvers.__path__, prefix="solvers."))
    modules = [m for m in modules if not m.endswith("__main__")]
    assert "solvers.cube.state" in modules
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"solvers imported GUI modules: {result.stdout.strip()}"
