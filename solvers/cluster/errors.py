"""The one error type of batch jobs: whatever goes wrong with a cluster or a checkpoint is one line for the user."""

from __future__ import annotations


class ClusterError(Exception):
    """A cluster that cannot be used (Dask missing, scheduler unreachable or not a scheduler, a failure inside
    Dask) or a checkpoint that cannot be (not a regular file, damaged, another job's): one line for the user."""
