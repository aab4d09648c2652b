"""Test-wide set-up: one table cache per run, shared by the parallel workers, and the order work is handed out."""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

if os.environ.get("PYTEST_XDIST_WORKER"):
    # One numba thread per worker: the workers already fill the cores, and a table build running parallel loops
    # beside a test that times a cancel or a tempo would leave that test without a core.
    os.environ.setdefault("NUMBA_NUM_THREADS", "1")

# Files whose tests need the optimal solver's big tables (the split table, the edge and corner-slice tables: minutes
# to build): they form one group that a single worker runs first, so the builds start at once and no other worker
# sits waiting for them.
OPTIMAL_TABLE_FILES = frozenset(
    {
        "tests/rubik/test_rubik_cli.py",
        "tests/benchmarks/test_comparison_heuristics.py",
        "tests/rubik/test_rubik_interleaved.py",
        "tests/rubik/test_rubik_optimal.py",
        "tests/rubik/test_rubik_symmetric_search.py",
        "tests/rubik/test_large_tier.py",
        "tests/rubik/test_inner_tables.py",
        "tests/rubik/test_large_table_slow.py",
    }
)
OPTIMAL_TABLE_GROUP = "optimal-tables"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The optimal-table files first, so the worker that takes them starts the long builds at once."""
    items.sort(key=lambda item: item.nodeid.split("::", 1)[0] not in OPTIMAL_TABLE_FILES)  # stable: order kept


def pytest_collection_finish(session: pytest.Session) -> None:
    """Set aside what collection made (every module, class and function imported: over 100,000 objects) from the
    garbage collector's view, once, before the first test.

    Why: the GUI fixtures collect garbage and walk `gc.get_objects()` after every test (dropped widgets, running
    QThreads), and Python's own full collections walk the same heap; each such walk went over all of it, about a
    tenth of a CPU second a GUI test. Objects the tests make stay in view and are collected as before."""
    gc.collect()
    gc.freeze()


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Hand out whole files (their module fixtures are made once), and the optimal-table files as one unit."""
    from xdist.scheduler import LoadFileScheduling

    class OptimalTablesTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return OPTIMAL_TABLE_GROUP if path in OPTIMAL_TABLE_FILES else path

    return OptimalTablesTogether(config, log)


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
