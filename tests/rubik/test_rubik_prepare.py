"""`cubeviz-solve prepare` and the preparation under it: it builds what the first solve lacks (and only that),
says how far it is, does nothing when all is ready; a plan numbers the tables a search loads."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from solvers.engine import Metric
from solvers.rubik import preparation
from solvers.rubik.optimal import prepare_tables
from solvers.rubik.rubik_tables import TABLE_VERSION, RubikTables
from solvers.rubik.twophase import prepare_twophase_tables
from solvers.tables import table_path, table_spec
from solvers.time_left import TimeLeft

REPO = Path(__file__).parents[2]
TWOPHASE = ["rubik-moves", "rubik-flipslice-classes", "rubik-phase1-htm", "rubik-phase2"]


def test_the_plan_names_each_table_a_search_loads_in_order() -> None:
    plan = preparation.table_plan(prepare_twophase_tables)
    assert [item.name for item in plan] == TWOPHASE
    assert [item.method for item in plan] == ["moves", "flipslice_classes", "phase1", "phase2"]
    optimal = [item.name for item in preparation.table_plan(lambda t: prepare_tables(t, Metric.HTM, "full"))]
    assert optimal == [*TWOPHASE, "rubik-corners-htm"]  # the probes' tables, then the heuristic's
    assert all(table_spec(name).title for name in optimal)


def test_the_time_left_follows_the_recent_pace() -> None:
    left = TimeLeft(window=10.0)
    for t in range(5):  # a builder compiling: no progress for 4 s, so no estimate yet
        left.add(0.0, float(t))
    assert left.seconds(4.0) is None
    for t in range(5, 15):  # then 2% a second
        left.add(0.02 * (t - 4), float(t))
    assert left.seconds(14.0) == pytest.approx(40.0)  # 80% left at 2% a second
    assert left.seconds(16.0) == pytest.approx(38.0)  # counting down between reports


def _run(cache: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, CUBEVIZ_CACHE_DIR=str(cache), PYTHONPATH=str(REPO))
    command = [sys.executable, "-m", "solvers", "prepare", *args]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=600, cwd=REPO)


def _stamps(cache: Path) -> dict[str, int]:
    return {path.name: path.stat().st_mtime_ns for path in cache.glob("*.tbl")}


def test_prepare_builds_what_is_missing_and_then_does_nothing(tmp_path) -> None:
    tables = RubikTables()  # the run's cache: the two-phase tables, built once for every test that needs them
    prepare_twophase_tables(tables)
    for name in TWOPHASE[:3]:  # all but the phase-2 tables, which prepare must build (2 MB, seconds)
        shutil.copy(table_path(name, TABLE_VERSION), tmp_path)
    before = _stamps(tmp_path)
    assert _run(tmp_path, "--check").returncode == 1 and _stamps(tmp_path) == before  # --check builds nothing

    done = _run(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Preparing: table 4 of 4: building the phase-2 pruning tables (2 MB)" in done.stderr
    assert done.stdout.startswith("cubeviz: ready for the first solve in") and "built 1 of them" in done.stdout
    after = _stamps(tmp_path)
    assert set(after) == {*before, f"rubik-phase2-v{TABLE_VERSION}.tbl"}
    assert all(after[name] == stamp for name, stamp in before.items())  # present tables were not rebuilt

    again = _run(tmp_path)
    assert again.returncode == 0 and again.stderr == ""
    assert again.stdout == "cubeviz: ready for the first solve (tables and compiled search cached)\n"
    assert _stamps(tmp_path) == after and _run(tmp_path, "--check").returncode == 0
