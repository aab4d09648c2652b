"""The table registry: every engine's tables (and the solver objects holding them) in one place per process, with a
memory report per table and one release that really frees them."""

from __future__ import annotations

import ast
import gc
import random
import threading
import weakref
from pathlib import Path

import numpy as np
import pytest

from solvers import tables
from solvers.cube.moves import apply_moves
from solvers.cube.scramble import random_state
from solvers.goals import goal_tables
from solvers.goals.goal import solved_goal
from solvers.pocket.solve import solver, solver_loaded
from solvers.rubik.rubik_tables import default_tables
from solvers.tables import TableRegistry, TableSpec, process_tables, register_table, table_spec


def test_a_name_registered_twice_must_mean_the_same_table() -> None:
    spec = register_table(TableSpec("test-registry-twice", 1, "test", 100, "a test table"))
    assert register_table(TableSpec("test-registry-twice", 1, "test", 100, "a test table")) == spec  # idempotent
    with pytest.raises(ValueError, match="test-registry-twice"):
        register_table(TableSpec("test-registry-twice", 2, "test"))  # another format under one file name
    assert table_spec("test-registry-twice").title == "a test table"
    with pytest.raises(KeyError, match="no table named 'test-registry-nobody'"):
        TableRegistry().get("test-registry-nobody", lambda progress: np.zeros(1))


def test_the_registry_reports_each_table_and_builds_a_table_once_when_threads_race(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(tables.CACHE_ENV_VAR, str(tmp_path))
    register_table(TableSpec("test-registry-race", 1, "test"))
    register_table(TableSpec("test-registry-other", 1, "other", on_disk=False))
    registry = TableRegistry()
    builds: list[int] = []
    gate = threading.Barrier(4)

    def build(progress) -> np.ndarray:
        builds.append(1)
        return np.arange(1000, dtype=np.int64)

    def load() -> None:
        gate.wait()
        registry.get("test-registry-race", build)

    threads = [threading.Thread(target=load) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(builds) == 1 and (tmp_path / "test-registry-race-v1.tbl").is_file()
    registry.get("test-registry-other", lambda progress: np.zeros(10, np.uint8))
    assert not list(tmp_path.glob("test-registry-other*"))  # memory only: never written
    assert registry.memory() == {"test-registry-race": 8000, "test-registry-other": 10}
    assert registry.loaded_bytes("test") == 8000 and registry.loaded_bytes() == 8010
    assert registry.release("other") == 10 and registry.memory() == {"test-registry-race": 8000}


def test_a_file_under_a_tables_old_name_is_read_not_rebuilt(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(tables.CACHE_ENV_VAR, str(tmp_path))
    old = np.arange(50, dtype=np.uint8)
    tables.write_table(tables.table_path("test-registry-before", 1), old)
    spec = register_table(TableSpec("test-registry-after", 1, "test", old_names=("test-registry-before",)))
    assert spec.is_cached() and spec.cached_file() == tables.table_path("test-registry-before", 1)

    def build(progress) -> np.ndarray:
        raise AssertionError("the old file holds the table: nothing to build")

    assert np.array_equal(TableRegistry().get("test-registry-after", build), old)


def test_release_frees_the_2x2_3x3_and_goal_tables_and_the_2x2_solver() -> None:
    """Loaded through the engines' own entry points, everything is in the one report; after the release nothing in
    the process refers to the tables or the cached 2x2 solver (their weak references die) and a 2x2 solve loads
    them again and still solves."""
    from cubeviz.models.table_memory import release_tables

    registry = process_tables()
    registry.release()
    gc.collect()
    state = random_state(2, random.Random(5))
    pocket = solver("htm")
    rubik = default_tables().phase2()
    group = (8, 9, 10)
    goal = goal_tables.group_table(solved_goal(group), group, "htm")
    held = [weakref.ref(pocket), weakref.ref(pocket.table), weakref.ref(rubik["corners"]), weakref.ref(goal)]
    report = registry.memory()
    assert report["pocket-gods-htm"] == 3_674_160 and report["rubik-phase2"] == rubik["corners"].nbytes * 2
    assert sum(size for name, size in report.items() if name.startswith("goal-htm-")) == 24**3
    assert registry.loaded_bytes() == sum(report.values()) >= 3_674_160 + 24**3
    del pocket, rubik, goal
    assert release_tables() == sum(report.values())  # the app's Release Solver Tables
    assert registry.loaded_bytes() == 0 and registry.memory() == {} and not solver_loaded("htm")
    assert [ref() for ref in held] == [None] * len(held)
    moves = solver("htm").optimal_solution(state)  # loaded again from the cache
    assert apply_moves(state, moves).is_solved()


def _imports(path: Path) -> set[str]:
    """Every module `path` imports, at module level or inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return found


def test_the_registry_and_the_general_3x3_holder_know_no_engines_builders() -> None:
    """The registry imports no engine, and the 3x3 holder nothing of the optimal search, not even inside a
    function: each engine registers its own tables (the holder importing the optimal package's builders, which
    import the holder back, was an import circle)."""
    root = Path(__file__).parents[1] / "solvers"
    engines = ("solvers.rubik", "solvers.pocket", "solvers.goals", "solvers.packing", "solvers.nxn", "solvers.cli")
    assert not [name for name in _imports(root / "tables.py") if name.startswith(engines)]
    assert not [
        name for name in _imports(root / "rubik" / "rubik_tables.py") if name.startswith("solvers.rubik.optimal")
    ]
