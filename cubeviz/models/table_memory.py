"""What the solver tables cost in memory, and giving it back: tables stay loaded for the next solve (loading the
optimal solver's takes seconds), which is right, but a user who is done solving should see the cost and be able
to release it. Qt-free: the window's About box and the Solve feature both read it."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable


def loaded_table_bytes() -> int:
    """Bytes of every solver table loaded in this process (3x3, 2x2 and goal engines)."""
    from solvers.goals import goal_tables as goal_tables
    from solvers.pocket import gods
    from solvers.rubik.rubik_tables import default_tables

    return default_tables().loaded_bytes() + gods.loaded_bytes() + goal_tables.loaded_bytes()


def release_tables(*also_forget: Callable[[], None]) -> int:
    """Drop every loaded table (they load again from the cache at the next solve); returns the bytes released.
    `also_forget` drops what a caller keeps that holds tables alive (cached solver objects). Call it only while no
    solve runs: a running search keeps what it holds until it ends."""
    from solvers.goals import goal_tables as goal_tables
    from solvers.pocket import gods
    from solvers.rubik.rubik_tables import default_tables

    released = loaded_table_bytes()
    default_tables().forget()
    gods.forget_loaded_tables()
    goal_tables.forget_tables()
    for forget in also_forget:
        forget()
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
