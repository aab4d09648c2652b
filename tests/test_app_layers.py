"""The app's layers, read from the source: features meet only through the host, the window names no feature, no
module imports itself back through others, and the app's Qt-free modules import in a process without PyQt6.

Every import counts: at module level, inside functions and under TYPE_CHECKING (see tests/import_graph.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cubeviz.features import FEATURE_MODULES
from tests.import_graph import import_circle, import_graph

ROOT = Path(__file__).resolve().parent.parent
GUI_LIBRARIES = ("PyQt6", "OpenGL", "pyqtgraph")
# Shared by features (Qt-free writers of pictures and animations): a library, not a feature (it has no install).
SHARED_PACKAGES = ("cubeviz.export",)


def app_graph(root: Path = ROOT) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    return import_graph(root, "cubeviz")


def feature_of(module: str) -> str | None:
    return next((f for f in FEATURE_MODULES if module == f or module.startswith(f + ".")), None)


def wrong_feature_imports(graph: dict[str, set[str]]) -> list[str]:
    wrong = []
    for module, targets in sorted(graph.items()):
        own = feature_of(module)
        if own is None:
            continue
        for target in sorted(targets):
            other = feature_of(target)
            if target == "cubeviz.main_window" or (other is not None and other != own):
                wrong.append(f"{module} imports {target}")
    return wrong


@pytest.fixture(scope="module")
def graph_and_module_level() -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """The app's import graph (every import, and the module-level ones), read when these tests run, not when every
    worker collects this file."""
    return app_graph()


@pytest.fixture(scope="module")
def graph(graph_and_module_level) -> dict[str, set[str]]:
    return graph_and_module_level[0]


@pytest.fixture(scope="module")
def module_level(graph_and_module_level) -> dict[str, set[str]]:
    return graph_and_module_level[1]


def test_the_graph_sees_function_level_relative_and_typing_imports(tmp_path: Path) -> None:
    """The reader itself: an import inside a function, a relative one and one under TYPE_CHECKING all count."""
    package = tmp_path / "cubeviz"
    (package / "solve").mkdir(parents=True)
    (package / "editor").mkdir()
    (package / "__init__.py").write_text("")
    (package / "main_window.py").write_text("")
    (package / "solve" / "__init__.py").write_text("def install(host):\n    from .feature import run\n")
    (package / "solve" / "feature.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from cubeviz.main_window import W\n"
        "def run():\n    import cubeviz.editor.panel\n"
    )
    (package / "editor" / "__init__.py").write_text("")
    (package / "editor" / "panel.py").write_text("from cubeviz.solve import install\n")
    graph, _ = app_graph(tmp_path)
    assert graph["cubeviz.solve"] == {"cubeviz.solve.feature"}
    assert graph["cubeviz.solve.feature"] == {"cubeviz.main_window", "cubeviz.editor.panel"}
    assert wrong_feature_imports(graph) == [
        "cubeviz.editor.panel imports cubeviz.solve",
        "cubeviz.solve.feature imports cubeviz.editor.panel",
        "cubeviz.solve.feature imports cubeviz.main_window",
    ]
    assert set(import_circle(graph)) == {"cubeviz.solve", "cubeviz.solve.feature", "cubeviz.editor.panel"}


def test_features_import_no_other_feature_and_not_the_main_window(graph) -> None:
    assert {"cubeviz.solve.feature", "cubeviz.editor.panel", "cubeviz.insight.feature"} <= set(graph)
    assert wrong_feature_imports(graph) == []


def test_the_main_window_names_no_feature(graph) -> None:
    """It installs them through cubeviz.features, which imports each by name only."""
    named = {feature_of(target) for target in graph["cubeviz.main_window"]} - {None}
    assert "cubeviz.features" in graph["cubeviz.main_window"]
    assert named == set()
    assert {feature_of(target) for target in graph["cubeviz.features"]} - {None} == set()


def test_shared_packages_import_no_feature(graph) -> None:
    for module, targets in graph.items():
        if module.startswith(("cubeviz.models", "cubeviz.views", *SHARED_PACKAGES)) or module in (
            "cubeviz.feature_host",
            "cubeviz.actions",
            "cubeviz.workers",
            "cubeviz.settings",
        ):
            assert {t for t in targets if feature_of(t)} == set(), module


def test_no_import_circles_among_the_app_modules(graph) -> None:
    assert import_circle(graph) is None


def qt_free_modules(module_level: dict[str, set[str]]) -> list[str]:
    """Modules whose own module-level imports, followed through the app, reach no GUI library (their packages'
    `__init__` not counted: that they are light is what the subprocess checks)."""
    memo: dict[str, bool] = {}

    def free(module: str) -> bool:
        if module not in memo:
            memo[module] = True  # no circles (checked above); this only guards the walk
            direct = module_level[module]
            memo[module] = not direct & set(GUI_LIBRARIES) and all(free(m) for m in direct if m in module_level)
        return memo[module]

    return sorted(m for m in module_level if free(m) and not m.endswith("__main__"))


BLOCK_GUI = f"""
import importlib, importlib.abc, sys
class NoGui(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {GUI_LIBRARIES!r}:
            raise ImportError(f"{{name}} is blocked: this process has no GUI library")
        return None
sys.meta_path.insert(0, NoGui())
try:
    import PyQt6.QtCore
except ImportError:
    pass
else:
    raise SystemExit("the blocker let PyQt6 through")
failed = []
for name in sys.argv[1:]:
    try:
        importlib.import_module(name)
    except ImportError as exc:
        failed.append(f"{{name}}: {{exc}}")
print("\\n".join(failed))
"""


def test_qt_free_app_modules_import_without_pyqt6(module_level) -> None:
    """A script or test without a display can use the app's engines front (the solver choice, goal runs)."""
    modules = qt_free_modules(module_level)
    assert {"cubeviz.solve.engine_bridge", "cubeviz.solve.goal_run", "cubeviz.feature_host", "cubeviz.features"} <= set(
        modules
    )
    assert "cubeviz.solve.feature" not in modules and "cubeviz.main_window" not in modules
    result = subprocess.run(
        [sys.executable, "-c", BLOCK_GUI, *modules], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert result.stdout.strip() == "", f"Qt-free modules that cannot be imported without Qt:\n{result.stdout}"


@pytest.mark.parametrize("package", FEATURE_MODULES)
def test_each_feature_package_offers_install(package: str, module_level) -> None:
    """Every listed feature is a package whose `__init__` defines `install(host)` (and imports no GUI library)."""
    assert callable(__import__(package, fromlist=["install"]).install)
    assert not module_level[package] & set(GUI_LIBRARIES)


def test_every_app_module_imports(graph) -> None:
    """A script module that no test runs (the screenshot scripts) still breaks loudly when a name it imports goes."""
    modules = sorted(m for m in graph if not m.endswith("__main__"))
    script = "import importlib, sys\nfor name in sys.argv[1:]:\n    importlib.import_module(name)\n"
    result = subprocess.run([sys.executable, "-c", script, *modules], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr[-2000:]
