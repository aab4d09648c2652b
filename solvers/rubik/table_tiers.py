"""The optimal solver's table tiers: what each costs in memory and in build time, and whether this machine has it.

Kept free of the search's modules (numba kernels), so the GUI can offer the choice without loading them.

The standard tier (the split table, read for the cube and for its inverse) is the default everywhere. The large
tier reads the large table (`large_residues`: the corner comb where the split table has the corner split) for the
cube and its stand-alone bounds (`large_bounds`) for the inverse, for fewer nodes per solve and fewer reads per
node; it is the user's choice (`--tables large`, the GUI's table setting), made knowing the cost, and refused up
front when the machine lacks the free memory, rather than letting the system swap or kill the process halfway
through a build.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from solvers.engine import Metric, search_metric

MEMORY_MARGIN = 512 * 1024 * 1024  # left free for the rest of the process and the system


class TableTier(StrEnum):
    """Which optimal-solver tables a search reads (the values are what the CLI and the GUI setting store)."""

    STANDARD = "standard"
    LARGE = "large"


@dataclass(frozen=True)
class TierCost:
    """Resident bytes of the tier's tables (everything an HTM optimal solve loads), the minutes a first build
    takes on two cores (measured; the build runs once, then the tables load from the cache in seconds), and the
    extra bytes a build holds at its peak (the largest table's serialised copy while it is written)."""

    memory_bytes: int
    build_minutes: int
    build_extra_bytes: int


TIER_COST = {
    TableTier.STANDARD: TierCost(memory_bytes=1_462_000_000, build_minutes=2, build_extra_bytes=1_240_000_000),
    TableTier.LARGE: TierCost(memory_bytes=5_161_000_000, build_minutes=12, build_extra_bytes=2_470_000_000),
}


class NotEnoughMemory(ValueError):
    """The machine has too little free memory for the chosen tier: nothing was loaded or built."""


def tier_heuristic(tier: TableTier | str, metric: Metric | str) -> str | None:
    """The heuristic (`heuristics.Heuristic` value) a tier means for this metric; None: the metric's default.
    The large table holds HTM distances, so a QTM search keeps its own tables whatever the tier. (A string, so
    that the GUI can read tiers without importing the search kernels at start-up.)"""
    if TableTier(tier) is TableTier.LARGE and search_metric(metric) is Metric.HTM:
        return "large"
    return None


def gigabytes(count: int) -> str:
    return f"{count / 1e9:.1f} GB"


def describe(tier: TableTier | str) -> str:
    """One line a user reads before choosing: memory and first build time."""
    cost = TIER_COST[TableTier(tier)]
    return f"{gigabytes(cost.memory_bytes)} of memory; built once in about {cost.build_minutes} minutes"


def available_memory(meminfo: Path = Path("/proc/meminfo")) -> int | None:
    """Bytes this process can still take: the system's MemAvailable, or less when the process runs under a memory
    limit (``ulimit -v`` / ``-d``: RLIMIT_AS, RLIMIT_DATA); None where neither is known."""
    from solvers.memory import limit_headroom, system_available

    known = [value for value in (system_available(meminfo), limit_headroom()) if value is not None]
    return min(known) if known else None


def check_memory(
    tier: TableTier | str, loaded_bytes: int = 0, available: int | None = None, building: bool = False
) -> None:
    """Raise NotEnoughMemory when the tier's tables, less what this process has already loaded (plus a build's
    peak when the tables must be built first), do not fit in the available memory with a margin to spare;
    unknown available memory passes (the check cannot say)."""
    tier = TableTier(tier)
    cost = TIER_COST[tier]
    available = available_memory() if available is None else available
    need = max(0, cost.memory_bytes - loaded_bytes) + (cost.build_extra_bytes if building else 0)
    if available is None or need + MEMORY_MARGIN <= available:
        return
    doing = "building and holding" if building else "holding"
    raise NotEnoughMemory(
        f"the {tier.value} tables need {gigabytes(need)} more memory ({doing} them), and this process has "
        f"{gigabytes(available)} available (free memory, ulimit); use the standard tables"
    )
