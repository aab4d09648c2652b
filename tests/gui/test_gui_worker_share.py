"""A worker's search keeps its share of the machine: on a core it shares with a busy process at the same nice value,
the worker's thread gets about as much CPU time as that process (a nice value of 10 gave it a tenth)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from cubeviz.workers import GeneratorWorker

BURN_S = 0.8  # wall seconds the worker computes beside the busy process
SETTLE_S = 0.3  # the busy process past its start-up, computing
MIN_SHARE = 0.4  # worker CPU / busy process CPU over the same stretch: about 1 at equal weight, 0.1 at nice 10


def _cpu_seconds(pid: int) -> float:
    """CPU time of a whole process so far (Linux's scheduler statistics, in nanoseconds)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9


def test_a_worker_competes_with_another_process_at_its_full_weight(qtbot) -> None:
    core = min(os.sched_getaffinity(0))
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    measured: dict[str, float] = {}

    def burn(_stop: threading.Event, _report) -> object:
        os.sched_setaffinity(threading.get_native_id(), {core})  # this thread and the busy process: one core
        cpu, busy_cpu, end = time.thread_time(), _cpu_seconds(busy.pid), time.perf_counter() + BURN_S
        while time.perf_counter() < end:
            sum(range(1000))
        measured["worker"] = time.thread_time() - cpu
        measured["busy"] = _cpu_seconds(busy.pid) - busy_cpu
        yield from ()

    try:
        os.sched_setaffinity(busy.pid, {core})
        time.sleep(SETTLE_S)
        worker = GeneratorWorker(burn, lambda _event: False)
        worker.start()
        assert worker.wait(20_000)
    finally:
        busy.kill()
        busy.wait()
    share = measured["worker"] / max(measured["busy"], 1e-3)
    assert share > MIN_SHARE, f"the worker got {share:.2f} of the CPU time a busy process got on the same core"
