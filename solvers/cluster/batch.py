"""Run independent tasks in-process, on a local Dask cluster (`--workers N`) or on an existing one
(`--scheduler ADDRESS`), yielding results in input order as they arrive, with an optional checkpoint file.

Why Dask distributed and nothing home-made: its scheduler already reruns the tasks of a worker that dies, shows a
dashboard, and its `dask scheduler` / `dask worker` commands start a cluster across machines. Tables never go
through the scheduler: each task loads what it needs in its own worker process (see solvers/cluster/tasks.py).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

INSTALL_HINT = 'the cluster options need Dask: pip install "cubeviz[cluster]" (or pip install "dask[distributed]")'


class ClusterError(Exception):
    """A cluster that cannot be used (Dask missing, scheduler unreachable, bad checkpoint): one line for the user."""


@dataclass(frozen=True)
class Where:
    """Where tasks run: in this process (both None), on `workers` local processes, or at `scheduler`."""

    workers: int | None = None
    scheduler: str | None = None

    @property
    def in_process(self) -> bool:
        return self.workers is None and self.scheduler is None


class Checkpoint:
    """Finished tasks, one JSON line each ({"task": i, "result": ...}), appended as they complete; read back on
    start so that running the same command again redoes only what was not finished."""

    def __init__(self, path: str | Path | None, job: str) -> None:
        self.path = Path(path) if path else None
        self.job = job
        self.done: dict[int, Any] = {}
        if self.path is not None and self.path.exists():
            self._read()

    def _read(self) -> None:
        try:
            lines = self.path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise ClusterError(f"cannot read checkpoint {self.path}: {exc}") from None
        for number, line in enumerate(lines, start=1):
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                if number == len(lines):
                    break  # the last line was being written when the job died: that task runs again
                raise ClusterError(f"checkpoint {self.path}, line {number}: not a checkpoint record") from None
            if number == 1:
                if record.get("job") != self.job:
                    raise ClusterError(f"checkpoint {self.path} belongs to another job: use a new file")
                continue
            self.done[int(record["task"])] = record["result"]

    def record(self, task: int, result: Any) -> None:
        if self.path is None:
            return
        new = not self.path.exists()
        with open(self.path, "a", encoding="utf-8") as handle:
            if new:
                handle.write(json.dumps({"job": self.job}) + "\n")
            handle.write(json.dumps({"task": task, "result": result}) + "\n")
            handle.flush()


class Progress:
    """A one-line progress read-out on stderr when it is a terminal (tasks done, rate, ETA); silent otherwise."""

    def __init__(self, total: int, dashboard: str | None) -> None:
        self.total, self.done = total, 0
        self.started = time.monotonic()
        self.live = sys.stderr.isatty()
        if dashboard and self.live:
            print(f"cubeviz-solve: Dask dashboard: {dashboard}", file=sys.stderr)

    def step(self) -> None:
        self.done += 1
        if not self.live:
            return
        elapsed = time.monotonic() - self.started
        rate = self.done / elapsed if elapsed > 0 else 0.0
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        end = "\n" if self.done == self.total else ""
        print(f"\r{self.done}/{self.total} tasks, {rate:.2f}/s, ETA {eta:.0f} s ", end=end, file=sys.stderr, flush=True)


def run_tasks(
    function: Callable[..., Any], payloads: Sequence[tuple], where: Where, checkpoint: Checkpoint | None = None
) -> Iterator[Any]:
    """Yield `function(*payload)` for every payload, in input order; tasks recorded in `checkpoint` are not run
    again. Results must be JSON values when a checkpoint is kept."""
    checkpoint = checkpoint or Checkpoint(None, "")
    todo = [i for i in range(len(payloads)) if i not in checkpoint.done]
    if where.in_process:
        progress = Progress(len(todo), None)
        for i in range(len(payloads)):
            if i in checkpoint.done:
                yield checkpoint.done[i]
                continue
            result = function(*payloads[i])
            checkpoint.record(i, result)
            progress.step()
            yield result
        return
    yield from _run_on_cluster(function, payloads, where, checkpoint, todo)


def _run_on_cluster(function, payloads, where: Where, checkpoint: Checkpoint, todo: list[int]) -> Iterator[Any]:
    client, cluster = _connect(where)
    try:
        progress = Progress(len(todo), client.dashboard_link)
        futures = {client.submit(function, *payloads[i], pure=False): i for i in todo}
        from distributed import as_completed

        ready: dict[int, Any] = dict(checkpoint.done)
        next_index = 0
        for future in as_completed(futures):
            index = futures[future]
            result = future.result()  # a task's own error is raised here, as it would be in-process
            checkpoint.record(index, result)
            ready[index] = result
            progress.step()
            while next_index in ready:
                yield ready.pop(next_index)
                next_index += 1
        while next_index in ready:
            yield ready.pop(next_index)
            next_index += 1
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _connect(where: Where):
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(INSTALL_HINT) from None
    if where.scheduler is not None:
        try:
            return Client(where.scheduler, timeout="10s"), None
        except (OSError, TimeoutError) as exc:
            raise ClusterError(f"cannot reach the Dask scheduler at {where.scheduler}: {exc}") from None
    # One thread per worker process: the engines use their own threads, and tables are per process.
    cluster = LocalCluster(n_workers=where.workers, threads_per_worker=1, processes=True, dashboard_address=":0")
    return Client(cluster), cluster
