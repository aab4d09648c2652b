"""What the solver tables cost in memory, and giving it back: tables stay loaded for the next solve (loading the
optimal solver's takes seconds), which is right, but a user who is done solving should see the cost and be able
to release it. Qt-free: the window's About box and the Solve feature both read it."""

from __future__ import annotations

import gc
import os


def loaded_table_bytes() -> int:
    """Bytes of every solver table loaded in this process (every engine registers its tables in one registry)."""
    from solvers.tables import process_tables

    return process_tables().loaded_bytes()


def release_tables() -> int:
    """Drop every loaded table and every cached solver object holding one (they load again from the cache at the
    next solve); returns the bytes released. Call it only while no solve runs: a running search keeps what it
    holds until it ends."""
    from solvers.tables import process_tables

    released = process_tables().release()
    gc.collect()
    return released


def process_memory_bytes() -> int | None:
    """The process's resident memory (Linux: /proc/self/statm); None where it cannot be read."""
    try:
        with open("/proc/self/statm") as statm:
            resident_pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return resident_pages * os.sysconf("SC_PAGE_SIZE")


def format_bytes(count: int | None) -> str:
    if count is None:
        return "unknown"
    for scale, unit in ((1 << 30, "GB"), (1 << 20, "MB"), (1 << 10, "KB")):
        if count >= scale:
            return f"{count / scale:.1f} {unit}"
    return f"{count} B"
