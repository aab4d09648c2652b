"""Ctrl+C as a stop flag for the long searches of the command line (packing, BurrTools counts)."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def interrupt_flag() -> Iterator[threading.Event]:
    """Ctrl+C sets a flag the search polls between kernel calls instead of raising wherever Python happens to be:
    an interrupt that lands while numba compiles the kernel would otherwise be swallowed and the search run on."""
    stop = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield stop
        return
    previous = signal.signal(signal.SIGINT, lambda _number, _frame: stop.set())
    try:
        yield stop
    finally:
        signal.signal(signal.SIGINT, previous)
