"""Test-wide fixtures: an isolated table cache per session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


def _shared_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base  # a worker's base is one level down
    directory = root / "table-cache"
    directory.mkdir(exist_ok=True)
    return directory


@pytest.fixture(scope="session", autouse=True)
def _isolated_table_cache(tmp_path_factory: pytest.TempPathFactory):
    """Point the table cache at a temp dir of this run unless CI asks to reuse one (CUBEVIZ_TEST_CACHE_DIR).

    Parallel workers (pytest-xdist) share the run's directory, so a table is built once for all of them (the
    cache's build lock makes the others wait for it)."""
    reuse = os.environ.get("CUBEVIZ_TEST_CACHE_DIR")
    directory = reuse or str(_shared_cache(tmp_path_factory))
    previous = os.environ.get("CUBEVIZ_CACHE_DIR")
    os.environ["CUBEVIZ_CACHE_DIR"] = directory
    yield directory
    if previous is None:
        os.environ.pop("CUBEVIZ_CACHE_DIR", None)
    else:
        os.environ["CUBEVIZ_CACHE_DIR"] = previous
