"""The options that send a batch command's tasks elsewhere: --workers N (a local Dask cluster), --scheduler
ADDRESS (an existing one), --checkpoint FILE (resume a job by running the same command again).

The scheduler address and the checkpoint path are checked by argparse itself, so a bad one is refused in one line
before any input is read or any work is done."""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Callable

from solvers.cli.common import CliInputError

# Options that do not change any task's result: a resumed job may differ in them.
_NOT_IN_JOB = ("run", "checkpoint", "workers", "scheduler", "out", "progress", "file", "puzzle", "keep_going",
               "threads")  # fmt: skip


def add_cluster_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("running on a cluster (Dask; the output is the same as without)")
    where = group.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_worker_count, metavar="N",
                       help="run the tasks on N local worker processes")  # fmt: skip
    where.add_argument("--scheduler", type=scheduler_address, metavar="ADDRESS",
                       help="run the tasks on an existing Dask cluster: tcp://HOST:PORT or HOST:PORT, "
                            "e.g. tcp://10.0.0.5:8786")  # fmt: skip
    group.add_argument("--checkpoint", type=checkpoint_path, metavar="FILE",
                       help="record finished tasks in FILE (a regular file); the same command run again skips "
                            "them")  # fmt: skip


def _worker_count(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 512:
        raise argparse.ArgumentTypeError(f"--workers must be a whole number from 1 to 512, not {text[:20]!r}")
    return int(text)


def scheduler_address(text: str) -> str:
    """An argparse type: the address in its plain form (tcp://HOST:PORT), or a one-line refusal."""
    from solvers.cluster.address import AddressError, parse_scheduler_address

    try:
        return str(parse_scheduler_address(text))
    except AddressError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def checkpoint_path(text: str) -> str:
    """An argparse type: a regular file or a new name in an existing directory (a device, a FIFO or a directory
    is refused by stat, without being opened)."""
    from solvers.cluster.checkpoint import check_checkpoint_path
    from solvers.cluster.errors import ClusterError

    try:
        check_checkpoint_path(text)
    except ClusterError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def uses_batch(args: argparse.Namespace) -> bool:
    return args.workers is not None or args.scheduler is not None or args.checkpoint is not None


def where_of(args: argparse.Namespace):
    from solvers.cluster.batch import Where

    return Where(workers=args.workers, scheduler=args.scheduler)


def job_digest(args: argparse.Namespace, job_data: object) -> str:
    """The job's name in its checkpoint: a digest of the options that shape its results and of its content (the
    puzzle itself, not its file name; the input lines, not the input's path)."""
    options = {k: v for k, v in sorted(vars(args).items()) if k not in _NOT_IN_JOB}
    text = json.dumps([options, job_data], sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def checkpoint_of(
    args: argparse.Namespace, job_data: object, *, tasks: int, check: Callable[[int, object], str | None] | None = None
):
    """The job's checkpoint (None without --checkpoint): its finished tasks read back and checked (task numbers
    below `tasks`, results by `check`); a checkpoint of another job is refused rather than mixed in."""
    from solvers.cluster.checkpoint import Checkpoint
    from solvers.cluster.errors import ClusterError

    if args.checkpoint is None:
        return None
    try:
        checkpoint = Checkpoint(args.checkpoint, job_digest(args, job_data), tasks=tasks, check=check)
    except ClusterError as exc:
        raise CliInputError(str(exc)) from None
    for note in checkpoint.notes:
        print(f"note: {note}", file=sys.stderr, flush=True)
    return checkpoint


def task_options(args: argparse.Namespace) -> dict:
    """The options a worker needs to handle one task as this process would."""
    return {k: v for k, v in vars(args).items() if k != "run"}
