"""The assembly search a BurrTools count is about to make, caught before it runs: tests hand the same cover,
chunks and enabled rows to another search and compare the rows."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import numpy as np

import solvers.packing.burrtools_search as burrtools_search


class _Caught(Exception):
    """The search a count was about to make, caught before it runs."""


def search_made(monkeypatch, run: Callable[[], object]) -> tuple | None:
    """The (cover, chunks, enabled, filler) of the first assembly search `run()` makes (None: it makes none)."""
    calls: list[tuple] = []

    def spy(cover, chunks, enabled, stop, **kw):
        calls.append((cover, list(chunks), np.array(enabled), kw.get("filler")))
        raise _Caught

    monkeypatch.setattr(burrtools_search, "assembly_rows", spy)
    with contextlib.suppress(_Caught):
        run()
    monkeypatch.undo()
    return calls[0] if calls else None
