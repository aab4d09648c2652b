"""The 3x3 engine's test files give their tables back when they end.

Why: these files run in one worker (see tests/conftest.py), and the process's tables (`default_tables()`) keep
every table a file loaded, so by the last file the worker would hold the split, edge and corner-slice tables
together (over 3 GB) while building the next. Dropped after each file, a table the next file needs again loads
from the cache in a second or two, and the worker holds only what one file uses.
"""

from __future__ import annotations

import gc

import pytest


@pytest.fixture(autouse=True, scope="module")
def _release_tables_after_the_file():
    yield
    from solvers.rubik.rubik_tables import default_tables

    default_tables().forget()
    gc.collect()
