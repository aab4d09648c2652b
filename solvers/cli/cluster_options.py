"""The options that send a batch command's tasks elsewhere: --workers N (a local Dask cluster), --scheduler
ADDRESS (an existing one), --checkpoint FILE (resume a job by running the same command again)."""

from __future__ import annotations

import argparse
import hashlib
import json

from solvers.cli.common import CliInputError


def add_cluster_arguments(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("running on a cluster (Dask; the output is the same as without)")
    where = group.add_mutually_exclusive_group()
    where.add_argument("--workers", type=_worker_count, metavar="N",
                       help="run the tasks on N local worker processes")  # fmt: skip
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="run the tasks on an existing Dask cluster, e.g. tcp://10.0.0.5:8786")  # fmt: skip
    group.add_argument("--checkpoint", metavar="FILE",
                       help="record finished tasks in FILE; the same command run again skips them")  # fmt: skip


def _worker_count(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= 512:
        raise argparse.ArgumentTypeError(f"--workers must be a whole number from 1 to 512, not {text[:20]!r}")
    return int(text)


def uses_batch(args: argparse.Namespace) -> bool:
    return bool(args.workers or args.scheduler or args.checkpoint)


def where_of(args: argparse.Namespace):
    from solvers.cluster.batch import Where

    return Where(workers=args.workers, scheduler=args.scheduler)


def checkpoint_of(args: argparse.Namespace, job_data: object):
    """The job's checkpoint (None without --checkpoint); the job is named by a digest of the command's options and
    input, so a checkpoint of another job is refused rather than mixed in."""
    from solvers.cluster.batch import Checkpoint, ClusterError

    if not args.checkpoint:
        return None
    options = {k: v for k, v in sorted(vars(args).items()) if k not in ("run", "checkpoint", "workers", "scheduler")}
    digest = hashlib.blake2b(json.dumps([options, job_data], default=str).encode(), digest_size=16).hexdigest()
    try:
        return Checkpoint(args.checkpoint, digest)
    except ClusterError as exc:
        raise CliInputError(str(exc)) from None


def task_options(args: argparse.Namespace) -> dict:
    """The options a worker needs to handle one task as this process would."""
    return {k: v for k, v in vars(args).items() if k != "run"}
