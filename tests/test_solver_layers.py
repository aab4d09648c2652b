"""The engines' layers, read from the source: which package of `solvers` may import which, and no circles.

Every import counts, at module level and inside functions (tests/import_graph.py). The rule a newcomer meets
first: the front ends (the command line, the cluster tasks) build solve requests; no engine imports a front end,
and the cluster never imports the command line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.import_graph import import_circle, import_graph

ROOT = Path(__file__).resolve().parent.parent

# The shared ground every layer may use: the engine vocabulary, tables, memory, files, assets.
GROUND = "ground"
GROUND_MODULES = {
    "solvers",
    "solvers.assets",
    "solvers.engine",
    "solvers.memory",
    "solvers.messages",
    "solvers.output_files",
    "solvers.strict_json",
    "solvers.table_files",
    "solvers.table_locks",
    "solvers.table_sizing",
    "solvers.tables",
    "solvers.time_left",
    "solvers.version",
}
ENGINES = ("solvers.rubik", "solvers.pocket", "solvers.packing", "solvers.goals", "solvers.nxn")
# The solve request, the engine registry (one module per engine) and the answer to one line of `solve`.
REQUEST = ("solvers.solve", "solvers.engines", "solvers.solve_lines")
# Layer -> the layers its modules may import (besides their own).
ALLOWED: dict[str, set[str]] = {
    GROUND: set(),
    "solvers.cube": {GROUND},
    "solvers.rubik": {GROUND, "solvers.cube"},
    "solvers.pocket": {GROUND, "solvers.cube"},
    "solvers.packing": {GROUND},
    "solvers.goals": {GROUND, "solvers.cube", "solvers.rubik"},
    "solvers.nxn": {GROUND, "solvers.cube", "solvers.rubik", "solvers.pocket"},
    # Cube files hold cubes of every size: they read the 2x2x2 and 3x3x3 with the cube package and bigger ones
    # with the big-cube engine, so this one module of the cube package stands above both.
    "solvers.cube.cube_file": {GROUND, "solvers.cube", "solvers.nxn"},
    **{layer: {GROUND, "solvers.cube", *ENGINES, *REQUEST} for layer in REQUEST},
    "solvers.cluster": {GROUND, "solvers.cube", *ENGINES, *REQUEST},
    "solvers.cli": {GROUND, "solvers.cube", *ENGINES, *REQUEST, "solvers.cluster"},
    "solvers.__main__": {"solvers.cli"},
}


def layer_of(module: str) -> str | None:
    """The layer a module belongs to: the ground modules, else the longest listed package holding it."""
    if module in GROUND_MODULES:
        return GROUND
    return max((layer for layer in ALLOWED if module == layer or module.startswith(layer + ".")), key=len, default=None)


def layer_problems(graph: dict[str, set[str]]) -> list[str]:
    """Each import that crosses the layers the wrong way, and each module that belongs to no layer."""
    problems = []
    for module, targets in sorted(graph.items()):
        own = layer_of(module)
        if own is None:
            problems.append(f"{module} belongs to no layer (add it to ALLOWED in {Path(__file__).name})")
            continue
        for target in sorted(targets):
            other = layer_of(target)
            if other is not None and other != own and other not in ALLOWED[own]:
                problems.append(f"{module} ({own}) imports {target} ({other})")
    return problems


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    """The engine's import graph, read when these tests run (not when every worker collects this file)."""
    return import_graph(ROOT, "solvers")[0]


def test_the_rules_see_a_wrong_import_and_a_new_package(tmp_path: Path) -> None:
    """The checker itself on a small tree: an engine importing the command line inside a function, the cluster
    importing it at module level, a package no layer names, and the circle the first two make."""
    package = tmp_path / "solvers"
    for folder in ("rubik", "cli", "cluster", "shiny"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    (package / "engine.py").write_text("")
    (package / "rubik" / "twophase.py").write_text("def solve():\n    from solvers.cli.rubik import solve_line\n")
    (package / "cli" / "rubik.py").write_text("from solvers.rubik import twophase\nfrom solvers.engine import X\n")
    (package / "cluster" / "tasks.py").write_text("import solvers.cli.rubik\n")
    (package / "shiny" / "thing.py").write_text("from solvers import engine\n")
    graph, _ = import_graph(tmp_path, "solvers")
    assert layer_problems(graph) == [
        "solvers.cluster.tasks (solvers.cluster) imports solvers.cli.rubik (solvers.cli)",
        "solvers.rubik.twophase (solvers.rubik) imports solvers.cli.rubik (solvers.cli)",
        "solvers.shiny belongs to no layer (add it to ALLOWED in test_solver_layers.py)",
        "solvers.shiny.thing belongs to no layer (add it to ALLOWED in test_solver_layers.py)",
    ]
    assert set(import_circle(graph) or ()) == {"solvers.rubik.twophase", "solvers.cli.rubik"}


def test_every_engine_module_is_in_a_layer_and_imports_downward_only(graph: dict[str, set[str]]) -> None:
    assert {"solvers.rubik.twophase", "solvers.cli.rubik", "solvers.cluster.tasks", "solvers.nxn.solver"} <= set(graph)
    assert layer_problems(graph) == []


def test_no_import_circles_among_the_engine_modules(graph: dict[str, set[str]]) -> None:
    assert import_circle(graph) is None


@pytest.mark.parametrize("front", ["solvers.cluster", *ENGINES])
def test_no_engine_and_not_the_cluster_imports_the_command_line(front: str, graph: dict[str, set[str]]) -> None:
    """Stated on its own because it is the knot new engines used to tie: the command line is not an API."""
    wrong = [
        f"{m} imports {t}" for m, ts in graph.items() if layer_of(m) == front for t in ts if t.startswith("solvers.cli")
    ]
    assert wrong == []


def outside_imports(package_dir: Path, banned: tuple[str, ...]) -> list[str]:
    """Each import, anywhere in a module of `package_dir` (inside functions too), of a top-level name in `banned`."""
    import ast

    found = []
    for path in sorted(package_dir.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            found += [f"{path.relative_to(package_dir)} imports {n}" for n in names if n.split(".")[0] in banned]
    return found


def test_no_engine_module_imports_the_benchmarks_or_the_tests(tmp_path: Path) -> None:
    """A heuristic kept for comparisons lives in `benchmarks/` and reaches the engine as a value (a plan); the
    engine never reaches back. The check sees an import inside a function."""
    assert outside_imports(ROOT / "solvers", ("benchmarks", "tests")) == []
    (tmp_path / "wrong.py").write_text("def f():\n    from benchmarks import comparison_heuristics\n")
    assert outside_imports(tmp_path, ("benchmarks",)) == ["wrong.py imports benchmarks"]
