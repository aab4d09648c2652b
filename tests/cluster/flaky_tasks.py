"""Tasks for the cluster tests, importable by worker processes."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path


def square_once_killed(number: int, folder: str, victim: int) -> int:
    """number squared; the first time task `victim` runs, its worker process is killed (kill -9) mid-task."""
    runs = Path(folder) / f"runs-{number}"
    with open(runs, "a") as handle:
        handle.write("x")
    if number == victim and runs.read_text() == "x":
        time.sleep(0.2)
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.05)
    return number * number


def cube_counted(number: int, folder: str) -> int:
    """number cubed, leaving a mark per run so a test can count how often each task ran."""
    with open(Path(folder) / f"runs-{number}", "a") as handle:
        handle.write("x")
    return number**3
