"""A task whose worker process always dies (kill -9), importable by worker processes: Dask gives up on it."""

from __future__ import annotations

import os
import signal


def always_killed(_number: int) -> int:
    os.kill(os.getpid(), signal.SIGKILL)
    return 0
