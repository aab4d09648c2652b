"""What a BurrTools count gives back, and how a count is interrupted: shared by the general count
(``burrtools_count``) and the plain-Python count of tiny problems (``burrtools_tiny``), which the general one
calls, so neither has to import the other's module for them."""

from __future__ import annotations

from dataclasses import dataclass

from solvers.packing.voxels import Voxel


@dataclass(frozen=True)
class Count:
    """BurrTools' figures for one problem: assemblies up to its symmetry and, when asked, how many of them come
    apart (``solutions``; None when not asked) and how many could not be decided within the state bound."""

    assemblies: int
    solutions: int | None = None
    undecided: int = 0
    representatives: tuple[tuple[tuple[int, tuple[Voxel, ...]], ...], ...] = ()  # (kind, cells) per piece


def check_stop(stop) -> None:
    """A set ``stop`` flag ends the count as an interruption (the CLI reports it and exits with 130)."""
    if stop is not None and stop.is_set():
        raise KeyboardInterrupt
