"""Test-wide fixtures: an isolated table cache per session."""

from __future__ import annotations

import os

import pytest


@pytest.fixture(scope="session", autouse=True)
def _isolated_table_cache(tmp_path_factory: pytest.TempPathFactory):
    """Point the table cache at a session temp dir unless CI asks to reuse one (CUBEVIZ_TEST_CACHE_DIR)."""
    reuse = os.environ.get("CUBEVIZ_TEST_CACHE_DIR")
    directory = reuse or str(tmp_path_factory.mktemp("table-cache"))
    previous = os.environ.get("CUBEVIZ_CACHE_DIR")
    os.environ["CUBEVIZ_CACHE_DIR"] = directory
    yield directory
    if previous is None:
        os.environ.pop("CUBEVIZ_CACHE_DIR", None)
    else:
        os.environ["CUBEVIZ_CACHE_DIR"] = previous
