"""Run independent tasks in-process, on a local Dask cluster (`--workers N`) or on an existing one
(`--scheduler ADDRESS`), yielding results in input order as they arrive, with an optional checkpoint file.

Why Dask distributed and nothing home-made: its scheduler already reruns the tasks of a worker that dies, shows a
dashboard, and its `dask scheduler` / `dask worker` commands start a cluster across machines. Tables never go
through the scheduler: each task loads what it needs in its own worker process (see solvers/cluster/tasks.py).
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from solvers.cluster import address as addresses
from solvers.cluster.checkpoint import Checkpoint
from solvers.cluster.errors import ClusterError

__all__ = ["Checkpoint", "ClusterError", "ProgressLine", "Where", "run_tasks"]

DASK_LOG_LEVEL_VARIABLE = "DASK_LOGGING__DISTRIBUTED"  # Dask's config `logging.distributed`, from the environment
INSTALL_HINT = 'the cluster options need Dask: pip install "cubeviz[cluster]" (or pip install "dask[distributed]")'


@dataclass(frozen=True)
class Where:
    """Where tasks run: in this process (both None), on `workers` local processes, or at `scheduler`."""

    workers: int | None = None
    scheduler: str | None = None

    @property
    def in_process(self) -> bool:
        return self.workers is None and self.scheduler is None


class ProgressLine:
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
    again. Results must be JSON values when a checkpoint is kept; the checkpoint is closed when the job ends.
    Whatever fails in Dask itself (an address, a connection, a worker lost for good) is a ClusterError."""
    checkpoint = checkpoint or Checkpoint(None, "")
    try:
        todo = [i for i in range(len(payloads)) if i not in checkpoint.done]
        if where.in_process:
            progress = ProgressLine(len(todo), None)
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
    finally:
        checkpoint.close()


def _run_on_cluster(function, payloads, where: Where, checkpoint: Checkpoint, todo: list[int]) -> Iterator[Any]:
    with ExitStack() as cleanup:
        client = _connect(where, cleanup)
        try:
            progress = ProgressLine(len(todo), client.dashboard_link)
            futures = {client.submit(function, *payloads[i], pure=False): i for i in todo}
            from distributed import as_completed

            ready: dict[int, Any] = dict(checkpoint.done)
            next_index = 0
            for future in as_completed(futures):
                index = futures[future]
                result = _result(future)
                checkpoint.record(index, result)
                ready[index] = result
                progress.step()
                while next_index in ready:
                    yield ready.pop(next_index)
                    next_index += 1
            while next_index in ready:
                yield ready.pop(next_index)
                next_index += 1
        except ClusterError:
            raise
        except Exception as exc:
            if getattr(exc, "raised_by_task", False):
                raise
            raise ClusterError(_failure("the Dask cluster failed", exc)) from None


def _result(future) -> Any:
    """The task's result; a task's own error is raised as it would be in-process, a failure of Dask's (a worker
    lost too often, the connection gone) becomes a ClusterError."""
    try:
        return future.result()
    except Exception as exc:
        if future.status == "error" and not _from_dask(exc):
            exc.raised_by_task = True  # type: ignore[attr-defined]  # a mark the caller reads back with getattr
            raise
        raise ClusterError(_failure("the Dask cluster failed", exc)) from None


def _from_dask(exc: BaseException) -> bool:
    module = type(exc).__module__ or ""
    return module.split(".")[0] in ("distributed", "tornado", "asyncio", "concurrent") or isinstance(
        exc, (OSError, TimeoutError, MemoryError)
    )


def _failure(what: str, exc: BaseException) -> str:
    """`what: ExceptionName: its first line`, short: the one line a Dask failure is reported as."""
    detail = str(exc).strip().splitlines()[0][:160] if str(exc).strip() else ""
    return f"{what}: {type(exc).__name__}{': ' + detail if detail else ''}"


def _connect(where: Where, cleanup: ExitStack):
    """A Dask client for `where` (its closing, and the local cluster's, registered on `cleanup`)."""
    try:
        import dask
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClusterError(INSTALL_HINT) from None
    if where.scheduler is not None:
        address = addresses.parse_scheduler_address(where.scheduler)
        addresses.probe_scheduler(address)  # bounded: Dask's own handshake has no timeout
        try:
            client = Client(str(address), timeout=f"{addresses.HANDSHAKE_SECONDS:g}s")
        except Exception as exc:
            raise ClusterError(_failure(f"cannot use the Dask scheduler at {address}", exc)) from None
        cleanup.callback(_quietly, client.close)
        return client
    # Dask's scratch space (dask-scratch-space) goes to a directory of this run's own, removed at the end.
    scratch = tempfile.mkdtemp(prefix="cubeviz-dask-")
    cleanup.callback(shutil.rmtree, scratch, ignore_errors=True)
    cleanup.enter_context(dask.config.set({"temporary-directory": scratch}))
    cleanup.enter_context(_dask_logs_silenced())
    try:
        # One thread per worker process: the engines use their own threads, and tables are per process.
        with _dask_logs_silenced_in_new_processes():
            cluster = LocalCluster(n_workers=where.workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", local_directory=scratch)  # fmt: skip
        cleanup.callback(_quietly, cluster.close)
        client = Client(cluster)
    except Exception as exc:
        raise ClusterError(_failure("cannot start a local Dask cluster", exc)) from None
    cleanup.callback(_quietly, client.close)
    return client


@contextmanager
def _dask_logs_silenced() -> Iterator[None]:
    """Dask's own log lines off in this process while a local cluster runs: its scheduler logs the workers' last
    heartbeats as errors when the cluster closes, and the job's outcome is reported in our own one line."""
    logger = logging.getLogger("distributed")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        logger.setLevel(level)


@contextmanager
def _dask_logs_silenced_in_new_processes() -> Iterator[None]:
    """The same for the worker processes started meanwhile: they read Dask's logging level from the environment
    they inherit (a worker whose scheduler closes first logs its failed heartbeat as an error)."""
    previous = os.environ.get(DASK_LOG_LEVEL_VARIABLE)
    os.environ[DASK_LOG_LEVEL_VARIABLE] = "critical"
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop(DASK_LOG_LEVEL_VARIABLE, None)
        else:
            os.environ[DASK_LOG_LEVEL_VARIABLE] = previous


def _quietly(close: Callable[[], Any]) -> None:
    """Close a client or cluster whose other end may be gone already: a failure to close is not the job's."""
    with suppress(Exception):  # closing is best effort; the job's own outcome is what is reported
        close()
